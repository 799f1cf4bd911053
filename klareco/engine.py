"""The engine: load once, then ``ask(question)`` → answer, confidence, cited evidence, trace.

    from klareco import Engine
    engine = Engine.load()
    response = engine.ask("Kiu estas Ofelio?")
    print(response.text, response.evidence[0].citation)

Stages: parse the question, search (stage 1 + stage 2, ``klareco.retrieval.search``), read the
top evidence's stored ASTs, route through the expert registry (``klareco.experts``), and
abstain ("Mi ne scias.") when no expert is confident enough. Every evidence item carries a
full citation payload (``Citation``); ``Response.to_dict()`` is the ``klareco ask --json`` form.
"""

from __future__ import annotations

import gc
import math
import sqlite3
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from klareco.artifacts import analyzer_fingerprint, collection_home, nothing_built, store_path
from klareco.corpus.store import Store, StoredSentence
from klareco.errors import BUILD_FIX, DamagedError, KlarecoError
from klareco.evaluation import evaluate
from klareco.evaluation.judging import ABSTAIN_TEXT  # one home: the judging rules
from klareco.experts.base import Answer, Evidence
from klareco.experts.factoid import EVIDENCE_DEPTH, RANKER_PATH, answer_threshold
from klareco.experts.registry import Registry, default_registry
from klareco.models.files import RESTORE
from klareco.parse.ast import Sentence
from klareco.retrieval.keywords import context_terms
from klareco.retrieval.search import DEFAULT_RETRIEVER, Hit, Searcher, SearchResult, matched_spans
from klareco.text import require_text

SEARCH_DEPTH = 100
CONTEXT_BEFORE = 2  # sentences before an evidence sentence whose names it may refer to
SHOWN_EVIDENCE = 5  # evidence sentences a response shows (the experts read EVIDENCE_DEPTH)
# The collector's thresholds in a process that answers many questions: an answer makes some
# ten thousand short-lived objects, all freed by their reference counts (none in a cycle), so
# the default collection every 700 allocations is pure cost.
MANY_ANSWERS_GC_THRESHOLD = (10_000, 10, 10)


def settle_for_many_answers() -> None:
    """Ready this process to answer many questions with the engine it has loaded: the loaded
    objects go to the collector's permanent generation, which its collections never walk, and
    it collects every 10,000 allocations. A warm ``Engine.ask``: median 5 %, mean 8 % less
    (docs/measurements.md, stop 50). Not worth its collection for a one-shot question."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*MANY_ANSWERS_GC_THRESHOLD)


@dataclass(frozen=True)
class Citation:
    """Where an evidence sentence stands, and what produced the ranking that shows it."""

    doc_id: str
    section_id: str
    snippet_id: str  # the sentence id
    source_url: str
    offsets: dict[str, Any]  # start, end (characters of the passage text), unit
    license: str
    index_hash: str  # the store's build fingerprint
    model: str | None  # the encoder id (None for the bm25 retriever)
    analyzer: str  # grammar + lexicon + parser fingerprint the store was built with
    rev: str  # sha256 of the source file
    score_lexical: float | None
    score_dense: float | None
    score_final: float
    k_pos: int | None  # rank after stage 1
    k_final: int  # rank after the rerank


CITATION_FIELDS = tuple(f.name for f in fields(Citation))


@dataclass(frozen=True)
class EvidenceItem:
    text: str
    label: str  # a citation for people: "Genezo 4:8", "Hamleto, Akto 1, Sceno 3"
    title: str
    citation: Citation
    # the words that matched a keyword of the question: (start, end) in ``text``; None when
    # not looked for (``cite`` without them)
    matched: tuple[tuple[int, int], ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        found = {} if self.matched is None else {
            "matched": [list(span) for span in self.matched]}
        citation = self.citation  # its fields hold plain values (offsets: a dict of them)
        return {"text": self.text, "label": self.label, "title": self.title, **found,
                **{name: getattr(citation, name) for name in CITATION_FIELDS},
                "offsets": dict(citation.offsets)}


@dataclass(frozen=True)
class Response:
    """What ``ask`` returns. ``answer`` is None when the engine abstains; ``text`` is what to
    show either way."""

    question: str
    answer: str | None
    confidence: float
    evidence: list[EvidenceItem]
    answer_evidence: int | None = None  # the answering sentence in ``evidence``: always 0
    # the answer's span in that passage: its text, or the pronoun there that stands for the
    # name answered, which the sentence before gives (the trace's reason says so)
    answer_offsets: dict[str, Any] | None = None
    expert: str | None = None
    message: str | None = None  # why the engine abstained, for a person
    trace: dict[str, Any] = field(default_factory=dict)
    hits: list[Hit] = field(default_factory=list, repr=False)  # the ranked list, as deep as asked
    # the hits the experts read, in the order they read them (the evidence's order)
    reading: list[Hit] = field(default_factory=list, repr=False)

    @property
    def abstained(self) -> bool:
        return self.answer is None

    @property
    def text(self) -> str:
        return self.answer if self.answer is not None else ABSTAIN_TEXT

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "answer": self.text,
            "abstained": self.abstained,
            "confidence": self.confidence,
            "expert": self.expert,
            "message": self.message,
            "answer_evidence": self.answer_evidence,
            "answer_offsets": self.answer_offsets,
            "evidence": [item.to_dict() for item in self.evidence],
            "trace": self.trace,
        }


class Engine:
    """The searcher, the experts and the corpus metadata citations need, loaded once."""

    def __init__(self, searcher: Searcher, registry: Registry | None = None,
                 threshold: float | None = None,
                 retriever: str = DEFAULT_RETRIEVER) -> None:
        self.searcher = searcher
        self.registry = registry or default_registry()
        # answers less confident than this are withheld: by default the threshold the answer
        # ranker's training chose on its tuning documents (never on the dev set)
        self.threshold = answer_threshold() if threshold is None else threshold
        self.retriever = retriever
        self.documents = searcher.store.documents()
        self._context: dict[tuple[str, str], list[str]] = {}  # section → its title terms
        stage2 = searcher.stage2
        self.model_id = stage2.encoder.model_id if stage2 and retriever != "bm25" else None

    @classmethod
    def load(cls, home: Path | None = None, retriever: str = DEFAULT_RETRIEVER,
             registry: Registry | None = None,
             threshold: float | None = None, collection: str | None = None) -> Engine:
        """Open the build under ``home`` (default: the data directory), or that of the
        collection named ``collection`` there (default: the default corpus). Fails with "run
        `klareco build`" when the store, the grammar/lexicon and the model do not belong
        together, or with ``DamagedError`` naming the file when one is damaged (each file is
        verified against its recorded checksum, ``klareco.integrity``)."""
        try:
            searcher = Searcher.load(home, retriever, collection)
        except (ValueError, sqlite3.DatabaseError, zlib.error) as error:
            if isinstance(error, KlarecoError):  # an InputError is a ValueError too
                raise
            raise DamagedError(store_path(collection_home(collection, home)), str(error)
                               ) from None
        if searcher.store.info.get("analyzer") != analyzer_fingerprint():
            searcher.close()
            raise KlarecoError("the corpus was built with another grammar, lexicon or parser "
                               "than this one: run `klareco build`")
        return cls(searcher, registry, threshold, retriever)

    @classmethod
    def load_or_build(cls, build_missing: Callable[[str], None], home: Path | None = None,
                      retriever: str = DEFAULT_RETRIEVER) -> Engine:
        """``load``, but when the build is missing, or was made by other code (the error says
        "run `klareco build`"), first ``build_missing(reason)`` and then load again: ``ask``
        builds in its own process, ``serve`` in a child process while it answers 503. A
        damaged build (``DamagedError``) is reported, not rebuilt behind the person's back: its
        files changed after they were written, which they should hear about."""
        if nothing_built(home):
            build_missing("the corpus is not built yet")
        else:
            try:
                return cls.load(home, retriever)
            except KlarecoError as error:
                if not needs_build(error):
                    raise
                build_missing(build_reason(error))
        return cls.load(home, retriever)

    def close(self) -> None:
        self.searcher.close()

    @property
    def store(self) -> Store:
        """The corpus store the engine reads."""
        return self.searcher.store

    @property
    def encoder_metadata(self) -> dict[str, Any]:
        """What the stage-2 encoder was trained with (its saved config); empty for ``bm25``."""
        stage2 = self.searcher.stage2
        return dict(stage2.encoder.metadata) if stage2 is not None else {}

    def ask(self, question: str, ranked: int = EVIDENCE_DEPTH) -> Response:
        """Answer ``question`` (``EmptyInputError`` when it holds no text). ``ranked``: how
        many of the ranked sentences the response's ``hits`` keep (at least the evidence the
        experts read); each is a store row read, so only an evaluation asks for all."""
        question = require_text(question, "the question")
        started = time.perf_counter()
        store = self.searcher.store
        rows: dict[int, StoredSentence] = {}

        def read_rows(positions: list[int]) -> list[StoredSentence]:
            # the rows of the hits the experts read and of the sentences before them, with
            # their ASTs and names: one store query for the citations, the experts' reading
            # and their context; deeper hits (kept for an evaluation) without their ASTs
            wanted = _with_before(positions[:EVIDENCE_DEPTH])
            rows.update(zip(wanted, store.sentences_at(wanted, evidence=True), strict=True))
            deeper = [p for p in positions if p not in rows]
            if deeper:
                rows.update(zip(deeper, store.sentences_at(deeper), strict=True))
            return [rows[p] for p in positions]

        result = self.searcher.search(question, SEARCH_DEPTH, self.retriever,
                                      keep=max(ranked, EVIDENCE_DEPTH), read=read_rows)
        trace: dict[str, Any] = {
            "keywords": [{"text": k.text, "term": k.term, "weight": k.weight, "kind": k.kind}
                         for k in result.keywords],
            "asks": result.ast.question.to_dict() if result.ast and result.ast.question
            else None,
            "retriever": result.retriever,
            "candidates": result.candidates,
            "ranked": len(result.hits),
            "timings_ms": dict(result.timings_ms),
        }
        read = result.hits[:EVIDENCE_DEPTH]
        asts = [store.ast_of(rows[hit.position]) for hit in read]  # decoded once
        terms = {keyword.term for keyword in result.keywords}
        evidence = self.cite(read, result.retriever,
                             [matched_spans(ast, terms) for ast in asts], rows)
        unknown = self._unknown_names(result)
        answer: Answer | None = None
        message = result.message
        answer_started = time.perf_counter()
        if unknown:
            message = f"the corpus does not mention the name {', '.join(unknown)}"
        elif result.hits and result.ast is not None:
            answer = self.registry.answer(result.ast,
                                          self.expert_evidence(result, asts=asts, rows=rows))
            if answer is not None and not math.isfinite(answer.confidence):
                where = RANKER_PATH if answer.expert == "factoid" else f"{answer.expert}'s model"
                raise DamagedError(where, f"the {answer.expert} expert gave a non-finite "
                                   "confidence", fix=RESTORE)
            if answer is None:
                message = "no expert found an answer in the best evidence"
            elif answer.confidence < self.threshold:
                message = (f"the best answer found ({answer.text!r}) is not certain enough "
                           f"(confidence {answer.confidence:.2f} < {self.threshold:.2f})")
        trace["timings_ms"]["answer"] = round((time.perf_counter() - answer_started) * 1000, 3)
        trace["timings_ms"]["total"] = round((time.perf_counter() - started) * 1000, 3)
        answered = answer is not None and answer.confidence >= self.threshold
        # the evidence in the order the expert read it (how likely each sentence holds the
        # answer), the answer's own sentence first
        order = [n for n in answer.reading if n < len(evidence)] if answer is not None else []
        order += [n for n in range(len(evidence)) if n not in order]
        if answered:
            assert answer is not None
            order.remove(answer.evidence)
            order.insert(0, answer.evidence)
        reading = [result.hits[n] for n in order]
        if answer is not None:
            trace["expert"] = {"name": answer.expert, "reason": answer.reason,
                               "confidence": answer.confidence, "candidate": answer.text,
                               "read_ranks": [result.hits[n].rank for n in order]}
        if not answered:
            return Response(question, None, answer.confidence if answer else 0.0,
                            [evidence[n] for n in order][:SHOWN_EVIDENCE], message=message,
                            trace=trace, hits=result.hits, reading=reading)
        assert answer is not None
        offsets = None
        if answer.start is not None and answer.end is not None:
            sentence = evidence[answer.evidence].citation.offsets["start"]
            offsets = {"start": sentence + answer.start, "end": sentence + answer.end,
                       "unit": "char"}
        return Response(question, answer.text, answer.confidence,
                        [evidence[n] for n in order][:SHOWN_EVIDENCE], 0,
                        offsets, answer.expert, None, trace, result.hits, reading)

    def expert_evidence(self, result: SearchResult, depth: int = EVIDENCE_DEPTH,
                        asts: Sequence[Sentence] | None = None,
                        rows: Mapping[int, StoredSentence] | None = None) -> list[Evidence]:
        """The top ``depth`` hits as the experts read them: text, stored AST, rank, score,
        context. ``asts`` and ``rows``: those hits' stored ASTs, and the store rows of them
        and of the sentences before them by position, read with their ASTs and names
        (``Store.sentences_at(…, evidence=True)``), when the caller has read them."""
        store = self.searcher.store
        hits = result.hits[:depth]
        read = [h.position for h in hits]
        if rows is None:
            wanted = _with_before(read)
            rows = dict(zip(wanted, store.sentences_at(wanted, evidence=True), strict=True))
        stored = [store.ast_of(rows[p]) for p in read] if asts is None else asts[:len(read)]
        by_position = dict(zip(read, stored, strict=True))
        found = []
        for hit in hits:
            row = rows[hit.position]
            context = set(self._section_terms(row.doc_id, row.section_id))
            for p in _before(hit.position):
                if rows[p].doc_id == row.doc_id:  # the sentences before lend only their names
                    context |= rows[p].names
            prior = hit.position - 1
            before = _read_when_asked(store, rows[prior]) if prior in rows and \
                rows[prior].doc_id == row.doc_id else None
            found.append(Evidence(hit.text, by_position[hit.position], hit.rank, hit.score,
                                  frozenset(context), before))
        return found

    def _section_terms(self, doc_id: str, section_id: str) -> list[str]:
        key = (doc_id, section_id)
        if key not in self._context:
            title = self.documents.get(doc_id, {}).get("title", "")
            self._context[key] = context_terms(
                title, self.searcher.store.section_heads(doc_id, section_id))
        return self._context[key]

    def evaluate(self, items: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The dev-set report (``klareco eval``) of this engine on gold ``items``: each
        question asked once; its ranked hits are judged for retrieval, its text as answer."""
        responses: dict[str, Response] = {}

        def search(question: str, k: int) -> list[Hit]:
            responses[question] = self.ask(question, ranked=SEARCH_DEPTH)
            return responses[question].hits[:k]

        return evaluate(items, search, lambda question: responses[question].text,
                        k=SEARCH_DEPTH, read=lambda question: responses[question].reading)

    def _unknown_names(self, result: SearchResult) -> list[str]:
        """Names of the question that no sentence of the corpus contains."""
        return [k.text.capitalize() for k in result.keywords
                if k.kind == "name" and not self.searcher.index.has(k.term)]

    def cite(self, hits: list[Hit], retriever: str | None = None,
             matched: Sequence[Sequence[tuple[int, int]]] | None = None,
             rows: Mapping[int, StoredSentence] | None = None) -> list[EvidenceItem]:
        """The hits with their full citations, as ``ask`` shows its evidence; ``retriever``
        is the one that ranked them (default: the engine's), so a bm25 ranking names no
        model; ``matched``: each hit's words that matched the query (``matched_spans``);
        ``rows``: the hits' store rows by position, when the caller has read them."""
        model = None if (retriever or self.retriever) == "bm25" else self.model_id
        spans: Sequence[Sequence[tuple[int, int]] | None] = (
            matched if matched is not None else [None] * len(hits))
        store = self.searcher.store
        info = store.info
        items = []
        positions = [hit.position for hit in hits]
        read = ([rows[p] for p in positions] if rows is not None
                else store.sentences_at(positions))  # one query for all
        for hit, row, found in zip(hits, read, spans, strict=True):
            document = self.documents[hit.doc_id]
            citation = Citation(
                doc_id=hit.doc_id, section_id=row.section_id, snippet_id=hit.sentence_id,
                source_url=document["source_url"],
                offsets={"start": row.start, "end": row.end, "unit": "char",
                         "passage_id": row.passage_id},
                license=document["license"], index_hash=info.get("fingerprint", ""),
                model=model, analyzer=info.get("analyzer", ""),
                rev=document["sha256"], score_lexical=_round(hit.score_lexical),
                score_dense=_round(hit.score_dense), score_final=round(hit.score, 4),
                k_pos=hit.k_pos, k_final=hit.rank)
            items.append(EvidenceItem(hit.text, hit.citation, document["title"], citation,
                                      None if found is None else tuple(found)))
        return items


def needs_build(error: KlarecoError) -> bool:
    """Whether ``Engine.load`` failed because the build is missing or belongs to other code
    (which ``klareco build`` mends), not because a file is damaged."""
    return not isinstance(error, DamagedError) and BUILD_FIX in str(error)


def build_reason(error: KlarecoError) -> str:
    """Why a build is needed, as ``load_or_build`` tells the one who builds: the error
    without its advice to run `klareco build`."""
    text = str(error)
    for joiner in (": ", "; "):
        text = text.removesuffix(joiner + BUILD_FIX)
    return text


def _read_when_asked(store: Store, row: StoredSentence) -> Callable[[], Sentence | None]:
    """The AST of ``row``, decoded at the first call and kept: most evidence sentences never
    need the one before them."""
    kept: list[Sentence] = []

    def read() -> Sentence:
        if not kept:
            kept.append(store.ast_of(row))
        return kept[0]

    return read


def _before(position: int) -> range:
    """The positions of the sentences before ``position`` that lend it their names."""
    return range(max(0, position - CONTEXT_BEFORE), position)


def _with_before(positions: Sequence[int]) -> list[int]:
    """``positions`` and those of the sentences before each (``_before``), in corpus order:
    the rows the experts read for those hits."""
    return sorted({*positions, *(p for position in positions for p in _before(position))})


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)
