"""The ``klareco`` command.

Every error reaches the user as one line on stderr and a non-zero exit code, never a
traceback: ``main()`` turns the project's own errors, OS errors and click's usage errors into
that line (``klareco.errors.user_message``). Text from a person goes through
``klareco.text``: it must be UTF-8, control characters are dropped, and empty text is an error
(exit 2) for every command.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from klareco import __version__
from klareco.errors import (
    EmptyInputError,
    InputError,
    KlarecoError,
    one_line,
    user_message,
)
from klareco.parse import parse, parse_tokens
from klareco.parse.ast import Sentence
from klareco.parse.conllu import ConlluSentence, read_conllu, to_conllu
from klareco.parse.render import render_tree
from klareco.text import argument_text, decode_input, printable, require_text


def _read_input(text: str | None, name: str = "TEXT") -> str:
    """The argument ``name``, else all of stdin: UTF-8, without control characters."""
    if text is not None:
        return printable(argument_text(text, name))
    if sys.stdin.isatty():
        raise click.UsageError(f"give {name}, or pipe text on stdin")
    return printable(decode_input(sys.stdin.buffer.read(), "stdin"))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="klareco")
def cli() -> None:
    """Klareco: questions and answers over Esperanto literature."""


@cli.command("parse")
@click.argument("text", required=False)
@click.option("--format", "output_format", type=click.Choice(["tree", "json", "conllu"]),
              default="tree", show_default=True, help="Output format.")
@click.option("--input", "input_format", type=click.Choice(["text", "conllu"]), default="text",
              show_default=True,
              help="text: one sentence per line; conllu: pre-tokenised CoNLL-U sentences.")
def parse_command(text: str | None, output_format: str, input_format: str) -> None:
    """Parse Esperanto sentences into morphological and syntactic analyses.

    Reads TEXT, or stdin when TEXT is absent (one sentence per line).
    """
    raw = _read_input(text)
    parsed: list[tuple[Sentence, ConlluSentence | None]] = []
    if input_format == "conllu":
        for block in read_conllu(raw.splitlines()):
            sentence = parse_tokens([t.form for t in block.tokens],
                                    [t.space_after for t in block.tokens])
            parsed.append((sentence, block))
    else:
        lines = [line for line in raw.splitlines() if line.strip()]
        parsed = [(parse(line), None) for line in lines]
    if not parsed:
        raise EmptyInputError("nothing to parse: the input is empty")
    out = sys.stdout
    if output_format == "json":
        dicts = [s.to_dict() for s, _ in parsed]
        out.write(json.dumps(dicts[0] if len(dicts) == 1 else dicts, ensure_ascii=False,
                             indent=2) + "\n")
    elif output_format == "conllu":
        for number, (sentence, block) in enumerate(parsed, start=1):
            out.write(to_conllu(sentence, str(number), block))
    else:
        out.write("\n\n".join(render_tree(s) for s, _ in parsed) + "\n")


@cli.command("eval-parser")
@click.option("--gold", "gold_path", required=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A UD CoNLL-U treebank.")
@click.option("--conventions", type=click.Choice(["auto", "ud", "etb"]), default="auto",
              show_default=True,
              help="The gold's conventions: official UD, or the ETB treebank's (stem lemmas); "
              "auto tells them apart by the nouns' lemmas.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def eval_parser_command(gold_path: Path, conventions: str, as_json: bool) -> None:
    """Score the parser against a CoNLL-U gold, with gold tokenization: the CoNLL 2018
    metrics (UPOS, UFeats, Lemmas, UAS, LAS, CLAS, by udtools' evaluator) and nsubj and obj
    F1."""
    from klareco.parse.evaluation import METRICS, evaluate_parser

    report = evaluate_parser(gold_path, conventions).report()
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
        return
    click.echo(f"{report['sentences']} sentences, {report['tokens']} tokens, "
               f"{report['conventions']} conventions "
               f"({report['role_sentences']} sentences with relations)")
    click.echo("  " + "  ".join(f"{name} {report[name]:.4f}" if report[name] is not None
                                else f"{name} -" for name in METRICS))
    for rel in ("nsubj", "obj"):
        r = report[rel]
        click.echo(f"  {rel:6} P {r['precision']:.4f}  R {r['recall']:.4f}  F1 {r['f1']:.4f}"
                   f"  (gold {r['gold']}, predicted {r['predicted']})")
    confusions = report["confusions"]
    click.echo("\nConfusions that cost most:")
    for item in confusions["upos"][:5]:
        click.echo(f"  UPOS  {item['gold']} → {item['predicted']}: {item['count']}")
    for item in confusions["feats"][:5]:
        click.echo(f"  FEATS {item['upos']} {item['gold']} → {item['predicted']}: "
                   f"{item['count']}")
    for item in confusions["lemma"][:5]:
        click.echo(f"  LEMMA {item['form']}: {item['gold']} → {item['predicted']}: "
                   f"{item['count']}")
    for item in confusions["relations"][:5]:
        click.echo(f"  DEPREL {item['gold']} → {item['predicted']}: {item['count']}")


def _mirror_option(help_text: str):  # type: ignore[no-untyped-def]
    return click.option(
        "--mirror", type=click.Path(file_okay=False, path_type=Path), default=None,
        help=help_text + " Default: ../shared/corpus beside the checkout if present, "
        "else download from upstream.")


def _default_mirror(mirror: Path | None) -> Path | None:
    from klareco.config import default_mirror

    return mirror if mirror is not None else default_mirror()


@cli.group("corpus")
def corpus_group() -> None:
    """Get the corpus sources and look at the built corpus."""


@corpus_group.command("fetch")
@_mirror_option("Copy the sources from this local mirror instead of downloading them.")
def corpus_fetch_command(mirror: Path | None) -> None:
    """Download (or copy) every corpus source and verify its sha256."""
    from klareco.artifacts import sources_dir
    from klareco.corpus.fetch import fetch

    report = fetch(sources_dir(), _default_mirror(mirror))
    click.echo(f"{len(report.fetched)} fetched, {len(report.skipped)} already present and "
               f"verified, in {report.dest_dir}")


@corpus_group.command("stats")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def corpus_stats_command(as_json: bool) -> None:
    """Documents, sentences, tokens and the share of words the lexicon knows."""
    from klareco.artifacts import store_path
    from klareco.corpus.store import Store

    with Store(store_path()) as store:
        stats = store.stats()
    if as_json:
        click.echo(json.dumps(stats, ensure_ascii=False, indent=2))
        return
    click.echo(f"documents  {stats['documents']:>10,}")
    click.echo(f"sentences  {stats['sentences']:>10,}")
    click.echo(f"tokens     {stats['tokens']:>10,}  (words, without punctuation)")
    click.echo(f"known      {stats['known_token_rate']:>10.2%}  of {stats['counted_tokens']:,} "
               "words that are not names or numbers have every morpheme in the lexicon")
    click.echo("most frequent unknown words:")
    for item in stats["top_unknown"][:20]:
        click.echo(f"  {item['count']:>6}  {item['word']}")


@cli.command("build")
@_mirror_option("Copy the sources from this local mirror.")
@click.option("--force", is_flag=True, help="Rebuild even when the inputs are unchanged.")
@click.option("--source", "sources", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="Build a collection of your own texts from this file or folder (repeat "
              "for more): .txt, .md, .xml (TEI), .usfm, .jsonl (id, title, text).")
@click.option("--name", default=None, help="The collection's name (default: the first "
              "source's name); without --source, rebuild it from the sources it was built from.")
@click.option("--dask", "dask", is_flag=False, flag_value="local", default=None,
              metavar="[SCHEDULER]", help="Parse and encode in partitions on a Dask cluster: "
              "a scheduler's address, or a local cluster when none is given.")
def build_command(mirror: Path | None, force: bool, sources: tuple[Path, ...],
                  name: str | None, dask: str | None) -> None:
    """Build everything the corpus side needs: fetch, read, split, parse, store, BM25 index,
    Tree-LSTM vectors and their FAISS index; with --source or --name, the same for a
    collection of your own texts."""
    if sources or name:
        from klareco.build import build_collection

        name = name or sources[0].stem
        report = build_collection(name, list(sources), force=force, dask=dask)
    else:
        report = _build(mirror, force, dask)
    corpus, dense = report.corpus, report.dense
    state = "already up to date" if corpus.up_to_date else "built"
    parsed = "" if corpus.up_to_date else (f", {corpus.parsed:,} parsed, {corpus.reused:,} "
                                           "reused unchanged")
    click.echo(f"{state}: {corpus.documents} documents, {corpus.sentences:,} sentences"
               f"{parsed} in {corpus.store} ({corpus.seconds:.1f} s)")
    state = "already up to date" if dense.up_to_date else "built"
    click.echo(f"{state}: dense index of {dense.sentences:,} sentences ({dense.model_id}) in "
               f"{dense.path} ({dense.seconds:.1f} s)")


def _build(mirror: Path | None, force: bool = False,
           dask: str | None = None):  # type: ignore[no-untyped-def]
    from klareco.build import build_all

    return build_all(mirror=_default_mirror(mirror), force=force, dask=dask)


_collection_option = click.option(
    "--collection", default=None, metavar="NAME",
    help="A collection built with `klareco build --source … --name NAME` (default: the "
    "default corpus).")


@cli.command("train")
@click.option("--seed", type=int, default=None, help="Random seed (default: the model card's).")
@click.option("--pairs", type=click.IntRange(256), default=None,
              help="Training questions to generate from the corpus.")
@click.option("--epochs", type=click.IntRange(1), default=None)
@click.option("--dev", "dev_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="Gold questions that choose the best epoch and the fusion rule "
              "instead of the default: questions generated from the tuning documents.")
@click.option("--tree", type=click.Choice(["ast", "balanced"]), default="ast",
              show_default=True,
              help="ast: the tree of the sentence's AST; balanced: its words as a balanced "
              "binary tree in word order (the trivial-tree baseline).")
@click.option("--root-init", type=click.Choice(["random", "cooccurrence"]), default=None,
              help="Where the root embeddings start: random, or the corpus's co-occurrence "
              "vectors (default: random).")
@click.option("--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write the model (default: models/tree_lstm.pt).")
@click.option("--fusion-only", is_flag=True,
              help="Do not train: choose the fusion rule of the model at --output (default: "
              "the shipped one) again on the same questions, and record it in the model.")
def train_command(seed: int | None, pairs: int | None, epochs: int | None,
                  dev_path: Path | None, tree: str, root_init: str | None,
                  output: Path | None, fusion_only: bool) -> None:
    """Train the Tree-LSTM encoder on the built corpus (CPU, seeded), then rebuild the dense
    index with `klareco build`."""
    from klareco.artifacts import nothing_built
    from klareco.build import build_store
    from klareco.models.encoder import default_model_path
    from klareco.training.card import write_card
    from klareco.training.encoder import TrainConfig, rechoose_fusion, train

    if nothing_built():
        _prepare_home()
        click.echo("The corpus is not built yet; building it now.", err=True)
        build_store(mirror=_default_mirror(None))
    defaults = TrainConfig()
    output = output or default_model_path()
    if fusion_only and seed is None:  # the questions the model's own rule was chosen on
        from klareco.models.encoder import Encoder

        seed = Encoder.load(output).metadata.get("train", {}).get("config", {}).get("seed")
    config = TrainConfig(seed=defaults.seed if seed is None else seed,
                         pairs=pairs or defaults.pairs, epochs=epochs or defaults.epochs,
                         tree=tree, root_init=root_init or defaults.root_init)
    if dev_path is not None:
        from klareco.evaluation import load_gold

        items = load_gold(dev_path)
        chosen_on = f"`{dev_path.name}`"
    else:
        items = _tuning_questions(config.seed)
        chosen_on = (f"{len(items):,} questions generated from the tuning documents "
                     "(`klareco/training/split.py`)")
    if fusion_only:
        report = rechoose_fusion(output, items)
        write_card(output, report, chosen_on)
        click.echo(f"fusion rule of {output}: {report.fusion}; run `klareco build` to "
                   "re-index the corpus under the model's new id")
        return
    report = train(config=config, choice_items=items, output=output,
                   progress=sys.stderr.isatty(), log=lambda line: click.echo(line, err=True))
    write_card(output, report, chosen_on)
    click.echo(f"trained in {report.seconds:.0f} s: {output} (best epoch {report.best_epoch}); "
               f"run `klareco build` to re-encode the corpus")


CHOICE_QUESTIONS = 1500  # generated questions that choose the encoder's epoch and fusion rule


def _tuning_questions(seed: int) -> list[dict]:
    """Questions generated from the tuning documents, none holding a dev set's evidence."""
    from klareco.artifacts import store_path
    from klareco.corpus.store import Store
    from klareco.evaluation import evidence_texts
    from klareco.training.heldout import generated_gold
    from klareco.training.split import tuning_documents

    with Store(store_path()) as store:
        documents = tuning_documents(store.documents())
        return generated_gold(store, documents, CHOICE_QUESTIONS, seed, evidence_texts())


def _prepare_home() -> None:
    from klareco.config import data_home, prepare_home

    prepare_home(data_home())


@cli.command("search")
@click.argument("query")
@click.option("--retriever", type=click.Choice(["hybrid", "bm25", "dense"]), default="hybrid",
              show_default=True, help="hybrid: BM25 top 100 reranked by the Tree-LSTM; bm25: "
              "stage 1 only; dense: Tree-LSTM over the whole corpus.")
@click.option("-k", "k", type=click.IntRange(1, 1000), default=10, show_default=True,
              help="How many sentences to show.")
@click.option("--json", "as_json", is_flag=True, help="Print the hits as JSON.")
@_collection_option
def search_command(query: str, retriever: str, k: int, as_json: bool,
                   collection: str | None) -> None:
    """Rank corpus sentences for QUERY, with citations; matched words are highlighted."""
    from klareco.retrieval.search import Searcher

    query = require_text(argument_text(query, "QUERY"), "the query")
    searcher = Searcher.load(retriever=retriever, collection=collection)
    result = searcher.search(query, k, retriever)
    if as_json:
        click.echo(_dumps(result.to_dict(retriever)))
        return
    if not result.hits:
        click.echo(result.message or "nothing found")
        return
    terms = {kw.term for kw in result.keywords}
    click.echo(f"keywords: {', '.join(kw.text for kw in result.keywords)} "
               f"({result.candidates:,} matching sentences)")
    if result.retriever == "dense" and retriever != "dense":
        click.echo("(no keyword matched: nearest sentences by the Tree-LSTM)")
    for hit in result.hits:
        click.echo(f"{hit.rank:>3}. {hit.score:6.3f}  {hit.citation}")
        click.echo(f"     {_highlight(hit.text, terms)}")


def _highlight(text: str, terms: set[str]) -> str:
    """The text with the words that matched a keyword in bold."""
    from klareco.retrieval.search import matched_spans

    pieces: list[str] = []
    position = 0
    for start, end in matched_spans(parse(text), terms):
        pieces.append(text[position:start])
        pieces.append(click.style(text[start:end], bold=True, fg="yellow"))
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


@cli.command("mcp")
@click.option("--http", "http_port", type=click.IntRange(0, 65535), default=None,
              metavar="PORT", help="Serve streamable HTTP at http://HOST:PORT/mcp instead of "
              "stdio (0: a free port, printed on stderr).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address --http listens on.")
def mcp_command(http_port: int | None, host: str) -> None:
    """Serve the tools ask, search, parse and explain_word to AI assistants over the Model
    Context Protocol (stdio by default). The engine loads on the first call that needs it."""
    from klareco.mcp_server import serve

    serve(http_port, host)


def _dumps(data: object, indent: int | None = 2) -> str:
    """Strict JSON: a NaN or an infinity, which JSON has no words for, is an error (the
    engine's own checks name the damaged file first); ``indent=None`` gives one line."""
    try:
        return json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False)
    except ValueError as error:
        raise KlarecoError(f"a non-finite number would reach the JSON output ({error}): "
                           "the build is damaged; run `klareco build`") from None


@cli.command("eval")
@click.option("--gold", "gold_paths", required=True, multiple=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Questions with answers and evidence, JSONL (see ../shared/eval/README.md); "
              "given more than once, their union is scored.")
@click.option("--retriever", type=click.Choice(["hybrid", "bm25", "dense"]), default="hybrid",
              show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def eval_command(gold_paths: tuple[Path, ...], retriever: str, as_json: bool) -> None:
    """Retrieval and answer quality on a gold question set (the judging rules of
    ../shared/eval/README.md); latency is that of the whole `ask`."""
    from klareco.engine import Engine, settle_for_many_answers
    from klareco.evaluation import format_table, load_gold

    items = [item for path in gold_paths for item in load_gold(path)]  # bad input: no load
    engine = Engine.load(retriever=retriever)
    settle_for_many_answers()
    report = engine.evaluate(items)
    report.pop("per_item", None)
    report["retriever"] = retriever
    if as_json:
        click.echo(_dumps(report))
    else:
        click.echo(format_table(report))


@cli.command("ask")
@click.argument("question", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option("--retriever", type=click.Choice(["hybrid", "bm25", "dense"]), default="hybrid",
              show_default=True, help="How the evidence is ranked.")
@_collection_option
def ask_command(question: str | None, as_json: bool, retriever: str,
                collection: str | None) -> None:
    """Answer QUESTION from the corpus, with cited evidence. Without QUESTION: the questions on
    stdin, one per line (with --json, one JSON object per line); at a terminal, a prompt with
    line editing and history (Ctrl-C cancels a line, Ctrl-D leaves). Builds what is missing
    of the default corpus first."""
    from klareco.engine import Engine, settle_for_many_answers

    if question is not None:  # checked before anything is loaded or built
        question = require_text(argument_text(question, "QUESTION"), "the question")
    if collection is not None:  # a collection is built from its sources, never by `ask`
        engine = Engine.load(retriever=retriever, collection=collection)
    else:
        def build_missing(reason: str) -> None:
            _prepare_home()  # a home that cannot be written: one line, before anything else
            click.echo(f"{reason[:1].upper()}{reason[1:]}: building it now.", err=True)
            _build(None)

        engine = Engine.load_or_build(build_missing, retriever=retriever)
    if question is not None:
        _show_response(engine.ask(question), as_json)
        return
    settle_for_many_answers()  # questions from stdin or typed, one after another
    if not sys.stdin.isatty():
        asked = 0
        for number, raw in enumerate(sys.stdin.buffer, start=1):
            line = printable(decode_input(raw, f"stdin, line {number}")).strip()
            if line:
                _show_response(engine.ask(line), as_json, lines=True)
                asked += 1
        if not asked:
            raise EmptyInputError("no question on stdin: the input is empty")
        return
    from klareco.interactive import typed_questions

    for typed in typed_questions():
        try:
            _show_response(engine.ask(argument_text(typed, "the line")), as_json)
        except KeyboardInterrupt:  # Ctrl-C while answering drops that question only
            click.echo("(cancelled)", err=True)
        except InputError as error:  # say so and keep asking
            click.echo(f"error: {one_line(str(error))}", err=True)


def _show_response(response, as_json: bool,  # type: ignore[no-untyped-def]
                   lines: bool = False) -> None:
    if as_json:  # ``lines``: JSON Lines, one object per question
        click.echo(_dumps(response.to_dict(), None if lines else 2))
        return
    click.echo(click.style(response.text, bold=True))
    if response.abstained:
        if response.message:
            click.echo(f"  ({response.message})")
    else:
        click.echo(f"  (confidence {response.confidence:.2f}, {response.expert} expert)")
    if response.evidence:
        click.echo("evidence:" if not response.abstained else "best evidence:")
    for n, item in enumerate(response.evidence[:3]):
        marker = "→" if n == response.answer_evidence else " "
        click.echo(f" {marker} {item.label}  [{item.citation.snippet_id}]")
        click.echo(f"     {item.text}")


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on: loopback by default; 0.0.0.0 opens it to the network.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port; the address is printed).")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Answering processes sharing the engine, loaded once, fed by one HTTP "
                   "process [default: one per core, at most 4].")
@_collection_option
def serve_command(host: str, port: int, workers: int | None, collection: str | None) -> None:
    """Serve the web page at / and the JSON API: /api/ask?q=, /api/search?q=&k=&retriever=,
    /api/parse?q=&format=json|conllu, /api/health. Builds what is missing first (the API
    answers 503 meanwhile, from one process); Ctrl-C stops."""
    from klareco.serving.http import default_workers, serve

    serve(host, port, collection, default_workers() if workers is None else workers)


@cli.command("doctor")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@_collection_option
def doctor_command(as_json: bool, collection: str | None) -> None:
    """Verify the build fully: every file against its checksum, the store's pages and index
    blobs, every stored vector, the model files. Exit 1 when anything is wrong."""
    from klareco.artifacts import collection_home
    from klareco.doctor import examine

    home = collection_home(collection)
    findings = examine(home)
    if as_json:
        click.echo(json.dumps({"home": str(home), "ok": all(f.ok for f in findings),
                               "checks": [f.to_dict() for f in findings]},
                              ensure_ascii=False, indent=2))
    else:
        for finding in findings:
            state = "ok     " if finding.ok else "PROBLEM"
            click.echo(f"{state}  {finding.name}: {one_line(finding.detail)}")
    problems = [f.name for f in findings if not f.ok]
    if problems:
        raise KlarecoError(f"{len(problems)} of {len(findings)} checks failed in {home}"
                           f" ({', '.join(problems)}): the lines above say what is wrong and "
                           "the fix")


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``klareco`` console command."""
    try:
        code = cli.main(args=argv, prog_name="klareco", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("error: aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        hint = "" if isinstance(exc, click.UsageError) is False else " (see --help)"
        click.echo(f"error: {one_line(exc.format_message())}{hint}", err=True)
        sys.exit(exc.exit_code or 2)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except (KlarecoError, OSError) as exc:
        line, exit_code = user_message(exc) or (one_line(str(exc)), 1)
        click.echo(f"error: {line}", err=True)
        sys.exit(exit_code)
    except KeyboardInterrupt:
        click.echo("error: interrupted", err=True)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


def console() -> None:
    """The console script: ``main()``, then a fast exit.

    Tearing down torch and torch-geometric at interpreter exit takes ~0.7 s after ``build``
    or ``train`` (answering imports neither). Every file is closed when a command returns, so
    once the output is flushed the process can end at once.
    """
    code = 0
    try:
        main()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        if isinstance(done.code, str):
            print(done.code, file=sys.stderr)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = code or 1
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    console()
