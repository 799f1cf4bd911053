"""Reading a saved model file: tensors and plain values only, and of the expected format.

A model is saved by torch (``name.pt``, the source of truth) and mirrored beside it in numpy's
format (``name.npz``): the same dict, every tensor an array, the rest as JSON, and the sha256
of the ``.pt`` it was written from. Answering a question reads the mirror, so it needs no torch
(importing torch costs seconds); a mirror whose ``.pt`` has changed refuses to load. The
two checks together cover both files: the ``.pt`` against the sha256 its mirror records, the
mirror by the CRC-32 of each array (``zipfile`` checks it as numpy reads the array).
"""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from klareco.errors import KlarecoError
from klareco.integrity import file_digest

_META = "__meta__"  # the mirror's entry holding the plain values, as UTF-8 JSON bytes
_SEPARATOR = "/"  # joins the keys of nested dicts into one array name
EXPORT_COMMAND = "python scripts/export_weights.py"
RESTORE = ("restore the model files (`git checkout models/` in a checkout, else reinstall "
           "Klareco)")


class ModelError(KlarecoError):
    """A model file is missing, damaged, or not the model asked for."""


def file_sha256(path: Path) -> str:
    """The sha256 of a model file (it names the model: ``tree-lstm@<sha256[:12]>``), hashed
    again only when the file has changed since (``klareco.integrity``)."""
    return file_digest(path, "sha256", remember=True)


def mirror_path(path: Path) -> Path:
    """The numpy mirror of the model file ``path``: the same name, ending ``.npz``."""
    return path.with_suffix(".npz")


def load_model_file(path: Path, fmt: str, retrain: str) -> dict[str, Any]:
    """The saved dict at `path`, read with `weights_only=True` (no pickled code runs).

    `fmt` is the format tag the file must carry; `retrain` is the command named in the
    error when the file is missing.
    """
    import torch

    if not path.is_file():
        raise ModelError(f"model file not found: {path} (make one with `{retrain}`)")
    try:
        saved = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as error:  # torch raises many kinds for a damaged file
        raise ModelError(f"cannot read model file {path}: {error}") from None
    if not isinstance(saved, dict) or saved.get("format") != fmt:
        raise ModelError(f"{path} is not a {fmt} model file")
    return saved


def write_mirror(path: Path, saved: dict[str, Any]) -> Path:
    """Write the numpy mirror of the model file ``path``, whose content is ``saved`` (the dict
    torch saved there), atomically; returns the mirror's path."""
    arrays: dict[str, np.ndarray] = {}
    plain = _split(saved, (), arrays)
    plain["source"] = {"file": path.name, "sha256": file_sha256(path)}
    arrays[_META] = np.frombuffer(json.dumps(plain, ensure_ascii=False).encode(), np.uint8)
    target = mirror_path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        with temporary.open("wb") as out:
            np.savez(out, **arrays)
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
    return target


def load_mirror(path: Path, fmt: str, retrain: str) -> tuple[dict[str, Any], str]:
    """The dict saved in the model file ``path``, read from its numpy mirror (tensors become
    arrays of the same dtype), and the sha256 of ``path``. Fails when either file is missing
    or damaged, or when the mirror was written from another version of ``path``."""
    if not path.is_file():
        raise ModelError(f"model file not found: {path} (make one with `{retrain}`)")
    mirror = mirror_path(path)
    if not mirror.is_file():
        raise ModelError(f"{mirror} is missing: write it from {path.name} with "
                         f"`{EXPORT_COMMAND} {path}`")
    try:
        with np.load(mirror, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
        plain = json.loads(arrays.pop(_META).tobytes())
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as error:
        raise ModelError(f"{mirror} is damaged ({error}): {RESTORE}") from None
    if not isinstance(plain, dict) or plain.get("format") != fmt:
        raise ModelError(f"{mirror} is not a {fmt} model file")
    sha256 = file_sha256(path)
    if plain.pop("source", {}).get("sha256") != sha256:
        raise ModelError(f"{path} is damaged, or was changed without its mirror {mirror.name} "
                         f"(the sha256 the mirror records differs): {RESTORE}, or write the "
                         f"mirror again with `{EXPORT_COMMAND} {path}`")
    for name, array in arrays.items():
        *parents, key = name.split(_SEPARATOR)
        node = plain
        for parent in parents:
            node = node.setdefault(parent, {})
        node[key] = array
    return plain, sha256


def _split(value: dict[str, Any], prefix: tuple[str, ...],
           arrays: dict[str, np.ndarray]) -> dict[str, Any]:
    """``value`` without its tensors, which go to ``arrays`` under their key path."""
    plain: dict[str, Any] = {}
    for key, item in value.items():
        if _SEPARATOR in key or key == _META:
            raise ValueError(f"cannot mirror a model file with the key {key!r}")
        if hasattr(item, "detach"):  # a tensor
            arrays[_SEPARATOR.join((*prefix, key))] = item.detach().cpu().numpy()
        elif isinstance(item, dict):
            plain[key] = _split(item, (*prefix, key), arrays)
        else:
            plain[key] = item
    return plain
