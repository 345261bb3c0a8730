"""The result of a finished game as a league reads it, recorded in the ``results`` table.

A result is plain JSON:

- ``game_id``, ``ruleset``, ``players`` (the seats that started the game: 004 line 193 scores
  a game with dropouts "according to the number of players who started the game"), ``seats``
  (seat -> ``{"address", "player"}``);
- ``winners``, ``victory`` (the game's code, for Dune listed in ``games/dune/phases/victory.py``,
  or the GM's ``concession`` and ``adjudication``; None for a game without victory codes,
  such as the auction), ``parties`` (the winners grouped by alliance: two unallied winners
  are two parties, 004 line 130), ``turn``, ``strongholds`` (seat -> the strongholds held
  at the end);
- what the game's ``LeagueScoring.tournament_summary(final, states, events)`` adds (Dune:
  ``turns``, the strongholds held and the coexistence at each turn's end; ``win_attempts``;
  ``counts``; ``alliances``; ``predicted``; ``dropouts``; ``games/dune/league/performance.py``).

It is worked out once, when the game finishes (``record_result``, called where the moderator
stores a finished game), from the last state, the logged events (the turns' ends) and a replay
of the log for what only the states show (win attempts at the battle rounds).  A game rolled
back and finished again is recorded again (the row keeps the step it was recorded at).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from pbem.game import LeagueScoring, State, capability
from pbem.record import GameRecord
from pbem.store import Store, utc_text

log = logging.getLogger("pbem")


def game_result(store: Store, record: GameRecord) -> dict[str, Any]:
    """The structured result of a finished game (module docstring)."""
    declared = record.result()
    assert declared is not None, record.id
    state = record.state
    alliances = [list(a) for a in state.get("alliances", [])]
    result = {
        "game_id": record.id, "ruleset": record.row["ruleset"], "players": len(record.seats),
        "seats": {s["seat"]: {"address": s["address"] or None, "player": s["player"]}
                  for s in record.seats},
        "winners": list(declared["winners"]), "victory": declared.get("victory"),
        "parties": winning_parties(declared["winners"], alliances),
        "turn": declared.get("turn", state.get("turn")),
        "strongholds": declared.get("strongholds_held", {}),
        "reason": declared.get("reason"),
    }
    scoring = capability(record.rules, LeagueScoring)
    if scoring is not None:
        events = [event for row in store.decisions(record.id)
                  for event in json.loads(row["events"] or "[]")]
        result.update(scoring.tournament_summary(state, replayed_states(store, record), events))
        if not result["strongholds"] and result["turns"]:
            result["strongholds"] = result["turns"][-1]["held"]
    return result


def replayed_states(store: Store, record: GameRecord) -> Iterator[State]:
    """The states of the game replayed from its log, as far as the replay goes: a replay that
    fails (a rules change, a bug) is logged and cut short, never stopping the moderator."""
    try:
        yield from record.replay_states(store)
    except Exception:  # whatever the rules raise: the result is recorded without the rest
        log.exception("game %s: the replay for its result stopped", record.id)


def winning_parties(winners: list[str], alliances: list[list[str]]) -> list[list[str]]:
    """The winners grouped by the alliances at the end; a winner allied with no other winner
    is a party of its own."""
    parties, placed = [], set()
    for seat in winners:
        if seat in placed:
            continue
        alliance = next((a for a in alliances if seat in a), [seat])
        party = [s for s in winners if s in alliance]
        placed.update(party)
        parties.append(party)
    return parties


def record_result(store: Store, record: GameRecord, now: datetime) -> bool:
    """Record the result of a finished game unless it is recorded for this step already;
    returns whether it was recorded now (the game has just finished)."""
    if not record.finished:
        return False
    row = store.one("select step from results where game_id = ?", (record.id,))
    if row is not None and row["step"] == record.step:
        return False
    store.db["results"].upsert({"game_id": record.id, "step": record.step,
                                "result": json.dumps(game_result(store, record), sort_keys=True),
                                "recorded_at": utc_text(now)}, pk="game_id")
    return True


def result_of(store: Store, game_id: str, now: datetime) -> dict[str, Any] | None:
    """The recorded result of a game (recorded now if it finished without one); None while it
    is played or when there is no such game."""
    if store.game(game_id) is None:
        return None
    record = GameRecord.load(store, game_id)
    if not record.finished:
        return None
    record_result(store, record, now)
    return json.loads(store.one("select result from results where game_id = ?",
                                (game_id,))["result"])
