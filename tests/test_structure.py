"""The package's shape: imports run one way along the pipeline, and the public API imports."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import klareco

PACKAGE = Path(klareco.__file__).parent

# Each part of the package and its place along the pipeline: a module may import its own
# stage and earlier ones, never a later one (function-level imports included).
STAGES = {
    "errors": 0, "config": 0,
    "lexicon": 1, "text": 1, "artifacts": 1, "evaluation": 1, "integrity": 1,
    "parse": 2,
    "corpus": 3,
    "retrieval": 4, "models": 4,
    "experts": 5,
    "engine": 6,
    "training": 7, "build": 7, "distributed": 7, "doctor": 7,
    "cli": 8, "__main__": 8, "serving": 8, "interactive": 8,
    "mcp_server": 8,
}


def _stage(module: str) -> int:
    parts = module.split(".")
    return STAGES[parts[1]] if len(parts) > 1 else STAGES["cli"]  # the package root: its API


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name == "klareco" or name.startswith("klareco.")}


def test_every_module_imports_only_its_own_stage_or_earlier_ones() -> None:
    backwards = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        module = ".".join(relative.parts).removesuffix(".__init__")
        if module == "klareco":
            continue  # the package root re-exports the API
        for imported in _imports(path):
            if imported != "klareco" and _stage(imported) > _stage(module):
                backwards.append(f"{module} imports {imported}")
    assert backwards == []


def test_every_part_of_the_package_has_a_stage() -> None:
    parts = {p.stem if p.is_file() else p.name for p in PACKAGE.iterdir()
             if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()}
    assert parts - {"grammar"} <= STAGES.keys()


def test_stage_one_does_not_import_torch() -> None:
    code = ("import sys, klareco.retrieval.bm25, klareco.retrieval.search; "
            "print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"


def test_the_public_api_imports_from_the_package_root() -> None:
    from klareco import Engine, parse

    assert parse("Kiun vidis Petro?").question.role == "object"
    assert callable(Engine.load)
