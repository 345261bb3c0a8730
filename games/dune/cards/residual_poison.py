"""The Richese cache's Residual Poison (001 3.03.09): "Play on your opponent before Battle
Plan. The faction you are battling will lose one of their Active Leaders at random to the
tanks. No spice is collected for it. Discard after use."

By mail (rulings, docs/rules-coverage.md "Richese"): the holder's battle plan of the battle's
first mail round says ``RESIDUAL POISON`` (a line of its secret plan, so nobody learns who holds
the card from a wait or a question).  As that round is carried out, before the plans stand, the
card is played: one of the opponent's leaders in its pool (alive, not captured by another) goes
to the tanks at random, for no spice, and the opponent plans again in a second mail round, as a
side does that learned something before the plans (``before_plans``); the holder's plan
stands.  With no such leader the card is not played (told to the holder alone).  The random
pick comes from a generator seeded by the whole state (no step's generator reaches the middle
of the battle's first round).
"""

from __future__ import annotations

from typing import Any

from pbem.game import Event

from .. import leaders
from ..codes import EventCode
from ..data import Effect
from ..discard_pile import discard
from ..state import State, data, state_rng


def card_in(game: Any, hand: list[str] | tuple[str, ...]) -> str | None:
    """The Residual Poison in a hand (its card id), or None."""
    deck = data(game)
    return next((c for c in hand
                 if Effect.POISONS_A_LEADER in deck.treachery_card(c).effects), None)


def before_plans(state: State, plans: dict[str, dict[str, Any]], replan: set[str]
                 ) -> list[Event]:
    """Each plan's RESIDUAL POISON played on the other side, which then plans again."""
    events: list[Event] = []
    for seat, plan in plans.items():
        if not plan.get("poison"):
            continue
        opponent = next(other for other in plans if other != seat)
        hand = state["factions"][seat]["hand"]
        card = card_in(state, hand)
        pool = leaders.available(state["factions"][opponent]["leaders"])
        if card is None or not pool:
            events.append(Event(EventCode.CACHE_SPECIAL_UNPLAYED, {"card": "Residual Poison"},
                                to=(seat,)))
            continue
        victim = state_rng(state).choice(
            sorted(pool))
        hand.remove(card)
        discard(state, seat, card)
        state["factions"][opponent]["leaders"][victim] = leaders.TANKS
        replan.add(opponent)
        events.append(Event(EventCode.LEADER_POISONED, {"faction": seat, "against": opponent,
                                                        "leader": victim}))
    return events
