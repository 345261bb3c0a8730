"""How long a tick takes against real servers, next to the bare mail work it does.

Starts Dovecot and an SMTP relay on loopback (the test suite's servers), sets
up GAMES auction games of SEATS seats, has every seat send its bid by SMTP,
then times, side by side in each run:

- one tick that reads all those mails over IMAP, files them, resolves every
  game, and sends every answer and report by SMTP;
- the bare mail work of the same tick: one imapclient fetch of the same
  messages and one smtplib session sending the same replies;
- a tick with no new mail.

Beside the wall times it gives the CPU time of the benchmark's main thread in the tick and
in the bare work (``time.thread_time``: the SMTP relay runs in a thread of its own and is
not counted): the moderator's own work, which a loaded machine does not inflate as it
inflates the waits on the servers.

The same three players sit at every game, so each of them sends one bid per game in
the same minute: the benchmark's installation allows each sender one mail per game in
the rate limit's window (``mail_in.rate_limit``), where the default (30 an hour) would
refuse the bids of more than 30 games.  Real players keep the default.

Usage: python benchmarks/tick.py [--games 1,10,100,300] [--seats 3] [--repeat 5] [--json]
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
        "processed_folder": "pbem-processed"},
        "rate_limit": {"messages": max(games, 30)}},
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
            start, cpu = time.perf_counter(), time.thread_time()
            summary = moderator.tick()
            tick_seconds = time.perf_counter() - start
            tick_cpu = time.thread_time() - cpu
            assert summary.messages == games * len(seats) and summary.steps == games
            replies = [(json.loads(row["recipients"]), row["message"]) for row in
                       moderator.store.all("select recipients, message from outbox "
                                           "where id > ?", (before,))]
            cpu = time.thread_time()
            bare_seconds = bare_mail_work(dc, relay, replies)
            bare_cpu = time.thread_time() - cpu
            start = time.perf_counter()
            idle = moderator.tick()
            idle_seconds = time.perf_counter() - start
            assert idle.messages == 0
    return {"messages": summary.messages, "sent": summary.sent, "tick": tick_seconds,
            "bare": bare_seconds, "idle": idle_seconds, "tick_cpu": tick_cpu,
            "bare_cpu": bare_cpu}


def measure(games: int, seats: tuple[str, ...], repeat: int) -> dict:
    """Medians of ``repeat`` runs; the ratio is the median of each run's tick / bare."""
    runs = [run_once(games, seats) for _ in range(repeat)]
    tick = statistics.median(r["tick"] for r in runs)
    return {
        "games": games, "seats": len(seats), "runs": repeat,
        "order_mails": runs[0]["messages"], "mails_sent": runs[0]["sent"],
        "tick_ms": tick * 1000, "tick_ms_per_order_mail": tick / runs[0]["messages"] * 1000,
        "bare_ms": statistics.median(r["bare"] for r in runs) * 1000,
        "ratio": statistics.median(r["tick"] / r["bare"] for r in runs),
        "ratios": [round(r["tick"] / r["bare"], 3) for r in runs],
        "idle_ms": statistics.median(r["idle"] for r in runs) * 1000,
        "tick_cpu_ms": statistics.median(r["tick_cpu"] for r in runs) * 1000,
        "bare_cpu_ms": statistics.median(r["bare_cpu"] for r in runs) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="20",
                        help="how many games, or several separated by commas (1,10,100,300)")
    parser.add_argument("--seats", type=int, default=3, choices=range(2, 4))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    args = parser.parse_args()
    seats = SEATS[:args.seats]
    results = [measure(int(games), seats, args.repeat) for games in args.games.split(",")]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"seats per game: {len(seats)}, runs per size: {args.repeat} (medians; the ratio is "
          "the median of each run's tick / bare)")
    print(f"{'games':>6} {'order mails':>11} {'mails sent':>10} {'tick ms':>9} "
          f"{'ms/mail':>8} {'bare ms':>9} {'tick/bare':>9} {'idle ms':>8} {'tick CPU':>9} "
          f"{'bare CPU':>9}")
    for r in results:
        print(f"{r['games']:>6} {r['order_mails']:>11} {r['mails_sent']:>10} "
              f"{r['tick_ms']:>9.1f} {r['tick_ms_per_order_mail']:>8.2f} {r['bare_ms']:>9.1f} "
              f"{r['ratio']:>9.2f} {r['idle_ms']:>8.1f} {r['tick_cpu_ms']:>9.1f} "
              f"{r['bare_cpu_ms']:>9.1f}")


if __name__ == "__main__":
    main()
