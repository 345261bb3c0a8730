"""Where the rules hand a choice to the solo mode's Harkonnen (002 MAHDI SOLO MODE): the rules
call a handler by name, and ``solo/`` registers the handlers when the game is loaded, so the
rules never import the solo mode's criteria (imports point down: docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

HANDLERS: dict[str, Callable[..., Any]] = {}


def handles(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a solo handler under ``name``."""
    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        assert name not in HANDLERS, name
        HANDLERS[name] = function
        return function
    return register


def call(name: str, *args: Any) -> Any:
    """The solo handler's answer (the game package loads ``solo`` before it plays)."""
    return HANDLERS[name](*args)
