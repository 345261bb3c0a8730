"""Dune v3.0 (seed 003, the ``v3`` ruleset): the ruleset's questions, its options and data
layers, the storm deck's secrecy, the seating of two- and three-player games, its citations.
The rules of play are pinned by the scenario files ``tests/dune/scenarios/v3_*.yaml``, each
citing 003 by heading."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from pbem.games import dune
from pbem.games.dune import factions, players
from pbem.games.dune.data import Ability, BonusCard, citations
from pbem.games.dune.phases import storm
from pbem.games.dune.rules import CONTROL_POINTS, DIVERSIFIED_POINTS, V3, V3_REFUSED, make_rules
from pbem.games.dune.state import data, sheet

# The headings of 003 (003_821de6389ef0acfa.txt) a citation may name, as 003 writes them.
HEADINGS_003 = {
    "Game Set-Up", "Ability Commentary", "Sequence of Play", "Object of the Game",
    "Bribery and Conspiracy", "Round 1: Storm", "Moving the Storm: Game Turn One",
    "Moving the Storm: the Rest of the Game", "Determining First Player",
    "Claiming Bonus Cards", "Round 2: Spice Blow", "Round 2a: Nexus", "Forming an Alliance",
    "Breaking an Alliance", "How an Alliance Functions", "Round 3: Bidding", "CHOAM Charity",
    "The Auction", "Round 4: Revival", "Leader Revivals", "Army Token Revivals",
    "Round 5: Movement", "Segment 1: Shipments", "Segment 2: Manoeuvres", "Round 6: Battle",
    "Battle Determination", "The Battle Plan", "Commit Forces & Support", "Select Leader",
    "Choose Treachery", "Commit Attack", "Battle Resolution", "Traitors",
    "Round 7: Collections", "Round 8: Control", "Spice Bribes", "Bonus Cards",
    "Victory by Conquest", "Victory by Subterfuge", "Game End", "Advanced Faction Abilities",
    "Collections Bonuses", "Advanced Combat", "Expanded Treachery", "Diversified Victory",
    "Main Leaders", "Playing with two or three", "Optional House Rules", "Shorter Game Length",
    "Harkonnen Karama", "Fremen Combat", "Fremen Alliance", "Definitive Victory",
    "Changed Treachery Cards", "Main Leader Power Reduction"}
V3_RULES = make_rules("v3", {})
GAME = Path(dune.__file__).parent
SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]
# Two players, the Atreides and the Fremen, each with two allied factions, seated as 003 asks.
TWO = {"emperor": "atreides", "guild": "atreides", "bene-gesserit": "fremen",
       "harkonnen": "fremen"}
# Three players, the Atreides, the Fremen and the Harkonnen: A c1 B a1 C b1.
THREE_SEATS = ["atreides", "emperor", "fremen", "bene-gesserit", "harkonnen", "guild"]
THREE = {"bene-gesserit": "atreides", "guild": "fremen", "emperor": "harkonnen"}


# question -> (003's rule, v3's answer)
QUESTIONS = {
    "traitor_deck": ('003 "Game Set-Up" 9: four dealt from the factions in play', True),
    "several_factions_per_player": ('003 "Playing with two or three"', True),
    "first_storm_moves": ('003 "Moving the Storm: Game Turn One": "placed"', False),
    "storm_deck_unseen": ('003 "Moving the Storm": "without looking at it"', True),
    "storm_deck": ("the Fremen's storm deck is GF9's (001 2.04.14)", False),
    "storm_kills_where_it_starts": ('003 "passes or in which it stops"', False),
    "ornithopters_from_storm_round": ('003 "Claiming Bonus Cards"', True),
    "nexus_on_every_worm": ('003 "each resulting in a Nexus"', True),
    "nexus_at_end_of_blow": ('003 "a bonus Nexus Round immediately occurs"', False),
    "turn_one_worms_set_aside": ('003 "set aside ... reshuffled back"', True),
    "reshuffle_keeps_every_pile_top": ('003 "Advanced Combat"', True),
    "charity_with_bidding": ('003 "CHOAM Charity": "At the start of Bidding Round"', True),
    "charity_below": ('003 "any player who has no Spice"', 1),
    "hands_declared_before_bidding": ('003 "The Auction": "must at this time reveal"', True),
    "karama_overbid": ("the Karama bid of 1979 (000 player aid A.5)", False),
    "leader_revival_until_all_back": ('003 "Leader Revivals": "one leader per Game Turn"',
                                      False),
    "no_leaders_by_consent": ('003 "Select Leader": "You must play one leader"', False),
    "corrects_plans_at_reveal": ('003 "Battle Resolution"', True),
    "cheap_hero_required": ('003 "Select Leader"', True),
    "ally_constraint": ('003 "How an Alliance Functions": "may not enter"', False),
    "bribes_in_front_of_shield": ('003 "Bribery and Conspiracy"', True),
    "bribes_between_allies": ('003 "Bribery and Conspiracy" sets no limit', True),
    "shared_strongholds_count": ('003 "control" (ruling: alone)', False),
    "first_winner_in_storm_order": ("ruling: all who qualify win (000 Q&A XXV.E.3)", False),
    "ranks_by_spice": ('003 "Victory by Conquest", "Game End"', True),
    "end_of_play": ('003 "Game End": "a stalemate, and everyone loses"', "stalemate"),
    "karama_power_once_per_game": ("000 XVII.B: once a card", False),
    "main_leader_gates": ('003 "Main Leaders", an option', False),
    "bonus_cards": ('003 "Claiming Bonus Cards"', ("ornithopter", "harvester")),
}


@pytest.mark.parametrize("question", QUESTIONS)
def test_003_the_v3_ruleset_answers_each_question_by_its_rule(question):
    """Each rule question the phases ask, answered as 003 says (or our ruling)."""
    assert getattr(V3_RULES, question) == QUESTIONS[question][1]


def test_003_house_rule_fremen_combat_is_the_fremens_own_not_their_allys():
    """003 house rule "Fremen Combat": "your units": the Fremen's hook in a v3 game counts
    their own forces full without spice, not their ally's (the WBC's lends it, house rule
    6)."""
    every = make_rules("v3", {"advanced_combat": True, "fremen_combat": True})
    fremen = factions.power("fremen", every)
    assert fremen.counts_full_without_spice(every, False, "The Great Flat")
    assert not fremen.counts_full_without_spice(every, True, "The Great Flat")
    wbc = make_rules("wbc", {})
    assert factions.power("fremen", wbc).counts_full_without_spice(wbc, True, "The Great Flat")


def test_003_sequence_of_play_eight_rounds_to_fifteen_turns():
    """003 "Sequence of Play": storm, spice blow (with the Nexus), bidding, revival, movement,
    battle, collection, control; "a maximum limit of fifteen Game Turns"."""
    assert V3.phases == ("storm", "spice_blow", "bidding", "revival", "movement", "battle",
                         "collection", "control")
    assert V3_RULES.turns == 15
    assert make_rules("v3", {"turns": 10}).turns == 10      # house rule "Shorter Game Length"


def test_003_advanced_rules_in_any_combination_and_the_house_rules_as_options():
    """003 "Part II": "Following rules can be used in any combination"; the house rules are
    options too; what v3 has not (the 1979 weather, increased spice flow, longer game, Shield
    Wall) it fixes."""
    every = make_rules("v3", {"advanced": True, "house_rules": True})
    assert (every.advantages and every.karama_powers and every.advanced_combat
            and every.double_blow and every.collection_bonuses and every.diversified_victory
            and every.main_leaders)
    assert (every.harkonnen_karama and every.fremen_combat and every.fremen_alliance
            and every.definitive_victory and every.main_leader_reduction)
    combat_only = make_rules("v3", {"advanced_combat": True})
    assert combat_only.advanced_combat and combat_only.double_blow      # two spice blows
    assert not combat_only.advantages
    for fixed in ("weather", "spice_flow", "no_alliances", "shield_wall_victory"):
        with pytest.raises(ValueError, match="the v3 ruleset fixes it"):
            make_rules("v3", {fixed: True})
    with pytest.raises(ValueError, match="unknown option 'main_leaders'"):
        make_rules("classic", {"main_leaders": True})
    assert factions.power("fremen", every).counts_full_without_spice(every, False, "Cielago North")
    assert factions.power("harkonnen", every).karama_steal_limit(every) == 2
    assert every.end_of_play == "definitive" and every.main_leader_gates


def test_003_control_points_needed_for_victory_by_players_and_alliance_size():
    """003 "Control Points Needed For Victory" and Diversified Victory's chart; "-" (an
    alliance that cannot win so): None."""
    assert CONTROL_POINTS == {2: (4, None, None), 3: (4, 5, None), 4: (3, 4, 5)}
    assert DIVERSIFIED_POINTS == {2: (6, None, None), 3: (6, 7, None), 4: (5, 6, 7)}
    assert [V3_RULES.strongholds_to_win(6, size) for size in (1, 2, 3, 4)] == [3, 4, 5, 5]
    assert V3_RULES.strongholds_to_win(2, 1) == 4
    assert V3_RULES.strongholds_to_win(2, 2) is None
    assert V3_RULES.strongholds_to_win(3, 3) is None
    diversified = make_rules("v3", {"diversified_victory": True})
    assert [diversified.strongholds_to_win(4, size) for size in (1, 2, 3)] == [5, 6, 7]


def test_003_diversified_victory_harg_pass_a_stronghold_and_the_cities_worth_two():
    """003 "Diversified Victory": a layer of data merged with the option only."""
    plain = data({"rules": V3_RULES.to_json()})
    diversified = data({"rules": make_rules("v3", {"diversified_victory": True}).to_json()})
    assert not plain.board["Harg Pass"].is_stronghold
    assert diversified.board["Harg Pass"].is_stronghold
    assert diversified.board.territory("Harg Pass Sietches").name == "Harg Pass"
    assert [diversified.board[t].control_points for t in ("Arrakeen", "Carthag", "Harg Pass",
                                                         "Sietch Tabr")] == [2, 2, 1, 1]
    assert {t.name for t in diversified.board.strongholds} == {
        t.name for t in plain.board.strongholds} | {"Harg Pass"}


def test_003_the_cities_give_bonus_cards_not_the_1979_occupants_powers():
    """003 "Claiming Bonus Cards", "Collections Bonuses": the v3 board gives Arrakeen and
    Carthag an Ornithopter, a Harvester and a Carryall, Tuek's Sietch the Smugglers; none
    keeps 1979's ornithopters, collection rate or spice flow (000 IX.C.2.a.1, XI.A, XIX)."""
    board = data({"rules": V3_RULES.to_json()}).board
    for city in ("Arrakeen", "Carthag"):
        assert board[city].bonus_cards == (BonusCard.ORNITHOPTER, BonusCard.HARVESTER,
                                           BonusCard.CARRYALL)
        assert not board[city].ornithopters and board[city].collection_rate is None
        assert not board[city].spice_flow
    assert board["Tuek's Sietch"].bonus_cards == (BonusCard.SMUGGLERS,)
    assert make_rules("v3", {"collection_bonuses": True}).bonus_cards == (
        "ornithopter", "harvester", "carryall", "smugglers")


def test_003_main_leaders_data_and_the_house_rule_that_reduces_them():
    """003 "Main Leaders": a sixth leader of strength ten for each faction, none with a traitor
    card; "Main Leader Power Reduction": eight.  Who they are and what they gate is authored
    (``v3/leaders.yaml``)."""
    plain = data({"rules": make_rules("v3", {"main_leaders": True}).to_json()})
    reduced = data({"rules": make_rules("v3", {"main_leaders": True,
                                               "main_leader_reduction": True}).to_json()})
    for faction in (f.name for f in plain.factions):
        main = plain.main_leader(faction)
        assert main is not None and main.strength == 10 and main.gates
        assert reduced.main_leader(faction).strength == 8
        assert len(plain.leaders_of(faction)) == 5 and main not in plain.leaders_of(faction)
        own = {a for a in (*sheet(_seat(faction), plain_rules()).abilities,
                           *sheet(_seat(faction), plain_rules()).optional_abilities,
                           *sheet(_seat(faction), plain_rules()).alliance,
                           sheet(_seat(faction), plain_rules()).karama_power)}
        assert main.gates <= own, faction            # he gates his own faction's powers


def plain_rules():
    return make_rules("v3", {"main_leaders": True})


def _seat(faction: str) -> str:
    return {f.name: f.seat for f in data({"rules": V3_RULES.to_json()}).factions}[faction]


def test_003_fremen_alliance_adds_an_alliance_power_to_the_fremen_sheet():
    """003 house rule "Fremen Alliance": with the option the Fremen's sheet has an alliance
    power more, and no other sheet changes."""
    rules = make_rules("v3", {"fremen_alliance": True})
    assert Ability.ALLY_EXTRA_FREE_REVIVAL in sheet("fremen", rules).alliance
    assert Ability.ALLY_EXTRA_FREE_REVIVAL not in sheet("fremen", V3_RULES).alliance
    assert sheet("atreides", rules) == sheet("atreides", V3_RULES)
    # the layer gives only what differs: the Fremen's sheet is classic's but for that power
    assert sheet("fremen", rules) == dataclasses.replace(
        sheet("fremen", V3_RULES),
        alliance=sheet("fremen", V3_RULES).alliance | {Ability.ALLY_EXTRA_FREE_REVIVAL})


def test_003_the_storm_card_is_seen_by_nobody():
    """003 "Moving the Storm": the card is placed face down "without looking at it": no seat's
    view holds it, the Fremen's no more than another's (their 1979 weather marker is the
    weather option's, which v3 has not)."""
    state = dune.setup("v3", {"advanced": True}, list(SEATS), random.Random(3))
    state.update(turn=2, phase="storm")
    state["storm"]["sector"] = 4
    state["storm"]["marker"] = 5
    views = {seat: dune.view(state, seat) for seat in SEATS}
    for seat, view in views.items():
        assert "weather_marker" not in view["own"], seat
        assert storm.storm_card_seen(state, seat) is None
        assert "5" not in repr({k: v for k, v in view.items() if "storm" in k}), seat
    events = storm.draw_marker(state, random.Random(1))
    assert [(e.code, e.data, e.to) for e in events] == [("storm-card-drawn", {}, None)]


def test_003_playing_with_two_or_three_seating_is_checked():
    """003 "Playing with two or three": "Primary Factions must be evenly spaced around the
    board" and "friendly allied factions may not be placed adjacent"; two players run three
    factions each, three players two; only the v3 ruleset lets a player run several."""
    assert players.checked(V3_RULES, SEATS, TWO) == TWO
    assert players.checked(V3_RULES, THREE_SEATS, THREE) == THREE
    with pytest.raises(ValueError, match="seat them for example: atreides, emperor, fremen"):
        players.checked(V3_RULES, SEATS, THREE)
    with pytest.raises(ValueError, match="three factions each"):
        players.checked(V3_RULES, SEATS, {"emperor": "atreides"})
    with pytest.raises(ValueError, match="each faction has a player of its own"):
        players.checked(make_rules("classic", {}), SEATS, TWO)
    suggested = players._seating(SEATS, THREE)
    assert players.checked(V3_RULES, suggested, THREE) == THREE


def test_003_a_players_factions_act_as_an_alliance_from_the_start():
    """003 "Playing with two or three": "play as all the factions they control at that time,
    who act as an alliance"; ``commanders`` says who runs which (``pbem.game.Commanders``)."""
    state = dune.setup("v3", {"commanders": TWO}, list(SEATS), random.Random(1))
    assert dune.commanders(state) == TWO
    assert sorted(map(sorted, state["alliances"])) == [
        ["atreides", "emperor", "guild"], ["bene-gesserit", "fremen", "harkonnen"]]
    assert dune.view(state, None)["commanders"] == TWO


def test_003_playing_with_two_or_three_who_runs_which_faction_is_no_rule():
    """The game file's ``commanded_by`` reaches the game as the option ``commanders`` (003
    "Playing with two or three"): the set-up reads it, and the rules and the GM's welcome (its
    pace of mail rounds) play as without it."""
    assert make_rules("v3", {"commanders": TWO, "advanced": True}) == make_rules(
        "v3", {"advanced": True})
    assert dune.pace("v3", {"commanders": TWO}) == dune.pace("v3", {})


def test_003_citations_name_headings_003_has_and_never_the_wbc():
    """Every citation of ``v3/citations.yaml`` names a heading of 003 (or a 1979 rule, v3's
    base), none the WBC rules or 004."""
    table = citations("v3", V3_REFUSED)
    assert len(table) > 40
    for key, value in table.items():
        if value.startswith("003"):
            for heading in re.findall(r'"([^"]+)"', value):
                assert heading in HEADINGS_003, (key, value)
        else:
            assert value.startswith(("000", "line", "player aid")), (key, value)
        assert not re.search(V3_REFUSED, value), key


def test_003_game_set_up_9_traitors_dealt_from_the_factions_in_play_never_a_main_leader():
    """003 "Game Set-Up" 9: "Remove from the Traitor deck the cards for any and all factions that
    are not in play and deal four Traitor Cards to each player"; 003 "Main Leaders": "Main
    leaders do not have respective Traitor cards"."""
    seats = ["atreides", "fremen", "harkonnen"]
    for seed in range(20):
        state = dune.setup("v3", {"main_leaders": True}, list(seats), random.Random(seed))
        in_play = {"Atreides", "Fremen", "Harkonnen"}
        found = data(state)
        for seat in seats:
            draw = state["factions"][seat]["traitor_draw"]
            assert len(draw) == 4
            assert all(found.leader(name).faction in in_play for name in draw)
            assert not any(found.leader(name).main for name in draw)
        assert not set(state["decks"]["traitors"]) & {
            found.main_leader(faction).name for faction in in_play}


def test_003_main_leaders_a_sixth_leader_only_with_the_option():
    """003 "Faction Sets": "leaders with strength of 10 are used only with Main Leaders advanced
    rule"; 003 "Main Leaders": "giving you a total of six leaders"."""
    plain = dune.setup("v3", {}, list(SEATS), random.Random(1))
    with_them = dune.setup("v3", {"main_leaders": True}, list(SEATS), random.Random(1))
    for seat in SEATS:
        assert len(plain["factions"][seat]["leaders"]) == 5
        assert len(with_them["factions"][seat]["leaders"]) == 6
    assert "Paul Atreides" in with_them["factions"]["atreides"]["leaders"]


def test_003_ability_commentary_the_fremen_may_place_fedaykin_and_the_bg_start_apart():
    """003 "Ability Commentary": the Fremen "may place Fedaykin Army Tokens" at the start (with
    the advanced abilities, which have them); "The Bene Gesserit are not required to start the
    game with a Co-Existence marker in place": they coexist nowhere at the start."""
    advanced = make_rules("v3", {"advanced_abilities": True})
    assert factions.power("fremen", advanced).special_kinds_at_start(advanced)
    assert not factions.power("fremen", V3_RULES).special_kinds_at_start(V3_RULES)
    state = dune.setup("v3", {"advanced_abilities": True}, list(SEATS), random.Random(2))
    assert state["factions"]["bene-gesserit"]["coexisting"] == []


def test_003_main_leaders_gate_their_powers_while_in_the_tanks():
    """003 "Main Leaders": "Should your Main Leader be killed, your faction (and possibly even
    your allies) will lose access to certain of your special abilities until such time as they
    are revived"; which ones is the ruling of ``v3/leaders.yaml``: Paul gates the Atreides'
    prescience of the cards, of the spice deck and in battle, not their notes."""
    from pbem.games.dune import factions

    state = dune.setup("v3", {"main_leaders": True, "advanced_abilities": True}, list(SEATS),
                       random.Random(4))
    assert factions.holder(state, Ability.PRESCIENCE_BIDDING) == "atreides"
    state["factions"]["atreides"]["leaders"]["Paul Atreides"] = "tanks"
    assert not factions.has(state, "atreides", Ability.PRESCIENCE_BIDDING)
    assert factions.holder(state, Ability.PRESCIENCE_SPICE_DECK) is None
    assert not factions.has(state, "atreides", Ability.PRESCIENCE_BATTLE)
    assert factions.has(state, "bene-gesserit", Ability.VOICE)     # his own faction's only
    state["factions"]["atreides"]["leaders"]["Paul Atreides"] = "captured"   # ruling: only
    assert factions.has(state, "atreides", Ability.PRESCIENCE_BIDDING)        # the tanks


def test_003_main_leaders_gate_the_battle_powers_in_the_state_and_in_every_view():
    """003 "Main Leaders": the Voice, battle prescience, the Kwisatz Haderach and the captures
    are asked through ``factions.has`` too (the one rule of the gates), in the state the
    moderator resolves and in the view a bot plans from alike (the tanks are public)."""
    from pbem.games.dune.factions import atreides_prescience as prescience
    from pbem.games.dune.factions import bene_gesserit_voice as voice
    from pbem.games.dune.factions import harkonnen_capture as capture

    state = dune.setup("v3", {"main_leaders": True, "advanced_abilities": True}, list(SEATS),
                       random.Random(4))
    atreides, bg = (state["factions"][seat]["leaders"] for seat in ("atreides", "bene-gesserit"))
    fights = [{"aggressor": "atreides", "defender": "bene-gesserit"}]
    for game in (state, dune.view(state, "emperor")):
        assert voice.voicer(game, fights[0]) == ("bene-gesserit", "atreides")
        assert prescience.asker(game, fights[0])[0] == "atreides"
        assert capture.enabled(game, "harkonnen")
        assert factions.has(game, "atreides", Ability.KWISATZ_HADERACH)
    bg["Gaius Helen Mohiam"] = atreides["Paul Atreides"] = "tanks"
    state["factions"]["harkonnen"]["leaders"]["Baron Harkonnen"] = "tanks"
    for game in (state, dune.view(state, "emperor")):
        assert voice.voicer(game, fights[0]) is None
        assert prescience.asker(game, fights[0]) is None
        assert not capture.enabled(game, "harkonnen")
        assert not factions.has(game, "atreides", Ability.KWISATZ_HADERACH)


def test_003_main_leaders_no_power_is_read_from_a_sheet_past_the_gates():
    """The one rule: outside ``factions.base.has`` no code asks whether a sheet lists a power
    as the game goes (``... in sheet(...).abilities``); the places left name the power only to
    word a refusal, to set a game up or to find its pieces, where no gate applies."""
    asked = re.compile(r"Ability\.\w+ (?:not )?in (?:sheet\([^)]*\)|faction)\."
                       r"(?:optional_)?abilities")
    found = {path.relative_to(GAME).as_posix() for path in GAME.rglob("*.py")
             if asked.search(path.read_text())}
    assert found == {
        "orders/battle_orders.py",      # kh_refusal: the words of a refusal
        "orders/revival_orders.py",     # reviving the Kwisatz Haderach's token, a piece
        "scenario/position.py",         # a scenario's position, set up
        "invariants.py",                # the Bene Gesserit's coexistence, the board's rule
        "factions/ixians.py",           # the HMS on the board, a piece
    }, found


def test_003_main_leaders_gate_only_powers_the_rules_ask_as_the_game_goes():
    """The ruling's gates (``v3/leaders.yaml``) name powers the code asks of the faction through
    ``factions.has`` or ``factions.holder``, so that each gate takes effect."""
    source = "\n".join(path.read_text() for path in GAME.rglob("*.py"))
    found = data({"rules": make_rules("v3", {"main_leaders": True}).to_json()})
    gates = {ability for leader in found.leaders for ability in leader.gates}
    assert len(gates) >= 10
    for ability in gates:
        asked = rf"(has|holder)\((?:state|game),(?: [\w.]+,)? Ability\.{ability.name}\)"
        assert re.search(asked, source), ability


def test_003_main_leaders_revived_beside_living_leaders_outside_the_order():
    """003 "Main Leaders": "A Main Leader may be revived even if any or all other Leaders are
    alive.  This counts as that player's Leader Revival for that turn, but does not affect the
    order of future revivals of normal leaders"."""
    from pbem.games.dune import leaders

    places = {"Stilgar": "alive", "Chani": "tanks", "Otheym": "alive", "Shadout Mapes": "alive",
              "Jamis": "alive", "Liet-Kynes": "tanks"}
    assert leaders.revivable(places, [], False, "Liet-Kynes") == ["Liet-Kynes"]
    assert leaders.note_revived(places, ["Chani"], "Liet-Kynes", False, "Liet-Kynes") == [
        "Chani"]
    all_discs = {**{name: "tanks" for name in places}, "Liet-Kynes": "alive"}
    assert leaders.may_revive(all_discs, [], False, "Liet-Kynes")   # five discs: one of them
    assert "Liet-Kynes" not in leaders.revivable(all_discs, [], False, "Liet-Kynes")


def test_003_the_storm_card_face_down_changes_no_seats_mail():
    """Differential: two games alike but for the storm card drawn face down ("without looking at
    it", 003 "Moving the Storm") give every seat, and the public, the same table and the same
    decisions, in every step until the card is revealed."""
    from pbem.game import step_rng
    from pbem.templating import render

    state = dune.setup("v3", {"advanced": True}, list(SEATS), step_rng("card", 0))
    rng = random.Random(5)
    for step in range(1, 400):
        if state["turn"] == 2 and state["phase"] != "storm":     # its card drawn for turn 3
            break
        state, _ = dune.apply(state, dune.bot_decisions(state, rng), step_rng("card", step))
    assert state["storm"]["marker"] in range(1, 7)
    other = {**state, "storm": {**state["storm"], "marker": state["storm"]["marker"] % 6 + 1}}
    runs = [state, other]
    compared = 0
    for step in range(1, 400):
        if runs[0]["turn"] >= 3:            # the storm of turn 3 reveals the card
            break
        compared += 1
        for seat in [None, *SEATS]:
            tables = [render("dune", "view.txt.j2", view=dune.view(run, seat)) for run in runs]
            assert tables[0] == tables[1], (seat, runs[0]["phase"])
        asked = [[(p.key, p.legal, p.template) for p in dune.prompts(run)] for run in runs]
        assert asked[0] == asked[1]
        orders = dune.bot_decisions(runs[0], random.Random(step))
        runs = [dune.apply(run, orders, step_rng("card", 1000 + step))[0] for run in runs]
    assert compared > 10          # the whole of turn 2, the two games' cards still apart
    assert runs[0]["storm"]["marker"] != runs[1]["storm"]["marker"] or (
        runs[0]["storm"]["sector"] != runs[1]["storm"]["sector"])


def test_003_diversified_victory_the_map_draws_harg_pass_sietches_a_stronghold():
    """003 "Diversified Victory": "Use the overlay marker to show this change": the map of a
    game with the option draws Harg Pass as a stronghold (its label, its holder ringed, and the
    panel's list of strongholds); the map of a game without it does not."""
    from pbem.games.dune.board import board_map

    games = {}
    for options in ({}, {"diversified_victory": True}):
        state = dune.setup("v3", options, list(SEATS), random.Random(1))
        state["forces"]["Harg Pass"] = {"4": {"fremen": {"force": 3}}}
        games[bool(options)] = state
    assert "Harg Pass" in board_map.strongholds(dune.view(games[True], None))
    assert "Harg Pass" not in board_map.strongholds(dune.view(games[False], None))
    assert "Harg Pass: F" in dune.map_svg(games[True])
    assert "Harg Pass: F" not in dune.map_svg(games[False])
    assert dune.map_png(games[True]) != dune.map_png(games[False])


EXPANDED = {"the_duel": ["Ellaca Drug #2", "Snooper #5"],
            "spice_harvest": ["Hunter-Seeker", "Shield #5", "Harvester", "Thumper"],
            "the_general": ["Semuta Drug"],
            "break_imperial_conditioning": ["Break Imperial Conditioning"],
            "cone_of_silence": ["Cone of Silence"], "residual_poison": ["Residual Poison"]}


@pytest.mark.parametrize("option", EXPANDED)
def test_003_expanded_treachery_each_set_joins_the_deck_by_its_option(option):
    """003 "Expanded Treachery": "One or more of the three extra sets ... may be mixed in with
    the basic set": each set's cards (``v3/treachery.yaml``) are dealt with its option, the
    basic 33 always; "Changed Treachery Cards": the Variant Rules' card by its own."""
    plain = dune.setup("v3", {}, list(SEATS), random.Random(5))
    state = dune.setup("v3", {option: True}, list(SEATS), random.Random(5))

    def cards(game):
        return sorted(game["decks"]["treachery"]
                      + [c for own in game["factions"].values() for c in own["hand"]])
    assert len(cards(plain)) == 33
    assert cards(state) == sorted(cards(plain) + EXPANDED[option])
    every = make_rules("v3", {"expanded_treachery": True})
    assert every.card_sets == ("the_duel", "spice_harvest", "the_general")
    assert not make_rules("v3", {"advanced": True, "house_rules": True}).card_sets


def test_003_expanded_treachery_a_set_in_part_leaves_the_named_cards_out():
    """003 "Expanded Treachery": "some groups will prefer to add only certain cards": the
    cards ``treachery_left_out`` names are not dealt (the basic set's copies stay); a name no
    set in play holds is refused."""
    options = {"spice_harvest": True, "treachery_left_out": ["Thumper", "Shield"]}
    state = dune.setup("v3", options, list(SEATS), random.Random(5))
    dealt = state["decks"]["treachery"] + [c for own in state["factions"].values()
                                           for c in own["hand"]]
    assert "Thumper" not in dealt and "Shield #5" not in dealt and "Shield #4" in dealt
    assert "Hunter-Seeker" in dealt and len(dealt) == 35
    with pytest.raises(ValueError, match="Thumper is no card of the sets in play"):
        make_rules("v3", {"the_duel": True, "treachery_left_out": ["Thumper"]})
    with pytest.raises(ValueError, match="expected a list of names"):
        make_rules("v3", {"the_duel": True, "treachery_left_out": "Snooper"})
    assert "treachery_left_out" not in make_rules("v3", {}).to_json()      # stored as before


def test_003_changed_treachery_cards_the_semuta_drug_kills_after_the_battle():
    """003 "Changed Treachery Cards": the Semuta Drug "Counts as a Poison Card, but does not
    kill the Leader in Battle if used successfully.  Instead, after the battle is resolved, the
    leader is killed": its victim's strength counts and he is in ``killed_after``; a Snooper
    stops it as any poison."""
    from pbem.games.dune import combat
    from pbem.games.dune.orders.battle_plan import empty_plan

    found = data({"rules": make_rules("v3", {"the_general": True}).to_json()})
    plans = {"atreides": {**empty_plan(), "leader": "Duncan Idaho", "dial": 4},
             "harkonnen": {**empty_plan(), "leader": "Umman Kudu", "dial": 4,
                           "weapon": "Semuta Drug"}}
    outcome = combat.resolve(found, "atreides", "harkonnen", plans,
                             {"atreides": set(), "harkonnen": set()})
    assert outcome.killed == () and outcome.killed_after == ("atreides",)
    assert outcome.totals == {"atreides": 6, "harkonnen": 5}
    plans["atreides"]["defense"] = "Snooper"
    outcome = combat.resolve(found, "atreides", "harkonnen", plans,
                             {"atreides": set(), "harkonnen": set()})
    assert outcome.killed == outcome.killed_after == ()
