#!/usr/bin/env python
"""Ask one question over the default corpus and print the answer like `klareco ask`.

    python scripts/quick_query.py "Kiu estas Ofelio?" [--json]
"""

import sys

from klareco.cli import console

if __name__ == "__main__":
    sys.argv[1:1] = ["ask"]
    console()
