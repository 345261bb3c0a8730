"""The text a player wrote, read from a raw mail message.

Pure functions, no I/O.  ``parse_message`` turns bytes into a message,
``body_text`` finds and decodes the part a person wrote (plain text, else HTML
made plain), ``strip_quoted`` drops quoted replies and signatures, and
``order_text`` does both.  Whether a message may be answered at all is decided
in :mod:`pbem.mail.automatic`; its functions are re-exported here.
"""

from __future__ import annotations

import codecs
import email
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import suppress
from email import policy
from email.headerregistry import BaseHeader, UnstructuredHeader
from email.message import EmailMessage, Message
from html.parser import HTMLParser

from pbem.mail.automatic import automatic_reason, sender_address
from pbem.mail.headers import CachedHeaderRegistry

__all__ = [
    "automatic_reason",
    "body_text",
    "html_to_text",
    "order_text",
    "parse_message",
    "sender_address",
    "strip_quoted",
]


class _LenientHeaders(CachedHeaderRegistry):
    """The stdlib's header classes, each made once, but a header they cannot parse is kept as
    plain text."""

    def __call__(self, name: str, value: str) -> BaseHeader:
        try:
            return super().__call__(name, value)
        except Exception:  # the stdlib parsers crash on some garbage, such as "From: x@"
            return _PlainHeader(name, value)


class _PlainHeader(UnstructuredHeader, BaseHeader):
    """A header read as unstructured text."""


_POLICY = policy.default.clone(header_factory=_LenientHeaders())


def parse_message(raw: bytes) -> EmailMessage:
    """Parse raw RFC 5322 bytes; malformed input yields defects, never an exception.

    The policy is ``email.policy.default`` except that a header the stdlib
    cannot parse reads as plain text, so later header access cannot raise either.
    """
    return email.message_from_bytes(raw, policy=_POLICY)


def order_text(msg: EmailMessage, max_chars: int = 100_000) -> str:
    """What the player wrote in ``msg``, without quotes and signatures."""
    return strip_quoted(body_text(msg, max_chars))


# -- finding and decoding the body ------------------------------------------


def body_text(msg: EmailMessage, max_chars: int = 100_000) -> str:
    """The body a person wrote: the first plain text part, else the HTML one as text.

    Attachments and attached messages are skipped, any charset and transfer
    encoding is decoded, format=flowed is unwrapped, line endings become
    ``\\n`` and the result is cut to ``max_chars``.  A message without text gives "".
    """
    parts = list(_text_parts(msg))
    for subtype in ("plain", "html"):
        for part, content_type in parts:
            if content_type != f"text/{subtype}":
                continue
            text = _part_text(part, subtype)
            if text.strip():
                return text[:max_chars]
    return ""


def _text_parts(part: Message) -> Iterator[tuple[Message, str]]:
    """The text parts of ``part`` in order, each with its content type, leaving out
    attachments and attached messages.  (Each header is read once per part: the ``email``
    package reads and parses it again at every call, issue 20.)"""
    if part.get_content_disposition() == "attachment":
        return
    content_type = part.get_content_type()
    maintype = content_type.split("/")[0]
    if maintype == "multipart" and part.is_multipart():
        for subpart in part.get_payload():
            yield from _text_parts(subpart)
    elif maintype == "text":
        yield part, content_type


def _part_text(part: Message, subtype: str) -> str:
    """A text part's content (of ``subtype``), decoded and in plain text with ``\\n`` line
    endings."""
    data = part.get_payload(decode=True)
    params = _params(part)
    text = _decode(data if isinstance(data, bytes) else b"", params.get("charset", ""))
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if subtype == "html":
        return html_to_text(text)
    if params.get("format", "") == "flowed":
        return _unflow(text, delsp=params.get("delsp", "") == "yes")
    return text


def _params(part: Message) -> dict[str, str]:
    """The Content-Type parameters by lower-cased name (the first of a name, as
    ``get_param`` finds it), each value stripped and lower-cased."""
    params: dict[str, str] = {}
    for name, value in part.get_params([]):
        if isinstance(value, tuple):  # RFC 2231: (charset, language, value)
            value = value[2]
        params.setdefault(name.lower(), value.strip().lower())
    return params


def _decode(data: bytes, charset: str) -> str:
    """Decode with the declared charset, else UTF-8, else Windows-1252 (with replacement)."""
    for name in _charsets(charset):
        with suppress(UnicodeError, LookupError):  # LookupError: not a text codec ("hex")
            return data.decode(name)
    return data.decode("cp1252", errors="replace")


def _charsets(declared: str) -> tuple[str, ...]:
    """The encodings to try strictly, in order, for a part declaring ``declared``.

    Latin-1 labels are read as Windows-1252, as browsers do: senders mean it.
    An unknown charset counts as none, which is read as ASCII.
    """
    try:
        name = codecs.lookup(declared).name
    except (LookupError, ValueError):  # ValueError: a name with a NUL in it
        name = "ascii"
    if name == "iso8859-1":
        return ("cp1252", "latin-1")
    return (name, "utf-8", "cp1252")


def _unflow(text: str, delsp: bool) -> str:
    """Undo RFC 3676 format=flowed: join soft-broken lines, remove space-stuffing."""
    paragraphs: list[tuple[int, list[str]]] = []  # (quote depth, pieces of its lines)
    continues = False  # the last line ended in a soft break
    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:].removeprefix(" ")  # the quote marks, then space-stuffing
        signature = content == "-- "  # the signature separator never flows
        flowed = content.endswith(" ") and not signature
        piece = content[:-1] if flowed and delsp else content
        if continues and paragraphs[-1][0] == depth and not signature:
            paragraphs[-1][1].append(piece)
        else:
            paragraphs.append((depth, [piece]))
        continues = flowed
    return "\n".join(_quote(depth, "".join(pieces)) for depth, pieces in paragraphs)


def _quote(depth: int, content: str) -> str:
    """A line of ``content`` quoted ``depth`` times, as a reader displays it."""
    if not depth:
        return content
    return ">" * depth + (" " + content if content else "")


# -- HTML ---------------------------------------------------------------------

_HIDDEN = frozenset({"head", "title", "style", "script", "template", "blockquote"})
_BLOCKS = frozenset(
    {
        "address", "article", "aside", "center", "dd", "div", "dl", "dt", "footer",
        "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main",
        "nav", "ol", "p", "pre", "section", "table", "tr", "ul",
    }
)  # fmt: skip
_CELLS = frozenset({"td", "th"})


class _TextCollector(HTMLParser):
    """Collects the visible text of an HTML document, one string per line."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._words: list[str] = []
        self._hidden: Counter[str] = Counter()  # open elements whose content is dropped
        self._pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self._hidden[tag] += 1
        elif tag == "body":
            self._hidden.clear()  # an unclosed <head> ends here
        elif self._hidden.total():
            return  # inside dropped content
        elif tag == "br":
            self.end_line(keep_empty=True)
        elif tag in _BLOCKS:
            self.end_line()
            if tag == "pre":
                self._pre += 1
        elif tag in _CELLS:
            self._words.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self._hidden[tag]:
            self._hidden[tag] -= 1
        elif not self._hidden.total() and tag in _BLOCKS:
            self.end_line()
            if tag == "pre" and self._pre:
                self._pre -= 1

    def parse_marked_section(self, i: int, report: bool = True) -> int:
        """Skip ``<![...]>`` up to the next ">", as browsers do.

        Outlook writes ``<![if !supportLists]>``; the stdlib version of this
        method raises AssertionError on keywords it does not know.
        """
        end = self.rawdata.find(">", i)
        return -1 if end < 0 else end + 1

    def handle_data(self, data: str) -> None:
        if self._hidden.total():
            return
        if not self._pre:
            self._words.append(data)
            return
        first, *rest = data.split("\n")
        self._words.append(first)
        for line in rest:
            self.end_line(keep_empty=True)
            self._words.append(line)

    def end_line(self, keep_empty: bool = False) -> None:
        """Close the current line.

        A blank line is kept after ``<br>`` (``keep_empty``) or when it held a
        ``&nbsp;``, as in ``<p>&nbsp;</p>``; other whitespace is markup layout.
        """
        text = "".join(self._words)
        self._words = []
        line = " ".join(text.split())
        if line or keep_empty or "\xa0" in text:
            self.lines.append(line)


def html_to_text(html: str) -> str:
    """The visible text of an HTML body: blocks and ``<br>`` become line breaks.

    Entities are decoded and whitespace is collapsed as a browser would;
    ``<head>``, ``<style>``, ``<script>`` and quoted ``<blockquote>`` content
    are dropped.
    """
    collector = _TextCollector()
    collector.feed(html)
    collector.close()
    collector.end_line()
    return "\n".join(collector.lines)


# -- quotes and signatures ----------------------------------------------------

_VERBS = "wrote|writes|a écrit|schrieb|escribió|ha scritto|schreef|escreveu|skrev|napisał|kirjoitti"
_ATTRIBUTION_VERB = re.compile(rf"\b(?:{_VERBS})\b")
_ATTRIBUTION_OPENER = re.compile(r"^(?:On|Le|Am|El|Il|Op|Em|Den|På|W dniu)\s")
_ATTRIBUTION_STAMP = re.compile(r"\d[:.]\d\d|@")  # a time of day or an address
_SEPARATOR = re.compile(
    r"^-{2,} ?(?:Original Message|Forwarded Message|Ursprüngliche Nachricht"
    r"|Weitergeleitete Nachricht|Message d'origine|Message transféré|Mensaje original"
    r"|Messaggio originale|Oorspronkelijk bericht|Mensagem original) ?-{2,}$"
    r"|^Begin forwarded message:$",
    re.IGNORECASE,
)
_RULE = re.compile(r"^_{10,}$")
_HEADER_FROM = re.compile(r"^\*?(?:From|Von|De|Da|Van|Från|Fra)\s?:")
_HEADER_SENT = re.compile(
    r"^\*?(?:Sent|Date|Gesendet|Datum|Envoyé|Enviado|Fecha|Inviato|Data|Verzonden|Skickat)\s?:"
)
_SENT_FROM = re.compile(
    r"^(?:Sent from|Sent via|Get Outlook for|Von meinem|Gesendet von|Envoyé de|Envoyé depuis"
    r"|Enviado desde|Enviado do|Inviato da|Verzonden (?:vanaf|met)|Skickat från)\b.{0,80}$",
    re.IGNORECASE,
)


def strip_quoted(text: str) -> str:
    """The player's own lines of ``text``, in order, with trailing whitespace stripped.

    Dropped: quoted lines (``>``) and the attribution line introducing them,
    everything from an Outlook-style original or a signature separator on,
    trailing "Sent from my iPhone" lines, and leading and trailing blank
    lines; runs of blank lines (left where quotes were) become one.
    """
    lines = [line.rstrip() for line in text.splitlines()]
    lines = lines[: _own_text_end(lines)]
    quoted = _quoted_lines(lines)
    kept: list[str] = []
    for i, line in enumerate(lines):
        if i not in quoted and (line or (kept and kept[-1])):
            kept.append(line)
    while kept and (not kept[-1] or _SENT_FROM.match(kept[-1])):
        kept.pop()
    return "\n".join(kept)


def _own_text_end(lines: list[str]) -> int:
    """Where a signature or an unquoted Outlook-style original starts; else the end."""
    for i, line in enumerate(lines):
        if line == "--" or _SEPARATOR.match(line) or _header_block_at(lines, i):
            return i
        if _RULE.match(line) and _header_block_at(lines, _next_text(lines, i + 1)):
            return i
    return len(lines)


def _header_block_at(lines: list[str], i: int) -> bool:
    """True if a "From: ..." line followed by "Sent: ..." (or "Date:") starts at ``i``."""
    return (
        i + 1 < len(lines)
        and bool(_HEADER_FROM.match(lines[i]))
        and bool(_HEADER_SENT.match(lines[i + 1]))
    )


def _next_text(lines: list[str], i: int) -> int:
    """The index of the first non-blank line at or after ``i`` (``len(lines)`` if none)."""
    while i < len(lines) and not lines[i]:
        i += 1
    return i


def _quoted_lines(lines: list[str]) -> set[int]:
    """Indices of quoted lines and of attributions ("On ..., X wrote:") introducing quotes.

    An attribution may be wrapped over two lines, as Gmail does with long ones.
    """
    quoted = {i for i, line in enumerate(lines) if line.startswith(">")}
    for i, line in enumerate(lines):
        if i in quoted or not line:
            continue
        if i > 0 and i - 1 not in quoted and _is_wrapped_attribution(lines[i - 1], line):
            quoted.update((i - 1, i))
        elif _is_attribution(line, before_quote=_next_text(lines, i + 1) in quoted):
            quoted.add(i)
    return quoted


def _is_attribution(text: str, before_quote: bool = False) -> bool:
    """True if ``text`` reads like "On <date>, <someone> wrote:" or a translation.

    A bare "<someone> wrote:" counts only right before a quote.
    """
    if not (text.endswith(":") and _ATTRIBUTION_VERB.search(text)):
        return False
    dated = _ATTRIBUTION_OPENER.match(text) and _ATTRIBUTION_STAMP.search(text)
    return before_quote or bool(dated)


def _is_wrapped_attribution(first: str, second: str) -> bool:
    """True if two lines are a dated attribution wrapped in two, as Gmail wraps long ones."""
    return not _ATTRIBUTION_OPENER.match(second) and _is_attribution(f"{first} {second}")
