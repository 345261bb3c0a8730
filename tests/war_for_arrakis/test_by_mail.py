"""War for Arrakis played through the moderator by mail (issue 36): two players, the 3-4
players mode in teams, a player commanding both powers of a faction, and the Mahdi solo
mode, each to its end; the reports, the map, orders ahead, the record and the archive."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from installation import Installation
from players import drop, order_mail, text
from wfa_leaks import assert_no_leaks
from wfa_mail import GAME, WFA, address, answer_all, new_game, play_by_mail, record

import pbem.commands  # noqa: F401  (registers the players' commands)
from pbem.archive import build_archive, game_file
from pbem.cli import main
from pbem.commands.registry import PLAYER_COMMANDS
from pbem.definition import GameFileError, game_definition
from pbem.games.war_for_arrakis.orders.decisions import DECISION_KINDS

TWO = ["atreides", "harkonnen"]
FOUR = ["house-atreides", "fremen", "house-harkonnen", "corrino"]


def test_no_order_word_is_a_moderator_command():
    """A plan's line must reach the game: a verb the moderator reads as its own command
    (PRESS, WAIT, ...) would be taken from the plan."""
    verbs = {verb for kind in DECISION_KINDS for verb in kind.verbs}
    assert not verbs & (set(PLAYER_COMMANDS) | {"GAME", "SEAT", "SECRET", "PASSWORD"})


def test_002_two_players_by_mail_to_the_end_with_the_map_the_record_and_the_archive(tmp_path):
    """002 OVERVIEW and PHASES: rounds of vehicles, the roll, actions, hazards, harvest and the
    End of the Round, by mail until the game ends; every report of a new round brings the
    map; the record verifies and the archive keeps the map of each round."""
    site = Installation(tmp_path, maps=True)
    new_game(site, TWO, options={"rounds": 3})
    marks = play_by_mail(site)
    final = record(site)
    assert final.finished and final.state["result"]["victory"] in ("rounds", "supremacy",
                                                                   "prescience")
    assert assert_no_leaks(site, GAME, marks) > len(marks)
    for seat in TWO:
        mails = site.sent(address(seat))
        reports = [m for m in mails if "Round" in str(m["Subject"])]
        with_map = [m for m in reports
                    if any(p.get_content_type() == "image/png" for p in m.walk())]
        assert reports and with_map
        assert "== Arrakis: round" in text(reports[-1])
        assert f"== Yours (the {seat.title()}), secret ==" in text(reports[-1])
    moderator = site.moderator()
    data = game_file(moderator.store, final)
    path = tmp_path / f"{GAME}.json"
    path.write_text(json.dumps(data))
    build_archive(moderator.store, tmp_path / "site", site.clock())
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    folder = CliRunner().invoke(main, ["verify", str(tmp_path / "site" / GAME)])
    assert folder.exit_code == 0, folder.output
    maps = list((tmp_path / "site" / GAME).rglob("*.svg"))
    assert maps and "North-East" in maps[0].read_text()


@pytest.mark.whole_game
@pytest.mark.parametrize(("seats", "ruleset", "seed", "style", "options"), [
    (TWO, "standard", "whole-1", "basic", {}), (TWO, "standard", "whole-2", "random", {}),
    (FOUR, "standard", "whole-3", "basic", {}),
    (["atreides"], "mahdi", "whole-5", "basic", {}),
    (["atreides"], "mahdi", "whole-6", "random", {}),
    (TWO, "standard", "whole-7", "basic", {"old_man": True})])
def test_002_victory_whole_games_by_mail_every_mail_checked_for_secrets(tmp_path, seats,
                                                                       ruleset, seed, style,
                                                                       options):
    """002 VICTORY: two players, four in teams and the Mahdi solo mode, and two players with
    the Old Man of the Desert (002 OLD MAN OF THE DESERT (OPTIONAL)), no round limit, by mail
    to a victory; every mail each player received checked against the state of the step it
    was written in (``wfa_leaks``)."""
    site = Installation(tmp_path, maps=False)
    new_game(site, seats, ruleset=ruleset, seed=seed, options=options)
    marks = play_by_mail(site, seed=seed, style=style)
    final = record(site)
    assert final.state["result"]["victory"] in ("supremacy", "prescience")
    assert assert_no_leaks(site, GAME, marks) > len(marks)
    if options:
        mails = " ".join(text(m) for m in site.sent(address("harkonnen")))
        for happened in ("the Old Man of the Desert rises", "The Old Man of the Desert "
                         "leaves the board"):
            assert happened in " ".join(mails.split()), happened


def test_002_3_4_players_mode_four_players_in_teams_by_mail(tmp_path):
    """002 3-4 PLAYERS MODE: each faction shared by two players, each with a dashboard, a
    Planning deck and a hand of their own; their partner's hand is never in their mail."""
    site = Installation(tmp_path, maps=False)
    new_game(site, FOUR, options={"rounds": 2})
    marks = play_by_mail(site)
    final = record(site)
    assert final.finished
    assert assert_no_leaks(site, GAME, marks) > len(marks)
    for seat, partner in (("house-atreides", "fremen"), ("fremen", "house-atreides"),
                          ("house-harkonnen", "corrino"), ("corrino", "house-harkonnen")):
        mails = [text(m) for m in site.sent(address(seat))]
        assert any("== Yours (" in m for m in mails)
        assert not any(f"report for {partner}" in m for m in mails)


def test_002_3_players_mode_one_player_commands_both_atreides_powers(tmp_path):
    """A player may command both powers of a shared faction (``Commanders``): the Fremen's
    mail goes to the House Atreides player, named by its seat, and the player answers for
    it."""
    site = Installation(tmp_path, maps=False)
    new_game(site, ["house-atreides", "fremen", "harkonnen"], options={"rounds": 1},
             commanded={"fremen": "house-atreides"})
    welcomes = [str(m["Subject"]) for m in site.sent(address("house-atreides"))]
    assert f"[{GAME}] fremen: Welcome" in welcomes
    assert not site.sent(address("fremen"))
    marks = play_by_mail(site)
    assert record(site).finished
    assert assert_no_leaks(site, GAME, marks) > len(marks)
    assert WFA.commanders(record(site).state) == {"fremen": "house-atreides"}


def test_002_mahdi_solo_mode_by_mail_replays_from_its_seed(tmp_path):
    """002 MAHDI SOLO MODE: one player, the Harkonnen played by the rules inside ``apply``;
    the game replays from its seed and its decisions to the same state."""
    site = Installation(tmp_path, maps=False)
    new_game(site, ["atreides"], ruleset="mahdi", options={"rounds": 3})
    marks = play_by_mail(site)
    final = record(site)
    assert final.finished
    assert assert_no_leaks(site, GAME, marks) > len(marks)
    assert final.replay(site.moderator().store) == final.state
    assert not site.sent(address("harkonnen"))


@pytest.mark.parametrize("style", ["random", "basic"])
def test_a_bot_seat_plays_the_harkonnen_from_the_start_to_the_end(tmp_path, style):
    """``bot: basic`` (or ``random``) in the game file: the Harkonnen are played by the
    game's bot through the same order text as a player's, never mailed; the Atreides play
    by mail to the game's end."""
    site = Installation(tmp_path, maps=False)
    new_game(site, TWO, options={"rounds": 2}, bots={"harkonnen": style})
    marks = play_by_mail(site)
    final = record(site)
    assert final.finished
    assert final.seat("harkonnen")["disorder"] == ("bot" if style == "random"
                                                   else f"bot:{style}")
    assert site.sent(address("atreides")) and not site.sent(address("harkonnen"))
    assert assert_no_leaks(site, GAME, marks) > len(marks)
    assert any(prompt.startswith("r1.plan.harkonnen") for row in
               site.moderator().store.decisions(GAME) for prompt in json.loads(row["orders"]))


def test_orders_ahead_the_harkonnen_spice_sent_with_the_plan_is_filed_unasked(tmp_path):
    """docs/orders.md, "War for Arrakis": the Harkonnen send their spice for the round with
    their plan (``FOR HARVEST``): when the Spice Harvesting opens, nobody asks them."""
    site = Installation(tmp_path, maps=False)
    new_game(site, TWO, options={"rounds": 2})
    rng = random.Random(3)
    for _ in range(20):
        current = record(site)
        if current.state["phase"] == "actions":
            break
        answer_all(site, rng)
        site.moderator().tick()
    assert [p.kind for p in record(site).prompts()] == ["plan", "plan"]
    plan = record(site).prompts()[1].template
    drop(site.inbox, order_mail(address("harkonnen"), f"{plan}\nFOR HARVEST\nKEEP CHOAM GUILD"
                                "\nELSE\nRESERVE", subject=f"[{GAME}] orders"))
    site.moderator().tick()
    answer = text(site.sent(address("harkonnen"))[-1])
    assert "KEEP CHOAM" in answer
    for _ in range(20):
        current = record(site)
        if current.state["round"] == 2:
            break
        answer_all(site, rng, who=["atreides"])
        if any(p.seat == "harkonnen" for p in current.prompts()):
            assert all(p.kind != "harvest" for p in current.prompts())
            answer_all(site, rng, who=["harkonnen"])
        site.moderator().tick()
    decisions = site.moderator().store.decisions(GAME)
    filed = [json.loads(row["orders"]) for row in decisions if row["orders"]]
    assert any(orders.get("r1.harvest", {}).get("spends", [None])[0] == "keep:choam"
               for orders in filed if isinstance(orders, dict))


@pytest.mark.parametrize("bad", ["FOR SPICE\nKEEP CHOAM", "FOR HARVEST\nSTRATEGY MOVE"])
def test_a_bad_line_for_a_decision_to_come_is_refused_quoting_it(tmp_path, bad):
    site = Installation(tmp_path, maps=False)
    new_game(site, TWO, options={"rounds": 1})
    drop(site.inbox, order_mail(address("harkonnen"), bad, subject=f"[{GAME}] orders"))
    site.moderator().tick()
    answer = text(site.sent(address("harkonnen"))[-1])
    assert bad.splitlines()[0] in answer or bad.splitlines()[1] in answer


@pytest.mark.parametrize(("args", "seats", "first"), [
    ([], 2, "atreides"), (["--seats", "4"], 4, "house-atreides"),
    (["--ruleset", "mahdi", "--seats", "1"], 1, "atreides")])
def test_pbem_demo_plays_war_for_arrakis_by_mail(tmp_path, args, seats, first):
    """``pbem demo --game war_for_arrakis``: two players, four in teams, or the solo mode, two
    rounds by mail with the map."""
    from installation import Clock

    root = tmp_path / "demo"
    result = CliRunner().invoke(main, ["demo", "--dir", str(root), "--game", "war_for_arrakis",
                                       "--turns", "2", *args], obj=Clock())
    assert result.exit_code == 0, result.output
    assert f"demo: game war-for-arrakis-demo with {seats} scripted players" in result.output
    assert "demo: war-for-arrakis-demo: Game over" in result.output
    mails = (root / "mail" / "read" / f"{first}.txt").read_text()
    assert "== Arrakis: round 1" in mails and "Subject: [war-for-arrakis-demo] Welcome" in mails


def test_demo_refuses_a_ruleset_war_for_arrakis_does_not_have(tmp_path):
    result = CliRunner().invoke(main, ["demo", "--dir", str(tmp_path / "demo"), "--game",
                                       "war_for_arrakis", "--ruleset", "wbc"])
    assert result.exit_code != 0 and "war_for_arrakis has rulesets standard, mahdi" in (
        result.output)


@pytest.mark.parametrize("disorder", ["defaults", "bot"])
def test_a_silent_seat_is_played_by_its_defaults_or_a_bot_after_its_deadlines(tmp_path,
                                                                                 disorder):
    """docs/game-files.md, deadlines and civil disorder: the Harkonnen never write; each
    deadline passes, their decisions take their defaults (a plan passing every die) or a
    bot's orders, and the game goes on to its end."""
    site = Installation(tmp_path, maps=False)
    new_game(site, TWO, options={"rounds": 2}, civil_disorder=disorder,
             deadlines={"hours": 24, "reminder_hours": 6, "grace_hours": 0})
    rng = random.Random(5)
    for _ in range(80):
        if record(site).finished:
            break
        answer_all(site, rng, who=["atreides"])
        site.cron(hours=6)
    assert record(site).finished
    subjects = [str(m["Subject"]) for m in site.sent(address("harkonnen"))]
    assert "[arrakis-1] Reminder: your orders are due" in subjects
    store = site.moderator().store
    defaulted = [json.loads(row["defaulted"]) for row in store.all(
        "select defaulted from decisions where game_id = ? order by step", (GAME,))]
    assert ["r1.vehicles"] in defaulted and ["r1.plan.harkonnen.0"] in defaulted
    (seat,) = store.all("select disorder from seats where game_id = ? and seat = ?",
                        (GAME, "harkonnen"))
    assert seat["disorder"] == disorder
    if disorder == "bot":              # from then on a bot answers: nothing more defaulted
        assert ["r2.vehicles"] not in defaulted


@pytest.mark.parametrize(("ruleset", "seats"), [
    ("standard", ["fremen", "harkonnen"]), ("standard", ["atreides", "fremen", "harkonnen"]),
    ("mahdi", ["atreides", "harkonnen"])])
def test_002_3_4_players_mode_a_game_file_seats_a_faction_one_seat_or_its_two_powers(
        ruleset, seats):
    """002 3-4 PLAYERS MODE (a faction one player or two, each with a power) and MAHDI SOLO
    MODE (the Atreides alone): a game file seating anything else is refused when read,
    naming the seatings the game has (``Seating.sets``)."""
    with pytest.raises(GameFileError) as error:
        game_definition({"id": GAME, "game": "war_for_arrakis", "ruleset": ruleset,
                         "seats": [{"seat": s, "address": address(s)} for s in seats]})
    assert any(problem.startswith(f"seats: a game of war_for_arrakis ({ruleset}) seats ")
               for problem in error.value.problems), error.value.problems
