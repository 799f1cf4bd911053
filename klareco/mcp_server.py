"""``klareco mcp``: Klareco as a tool for AI assistants, over the Model Context Protocol.

Four tools — ``ask``, ``search``, ``parse``, ``explain_word`` — and two resources: the works of
the corpus (``klareco://works``) and one passage by its citation id
(``klareco://passage/{doc_id}/{passage_id}``). Served with the official ``mcp`` SDK's low-level
server over stdio (the default) or streamable HTTP on a loopback port.

Why the low-level server: each tool's JSON schema is written here, from the click types the
CLI checks the same values with, and a malformed call is answered with the CLI's own one-line
message ("Missing argument 'question'.", "Invalid value for 'k': 0 is not in the range
1<=x<=1000.") where the SDK's decorated tools would answer with a multi-line validation dump.

The engine is loaded lazily, once, by the first call that needs it (``ask``, ``search``, the
resources): the server answers a client's handshake at once, ``parse`` and ``explain_word``
work without a build, and a missing build reaches the assistant as a tool error ("… run
`klareco build`") instead of a server that dies before the client can say why. Engine calls
run on the event loop's thread: they take milliseconds, and the store's SQLite connection
belongs to the thread that opened it.
"""

from __future__ import annotations

import json
import logging
import socket
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import click
from mcp import types
from mcp.server import Server
from mcp.shared.exceptions import MCPError

from klareco import __version__
from klareco.cli import cli
from klareco.engine import Engine, settle_for_many_answers
from klareco.errors import KlarecoError
from klareco.lexicon.roots import load_roots
from klareco.parse import parse
from klareco.parse.conllu import to_conllu
from klareco.parse.render import render_tree
from klareco.retrieval.search import DEFAULT_RETRIEVER

log = logging.getLogger("klareco.mcp")

WORKS_URI = "klareco://works"
PASSAGE_PREFIX = "klareco://passage/"
PASSAGE_TEMPLATE = PASSAGE_PREFIX + "{doc_id}/{passage_id}"
HTTP_PATH = "/mcp"

INSTRUCTIONS = (
    "Klareco answers questions written in Esperanto from a corpus of public-domain Esperanto "
    "literature, and parses Esperanto exactly. Its answers are extractive: a phrase copied "
    "from a corpus sentence, with the sentences that support it and their citations, or "
    "'Mi ne scias.' (I don't know) when no answer is certain enough. Quote its evidence "
    "rather than your own memory, and pass on an abstention honestly."
)


def passage_uri(doc_id: str, passage_id: str) -> str:
    """The resource URI of a cited passage (ids percent-encoded: ``GEN 4:8`` has a space)."""
    return f"{PASSAGE_PREFIX}{quote(doc_id, safe='')}/{quote(passage_id, safe='')}"


class KlarecoTools:
    """What the tools and resources do, without the protocol: each method takes checked
    arguments and returns a JSON-ready dict, or text. The engine is loaded on first use."""

    def __init__(self, home: Path | None = None, retriever: str = DEFAULT_RETRIEVER,
                 engine: Engine | None = None,
                 loaded: Callable[[], None] | None = None) -> None:
        self.home = home
        self.retriever = retriever
        self._loaded = loaded  # called after each engine loads (the server settles its heap)
        # one engine per collection asked about (None: the default corpus), each loaded once
        self._engines: dict[str | None, Engine] = {} if engine is None else {None: engine}

    @property
    def engine(self) -> Engine:
        """The engine over the default corpus."""
        return self.engine_for(None)

    def engine_for(self, collection: str | None) -> Engine:
        # A failed load is not kept: after `klareco build` the next call succeeds.
        if collection not in self._engines:
            self._engines[collection] = Engine.load(self.home, retriever=self.retriever,
                                                    collection=collection)
            if self._loaded is not None:
                self._loaded()
        return self._engines[collection]

    def close(self) -> None:
        for engine in self._engines.values():
            engine.close()

    def ask(self, question: str, collection: str | None = None) -> dict[str, Any]:
        """The answer (or abstention) with its cited evidence: ``klareco ask --json``'s form,
        each evidence item with the URI of its passage."""
        data = self.engine_for(collection).ask(question).to_dict()
        _link_passages(data["evidence"])
        return data

    def search(self, query: str, k: int, retriever: str,
               collection: str | None = None) -> dict[str, Any]:
        """The ``k`` best sentences for ``query``, each with the full citation ``ask`` gives."""
        engine = self.engine_for(collection)
        result = engine.searcher.search(query, k, retriever)
        hits = [item.to_dict() for item in engine.cite(result.hits, result.retriever)]
        _link_passages(hits)
        return {"query": result.query, "retriever": result.retriever,
                "keywords": [asdict(keyword) for keyword in result.keywords],
                "candidates": result.candidates, "message": result.message, "hits": hits}

    def parse(self, text: str, output_format: str) -> dict[str, Any] | str:
        """The text's analysis: the AST as a dict (``json``), or CoNLL-U or tree text."""
        sentence = parse(text)
        if output_format == "json":
            return sentence.to_dict()
        return to_conllu(sentence) if output_format == "conllu" else render_tree(sentence)

    def explain_word(self, word: str) -> dict[str, Any]:
        """One word's analysis (``klareco parse --format json``'s word form) with each root's
        dictionary entry: part of speech, semantic class, transitivity."""
        words = [w for w in parse(word).words if not w.is_punct]
        if len(words) != 1:
            raise KlarecoError(f"explain_word takes one word, and {word.strip()!r} has "
                               f"{len(words)}: parse a phrase or sentence with the parse tool")
        data = words[0].to_dict()
        for piece in [data, *data.get("parts", ())]:
            for morpheme in piece["morphemes"]:
                root = load_roots().get(morpheme["text"]) if morpheme["kind"] == "root" else None
                if root is not None:
                    morpheme["dictionary"] = {"pos": root.pos,
                                              "semantic_class": root.semantic_class,
                                              "transitive": root.transitive}
        data["segmentation"] = "-".join(m["text"] for m in data["morphemes"])
        for key in ("index", "start", "end"):  # positions in a sentence: none here
            data.pop(key, None)
        return data

    def works(self) -> list[dict[str, Any]]:
        """Every work of the built corpus: title, authors, translator, year, licence, source."""
        return [dict(document) for document in self.engine.documents.values()]

    def passage(self, doc_id: str, passage_id: str) -> dict[str, Any]:
        """One passage of a work by its citation ids, with the work's title and licence."""
        engine = self.engine
        found = engine.store.passage(doc_id, passage_id)
        document = engine.documents.get(doc_id)
        if found is None or document is None:
            raise KlarecoError(f"no passage {passage_id!r} in the work {doc_id!r}: passage ids "
                               "are the doc_id and offsets.passage_id of a citation")
        return {"uri": passage_uri(doc_id, passage_id), "title": document["title"],
                "authors": document["authors"],
                "headings": engine.store.section_heads(doc_id, found["section_id"]),
                **found, "license": document["license"], "source_url": document["source_url"]}


def _link_passages(items: list[dict[str, Any]]) -> None:
    for item in items:
        item["passage"] = passage_uri(item["doc_id"], item["offsets"]["passage_id"])


# --- the tools' arguments: checked with the CLI's own click types --------------------------

REQUIRED = object()


def _cli_param(command: str, name: str) -> click.Parameter:
    """A parameter of a ``klareco`` command: the one home of its type, range and default."""
    return next(p for p in cli.commands[command].params if p.name == name)


@dataclass(frozen=True)
class Argument:
    """One argument of a tool: its click type checks a value and gives the CLI's message."""

    name: str
    type: click.ParamType
    description: str
    default: Any = REQUIRED

    def schema(self) -> dict[str, Any]:
        found: dict[str, Any] = {"description": self.description}
        if isinstance(self.type, click.Choice):
            found.update(type="string", enum=list(self.type.choices))
        elif isinstance(self.type, click.IntRange):
            found["type"] = "integer"
            found.update({key: value for key, value in (("minimum", self.type.min),
                                                         ("maximum", self.type.max))
                          if value is not None})
        else:
            found["type"] = "string"
        if self.default is not REQUIRED and self.default is not None:
            found["default"] = self.default
        return found

    def convert(self, value: Any) -> Any:
        try:
            return self.type.convert(value, None, None)
        except click.BadParameter as error:
            error.param_hint = f"'{self.name}'"
            raise


def _cli_argument(command: str, name: str, description: str, required: bool = False,
                  default: Any = None) -> Argument:
    """An argument with the type (and, unless given, the default) of the CLI's parameter."""
    param = _cli_param(command, name)
    if required:
        return Argument(name, param.type, description)
    return Argument(name, param.type, description,
                    param.default if default is None else default)


@dataclass(frozen=True)
class ToolSpec:
    name: str
    title: str
    description: str
    arguments: tuple[Argument, ...]
    run: Callable[..., dict[str, Any] | list[Any] | str]

    def definition(self) -> types.Tool:
        return types.Tool(
            name=self.name, title=self.title, description=self.description,
            input_schema={
                "type": "object",
                "properties": {a.name: a.schema() for a in self.arguments},
                "required": [a.name for a in self.arguments if a.default is REQUIRED],
                "additionalProperties": False,
            },
            annotations=types.ToolAnnotations(read_only_hint=True, idempotent_hint=True,
                                              open_world_hint=False))

    def call(self, arguments: dict[str, Any]) -> dict[str, Any] | list[Any] | str:
        """Check the arguments (the CLI's messages on a bad one), then run the tool."""
        known = {a.name for a in self.arguments}
        for name in arguments:
            if name not in known:
                raise click.NoSuchOption(name, possibilities=sorted(known))
        values = {}
        for argument in self.arguments:
            value = arguments.get(argument.name)
            if value is None:
                if argument.default is REQUIRED:
                    raise click.MissingParameter(param_hint=f"'{argument.name}'",
                                                 param_type="argument")
                value = argument.default
            # an optional argument left out with no default (a collection) stays None
            values[argument.name] = None if value is None else argument.convert(value)
        return self.run(**values)


ASK = """\
Answer a factual question written in Esperanto from Klareco's corpus of public-domain \
Esperanto literature (Zamenhof's works, the Bible, plays, novels and stories; the \
klareco://works resource lists them). Use it when the user asks what these works say — who \
someone is, who did what to whom, where, when, how many, why, yes or no — or whenever you \
need a grounded Esperanto source instead of your own memory. Ask in Esperanto, with a \
question word: kiu, kio, kiun, kion, kie, kiam, kiom, kial, kiel, ĉu …; x-system spelling \
(cx, sx) is understood.

The answer is extractive: `answer` is a phrase copied from a corpus sentence, never \
generated. `evidence` lists up to 5 corpus sentences, the one the answer stands in first \
(`answer_evidence` 0, `answer_offsets` its place in the passage); each carries its full \
citation: `label` (e.g. "Hamleto, Akto 1, Sceno 3"), `title`, `doc_id`, `snippet_id` (the \
sentence id), `offsets` (start, end and passage_id in the stored passage), `license`, \
`source_url`, the scores, and `passage`, a klareco://passage/… resource with the whole \
passage. `confidence` (0–1) is the answer ranker's probability that the answer is right. \
When no answer is certain enough the engine abstains: `abstained` is true, `answer` is \
"Mi ne scias." (I don't know) and `message` says why; tell the user so rather than guess."""

SEARCH = """\
Find the corpus sentences that best match a query — Esperanto words, names or a question — \
ranked, each with the same full citation as ask's evidence (`label`, `title`, `doc_id`, \
`snippet_id`, `offsets`, `license`, `source_url`, `passage` resource) and its scores \
(`score_final`, `score_lexical` BM25, `score_dense` cosine). Use it to find quotations, to \
see where a name or word occurs, or to gather more evidence than ask shows. Nothing is \
generated: every hit is a sentence of the corpus as stored. Words match by root (hundo, \
hundon and hundoj alike). `keywords` are the terms searched for; `message` says why \
nothing was found, when nothing was."""

PARSE = """\
Parse Esperanto text with Klareco's deterministic grammar (a Lark grammar and a dictionary \
of roots, no statistical guessing). Every word is split into morphemes (prefixes, roots, \
suffixes, ending, plural j, accusative n) with its part of speech (UD UPOS), lemma and \
features (case, number, tense, mood); each clause gets its roles from case marking and \
prepositions, not word order: subject, verb, object, predicate, indirect_object, adjuncts. \
For a question, `question` gives the question word and the role it asks for. Use it to \
check a sentence's grammar or to see who does what to whom. Words missing from the \
dictionary are still analysed and marked `known: false`; a capitalised one is read as a \
name. The text is read as one unit: a text of several sentences gives one analysis whose \
`clauses` follow one another."""

EXPLAIN_WORD = """\
Explain how one Esperanto word is built: its morphemes in order (`segmentation`, e.g. \
mal-san-ul-ej-o), each with its kind (prefix, root, suffix, participle, ending, plural, \
accusative, correlative parts …), and for each root its dictionary entry (`dictionary`: part \
of speech, semantic class such as PERSONO, URBO, LANDO or MAMULO, transitivity); then the \
word's part of speech (UD UPOS), lemma, features (case, number, tense, mood …) and whether \
every morpheme is known. Use it when a word's formation or meaning class matters."""


COLLECTION = Argument(
    "collection", _cli_param("ask", "collection").type,
    "A collection of one's own texts built with `klareco build --source PATH --name NAME`; "
    "left out: the default corpus.", None)


def tool_specs(tools: KlarecoTools) -> tuple[ToolSpec, ...]:
    """The four tools, bound to ``tools``."""
    return (
        ToolSpec("ask", "Ask the Esperanto corpus", ASK, (
            _cli_argument("ask", "question", "The question, in Esperanto "
                          "(e.g. \"Kiu estas Ofelio?\").", required=True),
            COLLECTION,
        ), tools.ask),
        ToolSpec("search", "Search the Esperanto corpus", SEARCH, (
            _cli_argument("search", "query", "Esperanto words, names or a question.",
                          required=True),
            _cli_argument("search", "k", "How many sentences to return."),
            _cli_argument("search", "retriever", "hybrid: BM25 over word roots, its top 100 "
                          "reranked by a Tree-LSTM sentence encoder (the default); bm25: "
                          "lexical only, for exact words and names; dense: the encoder over "
                          "the whole corpus, for a paraphrase that shares no word."),
            COLLECTION,
        ), tools.search),
        ToolSpec("parse", "Parse Esperanto", PARSE, (
            _cli_argument("parse", "text", "Esperanto text: a sentence, a question or a "
                          "short passage.", required=True),
            Argument("format", _cli_param("parse", "output_format").type,
                     "json: the AST (the default); conllu: Universal Dependencies CoNLL-U; "
                     "tree: a readable tree with one line per word.", "json"),
        ), lambda text, format: tools.parse(text, format)),
        ToolSpec("explain_word", "Explain an Esperanto word", EXPLAIN_WORD, (
            Argument("word", click.STRING, "One Esperanto word (e.g. \"malsanulejo\")."),
        ), tools.explain_word),
    )


# --- the protocol ----------------------------------------------------------------------------

def error_line(error: Exception) -> str:
    """The one line the CLI prints for an error (``klareco.cli.main``), for a tool result."""
    message = error.format_message() if isinstance(error, click.ClickException) else str(error)
    return f"error: {message}"


def _result(output: dict[str, Any] | list[Any] | str) -> types.CallToolResult:
    if isinstance(output, str):
        return types.CallToolResult(content=[types.TextContent(text=output)])
    text = json.dumps(output, ensure_ascii=False)
    return types.CallToolResult(content=[types.TextContent(text=text)],
                                structured_content=output)


def _failure(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=text)], is_error=True)


def call_tool(specs: dict[str, ToolSpec], name: str,
              arguments: dict[str, Any] | None) -> types.CallToolResult:
    """Run one tool call: its output, or a tool error of one line. No traceback leaves: an
    unexpected failure is logged on the server's stderr and named in one line."""
    spec = specs.get(name)
    if spec is None:
        return _failure(f"error: no tool {name!r} (tools: {', '.join(specs)})")
    try:
        return _result(spec.call(arguments or {}))
    except (KlarecoError, click.ClickException) as error:
        return _failure(error_line(error))
    except Exception as error:  # a bug: the client gets one line, the log the traceback
        log.exception("tool %s failed", name)
        return _failure(f"error: the {name} tool failed unexpectedly "
                        f"({type(error).__name__}); the server's log has the details")


def read_resource(tools: KlarecoTools, uri: str) -> str:
    """A resource's JSON text; ``MCPError`` (one line) for an unknown URI or passage."""
    try:
        if uri == WORKS_URI:
            return json.dumps(tools.works(), ensure_ascii=False)
        if uri.startswith(PASSAGE_PREFIX) and uri.count("/") == 4:
            doc_id, passage_id = (unquote(part) for part in
                                  uri.removeprefix(PASSAGE_PREFIX).split("/"))
            return json.dumps(tools.passage(doc_id, passage_id), ensure_ascii=False)
    except KlarecoError as error:
        raise MCPError(types.INVALID_PARAMS, error_line(error)) from None
    raise MCPError(types.INVALID_PARAMS, f"error: no resource {uri!r} (resources: {WORKS_URI}, "
                   f"{PASSAGE_TEMPLATE})")


def build_server(tools: KlarecoTools) -> Server:
    """The MCP server: its tools and resources, answered by ``tools``."""
    specs = {spec.name: spec for spec in tool_specs(tools)}

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[spec.definition() for spec in specs.values()])

    async def on_call_tool(ctx: Any, params: types.CallToolRequestParams
                           ) -> types.CallToolResult:
        return call_tool(specs, params.name, params.arguments)

    async def list_resources(ctx: Any, params: Any) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=[types.Resource(
            uri=WORKS_URI, name="works", title="The works of the corpus",
            description="Every work Klareco answers from: doc_id, title, authors, translator, "
            "year, license and source_url.", mime_type="application/json")])

    async def list_templates(ctx: Any, params: Any) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=[types.ResourceTemplate(
            uri_template=PASSAGE_TEMPLATE, name="passage", title="A cited passage",
            description="The whole passage a citation points into (doc_id and "
            "offsets.passage_id of an evidence item, percent-encoded; every evidence item "
            "gives this URI as `passage`): its text, speaker, headings, work and licence.",
            mime_type="application/json")])

    async def on_read_resource(ctx: Any, params: types.ReadResourceRequestParams
                               ) -> types.ReadResourceResult:
        text = read_resource(tools, str(params.uri))
        return types.ReadResourceResult(contents=[types.TextResourceContents(
            uri=str(params.uri), mime_type="application/json", text=text)])

    return Server("klareco", version=__version__, title="Klareco",
                  instructions=INSTRUCTIONS, on_list_tools=list_tools,
                  on_call_tool=on_call_tool, on_list_resources=list_resources,
                  on_list_resource_templates=list_templates,
                  on_read_resource=on_read_resource)


def serve(http_port: int | None = None, host: str = "127.0.0.1",
          home: Path | None = None) -> None:
    """Serve until the client leaves (stdio) or the process is interrupted (HTTP)."""
    import anyio

    tools = KlarecoTools(home, loaded=settle_for_many_answers)
    server = build_server(tools)
    try:
        if http_port is None:
            if sys.stdin.isatty():  # started by hand: say what it waits for
                click.echo("klareco mcp: serving the Model Context Protocol on stdin and "
                           "stdout, for an MCP client to start (see the README)", err=True)
            anyio.run(_serve_stdio, server)
        else:
            _serve_http(server, host, http_port)
    finally:
        tools.close()


async def _serve_stdio(server: Server) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def _serve_http(server: Server, host: str, port: int) -> None:
    import uvicorn

    # Bound here, so a port in use is one line ("error: …") and --http 0 picks a free port.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # TCP named, as asyncio turns Nagle's algorithm off only then (klareco.serving.http.listen)
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise KlarecoError(f"cannot serve on {host} port {port} ({error.strerror}): choose "
                           "another port with --http PORT") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    click.echo(f"klareco mcp: streamable HTTP at http://{shown}:{bound}{HTTP_PATH}", err=True)
    app = server.streamable_http_app(streamable_http_path=HTTP_PATH, host=host)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
