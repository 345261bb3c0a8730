"""Outgoing mail: headers for threading and loop detection, and the body.

A mail with an HTML version is multipart/alternative (plain text first, the
version clients fall back to); pictures go with it: the one the HTML shows
inline in a multipart/related part beside the HTML, the others attached.

A composed mail is a ``Mail``: its headers and MIME parts, written as bytes by
``pbem.mail.mime`` in the form ``email.message.EmailMessage`` gives them under
``email.policy.default``, without that package's header objects and generator
(issue 20: they were two fifths of a tick's own time).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import format_datetime, formataddr

from pbem.config import Moderator
from pbem.mail import mime
from pbem.mail.clean import clean_text

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


@dataclass
class Mail:
    """A mail the moderator composed: its headers (name and value as given, unfolded, in
    order), its body (a ``mime.Part``) and whom it is ``to``; ``as_bytes`` writes it."""

    headers: list[tuple[str, str]]
    body: mime.Part
    to: list[str] = field(default_factory=list)

    def __getitem__(self, name: str) -> str | None:
        """The value of the first header ``name`` (any case), or None."""
        key = name.lower()
        return next((value for header, value in self.headers if header.lower() == key), None)

    def recipients(self) -> list[str]:
        """The addresses the mail goes to, as ``email.utils.getaddresses`` reads them from its
        To header (a plain address is itself, and is not parsed)."""
        if all(mime.PLAIN_ADDRESS.fullmatch(address) for address in self.to):
            return list(self.to)
        from email.utils import getaddresses

        return [address for _, address in getaddresses(self.to) if address]

    def add_attachment(self, data: bytes, maintype: str, subtype: str, filename: str) -> None:
        """Attach ``data`` as a file: the body becomes multipart/mixed if it is not."""
        if self.body.content_type != "multipart/mixed":
            self.body = mime.wrap(self.body, "multipart/mixed")
        self.body.parts.append(mime.attachment(data, f"{maintype}/{subtype}", filename))

    def as_bytes(self) -> bytes:
        """The mail as RFC 5322 bytes, lines ending in ``\\n``."""
        return mime.write(self.headers, self.body)


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
            pictures: tuple[Picture, ...] = (), extra: tuple[tuple[str, str], ...] = ()
            ) -> Mail:
    """A mail from the moderator, marked as automatic and as ours.

    ``Auto-Submitted`` keeps players' vacation responders from answering us
    (RFC 3834), and the loop header lets the moderator ignore its own mail.
    ``References`` keeps one game one conversation in a mail client.
    ``pictures`` with a Content-ID go inline beside the ``html`` (which shows them
    as ``cid:``), the others as attachments; ``extra`` headers follow ours.  The
    subject and text are cleaned of control characters and bidi controls
    (``pbem.mail.clean``): whatever a player wrote, another player's mail never carries
    them.
    """
    subject, text = clean_text(subject), clean_text(text)
    headers = [("From", formataddr((moderator.name, moderator.address))),
               ("To", ", ".join(to)), ("Subject", subject), ("Date", format_datetime(now)),
               ("Message-ID", message_id)]
    refs = [ref for ref in references if ref]
    if in_reply_to:
        headers.append(("In-Reply-To", in_reply_to))
        if in_reply_to not in refs:
            refs.append(in_reply_to)
    if refs:
        headers.append(("References", " ".join(refs)))
    headers += [("Auto-Submitted", "auto-replied" if in_reply_to else "auto-generated"),
                (LOOP_HEADER, moderator.address), *extra]
    body = mime.text(text, "plain")
    if html is not None:
        shown = mime.text(clean_text(html), "html")
        inline = [mime.attachment(p.data, f"image/{p.subtype}", p.filename, cid=f"<{p.cid}>")
                  for p in pictures if p.cid is not None]
        if inline:
            shown = mime.wrap(shown, "multipart/related", *inline)
        body = mime.wrap(body, "multipart/alternative", shown)
    attached = [p for p in pictures if p.cid is None or html is None]
    mail = Mail(headers, body, list(to))
    for picture in attached:
        mail.add_attachment(picture.data, "image", picture.subtype, picture.filename)
    return mail
