"""The end of a turn: who has won (000 IV, V, XII.E.1, XVIII; the Bene Gesserit, Fremen and Guild
shields; Q&A XXV.E.3; WBC house rules 3-4 and clarifications IV, 000 lines 1043-1055 and
1087-1092; 004 "Rule Set", house rules and "Preliminary Heat Duration", lines 73-134).

At the end of every turn (000 IV, line 233: "at the end of any turn") the strongholds each
faction holds are announced, then, in this order:

1. Stronghold victory.  Each unallied faction, and each alliance with its members' strongholds
   together (XII.E.1, line 459: "Allied players' tokens are considered the same for purposes of
   victory"), wins if it holds enough: 3, 4 in a 2-player game (IV, line 233), one more with
   XVIII.A.2 (line 538).  Under WBC (house rule 3, line 1043; 004 line 99): 3 for an unallied
   faction, 4 for a two-faction alliance, 5 for a three-faction alliance, and no solo victory
   while allied (WBC IV, line 1092).  Several alliances or factions winning at once all win
   (004 line 130, two simultaneous solo victories; Q&A XXV.E.3, line 700, "all who qualify").
2. The Bene Gesserit prediction (shield, line 780): if the predicted faction is among those
   winners on the predicted turn, the Bene Gesserit alone win instead.  It never turns a win at
   the end of play into theirs ("you can't predict the automatic Guild or Fremen victory").
3. After the last turn (000 V, line 239: 15 turns; ``Rules.turns``; 004 line 134: WBC heats of
   10 turns end with the default victories "as normal"), if nobody won:
   the Guild, with their allies, if in the game (shield, lines 860 and 866);
   else the Fremen, with their allies, if their conditions hold (shield, lines 830 and 840);
   else the faction or alliance occupying the most strongholds, all of them on a tie (Q&A
   XXV.E.3, line 700); if nobody occupies any, the game ends without a winner.

Rulings:

- Precedence of the defaults.  The Guild's victory has no condition ("If no player has been
  able to win by the end of the play", line 860) and Q&A XXV.E.3 asks only "what happens if ...
  the Guild are not in play": so the Guild come first.  The Q&A then answers "The Fremen wins";
  we read it with the Fremen shield's conditions (line 830), and when they fail the Q&A's next
  step applies, as when the Fremen are not in play.  The Bene Gesserit have no default victory
  (their shield item 4, line 786, is coexistence).  The most-strongholds fallback counts an
  alliance's strongholds together (XII.E.1) and, like the Guild and Fremen victories, is an
  automatic victory at the end of play that the prediction cannot claim.
- XVIII.B (line 540): the Shield Wall is "an additional territory for victory" and the number
  needed does not change: the rule speaks of players already needing four (XVIII.A.2), who then
  "need occupy four of six".  WBC replaces XVIII.B by house rule 4 (line 1045; 004 line 77): the
  Shield Wall counts as a stronghold once six worms have appeared (``state["worms"]``; 000
  counts the Fremen's Karama worms too, 004 only the worm cards: the spice blow keeps that
  count), at the end of the turn of the 6th worm in both readings.
- Two factions in one victory territory (possible only when the storm keeps them from battle,
  000 line 1118, so in practice on the Shield Wall, the only one of several sectors): under WBC
  neither controls it (house rule 4, line 1055, said of the Shield Wall; every stronghold is
  one sector, where forces always battle, 000 line 1244); under the classic rules each holds it,
  a stronghold being held with "at least one of his tokens" (IV, line 233).
- A faction that dropped out (004 line 193, ``dropout``) wins no default victory and no
  prediction: it has left the game.
- Coexisting Bene Gesserit hold nothing and prevent nobody's control (000 XV.B.4, line 506;
  WBC IV, line 1090); ``state.occupants`` leaves them out.

Under GF9 this is the Mentat Pause (001 1.09): control is having forces where no other
faction has any (glossary, "Control"); three strongholds for an unallied faction, four for an
alliance (1.09.03); of several winners only the first in storm order wins (1.09.04,
``first_in_storm_order``); at the end the Fremen's special victory while the Guild are in the
game, then the Guild, then the Fremen without condition, then the most strongholds (1.09.06,
2.04.10, 2.06.09; ``default_order``).  A tournament game (001 4.1.13, 4.2) adds the Shield Wall
after the fourth worm, held from its side touching the Imperial Basin (``holders``), and the
Fremen's allies do not bar their special victory (4.1.20).

``state["result"]`` is ``{"winners": [seats], "victory": code, "strongholds_held": {seat:
[territories]}, "turn": n}`` with the code one of ``strongholds`` (unallied winners),
``alliance`` (an alliance among the winners), ``prediction``, ``guild-default``,
``fremen-default``, ``most-strongholds`` and ``turn-limit`` (the game ended without a winner).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import bonus_cards, factions, transfers, variants
from ..board import layer
from ..codes import EventCode
from ..data import Ability
from ..forces import on_map, total
from ..leaders import ALIVE
from ..rules import Rules, rules_of
from ..state import (
    State,
    ally_of,
    commander,
    data,
    occupants,
    players,
    sheet,
    storm_order,
)

SHIELD_WALL = "Shield Wall"


# --- the phase
def begin(state: State, rng: random.Random) -> list[Event]:
    """The end of the turn: announce the strongholds held, and end the game if someone has won
    or the last turn is over; under GF9 the bribes are collected first (001 1.09.02), under v3
    too (003 "Round 8: Control": "At the start of the Control Round"), and v3's bonus cards
    go back if the game goes on."""
    bribes = transfers.collect_bribes(state)
    held = strongholds_held(state)
    found = {"turn": state["turn"], "held": held, "coexisting": coexisting_strongholds(state)}
    if any(worth(state, t) != 1 for t in victory_territories(state)):
        found["points"] = {seat: points(state, territories) for seat, territories in held.items()}
    events = [*bribes, Event(EventCode.STRONGHOLDS_HELD, found)]
    result = game_result(state, held)
    if result is None:                              # War Continues (001 1.09.05)
        return events + bonus_cards.returned(state) + variants.war_continues(state, held)
    state["result"] = result
    if result["victory"] == "prediction":
        prediction = state["factions"][result["winners"][0]]["prediction"]
        events.append(Event(EventCode.PREDICTION_REVEALED, {"faction": prediction["faction"],
                                                    "turn": prediction["turn"]}))
    return [*events, Event(EventCode.GAME_OVER, result)]


def prompts(state: State) -> list[Prompt]:
    """The war continues (nobody has won): the factions' own decisions then (001 1.09.07 War
    Continues; ``Faction.decisions``: the Tleilaxu's Face Dancer replacement, 2.08.08, the
    Ixians' HMS moved there with their text B, 2.07.19); none in most games."""
    if state["result"] is not None or done(state):
        return []
    return factions.decisions(state, state["phase"])


def keys(state: State) -> list[str]:
    """The keys of ``prompts``, without their text."""
    if state["result"] is not None or done(state):
        return []
    return factions.decision_keys(state, state["phase"])


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """The factions' decisions carried out; the turn is then over."""
    state["step"]["done"] = True
    return factions.decide_all(state, state["phase"], orders, rng)


def done(state: State) -> bool:
    return state["step"].get("done", False)


# --- strongholds
def victory_territories(state: State) -> list[str]:
    """The territories that count for victory: the five strongholds (IV) and those the board
    layer puts on the map (the Hidden Mobile Stronghold, 001 2.07.18), and the Shield Wall
    with XVIII.B (classic) or, under WBC, from the 6th worm (house rule 4)."""
    rules = rules_of(state)
    territories = [territory.name for territory in layer.board(state).strongholds]
    shield_wall = rules.shield_wall_counts(state["worms"])
    return [*territories, SHIELD_WALL] if shield_wall else territories


def strongholds_held(state: State) -> dict[str, list[str]]:
    """Seat -> the victory territories it holds now, every seat listed (pure: reads only).

    A faction holds a territory it occupies; two factions there both hold it under the classic
    rules and neither does under WBC (module docstring), unless they are all allies: "Allied
    players Army Tokens are considered the same for purposes of victory" (000 XII.E.1; 003
    "How an Alliance Functions"), so each of them holds it (v3's players of several factions,
    ``players.met``); of allies there together a power may make one the holder (001 2.11.21,
    ``Faction.controls_shared``: Ecaz with their ally); a power may count it for a faction
    beside its holders (001 1.14.12 B, ``Faction.shares_control``: Ecaz's Karama).  A variant
    may add what counts as a stronghold held (001 4.05.03: the three tech tokens held by one
    faction), listed after the territories.
    """
    shared = rules_of(state).shared_strongholds_count
    held: dict[str, list[str]] = {seat: [] for seat in state["seats"]}
    for territory in victory_territories(state):
        if territory not in state["forces"]:
            continue                            # nobody there (issue 20: asked every step)
        present = holders(state, territory)
        if not shared and len(present) > 1 and ally_of(state, present[0]) != present[1:]:
            continue                            # two sides there: neither holds it
        if len(present) > 1:                    # allies together: one may control it alone
            present = next(([seat] for faction in factions.in_play(state, "controls_shared")
                            if (seat := faction.controls_shared(state, present))), present)
        for faction in factions.in_play(state, "shares_control"):     # 001 1.14.12 B
            present = [*present, *faction.shares_control(state, territory, present)]
        for seat in present:
            held[seat].append(territory)
    if variants.in_play(state):             # the tech tokens' point (001 4.05.03)
        for seat in state["seats"]:
            held[seat] += variants.victory_points(state, seat)
    return held


def holders(state: State, territory: str) -> list[str]:
    """The factions occupying a victory territory for victory: its occupants, or on the
    Shield Wall with ``Rules.shield_wall_held_beside`` those in its sectors touching that
    territory (GF9 Shield Wall Stronghold, 001 4.2.2: "Only the left side (the side touching
    the Imperial Basin)"; 4.2.7: the faction there controls it with another on the right)."""
    beside = rules_of(state).shield_wall_held_beside
    if territory != SHIELD_WALL or beside is None:
        return occupants(state, territory)
    sectors = {str(b.sector) for b in data(state).board.borders(territory, beside)}
    present = {seat for sector, by_faction in state["forces"].get(territory, {}).items()
               if sector in sectors for seat in by_faction}
    return [seat for seat in occupants(state, territory) if seat in present]


def coexisting_strongholds(state: State) -> list[str]:
    """The strongholds where the Bene Gesserit coexist now (their performance points, 004
    line 179); public, as every coexistence is."""
    strongholds = {territory.name for territory in layer.board(state).strongholds}
    coexisting = factions.owner(state, Ability.COEXISTENCE)     # not the Smugglers (001 2.13.06)
    return [territory for faction in factions.in_play(state) if faction.seat == coexisting
            for territory in faction.coexisting(state) if territory in strongholds]


def strongholds_needed(rules: Rules, players: int, members: int = 1) -> int | None:
    """Strongholds an unallied faction (``members`` 1) or an alliance needs to win: 3, 4 with
    two players (IV), one more with XVIII.A.2; under WBC one more per ally (house rule 3);
    under GF9 3, or 4 for an alliance (001 1.09.03); under v3 the control points of 003's
    chart, by players and the alliance's size in players (None: it cannot win so)."""
    return rules.strongholds_to_win(players, members)


def worth(state: State, territory: str) -> int:
    """The control points a victory territory counts: one, or its data's (003 "Diversified
    Victory": Arrakeen and Carthag two, ``v3_diversified/board.yaml``); one for what a variant
    counts as a stronghold held (001 4.05.03: the three tech tokens, ``strongholds_held``)."""
    board = data(state).board
    return board[territory].control_points if territory in board else 1


def points(state: State, territories: list[str] | set[str]) -> int:
    """The control points of these victory territories together (003 "Victory by Conquest";
    a stronghold one each under every other ruleset)."""
    return sum(worth(state, territory) for territory in territories)


def party_players(state: State, party: list[str]) -> int:
    """The players a party counts for victory: one a faction, but the factions one player runs
    count as one (003 "Playing with two or three": "Alliances win as normal"; ruling)."""
    return len({commander(state, seat) for seat in party})


def parties(state: State) -> list[list[str]]:
    """The alliances and the unallied factions, each a list of seats in seat order."""
    allied = {seat for alliance in state["alliances"] for seat in alliance}
    groups = [[seat for seat in state["seats"] if seat in alliance]
              for alliance in state["alliances"]]
    return groups + [[seat] for seat in state["seats"] if seat not in allied]


def party_strongholds(held: dict[str, list[str]], party: list[str]) -> set[str]:
    """The victory territories a party holds, its members' together (XII.E.1)."""
    return {territory for seat in party for territory in held[seat]}


# --- the result
def game_result(state: State, held: dict[str, list[str]]) -> dict[str, Any] | None:
    """The result if the game ends with this turn, else None."""
    winning = stronghold_winners(state, held)
    if winning:
        if prediction_fulfilled(state, winning):
            return _result(state, [factions.holder(state, Ability.PREDICTION)], "prediction",
                           held)
        if rules_of(state).first_winner_in_storm_order:
            winning = first_in_storm_order(state, winning)
        victory = "alliance" if any(len(party) > 1 for party in winning) else "strongholds"
        return _result(state, [seat for party in winning for seat in party], victory, held)
    if state["turn"] < rules_of(state).turns:
        return None
    winners, victory = end_of_play(state, held)
    return _result(state, winners, victory, held)


def stronghold_winners(state: State, held: dict[str, list[str]]) -> list[list[str]]:
    """The parties holding the strongholds they need (IV, XII.E.1, XVIII.A.2; WBC 3)."""
    rules = rules_of(state)
    count = players(state)
    found = []
    needs = factions.in_play(state, "victory_needs")                   # 001 2.11.22
    for party in parties(state):
        needed = strongholds_needed(rules, count, party_players(state, party))
        for faction in needs:
            needed = faction.victory_needs(state, party, needed)
        needed = variants.victory_needs(state, party, needed)         # 001 4.10.12 "Ecaz"
        if needed is not None and points(state, party_strongholds(held, party)) >= needed:
            found.append(party)
    return found


def first_in_storm_order(state: State, winning: list[list[str]]) -> list[list[str]]:
    """Of several winning parties, the one with the faction first in storm order (001
    1.09.04: "only the player or alliance first in Storm Order wins the game")."""
    order = storm_order(state)
    return [min(winning, key=lambda party: min(order.index(seat) for seat in party))]


def prediction_fulfilled(state: State, winning: list[list[str]]) -> bool:
    """Whether the Bene Gesserit predicted one of these winners, alone or allied (even with
    them), for this turn (shield, 000 line 780)."""
    predictor = factions.holder(state, Ability.PREDICTION)
    prediction = None if predictor is None else state["factions"][predictor]["prediction"]
    return (prediction is not None and prediction["turn"] == state["turn"]
            and predictor not in state.get("dropouts", [])                    # 004 line 193
            and predictor not in state.get("out", [])                 # 003 "Main Leaders"
            and any(prediction["faction"] in party for party in winning))


def end_of_play(state: State, held: dict[str, list[str]]) -> tuple[list[str], str]:
    """Winners and victory code after the last turn when nobody won: the Guild, the Fremen, the
    most strongholds (module docstring)."""
    for seat, conditional in default_order(state):
        if not conditional or conditions_hold(state, seat):
            return with_allies(state, seat), f"{seat}-default"
    fallback = rules_of(state).end_of_play
    if fallback == "stalemate":                     # 003 "Game End": everyone loses
        return [], "stalemate"
    if fallback == "definitive":                    # 003 house rule "Definitive Victory"
        return definitive_winners(state, held), "definitive"
    counts = {tuple(party): len(party_strongholds(held, party)) for party in parties(state)}
    most = max(counts.values(), default=0)
    if not most:
        return [], "turn-limit"
    winners = {seat for party, count in counts.items() if count == most for seat in party}
    return [seat for seat in state["seats"] if seat in winners], "most-strongholds"


def definitive_winners(state: State, held: dict[str, list[str]]) -> list[str]:
    """003 house rule "Definitive Victory": the party with the most control points, ties going
    to the most forces on the board, then spice, treachery cards in hand and leaders alive;
    ruling: an alliance counts its members' together, as for control (003 "Victory by
    Conquest"), and parties equal on all five win together."""
    def standing(party: list[str]) -> tuple[int, ...]:
        return (points(state, party_strongholds(held, party)),
                sum(forces_on_board(state, seat) for seat in party),
                sum(state["factions"][seat]["spice"] for seat in party),
                sum(len(state["factions"][seat]["hand"]) for seat in party),
                sum(list(state["factions"][seat]["leaders"].values()).count(ALIVE)
                    for seat in party))
    ranked = {tuple(party): standing(party) for party in parties(state)
              if not set(party) <= set(state.get("dropouts", []))}
    best = max(ranked.values(), default=None)
    return [seat for seat in state["seats"]
            if any(seat in party and value == best for party, value in ranked.items())]


def forces_on_board(state: State, seat: str) -> int:
    """The faction's forces on the map, starred ones one each (Army Tokens, 003)."""
    return total(on_map(state, seat))


def default_victors(state: State) -> list[str]:
    """The factions in play with a default victory, in precedence (Q&A XXV.E.3, 000 line 700:
    the Guild, then the Fremen)."""
    ranked = [f for f in factions.in_play(state) if f.default_victory_precedence() is not None]
    return [f.seat for f in sorted(ranked, key=lambda f: f.default_victory_precedence())]


def default_order(state: State) -> list[tuple[str, bool]]:
    """The default victors still in the game (004 line 193), in the order they are checked,
    each with whether its sheet's conditions apply.  Classic: by precedence, each with its
    conditions.  GF9 (001 1.09.06, 2.04.10.01): a victory with conditions (the Fremen's) first
    while one without (the Guild's) is in play; with none in play, it needs no condition."""
    seats = [seat for seat in default_victors(state)
             if seat not in state.get("dropouts", []) and seat not in state.get("out", [])]
    if not rules_of(state).conditional_default_first:
        return [(seat, True) for seat in seats]
    conditional = [seat for seat in seats if has_conditions(state, seat)]
    unconditional = [seat for seat in seats if seat not in conditional]
    if not unconditional:
        return [(seat, False) for seat in conditional]
    return [(seat, True) for seat in conditional] + [(seat, False) for seat in unconditional]


def has_conditions(state: State, seat: str) -> bool:
    """Whether a faction's default victory has conditions (the Fremen's, 000 line 830)."""
    default = sheet(seat, state).default_victory
    assert default is not None, seat
    return bool(default.own_or_empty or default.barred_territories)


def conditions_hold(state: State, seat: str) -> bool:
    """Whether a faction's default victory (its sheet's ``default_victory``) is open to it: it
    "or no one" occupies each of ``own_or_empty``, and none of ``barred_factions`` (nor a
    faction whose power bars it, ``Faction.bars_default_victory``: Richese, 001 2.10.19)
    occupies ``barred_territories`` (Fremen shield, 000 line 830; the Guild's has no
    condition)."""
    default = sheet(seat, state).default_victory
    assert default is not None, seat
    barred = {data(state).faction(name).seat for name in default.barred_factions}
    barred |= {f.seat for f in factions.in_play(state, "bars_default_victory")
               if f.bars_default_victory(state, seat)}
    if factions.power(seat, state).default_bars_spare_ally(rules_of(state)):     # 001 4.1.20
        barred -= set(ally_of(state, seat))
    return (all(set(occupants(state, t)) <= {seat} for t in default.own_or_empty)
            and not any(barred & set(occupants(state, t)) for t in default.barred_territories))


def with_allies(state: State, seat: str) -> list[str]:
    """A faction winning by default, with its allies when its alliance shares that victory
    (Fremen line 840: "They win with you"; Guild line 866: "They may win with you")."""
    winners = {seat}
    if factions.has(state, seat, Ability.ALLY_SHARES_DEFAULT_VICTORY):
        winners.update(ally_of(state, seat))
    return [s for s in state["seats"] if s in winners]


def _result(state: State, winners: list[str], victory: str,
            held: dict[str, list[str]]) -> dict[str, Any]:
    result = {"winners": winners, "victory": victory, "strongholds_held": held,
              "turn": state["turn"]}
    if rules_of(state).ranks_by_spice:              # 003 "Victory by Conquest", "Game End"
        result["ranking"] = sorted(state["seats"], key=lambda seat: (
            seat not in winners, -state["factions"][seat]["spice"]))
    return result
