"""The pace of a game around its deadlines: reminders, late notices, and fairness when
the moderator itself was down.

- A reminder goes ``reminder_hours`` before the deadline, once, only to the
  seats that still owe orders.
- With a grace period, once the deadline has passed the late seats get a late
  notice and the others a note of who is late.
- When no tick ran for longer than ``outage_minutes`` (the configuration),
  every deadline that passed unseen in that gap is extended to
  ``outage_grace_hours`` from now, and every seat is told: players are not
  punished for the moderator's outage.  A clock that jumps backwards changes
  nothing: deadlines are absolute and only a later clock passes them.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from pbem import outbox
from pbem.config import Config
from pbem.deadlines import DeadlinePolicy, final_due, reminder_due
from pbem.game import waiting_for
from pbem.record import GameRecord
from pbem.resolution import policy_of
from pbem.store import Store, parse_utc, utc_text

LAST_TICK = "last_tick_at"


def late_seats(store: Store, record: GameRecord) -> list[str]:
    """The seats that still owe orders for the current step (``waiting_for``)."""
    return waiting_for(record.prompts(), store.pending(record.id, record.step))


def send_reminders_and_late_notices(store: Store, config: Config, now: datetime) -> int:
    """Queue the reminders and late notices that are due; returns how many mails.

    A game is loaded only when its deadline row says a mail may be due: an idle tick reads
    no game's state for this (issue 20)."""
    sent = 0
    for game in store.games("active"):
        row = store.one("select * from deadlines where game_id = ? and step = ?",
                        (game["id"], game["step"]))
        if row is None:
            continue
        due = parse_utc(row["due_at"])
        policy = DeadlinePolicy.from_json(json.loads(game["settings"] or "{}")["deadlines"])
        remind = row["reminded_at"] is None and reminder_due(due, policy) <= now < due
        notify = bool(policy.grace_hours) and row["late_notice_at"] is None and now >= due
        if not (remind or notify):
            continue
        from pbem import reports

        record = GameRecord.load(store, game["id"])
        late = late_seats(store, record)
        with store.atomic():
            if late and remind:
                for seat in late:
                    mail = reports.notice(config, record, seat, "reminder", now, deadline=due)
                    outbox.enqueue(store, mail, now, "reminder", record.id, seat)
                    sent += 1
                store.update("deadlines", {"game_id": record.id, "step": record.step},
                             {"reminded_at": utc_text(now)})
            if late and notify:
                final = final_due(due, policy)
                for seat in record.seats:
                    kind = "late" if seat["seat"] in late else "others-late"
                    mail = reports.notice(config, record, seat["seat"], kind, now,
                                          deadline=final, late=late)
                    outbox.enqueue(store, mail, now, kind, record.id, seat["seat"])
                    sent += 1
                store.update("deadlines", {"game_id": record.id, "step": record.step},
                             {"late_notice_at": utc_text(now)})
    return sent


def extend_after_outage(store: Store, config: Config, now: datetime) -> int:
    """Extend deadlines that passed while no tick ran; returns how many games."""
    last = store.meta(LAST_TICK)
    extended = 0
    if last is not None and now - parse_utc(last) > timedelta(minutes=config.outage_minutes):
        down_since = parse_utc(last)
        for game in store.games("active"):
            record = GameRecord.load(store, game["id"])
            row = store.one("select * from deadlines where game_id = ? and step = ?",
                            (record.id, record.step))
            policy = policy_of(record)
            if row is None or not down_since < final_due(parse_utc(row["due_at"]), policy) <= now:
                continue
            new_due = now + timedelta(hours=policy.outage_grace_hours)
            from pbem import reports

            with store.atomic():
                store.db["deadlines"].update((record.id, record.step), {
                    "due_at": utc_text(new_due), "late_notice_at": None,
                    "extended_by": f"outage {utc_text(down_since)} to {utc_text(now)}"})
                for seat in record.seats:
                    mail = reports.notice(config, record, seat["seat"], "outage", now,
                                          deadline=new_due, down_since=down_since)
                    outbox.enqueue(store, mail, now, "outage", record.id, seat["seat"])
            extended += 1
    if last is None or now > parse_utc(last):
        with store.atomic():
            store.set_meta(LAST_TICK, utc_text(now))
    return extended
