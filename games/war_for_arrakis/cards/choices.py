"""The choices a player gave with an action: clauses, each a mapping with its ``kind`` (move,
attack, place, target...), taken by the effect's steps in order (orders/plan.py reads them).
A step takes the clauses of its kinds at the head; a clause no step took makes the action not
what the player meant, so it is not done (``Illegal``)."""

from __future__ import annotations

from typing import Any

from ..codes import ErrorCode
from ..context import Illegal


class Choices:
    def __init__(self, clauses: list[dict[str, Any]] | None = None):
        self.clauses = list(clauses or [])

    def take(self, *kinds: str) -> dict[str, Any] | None:
        """The next clause if it is of one of ``kinds``."""
        if self.clauses and self.clauses[0]["kind"] in kinds:
            return self.clauses.pop(0)
        return None

    def take_all(self, *kinds: str, most: int = 99) -> list[dict[str, Any]]:
        found = []
        while len(found) < most and (clause := self.take(*kinds)) is not None:
            found.append(clause)
        return found

    def peek(self) -> str | None:
        return self.clauses[0]["kind"] if self.clauses else None

    def done(self) -> None:
        if self.clauses:
            raise Illegal(ErrorCode.BAD_ORDER, f"{self.clauses[0]['kind'].upper()} is not "
                          "something this action does here")
