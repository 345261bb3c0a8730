"""Outgoing mail: headers for threading and loop detection, and the body."""

from __future__ import annotations

import secrets
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from pbem.config import Moderator

LOOP_HEADER = "X-PBEM-Loop"


def new_message_id(domain: str, hint: str = "pbem") -> str:
    """A fresh Message-ID in the moderator's domain."""
    return f"<{hint}.{secrets.token_hex(8)}@{domain}>"


def compose(moderator: Moderator, to: list[str], subject: str, text: str, now: datetime,
            message_id: str, in_reply_to: str | None = None,
            references: list[str] = (), html: str | None = None) -> EmailMessage:
    """A mail from the moderator, marked as automatic and as ours.

    ``Auto-Submitted`` keeps players' vacation responders from answering us
    (RFC 3834), and the loop header lets the moderator ignore its own mail.
    ``References`` keeps one game one conversation in a mail client.
    """
    message = EmailMessage()
    message["From"] = formataddr((moderator.name, moderator.address))
    message["To"] = ", ".join(to)
    message["Subject"] = subject
    message["Date"] = format_datetime(now)
    message["Message-ID"] = message_id
    refs = [ref for ref in references if ref]
    if in_reply_to:
        message["In-Reply-To"] = in_reply_to
        if in_reply_to not in refs:
            refs.append(in_reply_to)
    if refs:
        message["References"] = " ".join(refs)
    message["Auto-Submitted"] = "auto-replied" if in_reply_to else "auto-generated"
    message[LOOP_HEADER] = moderator.address
    message.set_content(text, subtype="plain", charset="utf-8")
    if html is not None:
        message.add_alternative(html, subtype="html", charset="utf-8")
    return message
