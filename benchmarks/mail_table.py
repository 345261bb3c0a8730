"""What the mail-round benchmarks share (``mail_rounds.py`` for Dune, ``wfa_mail_rounds.py``
for War for Arrakis): a game of the demo's configuration in a folder (Maildir in and out), a
clock moved by hand, the moderator ticked until it is still, the players' mail dropped in
and the moderator's counted as it arrives."""

from __future__ import annotations

import argparse
import json
import mailbox
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from email.utils import getaddresses, make_msgid
from pathlib import Path

from pbem.ahead import ahead_prompts
from pbem.config import load_config
from pbem.definition import create_game, game_definition
from pbem.demo import demo_games, write_files
from pbem.moderator import Moderator
from pbem.record import GameRecord
from pbem.resolution import policy_of

MAX_TICKS = 50            # ticks of one round before the moderator must be still


class Clock:
    """A clock moved by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Table:
    """A game by mail in a folder: its moderator and clock, the seats' addresses, the mail
    coming in and going out, the wait that lets a step resolve."""

    moderator: Moderator
    clock: Clock
    record: GameRecord
    addresses: dict[str, str]
    incoming: mailbox.Maildir
    outgoing: Outgoing
    delay: timedelta

    def drop(self, seat: str, body: str) -> None:
        """The seat's player mails ``body`` to the moderator."""
        mail = EmailMessage()
        mail["From"] = self.addresses[seat]
        mail["To"] = self.moderator.config.moderator.address
        mail["Subject"] = f"[{self.record.id}] orders"
        mail["Message-ID"] = make_msgid(domain="players.demo")
        mail.set_content(body)
        self.incoming.add(mail.as_bytes())

    def settle(self, game) -> None:
        """Tick, the clock moved past the resolve delay each time, until a tick changes
        nothing; the mails refused counted in ``game.refused``."""
        for _ in range(MAX_TICKS):
            self.clock.now += self.delay
            summary = self.moderator.tick()
            if summary.errors:
                raise RuntimeError(f"the moderator failed: {summary.errors}")
            game.refused += summary.rejected
            if not (summary.messages or summary.steps or summary.sent):
                return
        raise RuntimeError(f"the moderator was still busy after {MAX_TICKS} ticks")

    def reload(self) -> GameRecord:
        self.record = GameRecord.load(self.moderator.store, self.record.id)
        return self.record


def open_table(root: Path, game: str, seats: int, seed: str, ruleset: str,
               names: tuple[str, ...] = (), **settings) -> Table:
    """The demo's installation and game in ``root`` (its first ``seats`` seats, or those
    ``names`` names), ``settings`` (options, ...) over the game file's; the welcome mail
    sent."""
    config_path, _ = write_files(root, game, seats, seed, ruleset=ruleset, names=names)
    config = load_config(config_path)
    clock = Clock()
    moderator = Moderator(config, clock=clock)
    data = demo_games(game, seats, seed, ruleset=ruleset, names=names)[0]
    data.update(auth="address", **settings)
    record = create_game(moderator.store, config, game_definition(data), clock())
    moderator.send_outbox()
    addresses = {s["seat"]: s["address"] for s in record.seats}
    return Table(moderator, clock, record, addresses,
                 mailbox.Maildir(config.mail_in.maildir.path, factory=None),
                 Outgoing(Path(config.mail_out.maildir.path), set(addresses.values()),
                          config.gm_address.lower()),
                 timedelta(minutes=policy_of(record).resolve_delay_minutes + 1))


class Outgoing:
    """The moderator's outgoing Maildir, read as its files arrive: each new file is put down
    to the round that caused it, once for every seat address it is sent to, and to the GM."""

    def __init__(self, path: Path, addresses: set[str], gm: str):
        self.path = path
        self.addresses = addresses
        self.gm = gm
        self.seen: set[Path] = set()

    def collect(self, game, key) -> set[str]:
        """Count the new files under ``key`` in ``game``'s counters (``mails``, ``size``,
        ``gm_mails``, ``gm_size``); returns the seat addresses they went to."""
        parser = BytesHeaderParser(policy=policy.default)
        mailed: set[str] = set()
        for sub in ("new", "cur"):
            for path in (self.path / sub).iterdir():
                if path in self.seen:
                    continue
                self.seen.add(path)
                raw = path.read_bytes()
                headers = parser.parsebytes(raw)
                to = {a.lower() for _, a in getaddresses(
                    headers.get_all("To", []) + headers.get_all("Cc", []))}
                seats = len(to & self.addresses)
                mailed |= to & self.addresses
                game.mails[key] += seats
                game.size[key] += seats * len(raw)
                if self.gm in to:
                    game.gm_mails[key] += 1
                    game.gm_size[key] += len(raw)
        return mailed


def unsent(record: GameRecord, seat: str, sent: set[str]) -> bool:
    """Whether an engaged seat has decisions to come it has neither sent nor had held."""
    held = {row["name"] for row in record.held_by(seat) if row["refused"] is None}
    return any(p.key not in sent | held for p in ahead_prompts(record.rules, record.state, seat))


def play_all(play: Callable, calls: list[tuple], jobs: int) -> list:
    """Each call's game, ``jobs`` played at once."""
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(play, *zip(*calls, strict=True)))
    return [play(*call) for call in calls]


def report(parser: argparse.ArgumentParser, argv: list[str] | None, run: Callable,
           table: Callable) -> None:
    """The arguments every benchmark of mail rounds takes beside its own, its games played and
    its figures printed: as a table, or as JSON with ``--json``."""
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    results = run(args)
    print(json.dumps(results, indent=2) if args.json else table(results, args))
