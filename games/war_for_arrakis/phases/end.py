"""The End of the Round (002 END OF THE ROUND): the Atreides claim End of the Round Prescience
cards and win if their Secret Objective is met; ornithopters and carryalls leave the board;
the Harkonnen, then the Atreides, may replace named leaders on the board with generic ones;
spent leader cards are refreshed; hands are discarded down to the limit; the unclaimed
Prescience cards are removed or shuffled back; the dice come back.  In the solo mode the
Supremacy marker then advances a step and the Tactical cards are reshuffled (002 END OF THE
ROUND, solo).

The choices by mail: ``claims`` (the Atreides, when an End of the Round card can be claimed),
``end`` (each seat whose hand is over its limit, all at once: what one discards does not touch
another; with it, which named leaders to replace, done the Harkonnen's first).  A seat not
asked plays its standing choices (``swap``, ``keep``) or the defaults."""

from __future__ import annotations

from typing import Any

from pbem.game import Prompt

from .. import automaton as solo
from ..cards.prescience import claim, requirements_met
from ..cards.row import close_row
from ..codes import EventCode
from ..context import Context, Illegal
from ..hands import discard, discard_choice
from ..hands import who as _who
from ..leaders import swap_for_generic
from ..orders.decisions import claims_prompt, end_prompt
from ..standing import standing
from ..state import (
    ATREIDES,
    HARKONNEN,
    SOLO,
    State,
    automaton,
    data,
    hand,
    hand_limit,
    house_seat,
    seats_of,
)
from ..victory import check_prescience, draw_by_rounds


def begin(ctx: Context) -> None:
    state = ctx.state
    ctx.say(EventCode.PHASE, "End of the Round.", phase="end")
    state["step"] = {"stage": "claims", "keep": None}
    if not _claimable(state):
        _after_claims(ctx)


def _claimable(state: State) -> list[str]:
    """The End of the Round cards the Atreides could claim now."""
    seat = house_seat(state, ATREIDES)
    return [c for c in state["prescience_row"] if data().prescience[c].timing == "end"
            and requirements_met(state, c, seat) is None]


def _after_claims(ctx: Context) -> None:
    """The Atreides' win check, the air vehicles off, then the end decisions."""
    state = ctx.state
    check_prescience(ctx)
    if state["result"] is not None:
        return
    if state["air"]:
        ctx.say(EventCode.AIR_REMOVED, "The Ornithopters and Carryalls leave the board.")
    state["air"] = {}
    state["step"] = {"stage": "end", "keep": state["step"].get("keep"),
                     "waiting": [s for s in _end_order(state) if _over_limit(state, s)]}


def _end_order(state: State) -> list[str]:
    """The Harkonnen first, then the Atreides (002 END OF THE ROUND)."""
    return seats_of(state, HARKONNEN) + seats_of(state, ATREIDES)


def _over_limit(state: State, seat: str) -> bool:
    return len(hand(state, seat)) > hand_limit(state, seat)


def run(ctx: Context) -> bool:
    state = ctx.state
    step = state["step"]
    if state["result"] is not None:
        return True
    if step["stage"] == "claims":
        return False
    if step.get("waiting"):
        return False
    _close(ctx)
    return True


def key(state: State, what: str, seat: str) -> str:
    return f"r{state['round']}.{what}.{seat}"


def prompts(state: State) -> list[Prompt]:
    step = state["step"]
    if step.get("stage") == "claims":
        seat = house_seat(state, ATREIDES)
        return [claims_prompt(state, key(state, "claims", seat), seat, _claimable(state))]
    if step.get("stage") == "end" and step.get("waiting"):
        return [end_prompt(state, key(state, "end", seat), seat) for seat in step["waiting"]]
    return []


def apply(ctx: Context, orders: dict[str, Any]) -> None:
    state = ctx.state
    step = state["step"]
    if step["stage"] == "claims":
        (prompt,) = prompts(state)
        value = orders[prompt.key]
        for card in value.get("claims", []):
            try:
                claim(ctx, card, prompt.seat, value.get("clauses", {}).get(card))
            except Illegal as refused:
                ctx.say(EventCode.FALLBACK, f"Not claimed: {refused.message}.", (prompt.seat,))
        step["keep"] = value.get("keep")
        _after_claims(ctx)
        return
    for prompt in prompts(state):                 # the Harkonnen first, then the Atreides
        end_choices(ctx, prompt.seat, orders[prompt.key])
    step["waiting"] = []


def end_choices(ctx: Context, seat: str, value: dict[str, Any]) -> None:
    """A seat's end of the round: named leaders replaced, cards discarded to the limit."""
    state = ctx.state
    ctx.state["hidden"]["standing"].setdefault(seat, {})
    for leader in value.get("swap", []):
        if state["leaders"].get(leader, {}).get("status") == "board":
            swap_for_generic(ctx, leader)
    chosen = [c for c in value.get("discard", [])]
    while len(hand(state, seat)) > hand_limit(state, seat):
        card = next((c for c in chosen if c in hand(state, seat)), None) \
            or discard_choice(state, seat)
        if card in chosen:
            chosen.remove(card)
        discard(ctx, seat, card, "the hand limit")
    state["hands"][seat] = len(hand(state, seat))


def _name(seat: str) -> str:
    return _who(seat)


def _close(ctx: Context) -> None:
    """What is left of the round's end, and the next round."""
    state = ctx.state
    for seat in _end_order(state):
        swaps = standing(state, seat).get("swap", [])
        if swaps and not _over_limit(state, seat):
            end_choices(ctx, seat, {"swap": swaps})
    for mine in state["leaders"].values():
        mine["spent"] = False                               # refreshed (002 END OF THE ROUND)
    keep = state["step"].get("keep")
    if keep is None:
        keep = list(state["prescience_row"])                 # all shuffled back by default
    close_row(ctx, keep)
    for board in state["dice"].values():
        if board["bg"]:
            ctx.state["bene_gesserit_spent"] += 1            # used up with the round (ruled)
    state["dice"] = {}
    state["claims"] = 0
    state["round_harvesters"] = 0
    state["round_sietches_lost"] = 0
    state["round_settlements_lost"] = 0
    if state["ruleset"] == SOLO and automaton(state, HARKONNEN):
        solo.call("end_round", ctx)
        if state["result"] is not None:
            return
    limit = state["options"].get("rounds")
    if limit and state["round"] >= limit:
        draw_by_rounds(ctx)
        return
    state["round"] += 1
    state["step"] = {}
