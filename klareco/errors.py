"""The project's own exceptions. The CLI turns each into one line on stderr."""


class KlarecoError(Exception):
    """Base class of every error Klareco raises on purpose.

    The message is meant for a person: it says what went wrong and, where there is one, the fix.
    """


class EmptyInputError(KlarecoError, ValueError):
    """Raised by the parser when the text holds nothing to parse (empty or only whitespace)."""
