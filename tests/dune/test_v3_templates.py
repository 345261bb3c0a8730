"""v3 turn sheets by mail (issue 35: "templates, echo, orders ahead"): in whole v3 games, of six
factions and of two players running three factions each, every template a seat's mail offers,
for the decisions open now and those still to come this turn (``ahead``, under their ``FOR``
headers), read back as written in one mail gives an order for each; each order's echo reads
back to itself."""

from __future__ import annotations

import pytest
from dune_templates import read_back, states_of

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]
TWO = {"emperor": "atreides", "guild": "atreides", "bene-gesserit": "fremen",
       "harkonnen": "fremen"}
MIXES = [({"advanced": True, "expanded_treachery": True}, 31),
         ({"advanced": True, "house_rules": True, "commanders": TWO}, 32),
         ({"advanced_abilities": True, "bidding": "whole_round", "movement": "batched",
           "commanders": TWO}, 33)]


@pytest.mark.whole_game
@pytest.mark.parametrize(("options", "seed"), MIXES, ids=[str(o) for o, _ in MIXES])
def test_003_every_v3_template_now_and_ahead_is_read_as_written(options, seed):
    """003 "Sequence of Play" (its eight rounds), Part II (the expanded treachery's cards, their
    HARVESTER and THUMPER lines among them), the house rules and "Playing with two or three"
    (the swap at a Nexus): a seat's templates of a step, open and later, sent back as
    they are in one mail, give an order for each, no error, no line unread but the commented
    examples, no line wider than the mail; each order's echo reads back to it."""
    checked = read_back(states_of("v3", SEATS, options, seed))
    assert checked.steps > 50 and checked.ahead > 50
    assert bool(checked.kinds.get("swap")) == ("commanders" in options)   # the swap's template
