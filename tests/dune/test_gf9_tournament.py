"""The GF9 advanced game (001 1.13) and tournament rules (001 setup 3, 4.1.13-20) where a
scenario file cannot reach them (``tests/dune/scenarios/gf9_1_13_*.yaml`` and
``gf9_4_*.yaml`` pin the rest)."""

import random

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune import factions
from pbem.games.dune.cards import truthtrance
from pbem.games.dune.decks import spice_discards
from pbem.games.dune.phases import spice_blow
from pbem.games.dune.rules import make_rules

TOURNAMENT = {"tournament": True}


def test_001_4_1_the_tournament_rules_are_one_option_of_the_gf9_ruleset():
    """001 4.1.13-20 and setup 3: ten turns, the Shield Wall Stronghold (4.2) and the rules it
    sets on advisors, the Cheap Hero, the Truthtrance and the Fremen's allies."""
    basic, tournament = make_rules("gf9", {}), make_rules("gf9", TOURNAMENT)
    assert tournament.turns == basic.turns == 10                          # setup 3
    assert (basic.shield_wall_counts(9), tournament.shield_wall_counts(3),
            tournament.shield_wall_counts(4)) == (False, False, True)     # 4.1.13, 4.2.1
    assert (basic.shield_wall_held_beside, tournament.shield_wall_held_beside) == (
        None, "Imperial Basin")                                           # 4.2.2
    assert factions.power("bene-gesserit", basic).advisors_flip_when_alone(basic)     # 4.1.15
    assert not factions.power("bene-gesserit", tournament).advisors_flip_when_alone(tournament)
    assert basic.cheap_hero_required and not tournament.cheap_hero_required        # 4.1.17
    assert not basic.truthtrance_present_or_past and tournament.truthtrance_present_or_past
    assert not factions.power("fremen", basic).default_bars_spare_ally(basic)        # 4.1.20
    assert factions.power("fremen", tournament).default_bars_spare_ally(tournament)
    assert make_rules("gf9", {**TOURNAMENT, "advanced": True}).double_blow
    classic = make_rules("classic", {})
    assert "tournament" not in classic.to_json()      # stored classic and WBC games unchanged


def test_001_4_1_19_a_tournament_truthtrance_asks_of_the_present_or_the_past():
    """001 4.1.19: "Truthtrance will be limited to questions on the present or past. It cannot
    bind a player to a future action": by mail the question is free text, so the prompts of
    asker and answerer say the limit and the GM rules on a question that breaks it."""
    for options, limited in (({}, False), (TOURNAMENT, True)):
        state = dune.setup("gf9", options, ["atreides", "harkonnen"], step_rng("gf9-tt", 0))
        state["truthtrance"] = [{"asker": "atreides", "asked": "harkonnen",
                                 "question": "will you attack me"}]
        asked = truthtrance._ask_prompt(state, "atreides")
        (answer,) = truthtrance.answer_prompts(state)
        assert ("001 4.1.19" in asked.legal) is limited
        assert ("001 4.1.19" in answer.legal) is limited


def test_001_1_13_04_the_reshuffle_keeps_pile_a_s_top_territory_card():
    """001 1.13.04: "Shuffle in all discarded territory and Shai-Hulud cards under the top most
    territory card in Spice Discard Pile A and all Territory and Shai-Hulud cards in Spice
    Discard Pile B": pile A keeps its top territory card, pile B keeps nothing, and a worm on
    pile B then has no territory card to devour (1.13.03.02, "(if any)").  With one pile
    (basic) every card goes back (setup 6)."""
    for options, kept in (({"advanced": True}, True), ({}, False)):
        state = dune.setup("gf9", options, ["atreides", "harkonnen"], step_rng("gf9-r", 0))
        decks, names = state["decks"], spice_discards(state)
        cards = {spice_blow.spice_card(state, c).territory or c: c for c in decks["spice"]}
        worm = next(c for c in decks["spice"] if spice_blow.spice_card(state, c).is_shai_hulud)
        piles = [[cards["Red Chasm"], cards["Old Gap"]], [cards["Broken Land"], worm]]
        for name, pile, last in zip(names, piles, ["Old Gap", "Broken Land"], strict=False):
            decks[name], state["spice_last"][name] = pile, last
        decks["spice"] = [c for c in decks["spice"] if c not in sum(piles, [])]
        spice_blow.reshuffle(state, random.Random(2))
        if kept:
            assert [decks[name] for name in names] == [[cards["Old Gap"]], []]
            assert state["spice_last"] == {"spice_discard": "Old Gap", "spice_discard_2": None}
            assert cards["Old Gap"] not in decks["spice"]
        else:
            assert names == ("spice_discard",) and decks["spice_discard"] == []
            assert cards["Old Gap"] in decks["spice"]
