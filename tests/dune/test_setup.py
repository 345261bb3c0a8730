"""Set-up of classic Dune: 000 III, the shields, WBC house rules 1 and 7, WBC clarifications III."""

from __future__ import annotations

import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.games.dune.forces import all_of, total
from pbem.games.dune.orders.language import parse_orders
from pbem.games.dune.phases import set_up as setup
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import data
from pbem.games.dune.view import seat_view

ALL = list(SEAT_FACTIONS)


def game(ruleset="classic", seats=ALL, seed=1, **options):
    return setup.new_game(make_rules(ruleset, options), list(seats), random.Random(seed))


def prompts_of(state, seat):
    return [p for p in setup.prompts(state) if p.seat == seat]


def test_seats_take_the_player_dots_in_the_game_files_order_under_ah():
    """000 III.E.1: each shield goes to the player dot closest to its player's seat."""
    state = game(seats=["harkonnen", "atreides", "fremen"])
    assert [state["dots"][s] for s in ["harkonnen", "atreides", "fremen"]] == [2, 5, 8]


def test_wbc_seating_order_is_drawn_at_random():
    """WBC house rule 1: factions and table seating order are drawn randomly."""
    orders = {tuple(sorted(game("wbc", seed=seed)["dots"].items(), key=lambda i: i[1]))
              for seed in range(8)}
    assert len(orders) > 1


def test_starting_spice_forces_and_cards_follow_the_shields():
    """000 III.E.3-5 and the shields: spice, forces at start, one card (two for the
    Harkonnen, line 882)."""
    state = game()
    assert state["factions"]["atreides"]["spice"] == 10
    assert state["forces"]["Arrakeen"] == {"10": {"atreides": {"force": 10}}}
    assert state["forces"]["Carthag"] == {"9": {"harkonnen": {"force": 10}}} or (
        list(state["forces"]["Carthag"].values()) == [{"harkonnen": {"force": 10}}])
    assert [len(state["factions"][s]["hand"]) for s in ALL] == [1, 1, 1, 1, 1, 2]
    assert len(state["decks"]["treachery"]) == 33 - 7
    for seat in ALL:
        assert total(all_of(state, seat)) == 20


def test_the_emperor_starts_with_sardaukar_in_reserve_only_with_the_optional_advantages():
    """000 XV and the Emperor shield: 5 of the 20 are Sardaukar under the optional rules."""
    assert game()["factions"]["emperor"]["reserve"] == {"force": 20}
    assert game(advantages=True)["factions"]["emperor"]["reserve"] == {"force": 15, "sardaukar": 5}


def test_every_faction_draws_four_traitors_and_the_harkonnen_keep_every_opponent():
    """000 III.E.2 (four leaders each) and the Harkonnen shield, line 880."""
    state = game()
    for seat in ALL:
        assert len(state["factions"][seat]["traitor_draw"]) == 4
    harkonnen = state["factions"]["harkonnen"]
    assert harkonnen["traitors"] == setup.eligible_traitors(state, "harkonnen")
    assert all(data(state).leader(n).faction != "Harkonnen" for n in harkonnen["traitors"])


def test_wbc_traitors_come_only_from_the_factions_in_play():
    """WBC clarification III: with fewer than 6 players only the leaders of the factions
    in play can be drawn; house rule 7: from a traitor deck (no leader drawn twice)."""
    state = game("wbc", seats=["atreides", "harkonnen", "fremen"])
    drawn = [n for s in state["seats"] for n in state["factions"][s]["traitor_draw"]]
    assert len(drawn) == len(set(drawn)) == 12
    assert {data(state).leader(n).faction for n in drawn} <= {"Atreides", "Harkonnen", "Fremen"}


def test_the_first_storm_is_dialled_by_the_dots_nearest_the_storm_start():
    """000 VI.A: the players whose dots are nearest on either side of the storm start
    sector dial 0 to 20."""
    state = game()
    start = data(state).board.storm_start_sector
    dialers = state["storm"]["dialers"]
    assert {state["dots"][s] for s in dialers} == {2, 17} and start == 1
    assert {p.kind for p in setup.prompts(state) if p.seat in dialers} >= {"first-storm-dial"}


def test_round_one_asks_for_prediction_traitors_fremen_placement_and_dials_at_once():
    state = game()
    kinds = sorted((p.seat, p.kind) for p in setup.prompts(state))
    assert ("bene-gesserit", "predict") in kinds
    assert ("fremen", "fremen-placement") in kinds
    assert not [k for k in kinds if k == ("harkonnen", "traitor")]
    assert ("bene-gesserit", "traitor") not in kinds


def test_the_bene_gesserit_see_their_traitor_draw_only_after_predicting():
    """000 line 780: the prediction is made before traitors are picked; WBC III: right
    after factions are assigned."""
    state = game()
    assert "traitor_draw" not in seat_view(state, "bene-gesserit")["own"]
    assert "traitor_draw" in seat_view(state, "atreides")["own"]
    state["factions"]["bene-gesserit"]["prediction"] = {"faction": "atreides", "turn": 3}
    assert "traitor_draw" in seat_view(state, "bene-gesserit")["own"]


def test_orders_read_back_to_the_same_canonical_text():
    state = game(seed=3)
    seat = next(p.seat for p in setup.prompts(state) if p.kind == "traitor")
    leader = setup.eligible_traitors(state, seat)[0]
    parsed = parse_orders(state, seat, f"traitor {leader.lower()}", setup.prompts(state))
    assert [o.text for o in parsed.orders] == [f"TRAITOR {leader}"]
    again = parse_orders(state, seat, parsed.orders[0].text, setup.prompts(state))
    assert again.orders == parsed.orders
    parsed = parse_orders(state, "bene-gesserit", "PREDICT harK 7", setup.prompts(state))
    assert parsed.orders[0].value == {"faction": "harkonnen", "turn": 7}


def test_a_traitor_not_in_the_draw_is_refused_with_the_choices():
    state = game(seed=3)
    seat = next(p.seat for p in setup.prompts(state) if p.kind == "traitor")
    outsider = next(leader.name for leader in data(state).leaders
                    if leader.name not in state["factions"][seat]["traitor_draw"])
    (error,) = parse_orders(state, seat, f"TRAITOR {outsider}", setup.prompts(state)).errors
    assert error.code == "not-in-draw" and set(error.valid) == set(
        setup.eligible_traitors(state, seat))


def test_the_fremen_place_exactly_ten_forces_over_their_three_territories():
    """Fremen shield (000 line 816): 10 forces in Sietch Tabr, False Wall South and False
    Wall West, spread as the Fremen like."""
    state = game()
    ok = parse_orders(state, "fremen", "PLACE 6 sietch tabr\nPLACE 4 FWW", setup.prompts(state))
    assert not ok.errors and [p[0] for p in ok.orders[0].value] == ["Sietch Tabr",
                                                                     "False Wall West"]
    short = parse_orders(state, "fremen", "PLACE 6 Sietch Tabr", setup.prompts(state))
    assert short.errors[0].code == "placement-total"
    away = parse_orders(state, "fremen", "PLACE 10 Arrakeen", setup.prompts(state))
    assert away.errors[0].code == "territory-not-allowed"


def test_fedaykin_may_start_on_the_board_only_under_wbc():
    """WBC clarification III: Fremen tokens placed at the start may include Fedaykin."""
    state = game("wbc", seats=ALL)
    parsed = parse_orders(state, "fremen", "PLACE 2* Sietch Tabr\nPLACE 8 Sietch Tabr",
                          setup.prompts(state))
    assert not parsed.errors and parsed.orders[0].value[0][2] == {"fedaykin": 2}
    classic = game(advantages=True)
    refused = parse_orders(classic, "fremen", "PLACE 2* Sietch Tabr", setup.prompts(classic))
    assert refused.errors[0].code == "no-fedaykin"


def play_round(state, orders_by_seat=None):
    orders = {p.key: p.default for p in setup.prompts(state)}
    orders.update(orders_by_seat or {})
    state = {**state}
    events = setup.apply(state, orders, random.Random(0))
    return state, events


@pytest.mark.parametrize("ruleset,options", [("classic", {}), ("classic", {"advantages": True}),
                                             ("wbc", {})])
def test_after_both_rounds_everyone_has_twenty_forces_and_set_up_is_done(ruleset, options):
    state = game(ruleset, **options)
    state, _ = play_round(state)
    state, _ = play_round(state)
    assert setup.done(state)
    for seat in ALL:
        assert total(all_of(state, seat)) == 20
        assert len(state["factions"][seat]["traitors"]) >= 1 or not setup.eligible_traitors(
            state, seat)
    assert "Polar Sink" in state["forces"]


def test_the_bene_gesserit_start_in_the_polar_sink_or_anywhere_with_xv():
    """BG shield (000 line 772): one token in the Polar Sink; XV (line 505): anywhere."""
    state, _ = play_round(game())
    assert not [p for p in setup.prompts(state) if p.kind == "bg-placement"]
    state = game(advantages=True)
    state, _ = play_round(state)
    (prompt,) = [p for p in setup.prompts(state) if p.kind == "bg-placement"]
    parsed = parse_orders(state, "bene-gesserit", "PLACE Arrakeen", setup.prompts(state))
    state, _ = play_round(state, {prompt.key: parsed.orders[0].value})
    assert state["forces"]["Arrakeen"]["10"]["bene-gesserit"] == {"force": 1}


def test_the_prediction_is_private_to_the_bene_gesserit():
    state = game()
    key = next(p.key for p in setup.prompts(state) if p.kind == "predict")
    _, events = play_round(state, {key: {"faction": "emperor", "turn": 4}})
    private = [e for e in events if e.code == "prediction"]
    assert private and all(e.to == ("bene-gesserit",) for e in private)
    public = [e for e in events if e.to is None]
    assert all(e.code != "prediction" for e in public)
    assert [e.data for e in public if e.code == "prediction-made"] == [
        {"faction": "bene-gesserit"}]


def test_a_game_without_the_bene_gesserit_or_the_fremen_sets_up_in_two_rounds():
    state = game(seats=["atreides", "harkonnen"])
    assert {p.kind for p in setup.prompts(state)} == {"traitor", "first-storm-dial"}
    state, _ = play_round(state)
    assert setup.prompts(state) == []
    state, _ = play_round(state)
    assert setup.done(state)
