"""Games stored by earlier code load in today's shape and play on as a replay does.

``records/main-75c5b2d.json`` was written once by main at commit 75c5b2d, before the engine
was reshaped (issue "One Dune engine, many rulesets"): two whole six-faction bot games
(WBC with the basic bots; classic with every option and the random bots, a Harkonnen
capture among its states), their decision logs, and the states the store then held at a
few steps.  It is never regenerated: it stands for the games in players' stores.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem.game import load_game, replay, step_rng

RECORDS = json.loads((Path(__file__).parent / "records" / "main-75c5b2d.json").read_text())
GAME = load_game("dune")
STORED = [(record, int(step)) for record in RECORDS["records"] for step in record["states"]]


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
    for record in RECORDS["records"]:
        final = _replayed(record, len(record["log"]))
        assert final["result"] == record["states"][str(len(record["log"]))]["result"]
        assert final["result"] is not None
