"""The row of revealed Prescience cards: cards revealed, the Planning cards attached to them
(Fear Is the Mind-Killer, Eyes of Ibad), and the row closed at the End of the Round (002
START OF THE ROUND, DISCARD OR RESHUFFLE; kdc-cards)."""

from __future__ import annotations

from ..codes import EventCode
from ..context import Context
from ..state import State, data


def reveal(ctx: Context, count: int) -> None:
    """Cards from the Prescience deck turned face up beside it (002 START OF THE ROUND)."""
    state = ctx.state
    deck = state["hidden"]["prescience_deck"]
    shown = []
    for _ in range(count):
        if not deck:
            break
        card = deck.pop()
        state["prescience_row"].append(card)
        shown.append(card)
    state["prescience_deck"] = len(deck)
    if shown:
        ctx.say(EventCode.PRESCIENCE_REVEALED, "Prescience cards revealed: "
                f"{', '.join(data().prescience[c].name for c in shown)}.", cards=shown)


def attached(state: State, card: str) -> str | None:
    """The kind of Planning card attached to a revealed Prescience card, if one is."""
    found = state["attached"].get(card)
    return found["kind"] if found else None


def unattach(ctx: Context, card: str) -> None:
    """A Prescience card leaves the row: the Planning card attached to it is discarded."""
    found = ctx.state["attached"].pop(card, None)
    if found is not None and found["card"] is not None:
        ctx.state["discards"][data().cards[found["card"]].deck].append(found["card"])


def close_row(ctx: Context, keep: list[str]) -> None:
    """After the claims: unclaimed revealed cards kept (shuffled back) or removed."""
    state = ctx.state
    deck = state["hidden"]["prescience_deck"]
    for card_id in list(state["prescience_row"]):
        if attached(state, card_id) == "ibad":
            continue
        state["prescience_row"].remove(card_id)
        unattach(ctx, card_id)
        if card_id in keep:
            deck.append(card_id)
        else:
            state["prescience_removed"].append(card_id)
            ctx.say(EventCode.PRESCIENCE_DISCARDED, f"{data().prescience[card_id].name} is "
                    "removed from the game.", card=card_id)
    ctx.rng.shuffle(deck)
    state["prescience_deck"] = len(deck)
    for card_id in [c for c, f in state["attached"].items() if f["kind"] == "fear"]:
        unattach(ctx, card_id)
