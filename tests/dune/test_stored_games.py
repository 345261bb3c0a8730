"""Games stored by earlier code load in today's shape and play on as a replay does.

``records/main-75c5b2d.json`` was written once by main at commit 75c5b2d, before the engine
was reshaped (issue "One Dune engine, many rulesets"): two whole six-faction bot games
(WBC with the basic bots; classic with every option and the random bots, a Harkonnen
capture among its states), their decision logs, and the states the store then held at a
few steps.  ``records/main-b5ae206-gf9.json`` was written by main at commit b5ae206, before the
token layer and the tech tokens (issue 29): two whole six-faction GF9 bot games (advanced with
the basic bots; tournament with batched movement and the random bots), whose stored rules
have no ``tech_tokens`` and whose states no ``tokens``.  They are never regenerated: they
stand for the games in players' stores.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pbem.game import load_game, replay, replay_states, step_rng
from pbem.games.dune import turn

RECORDS = json.loads((Path(__file__).parent / "records" / "main-75c5b2d.json").read_text())
GF9_RECORDS = json.loads((Path(__file__).parent / "records" / "main-b5ae206-gf9.json").read_text())
ALL = RECORDS["records"] + GF9_RECORDS["records"]
GAME = load_game("dune")
STORED = [(record, int(step)) for record in ALL for step in record["states"]]


def _replayed(record: dict, steps: int) -> dict:
    return replay(GAME, record["ruleset"], record["options"], record["seats"], record["seed"],
                  record["log"][:steps])


@pytest.mark.parametrize(("record", "step"), STORED,
                         ids=[f"{r['ruleset']}-step{s}" for r, s in STORED])
def test_a_stored_state_loads_as_its_replay(record, step):
    stored = GAME.upgrade(json.loads(json.dumps(record["states"][str(step)])))
    assert stored == _replayed(record, step)


@pytest.mark.parametrize(("record", "step"), [(r, s) for r, s in STORED if s < len(r["log"])],
                         ids=[f"{r['ruleset']}-step{s}" for r, s in STORED if s < len(r["log"])])
def test_a_stored_state_plays_on_as_its_replay(record, step):
    stored = GAME.upgrade(json.loads(json.dumps(record["states"][str(step)])))
    after, _ = GAME.apply(stored, record["log"][step], step_rng(record["seed"], step + 1))
    assert after == _replayed(record, step + 1)


def test_the_stored_games_end_as_they_ended():
    for record in ALL:
        final = _replayed(record, len(record["log"]))
        assert final["result"] == record["states"][str(len(record["log"]))]["result"]
        assert final["result"] is not None


def _keys_agree(states) -> int:
    """Assert that each state's ``open_keys`` are its prompts' keys, in order; the states seen."""
    seen = 0
    for seen, state in enumerate(states, start=1):
        assert turn.open_keys(state) == [p.key for p in turn.prompts(state)], seen
    return seen


def test_a_step_resolves_by_the_keys_its_prompts_have():
    """A step is resolved by its open decisions' keys alone (``turn.open_keys``, a phase's
    ``keys``), never worked out from their text: they are the prompts' keys at every state of
    the stored games, and of bot games in every mail mode (batched movement included)."""
    for record in ALL:
        _keys_agree(replay_states(GAME, record["ruleset"], record["options"], record["seats"],
                                  record["seed"], record["log"]))
    for ruleset, options in (("classic", {"movement": "batched", "advanced": True, "turns": 4}),
                             ("wbc", {"turns": 4})):
        seats = list(GAME.seat_names)
        state = GAME.setup(ruleset, options, seats, step_rng("keys", 0))
        bots = random.Random("keys")
        for step in range(1, 400):
            _keys_agree([state])
            if state["result"] is not None:
                break
            batch = {}
            for prompt in turn.prompts(state):
                text = GAME.bot_order(GAME.view(state, prompt.seat), prompt, bots)
                batch.update({o.prompt: o.value for o in GAME.parse(state, prompt.seat,
                                                                    text).orders})
            state, _ = GAME.apply(state, batch, step_rng("keys", step))
        assert state["result"] is not None
