"""Player commands about the game in hand: help, status, standing orders, past reports, and
waiting for the deadline (docs/commands.md)."""

from __future__ import annotations

import json
import re

from pbem import reports
from pbem.commands.limits import Budget
from pbem.commands.registry import PLAYER_COMMANDS, CommandContext, CommandError, player_command
from pbem.game import Prompt
from pbem.mail.text import parse_message
from pbem.store import parse_utc
from pbem.templating import format_deadline


def _my_prompts(context: CommandContext) -> list[Prompt]:
    return [p for p in context.record.prompts() if p.seat == context.seat]


def _deadline_text(context: CommandContext) -> str:
    record = context.record
    return format_deadline(context.store.deadline(record.id, record.step),
                           record.timezone_of(context.seat))


def _prompt_help(prompt: Prompt) -> list[str]:
    """One open decision: its legal choices, an order line for it, and its default."""
    secret = ["    secret: nobody sees it before the step resolves"] if prompt.secret else []
    return [f"  {prompt.kind}: {prompt.legal}", *secret,
            f"    for example: {prompt.template}",
            f"    if you send nothing: {prompt.default_text}"]


@player_command("HELP", "HELP", "this list, and the orders open to you now")
def help_(context: CommandContext, args: str) -> None:
    """Each open decision with its legal choices and an order line for it, then the commands."""
    lines = ["Orders open to you now:"]
    lines += [line for p in _my_prompts(context) for line in _prompt_help(p)] or ["  none"]
    lines.append("Commands:")
    lines += [f"  {c.usage}: {c.summary}" for c in PLAYER_COMMANDS.values()]
    context.answer("\n".join(lines))


@player_command("STATUS", "STATUS", "your view of the game and your open orders again, "
                                    "in a mail of its own", Budget.REPLIES)
def status(context: CommandContext, args: str) -> None:
    """Queue a mail like a report without events, from the seat's view."""
    record = context.record
    standing = list(context.store.pending(record.id, record.step).values())
    mail = reports.status(context.config, record, context.seat, standing,
                          context.store.deadline(record.id, record.step), context.now)
    context.send(mail, "status", context.seat)
    context.answer(f"Your status follows in a mail of its own: {mail['Subject']}")


@player_command("ORDERS", "ORDERS", "your orders standing for this step, decision by decision")
def orders(context: CommandContext, args: str) -> None:
    """Each open decision of the seat with its standing order, or its default."""
    record = context.record
    prompts = _my_prompts(context)
    if not prompts:
        context.answer(f"You have no decision to make in this step ({record.step_name()}).")
        return
    pending = context.store.pending(record.id, record.step)
    lines = [f"Your orders for this step ({record.step_name()}):"]
    for prompt in prompts:
        row = pending.get(prompt.key)
        if row is None:
            lines.append(f"  {prompt.kind}: none yet; if you send nothing: "
                         f"{prompt.default_text}")
        else:
            by = " (filed by the moderator)" if row["inbound_id"] is None else ""
            lines.append(f"  {prompt.kind}: {row['text']}{by}")
    context.answer("\n".join(lines))


def _reports(context: CommandContext) -> list[dict]:
    """The reports queued for the seat, oldest first."""
    return context.store.all(
        "select id, subject, created_at from outbox where game_id = ? and seat = ? "
        "and kind = 'report' order by id", (context.record.id, context.seat))


@player_command("HISTORY", "HISTORY [n]", "the reports you were sent; HISTORY n sends "
                                          "report n again", Budget.REPLIES)
def history(context: CommandContext, args: str) -> None:
    """List the seat's reports, or resend one to the seat's address in its thread."""
    rows = _reports(context)
    if not args:
        _list_reports(context, rows)
        return
    if not re.fullmatch(r"[0-9]+", args) or not 1 <= int(args) <= len(rows):
        raise CommandError(f"expected a report number from 1 to {len(rows)}, not {args!r}"
                           if rows else "no reports have been sent to you yet")
    row = context.store.one("select message from outbox where id = ?",
                            (rows[int(args) - 1]["id"],))
    mail = reports.resend(context.config, context.record, context.seat,
                          parse_message(row["message"]), context.now)
    context.send(mail, "history", context.seat)
    context.answer(f"Report {args} follows again in a mail of its own: {mail['Subject']}")


def _list_reports(context: CommandContext, rows: list[dict]) -> None:
    """The seat's reports by turn (or lot), each phase once with the numbers of its reports:
    a whole game's list reads in a few lines, not one near-identical subject a report."""
    if not rows:
        context.answer("No reports have been sent to you yet.")
        return
    zone = context.record.timezone_of(context.seat)
    turns: dict[str, list[list]] = {}
    for number, row in enumerate(rows, start=1):
        turn, phase = _turn_and_phase(row["subject"])
        phases = turns.setdefault(turn, [])
        if phases and phases[-1][0] == phase and phases[-1][2] == number - 1:
            phases[-1][2] = number
        else:
            phases.append([phase, number, number])
    lines = [f"Reports sent to you, by turn, the last on "
             f"{format_deadline(parse_utc(rows[-1]['created_at']), zone)} "
             "(HISTORY n sends report n again):"]
    for turn, phases in turns.items():
        lines.append(f"  {turn}: " + ", ".join(
            (f"{phase} " if phase else "") + (f"({first})" if first == last
                                               else f"({first}-{last})")
            for phase, first, last in phases))
    context.answer("\n".join(lines))


def _turn_and_phase(subject: str) -> tuple[str, str | None]:
    """``[game] Step 35: Turn 2: battles`` -> ("Turn 2", "battles"); a subject of one part
    (``[game] Game over``) is a turn of its own."""
    name = re.sub(r"^\[[^\]]*\]\s*(Step [0-9]+: )?", "", subject)
    turn, _, phase = name.partition(": ")
    return turn, phase or None


def _set_wait(context: CommandContext, waiting: bool) -> None:
    """Add or remove the seat among those that ask the current step to wait."""
    record = context.record
    waits = sorted({*record.waits, context.seat} if waiting
                   else set(record.waits) - {context.seat})
    context.store.db["deadlines"].update((record.id, record.step),
                                         {"waits": json.dumps(waits)})
    record.waits = waits


@player_command("WAIT", "WAIT", "this step waits until its deadline, even once every order "
                                "is in")
def wait(context: CommandContext, args: str) -> None:
    _set_wait(context, True)
    context.answer(f"This step ({context.record.step_name()}) waits until its deadline, "
                   f"{_deadline_text(context)}.")


@player_command("NOWAIT", "NOWAIT", "withdraw your WAIT: the step resolves once every order "
                                    "is in")
def nowait(context: CommandContext, args: str) -> None:
    _set_wait(context, False)
    context.answer("You no longer ask this step to wait for its deadline.")
