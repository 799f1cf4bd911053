#!/usr/bin/env python
"""Train the Tree-LSTM encoder: the same as `klareco train`, for those who run scripts.

    python scripts/train_encoder.py [--seed 13] [--pairs 60000] [--epochs 6] [--dev FILE]
                                    [--output models/tree_lstm.pt]

Needs a built corpus (`klareco build`); afterwards run `klareco build` again to re-encode the
corpus with the new model.
"""

import sys

from klareco.cli import main

if __name__ == "__main__":
    main(["train", *sys.argv[1:]])
