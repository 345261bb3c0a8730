"""GM commands that resolve the current step now, or show what that would give
(docs/commands.md)."""

from __future__ import annotations

from pbem import digest, reports
from pbem.announce import report_steps, save_steps
from pbem.commands.gm import deadline_text, reload, require_playing
from pbem.commands.registry import CommandContext, CommandError, gm_command
from pbem.fairness import log_intervention
from pbem.record import GameRecord
from pbem.resolution import resolve_now
from pbem.wording import plural


def _note(reason: str) -> str:
    return "The GM resolved this step at once" + (f": {reason}." if reason else ".")


@gm_command("RESOLVE", "RESOLVE [reason]",
            "resolve the current step now; orders still missing take their defaults")
def resolve(context: CommandContext, args: str) -> None:
    """The step is applied with the tick's own resolution, and reported as a tick would."""
    require_playing(context)
    if context.record.row["status"] != "active":
        raise CommandError(f"the game is {context.record.row['status']}: RESUME it first")
    step = context.record.step
    done = resolve_now(context.store, context.record, context.now, _note(args))
    log_intervention(context.store, context.record.id, step, "RESOLVE",
                     {"steps": done.steps}, args.strip() or None, context.now)
    report_steps(context.config, context.store, context.record, done, context.now)
    record = reload(context)
    context.answer(f"{plural(done.steps, 'step')} resolved; the game is at "
                   f"{record.step_title()}, deadline {deadline_text(context)}. "
                   "The reports are sent.")


@gm_command("PREVIEW", "PREVIEW",
            "mail the GM the reports RESOLVE would send now, and change nothing")
def preview(context: CommandContext, args: str) -> None:
    """Resolve in a savepoint that is undone, keeping only the reports' text for the GM: each
    seat's as it would be mailed (``pbem.digest``), or marked as not mailed."""
    require_playing(context)
    if not context.record.settings.get("gm_address"):
        raise CommandError("this game has no GM address to mail the preview to")
    store = context.store
    with store.rolled_back():
        record = GameRecord.load(store, context.record.id)
        done = resolve_now(store, record, context.now, _note(""))
        record = save_steps(store, record, context.now)
        deadline = store.deadline(record.id, record.step)
        pending = store.pending(record.id, record.step)
        sections = [("public report", reports.step_report_text(
            context.config, record, None, done.events, done.notes, deadline,
            pending=pending))]
        for seat in record.seats:
            news = digest.news_since(store, record, seat, done.events, done.notes, done.steps)
            mailed = digest.has_news(record, seat, news, pending)
            title = f"report for {seat['seat']}" + ("" if mailed else
                                                     ", not mailed: no news for it yet")
            sections.append((title, reports.step_report_text(
                context.config, record, seat["seat"], news.events, news.notes, deadline,
                pending=pending)))
    context.send(reports.preview(context.config, record, sections, context.now), "preview")
    context.answer(f"A preview of {plural(done.steps, 'step')} (to {record.step_title()}) is "
                   "mailed to you; nothing was resolved.")
