"""Phase 2, the action turns: the factions alternate one action each, the Atreides first,
until the Harkonnen have used their last die (002 ACTION TURNS).

By mail a player sends a plan for the whole round (orders/plan.py): actions in order, each
with its fallbacks, and standing choices for what the rules ask mid-action (``standing``).
Each turn takes the plan's next action, or its first fallback that can be done; a plan is
asked again only when it cannot go on: its next action and every fallback cannot be done, or
it is used up while the seat still has dice (docs/orders.md, "War for Arrakis").  The first
plans of a round are sent together, but where the Harkonnen hold a Bene Gesserit token they
place it first (002 PHASE 2: "starting from the Harkonnen").  A shared faction's players take
its turns in turn, the House player first (002 ACTIONS TURNS, 3-4 players: theirs to choose;
DEFER gives the turn to the partner)."""

from __future__ import annotations

from typing import Any

from pbem.game import Prompt

from .. import automaton as solo
from ..actions import _who, needs_of, perform
from ..cards.prescience import standing_claims
from ..codes import EventCode
from ..context import Context, Illegal
from ..copying import copy_state
from ..dice import has_die, place_bene_gesserit, settle_changes, unused
from ..orders.decisions import plan_prompt
from ..state import (
    ATREIDES,
    HARKONNEN,
    POWERS,
    State,
    automaton,
    dashboards,
    other,
    seats_of,
    side_of,
)


def begin(ctx: Context) -> None:
    state = ctx.state
    harkonnen = seats_of(state, HARKONNEN)
    first = harkonnen if harkonnen and state["bene_gesserit"][HARKONNEN] > 0 else []
    state["step"] = {"turn": ATREIDES, "waiting": first or list(state["seats"]),
                     "then": [s for s in state["seats"] if s not in first] if first else [],
                     "asked": None, "reason": "", "asks": 0,
                     "next": {side: dashboards(state, side)[0] for side in (ATREIDES, HARKONNEN)}}
    for seat in state["seats"]:
        state["hidden"]["plans"][seat] = []


def key(state: State, seat: str) -> str:
    return f"r{state['round']}.plan.{seat}.{state['step']['asks']}"


def prompts(state: State) -> list[Prompt]:
    step = state["step"]
    if step.get("waiting"):
        return [plan_prompt(state, key(state, seat), seat, first=True)
                for seat in step["waiting"]]
    if step.get("asked"):
        return [plan_prompt(state, key(state, step["asked"]), step["asked"], first=False)]
    return []


def apply(ctx: Context, orders: dict[str, Any]) -> None:
    state = ctx.state
    step = state["step"]
    for prompt in prompts(state):
        plan = orders[prompt.key]
        take_plan(ctx, prompt.seat, plan, first=bool(step.get("waiting")))
    if step.get("waiting"):
        step["waiting"] = step.pop("then", [])
        step["then"] = []
    step["asked"] = None
    step["asks"] += 1


def take_plan(ctx: Context, seat: str, plan: dict[str, Any], first: bool) -> None:
    """A seat's plan filed: its standing choices kept, its dice to change changed and its Bene
    Gesserit token placed (a first plan of the round), its actions to come replaced."""
    state = ctx.state
    if plan.get("standing"):
        state["hidden"]["standing"].setdefault(seat, {}).update(plan["standing"])
    if seat in state["dice"]:
        state["step"]["changes_due"] = True
        settle_changes(ctx, seat, plan.get("changes", []))
        state["step"].pop("changes_due")
        if plan.get("bene_gesserit"):
            try:
                place_bene_gesserit(ctx, seat, _side(seat), plan["bene_gesserit"])
            except Illegal as refused:
                ctx.say(EventCode.FALLBACK, f"Your Bene Gesserit token was not placed: "
                        f"{refused.message}.", (seat,))
    state["hidden"]["plans"][seat] = list(plan.get("entries", []))


def _side(seat: str) -> str:
    return side_of(seat)


def run(ctx: Context) -> bool:
    """Action turns until a plan must be asked for, or the Harkonnen's last die is spent."""
    state = ctx.state
    step = state["step"]
    if step.get("waiting") or step.get("asked"):
        return False
    while state["result"] is None:
        side = step["turn"]
        if side == HARKONNEN and unused(state, HARKONNEN) == 0:
            return _over(state)
        if automaton(state, side):
            solo.call("take_turn", ctx)
            outcome = "acted"
        else:
            outcome = take_turn(ctx, side)
        if outcome == "ask":
            return False
        standing_claims(ctx)
        state["turns"] += 1
        if side == HARKONNEN and unused(state, HARKONNEN) == 0:
            return _over(state)
        step["turn"] = other(side)
    return True


def _over(state: State) -> bool:
    """The phase is over (002 PHASE 2: the Harkonnen's last die spent): what is left of the
    plans is void."""
    for seat in state["seats"]:
        state["hidden"]["plans"][seat] = []
    return True


def _acting_seat(state: State, side: str) -> str:
    """The seat whose turn it is within a faction: the one after the last to act, where it has
    something to do, else its partner."""
    boards = dashboards(state, side)
    if len(boards) == 1:
        return boards[0]
    first = state["step"]["next"][side]
    partner = next(b for b in boards if b != first)
    return first if _has_something(state, first) or not _has_something(state, partner) \
        else partner


def _has_something(state: State, seat: str) -> bool:
    dice = state["dice"].get(seat)
    live = dice is not None and (dice["pool"] or dice["changes"]
                                 or (dice["bg"] and not dice["bg_used"]))
    return bool(live or state["hidden"]["plans"][seat])


def take_turn(ctx: Context, side: str) -> str:
    """One action turn of a faction played by mail: ``acted``, ``passed``, or ``ask`` (a seat
    is asked for its plan)."""
    state = ctx.state
    step = state["step"]
    if side == ATREIDES and step.pop("hunt", False):
        step["hunted"] = True
    seat = _acting_seat(state, side)
    outcome = "ask"
    try:
        outcome = _play_plan(ctx, seat)
        if outcome == "wait":
            partner = next(b for b in dashboards(state, side) if b != seat)
            outcome = _play_plan(ctx, partner)
            seat = partner
    finally:
        if side == ATREIDES and outcome != "ask":
            step.pop("hunted", None)
    if outcome != "ask" and len(dashboards(state, side)) == 2:
        step["next"][side] = next(b for b in POWERS[side] if b != seat)
    return outcome


def _play_plan(ctx: Context, seat: str) -> str:
    state = ctx.state
    plan = state["hidden"]["plans"][seat]
    forced = state["step"].get("forced") if _side(seat) == HARKONNEN else None
    reasons: list[str] = []
    at = 0
    while at < len(plan):
        entry = plan[at]
        done, took, why = _attempt_entry(ctx, seat, entry, plan[at + 1:])
        plan = ctx.state["hidden"]["plans"][seat]      # the state was replaced by the trial's
        if done:
            plan.pop(at)
            if took == "wait":
                return "wait"
            if took:
                return "acted"
            continue
        reasons += why
        if forced is not None:
            at += 1                          # Truthtrance: an action that uses that die
            continue
        if all(a["do"] in ("reveal", "scout", "atomics", "scheme", "silence", "claim-free")
               for a in entry["try"]):
            plan.pop(at)
            ctx.say(EventCode.FALLBACK, f"Left out of your plan: {why[0]}.", (seat,))
            continue
        if not _dice_left(state, seat):
            plan.pop(at)                        # no die to spend, nothing else it could do
            ctx.say(EventCode.FALLBACK, f"Left out of your plan: {why[0]}.", (seat,))
            continue
        return _ask(ctx, seat, f"your next action cannot be done: {'; '.join(why)}")
    if _dice_left(state, seat):
        if forced is not None and reasons:
            return _ask(ctx, seat, f"Truthtrance: nothing in your plan uses the {forced} die "
                        f"({'; '.join(reasons)})")
        return _ask(ctx, seat, "your plan is used up and you have dice left")
    ctx.say(EventCode.PASSED, f"{_name(seat)} have no die left and pass.", seat=seat)
    return "passed"


def _name(seat: str) -> str:
    return _who(seat)


def _dice_left(state: State, seat: str) -> bool:
    dice = state["dice"].get(seat)
    return dice is not None and bool(dice["pool"] or (dice["bg"] and not dice["bg_used"]))


def _attempt_entry(ctx: Context, seat: str, entry: dict[str, Any], rest: list[dict[str, Any]]
                   ) -> tuple[bool, Any, list[str]]:
    """The entry's action, or the first of its fallbacks that can be done, each tried on a copy
    of the state; (done, whether it took the turn, the reasons the others could not)."""
    why = []
    for number, action in enumerate(entry["try"]):
        trial = Context(copy_state(ctx.state), ctx.rng)
        try:
            took = perform(trial, seat, action, needs_of(rest))
        except Illegal as refused:
            why.append(f"{action.get('text', action['do'])}: {refused.message}")
            continue
        ctx.state.clear()
        ctx.state.update(trial.state)
        if number:
            ctx.say(EventCode.FALLBACK, f"Your plan fell back to {action.get('text', '')!s} "
                    f"({'; '.join(why)}).", (seat,))
        ctx.events.extend(trial.events)
        if action["do"] == "wait":
            return True, "wait", why
        return True, took, why
    return False, None, why


def _ask(ctx: Context, seat: str, reason: str) -> str:
    step = ctx.state["step"]
    step["asked"] = seat
    step["reason"] = reason
    ctx.say(EventCode.PLAN_STUCK, f"Your plan cannot go on: {reason}. Send the rest of your "
            "plan.", (seat,), reason=reason)
    ctx.say(EventCode.NOTE, f"The moderator waits for {_name(seat)}' next action.")
    return "ask"


def has_dice(state: State, seat: str, result: str) -> bool:
    return has_die(state, seat, result)
