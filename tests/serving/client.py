"""Talking to ``klareco mcp`` as an assistant does: the MCP SDK's client over a subprocess."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

T = TypeVar("T")


def over_stdio(home: Path, steps: Callable[[Client], Awaitable[T]]) -> tuple[T, str]:
    """Start ``python -m klareco mcp`` on ``home``, run ``steps`` with a connected client,
    and return their result with what the server wrote on stderr."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "klareco", "mcp"],
                                   env={**os.environ, "KLARECO_HOME": str(home)})
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errlog:

        async def session() -> T:
            async with Client(stdio_client(params, errlog=errlog),
                              read_timeout_seconds=120) as client:
                return await steps(client)

        result = anyio.run(session)
        errlog.seek(0)
        return result, errlog.read()


def text_of(result: Any) -> str:
    """The text of a tool result's content."""
    return "".join(block.text for block in result.content)
