"""The GF9 ruleset's first milestone (issue 19): what its scenario files cannot reach
(``tests/dune/scenarios/gf9_*.yaml`` pin the rest, each citing seed 001)."""

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune import transfers
from pbem.games.dune.phases import victory
from pbem.games.dune.view import public_view
from pbem.selfplay import play_games

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]


def gf9_game(seats=SEATS, seed="gf9"):
    return dune.setup("gf9", {}, list(seats), step_rng(seed, 0))


def test_001_1_09_04_of_several_winners_only_the_first_in_storm_order_wins():
    """001 1.09.04: "only the player or alliance first in Storm Order wins the game".  Five
    strongholds cannot hold two winners in the basic game (3 + 3, or 3 + 4 for an alliance):
    the rule needs a variant's stronghold (4.2) or co-occupation, so it is pinned here on the
    strongholds held, two solo winners at once."""
    state = gf9_game(["atreides", "harkonnen", "emperor"])
    state["turn"], state["storm"]["sector"] = 4, 1
    held = {"atreides": ["Arrakeen", "Sietch Tabr", "Habbanya Ridge Sietch"],
            "harkonnen": ["Carthag", "Tuek's Sietch", "Shield Wall"], "emperor": []}
    order = victory.storm_order(state)
    first = next(seat for seat in order if held[seat])
    result = victory.game_result(state, held)
    assert result is not None and result["winners"] == [first]
    assert result["victory"] == "strongholds"


def test_001_setup_14_reserves_are_in_public_view():
    """001 setup 14: "All Forces in reserves are Put in front of player's respective shield":
    every seat sees every faction's reserve."""
    state = gf9_game()
    view = public_view(state)
    assert {seat: view["factions"][seat]["reserve"] for seat in SEATS} == {
        seat: state["factions"][seat]["reserve"] for seat in SEATS}


def test_001_setup_1_no_deal_or_bribe_before_the_first_storm():
    """001 setup 1 and 1.12.05: no deal or bribe before the first storm.  By mail no deal
    decision rides along in the set-up (``deals.open_to_deals``), so no set-up decision takes
    a GIVE."""
    state = gf9_game()
    for seat in SEATS:
        parsed = dune.parse(state, seat, "GIVE fremen 2")
        assert not parsed.orders and (parsed.errors or parsed.unread), seat


def test_001_1_12_03_a_bribe_is_in_public_view_and_not_the_receivers_until_the_mentat_pause():
    """001 1.12.03: the bribe's spice is "Put in FRONT of the recipient's player shield", and
    collected in the Mentat Pause (1.09.02): the giver's spice goes at once, the receiver's is
    unchanged and every seat sees the bribe; the Mentat Pause adds it."""
    state = gf9_game(["atreides", "harkonnen"])
    before = {seat: state["factions"][seat]["spice"] for seat in ("atreides", "harkonnen")}
    events = transfers.give(state, "harkonnen", [["atreides", 3]])
    assert [e.code for e in events] == ["bribe"] and events[0].to is None
    assert state["factions"]["harkonnen"]["spice"] == before["harkonnen"] - 3
    assert state["factions"]["atreides"]["spice"] == before["atreides"]
    assert public_view(state)["bribes"] == {"atreides": 3}
    victory.begin(state, step_rng("gf9", 1))
    assert state["factions"]["atreides"]["spice"] == before["atreides"] + 3
    assert state["bribes"] == {}


def test_001_2_03_07_the_emperor_gives_his_ally_spice_behind_the_shield_at_once():
    """001 2.03.07: the Emperor "may give spice to your ally at any time for any reason.  Spice
    you give to your ally goes behind their shield": no bribe, no wait (1.10.03.04 names the
    exception)."""
    state = gf9_game(["atreides", "emperor"])
    state["alliances"] = [["atreides", "emperor"]]
    before = state["factions"]["atreides"]["spice"]
    events = transfers.give(state, "emperor", [["atreides", 2]])
    assert [e.code for e in events] == ["spice-given"]
    assert state["factions"]["atreides"]["spice"] == before + 2 and state["bribes"] == {}


def test_gf9_games_play_to_a_result_with_every_invariant_checked(tmp_path):
    """``pbem selfplay --ruleset gf9``: the bots play the nine phases to the end, the state
    checked after every step (001 1.01-1.09)."""
    summary = play_games(dune, "gf9", {"turns": 3}, 4, "gf9-short", out=tmp_path)
    assert summary.violations == [] and summary.games == 4
    assert not list(tmp_path.iterdir())
