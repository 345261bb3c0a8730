"""The phase's keys a step ends with, kept for the next step, which begins with a copy of
that state (``turn._ended``): they must be the keys found afresh on the copy, in their order
(the orders are applied in it), in every kind of game."""

from __future__ import annotations

import random

import pytest

from pbem.game import load_game, step_rng
from pbem.games.dune import turn
from pbem.games.dune.state import canonical_text, copy_state

EXPANSIONS = {"advanced": True, "ixians_tleilaxu": True, "choam_richese": True,
              "ecaz_moritani": True}


@pytest.mark.parametrize(("ruleset", "options", "seats", "style"), [
    ("classic", {"advanced": True, "optional": True},
     ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"], "random"),
    ("gf9", EXPANSIONS, ["ixians", "tleilaxu", "choam", "richese", "ecaz", "moritani"],
     "basic"),
])
def test_kept_keys_are_the_copys_own(ruleset, options, seats, style):
    dune = load_game("dune")
    state = dune.setup(ruleset, options, seats, step_rng("kept", 0))
    bots = random.Random("kept/bots")
    kept = 0
    for step in range(1, 120):
        if dune.result(state) is not None:
            break
        orders = dune.bot_decisions(state, bots, style)
        state, _ = dune.apply(state, orders, step_rng("kept", step))
        if turn._ended[0] is not None:
            assert turn._ended[0] == canonical_text(state)
            assert turn._ended[1] == turn._own_keys(copy_state(state)), step
            kept += 1
    assert kept > 20
