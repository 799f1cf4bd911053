"""A normal (non-editable) install works: the wheel holds every package and shipped file."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from klareco.config import project_root

# Left out of the copy the wheel is built from: what a clean clone does not have.
_NOT_IN_A_CLONE = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", "build",
                                         "dist", ".pytest_cache", ".hypothesis", ".ruff_cache")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with Klareco installed from a wheel of this checkout, built
    and installed offline; its dependencies are read from the test environment's site-packages."""
    root = tmp_path_factory.mktemp("packaging")
    source = root / "src"
    shutil.copytree(project_root(), source, symlinks=True, ignore=_NOT_IN_A_CLONE)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                    "-w", str(root / "dist"), str(source)], check=True, capture_output=True)
    wheel = next((root / "dist").glob("klareco-*.whl"))
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([*pip, "--python", str(python), "install", "--no-deps", "--no-index",
                    str(wheel)], check=True, capture_output=True)
    purelib = subprocess.run([str(python), "-c", "import sysconfig; "
                              "print(sysconfig.get_paths()['purelib'])"], check=True,
                             capture_output=True, text=True).stdout.strip()
    # torch, lark … from this environment; a .pth names a folder without running its .pth
    # files, so the editable install of the checkout stays out of sight
    (Path(purelib) / "test_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return venv


def _run(venv: Path, program: str, *args: str) -> subprocess.CompletedProcess[str]:
    """A program of the venv's bin/, run outside the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "KLARECO_MODEL")}
    return subprocess.run([str(venv / "bin" / program), *args], cwd=venv, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_console_command_parses(installed: Path) -> None:
    done = _run(installed, "klareco", "parse", "La hundo kuras.", "--format", "json")
    assert done.returncode == 0, done.stderr
    sentence = json.loads(done.stdout)
    assert [w["form"] for w in sentence["words"]] == ["La", "hundo", "kuras", "."]


def test_the_api_and_the_shipped_files_come_from_the_install(installed: Path) -> None:
    # the model's path as the encoder finds it, without importing torch for it (2 s)
    code = ("import json, klareco, klareco.experts.factoid as f\n"
            "from klareco import Engine, parse\n"
            "from klareco.config import shipped_file\n"
            "from klareco.corpus.manifest import default_manifest_path\n"
            "print(json.dumps([klareco.__file__, str(shipped_file('weights', 'tree_lstm.pt')),"
            " str(f.RANKER_PATH), str(default_manifest_path()),"
            " parse('Kiun vidis Petro?').question.role, Engine.__name__]))")
    done = _run(installed, "python", "-c", code)
    assert done.returncode == 0, done.stderr
    package, model, ranker, manifest, role, engine = json.loads(done.stdout)
    assert Path(package).is_relative_to(installed)
    for shipped in (model, ranker, manifest):
        assert Path(shipped).is_relative_to(installed) and Path(shipped).is_file()
    assert (role, engine) == ("object", "Engine")
