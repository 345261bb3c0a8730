"""Game files: a GM's YAML definition of a new game, checked, then created.

A game file names the game and ruleset, its options, and the seats with each
player's address; a seat without a secret gets a generated one.  Creating the
game sets up its state from a seed, stores it with its first deadline, and
queues each seat's welcome mail, all in one transaction.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from pbem import outbox, reports
from pbem.config import Config
from pbem.deadlines import DeadlinePolicy, due_at
from pbem.game import Bots, UnknownGame, capability, load_game, owed, step_rng
from pbem.record import GameRecord
from pbem.reply_token import message_id, seat_token
from pbem.schema import SchemaError, build
from pbem.store import Store, utc_text

GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")


class GameFileError(SchemaError):
    """A game file is wrong; ``problems`` lists every fault."""


@dataclass(frozen=True)
class SeatDefinition:
    """One seat: its name in the game (a faction), the player's address, and more; or a bot
    (``bot: random``), which plays the seat from its own view and gets no mail."""

    seat: str
    address: str | None = None
    bot: str | None = None
    player: str | None = None
    secret: str | None = None
    timezone: str | None = None


@dataclass(frozen=True)
class GameDefinition:
    """A game file."""

    id: str
    game: str
    seats: tuple[SeatDefinition, ...]
    ruleset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    title: str | None = None
    seed: str | None = None
    auth: Literal["address", "secret", "both"] = "both"
    deadlines: DeadlinePolicy = field(default_factory=DeadlinePolicy)
    missed_limit: int = 3
    civil_disorder: Literal["defaults", "bot", "wait"] = "defaults"
    timezone: str | None = None
    gm_address: str | None = None
    draw_seats: bool = False
    press: Literal["named", "anonymous", "none"] = "named"
    max_absence_days: int = 14


def bot_disorder(style: str | None) -> str | None:
    """How a seat played by a bot from the start is stored: as civil disorder ``bot``
    (``bot:<style>`` for a style other than random), or None for a player's seat."""
    if style is None:
        return None
    return "bot" if style == "random" else f"bot:{style}"


def read_game_file(path: Path | str) -> GameDefinition:
    """Read and check a game file."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise GameFileError(str(path), [f"cannot read the file: {error.strerror}"]) from None
    except yaml.YAMLError as error:
        raise GameFileError(str(path), [f"not valid YAML: {error}"]) from None
    return game_definition(data, str(path))


def game_definition(data: Any, source: str = "game") -> GameDefinition:
    """Check parsed YAML as a game definition, reporting every fault at once."""
    problems: list[str] = []
    definition = build(GameDefinition, data, "", problems)
    if definition is not None:
        problems.extend(_checks(definition))
    if problems:
        raise GameFileError(source, problems)
    return definition


def _checks(definition: GameDefinition) -> list[str]:
    problems = []
    if not GAME_ID.match(definition.id):
        problems.append(f"id: expected letters, digits, '-', '_' or '.', got {definition.id!r}")
    try:
        rules = load_game(definition.game)
    except UnknownGame as error:
        return problems + [f"game: {error}"]
    if definition.ruleset is not None and definition.ruleset not in rules.rulesets:
        problems.append(f"ruleset: expected one of {', '.join(rules.rulesets)}, "
                        f"got {definition.ruleset!r}")
    names = [s.seat for s in definition.seats]
    for index, seat in enumerate(definition.seats):
        where = f"seats[{index}]"
        if seat.seat not in rules.seat_names:
            problems.append(f"{where}.seat: expected one of {', '.join(rules.seat_names)}, "
                            f"got {seat.seat!r}")
        if names.count(seat.seat) > 1:
            problems.append(f"{where}.seat: {seat.seat!r} is seated twice")
        bots = capability(rules, Bots)
        styles = bots.bot_styles if bots is not None else ()
        if seat.bot is not None and seat.bot not in styles:
            problems.append(f"{where}.bot: expected one of {', '.join(styles)}, "
                            f"got {seat.bot!r}" if styles else
                            f"{where}.bot: {rules.name} has no bots, got {seat.bot!r}")
        if seat.bot is not None and seat.address is not None:
            problems.append(f"{where}: a bot seat has no address; give address or bot")
        elif seat.bot is None and "@" not in (seat.address or ""):
            problems.append(f"{where}.address: expected a mail address (or bot: random), "
                            f"got {seat.address!r}")
        if seat.secret is not None and not re.fullmatch(r"\S{4,64}", seat.secret):
            problems.append(f"{where}.secret: expected 4 to 64 characters without spaces")
        for zone_key, zone in ((f"{where}.timezone", seat.timezone),):
            problems.extend(_zone_problem(zone_key, zone))
    if definition.civil_disorder == "bot" and capability(rules, Bots) is None:
        problems.append(f"civil_disorder: {rules.name} has no bots; expected defaults or wait")
    problems.extend(_zone_problem("timezone", definition.timezone))
    problems.extend(definition.deadlines.problems())
    if definition.missed_limit < 1:
        problems.append("missed_limit: expected at least 1")
    return problems


def _zone_problem(key: str, zone: str | None) -> list[str]:
    if zone is None:
        return []
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return [f"{key}: unknown time zone {zone!r} (expected an IANA name such as "
                "America/New_York)"]
    return []


def _draw_seats(definition: GameDefinition, seed: str) -> GameDefinition:
    """Deal the players to the seats at random, from the game's seed (Dune: WBC house
    rule 1, factions drawn randomly); each player keeps their own address and settings."""
    players = list(definition.seats)
    random.Random(f"{seed}/seats").shuffle(players)
    dealt = tuple(dataclasses.replace(player, seat=seat.seat)
                  for seat, player in zip(definition.seats, players, strict=True))
    return dataclasses.replace(definition, seats=dealt)


def create_game(store: Store, config: Config, definition: GameDefinition,
                now: datetime) -> GameRecord:
    """Set up the game, store it with its first deadline, and queue the welcome mails."""
    if store.game(definition.id) is not None:
        raise GameFileError(definition.id, [f"id: a game {definition.id!r} exists already"])
    rules = load_game(definition.game)
    ruleset = definition.ruleset or rules.rulesets[0]
    seed = definition.seed or secrets.token_hex(8)
    seats = [s.seat for s in definition.seats]
    if definition.draw_seats:
        definition = _draw_seats(definition, seed)
    try:
        state = rules.setup(ruleset, dict(definition.options), seats, step_rng(seed, 0))
    except ValueError as error:
        raise GameFileError(definition.id, [f"options: {error}"]) from None
    settings = {
        "title": definition.title, "auth": definition.auth,
        "deadlines": definition.deadlines.to_json(),
        "missed_limit": definition.missed_limit, "civil_disorder": definition.civil_disorder,
        "timezone": definition.timezone or config.timezone,
        "gm_address": definition.gm_address or config.gm_address,
        "gm_secret": secrets.token_urlsafe(8),
        "press": definition.press, "max_absence_days": definition.max_absence_days,
    }
    due = due_at(now, [p.kind for p in owed(rules.prompts(state))], definition.deadlines,
                 settings["timezone"])
    with store.atomic():
        store.db["games"].insert({
            "id": definition.id, "game": definition.game, "ruleset": ruleset,
            "options": json.dumps(definition.options, sort_keys=True),
            "rules_version": rules.rules_version, "seed": seed, "status": "active", "step": 0,
            "state": json.dumps(state, sort_keys=True), "settings": json.dumps(settings),
            "created_at": utc_text(now), "updated_at": utc_text(now),
        })
        for seat in definition.seats:
            secret = seat.secret or secrets.token_urlsafe(6)
            token = seat_token(store.installation_key(), definition.id,
                               {"seat": seat.seat, "secret": secret})
            store.db["seats"].insert({
                "game_id": definition.id, "seat": seat.seat,
                "address": (seat.address or "").lower(),
                "secret": secret, "player": seat.player,
                "timezone": seat.timezone, "missed": 0,
                "disorder": bot_disorder(seat.bot),
                "thread_id": message_id(config.moderator.domain,
                                        f"{definition.id}.{seat.seat}", token),
            })
        store.db["deadlines"].insert({"game_id": definition.id, "step": 0,
                                      "opened_at": utc_text(now), "due_at": utc_text(due)})
        record = GameRecord.load(store, definition.id)
        for seat in seats:
            outbox.enqueue(store, reports.welcome(config, record, seat, due, now), now,
                           "welcome", definition.id, seat)
        if settings["gm_address"]:
            outbox.enqueue(store, reports.gm_welcome(config, record, now), now, "gm-welcome",
                           definition.id)
    return record
