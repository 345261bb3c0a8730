"""The Landsraad Millennial pack (001 3.05): its option and its one card, the Butlerian Jihad
(``cards/butlerian_jihad.py``), by mail a word riding on a round its holder is asked in."""

from __future__ import annotations

import random

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune.bots.basic_bot import basic_order
from pbem.games.dune.cards import butlerian_jihad as jihad
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import storm_order
from pbem.games.dune.view import seat_view
from pbem.selfplay import play_games

SIX = ["atreides", "harkonnen", "emperor", "fremen", "guild", "bene-gesserit"]


def _hands(state: dict) -> list[str]:
    return [c for pile in state["decks"].values() for c in pile] + [
        c for own in state["factions"].values() for c in own["hand"]]


def test_001_3_05_01_the_millennial_pack_is_dealt_by_its_option_in_a_game_of_any_size():
    """001 3.05.01: the pack "should be added in a game where players are breaking the great
    convention" (ruling: by its own option, any size of game, even the base six): its card in
    the treachery deck with ``millennial_cards``, never without."""
    for seats in (SIX[:2], SIX):
        assert not dune.seating("gf9", {"millennial_cards": True}).problems(seats)
        state = dune.setup("gf9", {"millennial_cards": True}, seats, step_rng("mill", 1))
        assert "Butlerian Jihad" in _hands(state)
    state = dune.setup("gf9", {}, SIX, step_rng("mill", 1))
    assert "Butlerian Jihad" not in _hands(state)
    assert jihad.rides(make_rules("gf9", {"millennial_cards": True}))
    assert not jihad.rides(make_rules("gf9", {}))


def _bidding(hand: dict[str, list[str]], spice: int = 10) -> dict:
    return load_scenario({
        "game": "dune", "seats": SIX, "ruleset": "gf9", "options": {"millennial_cards": True},
        "seed": "jihad", "position": {
            "turn": 2, "phase": "bidding", "storm": {"sector": 1}, "forces": {},
            "factions": {seat: {"hand": hand.get(seat, []), "spice": spice} for seat in SIX},
            "decks": {"treachery": ["Lasgun", "Shield", "Snooper", "Chaumas", "Crysknife",
                                    "Maula Pistol"]}}}).state


def test_001_3_05_02_the_jihad_word_is_asked_only_of_a_holder_asked_anyway():
    """001 3.05.02 "Play at any time" by mail: the JIHAD word rides on any round its holder is
    asked something in, optional (nobody waits for it, its default plays nothing), and nobody
    else is asked it; JIHAD NOW is refused, quoting the valid words."""
    state = _bidding({"fremen": ["Butlerian Jihad"]})
    words = [p for p in dune.prompts(state) if p.kind == jihad.KIND]
    assert [(p.seat, p.optional, p.default) for p in words] == [("fremen", True, None)]
    assert not dune.parse(state, "fremen", "PASS\nJIHAD").errors
    assert dune.parse(state, "fremen", "PASS\nJIHAD NOW").errors[0].valid == (
        "JIHAD", "JIHAD NONE")
    parsed = dune.parse(state, "atreides", "PASS\nJIHAD")
    assert parsed.errors or parsed.unread


def test_001_3_05_02_the_jihad_is_played_as_its_round_is_carried_out():
    """001 3.05.02: the word given with a bid is carried out as that round's orders are: every
    spice halved (rounded up), the card to the one who lost most."""
    state = _bidding({"fremen": ["Butlerian Jihad"]}, spice=7)
    orders = {p.key: p.default for p in dune.prompts(state)}
    orders[f"{jihad.KIND}:fremen"] = True
    after, events = dune.apply(state, orders, random.Random(0))
    played = [e for e in events if e.code == "butlerian-jihad"]
    assert played and set(played[0].data["lost"].values()) == {4}
    assert all(after["factions"][seat]["spice"] == 3 for seat in SIX)
    taker = played[0].data["taker"]         # a tie: the first in storm order
    assert taker == storm_order(after)[0]
    assert after["factions"][taker]["hand"] == ["Butlerian Jihad"]
    assert all(own["spice"] == 7 for own in state["factions"].values())   # a copy played


def test_001_3_05_02_both_bots_play_the_butlerian_jihad():
    """Both bots may play it: the random bot now and then, the basic bot when it holds at most
    1 spice (it loses least); games with the pack break no invariant."""
    state = _bidding({"fremen": ["Butlerian Jihad"]}, spice=1)
    word = next(p for p in dune.prompts(state) if p.kind == jihad.KIND)
    assert basic_order(seat_view(state, "fremen"), word, random.Random(0)) == "JIHAD"
    state = _bidding({"fremen": ["Butlerian Jihad"]}, spice=5)
    word = next(p for p in dune.prompts(state) if p.kind == jihad.KIND)
    assert basic_order(seat_view(state, "fremen"), word, random.Random(0)) == "JIHAD NONE"
    summary = play_games(dune, "gf9", {"millennial_cards": True, "advanced": True, "turns": 4},
                         3, "jihad-random", out=None, style="random",
                         count=("butlerian-jihad",))
    assert summary.violations == [] and summary.counts["butlerian-jihad"] > 0
