"""One step's context: the state being changed, the step's random generator and the events
it raises, handed down to every rule (DESIGN.md, "One context per step").  An event carries
its words for its audience (``text``), written where it is raised."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pbem.game import Event

from .codes import Illegal
from .state import State, data, seats_of


@dataclass
class Context:
    """The state of a step as it is being changed, its dice and its events."""

    state: State
    rng: random.Random
    events: list[Event] = field(default_factory=list)

    @property
    def data(self):
        return data()

    def say(self, code: str, text: str, audience: tuple[str, ...] | None = None,
            **facts: Any) -> None:
        """An event: public (``audience`` None) or for the seats named; an event for no seat
        (the solo mode's Harkonnen) is not raised."""
        if audience is not None and not audience:
            return
        self.events.append(Event(code, {"text": text, **facts}, audience))

    def tell(self, side: str, code: str, text: str, **facts: Any) -> None:
        """An event for a faction's seats alone."""
        self.say(code, text, tuple(seats_of(self.state, side)), **facts)

    def roll(self, count: int) -> list[str]:
        """Combat dice (002 COMBAT ROLL; the faces, dice.yaml)."""
        faces = data().combat_faces
        return [self.rng.choice(faces) for _ in range(count)]


__all__ = ["Context", "Illegal"]
