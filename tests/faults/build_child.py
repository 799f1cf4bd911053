"""``klareco build`` over the fixture sources, run as its own process by the tests that kill a
build or fill its disk: the real command (``klareco.cli.main``), with the default corpus
manifest replaced by the fixture's.

    python build_child.py MANIFEST MIRROR [klareco build options…]

Prints ``ready`` once its imports are done, so a test can time a kill from the build's start.
"""

import sys
from pathlib import Path

import klareco.build  # noqa: F401  (imported before "ready": torch is most of the start-up)
import klareco.cli
import klareco.corpus.manifest

if __name__ == "__main__":
    manifest, mirror, *options = sys.argv[1:]
    klareco.corpus.manifest.default_manifest_path = lambda: Path(manifest)
    print("ready", flush=True)
    klareco.cli.main(["build", "--mirror", mirror, *options])
