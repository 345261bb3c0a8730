"""GM commands about the game's course and its audience: pausing, deadlines, messages, the
end, observers (docs/commands.md).  By mail from the GM's address with the GM secret, or
``pbem gm``.  The other GM commands live in ``resolve``, ``rollback`` and ``replace``."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from pbem import reports
from pbem.commands.registry import GM_COMMANDS, CommandContext, CommandError, gm_command
from pbem.deadlines import final_due
from pbem.fairness import log_intervention
from pbem.mail.mime import PLAIN_ADDRESS
from pbem.record import GameRecord
from pbem.resolution import policy_of
from pbem.store import utc_text
from pbem.templating import format_deadline
from pbem.wording import plural

MAX_EXTENSION_HOURS = 720
ADDRESS = PLAIN_ADDRESS  # one plain address: a list would be mailed at each (issue 34, item 8)


# --- helpers the GM command modules share
def require_playing(context: CommandContext) -> None:
    """Refuse a command that needs a game still being played."""
    if context.record.finished:
        raise CommandError(f"game {context.record.id} is finished")


def reload(context: CommandContext) -> GameRecord:
    """The game as stored now, for the commands that follow in the same mail too."""
    context.record = GameRecord.load(context.store, context.record.id)
    return context.record


def deadline_text(context: CommandContext) -> str:
    """The current step's deadline in the game's time zone."""
    record = context.record
    return format_deadline(context.store.deadline(record.id, record.step),
                           record.settings["timezone"])


def tell_everyone(context: CommandContext, kind: str, reason: str | None = None,
                  each: Callable[[str | None], dict] | None = None, asked_only: bool = False,
                  **details) -> str:
    """Mail what the GM did to every seat (from its own view) and every observer (from the
    public view); ``each`` adds details per reader; ``asked_only``: only to the seats with a
    decision of their own open and not answered (a new deadline is news to them alone: who
    is told depends on nothing but each seat's own decisions).  Returns who was told, for
    the answer."""
    record, store = context.record, context.store
    deadline = store.deadline(record.id, record.step)
    pending = store.pending(record.id, record.step)
    each = each or (lambda seat: {})
    asked = {p.seat for p in record.prompts() if p.key not in pending}
    seats = [s for s in record.seats if not asked_only or s["seat"] in asked]
    for seat in seats:
        mail = reports.gm_notice(context.config, record, seat["seat"], kind, context.now,
                                 deadline, pending, reason, **details, **each(seat["seat"]))
        context.send(mail, f"gm-{kind}", seat["seat"])
    observers = store.observers(record.id)
    for address in observers:
        mail = reports.gm_notice(context.config, record, None, kind, context.now, deadline,
                                 pending, reason, observer=address, **details, **each(None))
        context.send(mail, f"gm-{kind}")
    return f"Told: {plural(len(seats), 'seat')}, {plural(len(observers), 'observer')}."


def _set_status(context: CommandContext, status: str) -> None:
    context.store.db["games"].update(context.record.id, {"status": status})
    context.record.row = {**context.record.row, "status": status}


# --- the commands
@gm_command("HELP", "HELP", "this list")
def gm_help(context: CommandContext, args: str) -> None:
    """Every GM command with how it is written and what it does."""
    lines = ["GM commands:"]
    lines += [f"  {c.usage}\n      {c.summary}" for c in GM_COMMANDS.values()]
    context.answer("\n".join(lines))


@gm_command("PAUSE", "PAUSE [reason]",
            "stop resolving steps until RESUME; orders are still taken; every seat is told")
def pause(context: CommandContext, args: str) -> None:
    if context.record.row["status"] != "active":
        raise CommandError(f"the game is {context.record.row['status']}, not active")
    _set_status(context, "paused")
    told = tell_everyone(context, "pause", args.strip() or None)
    context.answer(f"Game {context.record.id} is paused. {told}")


@gm_command("RESUME", "RESUME [reason]", "resolve steps again; every seat is told")
def resume(context: CommandContext, args: str) -> None:
    if context.record.row["status"] != "paused":
        raise CommandError(f"the game is {context.record.row['status']}, not paused")
    _set_status(context, "active")
    told = tell_everyone(context, "resume", args.strip() or None)
    context.answer(f"Game {context.record.id} resumes. {told}")


@gm_command("EXTEND", "EXTEND <hours> [reason]",
            "move the current step's deadline that many hours later; the seats still to "
            "answer are told")
def extend(context: CommandContext, args: str) -> None:
    """The deadline moves; reminders and late notices go again for the new one."""
    require_playing(context)
    word, _, reason = args.partition(" ")
    hours = _hours(word)
    record = context.record
    due = context.store.deadline(record.id, record.step) + timedelta(hours=hours)
    if final_due(due, policy_of(record)) <= context.now:
        raise CommandError(f"{hours} hours later the deadline is still past "
                           f"({format_deadline(due, record.settings['timezone'])})")
    context.store.db["deadlines"].update((record.id, record.step), {
        "due_at": utc_text(due), "reminded_at": None, "late_notice_at": None,
        "extended_by": f"GM: {hours} hours" + (f": {reason.strip()}" if reason.strip() else "")})
    log_intervention(context.store, record.id, record.step, "EXTEND",
                     {"hours": hours, "due_at": utc_text(due)}, reason.strip() or None,
                     context.now)
    told = tell_everyone(context, "extend", reason.strip() or None, asked_only=True,
                         hours=hours)
    context.answer(f"The deadline of {record.step_title()} is now {deadline_text(context)}. "
                   f"{told}")


def _hours(word: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= MAX_EXTENSION_HOURS:
        raise CommandError(f"expected a whole number of hours from 1 to "
                           f"{MAX_EXTENSION_HOURS}, got {word!r}")
    return int(word)


@gm_command("BROADCAST", "BROADCAST <text>", "a message from the GM to every seat and observer")
def broadcast(context: CommandContext, args: str) -> None:
    if not args:
        raise CommandError("BROADCAST needs the text of the message on the same line")
    told = tell_everyone(context, "broadcast", text=args)
    context.answer(f"Your message was sent. {told}")


@gm_command("END", "END <winners|none> -- <reason>",
            "end the game with a declared result; a reason that begins with \"concession\" "
            "makes it a victory by concession")
def end(context: CommandContext, args: str) -> None:
    """The game is finished with the GM's result, and everyone is told."""
    from pbem.league.notify import game_finished  # the league only when a game ends

    require_playing(context)
    record = context.record
    winners, reason = _winners_and_reason(args, [s["seat"] for s in record.seats])
    victory = "concession" if re.match(r"concession\b", reason, re.IGNORECASE) else "adjudication"
    result = {"winners": winners, "victory": victory, "reason": reason}
    log_intervention(context.store, record.id, record.step, "END", {"result": result}, reason,
                     context.now)
    context.store.save_game_state(record.id, record.step, record.state, "finished", context.now,
                                  result)
    game_finished(context.config, context.store, reload(context), context.now)
    from pbem.archive.game_file import game_file  # the record only when a game ends

    finished = reload(context)
    published = game_file(context.store, finished) if finished.row["commitment"] else None
    told = tell_everyone(context, "end", reason, published=published)
    context.answer(f"Game {record.id} is over: winners {', '.join(winners) or 'none'}, by "
                   f"{victory}. {told}")


def _winners_and_reason(args: str, seats: list[str]) -> tuple[list[str], str]:
    """``<seat>,<seat> -- reason`` read; the ``--`` may be left out (the shell eats it)."""
    names, _, reason = args.partition(" ")
    names, reason = names.lower(), reason.strip().removeprefix("--").strip()
    if not names or not reason:
        raise CommandError("END needs the winners (or none), then -- and the reason")
    winners = [] if names == "none" else names.split(",")
    for name in winners:
        if name not in seats:
            raise CommandError(f"no seat {name!r} in this game; seats: {', '.join(seats)}")
    if len(set(winners)) != len(winners):
        raise CommandError("a winner is named twice")
    return winners, reason


@gm_command("OBSERVE", "OBSERVE <address>", "that address gets every public report from now on")
def observe(context: CommandContext, args: str) -> None:
    record, address = context.record, _address(args)
    if address in context.store.observers(record.id):
        raise CommandError(f"{address} observes this game already")
    context.store.db["observers"].insert({"game_id": record.id, "address": address})
    context.send(reports.gm_notice(context.config, record, None, "observe", context.now,
                                   context.store.deadline(record.id, record.step),
                                   context.store.pending(record.id, record.step),
                                   observer=address), "gm-observe")
    context.answer(f"{address} observes game {record.id} and gets its public reports.")


@gm_command("UNOBSERVE", "UNOBSERVE <address>", "that address gets no more reports")
def unobserve(context: CommandContext, args: str) -> None:
    record, address = context.record, _address(args)
    if address not in context.store.observers(record.id):
        raise CommandError(f"{address} does not observe this game; observers: "
                           f"{', '.join(context.store.observers(record.id)) or 'none'}")
    context.store.db["observers"].delete((record.id, address))
    context.send(reports.gm_notice(context.config, record, None, "unobserve", context.now,
                                   None, observer=address), "gm-unobserve")
    context.answer(f"{address} no longer observes game {record.id}.")


def _address(args: str) -> str:
    if not ADDRESS.fullmatch(args):
        raise CommandError(f"expected one mail address, got {args!r}")
    return args.lower()
