"""The Prescience cards: revealed each round, claimed by the Atreides when their requirements
are met, two a round at most, and discarded or shuffled back at the end of the round (002
PRESCIENCE CARDS, CLAIM TIMING, CLAIM REQUIREMENTS, DISCARD OR RESHUFFLE).  The requirements
and rewards are authored (data/authored/prescience_cards.yaml)."""

from __future__ import annotations

from typing import Any

from ..codes import ErrorCode, EventCode
from ..context import Context, Illegal
from ..hands import discard, discard_choice
from ..leaders import settle, to_tank
from ..reach import neighbours
from ..standing import standing
from ..state import (
    ATREIDES,
    HARKONNEN,
    State,
    data,
    figures,
    hand,
    in_play,
    is_desert,
    legion_of,
    paul,
    seats_of,
    units,
    worm_at,
)
from ..tracks import move_marker
from .row import unattach


def requirements_met(state: State, card_id: str, seat: str | None = None) -> str | None:
    """Why a Prescience card cannot be claimed now, or None if its requirements are met (the
    die and the timing are the caller's)."""
    card = data().prescience[card_id]
    if card_id not in state["prescience_row"]:
        return "it is not revealed"
    if state["claims"] >= data().limits["claims_per_round"]:
        return "two Prescience cards were claimed this round already"
    for requirement in card.requires:
        (kind, value), = requirement.items()
        problem = REQUIREMENTS[kind](state, value, seat)
        if problem:
            return problem
    return None


def _paul_area(state: State) -> str | None:
    found = state["leaders"][paul(state)]
    return found["area"] if found["status"] == "board" else None


def _paul_in_quiet_sector(state: State, value: Any, seat: str | None) -> str | None:
    area = _paul_area(state)
    if area is None:
        return "Paul is not on the board"
    board = data().board
    if any(board.sectors_of(area) & board.sectors_of(a) for a, lg in state["legions"].items()
           if lg["side"] == HARKONNEN):
        return "a Harkonnen legion is in Paul's sector"
    return None


def _paul_with_special(state: State, value: Any, seat: str | None) -> str | None:
    area = _paul_area(state)
    if area is None or not state["legions"][area]["special"]:
        return "Paul is in no legion with a Fedaykin"
    return None


def _beside_worms(state: State, value: int, seat: str | None) -> str | None:
    for area, legion in state["legions"].items():
        if legion["side"] == ATREIDES and sum(worm_at(state, n) for n in neighbours(area)) >= value:
            return None
    return f"no Atreides legion is beside {value} sandworms"


def _legions(state: State, value: int, seat: str | None) -> str | None:
    count = sum(1 for lg in state["legions"].values() if lg["side"] == ATREIDES)
    return None if count >= value else f"the Atreides have {count} legions, not {value}"


def _paul_at_sietch(state: State, value: Any, seat: str | None) -> str | None:
    area = _paul_area(state)
    return None if area in state["sietches"] else "Paul is not in a sietch's area"


def _specials(state: State, value: int, seat: str | None) -> str | None:
    count = sum(lg["special"] for lg in state["legions"].values() if lg["side"] == ATREIDES)
    return None if count >= value else f"{count} Fedaykin on the board, not {value}"


def _harvesters(state: State, value: int, seat: str | None) -> str | None:
    count = state["round_harvesters"]
    return None if count >= value else f"{count} harvesters destroyed this round, not {value}"


def _desert_sectors(state: State, value: int, seat: str | None) -> str | None:
    board = data().board
    sectors = {s for a, lg in state["legions"].items() if lg["side"] == ATREIDES
               and is_desert(state, a) for s in board.sectors_of(a)}
    return None if len(sectors) >= value else \
        f"Atreides legions are in Desert areas of {len(sectors)} sectors, not {value}"


def _units_at_sietches(state: State, value: int, seat: str | None) -> str | None:
    count = sum(figures(lg) for a, lg in state["legions"].items()
                if lg["side"] == ATREIDES and a in state["sietches"])
    return None if count >= value else f"{count} Atreides units are in sietches, not {value}"


def _sietches(state: State, value: int, seat: str | None) -> str | None:
    count = len(state["sietches"])
    return None if count >= value else f"{count} sietches stand, not {value}"


def _no_loss(state: State, value: Any, seat: str | None) -> str | None:
    return None if state["round_sietches_lost"] == 0 else "a sietch fell this round"


def _units(state: State, value: int, seat: str | None) -> str | None:
    count = sum(units(lg) for lg in state["legions"].values() if lg["side"] == ATREIDES)
    return None if count >= value else f"{count} Atreides units on the board, not {value}"


def _markers(state: State, value: int, seat: str | None) -> str | None:
    return None if min(state["prescience"].values()) >= value else \
        f"a Prescience marker is below {value}"


def _leader_in_play(state: State, value: str, seat: str | None) -> str | None:
    return None if in_play(state, value) else f"{data().leaders[value].name} is not in play"


def _in_hand(state: State, value: int, seat: str | None) -> str | None:
    seats = [seat] if seat else seats_of(state, ATREIDES)
    count = sum(len(hand(state, s)) for s in seats)
    return None if count >= value else f"{value} Planning cards are needed in hand"


def _settlement_lost(state: State, value: Any, seat: str | None) -> str | None:
    return None if state["round_settlements_lost"] else "no Harkonnen settlement fell this round"


REQUIREMENTS = {
    "paul-in-sector-without-harkonnen": _paul_in_quiet_sector,
    "paul-with-special": _paul_with_special,
    "legion-beside-sandworms": _beside_worms,
    "legions": _legions,
    "paul-at-sietch": _paul_at_sietch,
    "specials": _specials,
    "harvesters-destroyed": _harvesters,
    "desert-sectors": _desert_sectors,
    "units-at-sietches": _units_at_sietches,
    "sietches": _sietches,
    "no-sietch-lost-this-round": _no_loss,
    "units": _units,
    "markers-at-least": _markers,
    "leader-in-play": _leader_in_play,
    "planning-in-hand": _in_hand,
    "settlement-destroyed-this-round": _settlement_lost,
}


def claim(ctx: Context, card_id: str, seat: str, clauses: dict[str, Any] | None = None) -> None:
    """The Atreides claim a Prescience card: they do what it says, then its markers advance,
    two more steps of one marker if Fear Is the Mind-Killer was attached (002 PRESCIENCE
    CARDS; kdc-cards)."""
    state = ctx.state
    problem = requirements_met(state, card_id, seat)
    if problem:
        raise Illegal(ErrorCode.NOT_ALLOWED, f"{data().prescience[card_id].name} cannot be "
                      f"claimed: {problem}")
    card = data().prescience[card_id]
    clauses = clauses or {}
    for action in card.do:
        (kind, value), = action.items()
        DOINGS[kind](ctx, value, seat, clauses)
    state["prescience_row"].remove(card_id)
    state["claimed"].append(card_id)
    state["claims"] += 1
    fear = state["attached"].get(card_id, {}).get("kind") == "fear"
    unattach(ctx, card_id)
    ctx.say(EventCode.CLAIMED, f"The Atreides claim {card.name}.", card=card_id)
    for marker, steps in card.reward.items():
        move_marker(ctx, marker, steps, card.name)
    if fear:
        marker = clauses.get("fear") or max(state["prescience"], key=_need(state))
        move_marker(ctx, marker, 2, "Fear Is the Mind-Killer")


def _need(state: State):
    """The marker furthest from the Secret Objective: where Fear's two steps go unless told."""
    objective = data().objectives[state["hidden"]["objectives"][0]]
    return lambda m: (objective.scores[m] - state["prescience"][m], m)


def _paul_to_tank(ctx: Context, value: Any, seat: str, clauses: dict[str, Any]) -> None:
    to_tank(ctx, paul(ctx.state), "Paul drinks the Water of Life")
    tank = ctx.state["tank"][ATREIDES]
    leader = paul(ctx.state)
    if tank[0] != leader:                      # 002: placed on the first slot
        tank[tank.index(leader)] = None
        tank[0], bumped = leader, tank[0]
        del bumped


def _discard_planning(ctx: Context, value: int, seat: str, clauses: dict[str, Any]) -> None:
    state = ctx.state
    for _ in range(value):
        holders = [s for s in seats_of(state, ATREIDES) if hand(state, s)]
        if not holders:
            raise Illegal(ErrorCode.NO_CARD, "no Planning card to discard")
        holder = seat if seat in holders else holders[0]
        discard(ctx, holder, discard_choice(state, holder), "a Prescience card")


def _remove_units_at_sietches(ctx: Context, value: int, seat: str, clauses: dict[str, Any]
                              ) -> None:
    state = ctx.state
    left = value
    for area in sorted(state["sietches"], key=data().board.order.__getitem__):
        found = legion_of(state, area, ATREIDES)
        while found is not None and left and figures(found):
            kind = next(k for k in ("regular", "elite", "special") if found[k])
            found[kind] -= 1
            left -= 1
        if found is not None:
            settle(ctx, area)
    ctx.say(EventCode.NOTE, f"The Atreides send {value} units from their sietches to the south.")


DOINGS = {
    "paul-to-tank": _paul_to_tank,
    "discard-planning": _discard_planning,
    "remove-units-at-sietches": _remove_units_at_sietches,
}


def standing_claims(ctx: Context) -> None:
    """The Action Resolution cards the Atreides claim as soon as their requirements are met,
    as their standing choices list them (002 CLAIM TIMING)."""
    state = ctx.state
    if state["phase"] != "actions" or state["result"] is not None:
        return
    for seat in seats_of(state, ATREIDES):
        for card_id in standing(state, seat)["claims"]:
            card = data().prescience.get(card_id)
            if card is None or card.timing != "action" or card.spend_die or card.do:
                continue
            if card_id in state["prescience_row"] and not requirements_met(state, card_id, seat):
                claim(ctx, card_id, seat)


def end_of_round(ctx: Context, keep: list[str], claims: list[str], seat: str) -> None:
    """The End of the Round's claims, then the unclaimed revealed cards: those the Atreides
    keep are shuffled back into the deck, the rest removed from the game; a card the Eyes of
    Ibad hold stays revealed (002 DISCARD OR RESHUFFLE; kdc-cards)."""

    state = ctx.state
    for card_id in claims:
        card = data().prescience[card_id]
        if card.timing == "end" and card_id in state["prescience_row"] \
                and not requirements_met(state, card_id, seat):
            claim(ctx, card_id, seat)
