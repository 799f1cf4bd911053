"""Klareco: question answering over Esperanto literature, driven by Esperanto's grammar.

    from klareco import Engine, parse
    parse("Kiun vidis Petro?").question.role      # 'object'
    Engine.load().ask("Kiu estas Ofelio?").text     # needs a build: `klareco build`

``Engine`` is loaded on first use, so importing one stage (``klareco.parse``,
``klareco.retrieval.bm25`` …) never imports the stages after it. ``parse`` is bound here at
once: it shares its name with the ``klareco.parse`` package, and only a binding made after that
package is imported makes ``klareco.parse`` the function rather than the package. (Import the
package's modules by their full names: ``from klareco.parse.ast import Sentence``.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from klareco.errors import KlarecoError
from klareco.parse import parse

if TYPE_CHECKING:
    from klareco.engine import Engine

__version__ = "0.1.0"

__all__ = ["Engine", "KlarecoError", "__version__", "parse"]


def __getattr__(name: str) -> Any:
    if name == "Engine":
        from klareco.engine import Engine

        return Engine
    raise AttributeError(f"module 'klareco' has no attribute {name!r}")
