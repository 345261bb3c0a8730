"""The replayable record of a finished game: its ruleset, options, seats and seed, and every
entry of its decision log (the orders of each step with its public events, the GM's
adjustments); since format 2 also the commitment to the GM's seed, the seats' salts and the
GM's interventions, since format 3 the digests the seats committed their salts by
(docs/fairness.md).

Replaying it (``replay_game_file``) rebuilds every state of the game, so anyone can audit
it; ``pbem verify`` (``pbem.verify``) checks it whole.  It holds every secret (the seed
orders the decks, the log holds the bids and battle plans), so the archive publishes it
only once the game is over.
"""

from __future__ import annotations

import json
from typing import Any

from pbem.chain import log_json
from pbem.fairness import interventions
from pbem.game import Adjustment, State, load_game, replay
from pbem.record import GameRecord
from pbem.store import Store

FORMAT = "pbem-game/3"     # 3: the salts' digests (docs/fairness.md)
FORMATS = ("pbem-game/1", "pbem-game/2", FORMAT)


def game_file(store: Store, record: GameRecord) -> dict[str, Any]:
    """The game's replayable record as plain JSON data."""
    return {"format": FORMAT, "id": record.id, "game": record.row["game"],
            "title": record.title,
            "ruleset": record.row["ruleset"], "rules_version": record.row["rules_version"],
            "options": json.loads(record.row["options"] or "{}"),
            "seats": [seat["seat"] for seat in record.seats], "seed": record.row["seed"],
            "gm_seed": record.row["gm_seed"], "commitment": record.row["commitment"],
            "salts": json.loads(record.row["salts"] or "{}"),
            "salt_digests": json.loads(record.row["salt_digests"] or "{}"),
            "draw_seats": bool(record.settings.get("draw_seats")),
            "interventions": interventions(store, record.id),
            "log": [log_json(row) for row in store.decisions(record.id)],
            "result": record.result()}


def log_entries(data: dict[str, Any]) -> list[dict[str, Any] | Adjustment]:
    """A record's log as ``pbem.game.replay`` takes it."""
    return [Adjustment.from_json(e["adjustment"]) if "adjustment" in e else e["orders"]
            for e in data["log"]]


def replay_game_file(data: dict[str, Any]) -> State:
    """The final state of a game rebuilt from its record (``game_file``)."""
    if data.get("format") not in FORMATS:
        raise ValueError(f"not a pbem game record (format {data.get('format')!r})")
    return replay(load_game(data["game"]), data["ruleset"], data["options"], data["seats"],
                  data["seed"], log_entries(data), data.get("rules_version"))
