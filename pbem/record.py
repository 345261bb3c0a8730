"""A game as the moderator holds it: its row, rules module, state and seats."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pbem.game import Game, Prompt, State, load_game
from pbem.store import Store


@dataclass
class GameRecord:
    """One game loaded from the store."""

    row: dict[str, Any]
    rules: Game
    state: State
    seats: list[dict[str, Any]]
    settings: dict[str, Any]

    @classmethod
    def load(cls, store: Store, game_id: str) -> GameRecord:
        row = store.game(game_id)
        if row is None:
            raise LookupError(f"no game {game_id!r}")
        return cls(row, load_game(row["game"]), json.loads(row["state"]),
                   store.seats(game_id), json.loads(row["settings"] or "{}"))

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
    def title(self) -> str:
        return self.settings.get("title") or self.id

    def seat(self, name: str) -> dict[str, Any]:
        return next(s for s in self.seats if s["seat"] == name)

    def timezone_of(self, seat: str | None) -> str:
        """The seat's own time zone, else the game's."""
        if seat is not None and self.seat(seat)["timezone"]:
            return self.seat(seat)["timezone"]
        return self.settings["timezone"]

    def prompts(self) -> list[Prompt]:
        if self.finished:
            return []
        return self.rules.prompts(self.state)

    def step_name(self) -> str:
        return self.rules.step_name(self.state)
