"""GM commands, by mail from the GM's address with the GM secret, or ``pbem gm``
(docs/commands.md)."""

from __future__ import annotations

from pbem.commands import CommandContext, CommandError, gm_command


def _set_status(context: CommandContext, status: str) -> None:
    context.store.db["games"].update(context.record.id, {"status": status})
    context.record.row = {**context.record.row, "status": status}


@gm_command("PAUSE", "PAUSE", "stop resolving steps until RESUME; orders are still taken")
def pause(context: CommandContext, args: str) -> None:
    if context.record.row["status"] != "active":
        raise CommandError(f"the game is {context.record.row['status']}, not active")
    _set_status(context, "paused")
    context.answer(f"Game {context.record.id} is paused.")


@gm_command("RESUME", "RESUME", "resolve steps again")
def resume(context: CommandContext, args: str) -> None:
    if context.record.row["status"] != "paused":
        raise CommandError(f"the game is {context.record.row['status']}, not paused")
    _set_status(context, "active")
    context.answer(f"Game {context.record.id} resumes.")
