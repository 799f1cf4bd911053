#!/usr/bin/env python3
"""Generate the project's corpus manifest, ``corpus/sources.json``, from a corpus mirror.

The mirror's ``sources.json`` records the facts for every file (origin, licence, sha256);
this script reshapes them into the records Klareco reads: a stable short id, a raw-file URL
pinned to the upstream commit, a single year and the translator's name.

    python scripts/make_manifest.py [--mirror ../shared/corpus] [--out corpus/sources.json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from klareco.config import default_mirror
from klareco.corpus.manifest import Manifest, Source, default_manifest_path

# "github OWNER/REPO @ COMMIT : PATH (optional remark)"
ORIGIN_PATTERN = re.compile(
    r"^github\s+(?P<repo>[\w.-]+/[\w.-]+)\s*@\s*(?P<commit>[0-9a-f]{40})\s*:\s*(?P<path>\S+)"
)
# "02-GENepo.usfm" -> GEN
USFM_NAME_PATTERN = re.compile(r"^\d+-(?P<code>[0-9A-Z]{3})[a-z]*\.usfm$")
# A responsibility line that names a translation ("Tradukis D-ro L. L. Zamenhof").
TRANSLATION_PATTERN = re.compile(r"\btraduk", re.I)
YEAR_PATTERN = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
# The corpus README: the 1926 Bible's Old Testament is Zamenhof's translation; books numbered
# below 70 in the eBible file names are the Old Testament.
OLD_TESTAMENT_TRANSLATOR = "L. L. Zamenhof"
FIRST_NEW_TESTAMENT_NUMBER = 70


def raw_url(origin: str) -> str:
    """The raw-file URL, pinned to the commit, of an ``origin`` fact."""
    match = ORIGIN_PATTERN.match(origin)
    if match is None:
        raise ValueError(f"unrecognised origin: {origin!r}")
    return f"https://raw.githubusercontent.com/{match['repo']}/{match['commit']}/{match['path']}"


def source_id(file: str, file_format: str) -> str:
    """TEI: the file stem (``hamleto``); USFM: the book code (``GEN``)."""
    name = Path(file).name
    if file_format == "usfm":
        match = USFM_NAME_PATTERN.match(name)
        if match is None:
            raise ValueError(f"cannot find a USFM book code in {name!r}")
        return match["code"]
    return Path(file).stem


def trailing_name(line: str) -> str | None:
    """The name that ends a responsibility line: its trailing run of capitalised words.

    "El Germana lingvo tradukis Dro L.-L. Zamenhof" -> "Dro L.-L. Zamenhof".
    """
    name: list[str] = []
    for token in reversed(line.split()):
        if not token[0].isupper() or TRANSLATION_PATTERN.match(token):
            break
        name.append(token)
    return " ".join(reversed(name)) or None


def translator_of(record: dict) -> str | None:
    """The translator named in the responsibility lines, or the Bible's known translator."""
    for line in record.get("responsibility") or ():
        if TRANSLATION_PATTERN.search(line):
            return trailing_name(line)
    if record["format"] == "usfm":
        number = int(Path(record["file"]).name.split("-", 1)[0])
        if number < FIRST_NEW_TESTAMENT_NUMBER:
            return OLD_TESTAMENT_TRANSLATOR
    return None


def year_of(record: dict) -> int | None:
    """The first recorded date's year, else a year in the title (the Bible's ``1926``)."""
    for text in [*(record.get("dates") or ()), record["title"]]:
        match = YEAR_PATTERN.search(text)
        if match:
            return int(match[1])
    return None


def make_source(record: dict) -> Source:
    """One manifest record from one mirror record."""
    return Source(
        id=source_id(record["file"], record["format"]),
        file=record["file"],
        format=record["format"],
        collection=record["file"].split("/", 1)[0],
        title=record["title"],
        authors=tuple(record.get("authors") or ()),
        translator=translator_of(record),
        responsibility=tuple(record.get("responsibility") or ()),
        year=year_of(record),
        license=record["license"],
        publisher=record.get("upstream_publisher"),
        url=raw_url(record["origin"]),
        bytes=int(record["bytes"]),
        sha256=record["sha256"],
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--mirror",
        type=Path,
        default=default_mirror(),
        help="corpus mirror holding sources.json (default: ../shared/corpus)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=default_manifest_path(),
        help="where to write the manifest (default: corpus/sources.json)",
    )
    args = parser.parse_args(argv)
    if args.mirror is None:
        parser.error("no corpus mirror found; pass --mirror DIR")
    records = json.loads((args.mirror / "sources.json").read_text(encoding="utf-8"))
    manifest = Manifest(tuple(make_source(record) for record in records))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(manifest.to_json(), encoding="utf-8")
    print(f"wrote {len(manifest)} sources to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
