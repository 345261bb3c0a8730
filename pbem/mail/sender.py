"""Who wrote a message: the one address of its From header, read as mail software reads it.

Mail clients, DKIM and DMARC take the address in angle brackets, or the bare
address, as the author; a display name is only shown.  So
``From: victim@x.test <mallory@x.test>`` is mallory's mail.  A From that does
not plainly name one address is a problem: none, several (in one header or in
several), one that cannot be read, or a display name (or comment) that looks
like another address than the real one, which would show the reader one
author while the mail came from another.

The reader is iterative, so a comment nested 600 deep is read and not a
``RecursionError``, and it never raises.  Pure functions, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from contextlib import suppress
from dataclasses import dataclass, field
from email.header import decode_header, make_header
from email.message import Message
from enum import Enum


class SenderProblem(Enum):
    """Why a From header names no author to file or answer."""

    NO_SENDER = "no-sender"
    SEVERAL_SENDERS = "several-senders"
    MALFORMED_SENDER = "malformed-sender"
    MISLEADING_NAME = "misleading-name"


@dataclass(frozen=True)
class Sender:
    """The author of a message.

    ``address`` is the real address, lower-cased, and the only one ever answered;
    it is "" when the From names no single real address.  ``shown`` is the other
    address a misleading display name shows.
    """

    address: str
    problem: SenderProblem | None = None
    shown: str = ""


_ADDRESS = re.compile(r"[^\s@<>()\[\]\\,;:\"]+@[^\s@<>()\[\]\\,;:\"]+")
_ADDRESS_LIKE = re.compile(r"[^\s@<>()\[\]\\,;:\"']+@[^\s@<>()\[\]\\,;:\"']+")


@dataclass
class _Mailbox:
    """One comma-separated part of an address header, split into its pieces."""

    text: list[str] = field(default_factory=list)  # bare words, outside quotes and brackets
    quoted: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    angles: list[str] = field(default_factory=list)
    after_angle: bool = False  # words or quotes after the angle address: malformed

    def empty(self) -> bool:
        return not ("".join(self.text).strip() or self.quoted or self.comments or self.angles)


def read_sender(msg: Message) -> Sender:
    """The author of ``msg`` from its From headers (see the module's docstring)."""
    boxes: list[_Mailbox] = []
    for value in raw_values(msg, "From"):
        found = _mailboxes(value)
        if found is None:
            return Sender("", SenderProblem.MALFORMED_SENDER)
        boxes.extend(found)
    if len(boxes) > 1:
        return Sender("", SenderProblem.SEVERAL_SENDERS)
    if not boxes or not (boxes[0].angles or "".join(boxes[0].text).strip()):
        return Sender("", SenderProblem.NO_SENDER)
    address, name = _address_and_name(boxes[0])
    if address is None:
        return Sender("", SenderProblem.MALFORMED_SENDER)
    shown = next((other for other in _addresses_shown(name) if other != address), "")
    if shown:
        return Sender(address, SenderProblem.MISLEADING_NAME, shown)
    return Sender(address)


def addresses_in(value: str) -> list[str]:
    """The addresses of an address header's value, lower-cased; [] if it cannot be read."""
    boxes = _mailboxes(value) or []
    return [address for address, _ in map(_address_and_name, boxes) if address]


def raw_values(msg: Message, name: str) -> list[str]:
    """The unparsed, unfolded values of every ``name`` header, 8-bit bytes read as UTF-8."""
    name = name.lower()
    return [_raw(value) for key, value in msg.raw_items() if key.lower() == name]


def raw_headers(msg: Message) -> dict[str, list[str]]:
    """Every header's values as ``raw_values`` reads them, by lower-cased name, in one pass
    over the headers."""
    headers: dict[str, list[str]] = {}
    for key, value in msg.raw_items():
        headers.setdefault(key.lower(), []).append(_raw(value))
    return headers


def _raw(value: object) -> str:
    return _unescape("".join(str(value).splitlines()).strip())


def _mailboxes(value: str) -> list[_Mailbox] | None:
    """The non-empty comma-separated mailboxes of ``value``; None if it cannot be read
    (an unclosed quote, comment or angle bracket, a group, a stray bracket)."""
    boxes, box, i = [], _Mailbox(), 0
    while i < len(value):
        char = value[i]
        if char == '"':
            end = _closing_quote(value, i)
            if end < 0:
                return None
            box.quoted.append(value[i + 1:end])
            box.after_angle = box.after_angle or bool(box.angles)
            i = end
        elif char == "(":
            end = _closing_paren(value, i)
            if end < 0:
                return None
            box.comments.append(value[i + 1:end])
            i = end
        elif char == "<":
            end = value.find(">", i)
            if end < 0 or "<" in value[i + 1:end]:
                return None
            box.angles.append(value[i + 1:end])
            i = end
        elif char == ",":
            boxes.append(box)
            box = _Mailbox()
        elif char in ">:;)":
            return None
        else:
            box.text.append(char)
            box.after_angle = box.after_angle or (bool(box.angles) and not char.isspace())
        i += 1
    boxes.append(box)
    return [box for box in boxes if not box.empty()]


def _closing_quote(value: str, start: int) -> int:
    """The index of the quote closing the quoted string at ``start``; -1 if none."""
    i = start + 1
    while i < len(value):
        if value[i] == "\\":
            i += 1
        elif value[i] == '"':
            return i
        i += 1
    return -1


def _closing_paren(value: str, start: int) -> int:
    """The index of the parenthesis closing the (nested) comment at ``start``; -1 if none."""
    depth, i = 0, start
    while i < len(value):
        char = value[i]
        if char == "\\":
            i += 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _address_and_name(box: _Mailbox) -> tuple[str | None, str]:
    """The mailbox's address (None if it has no single well-formed one) and the text shown
    beside it: the display name and comments."""
    words = "".join(box.text).split()
    if box.angles:
        if len(box.angles) > 1 or box.after_angle:
            return None, ""
        address = box.angles[0].strip()
        name = " ".join([*words, *box.quoted, *box.comments])
    elif box.quoted or len(words) != 1:
        return None, ""
    else:
        address, name = words[0], " ".join(box.comments)
    if not _ADDRESS.fullmatch(address):
        return None, ""
    return address.lower(), name


def _addresses_shown(name: str) -> list[str]:
    """The address-looking strings a reader sees in a display name, lower-cased: encoded
    words decoded, and full-width and other compatibility letters read as ASCII."""
    with suppress(Exception):  # an encoded word that cannot be decoded is shown as it is
        name = str(make_header(decode_header(name)))
    name = unicodedata.normalize("NFKC", name)
    return [found.strip(".").lower() for found in _ADDRESS_LIKE.findall(name)]


def _unescape(text: str) -> str:
    """Undo the surrogate escapes the parser leaves for raw 8-bit (UTF-8) header bytes."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
