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
from contextlib import suppress
from email import policy
from email.message import EmailMessage, Message
from email.utils import collapse_rfc2231_value
from html.parser import HTMLParser

from pbem.mail.automatic import automatic_reason, sender_address

__all__ = [
    "automatic_reason",
    "body_text",
    "html_to_text",
    "order_text",
    "parse_message",
    "sender_address",
    "strip_quoted",
]


def parse_message(raw: bytes) -> EmailMessage:
    """Parse raw RFC 5322 bytes; malformed input yields defects, never an exception.

    The parser itself only fails on stdlib bugs; should one strike, the headers
    alone are kept (so the message can still be judged) with an empty body.
    """
    try:
        return email.message_from_bytes(raw, policy=policy.default)
    except Exception:
        return email.message_from_bytes(raw.partition(b"\n\n")[0], policy=policy.default)


def order_text(msg: Message, max_chars: int = 100_000) -> str:
    """What the player wrote in ``msg``, without quotes and signatures."""
    return strip_quoted(body_text(msg, max_chars))


# -- finding and decoding the body ------------------------------------------


def body_text(msg: Message, max_chars: int = 100_000) -> str:
    """The body a person wrote: the first plain text part, else the HTML one as text.

    Attachments are skipped, any charset and transfer encoding is decoded,
    format=flowed is unwrapped, line endings become ``\\n`` and the result is
    cut to ``max_chars``.  Never raises; a message without text gives "".
    """
    for subtype in ("plain", "html"):
        part = _body_part(msg, subtype)
        text = _part_text(part) if part is not None else ""
        if text.strip():
            return text[:max_chars]
    return ""


def _body_part(msg: Message, subtype: str) -> Message | None:
    """The first text/``subtype`` part that is not an attachment, if any."""
    try:
        return msg.get_body(preferencelist=(subtype,))
    except Exception:  # the stdlib header parser crashes on some garbage
        return None


def _part_text(part: Message) -> str:
    """A text part's content, decoded and in plain text with ``\\n`` line endings."""
    data = part.get_payload(decode=True)
    text = _decode(data if isinstance(data, bytes) else b"", part.get_content_charset())
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if part.get_content_subtype() == "html":
        return html_to_text(text)
    if _param(part, "format") == "flowed":
        return _unflow(text, delsp=_param(part, "delsp") == "yes")
    return text


def _param(part: Message, name: str) -> str:
    """A Content-Type parameter, lower-cased; "" when absent."""
    return collapse_rfc2231_value(part.get_param(name, "")).strip().lower()


def _decode(data: bytes, charset: str | None) -> str:
    """Decode with the declared charset, else UTF-8, else Windows-1252 (with replacement)."""
    for name in _charsets(charset):
        with suppress(UnicodeError):
            return data.decode(name)
    return data.decode("cp1252", errors="replace")


def _charsets(declared: str | None) -> tuple[str, ...]:
    """The encodings to try strictly, in order, for a part declaring ``declared``.

    Latin-1 labels are read as Windows-1252, as browsers do: senders mean it.
    Unknown and non-text codecs (such as "base64") count as undeclared.
    """
    try:
        name = codecs.lookup(declared or "ascii").name
        "".encode(name)
    except (LookupError, ValueError):
        name = "ascii"
    if name == "iso8859-1":
        return ("cp1252", "latin-1")
    return (name, "utf-8", "cp1252")


def _unflow(text: str, delsp: bool) -> str:
    """Undo RFC 3676 format=flowed: join soft-broken lines, remove space-stuffing."""
    lines: list[str] = []
    pending: tuple[int, str] | None = None  # a flowed paragraph still open
    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        content = content.removeprefix(" ")
        if pending is not None and pending[0] == depth:
            content = pending[1] + content
        elif pending is not None:
            lines.append(_quote(*pending))
        flowed = content.endswith(" ") and content != "-- "
        if flowed:
            pending = (depth, content[:-1] if delsp else content)
        else:
            pending = None
            lines.append(_quote(depth, content))
    if pending is not None:
        lines.append(_quote(*pending))
    return "\n".join(lines)


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
        self._hidden: list[str] = []  # open elements whose content is dropped
        self._pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self._hidden.append(tag)
        elif tag == "body":
            self._hidden.clear()  # an unclosed <head> ends here
        elif self._hidden:
            return
        elif tag == "br":
            self.end_line(keep_empty=True)
        elif tag in _BLOCKS:
            self.end_line()
        elif tag in _CELLS:
            self._words.append(" ")
        self._pre += tag == "pre"

    def handle_endtag(self, tag: str) -> None:
        if tag in self._hidden:
            while self._hidden.pop() != tag:
                pass
        elif not self._hidden and tag in _BLOCKS:
            self.end_line()
        self._pre -= tag == "pre" and self._pre > 0

    def handle_data(self, data: str) -> None:
        if self._hidden:
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
        """Close the current line; blank lines are kept only when asked (``<br>``)."""
        line = " ".join("".join(self._words).split())
        self._words = []
        if line or keep_empty:
            self.lines.append(line)


def html_to_text(html: str) -> str:
    """The visible text of an HTML body: blocks and ``<br>`` become line breaks.

    Entities are decoded and whitespace is collapsed as a browser would;
    ``<head>``, ``<style>``, ``<script>`` and quoted ``<blockquote>`` content
    are dropped.
    """
    collector = _TextCollector()
    with suppress(AssertionError):  # _markupbase asserts on some malformed declarations
        collector.feed(html)
        collector.close()
    collector.end_line()
    return "\n".join(collector.lines)


# -- quotes and signatures ----------------------------------------------------

_VERBS = (
    "wrote|writes|a écrit|schrieb|escribió|ha scritto|schreef|escreveu|skrev|napisał|kirjoitti"
)
_ATTRIBUTION_VERB = re.compile(rf"\b(?:{_VERBS})\b.*:$")
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
    """The player's own lines of ``text``, in order, trailing whitespace stripped.

    Dropped: quoted lines (``>``) and the attribution line introducing them,
    everything from an Outlook-style original or a signature separator on,
    trailing "Sent from my iPhone" lines, and leading and trailing blank lines.
    """
    lines = [line.rstrip() for line in text.splitlines()]
    lines = lines[: _own_text_end(lines)]
    quoted = _quoted_lines(lines)
    lines = [line for i, line in enumerate(lines) if i not in quoted]
    while lines and (not lines[-1] or _SENT_FROM.match(lines[-1])):
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


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
        if i in quoted:
            continue
        if i > 0 and i - 1 not in quoted and _is_attribution(f"{lines[i - 1]} {line}"):
            quoted.update((i - 1, i))
        elif _is_attribution(line, before_quote=_next_text(lines, i + 1) in quoted):
            quoted.add(i)
    return quoted


def _is_attribution(text: str, before_quote: bool = False) -> bool:
    """True if ``text`` reads like "On <date>, <someone> wrote:" or a translation.

    A bare "<someone> wrote:" counts only right before a quote.
    """
    if not _ATTRIBUTION_VERB.search(text):
        return False
    dated = _ATTRIBUTION_OPENER.match(text) and _ATTRIBUTION_STAMP.search(text)
    return before_quote or bool(dated)
