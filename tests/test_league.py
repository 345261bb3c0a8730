"""Leagues (issue 9, docs/leagues.md): league files, results recorded when a game finishes,
WBC and GF9 standings of a league of bot games, the standings by mail and as HTML, heat draws,
and the GM's DROPOUT (004 line 193) and ADJUDICATE (004 line 137; 001 4.1.10)."""

from __future__ import annotations

import dataclasses
import json

import pytest
import yaml
from click.testing import CliRunner
from installation import Installation
from players import drop, order_mail, text

from pbem.archive import build_archive
from pbem.cli import main
from pbem.definition import create_game, game_definition
from pbem.games.dune.league import gf9 as gf9
from pbem.games.dune.league import wbc as wbc
from pbem.games.dune.league.performance import turn_points
from pbem.league.definition import (
    LeagueFileError,
    league_definition,
    save_league,
)
from pbem.league.draw import draw_heat
from pbem.league.results import result_of
from pbem.league.standings import WIDTH, standings, standings_html, standings_text
from pbem.moderator import run_gm_command
from pbem.record import GameRecord

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim"]
TURNS = 4


def league_data(scoring="wbc", heats=(), **more):
    players = [{"name": n, **({"address": f"{n.lower()}@players.test"} if n in ("Ann", "Bob")
                              else {})} for n in NAMES]
    return {"id": "winter", "title": "Winter <league>", "scoring": scoring,
            "players": players, "heats": list(heats), **more}


def bot_game(site: Installation, game_id: str, seats: dict[str, str], turns: int = TURNS,
             human: str | None = None):
    """A WBC game whose seats bots play (``human``: that seat has a player's address)."""
    definition = game_definition({
        "id": game_id, "game": "dune", "ruleset": "wbc", "seed": game_id,
        "options": {"turns": turns},
        "seats": [{"seat": seat, "address": f"{name.lower()}@players.test"} if seat == human
                  else {"seat": seat, "bot": "basic"} for seat, name in seats.items()]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()


@pytest.fixture(scope="module")
def league_site(tmp_path_factory):
    """A league of two heat games of bots, 6 and 5 players, drawn by ``draw_heat`` and played
    to their end by one tick."""
    site = Installation(tmp_path_factory.mktemp("league"))
    league = league_definition(league_data())
    tables = draw_heat(league, "heat-1", "fixed")
    heat = {"name": "heat-1", "games": [{"id": t.game_id,
                                         "seats": {seat: p.name for seat, p in t.seats}}
                                        for t in tables]}
    league = league_definition(league_data(heats=[heat]))
    store = site.moderator().store
    with store.atomic():
        save_league(store, league, site.clock())
    for table in tables:
        bot_game(site, table.game_id, {seat: p.name for seat, p in table.seats})
    summary = site.moderator().tick()
    assert not summary.errors
    return site, league


def test_a_league_file_has_every_fault_named():
    data = league_data(scoring="elo", heats=[{"name": "h", "games": [
        "g1", {"id": "g1", "seats": {"atreides": "Zed"}}, {"id": "g2", "colour": "red"}]}],
        excused=["Zed"])
    data["players"].append({"name": "Ann"})
    with pytest.raises(LeagueFileError) as error:
        league_definition(data)
    problems = "\n".join(error.value.problems)
    for fault in ("scoring: expected one of wbc, gf9", "'Ann' is listed twice",
                  "excused: 'Zed' is not a player", "heats[0].games[1]: game 'g1' is listed twice",
                  "heats[0].games[1].seats.atreides: 'Zed' is not a player",
                  "heats[0].games[2].colour: unknown key"):
        assert fault in problems


def test_004_line_111_a_heat_draw_is_5_and_6_player_tables_with_factions_drawn_by_seed():
    league = league_definition(league_data())
    tables = draw_heat(league, "heat-1", "fixed")
    assert [len(t.seats) for t in tables] == [6, 5]
    assert sorted(p.name for t in tables for _, p in t.seats) == sorted(NAMES)
    assert all(len({seat for seat, _ in t.seats}) == len(t.seats) for t in tables)
    assert draw_heat(league, "heat-1", "fixed") == tables
    assert draw_heat(league, "heat-1", "other") != tables
    game = tables[0].game_file(league, "heat-1", False, "fixed")
    assert game_definition(game).options == {"turns": 10}                      # 004 line 134
    assert tables[1].game_file(league, "final", True, "fixed")["options"] == {"turns": 15}


def test_every_finished_game_records_its_result_with_each_turn_end(league_site):
    site, league = league_site
    store = site.moderator().store
    for _, game in league.games:
        assert GameRecord.load(store, game.id).finished
        row = store.one("select * from results where game_id = ?", (game.id,))
        result = json.loads(row["result"])
        assert result["turn"] == len(result["turns"]) <= TURNS
        assert [t["turn"] for t in result["turns"]] == list(range(1, result["turn"] + 1))
        assert set(result["win_attempts"]) == set(result["seats"])
        assert result["players"] == len(game.seats)
        assert result["winners"] == [s for p in result["parties"] for s in p]


def test_004_wbc_standings_of_a_league_of_bot_games_add_up(league_site):
    """Each seat's QPs are the 004 table's for its game's result, each player's total and best
    PP are his games', and the table is in QP order, ties by best PP (004 line 143)."""
    site, league = league_site
    store = site.moderator().store
    with store.atomic():
        table = standings(store, league, site.clock())
    assert table.finished == 2
    for game in table.games:
        for seat in game.seats:
            assert seat.points == wbc.qualification_points(game.result, seat.seat)
    by_player = {s.player: s for g in table.games for s in g.seats}
    assert [r.player for r in table.rows] == sorted(
        NAMES, key=lambda n: (-by_player[n].points, -by_player[n].pp, n))
    assert [r.best for r in table.rows] == ["final"] * 6 + [f"alternate {n}" for n in (1, 2, 3,
                                                                                     4, 5)]
    assert {faction for faction, *_ in table.awards} == {s for g in table.games for s in
                                                         (x.seat for x in g.seats)}
    printed = standings_text(table)
    assert max(map(len, printed.splitlines())) <= WIDTH
    assert all(name in printed for name in NAMES)


def test_the_standings_are_mailed_to_the_league_players_after_each_finished_game(league_site):
    site, _ = league_site
    for address in ("ann@players.test", "bob@players.test"):
        mails = [m for m in site.sent(address) if "Standings" in str(m["Subject"])]
        assert len(mails) == 2
        assert "is over: the standings now" in text(mails[0])
        assert "Winter <league>: standings" in text(mails[-1])


def test_001_4_1_gf9_standings_of_the_same_games(league_site):
    site, league = league_site
    gf9_league = dataclasses.replace(league, scoring="gf9")
    store = site.moderator().store
    with store.atomic():
        table = standings(store, gf9_league, site.clock())
    for game in table.games:
        for seat in game.seats:
            assert seat.points == gf9.points(game.result, seat.seat)
            assert seat.score == gf9.game_score(game.result, seat.seat)
    assert [r.points for r in table.rows] == sorted((r.points for r in table.rows), reverse=True)
    assert "GF9 tournament points" in standings_text(table)


def test_the_standings_page_escapes_what_it_shows(league_site):
    site, league = league_site
    store = site.moderator().store
    with store.atomic():
        page = standings_html(standings(store, league, site.clock()))
    assert "<h1>Winter &lt;league&gt;: standings</h1>" in page
    assert "<league>" not in page and page.count("<tr>") >= len(NAMES)


def test_pbem_league_new_standings_and_draw(league_site, tmp_path):
    site, _ = league_site
    path = tmp_path / "league.yaml"
    path.write_text(yaml.safe_dump(league_data(id="spring")), encoding="utf-8")
    runner = CliRunner()
    config = ["--config", str(site.config_path)]
    done = runner.invoke(main, [*config, "league", "new", str(path)], obj=site.clock)
    assert done.exit_code == 0 and "league spring: stored, 11 players" in done.output
    done = runner.invoke(main, [*config, "league", "standings", "winter", "--html",
                                str(tmp_path / "s.html")], obj=site.clock)
    assert done.exit_code == 0, done.output
    assert "Winter <league>: standings" in done.output
    assert "<table" in (tmp_path / "s.html").read_text()
    draw = [*config, "league", "draw", "spring", "heat-1", "--seed", "s", "--out",
            str(tmp_path / "games")]
    first = runner.invoke(main, draw, obj=site.clock).output
    assert runner.invoke(main, draw, obj=site.clock).output == first
    assert len(list((tmp_path / "games").glob("*.yaml"))) == 2
    assert "add to the league file under heats:" in first
    done = runner.invoke(main, [*config, "league", "standings", "autumn"], obj=site.clock)
    assert done.exit_code != 0 and "no league 'autumn'" in done.output


def test_a_player_and_the_gm_ask_for_the_standings_by_mail(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    league = league_definition({"id": "auctions", "players": [
        {"name": "North", "address": "north@players.test"}],
        "heats": [{"name": "round-1", "games": ["auction-1"]}]})
    store = site.moderator().store
    with store.atomic():
        save_league(store, league, site.clock())
    drop(site.inbox, order_mail("north@players.test",
                                f"SECRET {site.secret('north')}\nSTANDINGS"))
    site.moderator().tick()
    mails = [m for m in site.sent("north@players.test") if "Standings" in str(m["Subject"])]
    assert len(mails) == 1 and "auction-1" in text(mails[0])
    assert not [m for m in site.sent("east@players.test") if "Standings" in str(m["Subject"])]
    moderator = site.moderator()
    assert run_gm_command(moderator, "auction-1", "STANDINGS") == [
        "The standings of league auctions were mailed to 1 player."]
    moderator.send_outbox()
    assert len([m for m in site.sent("north@players.test")
                if "Standings" in str(m["Subject"])]) == 2


def test_004_line_193_a_dropout_by_gm_command_the_game_goes_on_and_the_player_is_out(tmp_path):
    site = Installation(tmp_path)
    seats = dict(zip(["atreides", "bene-gesserit", "emperor", "fremen", "guild"], NAMES,
                     strict=False))
    bot_game(site, "drop-1", seats)
    league = league_definition(league_data(heats=[{"name": "heat-1", "games": [
        {"id": "drop-1", "seats": seats}]}]))
    moderator = site.moderator()
    with moderator.store.atomic():
        save_league(moderator.store, league, site.clock())
    answers = run_gm_command(moderator, "drop-1", "DROPOUT guild -- had to leave")
    assert "guild has dropped out" in answers[0]
    record = GameRecord.load(moderator.store, "drop-1")
    assert record.state["dropouts"] == ["guild"] and record.seat("guild")["disorder"] == "dropout"
    assert record.replay(moderator.store) == record.state
    assert not site.moderator().tick().errors
    record = GameRecord.load(moderator.store, "drop-1")
    assert record.finished and "guild" not in record.result()["winners"]
    with moderator.store.atomic():
        table = standings(moderator.store, league, site.clock())
        result = result_of(moderator.store, "drop-1", site.clock())
    assert result["dropouts"] == ["guild"] and result["players"] == 5
    assert table.disqualified == ["Eve"]
    assert next(r for r in table.rows if r.player == "Eve").best == "disqualified"
    assert "Eve" not in {player for _, player, _, _ in table.awards}       # 004 line 191
    draw = ["--config", str(site.config_path), "league", "draw", "winter", "heat-2", "--seed",
            "s", "--out", str(tmp_path / "games")]
    refused = CliRunner().invoke(main, [*draw, "--player", "Eve", "--player", "Ann"],
                                 obj=site.clock)
    assert refused.exit_code != 0 and "disqualified (dropped out): Eve" in refused.output
    drawn = CliRunner().invoke(main, draw, obj=site.clock)
    assert drawn.exit_code == 0 and " Eve" not in drawn.output and " Ann" in drawn.output


def test_004_line_137_the_gm_adjudicates_a_stopped_heat_by_normalised_pp(tmp_path):
    site = Installation(tmp_path)
    seats = dict(zip(["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"],
                     NAMES, strict=False))
    bot_game(site, "adj-1", seats, turns=6, human="atreides")
    moderator = site.moderator()
    assert not moderator.tick().errors
    store = moderator.store
    events, third = [], None
    while third is None or len(events) == third:    # the game goes on past turn 3
        run_gm_command(moderator, "adj-1", "RESOLVE the atreides player is away")
        events = [json.loads(row["events"]) for row in store.decisions("adj-1")]
        third = next((n for n, step in enumerate(events, start=1)
                      if any(e["code"] == "strongholds-held" and e["data"]["turn"] == 3
                             for e in step)), None)
    assert not GameRecord.load(store, "adj-1").finished
    turns = [{"turn": e["data"]["turn"], "held": e["data"]["held"]}
             for step in events[:third] for e in step if e["code"] == "strongholds-held"]
    totals = {seat: sum(turn_points(t, "wbc")[seat] for t in turns) for seat in seats}
    best = max(totals, key=totals.get)
    assert sorted(totals.values())[-2] < totals[best], totals      # no tie with this seed
    run_gm_command(moderator, "adj-1", f"ROLLBACK {third + 1} time is up after turn 3")
    answers = run_gm_command(moderator, "adj-1", "ADJUDICATE wbc -- the heat's time is up")
    assert "by adjudication" in answers[0]
    with store.atomic():
        result = result_of(store, "adj-1", site.clock())
    assert result["victory"] == "adjudication" and len(result["turns"]) == 3
    assert best in result["winners"]
    assert result["winners"] == next((a for a in result["alliances"] if best in a), [best])
    assert wbc.qualification_points(result, best) == {1: 5, 2: 2, 3: 1}[len(result["winners"])]


def test_the_archive_site_links_each_league_s_standings_page(league_site, tmp_path):
    site, _ = league_site
    build_archive(site.moderator().store, tmp_path / "site", site.clock())
    index = (tmp_path / "site" / "index.html").read_text()
    assert '<a href="leagues/winter.html">Winter &lt;league&gt;</a>' in index
    page = (tmp_path / "site" / "leagues" / "winter.html").read_text()
    assert '<a href="../index.html">All games</a>' in page
    assert "Winter &lt;league&gt;: standings" in page and "Best Faction" in page


def test_001_4_1_a_gf9_tournament_league_of_bot_games_scores_its_real_victories(tmp_path):
    """A league scored the GF9 way draws GF9 games with the tournament rules (001 4.1.13-20);
    bots play them through the moderator to the end, and the standings score each seat by 001
    4.1.11-12 from the game's own victory: a default victory is the Fremen Challenged Special
    only when won on its conditions (the Fremen's with the Guild in the game, 2.04.10)."""
    site = Installation(tmp_path)
    league = league_definition(league_data(scoring="gf9"))
    tables = draw_heat(league, "heat-1", "gf9")
    heat = {"name": "heat-1", "games": [{"id": t.game_id,
                                         "seats": {seat: p.name for seat, p in t.seats}}
                                        for t in tables]}
    league = league_definition(league_data(scoring="gf9", heats=[heat]))
    store = site.moderator().store
    with store.atomic():
        save_league(store, league, site.clock())
    for table in tables:
        game = table.game_file(league, "heat-1", False, "gf9")
        assert (game["ruleset"], game["options"]) == ("gf9", {"tournament": True})
        game["options"]["turns"] = TURNS
        game["seats"] = [{"seat": seat, "bot": "basic"} for seat, _ in table.seats]
        create_game(store, site.config, game_definition(game), site.clock())
    assert not site.moderator().tick().errors
    with store.atomic():
        table = standings(store, league, site.clock())
    assert table.finished == len(tables)
    for game in table.games:
        result = game.result
        assert result["ruleset"] == "gf9"
        assert GameRecord.load(store, result["game_id"]).state["rules"]["tournament"]
        for seat in game.seats:
            found = gf9.category(result, seat.seat)
            party = next((p for p in result["parties"] if seat.seat in p), None)
            if party is None:
                assert found is None and seat.points == 0
                continue
            size = "solo" if len(party) == 1 else "allied"
            kind = {"strongholds": "stronghold", "alliance": "stronghold",
                    "prediction": None, "most-strongholds": "end-game"}.get(
                result["victory"], "fremen" if result["challenged"] else "default")
            assert found == ("prediction" if kind is None else f"{size}-{kind}")
            assert seat.points == gf9.points(result, seat.seat)
    assert [r.points for r in table.rows] == sorted((r.points for r in table.rows), reverse=True)
