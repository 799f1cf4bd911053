"""One-shot commands answer without torch: ``parse``, ``search`` and ``ask`` import neither
torch nor torch-geometric (seconds of imports); ``build`` and ``train`` still use them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("torch", "torch_geometric")


def imported(args: list[str], home: Path | None = None) -> set[str]:
    """Top-level packages ``python -X importtime ARGS`` imports, run as a one-shot command."""
    env = {k: v for k, v in os.environ.items() if k != "KLARECO_MODEL"}
    if home is not None:
        env["KLARECO_HOME"] = str(home)
    done = subprocess.run([sys.executable, "-X", "importtime", *args],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stderr.splitlines() if line.startswith("import time:")]
    assert lines, "no import times were printed"
    return {line.rsplit("|", 1)[1].strip().split(".")[0] for line in lines}


def test_parse_imports_no_torch() -> None:
    assert imported(["-m", "klareco", "parse", "Kiun vidis Petro?"]).isdisjoint(HEAVY)


def test_building_and_training_still_use_torch() -> None:
    assert set(HEAVY) <= imported(["-c", "import klareco.build, klareco.training.encoder"])


@pytest.mark.parametrize("args", [
    ["ask", "Kiun helpis Tobio?"],
    ["ask", "--json", "Kiun helpis Tobio?"],
    ["search", "Kiun helpis Tobio?"],
    ["search", "--retriever", "bm25", "-k", "3", "Kiun helpis Tobio?"],
    ["search", "--retriever", "dense", "Kiun helpis Tobio?"],
])
def test_asking_and_searching_import_no_torch(dense_fixture_home: Path,
                                              args: list[str]) -> None:
    found = imported(["-m", "klareco", *args], dense_fixture_home)
    assert "klareco" in found and found.isdisjoint(HEAVY)
