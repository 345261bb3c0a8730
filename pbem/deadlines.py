"""Deadlines: when a step is due, in the game's time zone, and the pace around it.

A game file sets a ``deadlines`` policy: hours per step (per kind of
decision, the longest of the step's kinds counting: the kinds of the decisions
the step waits for, ``pbem.game.owed``, never an optional one), an optional
time of day to round up to and allowed weekdays, a delay before a step whose orders are
all in resolves, reminders before the deadline, a grace period after it, and
the extension a deadline gets when the moderator itself was down.  Every time
is computed from a clock the caller passes in; nothing here reads the clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
TIME_OF_DAY = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


@dataclass(frozen=True)
class DeadlinePolicy:
    """How long each step may take, and the pace around its deadline."""

    hours: int = 48
    per_kind: dict[str, int] = field(default_factory=dict)
    time_of_day: str | None = None
    weekdays: tuple[str, ...] = ()
    resolve_delay_minutes: int = 0
    reminder_hours: int = 12
    grace_hours: int = 0
    outage_grace_hours: int = 12

    def problems(self, prefix: str = "deadlines.") -> list[str]:
        """What is wrong with the policy, key by key."""
        found = []
        if self.hours < 1:
            found.append(f"{prefix}hours: expected at least 1")
        for kind, hours in self.per_kind.items():
            if isinstance(hours, bool) or not isinstance(hours, int) or hours < 1:
                found.append(f"{prefix}per_kind.{kind}: expected a number of hours of at "
                             f"least 1, got {hours!r}")
        if self.time_of_day is not None and not TIME_OF_DAY.match(self.time_of_day):
            found.append(f"{prefix}time_of_day: expected HH:MM, got {self.time_of_day!r}")
        for day in self.weekdays:
            if day not in WEEKDAYS:
                found.append(f"{prefix}weekdays: expected days among {', '.join(WEEKDAYS)}, "
                             f"got {day!r}")
        return found

    def to_json(self) -> dict:
        return {"hours": self.hours, "per_kind": dict(self.per_kind),
                "time_of_day": self.time_of_day, "weekdays": list(self.weekdays),
                "resolve_delay_minutes": self.resolve_delay_minutes,
                "reminder_hours": self.reminder_hours, "grace_hours": self.grace_hours,
                "outage_grace_hours": self.outage_grace_hours}

    @classmethod
    def from_json(cls, data: dict) -> DeadlinePolicy:
        return cls(**{**data, "weekdays": tuple(data.get("weekdays", ()))})


def due_at(opened: datetime, kinds: list[str], policy: DeadlinePolicy, zone: str) -> datetime:
    """The deadline of a step opened at ``opened`` whose decisions are of ``kinds``.

    The hours are the longest of the step's kinds (or the policy's default);
    then, in the game's time zone, the deadline moves later to the time of day
    and on to the next allowed weekday, if the policy names them.
    """
    hours = max((policy.per_kind.get(kind, policy.hours) for kind in kinds),
                default=policy.hours)
    local = (opened + timedelta(hours=hours)).astimezone(ZoneInfo(zone))
    if policy.time_of_day:
        hour, minute = map(int, policy.time_of_day.split(":"))
        target = datetime.combine(local.date(), time(hour, minute), tzinfo=local.tzinfo)
        local = target if target >= local else target + timedelta(days=1)
    # Aware datetimes in a ZoneInfo zone add days by the wall clock, across DST changes.
    while policy.weekdays and WEEKDAYS[local.weekday()] not in policy.weekdays:
        local += timedelta(days=1)
    return local.astimezone(opened.tzinfo)


def reminder_due(due: datetime, policy: DeadlinePolicy) -> datetime:
    """When the reminder to seats without orders goes out."""
    return due - timedelta(hours=policy.reminder_hours)


def final_due(due: datetime, policy: DeadlinePolicy) -> datetime:
    """When missing orders get their defaults: the deadline and its grace."""
    return due + timedelta(hours=policy.grace_hours)
