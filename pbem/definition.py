"""Game files: a GM's YAML definition of a new game, checked, then created.

A game file names the game and ruleset, its options, and the seats with each
player's address; a seat without a secret gets a generated one.  Creating the
game sets up its state from a seed, stores it with its first deadline, and
queues each seat's welcome mail, all in one transaction.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from pbem import fairness, outbox, reports
from pbem.command import OPTION, commander
from pbem.config import Config
from pbem.deadlines import DeadlinePolicy, due_at
from pbem.game import Bots, Commanders, UnknownGame, capability, load_game, owed, step_rng
from pbem.mail.mime import PLAIN_ADDRESS
from pbem.record import DEALING, GameRecord
from pbem.reply_token import message_id, seat_token
from pbem.schema import SchemaError, build
from pbem.store import Store, parse_utc, utc_text

GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")


class GameFileError(SchemaError):
    """A game file is wrong; ``problems`` lists every fault."""


@dataclass(frozen=True)
class SeatDefinition:
    """One seat: its name in the game (a faction), the player's address, and more; or a bot
    (``bot: random``), which plays the seat from its own view and gets no mail; or, in a game
    where a player may command several seats, the seat whose player commands it
    (``commanded_by``, ``pbem.command``)."""

    seat: str
    address: str | None = None
    bot: str | None = None
    commanded_by: str | None = None
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
    salt_hours: int | None = None
    gm_maps: bool = False


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
    seating = None
    if definition.ruleset is not None and definition.ruleset not in rules.rulesets:
        problems.append(f"ruleset: expected one of {', '.join(rules.rulesets)}, "
                        f"got {definition.ruleset!r}")
    else:
        ruleset = definition.ruleset or rules.rulesets[0]
        try:        # the seats a game of its ruleset and options may have, the game's answer
            seating = rules.seating(ruleset, dict(definition.options))
        except ValueError as error:
            problems.append(f"options: {error}")
    if definition.gm_address is not None and not PLAIN_ADDRESS.fullmatch(definition.gm_address):
        problems.append(f"gm_address: expected one plain mail address, got "
                        f"{definition.gm_address!r}")
    names = [s.seat for s in definition.seats]
    for index, seat in enumerate(definition.seats):
        where = f"seats[{index}]"
        if seating is not None and seat.seat not in seating.names:
            problems.append(f"{where}.seat: expected one of {', '.join(seating.names)}, "
                            f"got {seat.seat!r}")
        if names.count(seat.seat) > 1:
            problems.append(f"{where}.seat: {seat.seat!r} is seated twice")
        bots = capability(rules, Bots)
        styles = bots.bot_styles if bots is not None else ()
        if seat.bot is not None and seat.bot not in styles:
            problems.append(f"{where}.bot: expected one of {', '.join(styles)}, "
                            f"got {seat.bot!r}" if styles else
                            f"{where}.bot: {rules.name} has no bots, got {seat.bot!r}")
        if seat.commanded_by is not None:
            problems.extend(_command_problems(definition, rules, where, seat))
        elif seat.bot is not None and seat.address is not None:
            problems.append(f"{where}: a bot seat has no address; give address or bot")
        elif seat.bot is None and not PLAIN_ADDRESS.fullmatch(seat.address or ""):
            # One plain address: a list ("paul@x, gone@y") would be one seat mailed at two
            # addresses, each refusing or taking the mail on its own (issue 34, item 8).
            problems.append(f"{where}.address: expected one plain mail address (or bot: "
                            f"random), got {seat.address!r}")
        if seat.secret is not None and not re.fullmatch(r"\S{4,64}", seat.secret):
            problems.append(f"{where}.secret: expected 4 to 64 characters without spaces")
        for zone_key, zone in ((f"{where}.timezone", seat.timezone),):
            problems.extend(_zone_problem(zone_key, zone))
    if seating is not None and not seating.fewest <= len(names) <= seating.most:
        problems.append(f"seats: a game of {rules.name} ({ruleset}) seats {seating.fewest} to "
                        f"{seating.most}, not {len(names)}")
    elif seating is not None and seating.sets and set(names) not in map(set, seating.sets):
        problems.append(f"seats: a game of {rules.name} ({ruleset}) seats one of: "
                        + "; ".join(", ".join(s) for s in seating.sets))
    if definition.civil_disorder == "bot" and capability(rules, Bots) is None:
        problems.append(f"civil_disorder: {rules.name} has no bots; expected defaults or wait")
    problems.extend(_zone_problem("timezone", definition.timezone))
    problems.extend(definition.deadlines.problems())
    if definition.missed_limit < 1:
        problems.append("missed_limit: expected at least 1")
    if definition.salt_hours is not None and definition.salt_hours < 0:
        problems.append("salt_hours: expected 0 (deal at once) or more hours")
    return problems


def _command_problems(definition: GameDefinition, rules, where: str,
                      seat: SeatDefinition) -> list[str]:
    """What is wrong with a seat commanded by another's player (``pbem.command``)."""
    if capability(rules, Commanders) is None:
        return [f"{where}.commanded_by: in {rules.name} every seat has a player of its own"]
    chief = next((s for s in definition.seats if s.seat == seat.commanded_by), None)
    if chief is None or chief is seat or chief.commanded_by is not None:
        return [f"{where}.commanded_by: expected another seat of this file that has a player "
                f"(address or bot), got {seat.commanded_by!r}"]
    own = [key for key in ("address", "bot", "player", "secret", "timezone")
           if getattr(seat, key) is not None]
    problems = [f"{where}: a commanded seat has no {key} of its own (its commander's "
                "player plays it)" for key in own]
    if definition.draw_seats:
        problems.append(f"{where}.commanded_by: not with draw_seats (the draw deals players "
                        "to seats, one a seat)")
    return problems


def game_options(definition: GameDefinition) -> dict[str, Any]:
    """The options a game is set up with: the game file's, and who commands which seat
    (``pbem.command``) where a seat is commanded by another's player."""
    commanded = {s.seat: s.commanded_by for s in definition.seats if s.commanded_by}
    return {**definition.options, OPTION: commanded} if commanded else dict(definition.options)


def _zone_problem(key: str, zone: str | None) -> list[str]:
    if zone is None:
        return []
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return [f"{key}: unknown time zone {zone!r} (expected an IANA name such as "
                "America/New_York)"]
    return []


def create_game(store: Store, config: Config, definition: GameDefinition,
                now: datetime) -> GameRecord:
    """Store the game with the GM's seed and its commitment (``pbem.fairness``), and deal it
    at once when its salt window is zero; else mail each seat the commitment and an invitation
    to salt, and the tick deals it when every seat has answered or the window has passed."""
    if store.game(definition.id) is not None:
        raise GameFileError(definition.id, [f"id: a game {definition.id!r} exists already"])
    rules = load_game(definition.game)
    ruleset = definition.ruleset or rules.rulesets[0]
    gm_seed = definition.seed or secrets.token_hex(16)
    options = game_options(definition)
    try:
        rules.setup(ruleset, dict(options), [s.seat for s in definition.seats],
                    step_rng(gm_seed, 0))
    except ValueError as error:
        raise GameFileError(definition.id, [f"options: {error}"]) from None
    hours = config.salt_hours if definition.salt_hours is None else definition.salt_hours
    settings = {
        "title": definition.title, "auth": definition.auth,
        "deadlines": definition.deadlines.to_json(),
        "missed_limit": definition.missed_limit, "civil_disorder": definition.civil_disorder,
        "timezone": definition.timezone or config.timezone,
        "gm_address": definition.gm_address or config.gm_address,
        "gm_secret": secrets.token_urlsafe(8),
        "press": definition.press, "max_absence_days": definition.max_absence_days,
    }
    if definition.draw_seats:
        settings["draw_seats"] = True
    if definition.gm_maps:
        settings["gm_maps"] = True
    with store.atomic():
        store.db["games"].insert({
            "id": definition.id, "game": definition.game, "ruleset": ruleset,
            "options": json.dumps(options, sort_keys=True),
            "rules_version": rules.rules_version, "seed": gm_seed, "status": DEALING, "step": 0,
            "state": "{}", "settings": json.dumps(settings),
            "created_at": utc_text(now), "updated_at": utc_text(now),
            "gm_seed": gm_seed, "salts": "{}", "deal_at": utc_text(now + timedelta(hours=hours)),
            "commitment": fairness.commitment(gm_seed, definition.id, definition.game, ruleset,
                                              options, rules.rules_version),
        })
        made = {seat.seat: seat.secret or secrets.token_urlsafe(6) for seat in definition.seats}
        for seat in definition.seats:
            secret = made[seat.seat]
            token = seat_token(store.installation_key(), definition.id,     # as its player's
                               {"seat": seat.seat, "secret": made[seat.commanded_by or seat.seat]})
            store.db["seats"].insert({
                "game_id": definition.id, "seat": seat.seat,
                "address": (seat.address or "").lower(),
                "secret": secret, "player": seat.player,
                "timezone": seat.timezone, "missed": 0,
                "disorder": bot_disorder(seat.bot),
                "thread_id": message_id(config.moderator.domain,
                                        f"{definition.id}.{seat.seat}", token),
            })
        if hours == 0:
            return deal(store, config, definition.id, now, at_once=True)
        record = GameRecord.load(store, definition.id)
        for seat in salting_seats(record):
            outbox.enqueue(store, reports.commitment(config, record, seat, now), now,
                           "commitment", definition.id, seat)
    return record


def salting_seats(record: GameRecord) -> list[str]:
    """The seats that may salt: those a player plays (a bot gives no salt), each player once,
    for its own seat (``pbem.command``)."""
    return [s["seat"] for s in record.seats if not (s["disorder"] or "").startswith("bot")
            and commander(s) == s["seat"]]


REVEAL, DEAL = "reveal", "deal"


def salts_due(record: GameRecord, now: datetime) -> str | None:
    """What a game waiting for salts does now (docs/fairness.md): ``REVEAL``, open the round
    that reveals the salts committed by digest alone, once every seat has committed or the
    salt window has passed; ``DEAL`` once nothing is left to reveal (at once, if every
    commitment came with its salt) or the reveal window has passed; else None."""
    digests = json.loads(record.row["salt_digests"] or "{}")
    salts = json.loads(record.row["salts"] or "{}")
    hidden = fairness.unrevealed(digests, salts)
    if record.row["reveal_at"] is not None:
        return DEAL if not hidden or now >= parse_utc(record.row["reveal_at"]) else None
    answered = all(seat in digests or seat in salts for seat in salting_seats(record))
    if not answered and now < parse_utc(record.row["deal_at"]):
        return None
    return REVEAL if hidden else DEAL


def open_reveal(store: Store, config: Config, record: GameRecord, now: datetime) -> None:
    """Close the commitments and ask every seat that salts to reveal its salt, showing each
    seat's commitment; the reveal window is as long as the salt window was."""
    window = parse_utc(record.row["deal_at"]) - parse_utc(record.row["created_at"])
    with store.atomic():
        reveal_at = utc_text(now + window)
        store.db["games"].update(record.id, {"reveal_at": reveal_at})
        record.row = {**record.row, "reveal_at": reveal_at}
        for seat in salting_seats(record):
            outbox.enqueue(store, reports.salt_reveal(config, record, seat, now), now,
                           "salt-reveal", record.id, seat)


def deal(store: Store, config: Config, game_id: str, now: datetime,
         at_once: bool = False) -> GameRecord:
    """Deal a game waiting for salts: the played seed from the GM's seed and the salts, the
    seat draw from it (if the game file asks for one), the set-up, the first deadline, and
    each seat's welcome, in the thread its commitment mail opened (``at_once``: a game with
    no salt window, whose welcome opens the thread)."""
    with store.atomic():
        record = GameRecord.load(store, game_id)
        assert record.dealing, game_id
        # The salts revealed: a seat that committed by digest and did not reveal gives none.
        seed = fairness.played_seed(record.row["gm_seed"], json.loads(record.row["salts"]))
        opened = set() if at_once else {s["thread_id"] for s in record.seats}
        if record.settings.get("draw_seats"):
            _draw_seats(store, config, record, seed)
        seats = [s["seat"] for s in record.seats]
        state = record.rules.setup(record.row["ruleset"], json.loads(record.row["options"]),
                                   seats, step_rng(seed, 0), record.row["rules_version"])
        policy = DeadlinePolicy.from_json(record.settings["deadlines"])
        due = due_at(now, [p.kind for p in owed(record.rules.prompts(state))], policy,
                     record.settings["timezone"])
        store.db["games"].update(game_id, {
            "seed": seed, "status": "active", "state": json.dumps(state, sort_keys=True),
            "updated_at": utc_text(now)})
        store.db["deadlines"].insert({"game_id": game_id, "step": 0,
                                      "opened_at": utc_text(now), "due_at": utc_text(due)})
        record = GameRecord.load(store, game_id)
        for seat in seats:
            outbox.enqueue(store, reports.welcome(
                config, record, seat, due, now,
                opens_thread=record.seat(seat)["thread_id"] not in opened), now,
                "welcome", game_id, seat)
        if record.settings["gm_address"]:
            outbox.enqueue(store, reports.gm_welcome(config, record, now), now, "gm-welcome",
                           game_id)
    return record


def _draw_seats(store: Store, config: Config, record: GameRecord, seed: str) -> None:
    """Deal the players to the seats at random, from the played seed (Dune: WBC house rule
    1, factions drawn randomly); each player keeps their own address, secret and settings."""
    players = [{key: value for key, value in seat.items() if key not in ("game_id", "seat")}
               for seat in record.seats]
    for seat, drawn in zip(record.seats, fairness.seat_draw(len(players), seed), strict=True):
        player = players[drawn]
        token = seat_token(store.installation_key(), record.id,
                           {"seat": seat["seat"], "secret": player["secret"]})
        store.db["seats"].update((record.id, seat["seat"]), {
            **player, "thread_id": message_id(config.moderator.domain,
                                              f"{record.id}.{seat['seat']}", token)})
