"""One numbering of the steps everywhere (the issue "A real game by mail", P4): ``pbem
status`` said "step 34 (Turn 2: battles)", ``ROLLBACK 34`` went back to before the battle
fought earlier that turn, and the archive called the battles step "Step 35".  Step N is now
the Nth decision of the log, the one open now included; the GM's LOG lists them."""

from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner
from dune_mail import GAME, address
from installation import Installation
from players import GM, drop, order_mail, text

from pbem.archive.history import history
from pbem.cli import main
from pbem.definition import create_game, game_definition

SIX = ["harkonnen", "atreides", "bene-gesserit", "emperor", "fremen", "guild"]


def new_game(site) -> None:
    """A six-seat WBC game from its set-up, every step in the decision log."""
    definition = game_definition({
        "id": GAME, "game": "dune", "ruleset": "wbc", "seed": "a", "auth": "address",
        "title": "Numbered",
        "seats": [{"seat": s, "address": address(s)} for s in SIX]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()


def play_step(site, rng: random.Random) -> None:
    """Every seat asked mails the random bot's orders; one tick."""
    record = site.record(GAME)
    seats = dict.fromkeys(p.seat for p in record.prompts())
    for seat in seats:
        view = record.rules.view(record.state, seat)
        lines = [record.rules.bot_order(view, p, rng) for p in record.prompts() if p.seat == seat]
        drop(site.inbox, order_mail(address(seat), "\n".join(lines),
                                    subject=f"[{GAME}] orders"))
    summary = site.moderator().tick()
    assert not summary.errors, summary.errors


def status(site) -> str:
    result = CliRunner().invoke(main, ["--config", str(site.config_path), "status", GAME],
                                obj=site.clock)
    assert result.exit_code == 0, result.output
    return result.output.splitlines()[0]


def gm(site, line: str) -> str:
    """The GM mails one command; one tick; the GM's answer."""
    welcome = next(m for m in site.sent(GM) if m["Subject"] == f"[{GAME}] GM welcome")
    secret = re.search(r"GM secret of this game is: (\S+)", text(welcome)).group(1)
    drop(site.inbox, order_mail(GM, f"SECRET {secret}\n{line}", subject=f"[{GAME}] commands"))
    site.moderator().tick()
    answers = [m for m in site.sent(GM) if m["Subject"] == f"[{GAME}] GM commands"]
    return " ".join(text(answers[-1]).split())


@pytest.fixture
def at_battles(tmp_path):
    """The game played by mail up to its first battles step, and three steps beyond."""
    site = Installation(tmp_path, maps=False)
    new_game(site)
    rng = random.Random(1)
    while "battles" not in site.record(GAME).step_name():
        play_step(site, rng)
    record = site.record(GAME)
    seen = {"status": status(site), "state": record.state, "name": record.step_name(),
            "number": record.step + 1,
            "subjects": [str(m["Subject"]) for m in site.sent(address("fremen"))]}
    for _ in range(3):
        play_step(site, rng)
    return site, seen


def test_status_rollback_reports_and_archive_number_the_battles_step_alike(at_battles):
    """The step ``pbem status`` calls N is the one ``ROLLBACK N`` reopens, the report that
    opened it is headed "Step N", and the archive files its decision as "Step N"."""
    site, seen = at_battles
    number, name = seen["number"], seen["name"]
    assert f"Step {number}: {name}" in seen["status"]
    assert seen["subjects"][-1] == f"[{GAME}] Step {number}: {name}"
    archived = {s.number: s.name for turn in history(site.moderator().store,
                                                     site.record(GAME)).turns
                for s in turn.steps if not s.continued}
    assert archived[number] == name
    answer = gm(site, f"ROLLBACK {number} the battle plans were misread")
    assert f"Rolled back to before decision {number}: the game is at Step {number}: {name}" \
        in answer
    assert site.record(GAME).state == seen["state"]
    assert status(site) == seen["status"]
    notice = [m for m in site.sent(address("atreides")) if "rolled the game back" in
              str(m["Subject"])][-1]
    assert f"rolled the game back to step {number}," in " ".join(text(notice).split())


def test_rollback_of_the_step_open_now_says_it_is_not_decided_yet(at_battles):
    site, seen = at_battles
    open_now = site.record(GAME).step + 1
    answer = gm(site, f"ROLLBACK {open_now} oops")
    assert f"(step {open_now} is the one open now, not decided yet)" in answer


def test_log_lists_each_decision_with_its_number_turn_phase_and_orders(at_battles):
    """LOG by mail and ``pbem gm GAME log``: a line per decision, numbered as status numbers
    steps, with the step's turn and phase and every seat's orders (the GM sees all)."""
    site, seen = at_battles
    number, name = seen["number"], seen["name"]
    answer = gm(site, f"LOG FROM {number}")
    decided = site.record(GAME).step
    assert f"({decided} decided; Step {decided + 1}: " in answer
    assert re.search(rf"\b{number} {re.escape(name)}: \w", answer)
    assert f" {number - 1} " not in answer.split("is open now):")[1]
    shell = CliRunner().invoke(main, ["--config", str(site.config_path), "gm", GAME, "log"],
                               obj=site.clock)
    assert shell.exit_code == 0, shell.output
    lines = shell.output.splitlines()
    assert lines[1].split()[0] == "1" and lines[1].split()[1:3] == ["Set-up,", "round"]
    assert len([line for line in lines if re.match(r" +[0-9]+ ", line)]) == decided
    bids = next(line for line in lines if "Turn 1: bidding:" in line)
    assert all(f"{seat} bid " in bids or f"{seat} defaults" in bids for seat in SIX)
    assert "expected nothing or FROM and a step" in gm(site, "LOG FROM 0")
