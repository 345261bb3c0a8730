"""The player command that salts the game's seed before the deal (docs/fairness.md)."""

from __future__ import annotations

import json

from pbem.commands.registry import CommandContext, CommandError, player_command
from pbem.fairness import MAX_SALT_CHARS, read_salt


@player_command("SALT", "SALT <text> | SALT NONE",
                f"before the deal: your salt (up to {MAX_SALT_CHARS} characters), mixed into "
                "the game's seed so that nobody can choose the deal; NONE: you give none")
def salt(context: CommandContext, args: str) -> None:
    """The seat's salt is kept (a later one replaces it) until the game is dealt."""
    record = context.record
    if not record.dealing:
        raise CommandError("the game is dealt already: its seed is fixed, salts are closed")
    try:
        text = read_salt(args)
    except ValueError as error:
        raise CommandError(str(error)) from None
    salts = {**json.loads(record.row["salts"] or "{}"), context.seat: text}
    context.store.db["games"].update(record.id, {"salts": json.dumps(salts, sort_keys=True)})
    record.row = {**record.row, "salts": json.dumps(salts, sort_keys=True)}
    context.answer(f"Your salt is noted: {text!r}." if text is not None else
                   "Noted: you give no salt.")       # the answer says when the deal is made
