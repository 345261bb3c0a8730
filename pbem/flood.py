"""A flood of mail from one sender is archived, but neither read nor answered.

A sender may send ``mail_in.rate_limit.messages`` messages in any window of
``per_minutes``; beyond that each message is archived raw and recorded as
"rate-limited", and only the first of them in the window is answered, with one
warning.  This also ends a mail loop with an auto-responder that does not mark
its answers as automatic: past the limit, the moderator falls silent.

Mail refused for a missing or wrong secret is not counted: anybody can write a
player's address in From, and a forger must not use up the real player's
allowance.  Such refusals have their own bound instead, per address told: the
first refusal in a window, then one notice that further such mails are not
answered (the game's GM told at the same time), then silence.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from pbem import outbox
from pbem.config import Config
from pbem.mail.compose import compose, new_message_id, reply_subject
from pbem.routing import Refusal
from pbem.store import Store, utc_text
from pbem.templating import render

RATE_LIMITED = "rate-limited"
SECRET_REFUSALS = frozenset({Refusal.MISSING_SECRET, Refusal.WRONG_SECRET})
# The outbox kinds of the answers to mail refused for its secret: the refusal, the notice
# that further such mails are not answered, and the word to the GM that goes with it.
SECRET_REFUSAL, SECRET_IGNORED, SECRET_FLOOD = "secret-refusal", "secret-ignored", "secret-flood"


def held(config: Config, store: Store, row: dict, now: datetime) -> bool:
    """If the inbound message ``row`` is over its sender's limit, record it as rate-limited
    (warning the sender once per window) and return True."""
    sender = row["sender"]
    limit = config.mail_in.rate_limit
    if not sender:
        return False  # nobody to answer, so nothing to flood
    since = utc_text(now - timedelta(minutes=limit.per_minutes))
    forged = tuple(refusal.value for refusal in SECRET_REFUSALS)
    recent = store.all("select id, outcome from inbound where sender = ? and received_at > ? "
                       "and id <= ? and coalesce(outcome, '') not in (?, ?)",
                       (sender, since, row["id"], *forged))
    if len(recent) <= limit.messages:
        return False
    warned = any(other["outcome"] == RATE_LIMITED for other in recent)
    with store.atomic():
        if not warned:
            text = render("_", "mail/rate_limited.txt.j2", moderator=config.moderator,
                          limit=limit)
            mail = compose(config.moderator, [sender], reply_subject(row["subject"]),
                           text, now, new_message_id(config.moderator.domain),
                           in_reply_to=row["message_id"])
            outbox.enqueue(store, mail, now, "warning")
        store.db["inbound"].update(row["id"], {
            "status": "ignored", "outcome": RATE_LIMITED, "processed_at": utc_text(now)})
    return True


def secret_answer(config: Config, store: Store, to: str, now: datetime) -> str | None:
    """The outbox kind of the answer to ``to`` about one more mail refused for its secret:
    ``SECRET_REFUSAL`` if no such answer went to ``to`` in the window, else
    ``SECRET_IGNORED`` once, else None (no answer)."""
    since = utc_text(now - timedelta(minutes=config.mail_in.rate_limit.per_minutes))
    kinds = set(outbox.kinds_sent(store, to, (SECRET_REFUSAL, SECRET_IGNORED), since))
    if SECRET_IGNORED in kinds:
        return None
    return SECRET_IGNORED if SECRET_REFUSAL in kinds else SECRET_REFUSAL
