"""The sequence of play: the phases of a round in order, each going on as far as no decision
is open (002 GAME ROUND).  ``advance`` applies one batch of orders and plays on."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .context import Context
from .copying import copy_state
from .phases import actions, end, harvest, hazards, roll, start, vehicles
from .state import State

PHASES = ("start", "vehicles", "roll", "actions", "hazards", "harvest", "end")
MODULES = {"start": start, "vehicles": vehicles, "roll": roll, "actions": actions,
           "hazards": hazards, "harvest": harvest, "end": end}
MAX_PHASES = 1000          # a guard: phases begun in one step


def begin(state: State, rng: random.Random) -> tuple[State, list[Event]]:
    """The first round begun after the set-up: the state at the first decision."""
    ctx = Context(state, rng)
    MODULES[state["phase"]].begin(ctx)
    go_on(ctx)
    return ctx.state, ctx.events


def advance(state: State, orders: dict[str, Any], rng: random.Random,
            stop: str | None = None) -> tuple[State, list[Event]]:
    """One step: the open decisions' orders applied, then play on to the next decision (a
    scenario may ``stop`` where a phase would begin)."""
    assert state["result"] is None, "the game is over"
    assert set(orders) == {p.key for p in prompts(state)}, "orders must answer the prompts"
    ctx = Context(copy_state(state), rng)
    if orders:
        MODULES[ctx.state["phase"]].apply(ctx, orders)
    go_on(ctx, stop)
    return ctx.state, ctx.events


def go_on(ctx: Context, stop: str | None = None) -> None:
    """Each phase run until a decision opens or the game ends; a finished phase begins the
    next (after the End of the Round, the next round's start), unless it is ``stop``."""
    state = ctx.state
    for _ in range(MAX_PHASES):
        if state["result"] is not None:
            return
        if not MODULES[state["phase"]].run(ctx):
            return
        if state["result"] is not None:
            return
        following = PHASES[(PHASES.index(state["phase"]) + 1) % len(PHASES)]
        state["phase"] = following
        state["step"] = {}
        if following == stop:
            return
        MODULES[following].begin(ctx)
    raise AssertionError("the game does not come to a decision")


def prompts(state: State) -> list[Prompt]:
    if state["result"] is not None:
        return []
    return MODULES[state["phase"]].prompts(state)
