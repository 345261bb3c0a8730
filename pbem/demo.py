"""``pbem demo``: whole games played by mail in a scratch directory.

The moderator runs on the local Maildir transport.  Scripted players read
the mail addressed to them from the outgoing Maildir and answer it the way
people do: a reply with the orders on top and the report quoted below,
written into the incoming Maildir.  They choose their orders with the game's
bot, from their own seat's view only.  The second player of each game makes a
typing mistake in its first mail, to show how a bad line is answered.  With
``bots`` every seat is a bot of the moderator's own (``bot: random`` in the game
file): nobody is mailed and the moderator plays the whole game by itself.
"""

from __future__ import annotations

import mailbox
import os
import random
import shutil
import sys
import tempfile
import textwrap
from collections.abc import Callable
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from email.utils import format_datetime, getaddresses, make_msgid
from pathlib import Path

import yaml

from pbem.config import load_config
from pbem.definition import create_game, game_definition
from pbem.game import Bots, capability, load_game
from pbem.mail.compose import reply_subject
from pbem.mail.text import body_text, parse_message
from pbem.moderator import Moderator
from pbem.record import GameRecord

ZONES = ("America/New_York", "Europe/Paris", "Asia/Tokyo", "UTC", "Australia/Sydney",
         "America/Sao_Paulo")
MAX_TICKS = 1000          # a whole six-faction game of Dune takes about 200


class ScriptedPlayer:
    """A player of one game who answers each report by mail."""

    def __init__(self, game_id: str, seat: str, address: str, rng: random.Random,
                 mistake: bool = False):
        self.game_id = game_id
        self.seat = seat
        self.address = address
        self.rng = rng
        self.seen: set[str] = set()
        self.mistakes_left = 1 if mistake else 0

    def new_mail(self, outgoing: mailbox.Maildir) -> list[EmailMessage]:
        """Mail to this player about this game not read yet, oldest first."""
        found = []
        for key in sorted(set(outgoing.iterkeys()) - self.seen):
            self.seen.add(key)                  # each mail is looked at once, even another's
            with outgoing.get_file(key) as handle:
                raw = handle.read()
            headers = BytesHeaderParser(policy=policy.default).parsebytes(raw)
            to = [a.lower() for _, a in getaddresses(headers.get_all("To", []))]
            if self.address in to and f"[{self.game_id}]" in str(headers["Subject"]):
                found.append(parse_message(raw))
        return found

    def answer(self, record: GameRecord, mail: list[EmailMessage], moderator: str,
               now: datetime) -> EmailMessage | None:
        """A reply to the newest report that asks this seat for orders, if any."""
        prompts = [p for p in record.prompts() if p.seat == self.seat]
        reports = [m for m in mail if "Orders received" not in str(m["Subject"])]
        if not prompts or not reports:
            return None
        view = record.rules.view(record.state, self.seat)
        players = capability(record.rules, Bots)
        lines = [players.bot_order(view, prompt, self.rng) for prompt in prompts]
        if self.mistakes_left:
            self.mistakes_left -= 1
            lines.insert(0, "BDI 10   <- a typing mistake, to show the answer")
        report = reports[-1]
        body = "\n".join([f"SECRET {record.seat(self.seat)['secret']}", *lines, "",
                          f"On {report['Date']}, {report['From']} wrote:",
                          textwrap.indent(body_text(report), "> ", lambda line: True)])
        reply = EmailMessage()
        reply["From"] = self.address
        reply["To"] = moderator
        reply["Subject"] = reply_subject(str(report["Subject"]))
        reply["Date"] = format_datetime(now)
        reply["Message-ID"] = make_msgid(domain="players.demo")
        reply["In-Reply-To"] = report["Message-ID"]
        reply.set_content(body)
        return reply


def demo_games(game: str, seats: int, seed: str, bots: bool = False,
               turns: int | None = None, ruleset: str | None = None,
               options: dict | None = None, names: tuple[str, ...] = ()) -> list[dict]:
    """The game files of the demo: two auctions, or one game of Dune (WBC rules, or
    ``ruleset``, with ``options``), a whole game or ``turns`` turns, its first ``seats``
    seats or those ``names`` names; or one game of another game (War for Arrakis: its
    ``ruleset``, ``turns`` rounds, the seating of ``seats`` players)."""
    def seating(names):
        if bots:
            return [{"seat": name, "bot": "random"} for name in names]
        return [{"seat": name, "address": f"{name}@players.demo", "player": name.title(),
                 "timezone": ZONES[index % len(ZONES)]} for index, name in enumerate(names)]
    if game == "dune":
        options = {**(options or {}), **({"turns": turns} if turns else {})}
        seats_of = load_game("dune").seating(ruleset or "wbc", options)
        return [{"id": "dune-demo", "game": "dune", "ruleset": ruleset or "wbc",
                 "title": "Demo Dune", "seed": seed, "auth": "both", "options": options,
                 "seats": seating(list(names) or seats_of.names[:seats])}]
    if game != "auction":
        rules = load_game(game)
        ruleset = ruleset or rules.rulesets[0]
        options = {"rounds": turns} if turns else {}
        seats_of = rules.seating(ruleset, options)
        names = (next((s for s in seats_of.sets if len(s) == seats), seats_of.sets[0])
                 if seats_of.sets else seats_of.names[:seats])
        return [{"id": f"{game.replace('_', '-')}-demo", "game": game, "ruleset": ruleset,
                 "title": f"Demo {game.replace('_', ' ').title()}", "seed": seed,
                 "auth": "both", "options": options, "seats": seating(list(names))}]
    auction = load_game("auction")
    auctions = [{"lots": 3 - number} for number in range(2)]
    return [{"id": f"auction-demo-{number + 1}", "game": "auction",
             "title": f"Demo auction {number + 1}", "seed": f"{seed}-{number}", "auth": "both",
             "options": options,
             "seats": seating(seats_of.names[:min(seats + number, seats_of.most)])}
            for number, options in enumerate(auctions)
            for seats_of in (auction.seating(auction.rulesets[0], options),)]


def write_files(root: Path, game: str, seats: int, seed: str, bots: bool = False,
                turns: int | None = None, maps: bool = True, ruleset: str | None = None,
                options: dict | None = None, names: tuple[str, ...] = ()
                ) -> tuple[Path, list[Path]]:
    """The demo's configuration and game files; returns their paths."""
    config = {
        "moderator": {"address": "moderator@pbem.demo", "name": "Demo Moderator"},
        "gm_address": "gm@pbem.demo",
        "database": "pbem.db",
        "timezone": "Europe/London",
        # The demo plays days of mail in seconds: no rate limit on its scripted players.
        "mail_in": {"transport": "maildir", "maildir": {"path": "mail/inbox"},
                    "rate_limit": {"messages": 10**9}},
        "mail_out": {"transport": "maildir", "maildir": {"path": "mail/outbox"}},
        "reports": {"map": maps},
        # The demo deals at once, with no salts (still committed: docs/fairness.md).
        "salt_hours": 0,
    }
    config_path = root / "pbem.yaml"
    config_path.write_text(yaml.safe_dump(config, sort_keys=False))
    game_paths = []
    for definition in demo_games(game, seats, seed, bots, turns, ruleset, options, names):
        path = root / f"{definition['id']}.yaml"
        path.write_text(yaml.safe_dump(definition, sort_keys=False))
        game_paths.append(path)
    return config_path, game_paths


def run_demo(directory: str | None, game: str, seats: int, seed: str,
             echo: Callable[[str], None], bots: bool = False, turns: int | None = None,
             clock=None, maps: bool = True, ruleset: str | None = None,
             options: dict | None = None, names: tuple[str, ...] = ()) -> None:
    """Play the demo games to their end, printing each tick's summary and where things are
    (on ``clock``, if given, else the system's; ``maps=False``: text-only reports)."""
    root = Path(directory) if directory else Path(tempfile.mkdtemp(prefix="pbem-demo-"))
    root.mkdir(parents=True, exist_ok=True)
    config_path, game_paths = write_files(root, game, seats, seed, bots, turns, maps, ruleset,
                                          options, names)
    config = load_config(config_path)
    moderator = Moderator(config, clock=clock)
    rng = random.Random(seed)
    players = []
    game_ids = []
    for path in game_paths:
        definition = game_definition(yaml.safe_load(path.read_text()), str(path))
        record = create_game(moderator.store, config, definition, moderator.clock())
        players.extend(ScriptedPlayer(record.id, s["seat"], s["address"], rng,
                                      mistake=index == 1)
                       for index, s in enumerate(record.seats) if s["address"])
        game_ids.append(record.id)
        who = "bots" if bots else "scripted players"
        echo(f"demo: game {record.id} with {len(record.seats)} {who}")
    moderator.send_outbox()
    outgoing = mailbox.Maildir(config.mail_out.maildir.path, factory=None)
    incoming = mailbox.Maildir(config.mail_in.maildir.path, factory=None)
    for _ in range(MAX_TICKS):
        records = {game_id: GameRecord.load(moderator.store, game_id) for game_id in game_ids}
        if all(record.finished for record in records.values()):
            break
        for player in players:
            reply = player.answer(records[player.game_id], player.new_mail(outgoing),
                                  config.moderator.address, moderator.clock())
            if reply is not None:
                incoming.add(reply.as_bytes())
        echo(moderator.tick().line())
    for game_id in game_ids:
        record = GameRecord.load(moderator.store, game_id)
        echo(f"demo: {game_id}: {record.step_name()} after {record.step} steps; "
             f"result: {record.rules.result(record.state)}")
        result = record.rules.result(record.state) or {}
        if turns is not None and str(result.get("victory", "")).endswith("default"):
            echo(f"demo: the game file says turns: {turns}, so the game ends after turn "
                 f"{turns}: with nobody holding enough strongholds by then, a faction wins by "
                 "default, as the rules say of the last turn (pbem demo --turns 10 plays a "
                 "whole game)")
    readers = write_readable(Path(config.mail_out.maildir.path), root / "mail" / "read")
    echo(f"configuration: {config_path}")
    echo(f"database:      {config.database}")
    echo(f"mail in:       {config.mail_in.maildir.path}")
    echo(f"mail out:      {config.mail_out.maildir.path}")
    if readers:
        echo(f"read the mail: {readers[0].parent}/, one file per reader, each mail it got in "
             f"order: {', '.join(path.name for path in readers)}")
        echo(f"               less {readers[0]}")
    command = pbem_command()
    echo(f"next:          {command} --config {config_path} status")
    echo(f"               {command} --config {config_path} gm {game_ids[0]} log    "
         "(every decision, as the GM sees it)")
    if game == "dune" and not bots:
        echo(f"               {command} demo --turns 10    (a whole game)")


def pbem_command() -> str:
    """How the reader runs pbem from here: ``pbem`` if that is the one running, else the
    path of the one running (``.venv/bin/pbem``, which is on no PATH), else ``python -m
    pbem``."""
    here = Path(sys.executable).parent / "pbem"
    found = shutil.which("pbem")
    if found is not None and Path(found).resolve() == here.resolve():
        return "pbem"
    if not here.exists():
        return f"{sys.executable} -m pbem"
    relative = os.path.relpath(here)
    return relative if not relative.startswith("..") else str(here)


def write_readable(maildir: Path, folder: Path) -> list[Path]:
    """Every mail sent, as plain text in one file per recipient (its address's local part),
    in the order sent, so that a newcomer reads the game as each player and the GM did."""
    files = [path for sub in ("new", "cur") for path in (maildir / sub).glob("*")]
    files.sort(key=lambda path: (path.stat().st_mtime_ns, path.name))
    mails: dict[str, list[str]] = {}
    for path in files:
        message = parse_message(path.read_bytes())
        text = (f"Date: {message['Date']}\nSubject: {message['Subject']}\n\n"
                f"{body_text(message).rstrip()}\n")
        for _, address in getaddresses(message.get_all("To", [])):
            mails.setdefault(address.lower().partition("@")[0], []).append(text)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for reader in sorted(mails):
        path = folder / f"{reader}.txt"
        path.write_text(f"\n{'=' * 78}\n".join(mails[reader]))
        paths.append(path)
    return paths
