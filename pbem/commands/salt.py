"""The player command that salts the game's seed before the deal (docs/fairness.md).

A seat commits to its salt first, by the salt's digest (``SALT COMMIT <sha256>``), and reveals
it once every seat has committed or the time for it has passed (``SALT <text>``, matching the
digest); or it sends the salt itself while the commitments are open, its commitment and reveal
in one, trusting the moderator to read it early.  After the commitments close, no new salt is
taken: only the reveal of one committed.
"""

from __future__ import annotations

import json

from pbem.commands.registry import CommandContext, CommandError, player_command
from pbem.fairness import MAX_SALT_CHARS, SALT_DIGEST, read_salt, salt_digest
from pbem.store import parse_utc
from pbem.templating import format_deadline


@player_command("SALT", "SALT COMMIT <SHA-256 of your salt> | SALT <text> | SALT NONE",
                f"before the deal: commit to a salt by its digest, then reveal it (up to "
                f"{MAX_SALT_CHARS} characters), mixed into the game's seed so that nobody can "
                "choose the deal; or send it in plain at once; NONE: you give none")
def salt(context: CommandContext, args: str) -> None:
    """The seat's commitment or salt is kept (a later one replaces it while the commitments
    are open) until the game is dealt."""
    record, seat = context.record, context.seat
    if not record.dealing:
        raise CommandError("the game is dealt already: its seed is fixed, salts are closed")
    digests = json.loads(record.row["salt_digests"] or "{}")
    salts = json.loads(record.row["salts"] or "{}")
    revealing = record.row["reveal_at"] is not None
    words = args.split()
    if words[:1] and words[0].upper() == "COMMIT":
        if revealing:
            raise CommandError("the commitments are closed: only a salt committed before "
                               "is revealed now")
        if len(words) != 2 or not SALT_DIGEST.fullmatch(words[1]):
            raise CommandError("expected SALT COMMIT and the SHA-256 of your salt (64 "
                               "hexadecimal digits, docs/fairness.md)")
        digests[seat] = words[1].lower()
        salts.pop(seat, None)
        context.answer(f"Your commitment is noted: {digests[seat]}.  When every seat has "
                       "committed, you are asked to reveal the salt: keep it.")
    else:
        try:
            text = read_salt(args)
        except ValueError as error:
            raise CommandError(str(error)) from None
        if revealing:
            _reveal(digests.get(seat), text)
            context.answer(f"Your salt is revealed: {text!r}, the one you committed to.")
        else:
            digests[seat] = None if text is None else salt_digest(text)
            context.answer(f"Your salt is noted: {text!r}.  Sent in plain, it is your "
                           "commitment and its reveal at once: the moderator reads it before "
                           "the others' are revealed (docs/fairness.md)."
                           if text is not None else "Noted: you give no salt.")
        salts[seat] = text
    changes = {"salts": json.dumps(salts, sort_keys=True),
               "salt_digests": json.dumps(digests, sort_keys=True)}
    context.store.db["games"].update(record.id, changes)
    record.row = {**record.row, **changes}
    due = record.row["reveal_at"] or record.row["deal_at"]
    when = format_deadline(parse_utc(due), record.timezone_of(seat))
    context.answer(f"The salts are revealed and the deal made when every seat has answered, "
                   f"or at {when}." if not revealing else
                   f"The deal is made when every salt committed is revealed, or at {when}.")


def _reveal(digest: str | None, text: str | None) -> None:
    """Refuse a reveal that is not of the salt committed: none was (a salt sent now could be
    chosen knowing the others'), or its digest is another."""
    if digest is None:
        raise CommandError("the commitments are closed and you committed to no salt, so none "
                           "is taken from you now: a salt sent after the others' were fixed "
                           "could be chosen to pick the deal")
    if text is None or salt_digest(text) != digest:
        made = "NONE" if text is None else salt_digest(text)
        raise CommandError(f"that is not the salt you committed to: its SHA-256 is {made}, "
                           f"your commitment {digest} (runs of spaces count as one)")
