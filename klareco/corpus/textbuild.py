"""Build a passage's text piece by piece: whitespace normalised, spans tracked on the fly.

Readers feed raw text (XML text nodes, USFM verse text) and line breaks; the builder collapses
whitespace runs to one space, keeps explicit line breaks as ``\\n`` and records character spans
(proper names, other-language text) against the final text, so no offset needs fixing later.
"""

from __future__ import annotations

import re

from klareco.corpus.model import Span

_TOKENS = re.compile(r"\s+|\S+")
# Invisible layout characters (soft hyphen, zero-width space and joiners, BOM) split words
# without showing anything; they are removed.
_INVISIBLE = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff]")
# After dropped apparatus (a footnote mark, an editorial note) the source's space before it
# must not end up before closing punctuation: "vorto <note/>." reads "vorto.".
_CLOSING_PUNCTUATION = frozenset(".,;:!?…)]»”’“")


class SpanHandle:
    """A span being built: ``start`` is set by the first character written after opening."""

    __slots__ = ("start", "end")

    def __init__(self) -> None:
        self.start: int | None = None
        self.end: int | None = None


class TextBuilder:
    """Accumulates normalised text and the spans opened and closed while building it."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._length = 0
        self._last = ""
        self._pending_space = False
        self._after_drop = False
        self._spans: dict[str, list[SpanHandle]] = {}
        self._unstarted: list[SpanHandle] = []

    def __len__(self) -> int:
        return self._length

    def _emit(self, piece: str) -> None:
        self._parts.append(piece)
        self._length += len(piece)
        self._last = piece[-1]

    def add(self, raw: str | None) -> None:
        """Append raw text; whitespace runs become one space between words."""
        if not raw:
            return
        for token in _TOKENS.findall(_INVISIBLE.sub("", raw)):
            if token[0].isspace():
                if self._length and self._last != "\n":
                    self._pending_space = True
                continue
            if self._pending_space:
                if not (self._after_drop and token[0] in _CLOSING_PUNCTUATION):
                    self._emit(" ")
                self._pending_space = False
            for span in self._unstarted:
                span.start = self._length
            self._unstarted.clear()
            self._emit(token)
            self._after_drop = False

    def line_break(self) -> None:
        """An explicit line break (TEI ``<lb/>``, a poetry line); never doubled or leading."""
        self._pending_space = False
        if self._length and self._last != "\n":
            self._emit("\n")

    def mark_dropped(self) -> None:
        """Note that apparatus was dropped here (see ``_CLOSING_PUNCTUATION``)."""
        self._after_drop = True

    def ends_with(self, characters: str) -> bool:
        """Whether the text so far ends with one of ``characters``."""
        return bool(self._length) and self._last in characters

    def open_span(self, kind: str) -> SpanHandle:
        """Start a span of ``kind`` at the next character written; returns its handle."""
        span = SpanHandle()
        self._spans.setdefault(kind, []).append(span)
        self._unstarted.append(span)
        return span

    def close_span(self, span: SpanHandle) -> None:
        """End a span at the last character written so far."""
        self._unstarted = [other for other in self._unstarted if other is not span]
        span.end = self._length

    def text(self) -> str:
        """The text built so far, without a trailing line break."""
        return "".join(self._parts).rstrip("\n ")

    def spans(self, kind: str) -> tuple[Span, ...]:
        """Non-empty spans of ``kind``, clipped to the final text, in order."""
        limit = len(self.text())
        result: list[Span] = []
        for span in self._spans.get(kind, ()):
            if span.start is None or span.end is None:
                continue
            end = min(span.end, limit)
            if end > span.start:
                result.append((span.start, end))
        return tuple(sorted(result))
