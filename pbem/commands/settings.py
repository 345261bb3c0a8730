"""A player's settings by mail: time zone, mail format, reports, the map, standing orders and
absences (docs/commands.md).

The time zone is the seat's ``timezone`` column; the format, the digest, the map, standing
orders and an absence are kept in ``seats.preferences`` (``pbem.preferences``).  While an
absence lasts, the seat's missing orders take their defaults at once (``pbem.resolution``);
the game file's ``max_absence_days`` bounds its length.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from pbem.commands.registry import CommandContext, CommandError, player_command
from pbem.definition import GameDefinition
from pbem.game import Game
from pbem.preferences import preferences, set_preference
from pbem.standing import CLEAR_WORDS, StandingError, read_standing, stored
from pbem.store import utc_text
from pbem.templating import format_deadline

FORMATS = ("text", "html")
MAP_FORMATS = ("PNG", "SVG", "OFF")
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@cache
def _zones() -> dict[str, str]:
    """IANA time zone names by their lower case."""
    return {zone.lower(): zone for zone in available_timezones()}


def _set_timezone(context: CommandContext, value: str) -> None:
    zone = _zones().get(value.lower())
    if zone is None:
        raise CommandError(f"unknown time zone {value!r}: write an IANA name such as "
                           "America/New_York or Europe/Berlin")
    record = context.record
    context.store.db["seats"].update((record.id, context.seat), {"timezone": zone})
    record.seat(context.seat)["timezone"] = zone
    deadline = context.store.deadline(record.id, record.step)
    context.answer(f"Deadlines are shown to you in {zone} now; this step's is "
                   f"{format_deadline(deadline, zone)}.")


def _set_format(context: CommandContext, value: str) -> None:
    if value.lower() not in FORMATS:
        raise CommandError(f"expected SET FORMAT {' or SET FORMAT '.join(FORMATS)}")
    set_preference(context.store, context.record.id, context.record.seat(context.seat),
                   "format", value.lower())
    context.answer(f"Your mail format is {value.lower()}. Only plain text mail exists so far: "
                   "you get text until HTML mail is written.")


def _set_digest(context: CommandContext, value: str) -> None:
    """Reports only with news (ON, the default; ``pbem.digest``) or every step's (OFF)."""
    if value.upper() not in ("ON", "OFF"):
        raise CommandError("expected SET DIGEST ON or SET DIGEST OFF")
    off = value.upper() == "OFF"
    set_preference(context.store, context.record.id, context.record.seat(context.seat),
                   "digest", "off" if off else None)
    context.answer("You get a report after every step now. SET DIGEST ON mails you only "
                   "when there is news for you." if off else
                   "You get a report only when there is news for you: a decision of yours, "
                   "something told to you alone, or the end of the game; it covers every step "
                   "since your last report. SET DIGEST OFF mails you every step.")


def _set_map(context: CommandContext, value: str) -> None:
    """How a report brings the map: a PNG picture (the default), with the SVG too, or not."""
    if value.upper() not in MAP_FORMATS:
        raise CommandError(f"expected SET MAP {' or SET MAP '.join(MAP_FORMATS)}")
    word = value.upper()
    set_preference(context.store, context.record.id, context.record.seat(context.seat),
                   "map", None if word == "PNG" else word.lower())
    context.answer({
        "PNG": "The map comes in your reports as a picture (PNG), once a turn and again "
               "when it changed before a decision made on the board.",
        "SVG": "The map comes in your reports as a picture (PNG) with the SVG file "
               "attached, once a turn and again when it changed before a decision made on "
               "the board.",
        "OFF": "Your reports bring no map. SET MAP PNG brings it back."}[word])


def _set_standing(context: CommandContext, value: str) -> None:
    """A standing order for one kind of decision (``pbem.standing``); ``NONE`` alone clears
    them all, ``<kind> NONE`` that kind's."""
    record, seat = context.record, context.record.seat(context.seat)
    if value.upper() in CLEAR_WORDS:
        set_preference(context.store, record.id, seat, "standing", None)
        context.answer("You have no standing orders now.")
        return
    try:
        standing = read_standing(record.rules, value)
    except StandingError as error:
        raise CommandError(str(error)) from None
    found = stored(record.rules, seat)
    replaced = sorted({"; ".join(found.pop(kind.kind)) for kind in standing.kinds
                       if kind.kind in found} - {"; ".join(standing.lines)})
    found.update({kind.kind: list(standing.lines) for kind in standing.kinds if standing.lines})
    set_preference(context.store, record.id, seat, "standing", found or None)
    if not standing.lines:
        context.answer(f"You have no standing order for {standing.word} now.")
        return
    what = "; ".join(f"{kind.kind} ({kind.what})" for kind in standing.kinds)
    instead = f" (it replaces {' and '.join(replaced)})" if replaced else ""
    context.answer(f"Standing order for {standing.word}: {'; '.join(standing.lines)}"
                   f"{instead}.  It answers: {what}, whenever such a decision opens and you "
                   f"have not answered it.  Every other decision is asked of you.  "
                   f"SET STANDING {standing.word} NONE clears it.")


def _standing_text(rules: Game, seat: dict) -> str:
    """The seat's standing orders for SET: each kind's word and its orders."""
    words = {kind.kind: kind.words[0] for kind in rules.decision_kinds}
    found = stored(rules, seat)
    text = {f"{words[kind]} {'; '.join(lines)}" for kind, lines in found.items()}
    return "; ".join(sorted(text)) or "none"


SETTINGS: dict[str, Callable[[CommandContext, str], None]] = {
    "TIMEZONE": _set_timezone, "FORMAT": _set_format, "DIGEST": _set_digest, "MAP": _set_map,
    "STANDING": _set_standing}


def _absence_text(absence: dict | None) -> str:
    if absence is None:
        return "none"
    reason = f" ({absence['reason']})" if absence["reason"] else ""
    return f"{absence['from']} to {absence['to']}{reason}"


def _list_settings(context: CommandContext) -> None:
    seat = context.record.seat(context.seat)
    found = preferences(seat)
    zone = seat["timezone"] or f"none: the game's, {context.record.settings['timezone']}"
    context.answer("\n".join([
        "Your settings:",
        f"  TIMEZONE {zone}",
        f"  FORMAT {found.get('format', 'text')}",
        f"  DIGEST {found.get('digest', 'on').upper()}",
        f"  MAP {found.get('map', 'png').upper()}",
        f"  STANDING {_standing_text(context.record.rules, seat)}",
        f"  ABSENCE {_absence_text(found.get('absence'))}"]))


@player_command("SET", "SET [TIMEZONE <IANA zone> | FORMAT text|html | DIGEST ON|OFF"
                " | MAP PNG|SVG|OFF"
                " | STANDING <kind> <orders; ...> | STANDING <kind> NONE | STANDING NONE]",
                "your settings: the time zone deadlines are shown in, the mail format, "
                "reports only with news or every step's, the map's form, standing orders; "
                "SET alone lists them")
def set_(context: CommandContext, args: str) -> None:
    key, _, value = args.partition(" ")
    if not key:
        _list_settings(context)
        return
    setting = SETTINGS.get(key.upper())
    if setting is None or not value.strip():
        raise CommandError(f"expected SET {' <value> or SET '.join(SETTINGS)} <value>")
    setting(context, value.strip())


def _dates(words: list[str]) -> tuple[date, date]:
    if len(words) < 2 or not all(ISO_DATE.fullmatch(w) for w in words[:2]):
        raise CommandError("expected two dates YYYY-MM-DD (in your time zone), or NONE")
    try:
        return date.fromisoformat(words[0]), date.fromisoformat(words[1])
    except ValueError as error:
        raise CommandError(f"not a date: {error}") from None


def _check_absence(context: CommandContext, first: date, last: date, today: date) -> None:
    """Refuse an absence that ends before it starts, starts in the past, or is too long."""
    most = context.record.settings.get("max_absence_days", GameDefinition.max_absence_days)
    days = (last - first).days + 1
    if last < first:
        raise CommandError(f"the absence ends ({last}) before it starts ({first})")
    if first < today:
        raise CommandError(f"the absence starts in the past: today is {today} where you are")
    if days > most:
        raise CommandError(f"{days} days is longer than this game allows: {most} days at "
                           "most; ask the GM")


def _midnight(day: date, zone: ZoneInfo) -> str:
    return utc_text(datetime.combine(day, time(), tzinfo=zone))


@player_command("ABSENCE", "ABSENCE <from YYYY-MM-DD> <to YYYY-MM-DD> [reason] | ABSENCE NONE",
                "a period away: your missing orders take their defaults at once and count "
                "as no missed deadline")
def absence(context: CommandContext, args: str) -> None:
    """Declare (or with NONE, withdraw) the seat's absence, whole days in its time zone."""
    record = context.record
    seat = record.seat(context.seat)
    words = args.split(None, 2)
    if [w.upper() for w in words] == ["NONE"]:
        set_preference(context.store, record.id, seat, "absence", None)
        context.answer("You have no absence declared now.")
        return
    first, last = _dates(words)
    zone = ZoneInfo(record.timezone_of(context.seat))
    _check_absence(context, first, last, context.now.astimezone(zone).date())
    away = {"from": first.isoformat(), "to": last.isoformat(),
            "reason": words[2] if len(words) > 2 else "",
            "starts_at": _midnight(first, zone), "ends_at": _midnight(last + timedelta(1), zone)}
    set_preference(context.store, record.id, seat, "absence", away)
    context.answer(f"You are away from {first} to {last}, in {zone.key}: meanwhile your "
                   "missing orders take their defaults at once, and count as no missed "
                   "deadline. ABSENCE NONE withdraws it.")
