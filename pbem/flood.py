"""A flood of mail from one sender is archived, but neither read nor answered.

A sender may send ``mail_in.rate_limit.messages`` messages in any window of
``per_minutes``; beyond that each message is archived raw and recorded as
"rate-limited", and only the first of them in the window is answered, with one
warning.  This also ends a mail loop with an auto-responder that does not mark
its answers as automatic: past the limit, the moderator falls silent.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from pbem import outbox
from pbem.config import Config
from pbem.mail.compose import compose, new_message_id
from pbem.store import Store, utc_text
from pbem.templating import render

RATE_LIMITED = "rate-limited"


def held(config: Config, store: Store, row: dict, now: datetime) -> bool:
    """If the inbound message ``row`` is over its sender's limit, record it as rate-limited
    (warning the sender once per window) and return True."""
    sender = row["sender"]
    limit = config.mail_in.rate_limit
    if not sender:
        return False  # nobody to answer, so nothing to flood
    since = utc_text(now - timedelta(minutes=limit.per_minutes))
    recent = store.all("select id, outcome from inbound where sender = ? and received_at > ? "
                       "and id <= ?", (sender, since, row["id"]))
    if len(recent) <= limit.messages:
        return False
    warned = any(other["outcome"] == RATE_LIMITED for other in recent)
    with store.atomic():
        if not warned:
            text = render("_", "mail/rate_limited.txt.j2", moderator=config.moderator,
                          limit=limit)
            mail = compose(config.moderator, [sender], f"Re: {row['subject'] or ''}".strip(),
                           text, now, new_message_id(config.moderator.domain),
                           in_reply_to=row["message_id"])
            outbox.enqueue(store, mail, now, "warning")
        store.db["inbound"].update(row["id"], {
            "status": "ignored", "outcome": RATE_LIMITED, "processed_at": utc_text(now)})
    return True
