"""Scenario files of classic Dune (docs/scenarios.md): the loader, what it defaults and the
faults it names, the run, expectations, and ``pbem scenario run``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pbem.cli import main
from pbem.game import step_rng
from pbem.games.dune import turn
from pbem.games.dune.forces import all_of, total
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import ScenarioError, load_scenario, run_scenario
from pbem.games.dune.state import data

SCENARIOS = Path(__file__).parent / "scenarios"
DOCS = Path(__file__).parents[2] / "docs" / "scenarios.md"
FOUR = ["atreides", "bene-gesserit", "harkonnen", "fremen"]


def scenario(**keys):
    return {"game": "dune", "seats": FOUR, "seed": "test", **keys}


def faults(data_) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(data_)
    return caught.value.problems


def fresh(seats=FOUR, seed="test", **options):
    return new_game(make_rules("classic", options), list(seats), step_rng(seed, 0))


def all_cards(state) -> list[str]:
    decks = state["decks"]
    return ([c for seat in state["seats"] for c in state["factions"][seat]["hand"]]
            + decks["treachery"] + decks["treachery_discard"])


# --- the loader's defaults
def test_a_scenario_without_a_position_is_the_fresh_set_up_of_its_seed():
    loaded = load_scenario(scenario())
    assert loaded.state == fresh()
    assert loaded.events == []


def test_a_position_keeps_what_it_leaves_out_and_the_reserve_is_what_is_left():
    """Forces replace the whole map; a faction's reserve is the rest of its 20 (000 II.B.1.c);
    after the set-up nothing is left to place; hands, spice and traitors stay as set up."""
    state = load_scenario(scenario(position={
        "turn": 2, "forces": {"Arrakeen": {"atreides": 6}, "Cielago North SECTOR 2": {"fremen": 3}},
        "factions": {"atreides": {"tanks": 4}}})).state
    set_up = fresh()
    assert state["phase"] == "storm" and state["turn"] == 2
    assert state["forces"] == {"Arrakeen": {"10": {"atreides": {"force": 6}}},
                               "Cielago North": {"2": {"fremen": {"force": 3}}}}
    assert state["factions"]["atreides"]["reserve"] == {"force": 10}
    assert state["factions"]["harkonnen"]["reserve"] == {"force": 20}
    assert state["factions"]["fremen"]["reserve"] == {"force": 17}
    assert all(state["factions"][seat]["to_place"] == 0 for seat in FOUR)
    for seat in FOUR:
        assert total(all_of(state, seat)) == 20
        for key in ("spice", "hand", "traitors", "traitor_draw"):
            assert state["factions"][seat][key] == set_up["factions"][seat][key]
    assert state["decks"] == set_up["decks"]


def test_a_phase_without_step_is_entered_and_played_to_the_first_decision():
    loaded = load_scenario(scenario(position={"turn": 2, "storm": {"sector": 3}}))
    assert loaded.events[0].code == "phase"
    entered = {"moved": False, "revealed": False, "decided": [], "control": None}
    assert loaded.state["step"] == entered
    assert [p.key for p in turn.prompts(loaded.state)] == [
        f"storm-dial:{seat}" for seat in loaded.state["storm"]["dialers"]]
    inside = load_scenario(scenario(position={"turn": 2, "storm": {"sector": 3},
                                              "step": entered}))
    assert inside.events == [] and inside.state == loaded.state


def test_starred_forces_count_apart_with_the_advantages():
    """000 XV: 5 of the Emperor's 20 are Sardaukar."""
    state = load_scenario(scenario(seats=["emperor", "atreides"], options={"advantages": True},
                                   position={"turn": 1, "storm": {"dials": {"emperor": 1,
                                                                            "atreides": 1}},
                                             "forces": {"Arrakeen": {"emperor": [4, 2]}}})).state
    assert state["factions"]["emperor"]["reserve"] == {"force": 11, "sardaukar": 3}


def test_card_names_take_exact_copies_first_then_the_lowest_free_copy():
    state = load_scenario(scenario(position={
        "factions": {"atreides": {"hand": ["shield", "Karama"]},
                     "harkonnen": {"hand": ["Shield #1", "Lasgun"]}},
        "decks": {"treachery": ["Karama", "Shield"], "treachery_discard": ["Baliset"],
                  "spice": ["Red Chasm", "Shai-Hulud", "hagga"],
                  "spice_discard": ["Shai-Hulud #1", "Old Gap"]}})).state
    assert state["factions"]["atreides"]["hand"] == ["Shield #2", "Karama #1"]
    assert state["factions"]["harkonnen"]["hand"] == ["Shield #1", "Lasgun"]
    assert state["decks"]["treachery"][-2:] == ["Shield #3", "Karama #2"]   # top last
    assert state["decks"]["treachery_discard"] == ["Baliset"]
    assert state["decks"]["spice"][-3:] == ["Hagga Basin", "Shai-Hulud #2", "Red Chasm"]
    assert state["decks"]["spice_discard"] == ["Old Gap", "Shai-Hulud #1"]
    assert sorted(all_cards(state)) == sorted(c.id for c in data(state).treachery_deck)
    assert len(state["decks"]["spice"]) == len(data(state).spice_deck) - 2


def test_a_card_put_elsewhere_leaves_its_set_up_hand_for_the_next_card_of_the_deck():
    held = fresh()["factions"]["harkonnen"]["hand"][0]
    state = load_scenario(scenario(position={"factions": {"atreides": {"hand": [held]}}})).state
    hand = state["factions"]["harkonnen"]["hand"]
    assert len(hand) == 2 and held not in hand
    assert state["factions"]["atreides"]["hand"] == [held]
    assert sorted(all_cards(state)) == sorted(c.id for c in data(state).treachery_deck)


def test_a_loaded_state_survives_json_unchanged():
    """STYLE 2: a state serialised and loaded again is equal."""
    example = yaml.safe_load(_docs_example())
    state = load_scenario(example).state
    assert json.loads(json.dumps(state)) == state


# --- the loader's faults
def test_a_bad_territory_is_named_with_the_candidates():
    problems = faults(scenario(position={"forces": {"Arakeen": {"atreides": 3},
                                                    "Cielago North": {"fremen": 1}}}))
    assert "position.forces.Arakeen: no territory is called 'Arakeen'; try: Arrakeen" in problems
    assert ("position.forces.Cielago North: Cielago North lies in sectors 1, 2, 3; write "
            "'Cielago North SECTOR <n>'") in problems


def test_unknown_keys_are_named_with_the_keys_expected():
    problems = faults(scenario(colour="red", position={"factions": {"atreides": {"cash": 3}}}))
    assert any(p.startswith("colour: unknown key (expected one of: game, seats") for p in problems)
    problems = faults(scenario(position={"factions": {"atreides": {"cash": 3}}}))
    assert any(p.startswith("position.factions.atreides.cash: unknown key") for p in problems)


def test_bad_counts_are_named():
    problems = faults(scenario(position={"forces": {"Carthag": {"harkonnen": [3, 1],
                                                                "fremen": "many",
                                                                "emperor": 2}},
                                         "factions": {"atreides": {"reserve": 5}}}))
    assert ("position.forces.Carthag.harkonnen: the Harkonnen have forces of 1 kind(s) (forces), "
            "not 2") in problems
    assert ("position.forces.Carthag.fremen: expected a number of forces, numbers of each kind "
            "or a mapping of kinds of force to numbers, got 'many'") in problems
    assert ("position.forces.Carthag.emperor: Emperor are not in play (seats: atreides, "
            "bene-gesserit, harkonnen, fremen)") in problems
    assert any(p.startswith("position.factions.atreides.reserve: the Atreides have 20 "
                            "forces") and p.endswith("the reserve must be 20")
               for p in problems)


def test_forces_beyond_the_factions_twenty_are_a_fault():
    problems = faults(scenario(position={"turn": 2, "forces": {"Arrakeen": {"atreides": 15},
                                                               "Carthag": {"atreides": 6}}}))
    assert any(p.startswith("position.factions.atreides: the Atreides have 21 forces")
               for p in problems)


def test_a_position_before_the_first_storm_needs_its_dials():
    """000 VI.A: the first storm moves by the two dials collected in round 1 of the set-up."""
    message = ("position.storm.dials: the first storm moves by the set-up dials (000 VI.A); "
               "give both dialers' dials")
    assert message in faults(scenario(position={"turn": 1}))
    assert message in faults(scenario(position={"step": {"round": 2}}))
    assert faults(scenario(position={"turn": 1, "storm": {"dials": {"atreides": 1}}})) == [
        "position.storm.dials: expected a dial for each dialer (atreides, fremen)"]


def test_a_weather_position_past_a_storm_needs_the_fremen_marker():
    """000 XVI.C: with weather "in the next storm round the number is revealed", the marker the
    Fremen drew in the storm round before.  A WBC position (weather on) with the Fremen and no
    marker, standing anywhere after a storm, is refused naming the key, not played into a bare
    AssertionError at the next storm; before the storm of turn 1, or after the last turn's,
    no marker is needed."""
    two = ["atreides", "fremen"]
    message = ("position.storm.marker: with weather the storm of turn 4 moves by the marker "
               "the Fremen drew the turn before (000 XVI.C); give it: one of 1, 2, 3, 4, 5, 6")
    for phase in ("spice_blow", "battle", "end_of_turn"):
        assert faults(scenario(seats=two, ruleset="wbc", orders=[{}, {}, {}], position={
            "turn": 3, "phase": phase, "storm": {"sector": 5}})) == [message]
    assert faults(scenario(seats=two, ruleset="wbc", position={
        "turn": 4, "step": {"moved": False, "revealed": False, "decided": [], "control": None},
        "storm": {"sector": 5}})) == [message]
    load_scenario(scenario(seats=two, ruleset="wbc", position={
        "turn": 3, "phase": "end_of_turn", "storm": {"sector": 5, "marker": 2}}))
    load_scenario(scenario(seats=two, ruleset="wbc", position={
        "turn": 10, "phase": "battle", "storm": {"sector": 5}}))
    load_scenario(scenario(seats=["atreides", "harkonnen"], ruleset="wbc", position={
        "turn": 3, "phase": "battle", "storm": {"sector": 5}}))    # XVI.D: no Fremen


def test_a_card_named_twice_or_with_no_such_copy_is_a_fault():
    problems = faults(scenario(position={"factions": {"atreides": {"hand": ["Lasgun",
                                                                           "Shield #7"]}},
                                         "decks": {"treachery": ["lasgun"]}}))
    assert ("position.decks.treachery[0]: Lasgun is named twice (also at "
            "position.factions.atreides.hand[0])") in problems
    assert any(p.startswith("position.factions.atreides.hand[1]: there is no Shield #7")
               for p in problems)


def test_an_order_that_does_not_parse_names_the_step_the_seat_the_line_and_the_reason():
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario(orders=[{"atreides": "DIAL 3"},
                                      {"bene-gesserit": "TRAITOR Nobody\n\nFOO"}]))
    problems = caught.value.problems
    assert problems[0].startswith("orders[1].bene-gesserit line 1 'TRAITOR Nobody': ")
    assert problems[1] == "orders[1].bene-gesserit line 3 'FOO': not read as an order"


# --- the run
def test_each_step_is_applied_like_the_moderator_applies_it():
    """Step n with the generator of step n; a seat that sends nothing takes the default."""
    state = fresh()
    for number in (1, 2):
        orders = {p.key: p.default for p in turn.prompts(state)}
        state, _ = turn.advance(state, orders, step_rng("test", number))
    result = run_scenario(scenario(orders=[{}, {}]))
    assert result["state"] == state
    assert all(order["default"] for step in result["orders"] for order in step)


def test_expectations_that_hold_and_that_fail():
    result = run_scenario(scenario(
        orders=[{"atreides": "DIAL 3", "fremen": "PLACE 10 Sietch Tabr"}, {}],
        expect={"turn": 1, "phase": "bidding", "storm": {"sector": 4},
                "forces": {"Sietch Tabr": {"fremen": 10}, "Polar Sink": {"bg": 1}},
                "factions": {"fremen": {"reserve": 10, "spice": 99}},
                "events": ["forces-placed", "worm-rides"]}))
    assert result["expect"] == {"checked": 9, "failed": [
        "expect.factions.fremen.spice: expected 99, got 3",
        "expect.events[1]: no 'worm-rides' event happened"]}


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_example_scenario_holds(path):
    result = run_scenario(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert result["expect"]["checked"] and not result["expect"]["failed"]


# The GF9 rulings an outside review found wrong (issue 32), each pinned by a scenario that
# rules version 5 plays: played by version 4 (``rules.GF9Version4``, as stored games dealt then
# replay), each fails, so each pins a ruling the version changed.
REVIEWED = [
    "gf9_2_05_11_02_a_leader_killed_by_capture_waits_face_down",
    "gf9_1_06_05_05_ornithopters_from_a_shipment_into_arrakeen_the_same_turn",
    "gf9_2_05_14_a_captured_leader_is_no_traitor_without_the_card",
    "gf9_1_07_07_07_01_the_winner_by_a_traitor_keeps_his_cheap_hero",
    "gf9_1_07_07_07_01_the_winner_by_a_traitor_may_discard_his_cheap_hero",
    "gf9_4_1_17_a_tournament_plan_without_a_cheap_hero_is_revealed_as_sent",
    "gf9_2_04_12_the_fremen_may_withhold_their_allys_free_revival",
    "gf9_1_10_02_06_who_is_left_by_a_break_may_ally_again_in_the_same_nexus",
    "gf9_1_12_01_a_bribe_may_be_given_in_the_bidding_round",
    "gf9_1_03_02_a_faction_may_decline_the_choam_charity",
]


@pytest.mark.parametrize("stem", REVIEWED)
def test_each_issue_32_ruling_fails_by_rules_version_4(stem):
    data = yaml.safe_load((SCENARIOS / f"{stem}.yaml").read_text(encoding="utf-8"))
    assert "rules_version" not in data
    try:
        result = run_scenario({**data, "rules_version": 4})
    except ScenarioError as error:          # an order it plays is refused by version 4
        assert error.problems
        return
    assert result["expect"]["failed"]


def _docs_example() -> str:
    return re.search(r"```yaml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S).group(1)


def test_the_annotated_example_of_the_docs_holds():
    result = run_scenario(yaml.safe_load(_docs_example()))
    assert result["expect"]["checked"] and not result["expect"]["failed"]


# --- pbem scenario run
def test_scenario_run_prints_a_movement_turn_open_at_the_end_as_json():
    """A run that ends with a movement turn open prints it as JSON, with the keys of
    docs/scenarios.md and not the bots' options (it crashed on them, issue 32)."""
    path = SCENARIOS / "json_a_run_ending_with_a_movement_turn_open.yaml"
    result = CliRunner().invoke(main, ["scenario", "run", str(path), "--json"])
    assert result.exit_code == 0, result.output
    prompt, deal = json.loads(result.output)["prompts"]
    assert prompt["key"] == "move:atreides" and "Your turn" in prompt["legal"]
    assert deal["key"] == "deal:atreides"
    assert set(prompt) == {"key", "seat", "kind", "secret", "legal", "default", "default_text",
                           "template"}


def test_scenario_run_prints_the_outcome_as_json():
    path = SCENARIOS / "setup_six_factions.yaml"
    result = CliRunner().invoke(main, ["scenario", "run", str(path), "--json"])
    assert result.exit_code == 0, result.output
    outcome = json.loads(result.output)
    assert set(outcome) == {"title", "seed", "state", "events", "orders", "refused", "prompts",
                            "expect"}
    assert outcome["state"]["factions"]["bene-gesserit"]["prediction"] == {
        "faction": "emperor", "turn": 3}
    assert len(outcome["events"]) == 3
    assert {p["key"] for p in outcome["prompts"]} == {   # the BG hold a Truthtrance
        f"bid:{seat}" for seat in outcome["state"]["seats"]} | {"truthtrance:bene-gesserit"}


def test_scenario_run_prints_the_outcome_as_text():
    path = SCENARIOS / "setup_six_factions.yaml"
    result = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert result.exit_code == 0, result.output
    text = result.output
    for expected in ("Scenario: Set-up of six factions", "Storm: sector 4", "Forces:",
                     "  Polar Sink: bene-gesserit 1", "  False Wall West SECTOR 17: fremen 4",
                     "  bene-gesserit (dot 5): spice 5, reserve 19, tanks 0",
                     "    prediction: emperor, turn 3", "Step 1 (orders[0])\n  orders:",
                     "    bene-gesserit: PREDICT Emperor 3",
                     "    fremen: PLACE 6 Sietch Tabr / PLACE 4 False Wall West SECTOR 17",
                     "    guild: TRAITOR ", "(default)", "Open prompts:",
                     "Expectations: 15 checked, 0 failed"):
        assert expected in text


def test_scenario_run_prints_the_lines_refused_as_expected():
    path = SCENARIOS / "x_c_8_a_leader_who_fought_this_round_is_refused_in_another_territory.yaml"
    result = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert result.exit_code == 0, result.output
    for expected in ("Kwisatz Haderach: 2 forces lost in battles", "Captured leaders: none",
                     "  refused (as expected):\n    atreides line 1 'LEADER Yueh': "
                     "leader-fought: Dr. Wellington Yueh fought in The Great Flat",
                     "    atreides line 2 'DIAL 1': leader-required: "):
        assert expected in result.output


def test_scenario_run_exits_1_and_names_each_failed_expectation(tmp_path):
    path = tmp_path / "failing.yaml"
    path.write_text(yaml.safe_dump(scenario(expect={"storm": {"sector": 9}, "worms": 2})))
    result = CliRunner().invoke(main, ["scenario", "run", str(path), "--json"])
    assert result.exit_code == 1
    assert "expectation failed: expect.worms: expected 2, got 0" in result.stderr
    assert "expectation failed: expect.storm.sector: expected 9, got None" in result.stderr
    text = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert text.exit_code == 1
    assert "FAILED expect.worms: expected 2, got 0" in text.output


def test_scenario_run_names_the_faults_of_a_bad_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(scenario(position={"spice": {"Arrakeen": 3}})))
    result = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert result.exit_code == 1
    assert f"bad scenario {path}:" in result.output
    assert "position.spice.Arrakeen: Arrakeen has no spice blow site" in result.output
    path.write_text("game: chess\n")
    result = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert result.exit_code == 1 and "unknown game 'chess'" in result.output


# --- refusals, events by audience, deck order (expect); the Kwisatz Haderach, captured leaders
# and the battle round (position)
def battle(seats=("atreides", "harkonnen"), forces=None, **keys):
    """A battle round of turn 3 entered, advantages on, no traitors to call."""
    position = {"turn": 3, "phase": "battle", "storm": {"sector": 1},
                "forces": forces or {"Arrakeen": {"atreides": 3, "harkonnen": 6}},
                "factions": {seat: {"traitors": []} for seat in seats}, **keys.pop("position", {})}
    return scenario(seats=list(seats), options={"advantages": True}, position=position, **keys)


YUEH_AWAY = {"battle": {"fought": {"atreides": {"Yueh": "The Great Flat"}}}}
YUEH_PLAN = {"atreides": "LEADER Yueh\nDIAL 0", "harkonnen": "LEADER Feyd\nDIAL 6"}


def test_a_refusal_expected_is_checked_by_step_seat_line_code_and_text():
    """000 X.C.8 (line 407): a leader who fought in another territory this round is refused;
    the refusal is checked by its code and text, the rest of the step applied."""
    refused = {"step": 1, "seat": "atreides", "line": 1}
    result = run_scenario(battle(position=YUEH_AWAY, orders=[YUEH_PLAN], expect={"refused": [
        {**refused, "code": "leader-fought", "text": "The Great Flat"},
        {**refused, "code": "leader-in-tanks"},
        {**refused, "text": "Arrakeen"},
        {"step": 1, "seat": "atreides", "line": 2, "code": "leader-required"}]}))
    assert [r["code"] for r in result["refused"][1]] == ["leader-fought", "leader-required"]
    assert result["orders"][1][0]["default"]                  # the Atreides' plan: the default
    where = "step 1 (orders[0]) atreides line 1 'LEADER Yueh'"
    fought = ("line 1 leader-fought: Dr. Wellington Yueh fought in The Great Flat this round "
              "and may fight again only there (000 X.C.8)")
    assert result["expect"] == {"checked": 4, "failed": [
        f"expect.refused[1]: {where} was refused, but not with code leader-in-tanks: {fought}",
        f"expect.refused[2]: {where} was refused, but not with a message holding 'Arrakeen': "
        f"{fought}"]}


def test_a_refusal_expected_that_does_not_happen_fails_and_one_not_expected_stops_the_run():
    result = run_scenario(battle(orders=[YUEH_PLAN], expect={"refused": [
        {"step": 1, "seat": "atreides", "line": 1, "code": "leader-fought"}]}))
    assert result["expect"]["failed"] == [
        "expect.refused[0]: step 1 (orders[0]) atreides line 1 'LEADER Yueh' was not refused"]
    with pytest.raises(ScenarioError) as caught:       # line 2 is refused too, and not expected
        run_scenario(battle(position=YUEH_AWAY, orders=[YUEH_PLAN], expect={"refused": [
            {"step": 1, "seat": "atreides", "line": 1, "code": "leader-fought"}]}))
    assert caught.value.problems == [
        "orders[0].atreides line 2 'DIAL 0': you must play a leader or a cheap hero (000 X.C.9) "
        "(valid: LEADER Lady Jessica, LEADER Thufir Hawat, LEADER Gurney Halleck, "
        "LEADER Duncan Idaho)"]
    result = run_scenario(battle(position=YUEH_AWAY, orders=[YUEH_PLAN], expect={"refused": [
        {"step": 1, "seat": "atreides", "code": "leader-fought"}]}))     # no line: every line
    assert result["expect"] == {"checked": 1, "failed": []}


def test_the_keys_of_a_refusal_are_checked_on_load():
    orders = [{"atreides": "# my plan\nLEADER Yueh\n\nDIAL 0"}]
    problems = faults(battle(orders=orders, expect={"refused": [
        {"step": 2, "seat": "atreides", "code": "x"},
        {"step": 1, "seat": "harkonnen", "code": "x"},
        {"step": 1, "seat": "atreides", "line": 3, "code": "x"},
        {"step": 1, "seat": "atreides", "line": 2},
        {"step": 1, "seat": "atreides", "code": "Leader fought"},
        {"step": 1, "seat": "emperor", "code": "x"}]}))
    assert problems == [
        "expect.refused[0].step: expected a step 1 to 1 (step n is orders[n-1]), got 2",
        "expect.refused[1].seat: the Harkonnen write no orders in step 1 (orders[0]); those "
        "who do: atreides",
        "expect.refused[2].line: expected a line of the Atreides's orders in step 1 (orders[0]): "
        "2 'LEADER Yueh', 4 'DIAL 0'; got 3",
        "expect.refused[3]: give the refusal's code, a text its message holds, or both",
        "expect.refused[4].code: expected an error code, lower-case words joined by '-' (as "
        "leader-fought), got 'Leader fought'",
        "expect.refused[5].seat: Emperor are not in play (seats: atreides, harkonnen)"]
    assert faults(battle(orders=orders, expect={"refused": [{"step": 1, "code": "x"}]})) == [
        "expect.refused[0].seat: required"]


def test_an_event_is_expected_shown_to_exactly_these_seats():
    """WBC X (line 1262; 004 X.10): a captured leader's name is not public; the Harkonnen and
    the loser see it (``Event.visible_to``), the Fremen do not."""
    three = ("atreides", "harkonnen", "fremen")
    plans = {"atreides": "LEADER Yueh\nDIAL 0", "harkonnen": "LEADER Feyd\nDIAL 6\nCAPTURE KEEP"}
    named = {"code": "leader-captured", "data": {"faction": "atreides", "leader": "Lady Jessica"}}
    result = run_scenario(battle(seats=three, orders=[plans], expect={"events": [
        {**named, "seen_by": ["harkonnen", "atreides"]},
        {"code": "leader-captured", "seen_by": "public", "data": {"leader": None}},
        {"code": "leader-captured", "seen_by": ["atreides", "harkonnen", "fremen"]},
        {**named, "seen_by": ["harkonnen", "atreides", "fremen"]},
        {**named, "seen_by": "public"},
        {"code": "battle-result"},
        {"code": "worm-rides", "seen_by": "public"}]}))
    seen = ('{"faction": "atreides", "leader": null} shown to the public; {"faction": '
            '"atreides", "leader": "Lady Jessica"} shown to atreides, harkonnen')
    wanted = '{"faction": "atreides", "leader": "Lady Jessica"}'
    assert result["expect"] == {"checked": 7, "failed": [
        f"expect.events[3]: no 'leader-captured' event with {wanted} shown to atreides, "
        f"fremen, harkonnen happened; those that did: {seen}",
        f"expect.events[4]: no 'leader-captured' event with {wanted} shown to the public "
        f"happened; those that did: {seen}",
        "expect.events[6]: no 'worm-rides' event happened"]}
    problems = faults(battle(expect={"events": [{"code": "battle", "seen_by": "everyone"},
                                                {"code": "battle", "seen_by": ["emperor"]},
                                                {"seen_by": "public"}, 7]}))
    assert problems == [
        "expect.events[0].seen_by: expected public, or a list of the factions in play "
        "(atreides, harkonnen), got 'everyone'",
        "expect.events[1].seen_by[0]: Emperor are not in play (seats: atreides, harkonnen)",
        "expect.events[2].code: required",
        "expect.events[3]: expected an event code, or a mapping with code, seen_by and data, "
        "got 7"]


def test_the_order_of_the_top_cards_of_each_deck_is_expected():
    """Top first, as in a position; a bare name matches any copy of the card."""
    decks = {"treachery": ["Karama", "Shield #3", "Lasgun"], "treachery_discard": ["Baliset"],
             "spice": ["Red Chasm", "Shai-Hulud", "hagga"], "spice_discard": ["Old Gap"]}
    result = run_scenario(scenario(position={"decks": decks}, expect={"decks": {
        "treachery": ["Karama", "Shield"], "treachery_discard": ["Baliset"],
        "spice": ["Red Chasm", "Shai-Hulud", "Hagga Basin"], "spice_discard": ["Old Gap"]}}))
    assert result["expect"] == {"checked": 4, "failed": []}
    result = run_scenario(scenario(position={"decks": decks}, expect={"decks": {
        "treachery": ["Shield #3", "Karama"], "spice": ["Red Chasm", "Shai-Hulud #4"]}}))
    assert result["expect"]["failed"] == [
        "expect.decks.treachery: expected ['Shield #3', 'Karama'], got ['Karama', 'Shield #3']",
        "expect.decks.spice: expected ['Red Chasm', 'Shai-Hulud #4'], got ['Red Chasm', "
        "'Shai-Hulud']"]
    assert faults(scenario(expect={"decks": {"colour": []}})) == [
        "expect.decks.colour: unknown key (expected one of: treachery, treachery_discard, "
        "richese_cache, spice, spice_discard, spice_discard_2)"]
    assert faults(scenario(expect={"decks": {"spice_discard_2": ["Old Gap"],
                                             "spice": ["Foo"]}})) == [
        "expect.decks.spice_discard_2: there is a second discard pile only with the double_blow "
        "option (000 XXI)",
        "expect.decks.spice[0]: no spice card is called 'Foo'; try: Shai-Hulud, Broken Land, "
        "Cielago North, Cielago South, Funeral Plain, Habbanya Erg, Habbanya Ridge Flat, "
        "Hagga Basin, Old Gap, Red Chasm, Rock Outcroppings, Sihaya Ridge, South Mesa, "
        "The Great Flat, The Minor Erg, Wind Pass North"]


def test_the_kwisatz_haderach_in_a_position():
    """Atreides shield 4 (000 line 762): forces lost in battles over the game; it is killed
    only in an explosion, so only after it could fight, with the advantages."""
    state = load_scenario(battle(position={"kwisatz_haderach": {"losses": 7, "tanks": True}})
                          ).state
    assert state["factions"]["atreides"]["kwisatz_haderach"] == {"losses": 7, "tanks": True}
    problems = faults(scenario(seats=["harkonnen", "fremen"],
                               position={"kwisatz_haderach": {"losses": 3}}))
    assert problems == ["position.kwisatz_haderach: the Atreides are not in play (seats: "
                        "harkonnen, fremen)"]
    assert faults(scenario(position={"kwisatz_haderach": {"losses": 9, "tanks": True}})) == [
        "position.kwisatz_haderach.tanks: the Kwisatz Haderach is in play only with the "
        "advantages option (000 XV, line 1008)"]
    assert faults(battle(position={"kwisatz_haderach": {"losses": 6, "tanks": True}})) == [
        "position.kwisatz_haderach.tanks: the Kwisatz Haderach fights, and so can die, only "
        "after 7 forces lost in battles (000 line 762); losses: 6"]


def test_captured_leaders_in_a_position():
    """Harkonnen shield 3 (000 line 884): the Harkonnen hold another faction's leader; his
    owner's sheet says captured (Q&A D.2: not free to fight for him)."""
    state = load_scenario(battle(position={"captured": ["Duncan"]})).state
    assert state["factions"]["harkonnen"]["captured"] == {"Duncan Idaho": "atreides"}
    assert state["factions"]["atreides"]["leaders"]["Duncan Idaho"] == "captured"
    assert faults(scenario(position={"captured": ["Duncan"]})) == [
        "position.captured: no faction in play captures leaders: the Harkonnen do, with the "
        "advantages option (000 line 884)"]
    problems = faults(battle(position={
        "captured": ["Feyd", "Stilgar", "Gurney", "Nobody"],
        "factions": {"atreides": {"traitors": [], "leaders_in_tanks": ["Gurney Halleck"]},
                     "harkonnen": {"traitors": []}}}))
    assert problems[:3] == [
        "position.captured[0]: Feyd-Rautha is a leader of the Harkonnen themselves",
        "position.captured[1]: Stilgar is a leader of the Fremen, who are not in play",
        "position.captured[2]: Gurney Halleck is in the tanks "
        "(position.factions.atreides.leaders_in_tanks)"]
    assert problems[3].startswith("position.captured[3]: no leader is called 'Nobody'")
    harkonnen = [leader.name for leader in data(state).leaders if leader.faction == "Harkonnen"]
    assert faults(battle(position={
        "captured": ["Duncan"], "factions": {"atreides": {"traitors": []}, "harkonnen": {
            "traitors": [], "leaders_in_tanks": harkonnen}}})) == [
        "position.captured: the Harkonnen give back every captured leader when none of their "
        "own is alive (000 line 884)"]


def test_the_leaders_who_fought_this_round_in_a_position():
    """000 X.C.8 (line 407): the leaders who fought go into the battle round entered; the
    Harkonnen may have fought with a leader they hold."""
    state = load_scenario(battle(position={"captured": ["Duncan"], "battle": {
        "fought": {"atreides": {"Yueh": "Funeral Plain"}, "harkonnen": {"Duncan": "tuek"}},
        "kwisatz_haderach_used": True}})).state
    assert state["step"]["fought"] == {"atreides": {"Dr. Wellington Yueh": "Funeral Plain"},
                                       "harkonnen": {"Duncan Idaho": "Tuek's Sietch"}}
    assert state["step"]["kh_used"] is True
    assert state["step"]["battle"]["territory"] == "Arrakeen"
    assert faults(battle(position={"phase": "movement",
                                   "battle": {"kwisatz_haderach_used": True}})) == [
        "position.battle: a battle round is under way only in the battle phase "
        "(position.phase: battle), not in movement"]
    problems = faults(battle(position={"battle": {"fought": {
        "atreides": {"Feyd": "Arrakeen", "Yueh": "Polar Sink", "Duncan": "Arakeen"},
        "harkonnen": {"Duncan": "Carthag"}}}}))
    assert problems[:3] == [
        "position.battle.fought.atreides.Feyd: Feyd-Rautha is a leader of the Harkonnen, not "
        "one the Atreides may play",
        "position.battle.fought.atreides.Yueh: there is no battle in the Polar Sink "
        "(000 X.A.2.b)",
        "position.battle.fought.atreides.Duncan: no territory is called 'Arakeen'; try: "
        "Arrakeen"]
    assert problems[3] == ("position.battle.fought.harkonnen.Duncan: Duncan Idaho is a leader "
                           "of the Atreides, not one the Harkonnen may play")
    assert faults(scenario(position={"turn": 3, "phase": "battle", "storm": {"sector": 1},
                                     "battle": {"kwisatz_haderach_used": True}})) == [
        "position.battle.kwisatz_haderach_used: the Kwisatz Haderach is in play only with the "
        "Atreides and the advantages option (000 line 762)"]


def test_the_kwisatz_haderach_and_captured_leaders_are_expected():
    result = run_scenario(battle(position={"kwisatz_haderach": {"losses": 5},
                                           "captured": ["Duncan"]},
                                 orders=[YUEH_PLAN], expect={
        "kwisatz_haderach": {"losses": 8, "tanks": False}, "captured": ["Duncan Idaho"]}))
    assert result["expect"] == {"checked": 3, "failed": []}
