"""The Free Traders (001 2.13) in GF9 games: seated only with their option, their set-up (five
forces placed with the first bids of turn 1), their Smugglers on the map and in the views, and
whole bot games; the scenario files (``tests/dune/scenarios/gf9_2_13_*``) play the rules move
by move."""

from __future__ import annotations

import copy
import random

import pytest

from pbem.game import load_game, step_rng
from pbem.games import dune
from pbem.games.dune.board.board_map import board_svg
from pbem.games.dune.factions import free_traders
from pbem.games.dune.factions import free_traders_market as market
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders.language import OrderProblem
from pbem.games.dune.phases.victory import coexisting_strongholds
from pbem.games.dune.prompt_key import PromptKey
from pbem.games.dune.state import data, occupants, sheet
from pbem.games.dune.view import public_view, seat_view
from pbem.templating import environment

GAME = load_game("dune")
SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "free-traders"]
FT = free_traders.FREE_TRADERS


def new(options: dict | None = None) -> dict:
    return GAME.setup("gf9", {"free_traders": True, **(options or {})}, SEATS,
                      step_rng("free-traders", 0))


def play_until(state: dict, done, seed: int = 1, style: str = "random") -> dict:
    """The game played by the bots until ``done(state)``."""
    rng = random.Random(seed)
    step = 0
    while not done(state) and state["result"] is None:
        orders = {}
        for prompt in dune.prompts(state):
            text = dune.bot_order(dune.view(state, prompt.seat), prompt, rng, style)
            for order in dune.parse(state, prompt.seat, text).orders:
                if order.prompt == prompt.key:
                    orders[prompt.key] = order.value
        step += 1
        state, _ = dune.apply(state, orders, step_rng(str(seed), step))
        assert violations(state) == [], step
    return state


def test_001_2_13_01_the_free_traders_are_a_seat_only_with_their_option():
    """001 2.13, the Landsraad's homebrew: a GF9 game seats the Free Traders only with
    ``free_traders``; their sheet's powers are the basic game's (2.13.01)."""
    assert FT not in dune.seating("gf9", {}).names
    assert FT in dune.seating("gf9", {"free_traders": True}).names
    assert FT not in dune.seating("classic", {}).names


def test_001_2_13_02_03_04_five_spice_fifteen_in_reserve_five_to_place_free_revival_2():
    """001 2.13.02: 5 spice; 2.13.03: twenty forces, 15 in reserve and 5 to place after the
    first Spice Blow; 2.13.04: 2 revived free; five authored leaders; Secret Harvesters
    (2.13.11): their kind collects three spice a force."""
    state = new()
    own = state["factions"][FT]
    assert own["spice"] == 5 and own["reserve"] == {"trader": 15} and own["to_place"] == 5
    assert not state["forces"].get("The Great Flat")
    assert sheet(FT, state).free_revival == 2
    assert len(own["leaders"]) == 5
    assert data(state).force_kind("trader").collects(2) == 3
    assert violations(state) == []


def test_001_2_13_03_the_placement_is_asked_with_the_first_bids_only():
    """001 2.13.03: "At the end of the first Spice Blow and Nexus Phase Place 5 Forces in any
    Non-stronghold territory (subject to storm)": asked with the first bids of turn 1, never
    before the spice blow, and not again once placed."""
    state = new()
    seen = []

    def asked(game):
        seen.extend((game["turn"], game["phase"]) for p in dune.prompts(game)
                    if p.kind == free_traders.PLACEMENT)
        return game["turn"] == 2
    state = play_until(state, asked)
    assert seen and set(seen) == {(1, "bidding")}
    assert state["factions"][FT]["to_place"] == 0
    assert sum(c for sectors in state["forces"].values() for by in sectors.values()
               for f, counts in by.items() if f == FT for c in counts.values()) \
        + sum(state["factions"][FT]["reserve"].values()) \
        + sum(state["factions"][FT]["tanks"].values()) == 20


def test_001_2_13_03_the_placement_order_is_read_and_refused_with_its_rule():
    """001 2.13.03: a stronghold is refused quoting the rule; a territory of several sectors
    needs one; the Polar Sink, no stronghold, is open."""
    state = new()
    state["storm"]["sector"] = 1
    prompt = free_traders.placement_prompt(state, FT)
    with pytest.raises(OrderProblem, match="2.13.03"):
        free_traders._read_placement(state, prompt, ["Arrakeen"])
    with pytest.raises(OrderProblem, match="SECTOR"):
        free_traders._read_placement(state, prompt, ["Old", "Gap"])
    assert free_traders._read_placement(state, prompt, ["Old", "Gap", "SECTOR", "9"]) \
        == ["Old Gap", 9]
    assert "Polar Sink" in free_traders.placements(state)
    assert prompt.key == str(PromptKey(free_traders.PLACEMENT, FT))


def test_001_2_13_06_smugglers_show_on_the_map_and_in_every_view():
    """001 2.13.06: the side a token shows is public: every seat's view lists the territories
    of the Smugglers, the map marks their chips, the report names them."""
    state = new()
    state["phase"], state["turn"] = "movement", 2
    state["factions"][FT]["to_place"] = 0
    state["factions"][FT]["reserve"] = {"trader": 17}
    state["forces"]["Old Gap"] = {"9": {FT: {"trader": 3}}}
    state["factions"][FT]["coexisting"] = ["Old Gap"]
    assert violations(state) == []
    for seat in SEATS:
        assert seat_view(state, seat)["factions"][FT]["smugglers"] == ["Old Gap"]
    assert "T 3 smug" in board_svg(public_view(state))
    text = environment("dune").get_template("view.txt.j2").render(
        view=dune.view(state, "atreides"), seat="atreides")
    assert "Old Gap (9)" in text and "Free Traders 3 Smugglers" in text
    assert occupants(state, "Old Gap") == []         # coexisting: no occupant
    (sector,) = state["forces"]["Carthag"]
    state["forces"]["Carthag"][sector][FT] = {"trader": 2}
    state["factions"][FT]["reserve"] = {"trader": 15}
    state["factions"][FT]["coexisting"].append("Carthag")
    assert occupants(state, "Carthag") == ["harkonnen"] and violations(state) == []
    assert coexisting_strongholds(state) == []       # no Bene Gesserit's performance point


@pytest.mark.parametrize("seed,options,style", [
    (1, {}, "random"),
    (2, {"advanced": True}, "basic"),
])
def test_001_2_13_a_bot_game_with_the_free_traders_breaks_no_invariant(seed, options, style):
    """Whole GF9 games with the Free Traders seated, basic and advanced, every decision the
    random or the basic bots' (their placement, Smugglers shipped), to their end: no invariant
    broken at any step."""
    state = GAME.setup("gf9", {"free_traders": True, "turns": 3, **options}, SEATS,
                       step_rng("ft", seed))
    state = play_until(state, lambda game: False, seed, style)
    assert state["result"] is not None


def test_001_2_13_06_the_random_bot_moves_smugglers_it_ships_without_ornithopters():
    """001 2.13.06: Smugglers "can not ... use ornithopters".  The Free Traders hold Arrakeen
    (ornithopters, 1.06.05.05): the random bot's turns that ship Smugglers and move them on
    read the reach of a group without ornithopters (``smuggled_reach``), so the parser takes
    every one (self-play s6-d game 3 had its ``ORNITHOPTER MOVE ... COEXIST`` refused)."""
    from pbem.games.dune.scenario import load_scenario
    state = load_scenario({
        "game": "dune", "seats": ["atreides", FT], "ruleset": "gf9",
        "options": {"free_traders": True}, "seed": "smugglers-fly-not",
        "position": {"turn": 2, "phase": "movement", "storm": {"sector": 1},
                     "forces": {"Arrakeen": {FT: 3}, "Carthag": {"atreides": 5}},
                     "factions": {FT: {"spice": 20}}}}).state
    while not (turn := [p for p in dune.prompts(state) if p.seat == FT and p.kind == "move"]):
        state, _ = dune.apply(state, {p.key: p.default for p in dune.prompts(state)},
                              random.Random(0))
    smuggled_on = 0
    for seed in range(200):
        text = dune.bot_order(dune.view(state, FT), turn[0], random.Random(seed), "random")
        lines = text.splitlines()
        smuggled_on += lines[0].endswith("COEXIST") and "MOVE" in text
        assert not dune.parse(state, FT, text).errors, text
    assert smuggled_on > 20


def test_001_2_13_05_02_market_and_choam_s_sell_are_read_apart_with_both_seated():
    """001 2.13.05.02 beside 2.09.07 (A): with CHOAM and the Free Traders both seated, a seat's
    ``MARKET`` lines are its standing bids in the Black Market Auction (the kind
    ``market-bid``) and CHOAM's ``SELL`` its Open Market (the kind ``market``): one mail with
    both files each under its own key, echoes each as written and keeps each in its own place
    of the sheet; a faction not asked is told so of both."""
    seats = ["atreides", "choam", "emperor", "fremen", "harkonnen", FT]
    state = GAME.setup("gf9", {"free_traders": True, "choam_richese": True}, seats,
                       step_rng("both-markets", 0))
    number = 0
    while not {("choam", "market"), ("choam", "market-bid"), (FT, "market-bid")} <= {
            (p.seat, p.kind) for p in dune.prompts(state)}:
        state, _ = dune.apply(state, {p.key: p.default for p in dune.prompts(state)},
                              random.Random(number))
        number += 1
    assert not [p for p in dune.prompts(state) if p.seat == FT and p.kind == "market"]
    choam = dune.parse(state, "choam", "SELL WORTHLESS\nMARKET ANY 3")
    assert not choam.errors and not choam.unread
    assert {o.prompt: (o.value, o.text) for o in choam.orders} == {
        "market:choam": ({"worthless": True, "cards": []}, "SELL WORTHLESS"),
        "market-bid:choam": ({"ANY": 3}, "MARKET ANY 3")}
    traders = dune.parse(state, FT, "MARKET Lasgun 4\nSELL WORTHLESS")
    assert [(o.prompt, o.value) for o in traders.orders] == [("market-bid:free-traders",
                                                              {"Lasgun": 4})]
    assert [(e.line_no, e.code.value) for e in traders.errors] == [(2, "not-now")]
    assert "SELL is not a decision open to you now" in traders.errors[0].message
    orders = {p.key: p.default for p in dune.prompts(state)}
    orders.update({o.prompt: o.value for o in [*choam.orders, *traders.orders]})
    state, _ = dune.apply(state, orders, random.Random(number))
    assert state["factions"]["choam"]["market"] == {"worthless": True, "cards": []}
    assert state["factions"]["choam"][market.BIDS] == {"ANY": 3}
    assert state["factions"][FT][market.BIDS] == {"Lasgun": 4}
    assert "market" not in state["factions"][FT]


def test_001_2_13_05_09_10_standing_answers_change_no_other_seats_view_or_prompts():
    """The differential test (1.11 secrecy): the Free Traders' standing answers (the card they
    will auction, their bids, Way Out, Tunnels) are theirs alone until used: the same state
    with and without them gives every other seat the same view and the same prompts."""
    state = play_until(new(), lambda game: game["turn"] == 2 and game["phase"] == "movement")
    changed = copy.deepcopy(state)
    own = changed["factions"][FT]
    if own["hand"]:
        own[market.OFFER] = own["hand"][0]
    own[market.BIDS] = {"ANY": 3, "Lasgun": 9}
    own["way_out"], own["tunnels"] = True, 4
    assert changed != state
    for seat in SEATS:
        if seat == FT:
            continue
        assert dune.view(changed, seat) == dune.view(state, seat), seat
        assert [p for p in dune.prompts(changed) if p.seat == seat] == \
            [p for p in dune.prompts(state) if p.seat == seat], seat
