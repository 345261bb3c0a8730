"""The open decisions are worked out once for a state asked again unchanged (``turn.prompts``),
and afresh as soon as it changes, even in place."""

from __future__ import annotations

import json

from pbem.game import Prompt, load_game, replay, written
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


def test_the_decisions_kept_have_their_text_written_whatever_becomes_of_the_state():
    """``turn.prompts`` makes its prompts independent of the state (``Prompt.keep``: every
    text written, a movement turn's position copied); ``open_prompts`` leaves them to be
    worked out when read, the same texts and options from the same state."""
    for steps in range(0, 120, 7):
        state, other = _state(steps), _state(steps)
        kept = turn.prompts(state)
        lazy = turn.open_prompts(other)
        assert not [p for p in kept for text in vars(p).values() if callable(text)]
        texts = [(p.legal, p.default_text, p.template, _plain(p.options)) for p in lazy]
        state["factions"] = {}                      # what the texts were read from is gone
        assert [(p.legal, p.default_text, p.template, _plain(p.options)) for p in kept] == texts


def _plain(options: dict) -> str:
    """A prompt's options as JSON, the mappings worked out when read (a movement turn's)
    written out."""
    return json.dumps(options, sort_keys=True, default=dict)


def test_a_text_given_as_a_function_is_written_once_when_first_read():
    calls = []

    def legal() -> str:
        calls.append(1)
        return "BID <n>"

    prompt = Prompt("bid:fremen", "fremen", "bid", True, legal, None, "PASS", "PASS")
    assert calls == []
    assert prompt.legal == "BID <n>" and prompt.legal == "BID <n>" and calls == [1]
    assert prompt == Prompt("bid:fremen", "fremen", "bid", True, "BID <n>", None, "PASS", "PASS")
    later = Prompt("bid:fremen", "fremen", "bid", True, legal, None, "PASS", "PASS")
    assert written([later]) == [later] and calls == [1, 1] and vars(later)["_legal"] == "BID <n>"
