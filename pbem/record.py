"""A game as the moderator holds it: its row, rules module, state and seats."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pbem.chain import chain_head
from pbem.command import command, commanders
from pbem.game import (
    Adjustment,
    Commanders,
    Game,
    Pace,
    Prompt,
    State,
    capability,
    load_game,
    replay,
    replay_states,
)
from pbem.reply_token import seat_token
from pbem.store import Store

DEALING = "dealing"   # a game's status while it waits for its seats' salts (pbem.fairness)


@dataclass
class GameRecord:
    """One game loaded from the store; ``waits`` are the seats that asked the current
    step to wait for its deadline (WAIT); ``key`` is the installation's key, which makes
    the seats' reply tokens; ``held`` the orders held for decisions still to come, and
    those that could not be filed (``pbem.ahead``)."""

    row: dict[str, Any]
    rules: Game
    state: State
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    waits: list[str] = field(default_factory=list)
    key: str = field(default="", repr=False)
    held: list[dict[str, Any]] = field(default_factory=list, repr=False)
    chain: tuple[int, str] | None = field(default=None, repr=False)
    _prompts: tuple[State, list[Prompt]] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def load(cls, store: Store, game_id: str) -> GameRecord:
        row = store.game(game_id)
        if row is None:
            raise LookupError(f"no game {game_id!r}")
        deadline = store.one("select waits from deadlines where game_id = ? and step = ?",
                             (game_id, row["step"]))
        game = load_game(row["game"])
        state = json.loads(row["state"])
        seats = store.seats(game_id)
        dealt = row["status"] != DEALING and row["seed"]
        record = cls(row, game, state if row["status"] == DEALING else game.upgrade(state),
                     seats, json.loads(row["settings"] or "{}"),
                     json.loads(deadline["waits"] or "[]") if deadline else [],
                     store.installation_key(), store.held_orders(game_id),
                     chain_head(store, row, [s["seat"] for s in seats]) if dealt else None)
        record.follow_command()
        return record

    def follow_command(self) -> None:
        """The seats' rows as the game says who commands which now (``pbem.command``): call
        after the state changed.  A game without ``Commanders`` has a player a seat."""
        if capability(self.rules, Commanders) is not None:
            command(self.seats, commanders(self.rules, self.state,
                                           json.loads(self.row["options"] or "{}"),
                                           dealt=not self.dealing))

    @property
    def id(self) -> str:
        return self.row["id"]

    @property
    def step(self) -> int:
        return self.row["step"]

    @property
    def finished(self) -> bool:
        return self.row["status"] == "finished"

    @property
    def dealing(self) -> bool:
        """Waiting for the seats' salts: nothing is dealt yet, the state is empty."""
        return self.row["status"] == DEALING

    @property
    def title(self) -> str:
        return self.settings.get("title") or self.id

    def seat(self, name: str) -> dict[str, Any]:
        return next(s for s in self.seats if s["seat"] == name)

    def held_by(self, seat: str | None) -> list[dict[str, Any]]:
        """The seat's held orders (``refused`` empty) and those that could not be filed."""
        return [row for row in self.held if row["seat"] == seat]

    def reply_token(self, seat: str) -> str:
        """The seat's token, in the Message-ID of every mail to it (``pbem.reply_token``)."""
        return seat_token(self.key, self.id, self.seat(seat))

    def timezone_of(self, seat: str | None) -> str:
        """The seat's own time zone, else the game's."""
        if seat is not None and self.seat(seat)["timezone"]:
            return self.seat(seat)["timezone"]
        return self.settings["timezone"]

    def prompts(self) -> list[Prompt]:
        """The open prompts of the current step, worked out once per state: a state is never
        changed in place (the rules' ``apply`` returns a new one), so the same object has the
        same prompts."""
        if self.finished or self.dealing:
            return []
        if self._prompts is None or self._prompts[0] is not self.state:
            self._prompts = (self.state, self.rules.prompts(self.state))
        return self._prompts[1]

    @property
    def pace(self) -> str:
        """What the game's mail modes cost in mail rounds and change in what players know
        (``Pace``), or nothing for a game without modes."""
        paced = capability(self.rules, Pace)
        return paced.pace(self.row["ruleset"], json.loads(self.row["options"] or "{}")) \
            if paced is not None else ""

    def step_name(self) -> str:
        if self.dealing:
            return "waiting for the seats' salts before the deal"
        return self.rules.step_name(self.state)

    @property
    def step_number(self) -> int:
        """The number of the step open now: the decision of the log it becomes once resolved
        (decisions are numbered from 1).  ``pbem status``, the reports, the archive, ``LOG``
        and ``ROLLBACK`` all count so; ``step`` is the number of decisions applied."""
        return self.step + 1

    def step_title(self) -> str:
        """The step open now, numbered: "Step 35: Turn 2: battles"; a finished game's last
        position by its name alone."""
        if self.finished:
            return self.step_name()
        return f"Step {self.step_number}: {self.step_name()}"

    def result(self) -> dict[str, Any] | None:
        """The result the GM declared or the rules reached; None while the game is played."""
        if self.row["result"]:
            return json.loads(self.row["result"])
        return self.rules.result(self.state)

    def replay(self, store: Store, steps: int | None = None) -> State:
        """The state rebuilt from the seed and the first ``steps`` entries of the decision
        log (all of them by default)."""
        return replay(self.rules, *self._setup(), self._log(store)[:steps],
                      self.row["rules_version"])

    def replay_states(self, store: Store) -> Iterator[State]:
        """Every state the game went through, from its set-up to now."""
        return replay_states(self.rules, *self._setup(), self._log(store),
                             self.row["rules_version"])

    def _setup(self) -> tuple[str, dict, list[str], str]:
        return (self.row["ruleset"], json.loads(self.row["options"] or "{}"),
                [seat["seat"] for seat in self.seats], self.row["seed"])

    def _log(self, store: Store) -> list[dict[str, Any] | Adjustment]:
        return [log_entry(row) for row in store.decisions(self.id)]


def log_entry(row: dict[str, Any]) -> dict[str, Any] | Adjustment:
    """One row of the decision log as ``pbem.game.replay`` takes it."""
    data = json.loads(row["orders"])
    return Adjustment.from_json(data) if row["kind"] == "adjust" else data
