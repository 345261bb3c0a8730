"""A game's history as the archive shows it: its steps grouped by turn, each with its public
events, and the state at the end of each turn, all rebuilt from the seed and the decision
log (``GameRecord.replay_states``).

Only public things are kept for the pages: the events addressed to everyone (``Event.to``
None) and the states from which the pages draw the public view and the map.  A GM's
adjustment shows as such, without its value (it may touch a secret, a hand or a traitor).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pbem.game import Event, State, Turns, capability
from pbem.record import GameRecord
from pbem.store import Store


@dataclass
class Step:
    """One entry of the decision log: ``number`` as in the log (1 the first), the name of the
    step it resolved, its public events (those of one turn: a step whose play runs on into
    the next turn is shown in two parts, the second ``continued``); ``adjusted`` for a GM's
    adjustment."""

    number: int
    name: str
    events: list[Event]
    adjusted: bool = False
    continued: bool = False


@dataclass
class Turn:
    """The steps of one turn (0: the set-up, or the whole game for a game without turns) and
    its last position: ``state``, the last state still within the turn, and ``at``, the
    number of the step open in it (a step whose play runs on into the next turn leaves the
    turn's last position before it)."""

    number: int
    title: str
    steps: list[Step] = field(default_factory=list)
    state: State | None = None
    at: int = 1

    @property
    def page(self) -> str:
        return f"turn-{self.number}.html"


@dataclass
class History:
    record: GameRecord
    turns: list[Turn]
    final: State


def turn_of(record: GameRecord, state: State) -> int:
    """The turn a state is in, from its public view (0 for a game whose view has no turn)."""
    return int(record.rules.view(state, None).get("turn") or 0)


def history(store: Store, record: GameRecord) -> History:
    """The game's turns, rebuilt from its log."""
    states = list(record.replay_states(store))
    has_turns = "turn" in record.rules.view(states[0], None)

    def title(number: int) -> str:
        if not has_turns:
            return "The game"
        return "Set-up" if number == 0 else f"Turn {number}"
    turns: dict[int, Turn] = {}
    for row, before, after in zip(store.decisions(record.id), states[:-1], states[1:],
                                  strict=True):
        events = [Event.from_json(e) for e in json.loads(row["events"] or "[]")]
        parts = _by_turn(record, turn_of(record, before),
                         [e for e in events if e.visible_to(None)])
        for index, (number, shown) in enumerate(parts):
            turn = turns.setdefault(number, Turn(number, title(number)))
            turn.steps.append(Step(row["step"], record.rules.step_name(before), shown,
                                   adjusted=row["kind"] == "adjust", continued=index > 0))
            if turn_of(record, after) == number or index > 0:
                turn.state, turn.at = after, row["step"] + 1
            else:
                turn.state, turn.at = before, row["step"]
    if not turns:
        turns[0] = Turn(0, title(0), [], states[0])
    return History(record, [turns[n] for n in sorted(turns)], states[-1])


def _by_turn(record: GameRecord, number: int, events: list[Event]
             ) -> list[tuple[int, list[Event]]]:
    """A step's events cut where the game says a new turn begins (its ``Turns``:
    ``event_turn(event)``, the turn an event belongs to, or None)."""
    turns = capability(record.rules, Turns)
    parts: list[tuple[int, list[Event]]] = [(number, [])]
    for event in events:
        turn = turns.event_turn(event) if turns else None
        if turn is not None and turn != parts[-1][0]:
            parts.append((turn, []))
        parts[-1][1].append(event)
    return parts


def winners(result: dict[str, Any] | None) -> list[str]:
    """The winners a game's result names (empty while it is played)."""
    if not result:
        return []
    named = result.get("winners") or result.get("winner") or []
    return [named] if isinstance(named, str) else list(named)
