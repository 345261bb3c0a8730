"""Set-up (000 III; WBC house rules 1 and 7, WBC clarifications III).

At the start, with no orders: the seats take their player dots (in the game
file's order; in random order under WBC house rule 1), the decks are
shuffled, each faction gets its spice, its forces that have a fixed place,
its starting treachery cards (000 III.E.5; two for the Harkonnen, line 882)
and four leaders drawn for traitors (000 III.E.2; WBC III and house rule 7:
only leaders of the factions in play, from a traitor deck).

By mail the set-up then takes two rounds where the table would take five:

1. at once: the Bene Gesserit prediction (000 line 780; WBC III: right after
   factions are assigned, before traitors are picked), every other faction's
   traitor pick (the Bene Gesserit see their own draw only after predicting),
   the Fremen placement (000 line 816; WBC III: may include Fedaykin), and the
   first storm dials 0-20 of the two factions whose dots are nearest the storm
   start on either side (000 VI.A);
2. the Bene Gesserit traitor pick and their starting token (Polar Sink, 000
   line 772, or any territory with XV, 000 XV.B.1, line 500; WBC III: after the Fremen).

The Harkonnen keep every opponent's leader they draw (000 line 880).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .orders import (
    OrderKind,
    OrderProblem,
    order_kind,
    read_faction,
    read_number,
    read_territory,
    where,
)
from .prompt_key import PromptKey
from .rules import Rules, rules_of
from .state import SEAT_FACTIONS, State, add_forces, data, only_sector, sheet

BG, FREMEN, HARKONNEN = "bene-gesserit", "fremen", "harkonnen"
FIRST_STORM_DIAL = (0, 20)      # 000 VI.A


def new_game(rules: Rules, seats: list[str], rng: random.Random) -> State:
    """The state before the set-up decisions: dots, decks, spice, fixed forces, draws."""
    board = data().board
    seating = list(seats)
    if rules.wbc:
        rng.shuffle(seating)            # WBC house rule 1: seating order drawn randomly
    dots = dict(zip(seating, board.player_dots, strict=False))
    order = sorted(seating, key=lambda s: dots[s])
    state: State = {
        "rules": rules.to_json(), "turn": 0, "phase": "setup", "step": {"round": 1},
        "seats": order, "dots": dots,
        "storm": {"sector": None, "dialers": first_storm_dialers(order, dots),
                  "dials": {}, "marker": None},
        "forces": {}, "spice": {}, "factions": {}, "alliances": [], "worms": 0,
        "shield_wall": "standing", "result": None, "coexisting": [], "ornithopters": [],
        "transfers": [], "kwisatz_haderach": {"losses": 0, "tanks": False},
        "prevented": {}, "truthtrance": [],
        "decks": {"treachery": [c.id for c in data().treachery_deck], "treachery_discard": [],
                  "treachery_removed": [],
                  "spice": [c.id for c in data().spice_deck],
                  "spice_discard": [[], []] if rules.double_blow else [[]],
                  "spice_last": [None, None] if rules.double_blow else [None]},
    }
    rng.shuffle(state["decks"]["treachery"])
    rng.shuffle(state["decks"]["spice"])
    for seat in order:
        state["factions"][seat] = _faction_sheet(rules, seat)
    _place_fixed_forces(state, rules)
    for seat in order:
        for _ in range(sheet(seat).treachery_cards_at_start):
            state["factions"][seat]["hand"].append(state["decks"]["treachery"].pop())
    _draw_traitors(state, rules, rng)
    return state


def first_storm_dialers(order: list[str], dots: dict[str, int]) -> list[str]:
    """The factions whose dots are nearest the storm start on either side (000 VI.A)."""
    board = data().board
    start = board.storm_start_sector
    ahead = min(order, key=lambda s: (dots[s] - start) % board.sectors)
    behind = min(order, key=lambda s: (start - dots[s]) % board.sectors)
    if ahead == behind:
        behind = next(s for s in sorted(order, key=lambda s: (start - dots[s]) % board.sectors)
                      if s != ahead)
    return [ahead, behind]


def _faction_sheet(rules: Rules, seat: str) -> dict[str, Any]:
    faction = sheet(seat)
    starred = faction.starred.count if faction.starred and rules.advantages else 0
    placed = sum(p.forces for p in faction.start)
    return {
        "spice": faction.spice,
        "reserve": [faction.reserve - starred, starred],
        "tanks": [0, 0],
        "to_place": placed if seat in (FREMEN, BG) else 0,
        "hand": [], "traitors": [], "traitor_draw": [],
        "leaders": {leader.name: "alive" for leader in data().leaders_of(faction.name)},
        "leaders_revived": [],
        "prediction": None,
    }


def _place_fixed_forces(state: State, rules: Rules) -> None:
    for seat in state["seats"]:
        if seat in (FREMEN, BG):
            continue
        for placement in sheet(seat).start:
            (territory,) = placement.territories
            add_forces(state, seat, territory, only_sector(territory), placement.forces)


def _draw_traitors(state: State, rules: Rules, rng: random.Random) -> None:
    """Four leaders each (000 III.E.2), returned to the pile after each draw under AH;
    from one traitor deck of the factions in play under WBC (house rule 7, clarification III)."""
    in_play = {SEAT_FACTIONS[s] for s in state["seats"]}
    pool = [leader.name for leader in data().leaders
            if not rules.wbc or leader.faction in in_play]
    deck = list(pool)
    rng.shuffle(deck)
    for seat in state["seats"]:
        if rules.wbc:
            draw = [deck.pop() for _ in range(sheet(seat).traitors_drawn)]
        else:
            draw = rng.sample(pool, sheet(seat).traitors_drawn)
        state["factions"][seat]["traitor_draw"] = draw
        if seat == HARKONNEN:
            state["factions"][seat]["traitors"] = eligible_traitors(state, seat)
    state["decks"]["traitors"] = deck if rules.wbc else []


def eligible_traitors(state: State, seat: str) -> list[str]:
    """The leaders of the draw a faction may keep: those of its opponents in play."""
    own = SEAT_FACTIONS[seat]
    in_play = {SEAT_FACTIONS[s] for s in state["seats"]}
    return [name for name in state["factions"][seat]["traitor_draw"]
            if data().leader(name).faction != own and data().leader(name).faction in in_play]


# --- the decisions
def prompts(state: State) -> list[Prompt]:
    """The open set-up decisions of the current round."""
    rules = rules_of(state)
    found: list[Prompt] = []
    round_ = state["step"]["round"]
    if round_ == 1:
        if BG in state["factions"]:
            found.append(_prediction_prompt(state))
        for seat in state["seats"]:
            if seat not in (BG, HARKONNEN) and eligible_traitors(state, seat):
                found.append(_traitor_prompt(state, seat))
        if FREMEN in state["factions"]:
            found.append(_fremen_prompt(state, rules))
        for seat in state["storm"]["dialers"]:
            found.append(_dial_prompt(seat))
    elif round_ == 2 and BG in state["factions"]:
        if eligible_traitors(state, BG):
            found.append(_traitor_prompt(state, BG))
        if rules.advantages:
            found.append(_bg_placement_prompt(state))
    return found


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """Apply one round of set-up decisions (``state`` is already a copy)."""
    events: list[Event] = []
    rules = rules_of(state)
    round_ = state["step"]["round"]
    for key, value in orders.items():
        kind, seat = PromptKey.parse(key)
        if kind == "predict":
            state["factions"][seat]["prediction"] = value
            events.append(Event("prediction-made", {"faction": seat}))
            events.append(Event("prediction", {"faction": value["faction"],
                                               "turn": value["turn"]}, to=(seat,)))
        elif kind == "traitor":
            state["factions"][seat]["traitors"] = [value]
            events.append(Event("traitor-chosen", {"faction": seat}))
            events.append(Event("traitor", {"leader": value}, to=(seat,)))
        elif kind == "fremen-placement":
            for territory, sector, normal, starred in value:
                add_forces(state, seat, territory, sector, normal, starred)
                state["factions"][seat]["reserve"][1] -= starred   # Fedaykin from reserve,
                state["factions"][seat]["reserve"][0] += starred   # normal ones stay there
            state["factions"][seat]["to_place"] = 0
            events.append(Event("forces-placed", {"faction": seat, "placements": value}))
        elif kind == "first-storm-dial":
            state["storm"]["dials"][seat] = value
    if round_ == 1:
        if HARKONNEN in state["factions"]:
            events.append(Event("traitors", {"leaders": state["factions"][HARKONNEN]["traitors"]},
                                to=(HARKONNEN,)))
        state["step"] = {"round": 2}
        if BG in state["factions"] and not rules.advantages:
            _place_bg(state, "Polar Sink", only_sector("Polar Sink"), events)
    elif round_ == 2:
        if BG in state["factions"] and rules.advantages:
            territory, sector = orders[f"bg-placement:{BG}"]
            _place_bg(state, territory, sector, events)
        state["step"] = {"round": 3}
    return events


def _place_bg(state: State, territory: str, sector: int, events: list[Event]) -> None:
    add_forces(state, BG, territory, sector, 1)
    state["factions"][BG]["to_place"] = 0
    events.append(Event("forces-placed", {"faction": BG,
                                          "placements": [[territory, sector, 1, 0]]}))


def done(state: State) -> bool:
    return state["step"]["round"] == 3


# --- prompts and their order kinds
def _prediction_prompt(state: State) -> Prompt:
    rules = rules_of(state)
    others = [s for s in state["seats"] if s != BG]
    return Prompt(f"predict:{BG}", BG, "predict", True,
                  f"PREDICT <faction> <turn 1-{rules.turns}>; factions: "
                  + ", ".join(SEAT_FACTIONS[s] for s in others),
                  {"faction": others[0], "turn": rules.turns},
                  f"PREDICT {SEAT_FACTIONS[others[0]]} {rules.turns}",
                  f"PREDICT {SEAT_FACTIONS[others[0]]} {rules.turns}")


def _read_prediction(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    rules = rules_of(state)
    if len(words) < 2:
        raise OrderProblem("incomplete", "expected PREDICT <faction> <turn>",
                           (f"PREDICT Harkonnen {rules.turns}",))
    faction = read_faction(words[:-1], [s for s in state["seats"] if s != BG])
    return {"faction": faction, "turn": read_number(words[-1], 1, rules.turns, "the turn")}


def _random_prediction(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict:
    others = [seat for seat in view["factions"] if seat != BG]
    return {"faction": rng.choice(others), "turn": rng.randint(1, view["last_turn"])}


order_kind(OrderKind("predict", ("PREDICT",), _read_prediction,
                     lambda v: f"PREDICT {SEAT_FACTIONS[v['faction']]} {v['turn']}",
                     random=_random_prediction))


def _traitor_prompt(state: State, seat: str) -> Prompt:
    choices = eligible_traitors(state, seat)
    return Prompt(f"traitor:{seat}", seat, "traitor", True,
                  "TRAITOR <leader>, one of: " + ", ".join(choices),
                  choices[0], f"TRAITOR {choices[0]}", f"TRAITOR {choices[0]}")


def _read_traitor(state: State, prompt: Prompt, words: list[str]) -> str:
    choices = eligible_traitors(state, prompt.seat)
    try:
        leader = data().leader(" ".join(words)).name
    except LookupError:
        raise OrderProblem("unknown-leader", f"no leader {' '.join(words)!r}",
                           tuple(choices)) from None
    if leader not in choices:
        raise OrderProblem("not-in-draw", f"{leader} is not an opponent's leader you drew",
                           tuple(choices))
    return leader


def _random_traitor(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    in_play = {f["name"] for f in view["factions"].values()}
    own = SEAT_FACTIONS[prompt.seat]
    choices = [name for name in view["own"]["traitor_draw"]
               if data().leader(name).faction in in_play - {own}]
    return rng.choice(choices)


order_kind(OrderKind("traitor", ("TRAITOR",), _read_traitor, lambda v: f"TRAITOR {v}",
                     random=_random_traitor))


def _fremen_prompt(state: State, rules: Rules) -> Prompt:
    territories = sheet(FREMEN).start[0].territories
    starred = " (a * after the number: Fedaykin)" if rules.wbc and rules.advantages else ""
    default = [["Sietch Tabr", data().board["Sietch Tabr"].sectors[0], 10, 0]]
    return Prompt(f"fremen-placement:{FREMEN}", FREMEN, "fremen-placement", False,
                  f"PLACE <forces>{starred} <territory>, 10 forces in all, over: "
                  + ", ".join(territories),
                  default, "PLACE 10 Sietch Tabr", "PLACE 10 Sietch Tabr")


def _read_placement_part(state: State, prompt: Prompt, words: list[str]) -> list[list]:
    rules = rules_of(state)
    allowed = list(sheet(FREMEN).start[0].territories)
    if not words:
        raise OrderProblem("incomplete", "expected PLACE <forces> <territory>",
                           ("PLACE 6 Sietch Tabr",))
    count = words[0]
    starred = count.endswith("*")
    if starred and not (rules.wbc and rules.advantages):
        raise OrderProblem("no-fedaykin", "Fedaykin may not be placed at the start here",
                           ("PLACE 10 Sietch Tabr",))
    number = read_number(count.rstrip("*"), 1, 10, "the forces")
    territory, sector = read_territory(words[1:], allowed)
    if sector is None:
        sector = territory.sectors[0]
    return [[territory.name, sector, 0 if starred else number, number if starred else 0]]


def _combine_placement(state: State, prompt: Prompt, parts: list[list[list]]) -> list[list]:
    placements = [p for part in parts for p in part]
    total = sum(p[2] + p[3] for p in placements)
    starred = sum(p[3] for p in placements)
    if total != 10:
        raise OrderProblem("placement-total", f"the Fremen place 10 forces, not {total}",
                           ("PLACE 10 Sietch Tabr", "PLACE 6 Sietch Tabr / PLACE 4 False Wall "
                            "South"))
    if starred > state["factions"][FREMEN]["reserve"][1]:
        raise OrderProblem("too-many-fedaykin", f"the Fremen have "
                           f"{state['factions'][FREMEN]['reserve'][1]} Fedaykin")
    return placements


def _placement_text(value: list[list]) -> str:
    return "\n".join(f"PLACE {n or s}{'*' if s else ''} {where(t, sector)}"
                     for t, sector, n, s in value)


def _random_placement(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list:
    territories = sheet(FREMEN).start[0].territories
    counts = dict.fromkeys(territories, 0)
    for _ in range(10):
        counts[rng.choice(territories)] += 1
    placements = []
    for territory, count in counts.items():
        if count:
            sector = rng.choice(data().board[territory].sectors)
            placements.append([territory, sector, count, 0])
    return placements


order_kind(OrderKind("fremen-placement", ("PLACE",), _read_placement_part, _placement_text,
                     _combine_placement, _random_placement))


def _bg_placement_prompt(state: State) -> Prompt:
    return Prompt(f"bg-placement:{BG}", BG, "bg-placement", False,
                  "PLACE <territory> [SECTOR <n>]: your starting token, anywhere (000 XV)",
                  ["Polar Sink", only_sector("Polar Sink")],
                  "PLACE Polar Sink", "PLACE Polar Sink")


def _read_bg_placement(state: State, prompt: Prompt, words: list[str]) -> list:
    territory, sector = read_territory(words)
    if sector is None:
        if len(territory.sectors) > 1:
            raise OrderProblem("sector-needed", f"{territory.name} spans sectors "
                               f"{', '.join(map(str, territory.sectors))}: add SECTOR <n>",
                               tuple(f"PLACE {territory.name} SECTOR {s}"
                                     for s in territory.sectors))
        sector = only_sector(territory.name)
    return [territory.name, sector]


def _random_bg_placement(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list:
    territory = rng.choice(data().board.territories)
    return [territory.name, rng.choice(territory.sectors or (0,))]


order_kind(OrderKind("bg-placement", ("PLACE",), _read_bg_placement,
                     lambda v: f"PLACE {where(v[0], v[1])}", random=_random_bg_placement))


def _dial_prompt(seat: str) -> Prompt:
    low, high = FIRST_STORM_DIAL
    return Prompt(f"first-storm-dial:{seat}", seat, "first-storm-dial", True,
                  f"DIAL <{low}-{high}>: the first storm's dial (000 VI.A)",
                  0, "DIAL 0", "DIAL 0")


order_kind(OrderKind("first-storm-dial", ("DIAL",),
                     lambda state, prompt, words: read_number(words[0] if words else "",
                                                              *FIRST_STORM_DIAL, "the dial"),
                     lambda v: f"DIAL {v}",
                     random=lambda view, prompt, rng: rng.randint(*FIRST_STORM_DIAL)))
