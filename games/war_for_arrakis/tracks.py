"""The Supremacy and Prescience tracks and what reaching their steps does (002 SUPREMACY
TRACK, PRESCIENCE TRACK, OTHER EFFECTS OF PRESCIENCE)."""

from __future__ import annotations

from .bene_gesserit import gain_bene_gesserit
from .codes import EventCode
from .context import Context
from .data import MARKER_NAMES, MARKERS
from .leaders import enter
from .state import ATREIDES, HARKONNEN, data
from .victory import win


def gain_supremacy(ctx: Context, steps: int, why: str) -> None:
    """The Supremacy marker advanced: a Bene Gesserit token for the Atreides at each marked
    step reached, a leader entering at its step, and the game won at the end of the track
    (002 SUPREMACY TRACK)."""
    state = ctx.state
    if steps <= 0 or state["result"] is not None:
        return
    top = data().limits["supremacy_to_win"]
    before = state["supremacy"]
    state["supremacy"] = min(top, before + steps)
    ctx.say(EventCode.SUPREMACY, f"Supremacy {before} -> {state['supremacy']} ({why}).",
            before=before, after=state["supremacy"])
    for step in range(before + 1, state["supremacy"] + 1):
        if step in data().bene_gesserit_steps:
            gain_bene_gesserit(ctx, ATREIDES)
        for leader, card in data().leaders.items():
            if card.enters.get("supremacy") == step:
                enter(ctx, leader)
    if state["supremacy"] >= top:
        win(ctx, HARKONNEN, "supremacy", f"the Harkonnen reach {top} Supremacy points")


def move_marker(ctx: Context, marker: str, steps: int, why: str) -> None:
    """A Prescience marker moved (down too, within the track); reaching step 3 brings its
    desert leader, step 6 Alia (002 OTHER EFFECTS OF PRESCIENCE)."""
    state = ctx.state
    if steps == 0 or state["result"] is not None:
        return
    before = state["prescience"][marker]
    after = max(0, min(data().prescience_top, before + steps))
    state["prescience"][marker] = after
    ctx.say(EventCode.PRESCIENCE, f"{MARKER_NAMES[marker]} {before} -> {after} ({why}).",
            marker=marker, before=before, after=after)
    if after <= before:
        return
    for leader, card in data().leaders.items():
        wanted = card.enters.get("prescience")
        if wanted and wanted["marker"] in (marker, "any") and before < wanted["step"] <= after:
            enter(ctx, leader)


def advance_all(ctx: Context, steps: int, why: str) -> None:
    """Every Prescience marker advanced (a Harkonnen settlement destroyed, 002 DESTROYING
    SETTLEMENTS)."""
    for marker in MARKERS:
        move_marker(ctx, marker, steps, why)


def atomics_ready(state, step: int | None = None) -> bool:
    """Whether the Family Atomics may detonate: a marker at step 8 or more (002 STEP 8), or at
    ``step`` (Our Family Atomics), and not detonated yet."""
    wanted = step if step is not None else data().limits["atomics_step"]
    return state["atomics"] is None and max(state["prescience"].values()) >= wanted
