"""The Ixians (001 2.07, the GF9 expansion): their sheet, the pocket cards, the Hidden Mobile
Stronghold, the supply chain, their forces' movement and shenanigans, played through the phases
as a game plays them (``factions/ixians*.py``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from pbem.games.dune import turn
from pbem.games.dune.board import layer, reach
from pbem.games.dune.factions import ixians_hms, power
from pbem.games.dune.forces import add_forces
from pbem.games.dune.orders.language import KINDS, OrderProblem
from pbem.games.dune.phases import bidding, set_up, storm
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.prompt_key import PromptKey
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import ruleset_data, sheet
from pbem.games.dune.view import seat_view

IX, AT, HA, EM = "ixians", "atreides", "harkonnen", "emperor"
SEATS = [AT, "bene-gesserit", EM, "fremen", HA, IX]
HMS = "Hidden Mobile Stronghold"

SCENARIOS = Path(__file__).parent / "scenarios"
POCKET, HMS_MOVE = PromptKey("pocket", IX), PromptKey("hms-move", IX)   # their decisions

def game(seed=1, **options):
    """A fresh GF9 set-up with the Ixians seated (the expansion's option, 001 setup 11)."""
    return new_game(make_rules("gf9", {"ixians_tleilaxu": True, **options}), list(SEATS),
                    random.Random(seed))


def prompt_of(state, kind, seat=IX):
    return next(p for p in turn.prompts(state) if p.key == str(PromptKey(kind, seat)))


def _read(state, found, text):
    """The value of an order read against an open decision."""
    return KINDS[found.kind].read(state, found, text.split()[1:])


def turn_one_storm(seed=1):
    """A game through set-up to the storm round of turn 1, the first storm placed."""
    state = game(seed)
    state["turn"], state["phase"] = 1, "storm"
    state["storm"]["sector"] = 3
    state["step"] = {"moved": True}
    return state


# --- the sheet
def test_001_2_07_02_03_their_spice_forces_and_leaders():
    """2.07.02: 10 spice; 2.07.03: 20 forces, 7 Cyborgs and 13 Suboids; 6 of them (3 and 3)
    start on the HMS token, here in reserve until it is deployed (2.07.05); five leaders (the
    published game's, as the DuneBot and treachery.online have them)."""
    state = game()
    own = state["factions"][IX]
    assert own["spice"] == 10 and own["reserve"] == {"suboid": 13, "cyborg": 7}
    names = sorted(x.name for x in ruleset_data("gf9").leaders if x.faction == "Ixians")
    assert names == ["C'Tair Pilru", "Cammar Pilru", "Dominic Vernius", "Kailea Vernius",
                     "Tessia Vernius"]
    assert sheet(IX, state).free_revival == 1                          # 2.07.06


# --- the pocket cards
def test_001_2_07_04_the_pocket_cards_are_shown_to_the_ixians_alone_before_anyone_draws():
    """"Before Treachery Cards are drawn, draw one card for each faction in the game": the
    Ixians see six cards, nobody else sees them, and nobody holds a starting card yet."""
    state = game()
    pocket = seat_view(state, IX)["own"]["pocket"]
    assert len(pocket) == 6 and pocket == state["decks"]["treachery"][-6:]
    assert all("pocket" not in seat_view(state, seat)["own"] for seat in SEATS if seat != IX)
    assert all(not state["factions"][seat]["hand"] for seat in SEATS)
    assert prompt_of(state, "pocket").secret


def test_001_2_07_04_the_others_draw_their_starting_cards_from_the_rest():
    """The pick is the Ixians'; the other five draw from the remaining five, the Harkonnen's
    second card from the deck after them (ruling)."""
    state = game()
    pocket = list(state["decks"]["treachery"][-6:])
    deck_before = len(state["decks"]["treachery"])
    card = pocket[0]
    events = power(IX, state).decide(state, "setup", POCKET, card, random.Random(2))
    assert state["factions"][IX]["hand"] == [card]
    firsts = [state["factions"][seat]["hand"][0] for seat in SEATS if seat != IX]
    assert sorted(firsts) == sorted(pocket[1:])
    assert len(state["factions"][HA]["hand"]) == 2
    assert len(state["decks"]["treachery"]) == deck_before - 7
    public = [e for e in events if not e.to]
    assert [e.code for e in public] == ["pocket-kept"] and card not in str(public[0].data)


def test_001_2_07_04_a_card_named_in_the_order_is_read_among_the_pocket():
    state = game()
    found = prompt_of(state, "pocket")
    name = state["decks"]["treachery"][-1].split(" #")[0]
    assert _read(state, found, f"POCKET {name}") in state["decks"]["treachery"][-6:]
    with pytest.raises(OrderProblem):
        _read(state, found, "POCKET Nonesuch")


# --- the Hidden Mobile Stronghold
def test_001_2_07_05_the_hms_is_deployed_after_the_first_storm_with_six_forces():
    """DEPLOY HMS: after the first storm, at a sector of any non-stronghold territory, with
    the three Cyborgs and three Suboids of 2.07.03."""
    state = turn_one_storm()
    assert [p.key for p in storm.prompts(state)] == [f"hms-placement:{IX}"]
    assert not storm.done(state)
    found = prompt_of(state, "hms-placement")
    with pytest.raises(OrderProblem):
        _read(state, found, "HMS Arrakeen")                       # a stronghold
    with pytest.raises(OrderProblem):
        _read(state, found, "HMS Polar Sink")                     # no sector to point at
    value = _read(state, found, "HMS Cielago North SECTOR 2")
    storm.apply(state, {f"hms-placement:{IX}": value}, random.Random(1))
    assert layer.where(state, HMS) == ("Cielago North", 2)
    assert state["forces"][HMS]["0"][IX] == {"suboid": 3, "cyborg": 3}
    assert state["factions"][IX]["reserve"] == {"suboid": 10, "cyborg": 4}
    assert storm.done(state)


def hms_game(at=("Cielago North", 2), storm_sector=10):
    """Turn 2, the storm round about to move, the HMS deployed."""
    state = turn_one_storm()
    ixians_hms.deploy(state, IX, list(at))
    state["turn"], state["step"] = 2, {"moved": False, "revealed": False, "decided": [],
                                       "control": None}
    state["storm"]["sector"] = storm_sector
    return state


def test_001_2_07_19_the_hms_moves_up_to_three_territories_before_the_storm():
    """MOBILE ARMY STRONGHOLD HAJR (A): before the storm moves, up to 3 territories, pointing at
    a sector of a non-stronghold territory; asked with the dials, secret."""
    state = hms_game()
    found = prompt_of(state, "hms-move")
    assert found.secret
    ends = ixians_hms.destinations(state, IX)
    assert "Arrakeen" not in ends and "Cielago North" in ends        # another sector of it
    board = layer.board_of((layer.key(state)[0], ()))
    assert all(not board[t].is_stronghold for t in ends)
    near, far = board.within("Cielago North", 3), board.within("Cielago North", 4)
    assert set(ends) <= near and far - near and not (far - near) & set(ends)
    assert _read(state, found, "HMS STAY") is None


def test_001_2_07_19_not_into_out_of_or_through_the_storm():
    """Under the storm it stays; no end lies in the storm's sector."""
    state = hms_game(storm_sector=2)
    assert ixians_hms.destinations(state, IX) == {}
    assert not ixians_hms.move_due(state, IX)
    state = hms_game(storm_sector=4)
    assert all(4 not in sectors for sectors in ixians_hms.destinations(state, IX).values())


def test_001_2_07_19_only_while_they_occupy_it():
    state = hms_game()
    del state["forces"][HMS]
    assert not ixians_hms.move_due(state, IX)


def test_001_2_07_20_the_harvester_collects_two_a_force_once():
    """HARVESTER: moving from, through or into a territory with spice, 2 spice for each of
    their forces in it, once, from that spice."""
    state = hms_game()
    state["spice"] = {"Cielago North": 20, "South Mesa": 10}
    before = state["factions"][IX]["spice"]
    power(IX, state).decide(state, "storm", HMS_MOVE, ["South Mesa", 4], random.Random(0))
    assert layer.where(state, HMS) == ("South Mesa", 4)
    gained = state["factions"][IX]["spice"] - before
    assert gained == 12                                               # 6 forces
    assert state["spice"] == {"Cielago North": 8, "South Mesa": 10}    # once, where it left


def test_001_2_07_20_at_most_the_spice_there():
    state = hms_game()
    state["spice"] = {"South Mesa": 5}
    power(IX, state).decide(state, "storm", HMS_MOVE, ["South Mesa", 4], random.Random(0))
    assert state["factions"][IX]["spice"] == 15 and "South Mesa" not in state["spice"]


def test_001_2_07_21_nobody_else_ships_into_it_the_ixians_do():
    """HOME FIELD ADVANTAGE; it is a stronghold for the shipment's cost (2.07.18)."""
    state = hms_game()
    state["phase"] = "movement"
    assert HMS in reach.shipment_destinations(state, IX)
    assert HMS not in reach.shipment_destinations(state, AT)
    assert reach.shipment_cost(state, IX, HMS, 3) == 3


def test_001_2_07_21_another_faction_that_takes_it_cannot_move_it():
    state = hms_game()
    del state["forces"][HMS]
    add_forces(state, AT, HMS, 0, {"force": 4})
    assert not ixians_hms.move_due(state, IX)
    assert all(p.kind != "hms-move" for p in storm.prompts(state))


# --- movement
def test_001_2_07_13_17_cyborgs_and_suboids_with_them_move_two():
    """CYBORG MOVEMENT: two territories; SUBOID MOVEMENT: two "when accompanied by at least one
    Cyborg", else one."""
    state = hms_game()
    state["phase"], state["storm"]["sector"] = "movement", 10
    add_forces(state, IX, "Meridian", 2, {"suboid": 2, "cyborg": 1})
    two = reach.move_destinations(state, IX, "Meridian", forces={"suboid": 2, "cyborg": 1})
    one = reach.move_destinations(state, IX, "Meridian", forces={"suboid": 2})
    assert set(one) < set(two)
    assert reach.move_range(state, IX, forces={"cyborg": 1}) == 2
    assert reach.move_range(state, IX, forces={"suboid": 1}) == 1


# --- the supply chain
def test_001_2_07_08_09_one_card_more_one_back_the_rest_for_bid():
    """SUPPLY CHAIN: one card more than the auction's, seen by the Ixians alone; one goes back
    face down on the top or bottom of the deck; CHANGE OF STOCK: the rest are laid out."""
    state = game()
    power(IX, state).decide(state, "setup", POCKET, state["decks"]["treachery"][-1],
                              random.Random(1))
    state["turn"], state["phase"] = 1, "bidding"
    bidding.begin(state, random.Random(3))
    room = sum(bidding.hand_has_room(state, seat) for seat in SEATS)
    row = list(state["step"]["row"])
    assert len(row) == room + 1 and [p.key for p in bidding.prompts(state)] == [f"supply:{IX}"]
    assert seat_view(state, IX)["own"]["stock"] == row
    assert "stock" not in seat_view(state, AT)["own"]
    assert not seat_view(state, AT)["own"].get("up_for_bid")          # not yet laid out
    bottom = row[0]
    bidding.apply(state, {f"supply:{IX}": [bottom, "BOTTOM"]}, random.Random(4))
    assert state["decks"]["treachery"][0] == bottom
    assert sorted(state["step"]["row"]) == sorted(row[1:]) and state["step"]["dealt"] == room
    assert any(p.kind == "bid" for p in bidding.prompts(state))


# --- battle
def test_001_2_07_16_surviving_suboids_are_exchanged_for_lost_cyborgs():
    """SUBOID SHENANIGANS: after the losses, surviving Suboids there for Cyborgs lost."""
    state = hms_game()
    add_forces(state, IX, "Meridian", 2, {"suboid": 3})
    state["factions"][IX]["tanks"] = {"cyborg": 2}
    events = power(IX, state).after_losses(state, "Meridian", [2], {IX: {"cyborg": 2}})
    assert state["forces"]["Meridian"]["2"][IX] == {"suboid": 1, "cyborg": 2}
    assert state["factions"][IX]["tanks"] == {"suboid": 2}
    assert [e.code for e in events] == ["shenanigans"]


def test_set_up_asks_the_pocket_with_the_traitors():
    state = game()
    kinds = {p.kind for p in set_up.prompts(state) if p.seat == IX}
    assert {"pocket", "traitor"} <= kinds


def test_001_2_07_23_technology_swaps_the_chosen_card_as_it_comes_up():
    """TECHNOLOGY (advanced, A): the card about to be bid on, before the Atreides see it,
    taken for one of their hand; chosen with the supply chain's cards in sight."""
    state = game(advanced=True)
    power(IX, state).decide(state, "setup", POCKET, state["decks"]["treachery"][-1],
                              random.Random(1))
    state["turn"], state["phase"] = 1, "bidding"
    bidding.begin(state, random.Random(3))
    kinds = {p.kind: p for p in bidding.prompts(state)}
    assert set(kinds) == {"supply", "technology"} and kinds["technology"].optional
    row, mine = list(state["step"]["row"]), state["factions"][IX]["hand"][0]
    wanted = row[1]
    value = _read(state, kinds["technology"],
                  f"TECHNOLOGY {wanted.split(' #')[0]} WITH {mine.split(' #')[0]}")
    bidding.apply(state, {f"supply:{IX}": [row[0], "TOP"], f"technology:{IX}": value},
                  random.Random(4))
    while state["step"]["row"] and wanted not in state["factions"][IX]["hand"]:
        if mine in state["step"]["row"]:
            break
        state["step"]["row"].pop(0)
        bidding.card_up(state)
    assert wanted in state["factions"][IX]["hand"] and mine == state["step"]["row"][0]
    assert seat_view(state, AT)["own"]["up_for_bid"] == [mine]


def test_001_2_07_04_08_who_is_waited_for_never_tells_the_ixians_cards():
    """The pocket and supply decisions are asked whatever the cards (001 2.07.04, 2.07.08),
    and TECHNOLOGY (2.07.23) is optional, never waited for: two set-ups whose decks differ wait
    for the same seats on the same keys, and the same holds at the supply chain's round."""
    def waited(state):
        return sorted((p.key, p.secret) for p in turn.prompts(state) if not p.optional)
    first, second = game(1, advanced=True), game(2, advanced=True)
    assert first["decks"]["treachery"][-6:] != second["decks"]["treachery"][-6:]
    assert waited(first) == waited(second)
    for state in (first, second):
        power(IX, state).decide(state, "setup", POCKET, state["decks"]["treachery"][-1],
                                  random.Random(1))
        state["turn"], state["phase"] = 1, "bidding"
        bidding.begin(state, random.Random(3))
    assert waited(first) == waited(second)
    assert f"technology:{IX}" in {p.key for p in turn.prompts(first) if p.optional}


def test_001_1_14_08_the_karama_power_moves_the_hms_once_a_game():
    """001 1.14.08 with 1.13.07 and 1.14.01: the Ixians' Karama power is once a game: used, it
    is offered no more, even holding another Karama card; and the step's decision, answered,
    is carried out after their turn with their turn's orders as given."""
    path = SCENARIOS / "gf9_1_14_08_a_karama_moves_the_hms_two_territories_after_their_turn.yaml"
    loaded = load_scenario(yaml.safe_load(path.read_text()))
    state = loaded.state
    state["factions"][IX]["hand"].append("Karama #2")
    assert f"karama-hms:{IX}" in {p.key for p in turn.prompts(state) if p.optional}
    orders = {p.key: p.default for p in turn.prompts(state)}
    state, _ = turn.advance(state, {**orders, f"karama-hms:{IX}": ["South Mesa", 4]},
                            random.Random(1))
    assert layer.where(state, HMS) == ("South Mesa", 4)
    assert state["factions"][IX]["karama_power_used"]
    assert state["factions"][IX]["hand"] == ["Karama #2"]
    state["step"]["moved"].remove(IX)                # as if their turn were still to come
    assert not ixians_hms.karama_due(state, IX)


def test_001_2_07_22_a_game_of_rules_version_5_offers_neither_the_redraw_nor_the_karama():
    """Rules version 6 (issue 29) offers the Ixians' ally its redraw (001 2.07.22) and the
    Ixians their Karama power (1.14.08); a game dealt under version 5 offered neither, and
    replays so (``IxiansGF9Version5``)."""
    path = SCENARIOS / "gf9_2_07_22_the_ixians_ally_discards_a_card_bought_and_draws_again.yaml"
    state = load_scenario(yaml.safe_load(path.read_text())).state
    state, _ = turn.advance(state, {p.key: p.default for p in turn.prompts(state)},
                            random.Random(1))                  # the supply chain's card
    assert f"redraw:{AT}" in {p.key for p in turn.prompts(state)}
    state["rules"] = {**state["rules"], "version": 5}
    assert f"redraw:{AT}" not in {p.key for p in turn.prompts(state)}
    path = SCENARIOS / "gf9_1_14_08_a_karama_moves_the_hms_two_territories_after_their_turn.yaml"
    state = load_scenario(yaml.safe_load(path.read_text())).state
    assert ixians_hms.karama_due(state, IX)
    state["rules"] = {**state["rules"], "version": 5}
    assert not ixians_hms.karama_due(state, IX)


def test_001_2_07_19_text_b_a_game_of_rules_version_5_asks_nothing_at_war_continues():
    """War Continues asks a faction's own decisions from rules version 6 (issue 29): the HMS
    moved there by text B (001 2.07.19) is asked of a version-6 game, not of a version-5 one
    (``IxiansGF9Version5``)."""
    path = SCENARIOS / "gf9_2_07_19_text_b_the_hms_moves_at_war_continues.yaml"
    state = load_scenario(yaml.safe_load(path.read_text())).state
    assert f"{ixians_hms.MOVE}:{IX}" in turn.open_keys(state)
    state["rules"] = {**state["rules"], "version": 5}
    assert f"{ixians_hms.MOVE}:{IX}" not in turn.open_keys(state)
    assert f"{ixians_hms.MOVE}:{IX}" not in {prompt.key for prompt in turn.prompts(state)}
