"""Steps on the Prescience cards and the tracks: cards shuffled back or replaced, markers
shifted, the Family Atomics, an Imperium marker down, cards attached, a second Secret Objective
(kdc-cards; 002 PRESCIENCE CARDS, THE FAMILY ATOMICS)."""

from __future__ import annotations

from typing import Any

from ..atomics import detonate
from ..codes import ErrorCode, EventCode
from ..context import Context, Illegal
from ..state import (
    ATREIDES,
    data,
)
from ..tracks import atomics_ready, move_marker
from .choices import Choices
from .effect import Actor, step
from .row import attached, reveal, unattach


@step("prescience-back")
def prescience_back(ctx: Context, actor: Actor, count: int, choices: Choices) -> None:
    """Hope Clouds Observation: a revealed Prescience card shuffled back into the deck (not one
    the Eyes of Ibad hold)."""
    state = ctx.state
    row = [c for c in state["prescience_row"] if attached(state, c) != "ibad"]
    clause = choices.take("target")
    card = clause.get("card") if clause else (row[0] if row else None)
    if card is None:
        return
    if card not in row:
        raise Illegal(ErrorCode.NO_TARGET, "not a revealed Prescience card it may take")
    state["prescience_row"].remove(card)
    unattach(ctx, card)
    deck = state["hidden"]["prescience_deck"]
    deck.insert(ctx.rng.randrange(len(deck) + 1), card)
    state["prescience_deck"] = len(deck)
    ctx.say(EventCode.PRESCIENCE_DISCARDED, f"{data().prescience[card].name} is shuffled back "
            "into the Prescience deck.", card=card)


@step("second-objective")
def second_objective(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Tested with the Gom Jabbar: a second Secret Objective drawn; either wins."""
    state = ctx.state
    deck = state["hidden"]["objective_deck"]
    if not deck or len(state["hidden"]["objectives"]) > 1:
        return
    card = deck.pop()
    state["hidden"]["objectives"].append(card)
    state["objectives"] = len(state["hidden"]["objectives"])
    ctx.tell(ATREIDES, EventCode.OBJECTIVE_DRAWN, f"Your second Secret Objective: "
             f"{data().objectives[card].name}.", objective=card)
    ctx.say(EventCode.NOTE, "The Atreides draw a second Secret Objective.")


@step("adab")
def adab(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Adab: revealed Prescience cards discarded for good and as many new ones revealed."""
    state = ctx.state
    clause = choices.take("redraw")
    if clause is None:
        return
    for card in clause["cards"]:
        if card not in state["prescience_row"] or attached(state, card) == "ibad":
            raise Illegal(ErrorCode.NO_TARGET, "not a revealed Prescience card it may take")
    for card in clause["cards"]:
        state["prescience_row"].remove(card)
        unattach(ctx, card)
        state["prescience_removed"].append(card)
        ctx.say(EventCode.PRESCIENCE_DISCARDED, f"{data().prescience[card].name} is removed from "
                "the game.", card=card)
    reveal(ctx, len(clause["cards"]))


@step("shift-prescience")
def shift_prescience(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Alam al-Mithal: one Prescience marker down any number of steps, another up as many."""
    state = ctx.state
    clause = choices.take("shift")
    if clause is None:
        return
    steps = clause["steps"]
    if clause["down"] == clause["up"] or state["prescience"][clause["down"]] < steps:
        raise Illegal(ErrorCode.NOT_ALLOWED, "two different markers, the first as far down as it "
                      "can go")
    move_marker(ctx, clause["down"], -steps, "Alam al-Mithal")
    move_marker(ctx, clause["up"], steps, "Alam al-Mithal")


@step("atomics")
def atomics_step(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """Our Family Atomics: they detonate now if a marker is at step 4 or more."""
    clause = choices.take("atomics")
    if clause is None or not atomics_ready(ctx.state, spec["step"]):
        return
    detonate(ctx, clause["at"])


@step("imperium-down")
def imperium_down(ctx: Context, actor: Actor, count: int, choices: Choices) -> None:
    """Bill of Particulars: an Imperium marker one step down, no Ban (kdc-cards)."""
    state = ctx.state
    clause = choices.take("target")
    if clause is None or "marker" not in clause:
        return
    marker = clause["marker"]
    bottom = len(data().rows) - 1
    state["imperium"][marker] = min(bottom, state["imperium"][marker] + 1)
    ctx.say(EventCode.IMPERIUM, f"The {data().bans[marker].power} marker goes one step down "
            "(no Ban).", marker=marker)


@step("attach")
def attach(ctx: Context, actor: Actor, kind: str, choices: Choices) -> None:
    """Fear Is the Mind-Killer, Eyes of Ibad: the card attached to a revealed Prescience card."""
    state = ctx.state
    clause = choices.take("target")
    if clause is None or "card" not in clause:
        raise Illegal(ErrorCode.MISSING, "name the revealed Prescience card: TARGET <card>")
    card = clause["card"]
    if card not in state["prescience_row"] or card in state["attached"]:
        raise Illegal(ErrorCode.NO_TARGET, "not a revealed Prescience card free of attachments")
    state["attached"][card] = {"kind": kind, "card": actor.card}
    ctx.say(EventCode.NOTE, f"{'Fear Is the Mind-Killer' if kind == 'fear' else 'Eyes of Ibad'} "
            f"is attached to {data().prescience[card].name}.", card=card)
