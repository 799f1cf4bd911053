"""Shared helpers for the corpus tests: fixture paths and tiny manifests."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest

from klareco.corpus.manifest import Manifest, Source

FIXTURES = Path(__file__).parent / "fixtures"


def make_source(
    source_id: str, file: str, data: bytes, file_format: str = "tei-xml", url: str = ""
) -> Source:
    """A manifest record for ``data`` stored at ``file``."""
    return Source(
        id=source_id,
        file=file,
        format=file_format,
        title=f"Titolo de {source_id}",
        authors=("A. Aŭtoro",),
        translator=None,
        responsibility=(),
        year=1900,
        license="public domain",
        url=url or f"https://example.invalid/{file}",
        bytes=len(data),
        sha256=hashlib.sha256(data).hexdigest(),
        collection=file.split("/", 1)[0],
    )


@pytest.fixture
def source_factory() -> Callable[..., Source]:
    """``make_source`` for tests that build their own manifests."""
    return make_source


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture
def fixture_manifest() -> Manifest:
    """A manifest over the four fixture files, laid out as in the real mirror."""
    layout = [
        ("drama", "tekstaro/drama.xml", "drama.xml", "tei-xml"),
        ("prose", "tekstaro/prose.xml", "prose.xml", "tei-xml"),
        ("GEN", "biblio/01-GENepo.usfm", "book.usfm", "usfm"),
        ("PSA", "biblio/20-PSAepo.usfm", "psalms.usfm", "usfm"),
    ]
    return Manifest(
        tuple(
            make_source(source_id, file, (FIXTURES / name).read_bytes(), file_format)
            for source_id, file, name, file_format in layout
        )
    )


@pytest.fixture
def fixture_corpus(tmp_path: Path, fixture_manifest: Manifest) -> Path:
    """A corpus folder holding the fixture files at their manifest paths."""
    names = {"drama": "drama.xml", "prose": "prose.xml", "GEN": "book.usfm", "PSA": "psalms.usfm"}
    root = tmp_path / "mirror"
    for source in fixture_manifest:
        target = root / source.file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((FIXTURES / names[source.id]).read_bytes())
    return root
