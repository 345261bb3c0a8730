"""Which game and which seat a message is for, and whether the sender is that seat.

The game is named in the subject as a tag (``[dune-7]``) or on a ``GAME``
line; the seat is found by the sender's registered address and/or by the
seat's secret on a ``SECRET`` line (an optional ``SEAT`` line names it), as the
game's policy says: ``address``, ``secret`` or ``both``; a reply to the moderator's
mail to a seat proves the secret without the line (``pbem.reply_token``).  The routing lines
are blanked out of the order text, so the game's parser sees only orders and
its line numbers stay true.
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass
from enum import Enum

from pbem.command import players_first

SUBJECT_TAG = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9_.-]*)\]")
ROUTING_LINE = re.compile(r"^\s*(GAME|SECRET|PASSWORD|SEAT)\s*[:=]?\s*(\S*)\s*$", re.IGNORECASE)
POLICIES = ("address", "secret", "both")


class Refusal(Enum):
    """Why a message could not be filed to a seat."""

    NO_GAME = "no-game"
    UNKNOWN_GAME = "unknown-game"
    UNKNOWN_SENDER = "unknown-sender"
    UNKNOWN_SEAT = "unknown-seat"
    MISSING_SECRET = "missing-secret"
    WRONG_SECRET = "wrong-secret"
    SEAT_MISMATCH = "seat-mismatch"
    NOT_COMMANDED = "not-commanded"


@dataclass(frozen=True)
class RoutingLines:
    """The routing lines of a body, and the body with them blanked."""

    game: str | None
    secret: str | None
    seat: str | None
    orders: str


def read_routing_lines(text: str) -> RoutingLines:
    """Pick out GAME, SECRET (or PASSWORD) and SEAT lines; the last of each counts."""
    found: dict[str, str] = {}
    lines = []
    for line in text.splitlines():
        match = ROUTING_LINE.match(line)
        if match and match.group(2):
            word = match.group(1).upper()
            found["SECRET" if word == "PASSWORD" else word] = match.group(2)
            lines.append("")
        else:
            lines.append(line)
    game = found.get("GAME")
    if game:
        game = game.strip("[]")
    return RoutingLines(game, found.get("SECRET"), found.get("SEAT"), "\n".join(lines))


def game_from_subject(subject: str, known: set[str]) -> str | None:
    """The first subject tag that names a known game (``Re: [dune-7] ...``)."""
    for tag in SUBJECT_TAG.findall(subject or ""):
        if tag in known:
            return tag
    return None


@dataclass(frozen=True)
class Routed:
    """The outcome of routing: a seat, or a refusal with whom to tell."""

    seat: str | None = None
    refusal: Refusal | None = None
    notify: str | None = None


def find_seat(seats: list[dict], policy: str, sender: str, lines: RoutingLines,
              replied: frozenset[str] | None = None,
              replied_before: dict[str, str] | None = None) -> Routed:
    """Authenticate the sender as one seat of a game under the game's policy.

    Where the policy asks for the secret, a mail without a ``SECRET`` line may prove
    it by replying to the moderator's mail to the seat: ``replied`` names the seats
    whose reply tokens it carries (``pbem.reply_token.replied_seats``; None: none
    carried).  A wrong secret or token is reported to the seat's registered address,
    never to the sender, so that a forger learns nothing and the player learns of it.

    A player may command several seats (``pbem.command``): a mail naming no seat is for the
    player's own, and a player's mail for a seat it no longer commands (named on its SEAT
    line, or a reply to that seat's mail from when it did: ``replied_before``, each such
    seat to the seat that commanded it then) is refused as such to the sender.
    """
    seats = players_first(seats)
    by_address = [s for s in seats if s["address"].lower() == sender.lower()]
    named = None
    if lines.seat:
        named = next((s for s in seats if s["seat"].lower() == lines.seat.lower()), None)
        if named is None:
            return Routed(refusal=Refusal.UNKNOWN_SEAT, notify=sender)
        if "commander" in named and by_address and named not in by_address:
            return Routed(named["seat"], Refusal.NOT_COMMANDED, sender)
    mine = {s["seat"] for s in by_address}
    gone = next((seat for seat, chief in (replied_before or {}).items() if chief in mine
                 and not replied), None)
    if gone is not None and named is None and not lines.secret:
        return Routed(gone, Refusal.NOT_COMMANDED, sender)
    if policy == "address":
        if not by_address:
            return Routed(refusal=Refusal.UNKNOWN_SENDER, notify=sender)
        if named is not None and named not in by_address:
            return Routed(refusal=Refusal.SEAT_MISMATCH, notify=sender)
        return Routed(seat=(named or by_address[0])["seat"])
    candidates = [named] if named else (by_address if policy == "both" else seats)
    if not candidates:
        return Routed(refusal=Refusal.UNKNOWN_SENDER, notify=sender)
    if not lines.secret and replied is None:
        return Routed(refusal=Refusal.MISSING_SECRET, notify=sender)
    for seat in candidates:
        if _proves(seat, lines.secret, replied):
            if policy == "both" and seat not in by_address:
                return Routed(refusal=Refusal.UNKNOWN_SENDER, notify=sender)
            return Routed(seat=seat["seat"])
    claimed = candidates if len(candidates) == 1 else by_address
    return Routed(refusal=Refusal.WRONG_SECRET,
                  notify=claimed[0]["address"] if claimed else None)


def _proves(seat: dict, secret: str | None, replied: frozenset[str] | None) -> bool:
    """Whether the mail's ``SECRET`` line, or without one the reply tokens it carries,
    are the seat's."""
    if secret:
        return hmac.compare_digest(seat["secret"].encode(), secret.encode())
    return seat["seat"] in replied
