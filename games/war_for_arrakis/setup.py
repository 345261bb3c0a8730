"""A new game (002 SETUP; 3-4 PLAYERS MODE, SETUP; MAHDI SOLO MODE, SETUP)."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Seating

from . import automaton as solo
from .data import MARKERS
from .state import (
    ATREIDES,
    GENERIC,
    HARKONNEN,
    POWERS,
    SEAT_NAMES,
    SIDES,
    SOLO,
    State,
    data,
    new_legion,
    shared,
    side_of,
)

RULESETS = ("standard", SOLO)
RULES_VERSION = "1"
# The seatings a game may have (002 3-4 PLAYERS MODE; MAHDI SOLO MODE: one player, or two
# sharing the Atreides).
SEATINGS = {
    "standard": (("atreides", "harkonnen"), ("atreides", "house-harkonnen", "corrino"),
                 ("house-atreides", "fremen", "harkonnen"),
                 ("house-atreides", "fremen", "house-harkonnen", "corrino")),
    SOLO: (("atreides",), ("house-atreides", "fremen")),
}
OPTIONS = {"rounds": 0}          # a round limit (0: none), for self-play and tournaments
# Options a game has only when its file names them (a state without them is as it was): the
# Old Man of the Desert optional rule (002 OLD MAN OF THE DESERT (OPTIONAL), old_man.py).
OPTIONAL = ("old_man",)


def checked_seats(ruleset: str, seats: list[str]) -> list[str]:
    """The seats a game may have: each faction one seat or its two powers' (002 3-4 PLAYERS
    MODE); in the Mahdi solo mode the Atreides alone (002 MAHDI SOLO MODE: one player, or two
    sharing the Atreides)."""
    unknown = [s for s in seats if s not in SEAT_NAMES]
    if unknown:
        raise ValueError(f"unknown seats {unknown}; seats are: {', '.join(SEAT_NAMES)}")
    if len(set(seats)) != len(seats):
        raise ValueError("a seat is named twice")
    for side in SIDES:
        mine = [s for s in seats if s == side or s in POWERS[side]]
        wanted = ([] if side == HARKONNEN and ruleset == SOLO else None)
        if wanted is not None and mine:
            raise ValueError("the Mahdi solo mode has no Harkonnen seat: the rules play them")
        if wanted is None and sorted(mine) not in ([side], sorted(POWERS[side])):
            raise ValueError(f"the {data().factions[side].name} are one seat ({side}) or two "
                             f"({' and '.join(POWERS[side])}), not {mine or 'none'}")
    return sorted(seats, key=SEAT_NAMES.index)


def seating(ruleset: str, options: dict[str, Any]) -> Seating:
    """The seats a game of the ruleset may have (``Game.seating``): only the sets of
    ``SEATINGS``; a ``ValueError`` for an unknown ruleset or option."""
    checked_options(ruleset, options)
    sets = SEATINGS[ruleset]
    names = tuple(name for name in SEAT_NAMES if any(name in s for s in sets))
    return Seating(names, min(map(len, sets)), max(map(len, sets)), sets)


def checked_options(ruleset: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options of a game of the ruleset, defaults filled in (``commanders`` is the
    moderator's, not the rules')."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; rulesets are: {', '.join(RULESETS)}")
    wanted = dict(OPTIONS)
    for option, value in options.items():
        if option == "commanders":
            continue
        if option not in OPTIONS and option not in OPTIONAL:
            raise ValueError(f"unknown option {option!r}; options are: "
                             f"{', '.join((*OPTIONS, *OPTIONAL))}")
        if option in OPTIONAL and not isinstance(value, bool):
            raise ValueError(f"option {option}: true or false, not {value!r}")
        wanted[option] = value
    return wanted


def new_game(ruleset: str, options: dict[str, Any], seats: list[str],
             rng: random.Random) -> State:
    """The state of 002 SETUP, before the first round begins."""
    wanted = checked_options(ruleset, options)
    seats = checked_seats(ruleset, seats)
    for seat, chief in (options.get("commanders") or {}).items():
        if seat not in seats or chief not in seats or side_of(seat) != side_of(chief):
            raise ValueError(f"{seat} may be commanded only by the other power of its "
                             f"faction, not {chief}")
    d = data()
    board = d.board
    state: State = {
        "game": "war_for_arrakis", "rules_version": RULES_VERSION, "ruleset": ruleset,
        "options": wanted, "seats": seats, "commanders": dict(options.get("commanders") or {}),
        "round": 1, "phase": "start", "step": {}, "turns": 0, "result": None,
        "legions": {}, "sietches": {}, "settlements": {}, "stations": {}, "harvesters": [],
        "air": {}, "wormsigns": {}, "sandworms": [], "wild_maker": None, "atomics": None,
        "supremacy": 0, "prescience": {m: 0 for m in MARKERS},
        "imperium": {m: 0 for m in ("choam", "guild", "landsraad")},        # 002 SETUP 12
        "bans": [], "spice_reserve": 0,
        "bene_gesserit": {ATREIDES: d.factions[ATREIDES].bene_gesserit_start,
                          HARKONNEN: d.factions[HARKONNEN].bene_gesserit_start,
                          "reserve": d.bene_gesserit_tokens - d.factions[ATREIDES]
                          .bene_gesserit_start},                             # 002 SETUP 16
        "bene_gesserit_spent": 0,
        "leaders": {}, "tank": {side: [None] * d.factions[side].tank_slots for side in SIDES},
        "dice": {}, "decks": {}, "discards": {deck: [] for deck in d.decks}, "hands": {},
        "prescience_row": [], "prescience_removed": [], "prescience_deck": 0, "claimed": [],
        "claims": 0, "attached": {}, "objectives": 1, "bag": 0,
        "cones": {side: d.limits["cones_of_silence"] for side in SIDES},
        "round_harvesters": 0, "round_sietches_lost": 0, "round_settlements_lost": 0,
        "hidden": {"decks": {}, "hands": {}, "prescience_deck": [], "objectives": [],
                   "objective_deck": [], "tokens": {}, "bag": [], "sietch_ranks": {},
                   "stations": {}, "wormsigns": {}, "wormsign_pool": [], "plans": {},
                   "standing": {}, "solo": {}},
    }
    hidden = state["hidden"]
    # 2: the sietch tokens, face down; 3: a starting deployment token and a Naib on each.
    ranks = list(d.sietch_ranks)
    rng.shuffle(ranks)
    sietches = [a for a in board.areas if board[a].sietch]
    tokens = _tokens(rng, [*d.deployment["atreides_starting"], *d.deployment["atreides"]])
    starting, bag = tokens[:len(sietches)], tokens[len(sietches):]
    for number, (area, rank) in enumerate(zip(sietches, ranks, strict=True), start=1):
        token = f"s{number}"
        state["sietches"][area] = {"token": token, "rank": None}
        hidden["sietch_ranks"][token] = rank
    rng.shuffle(starting)
    for area, (token, contents) in zip(sietches, starting, strict=True):
        legion = state["legions"][area] = new_legion(ATREIDES)
        legion["tokens"].append(token)
        legion["leaders"].append(GENERIC[ATREIDES])
        hidden["tokens"][token] = contents
    # 4: the standard tokens into the Rebels Bag.
    for token, contents in bag:
        hidden["tokens"][token] = contents
        hidden["bag"].append(token)
    state["bag"] = len(hidden["bag"])
    # 5, 6: the Harkonnen settlements, a starting token of each set on each, turned to figures.
    black = list(d.deployment["harkonnen_black"])
    silver = list(d.deployment["harkonnen_silver"])
    rng.shuffle(black)
    rng.shuffle(silver)
    for area in board.areas:
        site = board[area].settlement
        if site is None:
            continue
        state["settlements"][area] = site.rank
        legion = state["legions"][area] = new_legion(HARKONNEN)
        for token in (black.pop(), silver.pop()):
            for kind in ("regular", "elite", "special"):
                legion[kind] += token.get(kind, 0)
            legion["leaders"] += [GENERIC[HARKONNEN]] * token.get("leader", 0)
    # 7: the stations, face down.
    symbols = [m for m, n in d.station_symbols.items() for _ in range(n)]
    rng.shuffle(symbols)
    for number, (area, symbol) in enumerate(
            zip([a for a in board.areas if board[a].station], symbols, strict=True), start=1):
        state["stations"][area] = f"e{number}"
        hidden["stations"][f"e{number}"] = symbol
    # 9: the Prescience deck; 10: the wormsign pool.
    prescience = list(d.prescience)
    rng.shuffle(prescience)
    hidden["prescience_deck"] = prescience
    state["prescience_deck"] = len(prescience)
    kinds = [k for k, n in d.wormsigns.items() for _ in range(n)]
    rng.shuffle(kinds)
    for number, kind in enumerate(kinds, start=1):
        hidden["wormsigns"][f"w{number}"] = kind
        hidden["wormsign_pool"].append(f"w{number}")
    # 11: the named leaders in play at the start, figures set aside.
    for leader, card in d.leaders.items():
        start = card.enters.get("start", False)
        state["leaders"][leader] = {"status": "aside" if start else "out", "area": None,
                                    "spent": False, "back": None}
    # 13: the Planning decks; a hand per player.
    for deck, cards in d.decks.items():
        pile = list(cards)
        rng.shuffle(pile)
        hidden["decks"][deck] = pile
        state["decks"][deck] = len(pile)
    for seat in seats:
        hidden["hands"][seat] = []
        state["hands"][seat] = 0
        hidden["plans"][seat] = []
    # 14: one Secret Objective.
    objectives = list(d.objectives)
    rng.shuffle(objectives)
    hidden["objectives"] = [objectives.pop()]
    hidden["objective_deck"] = objectives
    for side in SIDES:
        if not shared(state, side):
            state["cones"][side] = 0
    if wanted.get("old_man"):
        _old_man(state)
    if ruleset == SOLO:
        solo.call("set_up", state, rng)
    return state


def _old_man(state: State) -> None:
    """The Old Man of the Desert in the figures' reserve, no sandworm before the Atreides; the
    Atreides' starting Bene Gesserit token stays in the reserve, as they never gain nor use
    one (002 OLD MAN OF THE DESERT (OPTIONAL))."""
    state["old_man"] = None
    state["old_man_worms"] = 0
    state["old_man_left"] = None                 # the round he last left the board
    tokens = state["bene_gesserit"]
    tokens["reserve"] += tokens[ATREIDES]
    tokens[ATREIDES] = 0


def _tokens(rng: random.Random, contents: list[dict[str, int]]) -> list[tuple[str, dict]]:
    """The Atreides tokens with ids that say nothing of them: the starting ones are the first
    eight of the list, each given a number drawn at random."""
    numbers = list(range(1, len(contents) + 1))
    rng.shuffle(numbers)
    return [(f"t{n:02d}", dict(c)) for n, c in zip(numbers, contents, strict=True)]
