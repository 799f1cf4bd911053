"""Model files and their numpy mirrors: the same values back, and clear errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

from klareco.models.files import ModelError, load_mirror, mirror_path, write_mirror

FORMAT = "test-model/1"


def saved_model(path: Path) -> dict:
    saved = {"format": FORMAT, "names": ["a", "ĉ"], "sizes": {"d": 3},
             "state": {"w": torch.arange(6, dtype=torch.float16).reshape(2, 3),
                       "ids": torch.tensor([1, 2], dtype=torch.long)},
             "bias": torch.tensor([0.5], dtype=torch.float64), "empty": {}}
    torch.save(saved, path)
    write_mirror(path, saved)
    return saved


def test_the_mirror_gives_back_every_value(tmp_path: Path) -> None:
    saved = saved_model(tmp_path / "m.pt")
    loaded, sha256 = load_mirror(tmp_path / "m.pt", FORMAT, "make it")
    assert len(sha256) == 64
    assert {k: v for k, v in loaded.items() if k not in ("state", "bias")} == {
        "format": FORMAT, "names": ["a", "ĉ"], "sizes": {"d": 3}, "empty": {}}
    for got, want in ((loaded["state"]["w"], saved["state"]["w"]),
                      (loaded["state"]["ids"], saved["state"]["ids"]),
                      (loaded["bias"], saved["bias"])):
        assert got.dtype == want.numpy().dtype and np.array_equal(got, want.numpy())


def test_missing_damaged_or_foreign_files_fail_clearly(tmp_path: Path) -> None:
    path = tmp_path / "m.pt"
    with pytest.raises(ModelError, match="make it"):
        load_mirror(path, FORMAT, "make it")
    saved_model(path)
    with pytest.raises(ModelError, match="is not a other/1 model file"):
        load_mirror(path, "other/1", "make it")
    mirror_path(path).write_bytes(b"not a mirror")
    with pytest.raises(ModelError, match="is damaged"):
        load_mirror(path, FORMAT, "make it")
