"""Mail written as bytes: RFC 5322 headers and MIME parts, without the ``email`` package's
header objects, policies and generator (issue 20: they were two fifths of a tick's own time).

The bytes are those ``email.message.EmailMessage`` writes under ``email.policy.default``
for the same mail (``tests/test_mail_writer.py`` compares the two over the mails of a
game), lines ending in ``\\n`` as there:

- a header of plain ASCII (no quoted string, comment or encoded-word look; plain addresses
  in an address header, a plain Message-ID) is written as it is, folded at its spaces if it
  is longer than 78 characters; any other (non-ASCII, a date, anything else the standard
  library would write otherwise) goes through the ``email`` package's own header classes,
  so it is folded and RFC 2047-encoded exactly as before;
- a text part is 7bit, 8bit, quoted-printable or base64 by the same rule as
  ``email.contentmanager`` (7bit or 8bit if every line fits in 78 octets, else the shorter
  of quoted-printable and base64 over the first ten lines); a file is base64;
- a part made afresh carries its own ``MIME-Version`` as the standard library gives it;
- the boundaries are in the generator's form, found in none of the parts.
Pure functions, no I/O.
"""

from __future__ import annotations

import binascii
import re
import secrets
from base64 import encodebytes
from dataclasses import dataclass, field
from email import quoprimime
from email.utils import encode_rfc2231, quote

MAX_LINE = 78
# Printable ASCII but the quote, parentheses and backslash, single spaces between words.
_PLAIN = re.compile(r"[!#-'*-\[\]-~]+(?: [!#-'*-\[\]-~]+)*")
_TOKEN = re.compile(r"[A-Za-z0-9!#$%&'*+.^_`{|}~=@-]+")
# Address lists of plain addresses, each alone or after a name of plain words.
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_ADDRESS = rf"{_ATOM}(?:\.{_ATOM})*@{_ATOM}(?:\.{_ATOM})*"
_MAILBOX = rf"(?:{_ATOM}(?: {_ATOM})* <{_ADDRESS}>|{_ADDRESS})"
_ADDRESSES = re.compile(rf"{_MAILBOX}(?:, {_MAILBOX})*")
_MESSAGE_ID = re.compile(rf"<{_ADDRESS}>")
PLAIN_ADDRESS = re.compile(_ADDRESS)
_ADDRESS_HEADERS = frozenset({"from", "to", "cc", "bcc", "reply-to", "sender", "resent-from",
                              "resent-to", "resent-cc", "resent-bcc", "resent-sender"})
# The standard library writes a date again from the date it reads.
_DATE_HEADERS = frozenset({"date", "resent-date", "orig-date"})


@dataclass
class Part:
    """A MIME part: a leaf, with its header lines after ``Content-Type`` (``head``) and its
    encoded ``payload``, or a multipart with its ``parts``.  ``mime_version``: the part
    carries ``MIME-Version: 1.0`` (the mail's top part, and the parts the standard library
    made afresh)."""

    content_type: str
    params: tuple[tuple[str, str], ...] = ()
    head: str = ""
    payload: bytes = b""
    parts: list[Part] = field(default_factory=list)
    mime_version: bool = True


def text(content: str, subtype: str) -> Part:
    """A text/``subtype`` part of ``content`` in UTF-8, in its transfer encoding."""
    cte, payload = _encode_text(content)
    return Part(f"text/{subtype}", (("charset", "utf-8"),),
                f"Content-Transfer-Encoding: {cte}\n", payload)


def attachment(data: bytes, content_type: str, filename: str, cid: str | None = None) -> Part:
    """A file in base64: attached, or inline with its Content-ID ``cid`` (with brackets)."""
    head = ("Content-Transfer-Encoding: base64\n"
            + parameter_line("Content-Disposition", "attachment" if cid is None else "inline",
                             (("filename", filename),)))
    if cid is not None:
        head += header_line("Content-ID", cid)
    return Part(content_type, head=head, payload=encodebytes(data))


def wrap(part: Part, content_type: str, *more: Part) -> Part:
    """``part`` and ``more`` inside a new multipart of ``content_type``, which takes over the
    part's ``MIME-Version`` (the ``email`` package's ``make_mixed`` and its like)."""
    container = Part(content_type, parts=[part, *more], mime_version=part.mime_version)
    part.mime_version = False
    return container


def header_line(name: str, value: str) -> str:
    """``name: value``, folded and encoded as ``email.policy.default`` does, with its
    newline.  A date, which that policy writes again from the date it reads, is left to it
    (a tick's mails share one: its header is parsed once, ``CachedHeaderRegistry``)."""
    if "\r" in value or "\n" in value:
        raise ValueError(f"a header value may not hold a line break: {name}")
    line, kind = f"{name}: {value}", name.lower()
    if "=?" in value or kind in _DATE_HEADERS:
        return _standard_fold(name, value)
    if kind in _ADDRESS_HEADERS or kind == "message-id":
        plain = _ADDRESSES if kind in _ADDRESS_HEADERS else _MESSAGE_ID
        return line + "\n" if len(line) <= MAX_LINE and plain.fullmatch(value) else (
            _standard_fold(name, value))
    if not _PLAIN.fullmatch(value):
        return _standard_fold(name, value)
    if len(line) <= MAX_LINE:
        return line + "\n"
    return _fold_words(name, value)


def _fold_words(name: str, value: str) -> str:
    """A long plain unstructured header folded as the standard library folds it: on a line of
    its own if it fits there, else word by word, each word where it fits (a word too long
    for any line is encoded to be split: left to the standard library)."""
    if len(value) + 1 <= MAX_LINE:
        return f"{name}:\n {value}\n"
    words = value.split(" ")
    if max(map(len, words)) + 1 > MAX_LINE:
        return _standard_fold(name, value)
    lines = [f"{name}:"]
    for word in words:
        if len(lines[-1]) + 1 + len(word) <= MAX_LINE:
            lines[-1] += " " + word
        else:
            lines.append(" " + word)
    return "\n".join(lines) + "\n"


def parameter_line(name: str, value: str, params: tuple[tuple[str, str], ...]) -> str:
    """A header with MIME parameters (``Content-Type``, ``Content-Disposition``): on one line
    if it fits, else each parameter where it fits, as the standard library folds them."""
    quoted = [f"{key}*={encode_rfc2231(param, 'utf-8')}" if not param.isascii()
              else f'{key}="{quote(param)}"' for key, param in params]
    line = "; ".join((f"{name}: {value}", *quoted))
    if not (_TOKEN.fullmatch(value.replace("/", "")) and all(
            _TOKEN.fullmatch(param) and len(text) + 2 <= MAX_LINE
            for (_, param), text in zip(params, quoted, strict=True))):
        return _standard_fold(name, "; ".join((value, *quoted)))
    if len(line) <= MAX_LINE:
        return line + "\n"
    lines = [f"{name}: {value}"]
    for text in quoted:
        lines[-1] += ";"
        if len(lines[-1]) + len(text) + 1 < MAX_LINE:
            lines[-1] += " " + text
        else:
            lines.append(" " + text)
    return "\n".join(lines) + "\n"


def _standard_fold(name: str, value: str) -> str:
    """The header as the ``email`` package folds it (RFC 2047 and 2231 where needed)."""
    from pbem.mail.headers import COMPOSE_POLICY

    return COMPOSE_POLICY.header_factory(name, value).fold(policy=COMPOSE_POLICY)


def _encode_text(content: str) -> tuple[str, bytes]:
    """The transfer encoding of a text and the text in it, chosen as
    ``email.contentmanager`` chooses under ``policy.default``."""
    lines = content.encode("utf-8").splitlines()
    body = b"\n".join(lines) + b"\n"
    if max(map(len, lines), default=0) <= MAX_LINE:
        return ("7bit" if body.isascii() else "8bit"), body
    sniff = b"\n".join(lines[:10]) + b"\n"
    sniff_qp = quoprimime.body_encode(sniff.decode("latin-1"), MAX_LINE)
    if len(sniff_qp) > len(binascii.b2a_base64(sniff)):
        return "base64", encodebytes(body)
    if len(lines) <= 10:
        return "quoted-printable", sniff_qp.encode("ascii")
    return "quoted-printable", quoprimime.body_encode(body.decode("latin-1"),
                                                      MAX_LINE).encode("ascii")


def write(headers: list[tuple[str, str]], body: Part) -> bytes:
    """A whole mail: its ``headers`` (name and value, in order), then its ``body``."""
    head = "".join(header_line(name, value) for name, value in headers)
    out = [head.encode("ascii")]
    _write_part(body, out, _Boundaries(body))
    return b"".join(out)


class _Boundaries:
    """Boundaries in the ``email`` generator's form, each found in no part of the mail."""

    def __init__(self, body: Part):
        self.contents = [chunk for part in _leaves(body) for chunk in (part.head, part.payload)]

    def __call__(self) -> str:
        while True:
            boundary = f"{'=' * 15}{secrets.randbelow(10 ** 19):019d}=="
            marker = boundary.encode("ascii")
            if not any((boundary if isinstance(chunk, str) else marker) in chunk
                       for chunk in self.contents):
                return boundary


def _leaves(part: Part):
    if not part.parts:
        yield part
    for sub in part.parts:
        yield from _leaves(sub)


def _write_part(part: Part, out: list[bytes], boundaries: _Boundaries) -> None:
    version = "MIME-Version: 1.0\n" if part.mime_version else ""
    if not part.parts:
        out.append((parameter_line("Content-Type", part.content_type, part.params)
                    + part.head + version + "\n").encode("ascii"))
        out.append(part.payload)
        return
    boundary = boundaries()
    out.append((version + parameter_line("Content-Type", part.content_type,
                                         (("boundary", boundary),))
                + f"\n--{boundary}\n").encode("ascii"))
    for index, sub in enumerate(part.parts):
        if index:
            out.append(f"\n--{boundary}\n".encode("ascii"))
        _write_part(sub, out, boundaries)
    out.append(f"\n--{boundary}--\n".encode("ascii"))
