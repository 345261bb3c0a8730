"""Outgoing mail: headers for threading and loop detection, and the body.

A mail with an HTML version is multipart/alternative (plain text first, the
version clients fall back to); pictures go with it: the one the HTML shows
inline in a multipart/related part beside the HTML, the others attached.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from pbem.config import Moderator
from pbem.mail.clean import clean_text
from pbem.mail.headers import COMPOSE_POLICY

LOOP_HEADER = "X-PBEM-Loop"
REPLY_PREFIXES = re.compile(r"^(?:\s*(?:re|aw|sv|antw)\s*(?:\[[0-9]+\])?\s*:)+\s*",
                            re.IGNORECASE)


@dataclass(frozen=True)
class Picture:
    """A picture sent with a mail: ``subtype`` of image/ (``png``, ``svg+xml``), its file
    name, and its Content-ID (without brackets) if the HTML version shows it inline."""

    data: bytes
    subtype: str
    filename: str
    cid: str | None = None


def reply_subject(subject: str, tag: str = "") -> str:
    """The subject of an answer to a mail: one "Re: " (whatever reply prefixes the mail's
    subject had: "Re: Re:", "RE:", "AW:"), then ``tag`` (the game's, if the subject lacks
    it), then the rest."""
    rest = REPLY_PREFIXES.sub("", subject or "")
    return f"Re: {tag}{rest}".strip()


def new_message_id(domain: str, hint: str = "pbem") -> str:
    """A fresh Message-ID in the moderator's domain."""
    return f"<{hint}.{secrets.token_hex(8)}@{domain}>"


def compose(moderator: Moderator, to: list[str], subject: str, text: str, now: datetime,
            message_id: str, in_reply_to: str | None = None,
            references: list[str] = (), html: str | None = None,
            pictures: tuple[Picture, ...] = ()) -> EmailMessage:
    """A mail from the moderator, marked as automatic and as ours.

    ``Auto-Submitted`` keeps players' vacation responders from answering us
    (RFC 3834), and the loop header lets the moderator ignore its own mail.
    ``References`` keeps one game one conversation in a mail client.
    ``pictures`` with a Content-ID go inline beside the ``html`` (which shows them
    as ``cid:``), the others as attachments.  The subject and text are cleaned of
    control characters and bidi controls (``pbem.mail.clean``): whatever a player
    wrote, another player's mail never carries them.
    """
    subject, text = clean_text(subject), clean_text(text)
    html = clean_text(html) if html is not None else None
    message = EmailMessage(policy=COMPOSE_POLICY)
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
        html_part = message.get_payload()[-1]
        for picture in pictures:
            if picture.cid is not None:
                html_part.add_related(picture.data, "image", picture.subtype,
                                      cid=f"<{picture.cid}>", disposition="inline",
                                      filename=picture.filename)
    for picture in pictures:
        if picture.cid is None or html is None:
            message.add_attachment(picture.data, "image", picture.subtype,
                                   filename=picture.filename)
    _set_boundaries(message)
    return message


def _set_boundaries(message: EmailMessage) -> None:
    """Give each multipart its boundary, in the form the ``email`` generator makes, found in
    none of the message's parts (the generator compiles a regular expression for each one
    it makes: a twentieth of a tick's own time, issue 20)."""
    payloads = [part.get_payload() for part in message.walk() if not part.is_multipart()]
    for part in message.walk():
        if part.is_multipart() and part.get_boundary() is None:
            boundary = f"{'=' * 15}{secrets.randbelow(10 ** 19):019d}=="
            while any(boundary in payload for payload in payloads):
                boundary = f"{'=' * 15}{secrets.randbelow(10 ** 19):019d}=="
            part.set_boundary(boundary)
