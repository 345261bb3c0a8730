"""Named decks (issue 29, seam 6): a game has the decks and piles its data names
(``data/classic/decks.yaml``; an overlay adds one by name), each pile a list of card ids in
``state["decks"]``, top last.  Cards are conserved per deck (000 III.C), the public view shows
each pile as the data says (a face-down pile's size, a face-up pile's cards: clarification
VIII, line 1164), never a face-down pile's order, and a game stored with the old fixed keys
loads in today's shape."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
import yaml
from dune_seats import SEAT_FACTIONS

from pbem import selfplay
from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune import decks
from pbem.games.dune.data import CLASSIC, DataError, FaultCode, PileRole, load
from pbem.games.dune.rules import RULESETS, Classic, rules_of
from pbem.games.dune.state import copy_state, data
from pbem.games.dune.view import public_view, seat_view

OVERLAY = Path(__file__).parent / "overlay_decks"
SIX = list(SEAT_FACTIONS)


def game(ruleset: str = "classic", options: dict | None = None, seats: list[str] | None = None):
    return dune.setup(ruleset, options or {}, seats or SIX, step_rng("decks", 0))


@pytest.mark.parametrize("ruleset", ["classic", "wbc", "gf9"])
def test_000_iii_c_a_game_has_every_pile_of_its_data_s_decks(ruleset):
    """000 III.C (line 213): "The spice and treachery decks are shuffled and placed face down
    ... Played cards will be piled face up next to the decks".  Every pile the data names is
    in the state, each deck's draw pile holding all its cards at first (the traitor deck:
    the leaders left after the draws, under WBC house rule 7 and GF9 setup 12; none under
    AH, whose draws go back each time, 000 III.E.2).  A pile of an expansion's cards alone
    (the Richese cache, 001 2.10.04) is there only in a game with them."""
    state = game(ruleset)
    assert set(state["decks"]) == set(decks.in_play(rules_of(state))) == {
        "treachery", "treachery_discard", "treachery_removed", "spice", "spice_discard",
        "spice_discard_2", "traitors"}
    hands = [card for seat in SIX for card in state["factions"][seat]["hand"]]
    assert sorted(state["decks"]["treachery"] + hands) == sorted(     # the base deck: no set
        c.id for c in data(state).treachery_in_play(()))
    assert sorted(state["decks"]["spice"]) == sorted(c.id for c in data(state).spice_deck)
    drawn = sum(len(state["factions"][seat]["traitor_draw"]) for seat in SIX)
    assert len(state["decks"]["traitors"]) == (30 - drawn if ruleset != "classic" else 0)
    assert dune.invariants(state) == []


@pytest.mark.parametrize(("ruleset", "options", "piles"), [
    ("classic", {}, ("spice_discard",)),
    ("classic", {"advanced": True}, ("spice_discard", "spice_discard_2")),
    ("gf9", {}, ("spice_discard",)),
    ("gf9", {"advanced": True}, ("spice_discard", "spice_discard_2"))])
def test_000_xxi_a_1_the_advanced_game_turns_two_spice_discard_piles(ruleset, options, piles):
    """000 XXI.A.1 (line 562): "Two distinct piles must be maintained"; 001 1.13.03 the same in
    the GF9 advanced game: the spice deck's discard piles in use (``Rules.spice_discard_piles``),
    each remembering the territory it last turned up (XXI.B.2)."""
    state = game(ruleset, options)
    assert decks.spice_discards(state) == piles
    assert state["spice_last"] == dict.fromkeys(piles)
    # the data's two piles (001's, with the Landsraad layer, a third: the Spice Blow card's,
    # 3.06.05, in play only with the 9+ pack)
    assert decks.piles(state, decks.SPICE, PileRole.DISCARD)[:2] == (
        "spice_discard", "spice_discard_2")
    assert decks.EXTRA_PILE not in decks.in_play(rules_of(state))


def test_the_public_view_shows_each_pile_as_its_data_says_and_no_deck_s_order():
    """Clarification VIII (000 line 1164): the treachery discard pile "is open to inspection by
    any player at any time"; the spice discard piles lie face up (000 III.C); a face-down
    pile shows its size only.  Two games alike but for the order of their face-down piles
    give every seat the same view (a differential test: the order is the hidden thing)."""
    state = game("classic", {"advanced": True})
    state["decks"]["treachery_discard"] = state["decks"]["treachery"][:2]
    state["decks"]["treachery"] = state["decks"]["treachery"][2:]
    shown = public_view(state)["decks"]
    assert shown["treachery"] == len(state["decks"]["treachery"])
    assert shown["spice"] == 21 and shown["traitors"] == 0
    assert shown["treachery_discard"] == state["decks"]["treachery_discard"]
    assert shown["spice_discard"] == [] and shown["spice_discard_2"] == []
    other = copy_state(state)
    for pile in ("treachery", "spice"):
        random.Random(pile).shuffle(other["decks"][pile])
    assert other["decks"]["treachery"] != state["decks"]["treachery"]
    for seat in (None, *SIX):
        assert dune.view(other, seat) == dune.view(state, seat)


def test_000_iii_c_cards_are_conserved_per_deck():
    """Each deck's cards are counted over its piles and where else they may be (treachery
    cards in hands and up for bid); a card gone from one deck into another's pile is missing
    from the first and extra in the second, each named."""
    state = game()
    card = state["decks"]["treachery"].pop()
    state["decks"]["spice_discard"].append(card)
    assert dune.invariants(state) == [
        f"treachery cards: missing ['{card}'] (000 III.C)",
        f"spice cards: extra ['{card}'] (000 III.C)"]
    del state["decks"]["spice_discard"]
    state["decks"]["pocket"] = []
    assert dune.invariants(state) == ["decks: the pile spice_discard is missing",
                                      "decks: pocket is no pile of the game's decks"]


def test_a_game_stored_with_the_fixed_decks_upgrades_to_the_named_piles():
    """A stored state of the fixed keys (one or two spice discard piles as a list, and their
    last territories beside them) loads in today's shape and plays on alike
    (``decks.upgrade``; ``test_stored_games.py`` replays the stored records)."""
    for options in ({}, {"advanced": True}):
        state = game("classic", options)
        state["decks"]["spice_discard"].append("Old Gap")
        state["spice_last"]["spice_discard"] = "Old Gap"
        old = copy_state(state)
        named = decks.spice_discards(state)
        old["decks"]["spice_discard"] = [state["decks"][pile] for pile in named]
        old["decks"]["spice_last"] = [state["spice_last"][pile] for pile in named]
        del old["decks"]["spice_discard_2"], old["spice_last"]
        assert dune.upgrade(old) == state
        assert dune.upgrade(copy_state(state)) == state          # today's shape: unchanged


@dataclass(frozen=True)
class WithOracles(Classic):
    """The classic rules with the test overlay's deck."""

    ruleset: str = "classic-oracles"
    data_layers: ClassVar[tuple[str, ...]] = ("classic", str(OVERLAY))


def test_a_deck_only_an_overlay_has_is_in_the_state_the_view_and_self_play(monkeypatch):
    """An overlay adds a deck by name: its piles are in every state of its games, shown as its
    data says (a face-up pile's top card alone), and whole games play with it."""
    monkeypatch.setitem(RULESETS, WithOracles.ruleset, WithOracles)
    state = game(WithOracles.ruleset)
    leaders = [leader.name for leader in data(state).leaders]
    assert state["decks"]["oracles"] == leaders and state["decks"]["oracles_seen"] == []
    state["decks"]["oracles_seen"] = state["decks"]["oracles"][-2:]
    shown = public_view(state)["decks"]
    assert shown["oracles"] == len(leaders)
    assert shown["oracles_seen"] == {"cards": 2, "top": leaders[-1]}
    assert seat_view(state, "atreides")["decks"] == shown
    summary = selfplay.play_games(dune, WithOracles.ruleset, {"turns": 2}, 2, "oracles",
                                  mail=False)
    assert summary.violations == [] and summary.games == 2


def test_the_loader_refuses_a_deck_without_one_draw_pile_or_a_pile_named_twice(tmp_path):
    """The merged data passes the same checks as the base: every fault reported at once."""
    (tmp_path / "decks.yaml").write_text(yaml.safe_dump({"decks": [
        {"name": "loose", "cards": "spice",
         "piles": [{"name": "loose_discard", "role": "discard", "shown": "all"}]},
        {"name": "twice", "cards": "leaders",
         "piles": [{"name": "treachery", "role": "draw", "shown": "count"}]}]}),
        encoding="utf-8")
    with pytest.raises(DataError) as error:
        load(CLASSIC, tmp_path)
    assert [(f.where, f.code, f.message) for f in error.value.faults] == [
        ("loose", FaultCode.BAD_VALUE, "a deck has one draw pile"),
        ("decks", FaultCode.DUPLICATE_NAME, "pile 'treachery' named more than once")]
