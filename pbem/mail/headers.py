"""Header values of inbound mail made safe to store and to answer with.

A decoded header may hold anything an encoded word can carry, CR and LF
included (``=?utf-8?q?Orders=0D=0ABcc:_x@evil.test?=``).  The moderator
copies the subject and the Message-ID of a player's mail into its answer, so
both are read here as one line of text: no control character survives, so
no header can be injected through them.  Pure functions, no I/O.
"""

from __future__ import annotations

import re
from email import policy
from email.headerregistry import BaseHeader, HeaderRegistry
from email.message import Message

_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
_MESSAGE_ID = re.compile(r"<[^<>\s]+>")
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_PLAIN_ID = re.compile(rf"<{_ATOM}(?:\.{_ATOM})*@{_ATOM}(?:\.{_ATOM})*>")


def one_line(value: object, limit: int = 300) -> str:
    """``value`` as text on one line: control characters become spaces, runs of
    whitespace one space, and the result is cut to ``limit`` characters."""
    text = _CONTROLS.sub(" ", str(value or ""))
    return " ".join(text.split())[:limit]


def message_id(value: object) -> str | None:
    """The first ``<...>`` token of a Message-ID header, else its text if that is one
    word (some clients leave out the brackets); None if it holds neither."""
    text = one_line(value, limit=2000)
    found = _MESSAGE_ID.search(text)
    if found:
        return found.group(0)[:500]
    return text[:500] if text and " " not in text else None


def message_id_of(msg: Message) -> str | None:
    """``message_id`` of the first Message-ID header of ``msg``, as ``msg.get`` reads it.

    A plain ``<dot-atom@dot-atom>``, the Message-ID of nearly every mail, is taken as it is
    written, which is how the ``email`` package's parser reads it; any other value goes
    through that parser (every Message-ID is new, so each was parsed: issue 20)."""
    for name, value in msg.raw_items():
        if name.lower() == "message-id":
            if isinstance(value, str):
                plain = value.strip(" \t")
                if len(plain) <= 500 and _PLAIN_ID.fullmatch(plain):
                    return plain
            break
    return message_id(msg.get("Message-ID"))


class _FoldedOnce(BaseHeader):
    """A header that remembers its folded text under each policy: a header shared by many
    messages (``CachedHeaderRegistry``) is folded once for all of them."""

    def fold(self, *, policy) -> str:
        folded = self.__dict__.setdefault("_folded", {})
        text = folded.get(policy)
        if text is None:
            text = folded[policy] = super().fold(policy=policy)
        return text


class CachedHeaderRegistry(HeaderRegistry):
    """The stdlib's header classes, each made once: ``HeaderRegistry`` makes a new class
    (``type(...)``) for every header it reads or sets, a fifth of the tick's time in a
    profile of issue 20.

    And each header parsed once: the ``email`` package parses a header again every time it
    is read (``Content-Type`` eight times for each mail written or read: a tenth of the
    tick's time, issue 20).  A parsed header is an immutable ``str`` (folding it does not
    change its parse tree), so one object serves every message with the same name and
    value; the memo is emptied when it holds ``MEMO_SIZE`` headers."""

    MEMO_SIZE = 4096

    def __init__(self, *args, **kwargs):
        super().__init__(*args, base_class=_FoldedOnce, **kwargs)
        self._classes: dict[str, type] = {}
        self._parsed: dict[tuple[str, str], object] = {}

    def __call__(self, name: str, value: str):
        key = (name, value)
        parsed = self._parsed.get(key)
        if parsed is None:
            parsed = super().__call__(name, value)
            if len(self._parsed) >= self.MEMO_SIZE:
                self._parsed.clear()
            self._parsed[key] = parsed
        return parsed

    def __getitem__(self, name: str) -> type:
        key = name.lower()
        made = self._classes.get(key)
        if made is None:
            made = self._classes[key] = super().__getitem__(name)
        return made


# ``email.policy.default`` with each header class made once: for the mail pbem writes.
COMPOSE_POLICY = policy.default.clone(header_factory=CachedHeaderRegistry())
