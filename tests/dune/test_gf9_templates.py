"""GF9 turn sheets by mail (issue 19: "the GF9 order templates and echo"): in whole GF9 games of
six factions, every template a seat's mail offers, for the decisions open now and for those
still to come this turn (``ahead``, each under its ``FOR`` header), is read back as written,
all in one mail, as an order for each of them; and each order's echo reads back to itself."""

from __future__ import annotations

import pytest
from dune_seats import SEAT_FACTIONS
from dune_templates import read_back, states_of

from pbem.games import dune
from pbem.games.dune.scenario import load_scenario

MIXES = [({}, 21), ({"advanced": True}, 22), ({"tournament": True}, 23),
         ({"advanced": True, "tournament": True, "bidding": "whole_round",
           "movement": "batched"}, 24), ({"advanced": True, "tech_tokens": True}, 25)]


@pytest.mark.whole_game
@pytest.mark.parametrize(("options", "seed"), MIXES, ids=[str(o) for o, _ in MIXES])
def test_every_gf9_template_now_and_ahead_is_read_as_written(options, seed):
    """001 1.01-1.09 (the nine phases), 1.13 (advanced), setup 3 and 4.1 (tournament): a
    seat's templates of a step, the open decisions' and the later ones' (``FOR ...``), sent
    back as they are in one mail, give an order for each, with no error and no line unread but
    the commented examples;
    no template line is wider than the mail; each order's echo reads back to it."""
    checked = read_back(states_of("gf9", list(SEAT_FACTIONS), options, seed))
    assert checked.steps > 100 and checked.ahead > 100


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
