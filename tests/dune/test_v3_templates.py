"""v3 turn sheets by mail (issue 35: "templates, echo, orders ahead"): in whole v3 games, of six
factions and of two players running three factions each, every template a seat's mail offers,
for the decisions open now and those still to come this turn (``ahead``, under their ``FOR``
headers), read back as written in one mail gives an order for each; each order's echo reads
back to itself."""

from __future__ import annotations

import random

import pytest
from dune_rounds import bot_orders

from pbem.game import step_rng
from pbem.games import dune
from pbem.templating import MAIL_WIDTH

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]
TWO = {"emperor": "atreides", "guild": "atreides", "bene-gesserit": "fremen",
       "harkonnen": "fremen"}
MIXES = [({"advanced": True}, 31),
         ({"advanced": True, "house_rules": True, "commanders": TWO}, 32),
         ({"advanced_abilities": True, "bidding": "whole_round", "movement": "batched",
           "commanders": TWO}, 33)]


def states_of(options: dict, seed: int, turns: int = 4):
    """Every state of a v3 game of the six factions, the random bot playing each seat."""
    rng = random.Random(seed)
    options = {**options, "turns": turns}
    state = dune.setup("v3", options, list(SEATS), step_rng(str(seed), 0))
    states = [state]
    while dune.result(state) is None:
        state, _ = dune.apply(state, bot_orders(state, rng), step_rng(str(seed), len(states)))
        states.append(state)
    return states


@pytest.mark.whole_game
@pytest.mark.parametrize(("options", "seed"), MIXES, ids=[str(o) for o, _ in MIXES])
def test_003_every_v3_template_now_and_ahead_is_read_as_written(options, seed):
    """003 "Sequence of Play" (its eight rounds), Part II, the house rules and "Playing with two
    or three" (the swap at a Nexus): a seat's templates of a step, open and later, sent back as
    they are in one mail, give an order for each, no error, no line unread but the commented
    examples, no line wider than the mail; each order's echo reads back to it."""
    checked = ahead_checked = swaps = 0
    for state in states_of(options, seed):
        prompts = dune.prompts(state)
        for seat in state["seats"]:
            mine = [p for p in prompts if p.seat == seat]
            later = dune.ahead(state, seat)
            if not mine and not later:
                continue
            swaps += sum(p.kind == "swap" for p in mine)
            text = "\n".join(p.template for p in mine + later)
            parsed = dune.parse(state, seat, text)
            assert parsed.errors == [], (state["turn"], text)
            assert all(u.line.startswith("#") for u in parsed.unread), text
            assert {o.prompt for o in parsed.orders} == {p.key for p in mine + later}, text
            assert all(len(line) <= MAIL_WIDTH for line in text.splitlines())
            for order in (o for o in parsed.orders if o.prompt in {p.key for p in mine}):
                echo = dune.parse(state, seat, order.text)
                assert [o.value for o in echo.orders if o.prompt == order.prompt] == [
                    order.value], order.text
            checked += 1
            ahead_checked += len(later)
    assert checked > 50 and ahead_checked > 50
    assert bool(swaps) == ("commanders" in options)     # the swap's template read too
