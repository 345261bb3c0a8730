"""The moderator's mail as the ``email`` package composed it before issue 20: the reference
``tests/test_mail_writer.py`` holds ``pbem.mail.compose`` to.

``compose`` is the code of ``pbem/mail/compose.py`` before the writer (``EmailMessage``
under ``email.policy.default``), with the same arguments; ``add_attachment`` is what
``pbem.reports`` did to attach a game's record."""

from __future__ import annotations

import secrets
from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from pbem.mail.clean import clean_text
from pbem.mail.compose import LOOP_HEADER
from pbem.mail.headers import COMPOSE_POLICY


def compose(moderator, to, subject, text, now, message_id, in_reply_to=None, references=(),
            html=None, pictures=(), extra=()) -> EmailMessage:
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
    for name, value in extra:
        message[name] = value
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
    return message


def add_attachment(message: EmailMessage, data: bytes, maintype: str, subtype: str,
                   filename: str) -> None:
    message.add_attachment(data, maintype, subtype, filename=filename)


def boundaries_set(message: EmailMessage) -> EmailMessage:
    """``message`` with a boundary in each multipart (as the generator would give it)."""
    for part in message.walk():
        if part.is_multipart() and part.get_boundary() is None:
            part.set_boundary(f"{'=' * 15}{secrets.randbelow(10 ** 19):019d}==")
    return message
