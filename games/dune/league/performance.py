"""What a finished game of Dune gives a tournament: the strongholds held at each turn's end, the
Bene Gesserit's coexistence, win attempts and the end-of-game counts (004 "Best Faction
Awards (Performance Points)", lines 172-187; 001 section 4.1, items 5, 10 and 12, lines
858, 863 and 878-890).

``tournament_summary(final, states, events)`` reads the last state of a game, the states it
went through (its replay) and the events of its log, and returns plain JSON data that the
league code scores:

- ``turns``: per turn end, ``{"turn", "held": {seat: [territories]}, "coexisting":
  [strongholds]}``, from the ``strongholds-held`` events (``victory.begin``);
- ``win_attempts``: seat -> the turns in which it made a win attempt;
- ``counts``: seat -> the end-of-game counts of the GF9 tie-breakers: ``strongholds``,
  ``forces`` (on the board), ``spice`` (behind the shield), ``cards`` (treachery cards in
  hand) and ``leaders`` (alive in the leader pool);
- ``alliances``, ``predicted`` (the Bene Gesserit's predicted faction, or None), ``dropouts``;
- ``challenged``: for a default victory, whether it was won on its conditions (the Fremen's
  special victory with the Guild in the game, 001 2.04.10: the "Fremen Challenged Special" of
  001 4.1.11; under the classic rules the Fremen's always); None for another victory.

Rulings:

- A win attempt (001 4.1.5, line 858: "At the start of every Battle Phase a judge will be
  called over to record win attempts") is made by a faction, or an alliance (each member
  credited), whose forces occupy at the start of the battle round, contested or not, as many
  victory territories as it needs to win; coexisting Bene Gesserit occupy nothing.  A turn with
  no battle round to decide (no battle) takes the positions at its end: an attempt then is a
  win.
- Controlling a stronghold for performance points (004 lines 176-178) is holding it at the end
  of the turn as the victory check does (``victory.strongholds_held``: under WBC two factions
  in one hold nothing).  The Shield Wall, a stronghold "for the purposes of victory" only (004
  line 77), earns none; coexistence earns 0.1 in each of the five strongholds (line 179).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..data import Ability
from ..factions import owner
from ..forces import on_map, total
from ..leaders import ALIVE
from ..phases.victory import (
    default_order,
    has_conditions,
    holders,
    parties,
    strongholds_needed,
    victory_territories,
)
from ..rules import Rules, rules_of
from ..state import State

# 004 lines 176-179: performance points for each stronghold controlled at a turn's end.
STRONGHOLD_POINTS = {"Carthag": 1.0, "Arrakeen": 1.0, "Sietch Tabr": 0.5, "Tuek's Sietch": 0.5,
                     "Habbanya Ridge Sietch": 0.5}
COEXISTENCE_POINTS = 0.1



def turn_points(turn: dict[str, Any], ruleset: str) -> dict[str, float]:
    """Seat -> performance points of one turn's end (004 lines 174-179) in a game of the
    ruleset (whose sheet coexists: the turn's ``coexisting`` are its territories)."""
    points = {seat: sum(STRONGHOLD_POINTS.get(t, 0.0) for t in held)
              for seat, held in turn["held"].items()}
    coexisting = owner(ruleset, Ability.COEXISTENCE)
    if coexisting in points:
        points[coexisting] += COEXISTENCE_POINTS * sum(
            1 for t in turn.get("coexisting", []) if t in STRONGHOLD_POINTS)
    return {seat: round(value, 6) for seat, value in points.items()}


def attempts_now(state: State) -> list[str]:
    """The seats making a win attempt in this position (module docstring)."""
    rules = rules_of(state)
    territories = victory_territories(state)
    making = []
    for party in parties(state):
        occupied = {t for t in territories if set(holders(state, t)) & set(party)}
        if len(occupied) >= strongholds_needed(rules, len(state["seats"]), len(party)):
            making += party
    return making


def end_counts(state: State, held: dict[str, list[str]]) -> dict[str, dict[str, int]]:
    """Seat -> the GF9 tie-breaker counts at the end of the game (001 4.1.12, lines 884-890)."""
    counts = {}
    for seat in state["seats"]:
        faction = state["factions"][seat]
        forces = total(on_map(state, seat))
        counts[seat] = {"strongholds": len(held.get(seat, [])), "forces": forces,
                        "spice": faction["spice"], "cards": len(faction["hand"]),
                        "leaders": sum(1 for where in faction["leaders"].values()
                                       if where == ALIVE)}
    return counts


def tournament_summary(final: State, states: Iterable[State],
                       events: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The tournament data of a game from its last state, the states it went through (only
    their battle rounds are read: a replay cut short loses the win attempts after it) and its
    logged events (as JSON)."""
    turns = [{"turn": e["data"]["turn"], "held": e["data"]["held"],
              "coexisting": e["data"].get("coexisting", [])}
             for e in events if e["code"] == "strongholds-held"]
    battle_turns: dict[int, list[str]] = {}
    for state in states:
        if state["phase"] == "battle" and state["turn"] not in battle_turns:
            battle_turns[state["turn"]] = attempts_now(state)
    rules = Rules.from_json(final["rules"])
    attempts: dict[str, list[int]] = {seat: [] for seat in final["seats"]}
    for turn in turns:
        making = battle_turns.get(turn["turn"])
        if making is None:
            making = _holding_enough(final, turn["held"], rules)
        for seat in making:
            attempts[seat].append(turn["turn"])
    held = turns[-1]["held"] if turns else {seat: [] for seat in final["seats"]}
    prediction = final["factions"].get(owner(final, Ability.PREDICTION), {}).get("prediction")
    return {"turns": turns, "win_attempts": attempts, "counts": end_counts(final, held),
            "alliances": [list(a) for a in final["alliances"]],
            "predicted": prediction["faction"] if prediction else None,
            "dropouts": list(final.get("dropouts", [])), "challenged": challenged(final)}


def challenged(final: State) -> bool | None:
    """Whether the game's default victory was won on its conditions (module docstring)."""
    victory = (final.get("result") or {}).get("victory") or ""
    if not victory.endswith("-default"):
        return None
    seat = victory.removesuffix("-default")
    return dict(default_order(final)).get(seat, False) and has_conditions(final, seat)


def _holding_enough(state: State, held: dict[str, list[str]], rules: Rules) -> list[str]:
    """The seats of the parties (as allied at the end) holding what they need in ``held``."""
    players = len(state["seats"])
    return [seat for party in parties(state)
            if len({t for s in party for t in held.get(s, [])})
            >= strongholds_needed(rules, players, len(party))
            for seat in party]
