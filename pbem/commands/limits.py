"""Limits on a seat's commands, so that one mail cannot become thousands (docs/commands.md,
"Limits").

The rate limit counts mails; these count what a mail causes.  A seat's mail may hold
``mail_in.command_limits.per_mail`` commands; of them, lines of a budget (PRESS, DEAL and
BRIBE relay to other seats; STATUS, HISTORY and STANDINGS mail the seat) at most their
``*_per_mail``, and at most their ``*_per_day`` less what the seat used today (a calendar
day in the configuration's time zone, on the moderator's clock).  The lines beyond a
limit are not done, and the answer refuses them once: it quotes the first, says the limit
and how many lines it held back.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from enum import Enum
from typing import NamedTuple
from zoneinfo import ZoneInfo

from pbem import outbox
from pbem.commands.registry import Command, CommandContext, CommandLine
from pbem.game import OrderError
from pbem.store import utc_text

OVER_LIMIT = "over-limit"


class Budget(Enum):
    """What a command's lines count against, besides the total per mail."""

    PRESS = "press"        # relayed to other seats: PRESS, DEAL, BRIBE
    REPLIES = "replies"    # mailed to the seat itself: STATUS, HISTORY, STANDINGS


# The outbox kinds of the mails that replies send.
REPLY_KINDS = ("status", "history", "standings")
WORDS = {None: "commands", Budget.PRESS: "PRESS, DEAL and BRIBE lines",
         Budget.REPLIES: "STATUS, HISTORY and STANDINGS lines"}


class Limit(NamedTuple):
    """One limit: of a budget (None: every command), per ``mail`` or per ``day``."""

    budget: Budget | None
    period: str
    count: int


def within_limits(context: CommandContext, commands: list[CommandLine],
                  table: dict[str, Command]) -> tuple[list[CommandLine], list[OrderError]]:
    """The commands of a seat's mail that its limits let through, and one refusal for each
    limit passed, quoting the first line held back by it."""
    limits = context.config.mail_in.command_limits
    per_mail = {None: limits.per_mail, Budget.PRESS: limits.press_per_mail,
                Budget.REPLIES: limits.replies_per_mail}
    per_day = {Budget.PRESS: limits.press_per_day, Budget.REPLIES: limits.replies_per_day}
    # Today's use is read only for the budgets the mail's commands count against: a mail
    # of orders alone reads nothing (two queries a mail, issue 20).
    budgets = {table[command.word].budget for command in commands}
    used = Counter({budget: today(context) for budget, today in _TODAY.items()
                    if budget in budgets})
    in_mail: Counter = Counter()
    kept: list[CommandLine] = []
    held: dict[Limit, list[CommandLine]] = {}
    for command in commands:
        budget = table[command.word].budget
        counted = [None] if budget is None else [None, budget]
        passed = _passed(counted, in_mail, per_mail, "mail") or _passed(
            counted[1:], used, per_day, "day")
        if passed is None:
            kept.append(command)
            in_mail.update(counted)
            used.update(counted[1:])
        else:
            held.setdefault(passed, []).append(command)
    return kept, [_refusal(context, limit, lines) for limit, lines in held.items()]


def _passed(budgets: list, used: Counter, allowed: dict, period: str) -> Limit | None:
    """The first of the ``budgets`` whose allowance in the ``period`` is used up."""
    return next((Limit(budget, period, allowed[budget]) for budget in budgets
                 if used[budget] >= allowed[budget]), None)


def _refusal(context: CommandContext, limit: Limit, lines: list[CommandLine]) -> OrderError:
    more = len(lines) - 1
    held = "this line" + (f" and {more} more like it were" if more else " was")
    if limit.period == "mail":
        why = f"at most {limit.count} {WORDS[limit.budget]} in one mail: {held} not done"
    else:
        why = (f"at most {limit.count} {WORDS[limit.budget]} a day "
               f"({context.config.timezone} time): {held} not done; send again tomorrow")
    return OrderError(lines[0].line_no, lines[0].line, OVER_LIMIT, why)


def _day_start(context: CommandContext) -> str:
    """The start of today in the configuration's time zone, as stored."""
    local = context.now.astimezone(ZoneInfo(context.config.timezone))
    return utc_text(datetime(local.year, local.month, local.day, tzinfo=local.tzinfo))


def _press_today(context: CommandContext) -> int:
    """The press lines (PRESS, DEAL, BRIBE) the seat sent today: the press archive's rows."""
    return context.store.one(
        "select count(*) as n from press where game_id = ? and sender = ? and created_at >= ?",
        (context.record.id, context.seat, _day_start(context)))["n"]


def _replies_today(context: CommandContext) -> int:
    """The mails STATUS, HISTORY and STANDINGS sent the seat's address today."""
    address = context.record.seat(context.seat)["address"] or ""
    return len(outbox.kinds_sent(context.store, address, REPLY_KINDS, _day_start(context)))


_TODAY = {Budget.PRESS: _press_today, Budget.REPLIES: _replies_today}
