"""Klareco: question answering over Esperanto literature, driven by Esperanto's grammar."""

from klareco.errors import KlarecoError

__version__ = "0.1.0"

__all__ = ["KlarecoError", "__version__"]
