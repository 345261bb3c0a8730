"""The command line: every command documented with an example, and each doing its job."""

from __future__ import annotations

import os
import shutil
import subprocess

import click
import pytest
import yaml
from click.testing import CliRunner
from installation import Clock, Installation, player
from players import drop, order_mail, text

from pbem.cli import main
from pbem.clock import NOW_ENV
from pbem.store import SCHEMA_VERSION, Store


def all_commands(group: click.Group, prefix=()):
    for name, command in group.commands.items():
        yield (*prefix, name), command
        if isinstance(command, click.Group):
            yield from all_commands(command, (*prefix, name))


@pytest.mark.parametrize("path", [path for path, _ in all_commands(main)] + [()],
                         ids=lambda path: " ".join(path) or "pbem")
def test_every_command_has_help_with_an_example(path):
    result = CliRunner().invoke(main, [*path, "--help"])
    assert result.exit_code == 0
    assert "Example" in result.output, f"pbem {' '.join(path)} --help has no example"


def run(site, *args, **kwargs):
    """The command line in this process, on the installation's clock."""
    return CliRunner().invoke(main, ["--config", str(site.config_path), *args],
                              obj=site.clock, **kwargs)


def game_file(tmp_path, **changes):
    data = {"id": "auction-7", "game": "auction", "options": {"lots": 1},
            "seats": [{"seat": "north", "address": player("north")},
                      {"seat": "south", "address": player("south"), "secret": "known-secret",
                       "timezone": "Asia/Tokyo"}]}
    data.update(changes)
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_init_creates_the_database_and_the_maildirs(tmp_path):
    site = Installation(tmp_path)
    result = run(site, "init")
    assert result.exit_code == 0, result.output
    assert (site.inbox / "new").is_dir() and (site.outbox / "cur").is_dir()
    assert Store(site.config.database).version == SCHEMA_VERSION


def test_game_new_mails_the_welcomes_and_status_shows_who_has_ordered(tmp_path):
    site = Installation(tmp_path)
    result = run(site, "game", "new", str(game_file(tmp_path)))
    assert result.exit_code == 0, result.output
    assert "game auction-7: auction (standard), 2 seats" in result.output
    assert "3 welcome mails sent" in result.output          # two seats and the GM
    (gm_welcome,) = site.sent("gm@pbem.test")
    assert "The GM secret of this game is:" in text(gm_welcome)
    assert [m["Subject"] for m in site.sent(player("south"))] == ["[auction-7] Welcome"]
    assert "Your secret is: known-secret" in text(site.sent(player("south"))[0])
    drop(site.inbox, order_mail(player("south"), "SECRET known-secret\nBID 4",
                                subject="[auction-7] bid"))
    assert run(site, "tick").exit_code == 0
    status = run(site, "status", "auction-7").output
    assert "waiting for north" in status
    assert "north" in status and "0/1 orders in" in status
    assert "south" in status and "1/1 orders in" in status
    assert "BID 4" not in status
    assert "auction-7: auction/standard active" in run(site, "status").output


def test_a_bad_game_file_gets_every_fault_named(tmp_path):
    site = Installation(tmp_path)
    path = game_file(tmp_path, ruleset="deluxe", auth="trust",
                     seats=[{"seat": "north", "address": "nobody"},
                            {"seat": "north", "address": player("x"), "colour": "red"}])
    result = run(site, "game", "new", str(path))
    assert result.exit_code == 1
    for expected in ("auth: expected one of address, secret, both, got 'trust'",
                     "seats[1].colour: unknown key",
                     "ruleset: expected one of standard, got 'deluxe'",
                     "seats[0].address: expected one plain mail address (or bot: random), "
                     "got 'nobody'",
                     "seats[1].seat: 'north' is seated twice"):
        assert expected in result.output


def test_a_bad_configuration_is_a_clear_error(tmp_path):
    path = tmp_path / "pbem.yaml"
    path.write_text("mail_in:\n  transport: carrier-pigeon\n")
    result = CliRunner().invoke(main, ["--config", str(path), "status"])
    assert result.exit_code == 1
    assert "mail_in.transport: expected one of maildir, imap, got 'carrier-pigeon'" in (
        result.output)


def test_tick_prints_one_summary_line(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    result = run(site, "tick")
    assert result.exit_code == 0
    assert result.output.count("\n") == 1 and result.output.startswith("tick: 0 new messages")


def test_tick_fails_when_the_mailbox_cannot_be_read(tmp_path):
    site = Installation(tmp_path, mail_in={"transport": "imap", "imap": {
        "host": "127.0.0.1", "port": 1, "security": "none", "auth": {"user": "x"}}})
    result = run(site, "tick")
    assert result.exit_code == 1
    assert "cannot read imap:x@127.0.0.1/INBOX" in result.output


def test_outbox_lists_waiting_mail_and_retry_sends_it(tmp_path):
    site = Installation(tmp_path, mail_out={"transport": "smtp", "smtp": {
        "host": "127.0.0.1", "port": 1, "security": "none"}})
    site.new_game()
    listing = run(site, "outbox").output
    assert listing.count("pending") == 4 and "cannot reach SMTP server" in listing  # 3 + GM
    assert "[auction-1] Welcome" in listing
    retried = run(site, "outbox", "retry", "1")
    assert "1 messages retried: 0 sent, 1 still waiting, 0 given up" in retried.output
    assert "    1 still waiting, next try 2026-11-22T12:02:00Z: cannot reach SMTP server" in (
        retried.output)
    tries = {row["id"]: row["attempts"] for row in site.moderator().store.all(
        "select id, attempts from outbox")}
    assert tries == {1: 2, 2: 1, 3: 1, 4: 1}       # the GM named one message: one was tried
    (tmp_path / "other").mkdir()
    assert "nothing waiting" in run(Installation(tmp_path / "other"), "outbox").output


def test_outbox_retry_names_each_message_and_what_became_of_it(tmp_path):
    site = Installation(tmp_path, mail_out={"transport": "smtp", "smtp": {
        "host": "127.0.0.1", "port": 1, "security": "none"}, "retry": {"max_attempts": 2}})
    site.new_game()
    site.clock.advance(hours=1)
    retried = run(site, "outbox", "retry", "2", "3", "99").output
    assert "   99 not in the outbox, or already sent" in retried
    assert "    2 given up after 2 tries: cannot reach SMTP server" in retried
    assert "    3 given up after 2 tries: cannot reach SMTP server" in retried
    assert "2 messages retried: 0 sent, 0 still waiting, 2 given up" in retried
    everything = run(site, "outbox", "retry").output
    assert "4 messages retried: 0 sent, 0 still waiting, 4 given up" in everything


@pytest.mark.whole_game
def test_the_readme_demo_plays_two_turns_of_dune_by_mail_and_says_where_to_read_them(tmp_path):
    """The README's main command (``pbem demo``, here without maps) shows a newcomer Dune: a
    short game by mail, then where each player's mail is, and what to try next."""
    root = tmp_path / "demo"
    result = CliRunner().invoke(main, ["demo", "--dir", str(root), "--no-maps"], obj=Clock())
    assert result.exit_code == 0, result.output
    assert "demo: game dune-demo with 6 scripted players" in result.output
    assert "demo: dune-demo: Game over" in result.output and "'turn': 2" in result.output
    read = root / "mail" / "read"
    assert f"read the mail: {read}/, one file per reader" in result.output
    assert sorted(p.name for p in read.iterdir()) == [
        "atreides.txt", "bene-gesserit.txt", "emperor.txt", "fremen.txt", "gm.txt",
        "guild.txt", "harkonnen.txt"]
    atreides = (read / "atreides.txt").read_text()
    assert atreides.startswith("Date: ") and "Subject: [dune-demo] Welcome" in atreides
    assert "Subject: [dune-demo] Step 2: " in atreides and "You play atreides." in atreides
    assert f"--config {root / 'pbem.yaml'} gm dune-demo log" in result.output


def test_item_11_the_demo_s_next_command_runs_as_printed(tmp_path):
    """Issue 33, item 11: after ``.venv/bin/pbem demo`` (pbem on no PATH), the command the
    demo prints next runs as printed, from the folder it was run in, with the shell's PATH;
    and the demo says why its two turns end in a win by default."""
    root = tmp_path / "demo"
    result = CliRunner().invoke(main, ["demo", "--dir", str(root), "--no-maps"], obj=Clock())
    assert result.exit_code == 0, result.output
    (line,) = [line for line in result.output.splitlines() if line.startswith("next:")]
    command = line.removeprefix("next:").split()
    assert command[-3:] == ["--config", str(root / "pbem.yaml"), "status"]
    path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                           if shutil.which("pbem", path=p) is None)
    done = subprocess.run(command, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PATH": path, NOW_ENV: Clock()().isoformat()})
    assert done.returncode == 0, done.stderr
    assert "dune-demo" in done.stdout
    assert "so the game ends after turn 2" in result.output
    assert "a faction wins by default, as the rules say of the last turn" in result.output


@pytest.mark.whole_game
def test_demo_plays_whole_games_by_mail(tmp_path):
    result = CliRunner().invoke(main, ["demo", "--dir", str(tmp_path / "demo"), "--game",
                                       "auction"], obj=Clock())
    assert result.exit_code == 0, result.output
    assert "demo: auction-demo-1: Finished after 6 steps" in result.output
    assert "demo: auction-demo-2: Finished after 4 steps" in result.output
    assert result.output.count("'winners'") == 2
    assert f"database:      {tmp_path / 'demo' / 'pbem.db'}" in result.output
    outgoing = list((tmp_path / "demo" / "mail" / "outbox" / "new").iterdir())
    assert any(b"unknown order 'BDI'" in path.read_bytes() for path in outgoing)


def test_a_game_file_may_deal_the_players_to_the_seats_at_random(tmp_path):
    """Dune, WBC house rule 1 (000 line 1039): factions are drawn randomly."""
    site = Installation(tmp_path)
    seats = ["north", "east", "south", "west"]
    path = game_file(tmp_path, draw_seats=True, seed="draw-1",
                     seats=[{"seat": s, "address": player(s)} for s in seats])
    assert run(site, "game", "new", str(path)).exit_code == 0
    dealt = {row["seat"]: row["address"] for row in Store(site.config.database).seats("auction-7")}
    assert sorted(dealt.values()) == sorted(player(s) for s in seats)
    assert dealt != {s: player(s) for s in seats}


@pytest.mark.whole_game
def test_demo_plays_a_gf9_game_by_mail_with_its_own_phases(tmp_path):
    """``pbem demo --ruleset gf9``: the 2019 edition by mail, its CHOAM Charity and Mentat
    Pause phases (001 1.03, 1.09) named in the reports (a phase is named where something
    happened in it: turn 2's charity)."""
    result = CliRunner().invoke(main, ["demo", "--dir", str(tmp_path / "demo"), "--ruleset",
                                       "gf9", "--no-maps"], obj=Clock())
    assert result.exit_code == 0, result.output
    assert "demo: dune-demo: Game over" in result.output and "'turn': 2" in result.output
    gm = (tmp_path / "demo" / "mail" / "read" / "gm.txt").read_text()
    assert "Turn 2: CHOAM Charity" in gm and "Turn 1: Mentat Pause" in gm


@pytest.mark.whole_game
def test_demo_plays_a_v3_game_by_mail_with_its_control_round(tmp_path):
    """``pbem demo --ruleset v3``: Dune v3.0 by mail (003), its Control round, its storm card
    and its bonus cards named in the reports."""
    result = CliRunner().invoke(main, ["demo", "--dir", str(tmp_path / "demo"), "--ruleset",
                                       "v3", "--no-maps"], obj=Clock())
    assert result.exit_code == 0, result.output
    assert "demo: dune-demo: Game over" in result.output and "'turn': 2" in result.output
    gm = (tmp_path / "demo" / "mail" / "read" / "gm.txt").read_text()
    assert "Turn 1: Control" in gm and "(V3 rules)" in gm
    assert "Bonus cards to the controllers of the cities" in gm


def test_demo_refuses_a_ruleset_the_game_does_not_have(tmp_path):
    result = CliRunner().invoke(main, ["demo", "--dir", str(tmp_path / "demo"), "--ruleset",
                                       "deluxe"], obj=Clock())
    assert result.exit_code != 0 and "dune has rulesets classic, wbc, gf9" in result.output
    assert not (tmp_path / "demo").exists()


@pytest.mark.whole_game
def test_demo_plays_three_turns_of_dune_by_mail(tmp_path):
    result = CliRunner().invoke(main, ["demo", "--dir", str(tmp_path / "demo"), "--game",
                                       "dune", "--seats", "6", "--turns", "3", "--no-maps"],
                                obj=Clock())
    assert result.exit_code == 0, result.output
    assert "demo: game dune-demo with 6 scripted players" in result.output
    assert "demo: dune-demo: Game over" in result.output and "'turn': 3" in result.output
    outgoing = list((tmp_path / "demo" / "mail" / "outbox" / "new").iterdir())
    assert any(b"Nexus" in path.read_bytes() or b"storm moves" in path.read_bytes()
               for path in outgoing)


@pytest.mark.whole_game
def test_demo_seats_the_ixians_in_a_gf9_game_by_mail(tmp_path):
    """``pbem demo --ruleset gf9 --option ixians_tleilaxu=true --seat ixians ...``: the
    expansion's Ixians (001 2.07) seated by name with its option; they keep a pocket card and
    deploy the Hidden Mobile Stronghold, by mail."""
    seats = ["ixians", "atreides", "harkonnen"]
    result = CliRunner().invoke(main, ["demo", "--dir", str(tmp_path / "demo"), "--ruleset",
                                       "gf9", "--no-maps", "--turns", "2",
                                       "--option", "ixians_tleilaxu=true",
                                       *(word for seat in seats for word in ("--seat", seat))],
                                obj=Clock())
    assert result.exit_code == 0, result.output
    assert "demo: game dune-demo with 3 scripted players" in result.output
    read = " ".join((tmp_path / "demo" / "mail" / "read" / "atreides.txt").read_text().split())
    assert "Ixians keep one of the pocket cards" in read
    assert "Ixians point the Hidden Mobile Stronghold at" in read
