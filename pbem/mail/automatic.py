"""Recognising mail that must never be answered: auto-replies, bounces, lists, loops.

Pure functions, no I/O.  Header values are read raw (unparsed) where possible:
the stdlib header parser raises on some garbage, and recurses on nested comments.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from email.message import Message
from email.utils import parseaddr

from pbem.mail.sender import addresses_in, raw_headers, read_sender

_PRECEDENCES = frozenset({"bulk", "junk", "list", "auto_reply", "auto-reply"})
_AUTO_REPLY_HEADERS = ("X-Autoreply", "X-Autorespond", "X-MS-Exchange-Inbox-Rules-Loop")
_SUPPRESS_MARKS = frozenset({"all", "oof"})
_LIST_HEADERS = ("List-Id", "List-Unsubscribe")
_DAEMONS = frozenset({"mailer-daemon", "postmaster"})


def automatic_reason(
    msg: Message, own_addresses: Iterable[str], loop_header: str = "X-PBEM-Loop",
    sender: str | None = None,
) -> str | None:
    """Why ``msg`` must never be answered, as a short stable code; None if it may be.

    The codes, in the order they are checked: "loop" (it carries our loop
    header, or an ``X-Loop`` header naming one of ``own_addresses``, as
    procmail and list servers write), "own-address" (it is from one of
    ``own_addresses``), "bounce" (a delivery status notification), "report"
    (another multipart/report, such as a read receipt), "mailer-daemon" (from
    mailer-daemon or postmaster),
    "auto-submitted" (Auto-Submitted other than "no"), "auto-reply" (an
    autoresponder or Exchange out-of-office header), "precedence"
    (bulk/junk/list/auto_reply), "list" (mailing list headers) and
    "null-sender" (an empty Return-Path, "<>").  ``sender``: the real From address if the
    caller has read it already (``sender_address``).

    The headers are read once, raw, by lower-cased name (each ``in`` or lookup of a message
    goes over all its headers again: issue 20).
    """
    own = _own(tuple(own_addresses))
    headers = raw_headers(msg)
    if loop_header.lower() in headers or any(
            set(addresses_in(value)) & own for value in headers.get("x-loop", ())):
        return "loop"
    sender = sender_address(msg) if sender is None else sender
    if sender and sender in own:
        return "own-address"
    report = _report_reason(msg)
    if report:
        return report
    if sender.split("@")[0] in _DAEMONS:
        return "mailer-daemon"
    return _header_reason(headers)


@functools.lru_cache(maxsize=16)
def _own(addresses: tuple[str, ...]) -> frozenset[str]:
    """The moderator's own addresses, read once for every message."""
    return frozenset({parseaddr(a)[1].strip().lower() for a in addresses} - {""})


def sender_address(msg: Message) -> str:
    """The real From address, lower-cased; "" if there is no single one
    (:func:`pbem.mail.sender.read_sender`)."""
    return read_sender(msg).address


def _report_reason(msg: Message) -> str | None:
    """Delivery status notifications are "bounce", other multipart/report "report"."""
    if "message/delivery-status" in {part.get_content_type() for part in msg.walk()}:
        return "bounce"
    if msg.get_content_type() != "multipart/report":
        return None
    if _token(msg.get_param("report-type", "")) == "delivery-status":
        return "bounce"
    return "report"


def _header_reason(headers: dict[str, list[str]]) -> str | None:
    """The reason the headers (``raw_headers``) give for a message being automatic, if
    any."""
    if any(_token(value) != "no" for value in headers.get("auto-submitted", ())):
        return "auto-submitted"
    if _auto_reply_header(headers):
        return "auto-reply"
    if any(_token(value) in _PRECEDENCES for value in headers.get("precedence", ())):
        return "precedence"
    if any(name.lower() in headers for name in _LIST_HEADERS):
        return "list"
    if any("".join(value.split()) == "<>" for value in headers.get("return-path", ())):
        return "null-sender"
    return None


def _auto_reply_header(headers: dict[str, list[str]]) -> bool:
    """True for autoresponder headers and X-Auto-Response-Suppress: All (or OOF)."""
    if any(name.lower() in headers for name in _AUTO_REPLY_HEADERS):
        return True
    marks = {
        mark.strip().lower()
        for value in headers.get("x-auto-response-suppress", ())
        for mark in value.split(",")
    }
    return bool(marks & _SUPPRESS_MARKS)


def _token(value: object) -> str:
    """The part of a value before any ";", lower-cased: "Auto-Replied; x" gives "auto-replied"."""
    return str(value).partition(";")[0].strip().lower()
