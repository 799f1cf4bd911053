"""The project manifest: the committed file, loading, and the generator's rules."""

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from klareco.config import project_root
from klareco.corpus.errors import CorpusError
from klareco.corpus.manifest import Manifest, load_manifest


def load_script(name: str) -> ModuleType:
    path = project_root() / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_manifest_lists_every_source() -> None:
    manifest = load_manifest()
    assert len(manifest) == 107
    formats = [source.format for source in manifest]
    assert formats.count("tei-xml") == 41 and formats.count("usfm") == 66
    hamlet = manifest.get("hamleto")
    assert hamlet.file == "tekstaro/hamleto.xml" and hamlet.year == 1894
    assert manifest.get("GEN").file.endswith("GENepo.usfm")
    for source in manifest:
        assert re.fullmatch(r"[0-9a-f]{64}", source.sha256)
        assert re.fullmatch(
            r"https://raw\.githubusercontent\.com/[\w.-]+/[\w.-]+/[0-9a-f]{40}/\S+", source.url
        )
        assert source.url.endswith(Path(source.file).name)
        assert source.bytes > 0 and source.license


def test_round_trip_through_json(tmp_path: Path, source_factory) -> None:
    manifest = Manifest((source_factory("a", "x/a.xml", b"abc"),))
    path = tmp_path / "sources.json"
    path.write_text(manifest.to_json(), encoding="utf-8")
    assert load_manifest(path) == manifest


def test_duplicate_ids_and_bad_formats_rejected(source_factory) -> None:
    source = source_factory("a", "x/a.xml", b"abc")
    with pytest.raises(CorpusError, match="twice"):
        Manifest((source, source))
    with pytest.raises(CorpusError, match="format"):
        Manifest((source_factory("b", "x/b.txt", b"", file_format="txt"),))


def test_missing_or_broken_manifest(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="not found"):
        load_manifest(tmp_path / "none.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(CorpusError, match="not valid JSON"):
        load_manifest(broken)
    incomplete = tmp_path / "incomplete.json"
    incomplete.write_text(json.dumps({"sources": [{"id": "a"}]}), encoding="utf-8")
    with pytest.raises(CorpusError, match="lacks the field"):
        load_manifest(incomplete)


def test_generator_rules() -> None:
    make_manifest = load_script("make_manifest")
    origin = "github owner/repo @ " + "a" * 40 + " : dir/file.xml (from somewhere)"
    assert make_manifest.raw_url(origin) == (
        "https://raw.githubusercontent.com/owner/repo/" + "a" * 40 + "/dir/file.xml"
    )
    assert make_manifest.source_id("tekstaro/hamleto.xml", "tei-xml") == "hamleto"
    assert make_manifest.source_id("biblio-1926/10-1SAepo.usfm", "usfm") == "1SA"
    assert make_manifest.trailing_name("El Pola lingvo tradukis Dro A.-B. Verda") == (
        "Dro A.-B. Verda"
    )
    assert make_manifest.trailing_name("Tradukis C. Ruĝa") == "C. Ruĝa"
    record = {
        "format": "tei-xml",
        "file": "t/x.xml",
        "title": "X",
        "dates": ["1908", "1909"],
        "responsibility": ["tradukis en 1908 Pastro D. Blanka"],
    }
    assert make_manifest.translator_of(record) == "Pastro D. Blanka"
    assert make_manifest.year_of(record) == 1908
    bible = {"format": "usfm", "file": "b/02-GENepo.usfm", "title": "Biblio (1926)"}
    assert make_manifest.year_of(bible) == 1926
    assert make_manifest.translator_of(bible) == "L. L. Zamenhof"
    assert make_manifest.translator_of({**bible, "file": "b/70-MATepo.usfm"}) is None
