"""A faction that exists only in a data overlay seats, sets up and plays (issue 29, seam 1:
"the ruleset's data rules everywhere").  ``overlay_faction/`` adds House Vernius, a seventh
faction no ruleset has, by name, with its five leaders and no module of its own: step 1 of
docs/architecture.md's recipe "adding a faction", nothing more.  A test ruleset over classic
(and one over GF9) merges it; the game then asks that ruleset's data for its seats, sheets,
leaders, traitor deck, map marker and faction name, never the classic data."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from installation import Installation, player
from players import drop, order_mail

from pbem import selfplay
from pbem.definition import GameFileError, create_game, game_definition
from pbem.game import Event, step_rng
from pbem.games import dune
from pbem.games.dune import factions
from pbem.games.dune.board.board_map import board_svg
from pbem.games.dune.forces import all_of
from pbem.games.dune.rules import GF9, RULESETS, Classic
from pbem.games.dune.state import data
from pbem.games.dune.view import public_view
from pbem.templating import render

OVERLAY = Path(__file__).parent / "overlay_faction"
VERNIUS = "vernius"
OTHERS = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]


@dataclass(frozen=True)
class ClassicVernius(Classic):
    """The classic rules, House Vernius added by the test overlay."""

    ruleset: str = "classic-vernius"
    data_layers: ClassVar[tuple[str, ...]] = ("classic", str(OVERLAY))


@dataclass(frozen=True)
class GF9Vernius(GF9):
    """The GF9 rules, House Vernius added by the test overlay."""

    ruleset: str = "gf9-vernius"
    data_layers: ClassVar[tuple[str, ...]] = ("classic", "gf9", str(OVERLAY))


@pytest.fixture(autouse=True)
def rulesets(monkeypatch):
    """The two test rulesets registered for the test (a ruleset is found by name, and the
    moderator asks the game which it has)."""
    for rules in (ClassicVernius, GF9Vernius):
        monkeypatch.setitem(RULESETS, rules.ruleset, rules)
    monkeypatch.setattr(dune, "rulesets", tuple(RULESETS))


@pytest.mark.parametrize("ruleset", ["classic-vernius", "gf9-vernius"])
def test_the_seats_a_game_may_have_are_its_rulesets_data(ruleset):
    """The overlay's faction is a seat of its ruleset's games, never of classic's; a classic
    game still seats 2 to 6 (000 line 115: "A Game for 2 to 6 players"), the board's six player
    dots; a GF9 game all its factions (001 3.06-3.09: games of 9 to 12), the seventh on a dot
    between the printed ones (``Board.seat_dots``)."""
    seating = dune.seating(ruleset, {})
    assert seating.names == (*OTHERS, VERNIUS)
    big = ruleset.startswith("gf9")
    assert (seating.fewest, seating.most) == (2, 7 if big else 6)
    assert VERNIUS not in dune.seating("classic", {}).names
    with pytest.raises(ValueError, match="unknown seat 'vernius'"):
        dune.setup("classic", {}, [VERNIUS, "atreides"], step_rng("v", 0))
    if big:
        state = dune.setup(ruleset, {}, [*OTHERS, VERNIUS], step_rng("v", 0))
        assert len(set(state["dots"].values())) == 7
        return
    with pytest.raises(ValueError, match="a game seats 2 to 6, not 7"):
        dune.setup(ruleset, {}, [*OTHERS, VERNIUS], step_rng("v", 0))


def test_its_sheet_leaders_and_forces_come_from_the_overlay_at_set_up():
    """Set-up reads the game's own data: the faction's spice, its forces on the Polar Sink, its
    five leaders, its card; its leaders are in the traitor draws (000 III.E.2)."""
    seats = [VERNIUS, "atreides", "harkonnen"]
    state = dune.setup("classic-vernius", {}, seats, step_rng("set-up", 0))
    own = state["factions"][VERNIUS]
    assert own["spice"] == 10 and len(own["hand"]) == 1
    assert sorted(own["leaders"]) == sorted(
        leader.name for leader in data(state).leaders_of("House Vernius"))
    assert state["forces"]["Polar Sink"]["0"][VERNIUS] == {"force": 5}
    assert all_of(state, VERNIUS) == {"force": 20}
    assert factions.power(VERNIUS, state).seat == VERNIUS     # no module: no power of its own
    drawn = {name for seat in seats for name in state["factions"][seat]["traitor_draw"]}
    pool = {leader.name for leader in data(state).leaders}
    assert drawn <= pool and "Dominic Vernius" in pool
    assert dune.invariants(state) == []


MIXES = [("classic-vernius", {}, "random", True),
         ("classic-vernius", {"advanced": True, "optional": True}, "basic", False),
         ("gf9-vernius", {}, "basic", True),
         ("gf9-vernius", {"advanced": True}, "random", False)]


@pytest.mark.parametrize(("ruleset", "options", "style", "mail"), [
    pytest.param(*mix, marks=[pytest.mark.whole_game] if index else [])
    for index, mix in enumerate(MIXES)])
def test_bots_play_it_to_the_end_without_a_fault(ruleset, options, style, mail):
    """Self-play seats it with five others (and in seats drawn from the seven): every step
    checked against the invariants and replayed from the log, its orders as mail or as
    values."""
    seated = selfplay.play_games(dune, ruleset, {**options, "turns": 3}, 1, "vernius",
                                 seats=[VERNIUS, *OTHERS[:5]], style=style, mail=mail)
    drawn = selfplay.play_games(dune, ruleset, {**options, "turns": 2}, 3, "drawn",
                                style=style, mail=mail)
    assert seated.violations == [] and drawn.violations == []
    assert seated.games == 1 and drawn.games == 3


def test_its_name_marker_and_events_reach_the_reports_and_the_map():
    """The map marks its forces with its sheet's letter and colour; the events name it by its
    sheet's name (the templates' ``names``, from every ruleset's data)."""
    state = dune.setup("classic-vernius", {}, [VERNIUS, "atreides"], step_rng("map", 0))
    svg = board_svg(public_view(state))
    assert 'data-faction="vernius"' in svg and "#6f3fa0" in svg and ">V 5<" in svg
    text = render("dune", "events.txt.j2", seat=None, events=[
        Event("traitor-chosen", {"faction": VERNIUS})])
    assert "House Vernius have chosen a traitor." in text


def test_a_game_file_may_name_it_only_in_its_ruleset():
    """The moderator asks the game which seats a game file may name (``Game.seating``)."""
    seats = [{"seat": VERNIUS, "address": player(VERNIUS)},
             {"seat": "atreides", "address": player("atreides")}]
    game_definition({"id": "v1", "game": "dune", "ruleset": "gf9-vernius", "seats": seats})
    with pytest.raises(GameFileError) as refused:
        game_definition({"id": "v1", "game": "dune", "ruleset": "gf9", "seats": seats})
    assert refused.value.problems == [
        "seats[0].seat: expected one of atreides, bene-gesserit, emperor, fremen, guild, "
        "harkonnen, got 'vernius'"]


@pytest.mark.whole_game
def test_it_plays_a_game_by_mail_to_its_end(tmp_path):
    """By mail, reports and maps: House Vernius and the Atreides answer their mail, the
    Harkonnen are a bot; every mail is accepted and the game ends."""
    site = Installation(tmp_path)
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition({
        "id": "vernius-1", "game": "dune", "ruleset": "gf9-vernius", "seed": "by-mail",
        "options": {"turns": 1}, "auth": "address",
        "seats": [{"seat": VERNIUS, "address": player(VERNIUS)},
                  {"seat": "atreides", "address": player("atreides")},
                  {"seat": "harkonnen", "bot": "random"}]}), site.clock())
    moderator.send_outbox()
    rng = random.Random(7)
    for _ in range(200):
        record = site.record("vernius-1")
        if record.finished:
            break
        for seat in (VERNIUS, "atreides"):
            mine = [p for p in record.prompts() if p.seat == seat]
            if mine:
                view = record.rules.view(record.state, seat)
                text = "\n".join(record.rules.bot_order(view, p, rng) for p in mine)
                drop(site.inbox, order_mail(player(seat), text, subject="[vernius-1] orders"))
        summary = site.moderator().tick()
        assert not summary.errors and summary.rejected == 0
    assert site.record("vernius-1").finished
    reports = site.sent(player(VERNIUS))
    assert any("House Vernius" in str(m) for m in reports)
