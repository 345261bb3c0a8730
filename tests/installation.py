"""A moderator installation in a temporary folder, as a GM would set one up."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import yaml
from players import GM, MODERATOR, addressed_to, maildir_messages, secret_in

from pbem.clock import NOW_ENV
from pbem.config import load_config
from pbem.definition import create_game, game_definition
from pbem.moderator import Moderator
from pbem.record import GameRecord

SEATS = ("north", "east", "south")


def player(seat: str) -> str:
    return f"{seat}@players.test"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, start: datetime | None = None):
        self.now = start or datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta) -> None:
        self.now += timedelta(**delta)


class Installation:
    """A configuration file, a database and mail transports under ``root``."""

    def __init__(self, root: Path, mail_in: dict | None = None, mail_out: dict | None = None,
                 maps: bool = True):
        """``maps=False``: text-only reports, for the whole games that need no map (painting
        it is a third of their time; one whole game by mail keeps the maps)."""
        self.root = root
        self.inbox = Path(mail_in["maildir"]["path"]) if mail_in and "maildir" in mail_in else (
            root / "mail" / "inbox")
        self.outbox = root / "mail" / "outbox"
        settings = {
            "moderator": {"address": MODERATOR, "name": "Test Moderator"},
            "gm_address": GM,
            "database": "pbem.db",
            "timezone": "Europe/London",
            # Games by mail here play hours of mail in a minute of the test's clock: no
            # rate limit, unless a test brings its own mail_in (tests/test_hostile_mail.py).
            "mail_in": mail_in or {"transport": "maildir", "maildir": {"path": str(self.inbox)},
                                   "rate_limit": {"messages": 10**9}},
            "mail_out": mail_out or {"transport": "maildir",
                                     "maildir": {"path": str(self.outbox)}},
            "reports": {"map": maps},
            # Games deal at once, as before salts (docs/fairness.md); a test of the salt
            # window gives its game file a salt_hours of its own.
            "salt_hours": 0,
        }
        self.config_path = root / "pbem.yaml"
        root.mkdir(parents=True, exist_ok=True)
        self.config_path.write_text(yaml.safe_dump(settings))
        self.config = load_config(self.config_path)
        self.clock = Clock()
        self._read: dict[Path, object] = {}

    def moderator(self, **kwargs) -> Moderator:
        return Moderator(self.config, clock=self.clock, **kwargs)

    def new_game(self, game_id: str = "auction-1", auth: str = "both", lots: int = 2,
                 seats=SEATS, seed: str = "fixed", **settings) -> GameRecord:
        definition = game_definition({
            "id": game_id, "game": "auction", "seed": seed, "auth": auth,
            "options": {"lots": lots},
            "seats": [{"seat": s, "address": player(s)} for s in seats], **settings,
        })
        moderator = self.moderator()
        record = create_game(moderator.store, self.config, definition, self.clock())
        moderator.send_outbox()
        return record

    def cron(self, hours: float, every_minutes: int = 30) -> list:
        """Let time pass with a tick every ``every_minutes``, as cron would run them."""
        summaries = []
        for _ in range(int(hours * 60 / every_minutes)):
            self.clock.advance(minutes=every_minutes)
            summaries.append(self.moderator().tick())
        return summaries

    def record(self, game_id: str = "auction-1") -> GameRecord:
        return GameRecord.load(self.moderator().store, game_id)

    def sent(self, address: str | None = None) -> list:
        """Mail the moderator wrote to its outgoing Maildir (to ``address`` only, if given)."""
        messages = maildir_messages(self.outbox, self._read)
        return addressed_to(messages, address) if address else messages

    def secret(self, seat: str, game_id: str = "auction-1") -> str:
        welcome = next(m for m in self.sent(player(seat))
                       if str(m["Subject"]) == f"[{game_id}] Welcome")
        return secret_in(welcome)

    def env(self, **extra: str) -> dict:
        """The environment of a child process that runs on the installation's clock."""
        return {**os.environ, NOW_ENV: self.clock().isoformat(), **extra}

    def run(self, *args: str, env: dict | None = None, check: bool = True
            ) -> subprocess.CompletedProcess:
        """Run the pbem command line in a child process, as cron would, on the
        installation's clock.

        It runs in the installation's folder, so that ``-m pbem`` finds the
        installed package and not a checkout's source folder.
        """
        done = subprocess.run([sys.executable, "-m", "pbem", "--config", str(self.config_path),
                               *args], capture_output=True, text=True, cwd=self.root,
                              env=self.env(**(env or {})), timeout=120)
        if check and done.returncode != 0:
            raise AssertionError(f"pbem {' '.join(args)} failed: {done.stdout}{done.stderr}")
        return done
