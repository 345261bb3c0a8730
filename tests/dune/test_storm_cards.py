"""Weather Control and Family Atomics in the storm round (000 player aid B.2 and B.5, lines 938
and 944; Q&A XXV.A.1-2; WBC clarification VI, 000 lines 1098-1116, 004 VI.1-4; WBC house rule
4, line 1053; WBC clarification VIII, line 1144): who is asked when, what the orders read, what
the cards do.  The rulings are pinned by the scenarios player_aid_b2_*, player_aid_b5_*,
qa_a1_family_*, qa_a2_family_*, wbc_vi_1_*, wbc_vi_2_*, wbc_house_rule_4_family_*, xvi_c_family_*.
"""

from __future__ import annotations

import random

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune.cards import storm_cards
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders.language import KINDS
from pbem.games.dune.phases import storm, victory
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.view import seat_view

AT, EM, FR, HA = "atreides", "emperor", "fremen", "harkonnen"


def storm_round(hands, ruleset="classic", turn=3, forces=None, seats=(AT, HA, EM), **extra):
    """A storm round entered (dialers: the Atreides and the Harkonnen)."""
    options = extra.pop("options", {})
    return load_scenario({
        "game": "dune", "seats": list(seats), "ruleset": ruleset, "options": options,
        "seed": "storm-cards",
        "position": {"turn": turn, "storm": {"sector": 1, "dialers": [AT, HA], **extra},
                     "forces": forces or {"Arrakeen": {AT: 10}, "Carthag": {HA: 10}},
                     "factions": {seat: {"hand": cards} for seat, cards in hands.items()},
                     "decks": {"spice": ["Habbanya Erg", "Old Gap"]}}}).state


def keys(state):
    return [p.key for p in dune.prompts(state)]


def step(state, **texts):
    """One mail round: the given orders by seat, defaults for the rest."""
    prompts = dune.prompts(state)
    orders = {p.key: p.default for p in prompts}
    for seat, text in texts.items():
        parsed = dune.parse(state, seat, text)
        assert not parsed.errors, parsed.errors
        orders.update({o.prompt: o.value for o in parsed.orders})
    state, events = dune.apply(state, orders, random.Random(1))
    assert violations(state) == []
    return state, [e.code for e in events]


HANDS = {AT: ["Shield"], HA: ["Snooper"]}


def test_player_aid_b2_classic_weather_control_is_asked_with_the_dials():
    """Player aid B.2 (line 938): "played at the start of a storm round": under the classic
    rules its holder answers in the dialers' mail round, before the dials are revealed."""
    state = storm_round({**HANDS, EM: ["Weather Control"]})
    assert keys(state) == ["storm-dial:atreides", "storm-dial:harkonnen", "storm-card:emperor"]
    (card,) = [p for p in dune.prompts(state) if p.seat == EM]
    assert "not revealed yet" in card.legal and "WEATHER CONTROL <0-10>" in card.legal
    state, codes = step(state, atreides="DIAL 3", harkonnen="DIAL 3", emperor="WEATHER CONTROL 1")
    assert codes[:3] == ["weather-control", "storm-dials", "storm-moves"]
    assert state["storm"]["sector"] == 2
    assert "Weather Control" in state["decks"]["treachery_discard"]


def test_wbc_vi_1_weather_control_then_family_atomics_after_the_reveal():
    """WBC clarification VI (000 lines 1098-1106; 004 VI.1): reveal, Weather Control, Family
    Atomics, move.  Two holders: the Weather Control holder is asked once the dials are
    revealed, told what they say; then the Family Atomics holder, told Weather Control's move."""
    state = storm_round({**HANDS, EM: ["Weather Control"], AT: ["Family Atomics"]}, "wbc",
                        forces={"Imperial Basin SECTOR 9": {AT: 10}, "Carthag": {HA: 10}})
    assert keys(state) == ["storm-dial:atreides", "storm-dial:harkonnen"]
    state, codes = step(state, atreides="DIAL 1", harkonnen="DIAL 2")
    assert codes == ["storm-dials"]
    (card,) = dune.prompts(state)
    assert card.key == "storm-card:emperor" and "the dials move it 3 sectors" in card.legal
    assert "FAMILY ATOMICS" not in card.legal
    state, codes = step(state, emperor="WEATHER CONTROL 9")
    assert codes == ["weather-control"]
    (card,) = dune.prompts(state)
    assert card.key == "storm-card:atreides"
    assert "Weather Control moves it 9 sectors" in card.legal
    state, codes = step(state, atreides="FAMILY ATOMICS")
    assert codes[:2] == ["family-atomics", "storm-moves"] and state["storm"]["sector"] == 10


def test_wbc_vi_1_one_faction_holding_both_cards_answers_both_in_one_round():
    """The holder of both cards is asked once, after the reveal (WBC VI order kept within its
    answer: Weather Control first, then Family Atomics)."""
    state = storm_round({**HANDS, EM: ["Weather Control", "Family Atomics"]}, "wbc",
                        forces={"Shield Wall SECTOR 8": {EM: 2}, "Carthag": {HA: 10}})
    state, _ = step(state, atreides="DIAL 1", harkonnen="DIAL 1")
    (card,) = dune.prompts(state)
    assert "WEATHER CONTROL" in card.legal and "FAMILY ATOMICS" in card.legal
    state, codes = step(state, emperor="WEATHER CONTROL 0\nFAMILY ATOMICS")
    assert codes[:3] == ["weather-control", "family-atomics", "storm-moves"]
    assert state["factions"][EM]["hand"] == [] and state["factions"][EM]["tanks"] == {"force": 2}


def test_wbc_vi_2_no_card_on_turn_1_but_under_the_classic_rules():
    """WBC VI (000 line 1110; 004 VI.2): neither card on turn 1.  The classic rules say nothing
    of it: on turn 1 Weather Control places the first storm instead of the set-up's dials."""
    hands = {**HANDS, EM: ["Weather Control"]}
    dials = {"dials": {AT: 2, HA: 2}}
    state = storm_round(hands, "wbc", turn=1, **dials)
    assert state["phase"] != "storm" and state["factions"][EM]["hand"] == ["Weather Control"]
    state = storm_round(hands, turn=1, **dials)
    assert keys(state) == ["storm-card:emperor"]
    state, _ = step(state, emperor="WEATHER CONTROL 7")
    assert state["storm"]["sector"] == 8


def test_player_aid_b5_family_atomics_needs_forces_on_or_next_to_the_shield_wall():
    """Player aid B.5 (line 944): "a player who has one or more tokens on the Shield Wall or in
    a territory adjacent to it".  Coexisting Bene Gesserit are "not even on the board" (000
    XV.B.4, line 506): they do not count.  A destroyed Shield Wall is not asked about again."""
    far = storm_round({**HANDS, EM: ["Family Atomics"]},
                      forces={"Arrakeen": {AT: 10}, "Carthag": {HA: 10}, "Sietch Tabr": {EM: 3}})
    state, _ = step(far, atreides="DIAL 1", harkonnen="DIAL 1")
    assert state["phase"] != "storm"
    near = storm_round({**HANDS, EM: ["Family Atomics"]},
                       forces={"Carthag": {HA: 10}, "Hole in the Rock": {EM: 3}})
    state, _ = step(near, atreides="DIAL 1", harkonnen="DIAL 1")
    assert keys(state) == ["storm-card:emperor"]
    state["shield_wall"] = "destroyed"
    assert storm_cards.holder(state, storm_cards.ATOMICS) is None
    coexisting = storm_round({**HANDS, "bene-gesserit": ["Family Atomics"]},
                             seats=(AT, HA, "bene-gesserit"), options={"advantages": True},
                             forces={"Carthag": {HA: 10}, "Imperial Basin SECTOR 9": {
                                 AT: 5, "bene-gesserit": 2}})
    coexisting["factions"]["bene-gesserit"]["coexisting"] = ["Imperial Basin"]
    assert storm_cards.holder(coexisting, storm_cards.ATOMICS) is None
    coexisting["factions"]["bene-gesserit"]["coexisting"] = []
    assert storm_cards.holder(coexisting, storm_cards.ATOMICS) == "bene-gesserit"


def test_wbc_viii_1_family_atomics_leaves_the_game_and_the_cards_still_add_up():
    """Player aid B.5 (line 944): "placed off the board"; WBC VIII (line 1144): "The only card
    that is ever removed from the game after one play is Family Atomics"."""
    state = storm_round({**HANDS, EM: ["Family Atomics"]},
                        forces={"Carthag": {HA: 10}, "Shield Wall SECTOR 9": {EM: 3, }})
    state, _ = step(state, atreides="DIAL 1", harkonnen="DIAL 1")
    state, codes = step(state, emperor="ATOMICS")
    assert "family-atomics" in codes
    assert state["decks"]["treachery_removed"] == ["Family Atomics"]
    assert "Family Atomics" not in state["decks"]["treachery_discard"]
    assert state["shield_wall"] == "destroyed" and "Shield Wall" not in state["forces"]
    assert violations(state) == []


def test_wbc_house_rule_4_the_destroyed_shield_wall_still_counts_for_victory():
    """WBC house rule 4 (000 line 1053): after Family Atomics "the Shield Wall continues to be
    treated as a stronghold", from the 6th worm; it stays rock, safe from the storm."""
    state = storm_round(HANDS, "wbc")
    state.update(worms=6, shield_wall="destroyed")
    assert "Shield Wall" in victory.victory_territories(state)
    assert storm.sheltered(state, storm.data(state).board["Shield Wall"])


def test_hold_plays_neither_and_the_round_goes_on():
    """HOLD (the default) keeps the cards; the storm moves by the dials."""
    state = storm_round({**HANDS, EM: ["Weather Control"]}, "wbc")
    state, _ = step(state, atreides="DIAL 1", harkonnen="DIAL 1")
    state, codes = step(state, emperor="HOLD")
    assert "storm-moves" in codes and state["factions"][EM]["hand"] == ["Weather Control"]
    assert state["storm"]["sector"] == 3


def test_storm_card_orders_read_loosely_refuse_what_is_not_open_and_print_canonically():
    state = storm_round({**HANDS, EM: ["Weather Control"]})
    parsed = dune.parse(state, EM, "weather control 10")
    assert [o.text for o in parsed.orders] == ["WEATHER CONTROL 10"]
    (error,) = dune.parse(state, EM, "WEATHER CONTROL 11").errors
    assert error.code == "out-of-range" and error.valid == ("0 to 10",)
    (error,) = dune.parse(state, EM, "FAMILY ATOMICS").errors
    assert error.code == "not-now" and error.valid == ("WEATHER CONTROL 0 to 10", "HOLD")
    kind = KINDS["storm-card"]
    for value in ({}, {"weather_control": 0}, {"weather_control": 4}):
        prompt = next(p for p in dune.prompts(state) if p.seat == EM)
        text = kind.text(state, value)
        assert kind.text(state, kind.combine(state, prompt, [
            kind.read(state, prompt, line.split()) for line in text.splitlines()])) == text


def test_bots_play_the_cards_they_are_asked_about_legally():
    """The random order of a storm-card prompt is legal for it (test_random_games plays it)."""
    state = storm_round({**HANDS, EM: ["Weather Control", "Family Atomics"]}, "wbc",
                        forces={"Carthag": {HA: 10}, "Gara Kulon": {EM: 2}})
    state, _ = step(state, atreides="DIAL 1", harkonnen="DIAL 1")
    (prompt,) = dune.prompts(state)
    for seed in range(20):
        text = dune.bot_order(seat_view(state, EM), prompt, random.Random(seed))
        assert not dune.parse(state, EM, text).errors
    after, _ = dune.apply(state, {prompt.key: {"weather_control": 2, "family_atomics": True}},
                          step_rng("bots", 1))
    assert violations(after) == []
