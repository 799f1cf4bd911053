"""Persisting the stage-1 index inside the corpus store, and loading it back fast."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from klareco.corpus.model import Row
from klareco.corpus.store import Store
from klareco.parse.ast import Sentence
from klareco.retrieval.bm25 import BM25Arrays, BM25Index, build_bm25
from klareco.retrieval.keywords import context_terms, speaker_terms, terms
from klareco.retrieval.kinds import sentence_kinds

SentenceTerms = tuple[tuple[str, ...], tuple[str, ...], int]  # own terms, names, answer kinds

# A sentence is also indexed under the names of the sentence before it in the same document,
# at this fraction of a term of its own: it often refers back to them by a pronoun ("Bertilo
# venis … Li aĉetis …"). Chosen on questions generated from held-out documents (README,
# "Measured": those that need the sentence before, and the others, which it must not hurt).
NEIGHBOUR_NAME_WEIGHT = 0.7
# A drama speech's sentences are also indexed under its speaker (``speaker_terms``), at this
# fraction of a term of their own: the speaker is their "mi". 0.7 serves questions about
# speeches best for a small loss on questions that name a speaking character (README,
# "Measured"; scripts/benchmarks/speaker_questions.py). A character's own line about someone
# else then ranks high for a yes/no question about her; the yes/no reading reads a clause
# about someone else last (``experts.factoid.yes_no``).
SPEAKER_WEIGHT = 0.7


class BM25Indexer:
    """The stage-1 index, built with the corpus store (a ``corpus.build.SentenceIndexer``):
    each sentence under its own terms, those of its work's title and its section headings, and
    at a lower weight the names of the sentence before it and (``speaker_weight`` > 0) the
    speaker of its speech; beside it, the kinds of answer each sentence holds, which stage 2
    checks against the question's (``klareco.retrieval.kinds``)."""

    def __init__(self, speaker_weight: float = SPEAKER_WEIGHT) -> None:
        self.speaker_weight = speaker_weight

    def per_sentence(self, sentence: Sentence) -> SentenceTerms:
        return tuple(terms(sentence)), tuple(sorted(sentence.name_terms)), \
            sentence_kinds(sentence)

    def blobs(self, rows: Sequence[Row], values: Sequence[SentenceTerms]) -> dict[str, bytes]:
        context: dict[tuple[str, str], list[str]] = {}
        speakers: dict[str, list[str]] = {}
        documents = []
        previous_doc = None
        previous_names: tuple[str, ...] = ()
        for (document, section, passage, _), (own, names, _) in zip(rows, values, strict=True):
            key = (document.doc_id, section.section_id)
            if key not in context:
                context[key] = context_terms(document.title, section.heads)
            counts: dict[str, float] = Counter([*own, *context[key]])
            if document.doc_id == previous_doc:
                for name in previous_names:
                    counts.setdefault(name, NEIGHBOUR_NAME_WEIGHT)
            if passage.speaker and self.speaker_weight > 0:
                if passage.speaker not in speakers:
                    speakers[passage.speaker] = speaker_terms(passage.speaker)
                for term in speakers[passage.speaker]:
                    counts.setdefault(term, self.speaker_weight)
            documents.append(counts)
            previous_doc, previous_names = document.doc_id, names
        kinds = np.array([k for _, _, k in values], dtype=np.int64)
        return index_blobs(build_bm25(documents), [s.sentence_id for _, _, _, s in rows], kinds)


def index_blobs(arrays: BM25Arrays, sentence_ids: list[str], kinds: np.ndarray
                ) -> dict[str, bytes]:
    """The byte blobs the build stores: the BM25 arrays, the sentence-id order and each
    sentence's answer kinds."""
    # Rank of each sentence id in sorted order: the deterministic tie-break (id ascending).
    order = np.argsort(np.array(sentence_ids, dtype=object), kind="stable")
    rank = np.empty(len(sentence_ids), dtype=np.int32)
    rank[order] = np.arange(len(sentence_ids), dtype=np.int32)
    return {
        "bm25.vocabulary": "\n".join(arrays.vocabulary).encode("utf-8"),
        "bm25.indptr": arrays.indptr.astype(np.int64).tobytes(),
        "bm25.documents": arrays.documents.astype(np.int32).tobytes(),
        "bm25.weights": arrays.weights.astype(np.float32).tobytes(),
        "sentence_id_rank": rank.tobytes(),
        "answer_kinds": kinds.astype(np.int64).tobytes(),
    }


def load_kinds(store: Store) -> np.ndarray:
    """Each stored sentence's answer kinds, by corpus position (``kinds.sentence_kinds``)."""
    return store.index_array("answer_kinds", np.int64)


def load_bm25(store: Store) -> tuple[BM25Index, np.ndarray]:
    """The BM25 index and the sentence-id rank array of a built store (the arrays mapped
    from the store's array file, see ``klareco.corpus.store``)."""
    vocabulary_text = store.index_blob("bm25.vocabulary").decode("utf-8")
    arrays = BM25Arrays(
        vocabulary=vocabulary_text.split("\n") if vocabulary_text else [],
        indptr=store.index_array("bm25.indptr", np.int64),
        documents=store.index_array("bm25.documents", np.int32),
        weights=store.index_array("bm25.weights", np.float32),
    )
    rank = store.index_array("sentence_id_rank", np.int32)
    return BM25Index(arrays, len(rank)), rank
