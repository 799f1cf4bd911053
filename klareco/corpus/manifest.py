"""The project's corpus manifest (``corpus/sources.json``): one record per source file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from klareco.config import shipped_file
from klareco.corpus.errors import CorpusError

FORMATS = ("tei-xml", "usfm")


@dataclass(frozen=True)
class Source:
    """One file of the corpus, with the facts needed to fetch, verify, read and cite it."""

    id: str
    file: str
    format: str
    title: str
    authors: tuple[str, ...]
    translator: str | None
    responsibility: tuple[str, ...]
    year: int | None
    license: str
    url: str
    bytes: int
    sha256: str
    collection: str = ""
    publisher: str | None = None

    @classmethod
    def from_dict(cls, data: dict) -> Source:
        """Build a source from one manifest record (lists become tuples)."""
        try:
            return cls(
                id=data["id"],
                file=data["file"],
                format=data["format"],
                title=data["title"],
                authors=tuple(data.get("authors") or ()),
                translator=data.get("translator"),
                responsibility=tuple(data.get("responsibility") or ()),
                year=data.get("year"),
                license=data["license"],
                url=data["url"],
                bytes=int(data["bytes"]),
                sha256=data["sha256"],
                collection=data.get("collection", ""),
                publisher=data.get("publisher"),
            )
        except KeyError as missing:
            raise CorpusError(
                f"Manifest record {data.get('id', data.get('file', '?'))!r} lacks the field "
                f"{missing}; regenerate it with scripts/make_manifest.py."
            ) from None

    def to_dict(self) -> dict:
        """The record as written in the manifest."""
        return {
            "id": self.id,
            "file": self.file,
            "format": self.format,
            "collection": self.collection,
            "title": self.title,
            "authors": list(self.authors),
            "translator": self.translator,
            "responsibility": list(self.responsibility),
            "year": self.year,
            "license": self.license,
            "publisher": self.publisher,
            "url": self.url,
            "bytes": self.bytes,
            "sha256": self.sha256,
        }


@dataclass(frozen=True)
class Manifest:
    """An ordered, id-unique collection of sources."""

    sources: tuple[Source, ...]

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for source in self.sources:
            if source.id in seen:
                raise CorpusError(f"Manifest lists the source id {source.id!r} twice.")
            if source.format not in FORMATS:
                raise CorpusError(
                    f"Manifest source {source.id!r} has unknown format {source.format!r}; "
                    f"expected one of {', '.join(FORMATS)}."
                )
            seen.add(source.id)

    def __iter__(self) -> Iterator[Source]:
        return iter(self.sources)

    def __len__(self) -> int:
        return len(self.sources)

    def get(self, source_id: str) -> Source:
        """The source with this id; ``CorpusError`` when there is none."""
        for source in self.sources:
            if source.id == source_id:
                return source
        raise CorpusError(f"No source with id {source_id!r} in the corpus manifest.")

    def to_json(self) -> str:
        """The manifest as pretty JSON, as stored in ``corpus/sources.json``."""
        payload = {"format_version": 1, "sources": [s.to_dict() for s in self.sources]}
        return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"


def default_manifest_path() -> Path:
    """The shipped manifest: ``corpus/sources.json`` of the checkout."""
    return shipped_file("sources", "sources.json")


def load_manifest(path: Path | str | None = None) -> Manifest:
    """Load a manifest file (default: the project's ``corpus/sources.json``)."""
    manifest_path = Path(path) if path is not None else default_manifest_path()
    try:
        payload = json.loads(manifest_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CorpusError(
            f"Corpus manifest {manifest_path} not found; run from a Klareco checkout or pass "
            "the manifest path explicitly."
        ) from None
    except json.JSONDecodeError as error:
        raise CorpusError(f"Corpus manifest {manifest_path} is not valid JSON: {error}.") from None
    records = payload["sources"] if isinstance(payload, dict) else payload
    return Manifest(tuple(Source.from_dict(record) for record in records))
