"""Resolving a step: selling the lot to the highest sealed bid, then handing it over."""

from __future__ import annotations

import copy
import random
from enum import StrEnum
from typing import Any

from pbem.game import Event, State

from .orders import prompt_key, prompts
from .table import BID, FINISHED, KEEP, pass_command, result


class EventCode(StrEnum):
    """What happened in a step."""

    LOT_SOLD = "lot-sold"  # public: winner, price and every bid
    LOT_KEPT = "lot-kept"  # public: the winner keeps the lot
    LOT_GIFTED = "lot-gifted"  # public: the winner gives the lot away
    LOT_SCORED = "lot-scored"  # private to the holder: the valuation it scores
    COMMAND_PASSED = "command-passed"  # public: who commands which seat now
    GAME_FINISHED = "game-finished"  # public: winners, scores and reason


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> tuple[State, list[Event]]:
    """The next state and the step's events; ``state`` itself is left unchanged.

    ``orders`` answers every open prompt (the moderator fills in defaults).
    """
    assert state["step"] != FINISHED, "the auction is finished"
    assert set(orders) == {prompt.key for prompt in prompts(state)}, "orders must match prompts"
    after = copy.deepcopy(state)
    if after["step"] == BID:
        return after, sell_lot(after, orders, rng)
    return after, hand_over_lot(after, orders)


def sell_lot(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """The highest bid wins, a tie is drawn by lot, and the winner pays its bid."""
    lot = state["lot"]
    bids = {seat: orders[prompt_key(lot, BID, seat)] for seat in state["seats"]}
    assert all(0 <= bids[seat] <= state["coins"][seat] for seat in bids), "bids were checked"
    price = max(bids.values())
    tied = [seat for seat, bid in bids.items() if bid == price]
    winner = rng.choice(tied)
    state["coins"][winner] -= price
    state["sales"].append(
        {"lot": lot, "bids": bids, "winner": winner, "price": price, "holder": None}
    )
    state["step"] = KEEP
    sold = {
        "lot": lot,
        "winner": winner,
        "price": price,
        "bids": dict(bids),
        "tied": tied if len(tied) > 1 else [],
    }
    return [Event(EventCode.LOT_SOLD, sold)]


def hand_over_lot(state: State, orders: dict[str, Any]) -> list[Event]:
    """The winner keeps the lot or gifts it; the holder alone learns what it scores."""
    lot = state["lot"]
    sale = state["sales"][-1]
    winner = sale["winner"]
    holder = orders[prompt_key(lot, KEEP, winner)]
    assert holder in state["seats"], "the receiver was checked"
    sale["holder"] = holder
    if holder == winner:
        events = [Event(EventCode.LOT_KEPT, {"lot": lot, "seat": winner})]
    else:
        events = [Event(EventCode.LOT_GIFTED, {"lot": lot, "giver": winner, "receiver": holder})]
    scored = {"lot": lot, "seat": holder, "value": state["valuations"][holder][lot - 1]}
    events.append(Event(EventCode.LOT_SCORED, scored, to=(holder,)))
    if lot == state["options"]["lots"]:
        state["step"] = FINISHED
        events.append(Event(EventCode.GAME_FINISHED, result(state)))
    else:
        state["lot"] = lot + 1
        state["step"] = BID
        passed = pass_command(state)
        if passed is not None:
            events.append(Event(EventCode.COMMAND_PASSED, {"commanders": passed}))
    return events
