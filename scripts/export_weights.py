#!/usr/bin/env python
"""Write the numpy mirror (``.npz``) beside trained model files, for answering without torch.

    python scripts/export_weights.py [MODEL.pt ...]   (default: the shipped models/*.pt)

Saving a model writes its mirror already (`klareco train`, `scripts/train_reader.py`); this
writes it for a ``.pt`` that has none, or whose mirror is of an older version of the file
(loading says so). The mirror holds the same tensors and values as the ``.pt`` and the
``.pt``'s sha256 (`klareco/models/files.py`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import torch

from klareco.config import shipped_file
from klareco.experts.factoid import RANKER_PATH
from klareco.experts.factoid.model import FORMAT as RANKER_FORMAT
from klareco.models.files import write_mirror
from klareco.models.numpy_encoder import FORMAT as ENCODER_FORMAT
from klareco.models.numpy_encoder import MODEL_FILE

FORMATS = (ENCODER_FORMAT, RANKER_FORMAT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("models", nargs="*", type=Path,
                        default=[shipped_file("weights", MODEL_FILE), RANKER_PATH])
    args = parser.parse_args()
    for path in args.models:
        saved = torch.load(path, map_location="cpu", weights_only=True)
        if not isinstance(saved, dict) or saved.get("format") not in FORMATS:
            sys.exit(f"error: {path} is not a Klareco model file ({', '.join(FORMATS)})")
        print(f"{path} → {write_mirror(path, saved)}")


if __name__ == "__main__":
    main()
