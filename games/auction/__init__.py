"""Auction: a small sealed-bid game that exercises the moderator before Dune exists.

Each lot is sold in two steps.  First every seat bids in secret (``BID <n>``
or ``PASS``); the highest bid wins, a tie is drawn by lot, and the winner
pays its bid.  Then the winner alone decides: ``KEEP`` the lot or
``GIFT <seat>`` it to another seat, which scores its own valuation of it.
After the last lot, a seat's score is its valuations of the lots it holds
plus a tenth of its coins; the highest score wins and ties share the win.

This module provides the names of ``pbem.game.Game``.
"""

from pbem.game import Bots, Commanders, Seating

from .orders import DECISION_KINDS, ErrorCode, bot_order, parse, parse_decision, prompts
from .resolve import EventCode, apply
from .table import (
    MAX_SEATS,
    MIN_SEATS,
    PARTNERS,
    RULES_VERSION,
    RULESETS,
    SEAT_NAMES,
    checked_options,
    commanders,
    result,
    setup,
    step_name,
    view,
)

name = "auction"
bot_styles = ("random",)
capabilities = (Bots, Commanders)     # its random bots, and partners
decision_kinds = DECISION_KINDS
rules_version = RULES_VERSION
rulesets = RULESETS


def seating(ruleset: str, options: dict) -> Seating:
    """Every ruleset and option seats the same: 2 to 6 of the six seats."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(RULESETS)}")
    checked_options({k: v for k, v in options.items() if k not in PARTNERS})
    return Seating(SEAT_NAMES, MIN_SEATS, MAX_SEATS)


def upgrade(state: dict) -> dict:
    """A stored state in today's shape: the auction's has never changed."""
    return state


__all__ = [
    "ErrorCode",
    "EventCode",
    "apply",
    "bot_order",
    "capabilities",
    "commanders",
    "decision_kinds",
    "name",
    "parse",
    "parse_decision",
    "prompts",
    "result",
    "rules_version",
    "rulesets",
    "seating",
    "setup",
    "step_name",
    "upgrade",
    "view",
]
