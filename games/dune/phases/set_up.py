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
   line 772, or any territory with XV, 000 XV.B.1, line 500; WBC III: after the Fremen);
3. only where a faction places its forces after all others (``start_placement`` "after": the
   Moritani, 001 2.12.03, "in any unoccupied Territory after all other factions have placed
   Forces"), its placement, in a territory nobody occupies.

The Harkonnen keep every opponent's leader they draw (000 line 880).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt
from pbem.wording import plural

from .. import decks, factions, tokens, variants
from ..codes import ErrorCode, EventCode
from ..data import Ability, Board
from ..forces import (
    add,
    add_forces,
    at_start,
    kinds,
    minus,
    order_text,
    plain,
    plus,
    take,
    total,
)
from ..orders.language import (
    OrderKind,
    OrderProblem,
    order_kind,
    read_faction,
    read_forces,
    read_number,
    read_territory,
    where,
)
from ..prompt_key import PromptKey
from ..rules import Rules, rules_of
from ..state import State, data, faction_name, only_sector, sheet
from ..variants import cheap_hero_traitor

FIRST_STORM_DIAL = (0, 20)      # 000 VI.A
PHASE = "setup"        # its name in ``turn.PHASES``: the factions' own decisions asked in it


def new_game(rules: Rules, seats: list[str], rng: random.Random) -> State:
    """The state before the set-up decisions: dots, decks, spice, fixed forces, draws."""
    board = data(rules).board
    seating = list(seats)
    if rules.draws_seating:
        rng.shuffle(seating)            # WBC house rule 1: seating order drawn randomly
    dots = dict(zip(seating, board.seat_dots(len(seating)), strict=True))
    order = sorted(seating, key=lambda s: dots[s])
    state: State = {
        "rules": rules.to_json(), "turn": 0, "phase": "setup", "step": {"round": 1},
        "seats": order, "dots": dots,
        "storm": {"sector": None, "dialers": first_storm_dialers(board, order, dots),
                  "dials": {}, "marker": None},
        "forces": {}, "spice": {}, "factions": {}, "alliances": [], "worms": 0,
        "shield_wall": "standing", "result": None, "ornithopters": [],
        "transfers": [], "prevented": {}, "truthtrance": [],
        "decks": decks.new_piles(rules),
        "spice_last": dict.fromkeys(decks.spice_discards(rules)),
    }
    if rules.bribes_in_front_of_shield:
        state["bribes"] = {}            # 001 1.12.03: receiver -> spice in front of his shield
    if rules.bonus_cards:
        state["bonus_cards"] = {}       # 003 "Claiming Bonus Cards": seat -> its cards
    if (placed := tokens.set_up(rules, order)) is not None:
        state["tokens"] = placed        # the token layer, with a kind in play (001 4.05.04.01)
    rng.shuffle(state["decks"][decks.draw_pile(rules, decks.TREACHERY)])
    rng.shuffle(state["decks"][decks.draw_pile(rules, decks.SPICE)])
    for seat in order:
        state["factions"][seat] = {**_faction_sheet(rules, seat),
                                   **factions.power(seat, rules).own_sheet()}
    _place_fixed_forces(state, rules)
    if not any(f.holds_starting_cards(state) for f in factions.in_play(state)):
        for seat in order:              # else once that faction has chosen (001 2.07.04)
            for _ in range(sheet(seat, rules).treachery_cards_at_start):
                state["factions"][seat]["hand"].append(state["decks"]["treachery"].pop())
    variants.dealt(state, rng)          # 001 4.07.02: the leader skills, before the traitors
    _draw_traitors(state, rules, rng)
    return state


def first_storm_dialers(board: Board, order: list[str], dots: dict[str, int]) -> list[str]:
    """The factions whose dots are nearest the storm start on either side (000 VI.A)."""
    start = board.storm_start_sector
    ahead = min(order, key=lambda s: (dots[s] - start) % board.sectors)
    behind = min(order, key=lambda s: (start - dots[s]) % board.sectors)
    if ahead == behind:
        behind = next(s for s in sorted(order, key=lambda s: (start - dots[s]) % board.sectors)
                      if s != ahead)
    return [ahead, behind]


def _faction_sheet(rules: Rules, seat: str) -> dict[str, Any]:
    faction = sheet(seat, rules)
    placed = sum(p.forces for p in faction.start)
    return {
        "spice": faction.spice,
        "reserve": minus(at_start(rules, seat), {plain(rules, seat): placed}),
        "tanks": {},
        "to_place": placed if factions.power(seat, rules).start_placement() != "fixed" else 0,
        "hand": [], "traitors": [], "traitor_draw": [],
        "leaders": {leader.name: "alive" for leader in _leaders(rules, faction.name)},
        "leaders_revived": [],
        "prediction": None,
    }


def _leaders(rules: Rules, faction: str) -> list:
    """A faction's leaders: its five discs, and with v3's Main Leaders its sixth (003 "Main
    Leaders": "giving you a total of six leaders")."""
    found = data(rules)
    main = found.main_leader(faction) if rules.main_leader_gates else None
    return [*found.leaders_of(faction, rules.advantages), *([main] if main else [])]


def _place_fixed_forces(state: State, rules: Rules) -> None:
    for seat in placers(state, "fixed"):
        for placement in sheet(seat, rules).start:
            (territory,) = placement.territories
            sector = placement.sector
            add_forces(state, seat, territory,
                       only_sector(rules, territory) if sector is None else sector,
                       {plain(rules, seat): placement.forces})


def _draw_traitors(state: State, rules: Rules, rng: random.Random) -> None:
    """Four leaders each (000 III.E.2), returned to the pile after each draw under AH;
    from one traitor deck of the factions in play under WBC (house rule 7, clarification III)."""
    in_play = {faction_name(s, state) for s in state["seats"]}
    found = data(state)                 # a Main Leader has no traitor; the Auditor, in his game
    discs = {leader for faction in found.factions      # (001 2.09.17)
             for leader in found.leaders_of(faction.name, rules.advantages)}
    pool = [leader.name for leader in found.leaders
            if leader in discs and (not rules.traitor_deck or leader.faction in in_play)]
    pool += rules.traitor_cards                                 # 001 4.09.02
    for power in factions.in_play(state, "traitors_set_aside"):   # 001 2.11.26 LOYALTY
        aside = power.traitors_set_aside(state, pool, rng)
        pool = [card for card in pool if card not in aside]
    deck = list(pool)
    rng.shuffle(deck)
    for seat in state["seats"]:
        own = factions.power(seat, state).draws_traitors(state, rng)    # 001 2.12.05 (B)
        if own is not None:
            draw = own
        elif rules.traitor_deck:
            draw = [deck.pop() for _ in range(sheet(seat, rules).traitors_drawn)]
        else:
            draw = rng.sample(pool, sheet(seat, rules).traitors_drawn)
        state["factions"][seat]["traitor_draw"] = draw
        if keeps_all_traitors(state, seat):
            state["factions"][seat]["traitors"] = eligible_traitors(state, seat)
    state["decks"]["traitors"] = deck if rules.traitor_deck else []


def placers(state: State, when: str) -> list[str]:
    """The factions in play whose starting forces are placed so (``Faction.start_placement``)."""
    return [f.seat for f in factions.in_play(state) if f.start_placement() == when]


def keeps_all_traitors(state: State, seat: str) -> bool:
    """Whether the faction keeps every opponent's leader it draws (the Harkonnen, line 880):
    its sheet keeps as many as it draws."""
    return sheet(seat, state).traitors_kept >= sheet(seat, state).traitors_drawn


def eligible_traitors(state: State, seat: str) -> list[str]:
    """The leaders of the draw a faction may keep: those of its opponents in play, and its own
    where the ruleset allows (``Rules.own_leader_as_traitor``)."""
    return _keepable(state, seat, state["factions"][seat]["traitor_draw"])


def _keepable(state: Any, seat: str, draw: list[str]) -> list[str]:
    """The leaders of a draw a faction may keep, from a state or a view, and the traitor cards
    that are no leader's (001 4.09.02: the Cheap Hero's, anyone's to keep)."""
    rules = rules_of(state)
    in_play = {faction_name(s, state) for s in state["seats"]}
    if not rules.own_leader_as_traitor:
        in_play.discard(faction_name(seat, state))
    return [name for name in draw
            if name in rules.traitor_cards or data(state).leader(name).faction in in_play]


# --- the decisions
def prompts(state: State) -> list[Prompt]:
    """The open set-up decisions of the current round."""
    rules = rules_of(state)
    found: list[Prompt] = []
    round_ = state["step"]["round"]
    predictor = factions.holder(state, Ability.PREDICTION)
    if round_ == 1:
        if predictor is not None:
            found.append(_prediction_prompt(state, predictor))
        for seat in state["seats"]:
            if (seat != predictor and not keeps_all_traitors(state, seat)
                    and eligible_traitors(state, seat)):
                found.append(_traitor_prompt(state, seat))
        for seat in placers(state, "chosen"):
            found.append(_spread_prompt(rules, seat))
        for seat in state["storm"]["dialers"]:
            found.append(_dial_prompt(rules, seat))
        found += factions.decisions(state, PHASE)
    elif round_ == 2:
        if predictor is not None and eligible_traitors(state, predictor):
            found.append(_traitor_prompt(state, predictor))
        for seat in placers(state, "last"):
            if factions.has(state, seat, Ability.START_ANYWHERE):
                found.append(_token_prompt(rules, seat))
    elif round_ == 3:
        found += [_late_prompt(state, seat) for seat in placers(state, "after")]
    return found


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """Apply one round of set-up decisions (``state`` is already a copy)."""
    events: list[Event] = []
    round_ = state["step"]["round"]
    for key, value in orders.items():
        kind, seat = PromptKey.parse(key)
        if kind == "predict":
            state["factions"][seat]["prediction"] = value
            events.append(Event(EventCode.PREDICTION_MADE, {"faction": seat}))
            events.append(Event(EventCode.PREDICTION, {"faction": value["faction"],
                                               "turn": value["turn"]}, to=(seat,)))
        elif kind == "traitor":
            state["factions"][seat]["traitors"] = [value]
            events.append(Event(EventCode.TRAITOR_CHOSEN, {"faction": seat}))
            events.append(Event(EventCode.TRAITOR, {"leader": value}, to=(seat,)))
        elif kind == "fremen-placement":
            for territory, sector, counts in value:
                add_forces(state, seat, territory, sector, counts)
                others = minus(counts, {plain(state, seat): counts.get(plain(state, seat), 0)})
                take(state["factions"][seat]["reserve"], others)    # Fedaykin from reserve,
                add(state["factions"][seat]["reserve"], {plain(state, seat): total(others)})
                #                                                     normal ones stay there
            state["factions"][seat]["to_place"] = 0
            events.append(Event(EventCode.FORCES_PLACED, {"faction": seat, "placements": value}))
        elif kind == "first-storm-dial":
            state["storm"]["dials"][seat] = value
        elif kind not in ("bg-placement", "late-placement"):    # placed after the round
            events += factions.decide(state, PHASE, key, value, rng)
    if round_ == 1:
        for seat in state["seats"]:
            if keeps_all_traitors(state, seat):
                events.append(Event(EventCode.TRAITORS,
                                    {"leaders": state["factions"][seat]["traitors"]},
                                    to=(seat,)))
        state["step"] = {"round": 2}
        for seat in placers(state, "last"):
            if not factions.has(state, seat, Ability.START_ANYWHERE):
                (territory,) = sheet(seat, state).start[0].territories
                _place_token(state, seat, territory, only_sector(state, territory), events)
    elif round_ == 2:
        for seat in placers(state, "last"):
            if factions.has(state, seat, Ability.START_ANYWHERE):
                territory, sector = orders[f"bg-placement:{seat}"]
                _place_token(state, seat, territory, sector, events)
                events += factions.power(seat, state).placed_last(state, territory)
        events += [e for f in factions.in_play(state) for e in f.after_traitors(state, rng)]
        state["step"] = {"round": 3}
    elif round_ == 3:
        for seat in placers(state, "after"):
            territory, sector = orders[f"late-placement:{seat}"]
            counts = {plain(state, seat): state["factions"][seat]["to_place"]}
            add_forces(state, seat, territory, sector, counts)
            state["factions"][seat]["to_place"] = 0
            events.append(Event(EventCode.FORCES_PLACED, {
                "faction": seat, "placements": [[territory, sector, counts]]}))
        state["step"] = {"round": 4}
    return events


def _place_token(state: State, seat: str, territory: str, sector: int,
                 events: list[Event]) -> None:
    one = {plain(state, seat): 1}
    add_forces(state, seat, territory, sector, one)
    state["factions"][seat]["to_place"] = 0
    events.append(Event(EventCode.FORCES_PLACED, {"faction": seat,
                                                  "placements": [[territory, sector, one]]}))


def done(state: State) -> bool:
    """Over after the second round, or the third where a faction places after all others."""
    return state["step"]["round"] == 4 or (state["step"]["round"] == 3
                                           and not placers(state, "after"))


# --- prompts and their order kinds
def _prediction_prompt(state: State, seat: str) -> Prompt:
    rules = rules_of(state)
    others = [s for s in state["seats"] if s != seat]
    return Prompt(f"predict:{seat}", seat, "predict", True,
                  f"PREDICT <faction> <turn 1-{rules.turns}>; factions: "
                  + ", ".join(faction_name(s, state) for s in others),
                  {"faction": others[0], "turn": rules.turns},
                  f"PREDICT {faction_name(others[0], state)} {rules.turns}",
                  f"PREDICT {faction_name(others[0], state)} {rules.turns}")


def _read_prediction(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    rules = rules_of(state)
    if len(words) < 2:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected PREDICT <faction> <turn>",
                           (f"PREDICT Harkonnen {rules.turns}",))
    faction = read_faction(state, words[:-1], [s for s in state["seats"] if s != prompt.seat])
    return {"faction": faction, "turn": read_number(words[-1], 1, rules.turns, "the turn")}


def _random_prediction(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict:
    others = [seat for seat in view["factions"] if seat != prompt.seat]
    return {"faction": rng.choice(others), "turn": rng.randint(1, view["last_turn"])}


order_kind(OrderKind("predict", ("PREDICT",), _read_prediction,
                     lambda game, v: f"PREDICT {faction_name(v['faction'], game)} {v['turn']}",
                     random=_random_prediction))


def _traitor_prompt(state: State, seat: str) -> Prompt:
    choices = eligible_traitors(state, seat)
    card = ("; the Cheap Hero's traitor card betrays any Cheap Hero an opponent plays "
            "(001 4.09.02)" if set(rules_of(state).traitor_cards) & set(choices) else "")
    return Prompt(f"traitor:{seat}", seat, "traitor", True,
                  "TRAITOR <leader>, one of: " + ", ".join(choices) + card,
                  choices[0], f"TRAITOR {choices[0]}", f"TRAITOR {choices[0]}")


def _read_traitor(state: State, prompt: Prompt, words: list[str]) -> str:
    choices = eligible_traitors(state, prompt.seat)
    card = cheap_hero_traitor.named(rules_of(state).traitor_cards, " ".join(words))
    if card is not None:
        if card not in choices:
            raise OrderProblem(ErrorCode.NOT_IN_DRAW, f"the {card} traitor is not a card you "
                               "drew", tuple(choices))
        return card
    try:
        leader = data(state).leader(" ".join(words)).name
    except LookupError:
        raise OrderProblem(ErrorCode.UNKNOWN_LEADER, f"no leader {' '.join(words)!r}",
                           tuple(choices)) from None
    if leader not in choices:
        raise OrderProblem(ErrorCode.NOT_IN_DRAW, f"{leader} is not a leader you drew and may keep",
                           tuple(choices))
    return leader


def _random_traitor(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    return rng.choice(_keepable(view, prompt.seat, view["own"]["traitor_draw"]))


order_kind(OrderKind("traitor", ("TRAITOR",), _read_traitor, lambda _, v: f"TRAITOR {v}",
                     random=_random_traitor))


def _spread_prompt(rules: Rules, seat: str) -> Prompt:
    territories = sheet(seat, rules).start[0].territories
    marked = "".join(f" (a {kind.mark} after the number: {kind.plural})"
                     for kind in kinds(rules, seat)[1:]
                     ) if factions.power(seat, rules).special_kinds_at_start(rules) else ""
    default = [["Sietch Tabr", data(rules).board["Sietch Tabr"].sectors[0],
                {plain(rules, seat): 10}]]
    return Prompt(f"fremen-placement:{seat}", seat, "fremen-placement", False,
                  f"PLACE <forces>{marked} <territory>, 10 forces in all, over: "
                  + ", ".join(territories),
                  default, "PLACE 10 Sietch Tabr", "PLACE 10 Sietch Tabr")


def _read_placement_part(state: State, prompt: Prompt, words: list[str]) -> list[list]:
    rules = rules_of(state)
    allowed = list(sheet(prompt.seat, state).start[0].territories)
    if not words:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected PLACE <forces> <territory>",
                           ("PLACE 6 Sietch Tabr",))
    first, *others = kinds(state, prompt.seat)
    counts, rest = read_forces(words, [first, *others])
    special = [kind for kind in others if kind.name in counts]
    if special and not factions.power(prompt.seat, rules).special_kinds_at_start(rules):
        raise OrderProblem(ErrorCode.NO_FEDAYKIN, f"{special[0].plural} may not be placed at the "
                           "start here", ("PLACE 10 Sietch Tabr",))
    read_number(str(total(counts)), 1, 10, "the forces")
    territory, sector = read_territory(state, rest, allowed)
    if sector is None:
        sector = territory.sectors[0]
    return [[territory.name, sector, counts]]


def _combine_placement(state: State, prompt: Prompt, parts: list[list[list]]) -> list[list]:
    placements = [p for part in parts for p in part]
    placed = plus(*(counts for _, _, counts in placements))
    if total(placed) != 10:
        raise OrderProblem(ErrorCode.PLACEMENT_TOTAL,
                           f"the {faction_name(prompt.seat, state)} place 10 forces, not "
                           f"{total(placed)}",
                           ("PLACE 10 Sietch Tabr", "PLACE 6 Sietch Tabr / PLACE 4 False Wall "
                            "South"))
    reserve = state["factions"][prompt.seat]["reserve"]
    for kind in kinds(state, prompt.seat)[1:]:
        have = reserve.get(kind.name, 0)
        if placed.get(kind.name, 0) > have:
            raise OrderProblem(ErrorCode.TOO_MANY_FEDAYKIN,
                               f"the {faction_name(prompt.seat, state)} have "
                               f"{plural(have, kind.singular, kind.plural)}")
    return placements


def _placement_text(game: Any, value: list[list]) -> str:
    return "\n".join(f"PLACE {order_text(counts)} {where(game, t, sector)}"
                     for t, sector, counts in value)


def _random_placement(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list:
    territories = sheet(prompt.seat, view).start[0].territories
    counts = dict.fromkeys(territories, 0)
    for _ in range(10):
        counts[rng.choice(territories)] += 1
    placements = []
    for territory, count in counts.items():
        if count:
            sector = rng.choice(data(view).board[territory].sectors)
            placements.append([territory, sector, {plain(view, prompt.seat): count}])
    return placements


order_kind(OrderKind("fremen-placement", ("PLACE",), _read_placement_part, _placement_text,
                     _combine_placement, _random_placement))


def _token_prompt(rules: Rules, seat: str) -> Prompt:
    return Prompt(f"bg-placement:{seat}", seat, "bg-placement", False,
                  "PLACE <territory> [SECTOR <n>]: your starting token, anywhere "
                  f"({rules.cite('000 XV')})",
                  ["Polar Sink", only_sector(rules, "Polar Sink")],
                  "PLACE Polar Sink", "PLACE Polar Sink")


def _read_bg_placement(state: State, prompt: Prompt, words: list[str]) -> list:
    territory, sector = read_territory(state, words)
    allies = _allies_in(state, prompt.seat, territory.name)
    if allies:
        raise OrderProblem(ErrorCode.ALLY_THERE, f"your allies the {allies} are in "
                           f"{territory.name}: allies never share a territory but the Polar "
                           "Sink (003 \"How an Alliance Functions\")", ("PLACE Polar Sink",))
    return [territory.name, _placed_sector(state, territory, sector)]


def _placed_sector(state: State, territory: Any, sector: int | None) -> int:
    """The sector a placement names, or the territory's only one; refused where it spans
    several and names none."""
    if sector is not None:
        return sector
    if len(territory.sectors) > 1:
        raise OrderProblem(ErrorCode.SECTOR_NEEDED, f"{territory.name} spans sectors "
                           f"{', '.join(map(str, territory.sectors))}: add SECTOR <n>",
                           tuple(f"PLACE {territory.name} SECTOR {s}" for s in territory.sectors))
    return only_sector(state, territory.name)


def _allies_in(game: Any, seat: str, territory: str) -> str:
    """The names of the seat's allies with forces in the territory, but the Polar Sink: in a v3
    game of two or three players a player's factions are allies from the start (003 "Playing
    with two or three"), and allies never share a territory (003 "How an Alliance
    Functions")."""
    allies = {s for alliance in game["alliances"] if seat in alliance for s in alliance} - {seat}
    present = {s for by_faction in game["forces"].get(territory, {}).values() for s in by_faction}
    names = [faction_name(s, game) for s in game["seats"] if s in allies & present]
    return ", ".join(names) if territory != "Polar Sink" else ""


def _random_bg_placement(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list:
    territory = rng.choice([t for t in data(view).board.territories
                            if not _allies_in(view, prompt.seat, t.name)])
    return [territory.name, rng.choice(territory.sectors or (0,))]


order_kind(OrderKind("bg-placement", ("PLACE",), _read_bg_placement,
                     lambda game, v: f"PLACE {where(game, v[0], v[1])}",
                     random=_random_bg_placement))


def _late_prompt(state: State, seat: str) -> Prompt:
    """The forces placed after all others, in one sector of a territory nobody occupies."""
    count = state["factions"][seat]["to_place"]
    free = unoccupied(state)
    first = data(state).board[free[0]]
    default = [first.name, first.sectors[0] if first.sectors else 0]
    return Prompt(f"late-placement:{seat}", seat, "late-placement", False,
                  f"PLACE <territory> [SECTOR <n>]: your {count} starting forces, in any "
                  "territory nobody occupies (001 2.12.03)",
                  default, f"PLACE {where(state, *default)}", f"PLACE {where(state, *default)}")


def unoccupied(game: Any) -> list[str]:
    """The territories where no faction has forces, in board order."""
    return [t.name for t in data(game).board.territories if not game["forces"].get(t.name)]


def _read_late_placement(state: State, prompt: Prompt, words: list[str]) -> list:
    territory, sector = read_territory(state, words)
    if territory.name not in unoccupied(state):
        raise OrderProblem(ErrorCode.TERRITORY_OCCUPIED, f"{territory.name} is occupied: "
                           "place in a territory nobody occupies (001 2.12.03)",
                           (prompt.template,))
    return [territory.name, _placed_sector(state, territory, sector)]


def _random_late_placement(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list:
    territory = data(view).board[rng.choice(unoccupied(view))]
    return [territory.name, rng.choice(territory.sectors or (0,))]


order_kind(OrderKind("late-placement", ("PLACE",), _read_late_placement,
                     lambda game, v: f"PLACE {where(game, v[0], v[1])}",
                     random=_random_late_placement))


def _dial_prompt(rules: Rules, seat: str) -> Prompt:
    low, high = FIRST_STORM_DIAL
    return Prompt(f"first-storm-dial:{seat}", seat, "first-storm-dial", True,
                  f"DIAL <{low}-{high}>: the first storm's dial ({rules.cite('000 VI.A')})",
                  0, "DIAL 0", "DIAL 0")


order_kind(OrderKind("first-storm-dial", ("DIAL",),
                     lambda state, prompt, words: read_number(words[0] if words else "",
                                                              *FIRST_STORM_DIAL, "the dial"),
                     lambda _, v: f"DIAL {v}",
                     random=lambda view, prompt, rng: rng.randint(*FIRST_STORM_DIAL)))
