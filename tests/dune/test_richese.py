"""Richese (001 2.10) in GF9 games: seated only with the expansion, their No-Fields on the
token layer (values theirs alone, drawn face down on the map), their cache a pile of the
treachery deck; the scenario files (``tests/dune/scenarios/gf9_2_10_*``) play their rules."""

from __future__ import annotations

from pbem.game import load_game, step_rng
from pbem.games import dune
from pbem.games.dune import tokens
from pbem.games.dune.board.board_map import board_svg
from pbem.games.dune.factions import FIRST, ONCE_AROUND
from pbem.games.dune.invariants import violations
from pbem.games.dune.view import public_view, seat_view

GAME = load_game("dune")
SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "richese"]


def new(options: dict) -> dict:
    return GAME.setup("gf9", {"choam_richese": True, **options}, SEATS, step_rng("richese", 0))


def on_board(state: dict, value: str, territory: str = "The Great Flat", sector: int = 15):
    tokens.place(tokens.find(state, "no_field", value), "richese", tokens.BOARD, territory,
                 sector)
    return state


def test_001_2_10_01_richese_are_a_seat_only_with_the_expansion():
    """001 2.10.01, setup 11: a GF9 game seats Richese only with ``choam_richese``, so the
    other GF9 games are dealt as before (no cache pile, no No-Fields)."""
    assert "richese" not in dune.seating("gf9", {}).names
    assert "richese" in dune.seating("gf9", {"choam_richese": True}).names
    plain = GAME.setup("gf9", {}, SEATS[:5], step_rng("richese", 0))
    assert "richese_cache" not in plain["decks"] and "tokens" not in plain


def test_001_2_10_04_the_no_fields_start_behind_the_shield_three_or_four():
    """001 2.10.04: "Put the three (A) / four (B) No-Field tokens (numbered 0, 2, 3, and 5)
    in your Supply": face down behind the Richese shield."""
    for options, values in (({}, ["0", "3", "5"]), ({"richese_revised": True},
                                                     ["0", "2", "3", "5"])):
        state = new(options)
        held = tokens.held(tokens.of(state), "richese", "no_field")
        assert sorted(t["value"] for t in held) == values
        assert {(t["at"], t["face"]) for t in held} == {("behind", "down")}
        assert violations(state) == []


def test_001_2_10_10_the_table_sees_a_no_field_face_down_and_richese_its_value():
    """001 2.10.10 BAD MEMORY: the value is Richese's to see.  With the No-Field 0 or the
    No-Field 5 on the board every other seat's view and the public map are the same; Richese's
    view names it, and the map draws it face down where it lies."""
    zero, five = on_board(new({}), "0"), on_board(new({}), "5")
    assert public_view(zero) == public_view(five)
    for seat in SEATS[:5]:
        assert seat_view(zero, seat) == seat_view(five, seat)
    own = [t for t in seat_view(five, "richese")["own"]["tokens"] if t["at"] == "board"]
    assert [(t["name"], t["territory"]) for t in own] == [("No-Field 5", "The Great Flat")]
    svg = board_svg(public_view(five))
    assert 'data-territory="The Great Flat" data-sector="15" data-face="down"' in svg
    assert "No-Field 5" not in svg and "No-Field 0" not in svg
    assert board_svg(public_view(zero)) == svg


def test_001_2_10_04_the_cache_is_counted_for_all_and_named_to_richese():
    """001 2.10.04: the cache beside the shield; every seat sees how many cards it holds,
    Richese which (their view's ``cache``)."""
    state = new({})
    assert public_view(state)["decks"]["richese_cache"] == 10
    assert len(seat_view(state, "richese")["own"]["cache"]) == 10
    assert "cache" not in seat_view(state, "atreides")["own"]


def test_001_2_10_13_a_no_field_is_revealed_at_will_once_a_turn_and_not_in_battle():
    """001 2.10.13 NOT AS IT SEEMS: "Once per turn ... at any time other than during a
    Battle": the standing order rides on a round Richese are asked in, optional (nobody waits
    for it); once used it is not offered again that turn, and never in the battle round."""
    from pbem.games.dune import factions
    from pbem.games.dune.factions import richese_no_fields as no_fields

    state = on_board(new({}), "3", "Arrakeen", 9)
    state["turn"], state["phase"] = 2, "storm"
    power = factions.power("richese", state)
    asked = ["storm-dial:richese"]
    prompts = power.standing_prompts(state, [_prompt("richese")])
    assert [(p.kind, p.optional) for p in prompts] == [(no_fields.REVEAL_KIND, True)]
    assert power.standing_keys(state, asked) == [p.key for p in prompts]
    assert power.standing_prompts(state, [_prompt("atreides")]) == []
    events = power.standing_decision(state, prompts[0].key, "3")
    assert [e.data["why"] for e in events] == ["will"]
    assert state["factions"]["richese"]["reserve"]["force"] == 17
    on_board(state, "5", "Carthag", 10)
    assert power.standing_keys(state, asked) == []          # once a turn
    state["turn"] = 3
    assert power.standing_keys(state, asked) == [prompts[0].key]
    state["phase"] = "battle"
    assert power.standing_keys(state, asked) == []          # not during a battle


def _prompt(seat: str):
    from pbem.game import Prompt

    return Prompt(f"storm-dial:{seat}", seat, "storm-dial", True, "DIAL", 1, "DIAL 1", "DIAL 1")


def test_001_2_10_06_the_cache_offer_may_be_sent_ahead_or_stand():
    """001 2.10.06 DECLARED, by mail (issue 30: "Mail rounds stay few"): in the storm round
    Richese may send their offer of the bidding round to come (``FOR BIDDING``), and ``CACHE ANY
    ...`` names the first card of the cache as it lies when the round opens, so that a
    standing order answers every round; the other seats have no such decision to come."""
    from pbem.games.dune.ahead import decisions
    from pbem.games.dune.scenario import load_scenario

    state = load_scenario({"game": "dune", "seats": ["atreides", "harkonnen", "richese"],
                           "ruleset": "gf9", "options": {"choam_richese": True},
                           "seed": "cache-ahead",
                           "position": {"turn": 2, "phase": "storm",
                                        "storm": {"sector": 1,
                                                  "dialers": ["atreides", "richese"]}}}).state
    coming = [d.header for d in decisions(state, "richese")]
    assert "BIDDING" in coming
    assert "BIDDING" not in [d.header for d in decisions(state, "atreides")]
    parsed = GAME.parse(state, "richese", "DIAL 1\nFOR BIDDING\nCACHE ANY ONCE AROUND LEFT "
                                          "FIRST")
    assert not parsed.errors, parsed.errors
    assert [o.prompt for o in parsed.orders] == ["storm-dial:richese", "cache-offer:richese"]
    first = state["decks"]["richese_cache"][0]
    assert parsed.orders[1].value == [first, ONCE_AROUND, "left", FIRST]


def test_001_2_10_21_the_gift_needs_an_ally_with_room_and_no_bid():
    """001 2.10.21: "At any time (other than during a bid) ... if their hand is not full": the
    gift is offered with a Richese card in hand and an ally whose hand has room, never in the
    bidding round (its mail rounds are bids)."""
    from pbem.games.dune import factions
    from pbem.games.dune.factions import richese_cache as cache

    state = new({})
    state["phase"] = "storm"
    state["factions"]["richese"]["hand"] = ["Ornithopter"]
    power = factions.power("richese", state)
    asked = ["storm-dial:richese"]
    assert cache.gift_key("richese") not in power.standing_keys(state, asked)   # no ally
    state["alliances"] = [["atreides", "richese"]]
    assert cache.gift_key("richese") in power.standing_keys(state, asked)
    state["factions"]["atreides"]["hand"] = ["Shield #1", "Shield #2", "Lasgun", "Chaumas"]
    assert cache.gift_key("richese") not in power.standing_keys(state, asked)   # full
    state["factions"]["atreides"]["hand"] = []
    state["phase"] = "bidding"
    assert cache.gift_key("richese") not in power.standing_keys(state, asked)


def test_001_2_10_20_the_ally_learns_a_no_field_is_lent_not_which():
    """001 2.10.20 with 2.10.10 (the values Richese's alone): the No-Field 0 lent or the
    No-Field 5 lent, every other seat's view, the ally's too, and the ally's movement prompt
    are the same; the ally's prompt offers SHIP NOFIELD TO with no value."""
    from pbem.games.dune.scenario import load_scenario

    def lent(value):
        return load_scenario({
            "game": "dune", "seats": ["atreides", "guild", "richese"], "ruleset": "gf9",
            "options": {"choam_richese": True}, "seed": "lend",
            "position": {"turn": 2, "phase": "movement", "storm": {"sector": 1},
                         "alliances": [["atreides", "richese"]], "forces": {},
                         "factions": {"richese": {"no_field_lent": value}}}}).state

    zero, five = lent("0"), lent("5")
    assert public_view(zero) == public_view(five)
    for seat in ("atreides", "guild"):
        assert seat_view(zero, seat) == seat_view(five, seat)
    prompts = [[p for p in GAME.prompts(state) if p.seat == "atreides"] for state in (zero, five)]
    assert [p.legal for p in prompts[0]] == [p.legal for p in prompts[1]]
    assert any("SHIP NOFIELD TO <territory>" in p.legal for p in prompts[0])


def test_001_2_10_22_b_the_slotted_card_takes_a_dealt_cards_place_in_the_row():
    """001 2.10.22 (B) DISRUPTED SUPPLY CHAIN, the scenario file's game: the row is the card
    Richese set aside, where they put it, then the cards dealt but one, which goes back on top
    of the deck; the other bottom card stays on the bottom."""
    from pathlib import Path

    import yaml

    from pbem.games.dune.scenario.run import run_scenario

    path = (Path(__file__).parent / "scenarios"
            / "gf9_2_10_22_b_disrupted_supply_chain_slots_a_seen_card_into_the_row.yaml")
    state = run_scenario(yaml.safe_load(path.read_text(encoding="utf-8")))["state"]
    deck = state["decks"]["treachery"]
    assert state["step"]["row"] == ["Family Atomics", "Lasgun"]
    assert deck[-1] == "Chaumas" and deck[0] == "La La La"
    assert violations(state) == []
