"""Fetching: mirror and HTTP through one path, sha256 verified, nothing half-written on failure."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from klareco.corpus.errors import CorpusError
from klareco.corpus.fetch import fetch, sha256_of
from klareco.corpus.manifest import Manifest, Source
from klareco.errors import KlarecoError

FILES = {"tekstaro/a.xml": b"<TEI>unu</TEI>\n" * 50, "biblio/01-GENepo.usfm": b"\\id GEN\n" * 40}


class _Handler(BaseHTTPRequestHandler):
    """Serves FILES under /<mode>/<path>; each mode misbehaves in its own way."""

    requests: dict[str, int] = {}

    def log_message(self, *args: object) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:  # noqa: N802 (the http.server API)
        mode, _, path = self.path.lstrip("/").partition("/")
        count = _Handler.requests[self.path] = _Handler.requests.get(self.path, 0) + 1
        data = FILES.get(path)
        if data is None or mode == "missing":
            self.send_error(404)
            return
        if mode == "flaky" and count == 1:
            mode = "cut"
        self.send_response(200)
        if mode == "long":
            # Promises more than it sends, then closes the connection.
            self.send_header("Content-Length", str(len(data) + 100))
            self.end_headers()
            self.wfile.write(data)
        elif mode == "cut":
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
        else:
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        self.wfile.flush()
        self.close_connection = True


@pytest.fixture
def server() -> Iterator[str]:
    """An HTTP server on 127.0.0.1 in a thread; yields its base URL."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    _Handler.requests = {}
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


@pytest.fixture
def manifest(source_factory: Callable[..., Source]) -> Manifest:
    return Manifest(
        tuple(
            source_factory(f"s{index}", file, data, "usfm" if file.endswith(".usfm") else "tei-xml")
            for index, (file, data) in enumerate(FILES.items())
        )
    )


@pytest.fixture
def mirror(tmp_path: Path) -> Path:
    root = tmp_path / "mirror"
    for file, data in FILES.items():
        (root / file).parent.mkdir(parents=True, exist_ok=True)
        (root / file).write_bytes(data)
    return root


def served(manifest: Manifest, base: str, mode: str) -> Manifest:
    return Manifest(tuple(replace(s, url=f"{base}/{mode}/{s.file}") for s in manifest))


def leftovers(parent: Path) -> list[str]:
    return sorted(entry.name for entry in parent.iterdir() if ".partial-" in entry.name)


def assert_verified(dest: Path, manifest: Manifest) -> None:
    for source in manifest:
        assert sha256_of(dest / source.file) == source.sha256


def test_copy_from_mirror(tmp_path: Path, mirror: Path, manifest: Manifest) -> None:
    dest = tmp_path / "corpus"
    report = fetch(dest, mirror, progress=False, manifest=manifest)
    assert report.fetched == ("s0", "s1") and report.skipped == ()
    assert_verified(dest, manifest)
    again = fetch(dest, mirror, progress=False, manifest=manifest)
    assert again.fetched == () and again.skipped == ("s0", "s1")
    assert leftovers(tmp_path) == []


def test_manifest_file_path_is_accepted(tmp_path: Path, mirror: Path, manifest: Manifest) -> None:
    path = tmp_path / "sources.json"
    path.write_text(manifest.to_json(), encoding="utf-8")
    fetch(tmp_path / "corpus", mirror, progress=False, manifest=path)
    assert_verified(tmp_path / "corpus", manifest)


def test_damaged_file_in_dest_is_replaced(tmp_path: Path, mirror: Path, manifest: Manifest) -> None:
    dest = tmp_path / "corpus"
    fetch(dest, mirror, progress=False, manifest=manifest)
    (dest / "tekstaro/a.xml").write_bytes(b"damaged")
    report = fetch(dest, mirror, progress=False, manifest=manifest)
    assert report.fetched == ("s0",) and report.skipped == ("s1",)
    assert_verified(dest, manifest)


def test_checksum_mismatch_fails_cleanly(tmp_path: Path, mirror: Path, manifest: Manifest) -> None:
    (mirror / "biblio/01-GENepo.usfm").write_bytes(FILES["biblio/01-GENepo.usfm"][:-1] + b"X")
    dest = tmp_path / "corpus"
    with pytest.raises(CorpusError, match=r"biblio/01-GENepo\.usfm.*checksum mismatch") as info:
        fetch(dest, mirror, progress=False, manifest=manifest, backoff_s=0)
    assert isinstance(info.value, KlarecoError)
    assert "mirror" in str(info.value)
    assert not dest.exists()
    assert leftovers(tmp_path) == []


def test_failure_leaves_existing_dest_unchanged(
    tmp_path: Path, mirror: Path, manifest: Manifest
) -> None:
    dest = tmp_path / "corpus"
    fetch(dest, mirror, progress=False, manifest=manifest)
    (dest / "tekstaro/a.xml").write_bytes(b"old local edit")
    (mirror / "tekstaro/a.xml").write_bytes(b"also wrong")
    with pytest.raises(CorpusError, match="tekstaro/a.xml"):
        fetch(dest, mirror, progress=False, manifest=manifest, backoff_s=0)
    assert (dest / "tekstaro/a.xml").read_bytes() == b"old local edit"
    assert leftovers(tmp_path) == []


def test_missing_mirror_file(tmp_path: Path, mirror: Path, manifest: Manifest) -> None:
    (mirror / "tekstaro/a.xml").unlink()
    with pytest.raises(CorpusError, match=r"tekstaro/a\.xml is missing from the corpus mirror"):
        fetch(tmp_path / "corpus", mirror, progress=False, manifest=manifest, backoff_s=0)
    assert not (tmp_path / "corpus").exists()
    assert leftovers(tmp_path) == []


def test_mirror_must_be_a_folder(tmp_path: Path, manifest: Manifest) -> None:
    with pytest.raises(CorpusError, match="not a folder"):
        fetch(tmp_path / "corpus", tmp_path / "nowhere", progress=False, manifest=manifest)


def test_download_over_http(tmp_path: Path, server: str, manifest: Manifest) -> None:
    dest = tmp_path / "corpus"
    report = fetch(dest, None, progress=False, manifest=served(manifest, server, "ok"))
    assert report.fetched == ("s0", "s1")
    assert_verified(dest, manifest)


@pytest.mark.parametrize("mode", ["long", "cut"])
def test_truncated_download_fails_cleanly(
    tmp_path: Path, server: str, manifest: Manifest, mode: str
) -> None:
    dest = tmp_path / "corpus"
    with pytest.raises(CorpusError, match=r"tekstaro/a\.xml.*(cut short|bytes)"):
        fetch(
            dest,
            None,
            progress=False,
            manifest=served(manifest, server, mode),
            attempts=2,
            backoff_s=0,
            timeout=5,
        )
    assert not dest.exists()
    assert leftovers(tmp_path) == []
    assert _Handler.requests[f"/{mode}/tekstaro/a.xml"] == 2  # retried once


def test_flaky_download_succeeds_on_retry(tmp_path: Path, server: str, manifest: Manifest) -> None:
    dest = tmp_path / "corpus"
    fetch(dest, None, progress=False, manifest=served(manifest, server, "flaky"), backoff_s=0)
    assert_verified(dest, manifest)


def test_upstream_404(tmp_path: Path, server: str, manifest: Manifest) -> None:
    with pytest.raises(CorpusError, match=r"tekstaro/a\.xml was not found upstream"):
        fetch(
            tmp_path / "corpus",
            None,
            progress=False,
            manifest=served(manifest, server, "missing"),
            backoff_s=0,
        )
    assert leftovers(tmp_path) == []


def test_sha256_of(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"abc")
    assert sha256_of(path) == hashlib.sha256(b"abc").hexdigest()
