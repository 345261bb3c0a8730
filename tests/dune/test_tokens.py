"""The token layer (``games/dune/tokens.py``): tokens set up from the ruleset's data, each seat's
view projected by one rule, the invariants, the loader's checks of ``tokens.yaml``, and the
rules' form in a stored game.  The face-down kind is the test overlay's ``probe``
(``tests/dune/overlay/probe/``, ruleset ``gf9-probe``); the tech tokens (001 4.05) are the
real kind."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.game import load_game, step_rng
from pbem.games.dune import tokens, turn
from pbem.games.dune.board.board_map import board_svg
from pbem.games.dune.data import DataError, FaultCode, load
from pbem.games.dune.data.loader import PHASES
from pbem.games.dune.dropout import drop_out
from pbem.games.dune.invariants import violations
from pbem.games.dune.rules import Rules, make_rules
from pbem.games.dune.state import ruleset_data
from pbem.games.dune.view import public_view, seat_view

GAME = load_game("dune")
SIX = list(SEAT_FACTIONS)


def new(ruleset: str, options: dict, seats: list[str] = SIX) -> dict:
    return GAME.setup(ruleset, options, seats, step_rng("tokens", 0))


def probe_game(ruleset: str, on_board: str = "amber") -> dict:
    """A gf9-probe game at its start, ``on_board`` the probe lying face down on the board (the
    other behind the Fremen's shield)."""
    state = new(ruleset, {})
    if on_board != "amber":
        amber, cobalt = tokens.find(state, "probe", "amber"), tokens.find(state, "probe", "cobalt")
        amber["value"], cobalt["value"] = "cobalt", "amber"
    return state


def test_a_game_without_a_kind_of_token_in_play_keeps_no_token_layer():
    for ruleset, options in (("classic", {}), ("wbc", {}), ("gf9", {}),
                             ("gf9", {"advanced": True, "tournament": True})):
        state = new(ruleset, options)
        assert "tokens" not in state
        assert "tokens" not in public_view(state)
        assert violations(state) == []


def test_001_4_05_04_01_the_tech_tokens_start_with_their_default_owners_in_the_game():
    """001 4.05.04.01: the Fremen take Spice Production; the Tleilaxu's and the Ixians' tokens,
    whose owners are not seated (and have no sheets yet), lie aside until dealt."""
    state = new("gf9", {"tech_tokens": True})
    assert state["tokens"] == [
        {"kind": "tech", "value": "axlotl-tanks", "owner": None, "at": "aside", "face": "up"},
        {"kind": "tech", "value": "heighliners", "owner": None, "at": "aside", "face": "up"},
        {"kind": "tech", "value": "spice-production", "owner": "fremen", "at": "front",
         "face": "up"}]
    assert violations(state) == []
    without = new("gf9", {"tech_tokens": True}, ["atreides", "harkonnen"])
    assert {t["owner"] for t in without["tokens"]} == {None}


def test_001_4_05_01_tech_tokens_lie_face_up_for_all_to_see():
    """001 4.05.01: "kept in front of shields for public view": every seat's view, and the
    public's, shows the tokens with their names."""
    state = new("gf9", {"tech_tokens": True})
    public = public_view(state)["tokens"]
    assert [(t["name"], t["owner"], t["at"]) for t in public] == [
        ("Spice Production", "fremen", "front"), ("Axlotl Tanks", None, "aside"),
        ("Heighliners", None, "aside")]
    assert all(seat_view(state, seat)["tokens"] == public for seat in SIX)
    assert all("tokens" not in seat_view(state, seat)["own"] for seat in SIX)


def test_a_face_down_token_shows_its_owner_and_place_and_its_value_to_its_owner_alone(
        probe_ruleset):
    """The one rule: a face-down token's kind, owner, place and face are public, its value
    seen by its owner only (the Fremen, the probes' owner in the overlay)."""
    state = probe_game(probe_ruleset)
    on_board = {"kind": "probe", "what": "probe", "owner": "fremen", "at": "board",
                "territory": "The Great Flat", "sector": 15, "face": "down"}
    behind = {"kind": "probe", "what": "probe", "owner": "fremen", "at": "behind",
              "face": "down"}
    assert public_view(state)["tokens"] == [on_board, behind]
    assert seat_view(state, "fremen")["own"]["tokens"] == [
        {**on_board, "value": "amber", "name": "Amber Probe"},
        {**behind, "value": "cobalt", "name": "Cobalt Probe"}]
    for seat in set(SIX) - {"fremen"}:
        assert "tokens" not in seat_view(state, seat)["own"]
        assert tokens.project(state, seat) == public_view(state)["tokens"]
    assert violations(state) == []


def test_what_others_see_of_face_down_tokens_does_not_depend_on_their_values(probe_ruleset):
    """The same game with the probes' values swapped: every other seat's view and the public
    view are equal, the list's order too; only the owner's differs."""
    one, other = probe_game(probe_ruleset, "amber"), probe_game(probe_ruleset, "cobalt")
    assert one != other
    assert public_view(one) == public_view(other)
    for seat in set(SIX) - {"fremen"}:
        assert seat_view(one, seat) == seat_view(other, seat)
    assert seat_view(one, "fremen") != seat_view(other, "fremen")
    assert board_svg(public_view(one)) == board_svg(public_view(other))


def test_the_map_draws_a_face_down_token_face_down_where_it_lies(probe_ruleset):
    svg = board_svg(public_view(probe_game(probe_ruleset)))
    assert 'data-territory="The Great Flat" data-sector="15" data-face="down"' in svg
    assert "Amber" not in svg and "Cobalt" not in svg
    tech = new("gf9", {"tech_tokens": True})
    assert "In front of the shields" in board_svg(public_view(tech))
    assert "F: Spice Production" in board_svg(public_view(tech))


def test_the_owners_ally_sees_a_face_down_value_only_where_the_kind_says(probe_ruleset):
    state = probe_game(probe_ruleset)
    state["alliances"] = [["fremen", "atreides"]]
    kind = ruleset_data(probe_ruleset).token_kind("probe")
    record = tokens.find(state, "probe", "amber")
    assert "value" not in tokens.seen(record, "atreides", ["fremen"], kind)
    shared = dataclasses.replace(kind, ally_sees=True)
    assert tokens.seen(record, "atreides", ["fremen"], shared)["name"] == "Amber Probe"
    assert "value" not in tokens.seen(record, "emperor", [], shared)


def test_tokens_are_conserved_per_kind_and_each_lies_in_one_place_that_exists(probe_ruleset):
    """The invariants: every token of each kind in play exactly once, none of another kind;
    a board token on a sector of its territory; one before or behind a shield owned by a seat
    of the game; one aside owned by nobody; behind a shield face down; spice on it above 0."""
    state = probe_game(probe_ruleset)
    assert violations(state) == []

    def broken(change) -> list[str]:
        changed = copy.deepcopy(state)
        change(changed)
        return [v for v in violations(changed) if v.startswith("tokens")]
    assert broken(lambda s: s["tokens"].pop()) == [
        "tokens: missing [('probe', 'cobalt')] (conserved per kind)"]
    assert broken(lambda s: s["tokens"].append(dict(s["tokens"][0]))) == [
        "tokens: extra [('probe', 'amber')] (conserved per kind)"]
    assert broken(lambda s: s.pop("tokens")) == [
        "tokens: kinds in play but no tokens in the state"]
    assert broken(lambda s: s["tokens"][0].update(sector=3)) == [
        "tokens: probe amber: on the board at 'The Great Flat' sector 3, not a place"]
    assert broken(lambda s: s["tokens"][1].update(owner="tleilaxu")) == [
        "tokens: probe cobalt: behind the shield of 'tleilaxu', not a seat of the game"]
    assert broken(lambda s: tokens.place(s["tokens"][1], "fremen", tokens.ASIDE)) == [
        "tokens: probe cobalt: aside, yet owned by fremen"]
    assert broken(lambda s: tokens.turn(s["tokens"][1], tokens.UP)) == [
        "tokens: probe cobalt: behind a shield face up"]
    assert broken(lambda s: s["tokens"][0].update(spice=0)) == [
        "tokens: probe amber: spice 0 on it"]
    assert broken(lambda s: s["tokens"][1].update(territory="Arrakeen")) == [
        "tokens: probe cobalt: behind, yet with a territory or sector"]


def test_a_faction_leaving_the_game_leaves_its_tokens_out_of_play():
    """004 line 193: "All of the player's tokens ... will be removed from the game": aside,
    with nobody, the spice on them to the bank."""
    state = new("gf9", {"tech_tokens": True})
    tokens.find(state, "tech", "spice-production")["spice"] = 1
    after, _ = drop_out(state, "fremen")
    assert tokens.find(after, "tech", "spice-production") == {
        "kind": "tech", "value": "spice-production", "owner": None, "at": "aside", "face": "up"}
    assert violations(after) == []


def test_an_option_added_later_stays_out_of_the_stored_rules_while_off():
    """``Rules.to_json`` leaves out ``tech_tokens`` unless it is on: a GF9 game without it keeps
    the form stored games have (``benchmarks/same_games.py``), and reads back the same."""
    off, on = make_rules("gf9", {}), make_rules("gf9", {"tech_tokens": True})
    assert "tech_tokens" not in off.to_json() and on.to_json()["tech_tokens"] is True
    assert Rules.from_json(off.to_json()) == off and Rules.from_json(on.to_json()) == on
    assert Rules.from_json(json.loads(json.dumps(on.to_json()))).tech_tokens
    with pytest.raises(ValueError, match="tech_tokens"):
        make_rules("classic", {"tech_tokens": True})


def test_the_phases_a_token_s_income_may_name_are_the_rounds_of_a_turn():
    assert set(PHASES) == set(turn.PHASES) - {"setup"}


def test_the_loader_reports_every_fault_of_tokens_yaml(data_copy):
    """An unknown owner or excluded faction, a board place off the board, an unknown phase or
    act, two tokens of one value, a faction both seated and to come: each a fault."""
    def change(content):
        content["factions_to_come"] = ["Tleilaxu", "Fremen"]
        content["kinds"] = [{"name": "bad", "words": "bad token", "face": "down", "tokens": [
            {"value": "one", "name": "One", "owner": "Atreides", "place": "front"},
            {"value": "one", "name": "Two", "owner": "Tleilaxu", "place": "board",
             "territory": "Arrakeen", "sector": 10},
            {"value": "two", "name": "Four", "owner": "Sardaukar", "place": "board",
             "territory": "Arrakeen", "sector": 3},
            {"value": "three", "name": "Three", "place": "aside",
             "income": {"phase": "teatime", "act": "napping", "excluded": "Ixians"}}]}]
    data_copy.edit("tokens.yaml", change)
    with pytest.raises(DataError) as error:
        load(data_copy.path)
    codes = sorted(fault.code for fault in error.value.faults)
    assert codes == sorted([FaultCode.BAD_VALUE, FaultCode.UNKNOWN_FACTION,
                            FaultCode.SECTOR_RANGE, FaultCode.BAD_VALUE, FaultCode.BAD_VALUE,
                            FaultCode.UNKNOWN_FACTION, FaultCode.DUPLICATE_NAME])
    text = str(error.value)
    for words in ("'Fremen' has its sheet", "no faction 'Sardaukar'", "sector 3 is not one of",
                  "'teatime' is not one of", "'napping' is not one of", "no faction 'Ixians'",
                  "value 'one' given to 2 tokens"):
        assert words in text, words


def test_the_gf9_data_has_the_three_tech_tokens_with_their_faces():
    """001 4.05.04.01, 4.05.05.02-04, 4.05.06: each token, its default owner, its phase and
    the faction that does not earn its income alone."""
    kind = ruleset_data("gf9").token_kind("tech")
    assert (kind.option, kind.face, kind.ally_sees) == ("tech_tokens", "up", False)
    assert [(t.name, t.owner, t.income.phase, t.income.act, t.income.excluded)
            for t in kind.tokens] == [
        ("Axlotl Tanks", "Tleilaxu", "revival", "free_revival", "Tleilaxu"),
        ("Heighliners", "Ixians", "movement", "off_planet_shipment", "Spacing Guild"),
        ("Spice Production", "Fremen", "charity", "charity", "Bene Gesserit")]
    assert ruleset_data("classic").tokens == () and ruleset_data("wbc").tokens == ()
