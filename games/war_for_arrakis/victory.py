"""How the game is won (002 OVERVIEW, SUPREMACY TRACK, PRESCIENCE, END OF THE ROUND).

The Harkonnen win at once when the Supremacy marker reaches the end of its track; the
Atreides at the end of a round when every Prescience marker reaches the score of their Secret
Objective (of either, with Tested with the Gom Jabbar)."""

from __future__ import annotations

from .codes import EventCode
from .context import Context
from .data import MARKERS
from .state import ATREIDES, State, data, seats_of


def win(ctx: Context, side: str, code: str, why: str) -> None:
    """The game ends: ``side`` wins."""
    state = ctx.state
    if state["result"] is not None:
        return
    winners = seats_of(state, side)
    name = data().factions[side].name
    state["result"] = {"winners": winners, "side": side, "victory": code,
                       "reason": f"the {name} win: {why}", "round": state["round"]}
    state["phase"] = "over"
    state["step"] = {}
    objectives = [data().objectives[o].name for o in state["hidden"]["objectives"]]
    ctx.say(EventCode.GAME_OVER, f"Game over in round {state['round']}: the {name} win ({why}). "
            f"The Atreides' Secret Objective{'s were' if len(objectives) > 1 else ' was'}: "
            f"{', '.join(objectives)}.", side=side, victory=code,
            objectives=state["hidden"]["objectives"])


def objective_met(state: State) -> str | None:
    """The Secret Objective the Prescience markers meet, if any."""
    for objective in state["hidden"]["objectives"]:
        scores = data().objectives[objective].scores
        if all(state["prescience"][m] >= scores[m] for m in MARKERS):
            return objective
    return None


def check_prescience(ctx: Context) -> None:
    """The end of a round: the Atreides win if their Secret Objective is met (002 END OF THE
    ROUND)."""
    met = objective_met(ctx.state)
    if met is not None:
        win(ctx, ATREIDES, "prescience",
            f"every Prescience marker reaches the Secret Objective {data().objectives[met].name}")


def draw_by_rounds(ctx: Context) -> None:
    """The game file's ``rounds`` option reached (a limit for self-play and tournaments, not a
    rule of 002): nobody wins."""
    state = ctx.state
    state["result"] = {"winners": [], "side": None, "victory": "rounds",
                       "reason": f"no faction won by the end of round {state['round']} (the "
                                 "game's round limit)", "round": state["round"]}
    state["phase"] = "over"
    state["step"] = {}
    ctx.say(EventCode.GAME_OVER, f"Game over: the round limit ({state['round']}) is reached "
            "with no winner.", victory="rounds")
