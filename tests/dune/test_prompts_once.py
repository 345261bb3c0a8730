"""The open decisions are worked out once for a state asked again unchanged (``turn.prompts``),
and afresh as soon as it changes, even in place."""

from __future__ import annotations

from pbem.game import load_game, replay
from pbem.games.dune import turn

from .test_stored_games import RECORDS


def _state(steps: int) -> dict:
    record = RECORDS["records"][0]
    return replay(load_game("dune"), record["ruleset"], record["options"], record["seats"],
                  record["seed"], record["log"][:steps])


def test_a_state_asked_again_unchanged_gets_the_same_decisions_in_a_list_of_its_own():
    state = _state(30)
    first = turn.prompts(state)
    first.clear()
    again = turn.prompts(_state(30))                # another object, the same state
    assert again and again == turn.open_prompts(state)
    assert [p.key for p in again] == turn.open_keys(state)


def test_a_state_changed_in_place_gets_its_own_decisions():
    state = _state(30)
    assert turn.prompts(state)
    state["result"] = {"winners": [], "victory": "gm"}
    assert turn.prompts(state) == []
    del state["result"]
    state["result"] = None                          # the same content, in another order
    assert [p.key for p in turn.prompts(state)] == turn.open_keys(state)
