"""The rulesets are classes found by name (``RULESETS``), each answering the policy questions
the phases ask; a test per question, naming the seed rule, for every class (STYLE 11, 14)."""

import pytest

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune.rules import (
    GF9,
    RULES_VERSION,
    RULESETS,
    V3,
    WBC,
    Classic,
    GF9Version4,
    GF9Version6,
    Rules,
    make_rules,
    rules_of,
)

CLASSIC, WBC_RULES = make_rules("classic", {}), make_rules("wbc", {})
GF9_RULES = make_rules("gf9", {})

# question -> (the seed rule, the classic answer, the WBC answer[, the GF9 answer if it is not
# the classic one])
QUESTIONS = {
    "draws_seating": ("WBC house rule 1, 000 line 1039", False, True),
    "traitor_deck": ("WBC house rule 7, 000 line 1061; 000 III.E.2; 001 setup 12", False, True,
                     True),
    "own_leader_as_traitor": ("000 III.E.2; 001 setup 12", False, False, True),
    "first_storm_moves": ("000 VI.A; WBC 000 line 1114", True, False),
    "storm_cards_on_turn_one": ("WBC 000 line 1110; 001 3.01.08, 3.01.24", True, False, False),
    "atomics_clear_of_storm": ("000 Q&A XXV.A.2; 001 3.01.08", False, False, True),
    "weather_control_after_reveal": ("WBC 000 line 1110; player aid B.2", False, True),
    "ornithopters_from_storm_round": ("WBC IX, 000 line 1188; 000 IX.C.2.a.1", False, True),
    "nexus_on_every_worm": ("WBC VII.1; 000 VII.B-C", False, True),
    "nexus_at_end_of_blow": ("000 VII.B, XII.B; 001 1.02.06-07", False, False, True),
    "turn_one_worms_set_aside": ("000 VII.D; 001 1.02.03", False, False, True),
    "charity_with_bidding": ("000 VIII.I; 001 1.03", True, True, False),
    "hands_declared_before_bidding": ("000 VIII.F; 001 1.04.02", False, False, True),
    "bribes_in_front_of_shield": ("000 XIII.C; 001 1.12.03", False, False, True),
    "bribes_between_allies": ("000 XIII.C; 001 1.10.03.04", True, True, False),
    "leader_revival_until_all_back": ("000 IX.D.1; 001 1.05.04", True, True, False),
    "traitor_callers_leader_back_in_pool": ("000 X.C.8; 001 1.07.07.07.01", False, False, True),
    "karama_power_once_per_game": ("000 XVII.B; WBC line 1386; 001 1.14.01", False, False, True),
    "no_leaders_by_consent": ("000 Q&A B.7; 001 1.07.05.05", True, True, False),
    "spice_promised": ("WBC house rule 5, 000 line 1057; clarification XIII line 1283",
                       False, True),
    "corrects_plans_at_reveal": ("000 clarification X, lines 1252-1256; 004 X.7-8", False, True),
    "shared_strongholds_count": ("000 IV; WBC house rule 4, 000 line 1045; 001 glossary "
                                 "Control", True, False, False),
    "first_winner_in_storm_order": ("000 Q&A XXV.E.3; 001 1.09.04", False, False, True),
    "conditional_default_first": ("000 Q&A XXV.E.3; 001 1.09.06, 2.04.10.01", False, False,
                                  True),
    "allies_add_strongholds": ("WBC house rule 3, 000 line 1043; 000 XII.E.1", False, True),
    "karama_cancels_abilities": ("000 player aid B.6.A; 001 3.01.12.02-03", False, False,
                                 True),
    "storm_kills_where_it_starts": ("000 VI.C, Q&A XXV.A.1; 001 1.01.04", False, False, True),
    "ally_constraint": ("000 XII.E.5; 001 1.06.07, 1.10.03.07", False, False, True),
    "karama_overbid": ("000 player aid A.5; 001 3.01.12.05", False, False, True),
    "storm_deck": ("000 XVI; 001 2.04.14", False, False, True),
    "repositioning": ("000 IX.C.2.a; 001 1.06.08", False, False, True),
    "moves_gather_sectors": ("000 Q&A XXV.B.1; 001 1.06.05", False, False, True),
    "ornithopters_after_shipment": ("000 IX.C.2.a.1; 001 1.06.02, 1.06.05.05", False, False,
                                    True),
    "traitor_winner_keeps_one_time_cards": ("000 player aid A.6-7; 001 1.07.07.07.01", False,
                                            False, True),
    "nexus_again_after_break": ("000 XII.D.2; 001 1.10.01, 1.10.02.06-07", False, False, True),
    "deals_every_round": ("000 XIII.C; 001 1.12.01, 1.03.02", False, False, True),
}


@pytest.mark.parametrize("question", QUESTIONS)
def test_each_ruleset_answers_the_policy_question_by_its_seed_rule(question):
    """Classic answers as the AH 1979 rules, WBC as its house rules and clarifications, GF9
    as 001."""
    _seed, classic, wbc, *gf9 = QUESTIONS[question]
    assert getattr(CLASSIC, question) is classic
    assert getattr(WBC_RULES, question) is wbc
    assert getattr(GF9_RULES, question) is (gf9[0] if gf9 else classic)


def test_the_storm_dial_prompt_cites_its_ruleset_seed():
    """000 VI.B; 001 1.01.03: a GF9 prompt cites 001."""
    assert CLASSIC.cite("000 VI.B") == WBC_RULES.cite("000 VI.B") == "000 VI.B"
    assert GF9_RULES.cite("000 VI.B") == "001 1.01.03"


def test_choam_charity_tops_up_below_one_under_ah_and_below_two_under_gf9():
    """000 VIII.I: "a player with no spice"; 001 1.03.02: "All players with 0 or 1 spice"."""
    assert CLASSIC.charity_below == WBC_RULES.charity_below == 1
    assert GF9_RULES.charity_below == 2


def test_strongholds_to_win_by_ruleset_players_and_alliance():
    """000 IV: 3, 4 in a 2-player game; WBC house rule 3: one more per ally; 001 1.09.03.02-03:
    3 unallied, 4 for an alliance, whatever the number of players."""
    assert [CLASSIC.strongholds_to_win(6, n) for n in (1, 2)] == [3, 3]
    assert CLASSIC.strongholds_to_win(2, 1) == 4
    assert [WBC_RULES.strongholds_to_win(6, n) for n in (1, 2, 3)] == [3, 4, 5]
    assert [GF9_RULES.strongholds_to_win(players, n) for players in (2, 6)
            for n in (1, 2)] == [3, 4, 3, 4]


def test_the_shield_wall_counts_with_xviii_b_or_from_the_sixth_worm():
    """000 XVIII.B (classic, an option); WBC house rule 4, 000 line 1045: "immediately after
    the 6th worm appears"."""
    assert not CLASSIC.shield_wall_counts(9)
    assert make_rules("classic", {"shield_wall_victory": True}).shield_wall_counts(0)
    assert not WBC_RULES.shield_wall_counts(5)
    assert WBC_RULES.shield_wall_counts(6)


def test_the_alliance_limit_is_none_under_ah_and_two_or_three_under_wbc():
    """000 XII.C.2: "An alliance may contain any number of players"; WBC house rule 2, 000
    line 1041: two factions with at least 4 players, three in 6-player games by consent."""
    assert CLASSIC.alliance_limit(6) is None
    assert WBC_RULES.alliance_limit(3) is None
    assert WBC_RULES.alliance_limit(4) == WBC_RULES.alliance_limit(6) == 2
    assert make_rules("wbc", {"three_faction_alliances": True}).alliance_limit(6) == 3
    # 001 1.10.02.04: "No more than two players may be in an Alliance", in every game
    assert GF9_RULES.alliance_limit(3) == GF9_RULES.alliance_limit(6) == 2


def test_each_ruleset_names_its_phases_options_and_data():
    """The turn's rounds (000 V; WBC IX, line 1170), the options WBC fixes (000 "We are
    playing all of the Basic, Optional, and Advanced rules ... with one exception: Rule
    XVIII.A") and the data folders each merges (classic the base)."""
    assert Classic.phases == WBC.phases == ("storm", "spice_blow", "bidding", "revival",
                                            "movement", "battle", "collection", "end_of_turn")
    assert Classic.fixed == {}
    assert {name for name, on in WBC.fixed.items() if not on} == {"no_alliances",
                                                                    "more_strongholds"}
    assert Classic.data_layers == WBC.data_layers == ("classic",)
    assert (CLASSIC.turns, WBC_RULES.turns) == (15, 10)     # 000 V; 004 heats of 10 turns
    # 001 1.01-1.09: the nine GF9 phases; setup 3: ten turns; the basic game, options off
    assert GF9.phases == ("storm", "spice_blow", "charity", "bidding", "revival", "movement",
                          "battle", "collection", "mentat_pause")
    # 001 2.07: the Ixians; 2.09: CHOAM (its Landsraad revision a layer of its option); 2.10
    # Richese; 2.11 Ecaz; 2.12 the Moritani (their text B a layer of its option); 3.06-3.09 the
    # Landsraad card packs (sets each option deals); 2.13 the Free Traders
    assert GF9.data_layers == ("classic", "gf9", "ixians", "choam", "richese", "ecaz",
                               "moritani", "landsraad", "freetraders")
    assert GF9.option_layers == {"choam_landsraad": "choam_landsraad",
                                 "homeworlds": "homeworlds",        # 001 4.10
                                 "discovery_tokens": "discovery",   # 001 4.06.06.03
                                 "moritani_text_b": "moritani_b",
                                 "ecaz_text_b": "ecaz_b"}      # 001 2.11 (B)
    assert GF9_RULES.turns == 10
    assert not any(getattr(GF9_RULES, name) for name in GF9.fixed if hasattr(GF9_RULES, name))


def test_a_ruleset_is_found_by_name_and_stored_as_its_json():
    """``RULESETS`` finds the class by name; the JSON a game stores names its ruleset and
    rebuilds the same class, once per distinct mapping."""
    assert {"classic": Classic, "wbc": WBC, "gf9": GF9, "v3": V3} == RULESETS
    for rules in (CLASSIC, WBC_RULES, GF9_RULES, make_rules("v3", {"advanced": True})):
        stored = rules.to_json()
        assert stored["ruleset"] == rules.ruleset
        assert Rules.from_json(stored) == rules
        assert type(Rules.from_json(stored)) is type(rules)
        assert rules_of({"rules": stored}) is rules_of({"rules": dict(stored)})


def test_a_game_keeps_the_rules_version_it_was_dealt_under():
    """A game is played by the rules version it was dealt under (DESIGN.md "Record the rules
    version in each game"): a new game by this code's, a replay by its stored game's; a GF9
    game of version 4 by ``GF9Version4``, which keeps the answers version 5 changed (issue
    32), so that it replays as it was played (version 5's other answers are factions' powers:
    ``test_faction_answers.py``); a version no longer played is refused."""
    assert dune.rules_version == str(RULES_VERSION) == "7"
    new = dune.setup("gf9", {}, ["atreides", "harkonnen"], step_rng("v", 0))
    old = dune.setup("gf9", {}, ["atreides", "harkonnen"], step_rng("v", 0), "4")
    five = dune.setup("gf9", {}, ["atreides", "harkonnen"], step_rng("v", 0), "5")
    assert (new["rules"]["version"], five["rules"]["version"],
            old["rules"]["version"]) == (7, 5, 4)
    assert type(rules_of(new)) is GF9 and type(rules_of(old)) is GF9Version4
    assert type(rules_of(five)) is GF9Version6
    assert type(make_rules("classic", {}, 4)) is Classic
    assert {**old, "rules": {**old["rules"], "version": 7}} == new
    stored = {**new, "rules": {k: v for k, v in new["rules"].items() if k != "version"}}
    assert dune.upgrade(stored)["rules"]["version"] == 4      # stored before versions were kept
    options = {"advanced": True, "tournament": True}
    changed = [name for name in vars(GF9Version4) if not name.startswith("_")]
    assert changed and all(getattr(make_rules("gf9", options, 4), name)
                           != getattr(make_rules("gf9", options), name) for name in changed)
    with pytest.raises(ValueError, match="rules version 3 is not played"):
        dune.setup("gf9", {}, ["atreides", "harkonnen"], step_rng("v", 0), "3")


def test_003_main_leaders_a_v3_game_of_rules_version_5_keeps_its_gates():
    """Rules version 6 has v3's Main Leaders gate the Voice, battle prescience, the Kwisatz
    Haderach and the captures (003 "Main Leaders", our ruling); a v3 game dealt under 5 plays
    by ``V3Version5``, whose gates are those it was dealt with, so it replays as it was
    played."""
    from pbem.games.dune import factions
    from pbem.games.dune.data import Ability
    from pbem.games.dune.rules import V3, V3Version5

    seats = ["atreides", "bene-gesserit", "harkonnen"]
    games = {version: dune.setup("v3", {"main_leaders": True, "advanced_abilities": True},
                                 seats, step_rng("v3", 0), version) for version in ("5", "6")}
    assert type(rules_of(games["5"])) is V3Version5 and type(rules_of(games["6"])) is V3
    for state in games.values():
        own = state["factions"]
        own["atreides"]["leaders"]["Paul Atreides"] = "tanks"
        own["bene-gesserit"]["leaders"]["Gaius Helen Mohiam"] = "tanks"
        own["harkonnen"]["leaders"]["Baron Harkonnen"] = "tanks"
    for seat, ability in (("atreides", Ability.PRESCIENCE_BATTLE),
                          ("atreides", Ability.KWISATZ_HADERACH),
                          ("bene-gesserit", Ability.VOICE),
                          ("harkonnen", Ability.CAPTURE_LEADERS)):
        assert factions.has(games["5"], seat, ability) and not factions.has(games["6"], seat,
                                                                           ability)
    assert not factions.has(games["5"], "atreides", Ability.PRESCIENCE_BIDDING)  # gated then


def test_a_ruleset_refuses_to_change_what_it_fixes():
    with pytest.raises(ValueError, match="the wbc ruleset fixes it"):
        make_rules("wbc", {"weather": False})
    with pytest.raises(ValueError, match="only the wbc ruleset limits"):
        make_rules("classic", {"three_faction_alliances": True})
    for option in ("advantages", "double_blow", "three_faction_alliances"):
        with pytest.raises(ValueError, match="the gf9 ruleset fixes it"):
            make_rules("gf9", {option: True})
    with pytest.raises(ValueError, match="unknown option 'optional'"):
        make_rules("gf9", {"optional": True})


def test_001_1_13_01_the_gf9_advanced_game_is_one_choice():
    """001 1.13.01: "Decide as a group if you are playing Advanced": the factions' advanced
    abilities, increased spice flow (1.13.02), the double spice blow (1.13.03), spice dialing
    (1.13.05) and the factions' Karama powers (1.13.07, 1.14), all at once."""
    basic, advanced = make_rules("gf9", {}), make_rules("gf9", {"advanced": True})
    switched = ("advantages", "advanced_collection", "double_blow", "advanced_combat",
                "karama_powers")
    assert not any(getattr(basic, name) for name in switched)
    assert all(getattr(advanced, name) for name in switched)
    assert not advanced.weather and not advanced.spice_flow and advanced.turns == 10
