"""The transactional outbox: mail is queued with the state change that causes
it, then delivered by a separate step that retries with backoff and marks each
message sent once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from pbem.config import Retry
from pbem.mail.sinks import DeliveryError, Sink
from pbem.store import Store, utc_text

if TYPE_CHECKING:
    from pbem.mail.compose import Mail


def enqueue(store: Store, message: Mail, now: datetime, kind: str,
            game_id: str | None = None, seat: str | None = None) -> None:
    """Queue a composed message; call inside the transaction of the change that causes it.
    A message to nobody (a seat a bot plays from the start has no address) is not queued."""
    recipients = message.recipients()
    if not recipients:
        return
    store.execute(
        "insert into outbox (message_id, game_id, seat, kind, sender, recipients, subject, "
        "message, status, attempts, next_attempt_at, created_at) "
        "values (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)",
        (message["Message-ID"], game_id, seat, kind, message["From"],
         json.dumps(recipients), message["Subject"], message.as_bytes(), utc_text(now),
         utc_text(now)))


def kinds_sent(store: Store, to: str, kinds: tuple[str, ...], since: str) -> list[str]:
    """The kinds of the mails of ``kinds`` queued for ``to`` alone since ``since`` (a stored
    time, inclusive): what a bound on the answers to one address counts."""
    marks = ", ".join("?" for _ in kinds)
    return [row["kind"] for row in store.all(
        f"select kind from outbox where lower(recipients) = ? and kind in ({marks}) "
        "and created_at >= ?", (json.dumps([to.lower()]), *kinds, since))]


@dataclass
class DeliveryReport:
    """What one delivery run did."""

    sent: int = 0
    deferred: int = 0
    failed: int = 0
    waiting: int = 0


def backoff(retry: Retry, attempts: int) -> timedelta:
    """The wait before the next try after ``attempts`` failed tries."""
    seconds = retry.first_delay_seconds * 2 ** max(attempts - 1, 0)
    return timedelta(seconds=min(seconds, retry.max_delay_seconds))


def deliver(store: Store, sink: Sink, retry: Retry, now: datetime,
            envelope_from: str, crash=lambda point: None,
            only: list[int] | None = None) -> DeliveryReport:
    """Send every queued message that is due (of the ids ``only``, if given), oldest first."""
    report = DeliveryReport()
    where, params = "status = 'pending' and next_attempt_at <= ?", [utc_text(now)]
    if only is not None:
        where += f" and id in ({', '.join('?' for _ in only)})"
        params.extend(only)
    due = store.all(f"select id, message, recipients, attempts from outbox where {where} "
                    "order by id", params)
    if due:
        # What caused the mail is on disk before anybody reads it, and what was sent
        # after the run (Store.make_durable; docs/reliability.md, "Durability").
        store.make_durable()
        try:
            with sink.session() as session:
                for row in due:
                    _deliver_one(store, session, row, retry, now, envelope_from, report, crash)
        except DeliveryError as error:
            # The server could not be reached at all: every due message waits.
            done = report.sent + report.deferred + report.failed
            for row in due[done:]:
                _record_failure(store, row, retry, now, str(error), report)
        finally:
            store.make_durable()
    report.waiting = store.one(
        "select count(*) as n from outbox where status = 'pending'")["n"]
    return report


def _deliver_one(store, session, row, retry, now, envelope_from, report, crash) -> None:
    crash("sending")
    recipients = json.loads(row["recipients"])
    try:
        refused = session.send(row["message"], envelope_from, recipients)
    except DeliveryError as error:
        if error.connection_lost:
            raise
        _record_failure(store, row, retry, now, str(error), report, error.permanent)
        return
    crash("sent")
    if refused:
        _refused(store, row, recipients, refused, retry, now, report)
        return
    with store.atomic():
        store.execute("update outbox set status = 'sent', sent_at = ?, attempts = ? "
                      "where id = ?", (utc_text(now), row["attempts"] + 1, row["id"]))
    report.sent += 1


def _refused(store, row, recipients: list[str], refused: dict, retry, now,
             report: DeliveryReport) -> None:
    """Some recipients refused: each answer counts on its own (issue 34, item 8).  Those
    the server took have the mail and never get it again; one refused for good (5xx) is not
    tried again; only those refused for now (4xx) stay on the message, which waits for its
    next try.  What happened to each is kept in ``last_error``."""
    taken = [r for r in recipients if r not in refused]
    later = [r for r in recipients if r in refused and refused[r][0] < 500]
    words = [f"{r}: {code} {text}" for r, (code, text) in refused.items()]
    error = (f"sent to {', '.join(taken)}; " if taken else "") + "refused: " + "; ".join(words)
    if later:
        with store.atomic():
            store.update("outbox", {"id": row["id"]}, {"recipients": json.dumps(later)})
        _record_failure(store, row, retry, now, error, report)
        return
    with store.atomic():
        store.update("outbox", {"id": row["id"]}, {
            "status": "sent" if taken else "failed", "attempts": row["attempts"] + 1,
            "last_error": error[:500], "sent_at": utc_text(now) if taken else None})
    if taken:
        report.sent += 1
    else:
        report.failed += 1


def _record_failure(store, row, retry, now, error: str, report: DeliveryReport,
                    permanent: bool = False) -> None:
    """Count a failed try: the message waits for the next, or is given up (a permanent
    refusal, or the last attempt) until the GM sends it again with ``pbem outbox retry``."""
    attempts = row["attempts"] + 1
    gave_up = permanent or attempts >= retry.max_attempts
    with store.atomic():
        store.update("outbox", {"id": row["id"]}, {
            "attempts": attempts, "last_error": error[:500],
            "status": "failed" if gave_up else "pending",
            "next_attempt_at": utc_text(now + backoff(retry, attempts)),
        })
    if gave_up:
        report.failed += 1
    else:
        report.deferred += 1


def retry_now(store: Store, now: datetime, message_ids: list[int] | None = None) -> list[int]:
    """Make failed or waiting messages (all, or those of ``message_ids``) due now;
    returns their ids."""
    where, params = "status in ('pending', 'failed')", []
    if message_ids:
        where += f" and id in ({', '.join('?' for _ in message_ids)})"
        params.extend(message_ids)
    with store.atomic():
        ids = [row["id"] for row in store.all(f"select id from outbox where {where} "
                                              "order by id", params)]
        store.execute(f"update outbox set status = 'pending', next_attempt_at = ? "
                      f"where id in ({', '.join('?' for _ in ids)})", [utc_text(now), *ids])
    return ids


def fates(store: Store, message_ids: list[int]) -> list[dict]:
    """Where each of these messages stands: its id, status, next try and last error."""
    marks = ", ".join("?" for _ in message_ids)
    return store.all(f"select id, status, attempts, next_attempt_at, last_error, subject "
                     f"from outbox where id in ({marks}) order by id", message_ids)
