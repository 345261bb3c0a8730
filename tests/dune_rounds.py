"""One mail round of a Dune game in the unit tests: each seat's mail read by the parser, the
defaults for every decision nobody answered, the round applied, the invariants checked."""

from __future__ import annotations

import random

from pbem.games import dune
from pbem.games.dune.invariants import violations


def mail_round(state, texts, seed):
    """Apply one round: ``texts`` maps seats (``_`` for ``-``) to mail; (state, events)."""
    orders = {p.key: p.default for p in dune.prompts(state)}
    for seat, text in texts.items():
        parsed = dune.parse(state, seat.replace("_", "-"), text)
        assert not parsed.errors, parsed.errors
        orders.update({o.prompt: o.value for o in parsed.orders})
    state, events = dune.apply(state, orders, random.Random(seed))
    assert violations(state) == []
    return state, events


def bot_orders(state, rng):
    """Every open decision answered by the random bot through the order parser: the orders
    of one step of a random game, by prompt key."""
    orders = {}
    for prompt in dune.prompts(state):
        text = dune.bot_order(dune.view(state, prompt.seat), prompt, rng)
        (order,) = [o for o in dune.parse(state, prompt.seat, text).orders
                    if o.prompt == prompt.key]
        orders[prompt.key] = order.value
    return orders
