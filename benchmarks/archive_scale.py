"""What one inbound mail costs as the archive of mail read grows.

For each archive size (1k, 10k and 40k mails by default) it builds a Maildir
installation with GAMES auction games, fills its ``inbound`` archive with that many
processed mails of earlier days (the same players' and others', each a few hundred
bytes) and its outbox with as many answers sent to them (2 kB each), then, REPEAT
times on a fresh copy of it, drops every seat's bid into the inbox and times one tick
that reads them: CPU time of the process (the figure to read on a shared machine) and
wall time, per mail read, medians.

Usage: python benchmarks/archive_scale.py [--archived 1000,10000,40000] [--games 10]
       [--repeat 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from installation import SEATS, Installation, player  # noqa: E402
from players import drop, order_mail  # noqa: E402

SENDERS = [player(seat) for seat in SEATS] + [f"other{n}@players.test" for n in range(20)]


def fill_archive(site: Installation, count: int) -> None:
    """``count`` processed mails in the archive, received over the year before now, and an
    answer sent to each."""
    store = site.moderator().store
    start = site.clock() - timedelta(days=365)
    rows, answers = [], []
    for n in range(count):
        sender = SENDERS[n % len(SENDERS)]
        raw = (f"From: {sender}\r\nTo: moderator@pbem.test\r\nSubject: [old-{n % 50}] orders\r\n"
               f"Message-ID: <old-{n}@players.test>\r\n\r\nBID {n % 7}\r\n").encode()
        at = (start + timedelta(minutes=n * 525_600 // max(count, 1))).strftime(
            "%Y-%m-%dT%H:%M:%SZ")
        rows.append((f"<old-{n}@players.test>", f"{n:064x}", "maildir:old", f"new/old-{n}",
                     at, len(raw), "processed", "1 orders, 0 errors", sender,
                     f"[old-{n % 50}] orders", at, raw))
        answers.append((f"<answer-{n}@pbem.test>", f"old-{n % 50}", "acknowledgement",
                        "moderator@pbem.test", json.dumps([sender]),
                        f"[old-{n % 50}] Orders received", b"x" * 2048, "sent", 1, at, at, at))
    with store.atomic():
        store.db.conn.executemany(
            "insert into inbound (message_id, digest, source, source_key, received_at, size, "
            "status, outcome, sender, subject, processed_at, raw) "
            "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        store.db.conn.executemany(
            "insert into outbox (message_id, game_id, kind, sender, recipients, subject, "
            "message, status, attempts, next_attempt_at, created_at, sent_at) "
            "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", answers)
    store.close()


def tick_once(template: Path, scratch: Path, games: int) -> tuple[float, float, int]:
    """CPU and wall seconds of one tick reading every seat's bid, on a copy of ``template``."""
    root = scratch / "copy"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(template, root)
    site = Installation(root, maps=False)
    for number in range(games):
        game = f"auction-{number}"
        for index, seat in enumerate(SEATS):
            drop(site.inbox, order_mail(player(seat), f"SECRET {site.secret(seat, game)}\n"
                                        f"BID {index + 1}", subject=f"[{game}] bid"))
    moderator = site.moderator()
    cpu, wall = time.process_time(), time.perf_counter()
    summary = moderator.tick()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    assert summary.accepted == games * len(SEATS) and summary.steps == games, summary.line()
    moderator.store.close()
    return cpu, wall, summary.messages


def measure(archived: int, games: int, repeat: int) -> dict:
    with tempfile.TemporaryDirectory() as scratch:
        template = Path(scratch) / "template"
        site = Installation(template, maps=False)
        for number in range(games):
            site.new_game(f"auction-{number}", seed=str(number))
        fill_archive(site, archived)
        runs = [tick_once(template, Path(scratch), games) for _ in range(repeat)]
    mails = runs[0][2]
    return {"archived": archived, "games": games, "mails_read": mails, "runs": repeat,
            "cpu_ms_per_mail": statistics.median(c for c, _, _ in runs) / mails * 1000,
            "wall_ms_per_mail": statistics.median(w for _, w, _ in runs) / mails * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--archived", default="1000,10000,40000",
                        help="archive sizes, separated by commas")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    args = parser.parse_args()
    results = [measure(int(n), args.games, args.repeat) for n in args.archived.split(",")]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{args.games} games, {results[0]['mails_read']} bids read in one tick, medians of "
          f"{args.repeat} (the whole tick: reading, filing, answering, resolving, sending)")
    print(f"{'archived mails':>15} {'CPU ms per mail':>16} {'wall ms per mail':>17}")
    for r in results:
        print(f"{r['archived']:>15} {r['cpu_ms_per_mail']:>16.2f} {r['wall_ms_per_mail']:>17.2f}")


if __name__ == "__main__":
    main()
