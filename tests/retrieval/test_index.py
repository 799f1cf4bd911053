"""The stage-1 index a build stores: a sentence's own terms, its work's and section's, and the
names of the sentence before it at a lower weight."""

from __future__ import annotations

import numpy as np

from klareco.corpus.model import Document, Passage, Section
from klareco.corpus.model import Sentence as CorpusSentence
from klareco.corpus.store import Store
from klareco.parse import parse
from klareco.retrieval.index import BM25Indexer, load_bm25
from klareco.retrieval.keywords import speaker_terms

TEXTS = {
    "rakonto": ["Bertilo venis en la urbon.", "Li aĉetis novan ĉapelon.",
                "Bertilo aĉetis panon."],
    "alia": ["La vendisto aĉetis ĉapelon.", "Mi vendis ĝin hieraŭ."],
}


class _Blobs:
    """Just what ``load_bm25`` reads of a store."""

    def __init__(self, blobs: dict[str, bytes]) -> None:
        self.blobs = blobs

    def index_blob(self, name: str) -> bytes:
        return self.blobs[name]

    def index_array(self, name: str, dtype: type) -> np.ndarray:
        return np.frombuffer(self.blobs[name], dtype=dtype)


def _index(speaker_weight: float = 0.0) -> tuple[np.ndarray, object]:
    rows, values = [], []
    indexer = BM25Indexer(speaker_weight)
    for doc_id, texts in TEXTS.items():
        document = Document(doc_id, "Sen titolo", (), None, None, "CC0", "", "")
        section = Section("s", None, "chapter")
        for n, text in enumerate(texts):
            speaker = "KLARA." if doc_id == "alia" else None  # a speech: Klara's "mi"
            passage = Passage(f"p{n}", text, "speech" if speaker else "paragraph", speaker)
            sentence = CorpusSentence(f"{doc_id}#{n}", doc_id, "s", f"p{n}", 0, 0, len(text),
                                      text, doc_id)
            rows.append((document, section, passage, sentence))
            values.append(indexer.per_sentence(parse(text)))
    store: Store = _Blobs(indexer.blobs(rows, values))  # type: ignore[assignment]
    return load_bm25(store)


def _ranked(query: list[tuple[str, float]]) -> list[int]:
    index, _ = _index()
    ids, scores = index.score(query)
    return [int(i) for _, i in sorted(zip(-scores, ids, strict=True))]


def test_a_sentence_is_found_by_a_name_in_the_sentence_before() -> None:
    # "Li aĉetis novan ĉapelon" is about Bertilo: the sentence before names him
    ranked = _ranked([("bertil", 1.0), ("aĉet", 1.0), ("ĉapel", 1.0)])
    assert ranked[0] == 1
    assert 3 in ranked  # the other work's sentence has no Bertilo, but the same words


def test_a_name_of_its_own_weighs_more_than_one_of_the_sentence_before() -> None:
    ranked = _ranked([("bertil", 1.0), ("aĉet", 1.0)])
    assert ranked.index(2) < ranked.index(1)


def test_names_do_not_cross_into_another_work() -> None:
    index, _ = _index()
    assert sorted(index.postings("bertil").tolist()) == [0, 1, 2]


def test_a_speech_is_indexed_under_its_speaker_only_when_weighted() -> None:
    assert speaker_terms("KLARA.") == speaker_terms("Klara") == ["klar"]
    assert _index()[0].postings("klar").tolist() == []
    index, _ = _index(0.7)
    assert sorted(index.postings("klar").tolist()) == [3, 4]  # both sentences of her speech
    ids, scores = index.score([("klar", 1.0), ("vend", 1.0)])
    best = int(ids[int(np.argmax(scores))])
    assert best == 4  # "Mi vendis ĝin": said by Klara, about selling
