"""The kinds of decision of Dune as players name them (``games/dune/orders/decisions.yaml``):
checked against the order kinds on load, every fault named at once."""

from __future__ import annotations

import pytest
import yaml

from pbem.games.dune import decision_kinds
from pbem.games.dune.orders.decisions import SOURCE, load_decision_kinds
from pbem.games.dune.orders.language import KINDS


def test_every_order_kind_is_named_once_with_words_and_what_it_decides():
    assert sorted(k.kind for k in decision_kinds) == sorted(KINDS)
    assert all(k.words and k.what for k in decision_kinds)
    assert all(k.passing is None or k.passing.split()[0] in k.verbs for k in decision_kinds)


def test_a_kind_left_out_an_unknown_one_and_a_bad_pass_order_are_all_named(tmp_path):
    entries = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    entries = [e for e in entries if e["kind"] != "nexus"]
    entries.append({"kind": "spice-harvest", "words": ["HARVEST"], "what": "nothing"})
    next(e for e in entries if e["kind"] == "bid")["pass"] = "ALLY NONE"
    next(e for e in entries if e["kind"] == "move")["map"] = "yes"
    path = tmp_path / "decisions.yaml"
    path.write_text(yaml.safe_dump(entries), encoding="utf-8")
    with pytest.raises(ValueError) as raised:
        load_decision_kinds(path)
    message = str(raised.value)
    assert "'spice-harvest': not an order kind" in message
    assert "nexus: not listed" in message
    assert "bid: its pass order 'ALLY NONE' is not one of its orders" in message
    assert "move: map is true or false" in message


def test_the_decisions_made_on_the_board_bring_the_map():
    """docs/reports.md: placements, the storm's cards, worms, movement, coexistence and
    battles are decided on the board; bids, dials and Nexus are not."""
    on_board = {k.kind for k in decision_kinds if k.needs_map}
    assert {"move", "guild-move", "battle-plan", "worm-ride", "fremen-placement"} <= on_board
    assert not on_board & {"bid", "bids", "storm-dial", "nexus", "revival", "traitor"}
