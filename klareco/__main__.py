"""``python -m klareco`` runs the ``klareco`` command."""

from klareco.cli import main

main()
