"""Games of more seats than the board's six player dots (001 3.06.01-3.09.01: the Landsraad
packs for 9 to 12 players; 2.13 the Free Traders): where the seats sit, the first storm's
dialers, the map's drawing of every seat (``Board.seat_dots``, the ruling "Seats beyond the
printed dots" of ``docs/rules-coverage.md``)."""

from __future__ import annotations

import random

import pytest

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune.board import reach
from pbem.games.dune.cards import carryall, heighliner
from pbem.games.dune.cards import long_live_the_fighters as fighters
from pbem.games.dune.decks import draw_treachery
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import data, seating, storm_order
from pbem.games.dune.view import seat_view
from pbem.selfplay import play_games

ALL = {"ixians_tleilaxu": True, "choam_richese": True, "ecaz_moritani": True}
TWELVE = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen", "tleilaxu",
          "ixians", "choam", "richese", "ecaz", "moritani"]


def test_001_setup_11_six_seats_keep_the_printed_dots_and_more_sit_between_them():
    """001 setup 11: six seats on the board's six player circles, fewer on the first of them;
    more (001 is silent: the ruling) spaced as evenly as whole sectors allow from the first
    printed dot, each on a sector of its own, six so spaced being the printed six."""
    board = data(make_rules("gf9", ALL)).board
    assert board.seat_dots(6) == board.player_dots == (2, 5, 8, 11, 14, 17)
    assert board.seat_dots(4) == (2, 5, 8, 11)
    assert board.seat_dots(9) == (2, 4, 6, 8, 10, 12, 14, 16, 18)
    assert board.seat_dots(12) == (2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18)
    for count in range(7, 14):
        dots = board.seat_dots(count)
        assert len(set(dots)) == count and all(1 <= d <= board.sectors for d in dots)
        gaps = [(b - a) % board.sectors for a, b in zip(dots, dots[1:] + dots[:1], strict=True)]
        assert max(gaps) - min(gaps) <= 1, (count, gaps)


def test_001_3_09_01_a_game_of_every_expansion_seats_twelve_the_classic_six():
    """001 3.06.01-3.09.01: games of 9 to 12 players; the AH game seats 2 to 6 (000 line 115)
    and GF9 without its expansions has six factions to seat."""
    assert (seating(make_rules("gf9", ALL)).most, seating(make_rules("gf9", {})).most,
            seating(make_rules("classic", {})).most) == (12, 6, 6)
    assert not dune.seating("gf9", ALL).problems(TWELVE)


def test_001_1_01_twelve_seats_play_in_storm_order_round_the_board():
    """001 1.01: the First Player's marker is the one the storm next approaches, the others
    counterclockwise after it; with two markers in neighbouring sectors, the one under the storm
    counts as passed."""
    state = dune.setup("gf9", ALL, TWELVE, step_rng("twelve", 0))
    state["storm"]["sector"] = 3            # over the second seat's dot
    assert storm_order(state) == TWELVE[2:] + TWELVE[:2]
    assert state["storm"]["dialers"] == ["atreides", "moritani"]


def test_001_1_09_03_the_victory_count_is_the_same_at_a_big_table():
    """001 1.09.03.02-03, 1.10.03.02: three strongholds alone, four for an alliance, "whatever
    the number of players" (the ruling for 7 to 13 seats: 001 gives no other count)."""
    rules = make_rules("gf9", ALL)
    assert [rules.strongholds_to_win(players, 1) for players in (6, 9, 12)] == [3, 3, 3]
    assert [rules.strongholds_to_win(players, 2) for players in (6, 9, 12)] == [4, 4, 4]


@pytest.mark.parametrize("seats", [TWELVE[:9], TWELVE], ids=["nine", "twelve"])
def test_001_3_06_the_bots_play_big_tables_breaking_no_invariant(seats, tmp_path):
    """Nine and twelve seats of every expansion's factions (001 3.06.01, 3.09.01), the
    expansion's cards and every Landsraad pack the table may have in the deck, played by both
    bots for three turns, every step's invariants checked."""
    options = {**ALL, "ixians_tleilaxu_cards": True, "advanced": True, "turns": 3,
               **{f"landsraad_{n}_cards": True for n in (9, 10, 11, 12) if n <= len(seats)}}
    for style in ("random", "basic"):
        summary = play_games(dune, "gf9", options, 1, f"big-{len(seats)}-{style}", seats=seats,
                             out=tmp_path, style=style, count=("treachery-reshuffled",))
        assert summary.violations == [] and summary.games == 1 and summary.steps > 30
    assert not list(tmp_path.iterdir())


PACKS = {9: ["Life Shield Blanket", "Flamethrower", "Stun Gas", "Water of Life",
             "Orange Catholic Bible", "Spice Blow"],
         10: ["Atomic Snooper", "Chairdog", "Musky", "Shield Hologram", "Heighliner"],
         11: ["Coffee Service", "Ixian Probe", "Mystery Box", "Shere", "Carryall",
              "Landsraad Poison Tooth"],
         12: ["Shield #6", "Inkvine Extract", "Bi-La Kaifa", "Long Live the Fighters",
              "Cibus Hood"]}


@pytest.mark.parametrize("count", sorted(PACKS))
def test_001_3_06_01_a_landsraad_pack_is_dealt_only_into_a_game_of_its_count(count):
    """001 3.06.01-3.09.01: "These cards should be added in a game of N or more players": each
    pack's option shuffles its cards into the treachery deck, and a game of fewer seats than
    its count is refused (the ruling: a pack by its option, never below its count)."""
    options = {**ALL, f"landsraad_{count}_cards": True}
    seats = TWELVE[:count]
    assert not dune.seating("gf9", options).problems(seats)
    assert dune.seating("gf9", options).problems(seats[:count - 1])
    state = dune.setup("gf9", options, seats, step_rng("pack", count))
    held = [c for s in state["decks"].values() for c in s] + [
        c for own in state["factions"].values() for c in own["hand"]]
    assert set(PACKS[count]) <= set(held)
    others = {c for n, cards in PACKS.items() if n != count for c in cards}
    assert not others & set(held)


def test_001_3_07_03_3_08_03_3_09_06_the_worthless_cards_of_the_packs_are_worthless():
    """001 3.07.03, 3.08.03, 3.09.06: "Worthless Card ... no value in play", discarded by
    playing them in a battle plan, in place of a weapon, a defense or both; 3.07.05 the Musky a
    plain poison weapon; 3.09.04 "additional copy of Shield"."""
    deck = data(make_rules("gf9", {**ALL, **{f"landsraad_{n}_cards": True for n in PACKS}}))
    for name in ("Chairdog", "Coffee Service", "Bi-La Kaifa"):
        card = deck.card_named(name)
        assert (card.type, set(card.slots)) == ("worthless", {"weapon", "defense"}), name
    assert deck.card_named("Musky").effects == deck.card_named("Chaumas").effects
    sixth = next(card for card in deck.treachery_deck if card.id == "Shield #6")
    assert (sixth.name, sixth.effects) == ("Shield", deck.card_named("Shield").effects)


def test_001_3_08_05_the_mystery_box_takes_neither_the_top_nor_the_bottom_card():
    """001 3.08.05: "do not take the top or bottom card of the Treachery Deck unless these are
    the only two cards"."""
    for seed in range(40):
        state = {"decks": {"treachery": ["a", "b", "c", "d", "e"], "treachery_discard": []}}
        taken, _ = draw_treachery(state, random.Random(seed), middle=True)
        assert taken in ("b", "c", "d")
    state = {"decks": {"treachery": ["a", "b"], "treachery_discard": []}}
    assert draw_treachery(state, random.Random(0), middle=True)[0] in ("a", "b")


def _twelve(phase: str, factions: dict) -> dict:
    """A twelve-seat position with the 12+ pack (001 3.09.01)."""
    return load_scenario({
        "game": "dune", "seats": TWELVE, "ruleset": "gf9",
        "options": {**ALL, "landsraad_12_cards": True}, "seed": "fighters",
        "position": {"turn": 2, "phase": phase, "storm": {"sector": 1}, "forces": {},
                     "factions": factions, "decks": {"treachery": ["Lasgun"]}}}).state


def test_001_3_09_03_long_live_the_fighters_word_is_asked_only_of_a_holder_asked_anyway():
    """001 3.09.03 by mail: the FIGHTERS word rides on a round its holder is asked in anyway,
    optional (nobody waits for it), and nobody else gets it; without the 12+ pack nobody."""
    state = _twelve("bidding", {"harkonnen": {"hand": ["Long Live the Fighters"]}})
    while not any(p.kind == "bid" for p in dune.prompts(state)):
        state, _ = dune.apply(state, {p.key: p.default for p in dune.prompts(state)},
                              random.Random(0))
    words = [p for p in dune.prompts(state) if p.kind == fighters.KIND]
    assert [(p.seat, p.optional, p.default) for p in words] == [("harkonnen", True, None)]
    assert not dune.parse(state, "harkonnen", "PASS\nFIGHTERS").errors
    parsed = dune.parse(state, "harkonnen", "PASS\nFIGHTERS NOW")
    assert parsed.errors[0].valid == ("FIGHTERS", "FIGHTERS NONE")
    parsed = dune.parse(state, "atreides", "PASS\nFIGHTERS")
    assert parsed.errors or parsed.unread
    assert not fighters.rides(make_rules("gf9", ALL))


def test_001_3_09_03_long_live_the_fighters_doubles_its_players_revival_only():
    """001 3.09.03: "Double your current Free Revival rate.  Your revival limit is increased
    to 7": its player's alone, in the revival phase of the turn it was played, read from the
    state and from a seat's view alike; never another faction's, never in another turn."""
    state = _twelve("revival", {"fremen": {"tanks": 9}})
    assert fighters.terms(state, "fremen", 3, 3) == (3, 3)
    state[fighters.PLAYED] = [2, "fremen"]
    assert fighters.terms(state, "fremen", 3, 3) == (6, 7)
    assert fighters.terms(seat_view(state, "atreides"), "fremen", 1, 3) == (2, 7)
    assert fighters.terms(state, "atreides", 2, 3) == (2, 3)
    assert fighters.terms(state, "fremen", 3, None) == (6, None)
    state["turn"] = 3
    assert fighters.terms(state, "fremen", 3, 3) == (3, 3)


def test_001_3_08_02_the_carryall_word_is_asked_only_of_a_holder_asked_anyway():
    """001 3.08.02 by mail: the CARRYALL word, with or without a territory and a number, rides
    on a round its holder is asked in anyway (a battle plan), optional, and nobody else gets
    it; a territory unknown is refused; without the 11+ pack nobody is asked it."""
    state = load_scenario({
        "game": "dune", "seats": TWELVE[:11], "ruleset": "gf9",
        "options": {**ALL, "landsraad_11_cards": True}, "seed": "carryall",
        "position": {"turn": 2, "phase": "battle", "storm": {"sector": 1},
                     "forces": {"The Great Flat": {"atreides": 6, "harkonnen": 5}},
                     "factions": {"atreides": {"hand": ["Carryall"], "traitors": []},
                                  "harkonnen": {"traitors": []}}}}).state
    words = [p for p in dune.prompts(state) if p.kind == carryall.KIND]
    assert [(p.seat, p.optional, p.default) for p in words] == [("atreides", True, None)]
    read = {text: dune.parse(state, "atreides", text) for text in (
        "CARRYALL", "CARRYALL Red Chasm", "CARRYALL 2 red chasm", "CARRYALL Nowhere")}
    assert [bool(parsed.errors) for parsed in read.values()] == [False, False, False, True]
    assert [carryall._text(state, value) for value in (
        None, {"territory": None, "count": None}, {"territory": "Red Chasm", "count": 2})] == [
        "CARRYALL NONE", "CARRYALL", "CARRYALL 2 Red Chasm"]
    parsed = dune.parse(state, "harkonnen", "CARRYALL")
    assert parsed.errors or parsed.unread
    assert not carryall.rides(make_rules("gf9", ALL))


def test_001_3_08_02_the_carryall_doubles_its_players_rate_in_that_collection_only():
    """001 3.08.02: "Double your Collection rate this Phase": its player's rate alone, in the
    collection phase of the turn it was played."""
    state = _twelve("revival", {})
    state["phase"] = "collection"           # the phase asks nothing: no position stops in it
    assert carryall.rate(state, "fremen", 3) == 3
    state[carryall.PLAYED] = {"turn": 2, "faction": "fremen", "territory": None, "count": None}
    assert (carryall.rate(state, "fremen", 3), carryall.rate(state, "atreides", 2)) == (6, 2)
    state["turn"] = 3
    assert carryall.rate(state, "fremen", 2) == 2


def test_001_3_07_04_the_heighliner_word_names_a_stronghold_or_the_rates():
    """001 3.07.04 by mail: the HEIGHLINER word rides on a round its holder is asked in anyway
    (a revival), optional, nobody else gets it; it names a stronghold (only they have
    occupancy limits) or RATES; without the 10+ pack nobody is asked it."""
    state = load_scenario({
        "game": "dune", "seats": TWELVE[:10], "ruleset": "gf9",
        "options": {**ALL, "landsraad_10_cards": True}, "seed": "heighliner",
        "position": {"turn": 2, "phase": "revival", "storm": {"sector": 1}, "forces": {},
                     "factions": {"atreides": {"hand": ["Heighliner"], "tanks": 1}}}}).state
    words = [p for p in dune.prompts(state) if p.kind == heighliner.KIND]
    assert [(p.seat, p.optional, p.default) for p in words] == [("atreides", True, None)]
    read = {text: dune.parse(state, "atreides", text) for text in (
        "HEIGHLINER RATES", "HEIGHLINER carthag", "HEIGHLINER NONE", "HEIGHLINER Red Chasm")}
    assert [bool(parsed.errors) for parsed in read.values()] == [False, False, False, True]
    assert not heighliner.rides(make_rules("gf9", ALL))


@pytest.mark.parametrize("option", [heighliner.RATES, "Arrakeen"])
def test_001_3_07_04_the_heighliner_lifts_one_limit_or_the_rates_for_its_player(option):
    """001 3.07.04: "ignore occupancy limits in a single Territory for this Phase" or "Ship
    into any Non-stronghold territory at stronghold rates": one option, its player's alone,
    in the shipment and movement of the turn it was played."""
    state = _twelve("revival", {})
    state["forces"] = {"Arrakeen": {"10": {"harkonnen": {"force": 2}, "emperor": {"force": 2}}}}
    state["phase"] = "movement"
    def terms() -> list[tuple[int, bool]]:
        return [(reach.shipment_cost(state, seat, "Red Chasm", 3),
                 reach.blocked_stronghold(state, seat, "Arrakeen"))
                for seat in ("atreides", "fremen")]

    assert terms() == [(6, True), (6, True)]
    state[heighliner.PLAYED] = {"turn": 2, "faction": "atreides", "option": option}
    assert terms() == [(3, True) if option == heighliner.RATES else (6, False), (6, True)]
    state["turn"] = 3
    assert reach.shipment_cost(state, "atreides", "Red Chasm", 3) == 6


def test_001_3_06_01_the_9_pack_swaps_the_ornithopter_out_of_the_cache_for_the_water_of_life():
    """001 3.06.01: "Take Ornithopters from the Richese Treachery Deck and add it to the regular
    Treachery Deck; add Water of Life to the Richese Treachery Deck (if they are in this
    game)": with the Richese the Ornithopter starts in the deck and the Water of Life in their
    cache; without the 9+ pack the cache keeps its Ornithopter; without the Richese the Water
    of Life is in the deck (ruling)."""
    def piles(options: dict, seats: list[str] = TWELVE[:10]) -> tuple[list[str], list[str]]:
        state = dune.setup("gf9", options, seats, step_rng("swap", 1))
        cards = data(state).treachery_card
        held = [c for own in state["factions"].values() for c in own["hand"]]
        return ([cards(c).name for c in state["decks"].get("richese_cache", [])],
                [cards(c).name for c in state["decks"]["treachery"] + held])
    cache, deck = piles({**ALL, "landsraad_9_cards": True})
    assert "Water of Life" in cache and "Ornithopter" not in cache
    assert "Ornithopter" in deck and "Water of Life" not in deck
    cache, deck = piles(ALL)
    assert "Ornithopter" in cache and "Water of Life" not in cache + deck
    cache, deck = piles({"ixians_tleilaxu": True, "ecaz_moritani": True,
                         "landsraad_9_cards": True}, [*TWELVE[:8], "ecaz"])
    assert cache == [] and "Water of Life" in deck and "Ornithopter" not in deck
