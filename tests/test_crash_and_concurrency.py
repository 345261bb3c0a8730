"""Nothing lost, nothing twice: a tick killed at each stage, and ticks run at once.

The crash tests run ``pbem tick`` in a child process that kills itself with
SIGKILL at a named point (``PBEM_CRASH_AT``), then run ordinary ticks, and
check that every order was filed once and every mail written once.

The stages of a tick and their crash points (pbem/moderator.py, pbem/outbox.py):
fetch ``fetched`` (a message read from the mailbox); record ``archived`` (its raw
bytes committed), ``filing`` (read, its filing transaction not yet begun),
``recorded`` (its orders written, inside the filing transaction), ``processed``
(filing and answer committed); apply ``applied``
(steps applied, inside the resolution transaction); render and enqueue
``enqueued`` (reports rendered and queued, still inside it), ``resolved`` (all
committed); send ``sending`` (before the mail server is given a message),
``sent`` (the server took it, not yet marked sent); flag ``marked`` (the
message flagged done in its mailbox).
"""

from __future__ import annotations

import collections
import json
import shutil
import signal
import sqlite3
import subprocess
import sys

import pytest
import yaml
from installation import SEATS, Installation, player
from players import drop, order_mail, text

from pbem.mail.sinks import MaildirSink
from pbem.mail.sources import MaildirSource
from pbem.mail.text import parse_message
from pbem.moderator import run_gm_command

BIDS = dict(zip(SEATS, (12, 31, 27), strict=True))
WINNER = max(BIDS, key=BIDS.get)


@pytest.fixture
def site(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    for seat, bid in BIDS.items():
        drop(site.inbox, order_mail(player(seat), f"SECRET {site.secret(seat)}\nBID {bid}"))
    return site


def assert_everything_once(site):
    store = site.moderator().store
    inbound = store.all("select status from inbound")
    assert [row["status"] for row in inbound] == ["processed"] * 3
    decisions = store.decisions("auction-1")
    assert len(decisions) == 1
    orders = json.loads(decisions[0]["orders"])
    assert {key.split(".")[-1]: value for key, value in orders.items()} == BIDS
    assert json.loads(decisions[0]["defaulted"]) == []
    ids = [m["Message-ID"] for m in site.sent()]
    assert len(ids) == len(set(ids)), "a mail was written twice"
    kinds = collections.Counter((str(m["To"]), str(m["Subject"])) for m in site.sent())
    for seat in SEATS:
        assert kinds[(player(seat), "[auction-1] Orders received")] == 1
        # The report goes to the winner, who decides next; the others' waits (pbem.digest).
        assert kinds[(player(seat), "[auction-1] Step 2: Lot 1 of 2: keep or gift")] == (
            1 if seat == WINNER else 0)
    outbox = store.all("select status from outbox")
    assert {row["status"] for row in outbox} == {"sent"}


STAGES = [
    "fetched:1", "fetched:2", "archived:1", "archived:3", "filing:2", "recorded:1", "recorded:3",
    "processed:1", "processed:2", "marked:1", "marked:3", "applied:1", "enqueued:1",
    "resolved:1", "sending:1", "sending:5", "sent:1", "sent:4", "sent:5",
]


@pytest.mark.parametrize("point", STAGES)
def test_a_tick_killed_at_each_stage_loses_nothing_and_repeats_nothing(site, point):
    crashed = site.run("tick", env={"PBEM_CRASH_AT": point}, check=False)
    assert crashed.returncode == -signal.SIGKILL, crashed.stdout + crashed.stderr
    for _ in range(2):
        site.run("tick")
    assert_everything_once(site)


def test_what_the_mailboxes_rely_on_is_in_the_database_file_before_they_do(
        site, monkeypatch, tmp_path):
    """Commits are not synced to disk one by one (``synchronous=NORMAL``): a killed process
    loses nothing, but a power cut could undo the last ones.  So before a message is marked
    done in its mailbox, before mail is handed over, and after it is sent, the tick syncs the
    log into the database file (``Store.make_durable``): read alone, the file already holds
    the message filed, the mail queued, and the mail marked sent."""

    def on_disk(sql: str, params: tuple = ()) -> list:
        copy = tmp_path / "copy.db"
        copy.unlink(missing_ok=True)
        shutil.copyfile(site.config.database, copy)  # the database file, without its log
        with sqlite3.connect(copy) as db:
            return [row[0] for row in db.execute(sql, params)]

    marked, handed = [], []
    real_mark, real_send = MaildirSource.mark_done, MaildirSink.send

    def mark_done(source, items):
        marked.append(on_disk("select status from inbound order by id"))
        real_mark(source, items)

    def send(sink, message, sender, recipients):
        message_id = parse_message(message)["Message-ID"]
        handed.append(on_disk("select status from outbox where message_id = ?", (message_id,)))
        real_send(sink, message, sender, recipients)

    monkeypatch.setattr(MaildirSource, "mark_done", mark_done)
    monkeypatch.setattr(MaildirSink, "send", send)
    site.moderator().tick()
    assert marked == [["processed"], ["processed"] * 2, ["processed"] * 3]
    assert handed and all(statuses == ["pending"] for statuses in handed)
    assert set(on_disk("select status from outbox")) == {"sent"}
    assert_everything_once(site)


@pytest.mark.parametrize("ticks", [2, 4])
def test_ticks_started_at_once_process_each_message_once(site, ticks):
    command = [sys.executable, "-m", "pbem", "--config", str(site.config_path), "tick"]
    started = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=site.root,
                                env=site.env())
               for _ in range(ticks)]
    outputs = [tick.communicate(timeout=120)[0] for tick in started]
    assert [tick.returncode for tick in started] == [0] * ticks
    site.run("tick")
    assert_everything_once(site)
    assert all(line.startswith("tick:") for line in outputs)


def test_a_tick_that_finds_the_lock_taken_exits_cleanly_and_does_nothing(site):
    from pbem.lock import tick_lock

    with tick_lock(site.config.lock_path):
        busy = site.run("tick")
    assert busy.stdout.startswith("tick: skipped, another pbem process is running")
    assert site.moderator().store.all("select id from inbound") == []
    site.run("tick")
    assert_everything_once(site)


def test_commands_that_find_the_lock_taken_change_nothing_and_send_nothing(site):
    """``pbem gm``, ``pbem game new`` and ``pbem outbox retry`` take the tick's lock: one
    that cannot get it within ``lock_wait_seconds`` does nothing, or leaves the mail for
    the next tick, and says so."""
    from pbem.lock import tick_lock

    settings = yaml.safe_load(site.config_path.read_text())
    site.config_path.write_text(yaml.safe_dump({**settings, "lock_wait_seconds": 0}))
    game_file = site.root / "auction-2.yaml"
    game_file.write_text(yaml.safe_dump({"id": "auction-2", "game": "auction", "seats": [
        {"seat": seat, "address": player(seat)} for seat in SEATS]}))
    store = site.moderator().store
    with store.atomic():
        store.db["outbox"].update(1, {"status": "failed"})
    before = [store.all(f"select * from {table}") for table in ("games", "deadlines")]
    mails = len(site.sent())
    with tick_lock(site.config.lock_path):
        extend = site.run("gm", "auction-1", "EXTEND", "24", "travelling", check=False)
        created = site.run("game", "new", str(game_file), check=False)
        retried = site.run("outbox", "retry", check=False)
    assert extend.returncode == 1 and "the command was not run" in extend.stderr
    assert created.returncode == 1 and "no game was created" in created.stderr
    assert retried.returncode == 1 and "1 messages are due now" in retried.stderr
    assert [store.all(f"select * from {table}") for table in ("games", "deadlines")] == before
    assert len(site.sent()) == mails
    assert store.one("select status from outbox where id = 1")["status"] == "pending"
    site.run("tick")
    assert_everything_once(site)


@pytest.mark.parametrize("command", ["RESOLVE", "ROLLBACK 2 east meant to gift the lot",
                                     "ADJUST /coins/north = 80 -- north paid a fine"])
def test_an_order_is_acknowledged_as_standing_only_if_it_counts_whatever_the_gm_did_meanwhile(
        tmp_path, command):
    """A GM command from the shell commits just before the tick files an order mail (the
    crash point ``filing``): the mail is read against the game as that command left it, so
    an order the answer calls standing is pending in the open step, never in a closed one."""
    site = Installation(tmp_path)
    site.new_game()
    moderator = site.moderator()
    for seat, orders in (("north", "BID 10"), ("east", "BID 30"), ("south", "BID 20")):
        drop(site.inbox, order_mail(player(seat), f"SECRET {site.secret(seat)}\n{orders}"))
    moderator.tick()
    for seat, orders in (("east", "KEEP"), ("north", "BID 5"), ("south", "BID 6")):
        drop(site.inbox, order_mail(player(seat), f"SECRET {site.secret(seat)}\n{orders}"))
        moderator.tick()
    assert site.record().step == 2                          # lot 2's bids: east's is missing
    drop(site.inbox, order_mail(player("east"), f"SECRET {site.secret('east')}\nBID 7"))
    ran = []

    def gm_meanwhile(point: str) -> None:
        if point == "filing" and not ran:
            ran.extend(run_gm_command(site.moderator(), "auction-1", command))

    site.moderator(crash=gm_meanwhile).tick()
    assert ran
    store, record = site.moderator().store, site.record()
    assert {row["step"] for row in store.all("select step from pending_orders")} <= {record.step}
    pending = store.all("select value from pending_orders where prompt = 'lot2.bid.east'")
    decided = [json.loads(row["orders"]) for row in store.decisions("auction-1")
               if row["kind"] == "orders" and "lot2.bid.east" not in json.loads(row["defaulted"])]
    counts = ([json.loads(row["value"]) for row in pending] == [7]
              or any(orders.get("lot2.bid.east") == 7 for orders in decided))
    answer = text([m for m in site.sent(player("east"))
                   if m["Subject"] == "[auction-1] Orders received"][-1])
    assert ("Your orders now standing for this step:\n  BID 7" in answer) == counts, answer
