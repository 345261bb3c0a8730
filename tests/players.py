"""The players' side of the mail tests: writing order mail and reading the answers."""

from __future__ import annotations

import mailbox
import re
from email.message import EmailMessage
from email.utils import getaddresses, make_msgid
from pathlib import Path

from pbem.mail.text import body_text, parse_message

MODERATOR = "moderator@pbem.test"
GM = "gm@pbem.test"


def order_mail(sender: str, body: str, subject: str = "[auction-1] orders",
               to: str = MODERATOR, in_reply_to: str | None = None,
               message_id: str | None = None) -> EmailMessage:
    """A plain order mail as a player's client would send it."""
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = to
    mail["Subject"] = subject
    mail["Date"] = "Sun, 22 Nov 2026 12:00:00 +0000"   # pbem never reads it
    mail["Message-ID"] = message_id or make_msgid(domain="players.test")
    if in_reply_to:
        mail["In-Reply-To"] = in_reply_to
    mail.set_content(body)
    return mail


def drop(maildir: Path, mail: EmailMessage | bytes) -> None:
    """Deliver a message into a local Maildir, as a mail server would."""
    box = mailbox.Maildir(maildir, factory=None, create=True)
    box.add(mail if isinstance(mail, bytes) else mail.as_bytes())


def maildir_messages(maildir: Path, parsed: dict | None = None) -> list[EmailMessage]:
    """Every message in a Maildir, in delivery order; ``parsed`` keeps each message parsed
    once (a file of a Maildir is never rewritten: new mail is a new file)."""
    parsed = {} if parsed is None else parsed
    paths = [path for sub in ("new", "cur") for path in (Path(maildir) / sub).glob("*")]
    paths.sort(key=lambda path: (path.stat().st_mtime_ns, path.name))
    for path in paths:
        if path not in parsed:
            parsed[path] = parse_message(path.read_bytes())
    return [parsed[path] for path in paths]


def addressed_to(messages: list[EmailMessage], address: str) -> list[EmailMessage]:
    """The messages with ``address`` among their recipients."""
    return [m for m in messages
            if address in [a.lower() for _, a in getaddresses(m.get_all("To", []))]]


def text(message: EmailMessage) -> str:
    return body_text(message)


def secret_in(welcome: EmailMessage) -> str:
    """The seat's secret, read from its welcome mail as a player would."""
    return re.search(r"Your secret is: (\S+)", text(welcome)).group(1)


# The running digest every mail of a game ends with (pbem/chain.py): an HMAC keyed with the
# seed, secret until the record is published, so it tells nobody anything, yet it differs
# between two runs whose logs differ anywhere, the hidden parts too.
DIGEST_LINE = re.compile(r"^Game digest .*$|X-PBEM-Chain: .*$", re.MULTILINE)


def others_mail(store, seat: str, address: str, secrets: set[str]
                ) -> list[tuple[str, str, str, str]]:
    """Every mail of the outbox but the seat's (by its seat or its address) and the GM's
    command answers, in order: (kind, recipients, subject, text), each of ``secrets`` written
    ``<secret>`` and the running digest ``<digest>``: what a differential test compares
    between two runs of one game."""
    found = []
    for row in store.all("select * from outbox order by id"):
        if row["seat"] == seat or address in row["recipients"] or row["kind"] == "gm-answer":
            continue
        body = DIGEST_LINE.sub("<digest>", text(parse_message(row["message"])))
        for secret in secrets:
            body = body.replace(secret, "<secret>")
        found.append((row["kind"], row["recipients"], row["subject"], body))
    return found
