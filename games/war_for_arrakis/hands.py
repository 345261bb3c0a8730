"""The hands of Planning cards: what a seat gives up when the rules make it discard, cards
discarded openly, and draws told (002 PLAYING PLANNING CARDS)."""

from __future__ import annotations

from .codes import EventCode
from .context import Context
from .standing import standing
from .state import State, data, hand


def discard_choice(state: State, seat: str) -> str:
    """The card a seat gives up: the first of its standing ``discard`` list it holds, else the
    one it drew last (its choice, ruled so); never a Hawat's Scheming (002 THUFIR HAWAT)."""
    held = [c for c in hand(state, seat) if data().cards[c].playable] or hand(state, seat)
    for card in standing(state, seat)["discard"]:
        if card in held:
            return card
    return held[-1]


def discard(ctx: Context, seat: str, card: str, why: str) -> None:
    """A card from a hand to its deck's discard pile, openly (002 PLAYING PLANNING CARDS)."""
    state = ctx.state
    hand(state, seat).remove(card)
    state["hands"][seat] = len(hand(state, seat))
    state["discards"][data().cards[card].deck].append(card)
    ctx.say(EventCode.CARD_DISCARDED, f"{who(seat)} discard {data().cards[card].name} ({why}).",
            card=card, seat=seat)


def note_draws(ctx: Context, seat: str, side: str, drawn: list[str]) -> None:
    """Who drew how many (public) and which (the seat's own)."""
    state = ctx.state
    state["hands"][seat] = len(hand(state, seat))
    if not drawn:
        return
    ctx.say(EventCode.CARDS_DRAWN, f"{who(seat)} draw {len(drawn)} Planning "
            f"card{'s' if len(drawn) > 1 else ''}.", seat=seat, count=len(drawn))
    ctx.say(EventCode.CARD_DRAWN, f"You draw: {', '.join(data().cards[c].name for c in drawn)}.",
            (seat,), cards=drawn)


def who(seat: str) -> str:
    if seat in data().factions:
        return f"The {data().factions[seat].name}"
    return data().powers[seat].name
