"""The key of a decision, ``<kind>:<seat>``: how a prompt is named in the decision log."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class PromptKey(NamedTuple):
    """A prompt's key: the kind of decision the key names (its order kind, or a shorter name
    where one kind takes several keys, as ``karama`` for ``bidding-karama``) and the seat
    deciding; it unpacks as ``kind, seat``.  ``str()`` is the key's text, as the log and the
    stored games hold it."""

    kind: str
    seat: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.seat}"

    @classmethod
    def parse(cls, key: str) -> PromptKey:
        """The key a prompt's key text names (``str`` gives the text back): made as a plain
        tuple is (asked some 20,000 times in twenty self-played games)."""
        kind, seat = key.split(":")
        return _new(cls, (kind, seat))


_new = tuple.__new__        # a ``PromptKey`` made without its ``__new__``'s call


def of_kind(orders: Mapping[str, Any], kind: str) -> dict[str, Any]:
    """Seat -> its value, for each of ``orders`` (by key) of this kind of decision: read from
    the keys' text at once (every step asks it, usually of none)."""
    prefix = f"{kind}:"
    return {key[len(prefix):]: value for key, value in orders.items() if key.startswith(prefix)}
