"""The discovery tokens (001 4.06; the gf9 option ``discovery_tokens``): the data, the spice
cards, who sees a face-down token, the reveal's word, and the secrets they keep.  The play is
pinned by the scenarios gf9_4_06_*."""

from __future__ import annotations

import random

import pytest

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune import tokens
from pbem.games.dune.board.board_map import board_svg
from pbem.games.dune.data.loader import discovery
from pbem.games.dune.forces import count_in, total
from pbem.games.dune.invariants import violations
from pbem.games.dune.phases.spice_blow import spice_card
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import ruleset_data
from pbem.games.dune.variants import discovery_locations, discovery_tokens, testing_station
from pbem.games.dune.view import public_view, seat_view

AT, FR, GU = "atreides", "fremen", "guild"
OPTION = {"discovery_tokens": True}


def test_001_4_06_02_seven_new_cards_join_the_spice_deck():
    """001 4.06.02: "shuffle the seven new Spice Cards into the Spice Deck": the six Discovery
    cards and the Great Maker (a worm card, 4.06.09.01); without the option the deck is as it
    was."""
    seats = [AT, FR, GU]
    plain = dune.setup("gf9", {}, seats, step_rng("d", 0))
    with_cards = dune.setup("gf9", OPTION, seats, step_rng("d", 0))
    assert len(with_cards["decks"]["spice"]) == len(plain["decks"]["spice"]) + 7
    assert "Great Maker" in with_cards["decks"]["spice"]
    assert spice_card(with_cards, "Great Maker").is_shai_hulud
    assert {c for c in with_cards["decks"]["spice"] if c.endswith(" Discovery")} == {
        card.id for card in discovery("gf9", "gf9")}
    assert "tokens" not in plain or not any(t["kind"] in discovery_tokens.KINDS
                                            for t in plain["tokens"])
    assert violations(with_cards) == []


def test_001_4_06_03_the_duplicate_spice_cards_may_be_taken_out():
    """001 4.06.03: "Decide as a group whether to take the duplicate spice blows out": with
    ``discovery_duplicates_out`` the six ordinary cards of the Discovery cards' territories
    leave the deck, which the invariants then count without them."""
    seats = [AT, FR, GU]
    kept = dune.setup("gf9", OPTION, seats, step_rng("d", 0))
    out = dune.setup("gf9", {**OPTION, "discovery_duplicates_out": True}, seats,
                     step_rng("d", 0))
    duplicates = {card.territory for card in discovery("gf9", "gf9")}
    assert duplicates <= set(kept["decks"]["spice"])
    assert not duplicates & set(out["decks"]["spice"])
    assert len(out["decks"]["spice"]) == len(kept["decks"]["spice"]) - 6
    assert violations(out) == []
    out["decks"]["spice"].append("Old Gap")
    assert violations(out)


def test_001_4_06_04_eight_tokens_face_down_aside_of_two_types():
    """001 4.06.04, 4.06.06.01: eight tokens face down beside the board, four Hiereg and four
    Smuggler, owned by nobody; the token layer conserves them."""
    state = dune.setup("gf9", OPTION, [AT, FR, GU], step_rng("d", 0))
    found = [t for t in state["tokens"] if t["kind"] in discovery_tokens.KINDS]
    assert len(found) == 8
    assert sorted(t["kind"] for t in found) == ["hiereg"] * 4 + ["smuggler"] * 4
    assert all(t["at"] == "aside" and t["face"] == "down" and t["owner"] is None
               for t in found)
    found[0]["kind"] = "smuggler"
    assert violations(state)


def test_001_4_06_06_01_each_card_puts_its_type_where_its_type_goes():
    """001 4.06.06.01: Hiereg tokens in desert territories, Smuggler in rock ones; each card's
    territory a 6-spice blow site (4.06.05; the data's check, ``loader.discovery``)."""
    board = ruleset_data("gf9").board
    for card in discovery("gf9", "gf9"):
        assert board[card.at].type == {"hiereg": "sand", "smuggler": "rock"}[card.kind]
        assert card.sector in board[card.at].sectors
        assert board[card.territory].spice_blow.amount == discovery_tokens.AMOUNT


def _placed(value, seats=(AT, FR, GU)):
    """A game with one Hiereg token, ``value``, face down in Meridian and the Atreides there."""
    return load_scenario({
        "game": "dune", "seats": list(seats), "ruleset": "gf9", "options": OPTION,
        "seed": "discovery",
        "position": {"turn": 3, "phase": "bidding", "storm": {"sector": 5},
                     "forces": {"Meridian SECTOR 1": {AT: 3}},
                     "decks": {"treachery": ["Lasgun"]},
                     "tokens": {data_name(value): {"at": "Meridian SECTOR 1",
                                                   "face": "down"}}}}).state


def data_name(value):
    return ruleset_data("gf9").token_kind("hiereg").token(value).name


def _value_seen(state, seat, territory="Meridian"):
    """The values ``seat``'s view shows of the tokens in ``territory``: the public list's, and
    its own face-down tokens' (``tokens.own``)."""
    view = seat_view(state, seat)
    own = [t["value"] for t in view["own"].get("tokens", []) if t.get("territory") == territory]
    return own or [t.get("value") for t in view["tokens"] if t.get("territory") == territory]


def test_001_4_06_07_01_the_fremen_see_a_face_down_hiereg_token():
    """001 4.06.07.01: the Fremen see any face-down Hiereg token; the others see its type and
    place only (the public view, the Atreides' and the Guild's)."""
    state = _placed("cistern")
    assert _value_seen(state, FR) == ["cistern"]
    assert _value_seen(state, AT) == [None] and _value_seen(state, GU) == [None]
    assert [t.get("value") for t in dune.view(state, None)["tokens"]
            if t.get("territory") == "Meridian"] == [None]


def test_001_4_06_08_01_the_guild_see_a_face_down_smuggler_token():
    """001 4.06.08.01: the Spacing Guild see any face-down Smuggler token, the Fremen not."""
    state = load_scenario({
        "game": "dune", "seats": [AT, FR, GU], "ruleset": "gf9", "options": OPTION,
        "seed": "discovery",
        "position": {"turn": 3, "phase": "movement", "storm": {"sector": 5},
                     "tokens": {"Ornithopter": {"at": "Pasty Mesa SECTOR 7",
                                                "face": "down"}}}}).state
    seen = {seat: _value_seen(state, seat, "Pasty Mesa") for seat in (AT, FR, GU)}
    assert seen == {AT: [None], FR: [None], GU: ["ornithopter"]}


def test_001_4_06_06_02_a_look_is_the_lookers_alone():
    """001 4.06.06.02: a faction with forces by the token looks at it before Spice Collection:
    told to it alone, and from then on it sees the token; its word NONE keeps it face down."""
    state = _placed("cistern")
    state["factions"][AT][discovery_tokens.KIND] = discovery_tokens.NONE
    state["phase"] = "collection"
    events = discovery_tokens.DiscoveryTokens().phase_begins(state)
    assert [(e.code, e.to) for e in events] == [("discovery-looked", (AT,))]
    assert _value_seen(state, AT) == ["cistern"] and _value_seen(state, GU) == [None]


@pytest.mark.parametrize("other", ["jacurutu-sietch", "shrine", "ecological-testing-station"])
def test_001_4_06_nobody_else_reads_a_face_down_discovery_token(other):
    """Secrets stay secret (TEAM.md): the same game with one face-down Hiereg token or another
    in Meridian: every seat's view but the Fremen's (who see it, 4.06.07.01) is the same, and so
    are the prompts' keys (who is asked, and about what), through a look with the word NONE,
    which the looker alone sees."""
    one, two = _placed("cistern"), _placed(other)
    for state in (one, two):
        state["factions"][AT][discovery_tokens.KIND] = discovery_tokens.NONE
    for seat in (AT, GU, None):
        assert dune.view(one, seat) == dune.view(two, seat), seat
    assert [p.key for p in dune.prompts(one)] == [p.key for p in dune.prompts(two)]
    for state in (one, two):
        state["phase"] = "collection"
        discovery_tokens.DiscoveryTokens().phase_begins(state)
    for seat in (GU, None):
        assert dune.view(one, seat) == dune.view(two, seat), seat
    assert dune.view(one, AT) != dune.view(two, AT)         # the looker alone learns it


def test_001_4_06_06_02_the_word_reads_names_all_and_none():
    """The standing word: DISCOVERY REVEAL ALL, NONE or token names (a bad name quoted)."""
    state = _placed("cistern")
    parsed = dune.parse(state, AT, "PASS\nDISCOVERY REVEAL Spice Stash, Cistern")
    assert not parsed.errors
    assert not dune.parse(state, GU, "PASS\nDISCOVERY REVEAL NONE").errors
    bad = dune.parse(state, AT, "PASS\nDISCOVERY REVEAL Sandworm")
    assert bad.errors and "'Sandworm' is no discovery token" in str(bad.errors)
    assert not discovery_tokens.STANDING.rides(make_rules("gf9", {}))


def test_001_4_06_the_bots_play_a_game_with_the_tokens():
    """Both bots play turns of a game with the discovery tokens, the Discovery cards on top of
    the spice deck: the tokens reach the board and the invariants hold at every step (the
    tokens conserved)."""
    for style in ("random", "basic"):
        state = dune.setup("gf9", {**OPTION, "turns": 4}, [AT, FR, GU, "harkonnen"],
                           step_rng(f"disc-{style}", 0))
        deck = state["decks"]["spice"]
        found = [card for card in deck if card.endswith(" Discovery")]
        deck[:] = [card for card in deck if card not in found] + found    # the top: last
        bots = random.Random(style)
        step = 0
        while dune.result(state) is None and step < 400:
            phase = state["phase"]
            state, _ = dune.apply(state, dune.bot_decisions(state, bots, style),
                                  step_rng(f"disc-{style}", step + 1))
            assert violations(state) == [], (style, step, phase)
            step += 1
        assert any(t["at"] != tokens.ASIDE or t["face"] == "up" for t in state["tokens"]
                   if t["kind"] in discovery_tokens.KINDS), style


# --- the locations (001 4.06.06.03-07; variants/discovery_locations)
def _location(name="Jacurutu Sietch", phase="movement", forces=None):
    """A game with the location revealed in Meridian, its place on the board."""
    return load_scenario({
        "game": "dune", "seats": [AT, FR, GU, "harkonnen"], "ruleset": "gf9", "options": OPTION,
        "seed": "location",
        "position": {"turn": 3, "phase": phase, "storm": {"sector": 10,
                                                           "dialers": [AT, FR]},
                     "places": {name: "Meridian SECTOR 1"},
                     "forces": forces or {},
                     "tokens": {name: {"at": "Meridian SECTOR 1", "face": "up"}}}}).state


def test_001_4_06_06_05_the_word_reads_all_a_number_and_none():
    """The standing word LOCATION ENTER ALL, a number or NONE (a bad one quoted)."""
    state = _placed("cistern")
    for text in ("LOCATION ENTER ALL", "LOCATION ENTER 3", "LOCATION ENTER NONE"):
        assert not dune.parse(state, AT, f"PASS\n{text}").errors, text
    bad = dune.parse(state, AT, "PASS\nLOCATION ENTER MANY")
    assert bad.errors and "LOCATION ENTER MANY" in str(bad.errors)
    assert not discovery_locations.STANDING.rides(make_rules("gf9", {}))


def test_001_4_06_06_05_a_number_moves_that_many_and_advisors_stay():
    """4.06.06.05: "some or all non-advisor forces": LOCATION ENTER 2 moves two of the three
    in the territory around it, the turn after the reveal."""
    state = _location("Cistern", "mentat_pause", {"Meridian SECTOR 1": {AT: 1},
                                                  "Meridian SECTOR 2": {AT: 2}})
    record = next(t for t in state["tokens"] if t.get("value") == "cistern")
    record[discovery_locations.REVEALED] = state["turn"] - 1
    state["factions"][AT][discovery_locations.KIND] = "2"
    state["phase"] = "storm"
    events = discovery_locations.DiscoveryLocations().phase_begins(state)
    assert [e.code for e in events] == ["discovery-entered"]
    assert total(count_in(state, AT, "Cistern")) == 2
    assert total(count_in(state, AT, "Meridian")) == 1
    assert violations(state) == []


def test_001_4_06_06_03_the_invariant_ties_a_location_to_its_token():
    """4.06.06.03: a location lies on the board exactly while its token lies face up there."""
    state = _location()
    assert violations(state) == []
    state["places"].pop("Jacurutu Sietch")
    assert any("Jacurutu Sietch" in problem for problem in violations(state))


def test_001_4_06_06_03_the_map_draws_a_revealed_location():
    """The map draws the location where it lies, with its abbreviation."""
    svg = board_svg(public_view(_location("Shrine")))
    assert 'data-place="Shrine"' in svg and 'data-territory="Meridian"' in svg


def test_001_4_06_06_03_both_bots_use_a_location():
    """Both bots ship or move into a location on the board (Jacurutu Sietch, a stronghold,
    4.06.07.02; the random bot any place it may reach), the invariants holding at every
    step."""
    for style in ("random", "basic"):
        entered, state = False, _location()
        bots = random.Random(style)
        for step in range(300):
            if dune.result(state) is not None or entered:
                break
            state, _ = dune.apply(state, dune.bot_decisions(state, bots, style),
                                  step_rng(f"loc-{style}", step))
            assert violations(state) == [], (style, step)
            entered = bool(state["forces"].get("Jacurutu Sietch"))
        assert entered, style


def test_001_4_06_07_04_the_word_reads_plus_minus_and_none():
    """The Testing Station's standing word STATION STORM +1, -1 or NONE (a bad one quoted)."""
    state = _placed("cistern")
    for text in ("STATION STORM +1", "STATION STORM -1", "STATION STORM NONE"):
        assert not dune.parse(state, AT, f"PASS\n{text}").errors, text
    bad = dune.parse(state, AT, "PASS\nSTATION STORM +2")
    assert bad.errors and "STATION STORM +2" in str(bad.errors)


def test_001_4_06_07_04_the_storm_never_moves_fewer_than_none():
    """Ruling: a storm card of 0 is not taken below 0 by STATION STORM -1; nobody outside the
    station shifts it."""
    state = _location("Ecological Testing Station", forces={
        "Ecological Testing Station": {AT: 1}})
    state["factions"][AT][testing_station.KIND] = "-1"
    state["factions"][GU][testing_station.KIND] = "+1"
    assert testing_station.TestingStation().storm_shift(state, 0) == (0, [])
    moved, events = testing_station.TestingStation().storm_shift(state, 3)
    assert moved == 2 and [e.data["faction"] for e in events] == [AT]


def test_001_4_06_06_05_the_move_in_keeps_a_stronghold_s_occupancy_limit():
    """Ruling (001 1.06.05.10): no faction enters Jacurutu Sietch before the storm where two
    others already are."""
    state = _location("Jacurutu Sietch", "mentat_pause", {
        "Meridian SECTOR 1": {AT: 2}, "Jacurutu Sietch": {FR: 1, "harkonnen": 1}})
    record = next(t for t in state["tokens"] if t.get("value") == "jacurutu-sietch")
    record[discovery_locations.REVEALED] = state["turn"] - 1
    state["factions"][AT][discovery_locations.KIND] = discovery_locations.ALL
    state["phase"] = "storm"
    assert discovery_locations.DiscoveryLocations().phase_begins(state) == []
    assert total(count_in(state, AT, "Meridian")) == 2


def test_001_4_06_08_03_a_stash_drawn_from_a_reshuffled_deck_is_not_foreseeable():
    """001 4.06.08.03 with the deck run out (000 III.C: the discard pile shuffled): the shuffle
    is seeded from the whole state, so which card the Atreides draw turns on which card lies
    hidden in the Fremen's hand, known to the Fremen alone (a seed of the turn and the seat, as
    before, gave every such game the same draw, one anybody could work out)."""
    from pathlib import Path

    import yaml

    from pbem.games.dune.scenario import run_scenario

    name = "gf9_4_06_08_03_the_treachery_card_stash_draws_a_card.yaml"
    scenario = yaml.safe_load((Path(__file__).parent / "scenarios" / name).read_text())
    start = dune.setup("gf9", OPTION, [AT, FR, GU], step_rng("d", 0))
    every = sorted(start["decks"]["treachery"] + [card for seat in (AT, FR, GU)
                                                  for card in start["factions"][seat]["hand"]])
    drawn = set()
    for hidden in every[1:7]:
        position = scenario["position"]
        position["decks"] = {"treachery": [],
                             "treachery_discard": [c for c in every[1:] if c != hidden]}
        position["factions"] = {AT: {"hand": [every[0]]}, FR: {"hand": [hidden]},
                                GU: {"hand": []}}
        state = run_scenario({**scenario, "expect": {}})["state"]
        (card,) = set(state["factions"][AT]["hand"]) - {every[0]}
        assert violations(state) == []
        drawn.add(card)
    assert len(drawn) > 1
