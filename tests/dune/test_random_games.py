"""Random legal play through every phase so far (set-up, storm, spice blow and Nexus, bidding,
revival, shipment and movement, collection), with the invariants of the game checked after
every step, under every ruleset, option mix and mail mode."""

from __future__ import annotations

import json
import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.game import replay, step_rng
from pbem.games import dune
from pbem.games.dune.invariants import violations

MIXES = [
    ("classic", {}),
    ("classic", {"optional": True}),
    ("classic", {"advanced": True, "advantages": True, "weather": True}),
    ("classic", {"no_alliances": True, "more_strongholds": True, "shield_wall_victory": True}),
    ("wbc", {}),
    ("wbc", {"bidding": "whole_round", "movement": "batched"}),
    ("classic", {"optional": True, "movement": "batched"}),
]


def check_invariants(state):
    """The invariants of classic Dune that must hold after every step (invariants.py)."""
    assert violations(state) == []


def play(ruleset, options, seats, seed, turns=4):
    """A whole game of random legal orders, every step checked; returns the log."""
    rng = random.Random(seed)
    options = {**options, "turns": turns}
    state = dune.setup(ruleset, options, seats, step_rng(str(seed), 0))
    check_invariants(state)
    batches = []
    while dune.result(state) is None:
        orders = {}
        for prompt in dune.prompts(state):
            text = dune.bot_order(dune.view(state, prompt.seat), prompt, rng)
            parsed = dune.parse(state, prompt.seat, text)
            assert not parsed.errors, (text, parsed.errors)
            (order,) = [o for o in parsed.orders if o.prompt == prompt.key]
            orders[prompt.key] = order.value
        batches.append(orders)
        state, events = dune.apply(state, orders, step_rng(str(seed), len(batches)))
        json.dumps([e.to_json() for e in events])
        check_invariants(state)
        assert len(batches) < 500
    return state, batches, options


@pytest.mark.parametrize("ruleset,options", MIXES, ids=[f"{r}-{o}" for r, o in MIXES])
def test_random_games_keep_every_invariant_and_replay_exactly(ruleset, options):
    for seed in range(6):
        seats = random.Random(seed).sample(list(SEAT_FACTIONS), 2 + seed % 5)
        state, batches, options_used = play(ruleset, options, seats, seed)
        assert state["result"]["winners"] is not None
        logged = json.loads(json.dumps(batches, sort_keys=True))   # as the decision log keeps them
        rebuilt = replay(dune, ruleset, options_used, seats, str(seed), logged)
        assert rebuilt == state
        assert json.loads(json.dumps(state)) == state
