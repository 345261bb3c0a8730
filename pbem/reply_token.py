"""The reply token: proof that a reply's writer received the mail of one seat.

Every mail the moderator writes to a seat carries, in its Message-ID, the seat's
token: an HMAC of the game, the seat and the seat's secret, keyed by the
installation's key (``Store.installation_key``), so that it is unguessable, differs
per seat and per game, changes with the secret, and tells nothing about the secret.
A reply carries that Message-ID back in ``In-Reply-To`` and ``References``; the
token there proves what the ``SECRET`` line proves, so a player who just replies
needs no ``SECRET`` line (``pbem.routing.find_seat``).  Mail to the GM and to
observers, and refusals (their reader is not known to be a seat's player), carry
no token.  Pure functions, no I/O.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import re
import secrets
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from email.message import Message

MARK = "rt"  # before the token in the local part of a Message-ID
# 100 bits in base32: a mail costs a forger a guess, and the id stays short enough to keep
# on the line of its header's name, as some readers of mail expect.
_TOKEN_ID = re.compile(r"<[^<>\s]*\." + MARK + r"([a-z2-7]{20})@([^<>\s]+)>", re.IGNORECASE)
MAX_IDS = 100  # Message-IDs read from a reply's In-Reply-To and References


def seat_token(key: str, game: str, seat: dict) -> str:
    """The token of ``seat`` (a seats row: its name and secret) in ``game``."""
    return _token(key, game, seat["seat"], seat["secret"])


@functools.lru_cache(maxsize=4096)
def _token(key: str, game: str, seat: str, secret: str) -> str:
    """Worked out once per process (issue 20: a tick asks each seat's for every mail read
    and written)."""
    text = "\0".join((game, seat, secret)).encode()
    digest = hmac.new(bytes.fromhex(key), text, hashlib.sha256).digest()
    return base64.b32encode(digest).decode().lower()[:20]


def message_id(domain: str, hint: str, token: str) -> str:
    """A fresh Message-ID in the moderator's domain that carries a seat's token."""
    return f"<{hint}.{secrets.token_hex(6)}.{MARK}{token}@{domain}>"


def claimed_tokens(message: Message, domain: str) -> tuple[str, ...]:
    """The tokens of the moderator's Message-IDs that a reply refers to (in ``In-Reply-To``
    and ``References``), of at most ``MAX_IDS`` Message-IDs."""
    from pbem.mail.headers import one_line  # the email package: not for an idle tick

    refs = " ".join(one_line(message.get(name), limit=40_000)
                    for name in ("In-Reply-To", "References"))
    found = _TOKEN_ID.findall(refs)[:MAX_IDS]
    return tuple(dict.fromkeys(token.lower() for token, at in found
                               if at.lower() == domain.lower()))


def replied_seats(key: str, game: str, seats: list[dict], tokens: tuple[str, ...]
                  ) -> frozenset[str] | None:
    """The seats of ``game`` whose mail a reply carrying ``tokens`` answers; None if it
    carries none (an empty set: it carries tokens, none of them this game's seats')."""
    if not tokens:
        return None
    return frozenset(seat["seat"] for seat in seats
                     if any(hmac.compare_digest(seat_token(key, game, seat), token)
                            for token in tokens))


def replied_before(key: str, game: str, seats: list[dict], tokens: tuple[str, ...]
                   ) -> dict[str, str]:
    """The seats of ``game`` whose mail a reply carrying ``tokens`` answers from when another
    player commanded them (``pbem.command``: a seat's token is made with its commander's
    secret), each to the seat whose player that was; empty in a game where nobody commands
    another's seat."""
    if not tokens or not any("commander" in seat for seat in seats):
        return {}
    players = [seat for seat in seats if seat["commander"] == seat["seat"]]
    return {seat["seat"]: chief["seat"] for seat in seats for chief in players
            if chief["seat"] != seat["commander"]
            and _token(key, game, seat["seat"], chief["secret"]) in tokens}
