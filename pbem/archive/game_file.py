"""The replayable record of a finished game: its ruleset, options, seats and seed, and every
entry of its decision log (the orders of each step, the GM's adjustments).

Replaying it (``replay_game_file``) rebuilds every state of the game, so anyone can audit
it.  It holds every secret (the seed orders the decks, the log holds the bids and battle
plans), so the archive publishes it only once the game is over.
"""

from __future__ import annotations

import json
from typing import Any

from pbem.game import Adjustment, State, load_game, replay
from pbem.record import GameRecord
from pbem.store import Store

FORMAT = "pbem-game/1"


def game_file(store: Store, record: GameRecord) -> dict[str, Any]:
    """The game's replayable record as plain JSON data."""
    log = []
    for row in store.decisions(record.id):
        data = json.loads(row["orders"])
        if row["kind"] == "adjust":
            entry = {"step": row["step"], "adjustment": Adjustment.from_json(data).to_json(),
                     "note": row["note"]}
        else:
            entry = {"step": row["step"], "orders": data,
                     "defaulted": json.loads(row["defaulted"] or "[]")}
        log.append(entry)
    return {"format": FORMAT, "id": record.id, "game": record.row["game"],
            "ruleset": record.row["ruleset"], "rules_version": record.row["rules_version"],
            "options": json.loads(record.row["options"] or "{}"),
            "seats": [seat["seat"] for seat in record.seats], "seed": record.row["seed"],
            "log": log, "result": record.result()}


def replay_game_file(data: dict[str, Any]) -> State:
    """The final state of a game rebuilt from its record (``game_file``)."""
    if data.get("format") != FORMAT:
        raise ValueError(f"not a pbem game record (format {data.get('format')!r})")
    entries = [Adjustment.from_json(e["adjustment"]) if "adjustment" in e else e["orders"]
               for e in data["log"]]
    return replay(load_game(data["game"]), data["ruleset"], data["options"], data["seats"],
                  data["seed"], entries)
