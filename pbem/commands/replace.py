"""The GM command that gives a seat to a new player (docs/commands.md)."""

from __future__ import annotations

import secrets

from pbem import reports
from pbem.command import commanded_with, commander
from pbem.commands.gm import ADDRESS, reload, require_playing
from pbem.commands.registry import CommandContext, CommandError, gm_command
from pbem.fairness import log_intervention
from pbem.reply_token import message_id, seat_token


@gm_command("REPLACE", "REPLACE <seat> <address> [reason]",
            "a new player takes the seat, with a new secret; missed deadlines, civil "
            "disorder and the old player's orders (pending, standing, sent ahead) are cleared")
def replace(context: CommandContext, args: str) -> None:
    """The seat starts afresh; a game paused for this seat's civil disorder resumes."""
    require_playing(context)
    record, store = context.record, context.store
    seat, address, reason = _seat_address_reason(args, [s["seat"] for s in record.seats])
    old = record.seat(seat)
    if commander(old) != seat:
        raise CommandError(f"{seat} is commanded by the player of {commander(old)}: replace "
                           f"{commander(old)}, and the new player commands both")
    deadline = store.deadline(record.id, record.step)
    context.send(reports.gm_notice(context.config, record, seat, "replaced", context.now,
                                   deadline, reason=reason), "gm-replaced", seat)
    secret = secrets.token_urlsafe(6)
    token = seat_token(record.key, record.id, {"seat": seat, "secret": secret})
    store.db["seats"].update((record.id, seat), {
        "address": address, "secret": secret, "player": None,
        "timezone": None, "preferences": None, "missed": 0, "disorder": None,
        "reported_step": record.step, "map_digest": None, "map_turn": None,   # the welcome's
        "thread_id": message_id(context.config.moderator.domain, f"{record.id}.{seat}", token)})
    store.db.execute("delete from pending_orders where game_id = ? and step = ? and seat = ?",
                     (record.id, record.step, seat))
    # Orders the old player sent ahead go with their standing ones (issue 34, item 5).
    store.db.execute("delete from held_orders where game_id = ? and seat = ?", (record.id, seat))
    resumed = _resume_after_disorder(context, old)
    log_intervention(store, record.id, record.step, "REPLACE",
                     {"seat": seat, "resumed": resumed}, reason, context.now)
    record = reload(context)
    for each in commanded_with(record.seats, seat):     # the seats the new player commands
        context.send(reports.welcome(context.config, record, each, deadline, context.now,
                                     replacing=True, reason=reason), "welcome", each)
    context.answer(f"{address} now plays {seat} (was {old['address']}); the new player has a "
                   "welcome with a new secret, the old address a farewell."
                   + (" The game resumes." if resumed else ""))


def _seat_address_reason(args: str, seats: list[str]) -> tuple[str, str, str | None]:
    seat, _, rest = args.partition(" ")
    address, _, reason = rest.strip().partition(" ")
    seat = seat.lower()
    if seat not in seats:
        raise CommandError(f"no seat {seat!r} in this game; seats: {', '.join(seats)}")
    if not ADDRESS.fullmatch(address):
        raise CommandError(f"expected the new player's mail address, got {address!r}")
    return seat, address.lower(), reason.strip() or None


def _resume_after_disorder(context: CommandContext, old: dict) -> bool:
    """Resume the game if it waited for this seat's player (civil disorder ``wait``) and no
    other seat; returns whether it resumed."""
    record = context.record
    waiting = [s for s in record.seats if s["disorder"] == "wait" and s["seat"] != old["seat"]]
    if record.row["status"] != "paused" or old["disorder"] != "wait" or waiting:
        return False
    context.store.db["games"].update(record.id, {"status": "active"})
    return True
