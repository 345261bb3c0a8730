"""What the moderator reads of a raw message to archive it, before anything else.

A message within the size limit is parsed whole, once: the tick files it at once
and reads the same parsed message (issue 20: each message was parsed twice).  Of
a larger one only the header block is read, and the size of the header block read
is bounded: archiving it costs the memory of its headers whatever its size.  The
reading never raises: a message whose headers cannot be read is still archived
raw, with the reason (``Envelope.error``); one the parser cannot read whole (a MIME
structure too deep) is read by its header block, and fails when it is filed.

A message is known by its Message-ID and a digest of its content: everything
from the first header that is not a trace header (the ``Received`` and like
lines each relay adds on top), so that the same message relayed again is the
same, and a different message re-sent under the same Message-ID is not.
Pure functions, no I/O.
"""

from __future__ import annotations

import hashlib
import re
from contextlib import suppress
from dataclasses import dataclass
from email.message import EmailMessage

from pbem.mail.headers import message_id_of, one_line
from pbem.mail.sender import Sender, read_sender
from pbem.mail.text import parse_message

TRACE_FIELDS = frozenset({
    "received", "return-path", "delivered-to", "x-original-to", "x-received",
    "authentication-results", "received-spf", "arc-seal", "arc-message-signature",
    "arc-authentication-results",
})
_EMPTY_LINE = re.compile(rb"(?>\r\n|\r|\n)(?>\r\n|\r|\n)")


@dataclass(frozen=True)
class Envelope:
    """The archive's record of a message: ``sender`` is the real From address ("" if there
    is no single one), ``error`` why the headers could not be read (None if they could);
    ``author`` the whole reading of its sender and ``message`` the message parsed whole (None
    if it is over the limit), for the tick that files it at once (it is then read once)."""

    message_id: str
    digest: str
    sender: str = ""
    subject: str = ""
    error: str | None = None
    author: Sender | None = None
    message: EmailMessage | None = None


def header_block(raw: bytes, limit: int) -> bytes:
    """The header block of ``raw``, with the empty line that ends it; at most ``limit``
    bytes (a message without an empty line in them is all headers)."""
    end = _EMPTY_LINE.search(raw, 0, limit)
    return raw[:end.end() if end else limit]


def content_digest(raw: bytes, head: bytes) -> str:
    """The SHA-256 of ``raw`` from its first header that is not a trace header on."""
    start = 0
    for line in head.splitlines(keepends=True):
        folded = line[:1] in (b" ", b"\t")
        name = line.partition(b":")[0].strip().lower()
        if not folded and name.decode("ascii", "replace") not in TRACE_FIELDS:
            break
        start += len(line)
    return hashlib.sha256(memoryview(raw)[start:]).hexdigest()


def read_envelope(raw: bytes, limit: int) -> Envelope:
    """The envelope of ``raw``, reading at most ``limit`` bytes of its headers."""
    head = header_block(raw, limit)
    digest = content_digest(raw, head)
    unknown_id = f"<{digest}@pbem.invalid>"
    whole = None
    if len(raw) <= limit:
        with suppress(Exception):  # read by its headers below, and failed when filed
            whole = parse_message(raw)
    try:
        message = whole or parse_message(head)
        author = read_sender(message)
        return Envelope(message_id_of(message) or unknown_id, digest,
                        author.address, one_line(message.get("Subject", "")), author=author,
                        message=whole)
    except Exception as error:  # noqa: BLE001 -- any message is archived, whatever it holds
        return Envelope(unknown_id, digest, error=f"unreadable headers: {error!r}"[:300])
