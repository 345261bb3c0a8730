"""How long a tick takes against real servers, next to the bare mail work it does.

Starts Dovecot and an SMTP relay on loopback (the test suite's servers), sets
up GAMES auction games of SEATS seats, has every seat send its bid by SMTP,
then times:

- one tick that reads all those mails over IMAP, files them, resolves every
  game, and sends every answer and report by SMTP;
- the bare mail work of the same tick: one imapclient fetch of the same
  messages and one smtplib session sending the same replies;
- a tick with no new mail.

Usage: python benchmarks/tick.py [--games 20] [--seats 3] [--repeat 3]
Needs Dovecot (tools/test.sh installs it) and pbem installed with its test extras.
"""

from __future__ import annotations

import argparse
import json
import os
import smtplib
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from installation import SEATS, Installation, player  # noqa: E402
from mailservers import Dovecot, SmtpRelay  # noqa: E402
from players import MODERATOR, order_mail, secret_in  # noqa: E402

from pbem.mail.text import parse_message  # noqa: E402

PASSWORD = "bench-password"


def setup(root: Path, dovecot: Dovecot, relay: SmtpRelay, games: int, seats: tuple[str, ...]):
    """An installation with ``games`` games whose bids all wait in the moderator's inbox."""
    os.environ["PBEM_BENCH_PASSWORD"] = PASSWORD
    site = Installation(root, {"transport": "imap", "imap": {
        "host": "127.0.0.1", "port": dovecot.imap_port, "security": "none",
        "auth": {"user": MODERATOR, "password_env": "PBEM_BENCH_PASSWORD"},
        "processed_folder": "pbem-processed"}},
        {"transport": "smtp", "smtp": {"host": "127.0.0.1", "port": relay.port,
                                        "security": "none"}})
    for number in range(games):
        site.new_game(f"auction-{number}", seats=seats, seed=str(number))
    welcomes = {}
    for seat in seats:
        for raw in dovecot.messages(player(seat)):
            mail = parse_message(raw)
            welcomes[(str(mail["Subject"]).split("]")[0][1:], seat)] = secret_in(mail)
    with smtplib.SMTP("127.0.0.1", relay.port) as client:
        for number in range(games):
            for index, seat in enumerate(seats):
                secret = welcomes[(f"auction-{number}", seat)]
                client.send_message(order_mail(player(seat), f"SECRET {secret}\nBID {index + 1}",
                                               subject=f"[auction-{number}] bid"))
    return site


def bare_mail_work(dovecot: Dovecot, relay: SmtpRelay, replies: list[tuple[list[str], bytes]]
                   ) -> float:
    """Seconds for the same IMAP fetch and SMTP sends without the moderator."""
    start = time.perf_counter()
    client = dovecot.imap(MODERATOR)
    client.select_folder("pbem-processed")
    uids = client.search("ALL")
    fetched = client.fetch(uids, ["BODY.PEEK[]"])
    client.logout()
    with smtplib.SMTP("127.0.0.1", relay.port) as smtp:
        for recipients, message in replies:
            smtp.sendmail(MODERATOR, recipients, message.replace(b"\n", b"\r\n"))
    elapsed = time.perf_counter() - start
    assert len(fetched) == len(uids)
    return elapsed


def run_once(games: int, seats: tuple[str, ...]) -> dict:
    with tempfile.TemporaryDirectory() as scratch, Dovecot(Path(scratch) / "dovecot") as dc:
        for address in [MODERATOR, "gm@pbem.test", *(player(s) for s in seats)]:
            dc.add_user(address, PASSWORD)
        with SmtpRelay(dc) as relay:
            site = setup(Path(scratch) / "site", dc, relay, games, seats)
            moderator = site.moderator()
            before = moderator.store.one("select max(id) as n from outbox")["n"]
            start = time.perf_counter()
            summary = moderator.tick()
            tick_seconds = time.perf_counter() - start
            assert summary.messages == games * len(seats) and summary.steps == games
            replies = [(json.loads(row["recipients"]), row["message"]) for row in
                       moderator.store.all("select recipients, message from outbox "
                                           "where id > ?", (before,))]
            bare_seconds = bare_mail_work(dc, relay, replies)
            start = time.perf_counter()
            idle = moderator.tick()
            idle_seconds = time.perf_counter() - start
            assert idle.messages == 0
    return {"messages": summary.messages, "sent": summary.sent, "tick": tick_seconds,
            "bare": bare_seconds, "idle": idle_seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seats", type=int, default=3, choices=range(2, 4))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    seats = SEATS[:args.seats]
    runs = [run_once(args.games, seats) for _ in range(args.repeat)]
    tick = statistics.median(r["tick"] for r in runs)
    bare = statistics.median(r["bare"] for r in runs)
    idle = statistics.median(r["idle"] for r in runs)
    print(f"games: {args.games}, seats per game: {len(seats)}, runs: {args.repeat} (medians)")
    print(f"order mails read: {runs[0]['messages']}, mails sent: {runs[0]['sent']}")
    print(f"tick:                        {tick * 1000:8.1f} ms "
          f"({tick / runs[0]['messages'] * 1000:.2f} ms per order mail)")
    print(f"bare IMAP fetch + SMTP send: {bare * 1000:8.1f} ms")
    print(f"ratio tick / bare:           {tick / bare:8.2f}")
    print(f"tick with no new mail:       {idle * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
