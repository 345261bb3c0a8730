"""The state of a game of War for Arrakis and the helpers every rule reads it through.

A state is plain JSON data.  What every seat may see lies at the top level (the board, the
tracks, the Imperium board, the dashboards, the counts of hidden things); what some seat may
not see lies under ``hidden`` (the decks' order, the hands, the deployment tokens' contents,
the sietches' ranks, the stations' symbols, the wormsigns, the Secret Objectives, the plans):
``view`` builds each seat's view from an allow-list (view.py).

Seats: a faction played by one player is one seat (``atreides``, ``harkonnen``); a faction
shared in the 3-4 players mode is its two powers' seats (``house-atreides`` and ``fremen``,
``house-harkonnen`` and ``corrino``; 002 3-4 PLAYERS MODE).  In the Mahdi solo mode the
Harkonnen have no seat: the rules play them (``solo/``).
"""

from __future__ import annotations

import functools
from typing import Any

from .data import WfaData, load

State = dict[str, Any]

ATREIDES, HARKONNEN = "atreides", "harkonnen"
SIDES = (ATREIDES, HARKONNEN)
POWERS = {ATREIDES: ("house-atreides", "fremen"), HARKONNEN: ("house-harkonnen", "corrino")}
SEAT_NAMES = (ATREIDES, HARKONNEN, *POWERS[ATREIDES], *POWERS[HARKONNEN])
GENERIC = {ATREIDES: "naib", HARKONNEN: "bashar"}
SOLO = "mahdi"                                   # the ruleset of the Mahdi solo mode


@functools.cache
def data() -> WfaData:
    """The game's checked rules data (``data/``)."""
    return load()


def other(side: str) -> str:
    return HARKONNEN if side == ATREIDES else ATREIDES


def side_of(seat: str) -> str:
    """The faction a seat plays (a faction's seat, or one of its powers')."""
    return seat if seat in SIDES else data().powers[seat].faction


def seats_of(state: State, side: str) -> list[str]:
    """The seats playing a faction: one, two when it is shared, none for the solo mode's
    Harkonnen."""
    return [seat for seat in state["seats"] if side_of(seat) == side]


def shared(state: State, side: str) -> bool:
    """Whether two players share the faction (002 3-4 PLAYERS MODE)."""
    return len(seats_of(state, side)) == 2


def automaton(state: State, side: str) -> bool:
    """Whether the rules play the faction (the Harkonnen of the Mahdi solo mode)."""
    return not seats_of(state, side)


def dashboards(state: State, side: str) -> list[str]:
    """A faction's dashboards: one per seat, or the faction's own for the automaton."""
    return seats_of(state, side) or [side]


def house_seat(state: State, side: str) -> str:
    """The dashboard that decides for the faction where the rules name its House player
    (Vehicle Placement, 002 PLACEMENT AND DESERT HAZARDS) or there is one dashboard."""
    boards = dashboards(state, side)
    return boards[0] if len(boards) == 1 else POWERS[side][0]


def ally_seat(state: State, side: str) -> str:
    """The dashboard of the faction's Ally where the faction is shared, else its one."""
    boards = dashboards(state, side)
    return boards[0] if len(boards) == 1 else POWERS[side][1]


def dashboard_of_power(state: State, power: str) -> str:
    """The dashboard a power's leaders and cards belong to: its own seat when shared."""
    side = data().powers[power].faction
    return power if shared(state, side) else dashboards(state, side)[0]


def holder_of_deck(state: State, deck: str) -> str:
    """The hand the cards of a deck go to (each power its own deck when shared)."""
    return dashboard_of_power(state, deck)


def decks_of(state: State, holder: str) -> tuple[str, ...]:
    """The Planning decks a hand draws from: both of its faction, or its power's own."""
    if holder in SIDES:
        return tuple(data().powers[p].deck for p in POWERS[holder])
    return (data().powers[holder].deck,)


def hand_limit(state: State, holder: str) -> int:
    """6 cards, 4 for a player of a shared faction (002 END OF THE ROUND; PLANNING CARDS)."""
    limits = data().limits
    return limits["shared_hand"] if holder not in SIDES else limits["hand"]


def hand(state: State, holder: str) -> list[str]:
    return state["hidden"]["hands"][holder]


# --- legions ----------------------------------------------------------------------------------
def legion(state: State, area: str) -> dict[str, Any] | None:
    """The legion in an area (every unit and leader of one faction there), or None."""
    return state["legions"].get(area)


def legion_of(state: State, area: str, side: str) -> dict[str, Any] | None:
    found = state["legions"].get(area)
    return found if found is not None and found["side"] == side else None


def units(legion: dict[str, Any]) -> int:
    """A legion's units, each deployment token counting as one (002 UNITS STACKING LIMIT)."""
    return legion["regular"] + legion["elite"] + legion["special"] + len(legion["tokens"])


def figures(legion: dict[str, Any]) -> int:
    """A legion's units (revealed) alone, without its tokens."""
    return legion["regular"] + legion["elite"] + legion["special"]


def named_leaders(legion: dict[str, Any]) -> list[str]:
    return [leader for leader in legion["leaders"] if leader not in GENERIC.values()]


def generics(legion: dict[str, Any]) -> int:
    return sum(1 for leader in legion["leaders"] if leader in GENERIC.values())


def new_legion(side: str) -> dict[str, Any]:
    return {"side": side, "regular": 0, "elite": 0, "special": 0, "tokens": [], "leaders": []}


def legions_of(state: State, side: str) -> list[str]:
    """The areas of a faction's legions, in the board's order."""
    order = data().board.order
    return sorted((a for a, lg in state["legions"].items() if lg["side"] == side),
                  key=order.__getitem__)


def stacking_limit(state: State, side: str) -> int:
    """6 units an area; 5 for the Harkonnen under the CHOAM Ban (002 UNITS STACKING LIMIT;
    the Ban's card, imperium.yaml)."""
    limit = data().limits["stacking"]
    if side == HARKONNEN and banned(state, "stacking-five"):
        return limit - 1
    return limit


def banned(state: State, rule: str) -> bool:
    """Whether an active Imperium Ban forbids it (002 IMPERIUM BANS)."""
    return any(data().bans[ban].rule == rule for ban in state["bans"])


# --- sites --------------------------------------------------------------------------------------
def sietch_at(state: State, area: str) -> bool:
    return area in state["sietches"]


def settlement_at(state: State, area: str) -> bool:
    return area in state["settlements"]


def enemy_settlement(state: State, area: str, side: str) -> bool:
    """An area with a settlement of the faction's enemy (a sietch is the Atreides')."""
    return (settlement_at(state, area) if side == ATREIDES else sietch_at(state, area))


def own_settlement(state: State, area: str, side: str) -> bool:
    return enemy_settlement(state, area, other(side))


def converted(state: State) -> str | None:
    """The mountain the Family Atomics turned into desert, if they have detonated."""
    return state["atomics"]


def is_desert(state: State, area: str) -> bool:
    return data().board.is_desert(area, converted(state))


def is_deep(state: State, area: str) -> bool:
    return data().board[area].deep


def free_for(state: State, area: str, side: str) -> bool:
    """An area with no enemy settlement, enemy units or sandworm (002 FREE AND EMPTY AREAS;
    a station or a harvester leaves it free)."""
    there = state["legions"].get(area)
    if there is not None and there["side"] != side:
        return False
    return not enemy_settlement(state, area, side) and not worm_at(state, area)


def empty(state: State, area: str) -> bool:
    """An area holding nothing: no figure, no token of any kind (002 FREE AND EMPTY AREAS)."""
    return not (area in state["legions"] or area in state["sietches"]
                or area in state["settlements"] or area in state["stations"]
                or area in state["harvesters"] or area in state["wormsigns"]
                or worm_at(state, area))


def worm_at(state: State, area: str) -> bool:
    """A sandworm in an area, the Wild Maker counted (002 WILD MAKER)."""
    return area in state["sandworms"] or state["wild_maker"] == area


def worms(state: State) -> list[str]:
    """The areas with a sandworm, the Wild Maker's too."""
    found = list(state["sandworms"])
    if state["wild_maker"] is not None:
        found.append(state["wild_maker"])
    return found


# --- leaders --------------------------------------------------------------------------------------
def leader_state(state: State, leader: str) -> dict[str, Any]:
    return state["leaders"][leader]


def in_play(state: State, leader: str) -> bool:
    """Whether a named leader is in play: entered and not removed (002 NAMED LEADERS)."""
    return state["leaders"][leader]["status"] not in ("out", "removed")


def paul(state: State) -> str:
    """Whichever Paul the Atreides have: Paul-Muad'Dib once he replaced Paul Atreides (002
    JESSICA AND PAUL: a card naming Paul means either)."""
    return "paul-muaddib" if state["leaders"]["paul-muaddib"]["status"] != "out" \
        else "paul-atreides"


def jessica(state: State) -> str:
    return "reverend-mother-jessica" \
        if state["leaders"]["reverend-mother-jessica"]["status"] != "out" else "lady-jessica"


def leader_side(leader: str) -> str:
    if leader in GENERIC.values():
        return ATREIDES if leader == GENERIC[ATREIDES] else HARKONNEN
    return data().leaders[leader].faction


def where_is(state: State, leader: str) -> str | None:
    """The area of a named leader on the board, or None."""
    found = state["leaders"][leader]
    return found["area"] if found["status"] == "board" else None


def generic_supply(state: State, side: str) -> int:
    """A faction's generic leaders off the board (002 COMPONENTS)."""
    name = GENERIC[side]
    total = data().factions[side].generic_leaders
    return total - sum(lg["leaders"].count(name) for lg in state["legions"].values())


def unit_supply(state: State, side: str) -> dict[str, int]:
    """A faction's units off the board, by kind (002 UNITS: removed units return to it)."""
    totals = dict(data().factions[side].units)
    for found in state["legions"].values():
        if found["side"] == side:
            for kind in totals:
                totals[kind] -= found[kind]
    return totals


def turn_number(state: State) -> int:
    return state["turns"]


def round_of(state: State) -> int:
    return state["round"]
