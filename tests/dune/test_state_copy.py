"""The state copy of every step (``state.copy_state``) is the canonical form the store keeps:
the standard library's sorted JSON round trip, object for object, whichever encoder makes it."""

from __future__ import annotations

import json

from pbem.game import load_game, replay_states
from pbem.games.dune.state import copy_state

from .test_stored_games import RECORDS


def _canonical(state):
    """The copy as ``json`` makes it (sorted keys, tuples as lists, keys as text)."""
    return json.loads(json.dumps(state, sort_keys=True))


def _same(copy, expected) -> bool:
    """Equal, with every mapping's keys in the same order."""
    return json.dumps(copy) == json.dumps(expected) and copy == expected


def test_a_copy_is_the_sorted_json_round_trip_of_every_state_of_the_stored_games():
    record = RECORDS["records"][1]
    for state in replay_states(load_game("dune"), record["ruleset"], record["options"],
                               record["seats"], record["seed"], record["log"][:60]):
        state["step"] = {"z": (1, 2), "a": {"y": [3.5, None, True], "b": "é"}, **state["step"]}
        copy = copy_state(state)
        assert _same(copy, _canonical(state))
        assert copy is not state and copy["step"] is not state["step"]


def test_a_state_with_a_key_not_text_or_a_huge_number_is_copied_as_json_copies_it():
    state = {"b": {2: "two", 1: "one"}, "a": [2 ** 70, {"d": 1, "c": 0}]}
    assert _same(copy_state(state), _canonical(state))
