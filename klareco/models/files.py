"""Reading a saved model file: tensors and plain values only, and of the expected format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from klareco.errors import KlarecoError


class ModelError(KlarecoError):
    """A model file is missing, damaged, or not the model asked for."""


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
