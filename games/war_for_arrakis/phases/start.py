"""The start of a round: each hand draws one card of each of its decks, and Prescience cards
are revealed (002 START OF THE ROUND; 3-4 players: each player one of their deck, PLANNING
CARDS; solo: 2 Prescience cards, the Tactical cards and the Reinforcements, 002 MAHDI SOLO
MODE)."""

from __future__ import annotations

from .. import automaton as solo
from ..cards.effect import draw_one
from ..cards.row import reveal
from ..codes import EventCode
from ..context import Context
from ..hands import note_draws
from ..state import SIDES, SOLO, State, automaton, data, decks_of, hand, seats_of


def begin(ctx: Context) -> None:
    state = ctx.state
    ctx.say(EventCode.ROUND, f"Round {state['round']} begins.", round=state["round"])
    for side in SIDES:
        if automaton(state, side):
            continue
        for seat in seats_of(state, side):
            drawn = []
            for deck in decks_of(state, seat):
                card = draw_one(ctx, deck)
                if card is not None:
                    hand(state, seat).append(card)
                    drawn.append(card)
            note_draws(ctx, seat, side, drawn)
    alone = state["ruleset"] == SOLO
    count = data().limits["solo_prescience_revealed" if alone else "prescience_revealed"]
    reveal(ctx, count)
    if alone:
        solo.call("start_round", ctx)


def run(ctx: Context) -> bool:
    return True


def prompts(state: State) -> list:
    return []


def apply(ctx: Context, orders: dict) -> None:
    assert not orders
