"""GF9 turn sheets by mail (issue 19: "the GF9 order templates and echo"): in whole GF9 games of
six factions, every template a seat's mail offers, for the decisions open now and for those
still to come this turn (``ahead``, each under its ``FOR`` header), is read back as written,
all in one mail, as an order for each of them; and each order's echo reads back to itself."""

from __future__ import annotations

import random

import pytest
from dune_rounds import bot_orders
from dune_seats import SEAT_FACTIONS

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune.scenario import load_scenario
from pbem.templating import MAIL_WIDTH

MIXES = [({}, 21), ({"advanced": True}, 22), ({"tournament": True}, 23),
         ({"advanced": True, "tournament": True, "bidding": "whole_round",
           "movement": "batched"}, 24), ({"advanced": True, "tech_tokens": True}, 25)]


def states_of(options: dict, seed: int, turns: int = 4):
    """Every state of a GF9 game of the six factions, the random bot playing each seat."""
    rng = random.Random(seed)
    options = {**options, "turns": turns}
    state = dune.setup("gf9", options, list(SEAT_FACTIONS), step_rng(str(seed), 0))
    states = [state]
    while dune.result(state) is None:
        state, _ = dune.apply(state, bot_orders(state, rng), step_rng(str(seed), len(states)))
        states.append(state)
    return states


@pytest.mark.whole_game
@pytest.mark.parametrize(("options", "seed"), MIXES, ids=[str(o) for o, _ in MIXES])
def test_every_gf9_template_now_and_ahead_is_read_as_written(options, seed):
    """001 1.01-1.09 (the nine phases), 1.13 (advanced), setup 3 and 4.1 (tournament): a
    seat's templates of a step, the open decisions' and the later ones' (``FOR ...``), sent
    back as they are in one mail, give an order for each, with no error and no line unread but
    the commented examples;
    no template line is wider than the mail; each order's echo reads back to it."""
    checked = ahead_checked = 0
    for state in states_of(options, seed):
        prompts = dune.prompts(state)
        for seat in state["seats"]:
            mine = [p for p in prompts if p.seat == seat]
            later = dune.ahead(state, seat)
            if not mine and not later:
                continue
            text = "\n".join(p.template for p in mine + later)
            parsed = dune.parse(state, seat, text)
            assert parsed.errors == [], (state["turn"], text)
            assert all(u.line.startswith("#") for u in parsed.unread), text   # examples
            assert {o.prompt for o in parsed.orders} == {p.key for p in mine + later}, text
            assert all(len(line) <= MAIL_WIDTH for line in text.splitlines())
            for order in (o for o in parsed.orders if o.prompt in {p.key for p in mine}):
                echo = dune.parse(state, seat, order.text)
                assert [o.value for o in echo.orders if o.prompt == order.prompt] == [
                    order.value], order.text
            checked += 1
            ahead_checked += len(later)
    assert checked > 100 and ahead_checked > 100


@pytest.mark.parametrize("advanced", [False, True])
def test_2_02_06_the_basic_bene_gesserit_are_offered_no_advisor_with_a_shipment(advanced):
    """001 2.02.06 (basic): with another faction's shipment from off-planet the Bene Gesserit
    "Send 1 Force (fighter) for free ... to the Polar Sink"; only the advanced 2.02.12 sends an
    advisor "into the same Territory".  The basic prompt offers SINK or NONE, not WITH."""
    state = load_scenario({
        "game": "dune", "seats": ["bene-gesserit", "emperor"], "ruleset": "gf9",
        "options": {"advanced": advanced}, "seed": "advisors",
        "position": {"turn": 2, "phase": "movement", "storm": {"sector": 1}}}).state
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "coexistence"]
    assert ("WITH the same territory" in prompt.legal) is advanced
    assert ("to the Polar Sink" in prompt.legal) is not advanced
    assert (dune.parse(state, "bene-gesserit", "ADVISORS WITH").errors == []) is advanced
