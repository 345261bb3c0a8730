"""A flood of mail from one sender is archived, but neither read nor answered.

A seat or the GM may send ``mail_in.rate_limit.messages`` messages that proved their
sender (filed as the seat's orders or the GM's commands) in any window of
``per_minutes``; beyond that each such message is archived raw and recorded as
"rate-limited", and only the first of them in the window is answered, with one
warning.  This also ends a mail loop with an auto-responder that does not mark
its answers as automatic: past the limit, the moderator falls silent.

Only mail that proved its sender counts (issue 34, item 1): anybody can write a
player's or the GM's address in From, and a forger must not use up the real
allowance, whatever the forgery is refused for.  The answers to mail that proved
nothing have their own bounds instead, per address told:

- refused for a missing or wrong secret: the first refusal in a window, then one
  notice that further such mails are not answered (the game's GM told at the same
  time), then silence;
- refused for anything else, to an address that plays, runs or watches a game:
  ``rate_limit.messages`` refusals in a window, then silence;
- to a stranger (an address that is no seat, GM or observer of any game): one
  refusal a day per mail domain, carrying nothing the stranger wrote
  (``reports.stranger_refusal``), or none at all with ``mail_in.answer_strangers``
  off (issue 34, item 6).
"""

from __future__ import annotations

import json
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
# The outbox kinds of the other refusals: to an address in a game, and to a stranger.
REFUSAL, STRANGER_REFUSAL = "refusal", "stranger-refusal"
STRANGER_WINDOW = timedelta(days=1)


def held(config: Config, store: Store, row: dict, now: datetime) -> bool:
    """If the inbound message ``row``, which proved its sender, is over its sender's limit,
    record it as rate-limited (warning the sender once per window) and return True.  Only
    the sender's mail that proved its sender before it counts: filed (``processed``) or held
    here (call inside the filing's transaction)."""
    sender = row["sender"]
    limit = config.mail_in.rate_limit
    if not sender:
        return False  # nobody to answer, so nothing to flood
    since = utc_text(now - timedelta(minutes=limit.per_minutes))
    recent = store.all("select id, outcome from inbound where sender = ? and received_at > ? "
                       "and id < ? and (status = 'processed' or outcome = ?)",
                       (sender, since, row["id"], RATE_LIMITED))
    if len(recent) < limit.messages:
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


def refusal_answer(config: Config, store: Store, to: str, now: datetime) -> str | None:
    """The outbox kind of the answer to ``to`` about one more mail that proved no sender and
    was refused for another reason than its secret: ``REFUSAL`` to an address in a game,
    within ``rate_limit.messages`` a window; ``STRANGER_REFUSAL`` to a stranger, the first to
    its mail domain in a day, if ``answer_strangers``; else None (no answer)."""
    if not in_a_game(config, store, to):
        if not config.mail_in.answer_strangers:
            return None
        domain = to.rpartition("@")[2].lower()
        since = utc_text(now - STRANGER_WINDOW)
        told = store.all("select recipients from outbox where kind = ? and created_at >= ?",
                         (STRANGER_REFUSAL, since))
        if any(address.rpartition("@")[2].lower() == domain
               for row in told for address in json.loads(row["recipients"])):
            return None
        return STRANGER_REFUSAL
    limit = config.mail_in.rate_limit
    since = utc_text(now - timedelta(minutes=limit.per_minutes))
    if len(outbox.kinds_sent(store, to, (REFUSAL,), since)) >= limit.messages:
        return None
    return REFUSAL


def in_a_game(config: Config, store: Store, address: str) -> bool:
    """Whether ``address`` is a seat's, an observer's or a GM's (the installation's or a
    game's) in any game."""
    address = address.lower()
    if address == (config.gm_address or "").lower():
        return True
    return store.one(
        "select 1 as found from seats where lower(address) = ? union all "
        "select 1 from observers where lower(address) = ? union all "
        "select 1 from games where lower(json_extract(settings, '$.gm_address')) = ? "
        "limit 1", (address, address, address)) is not None
