"""Richese's BLACK MARKET (001 2.10.22-24, text A, advanced): before the Declaration they may
put one treachery card of their hand up for auction, face down: they may announce what it is,
and may lie, but show it to nobody (the Atreides may still look, 2.10.23); it is sold the
normal way (in storm order, 2.10.24), once around or by silent auction; if no other faction
bids any spice for it they keep it; sold, one card fewer is dealt for the round (2.10.23).
Its price is theirs (ALTERNATE INCOME, 2.10.07), their own bid on it paid to themselves
(PROPER PROCEDURE, 2.10.08), and no Karama bids on or buys it (2.10.08).

By mail it is their decision of the bidding round's first mail round, beside the cache's offer
(``Faction.offers``, ``Faction.decisions``), an optional one (nobody waits for it: a standing
cache offer keeps the round from waiting, and the market is then sent ahead, ``FOR
BIDDING``): ``BLACK MARKET <card> NORMAL|SILENT|ONCE AROUND LEFT|RIGHT [AS <name>]``, the card
of their hand, how it is sold, and the name they announce (any card of the game, true or
not); ``BLACK MARKET NONE``: no market this round.  The card is the bidding round's offer of
a hidden card (``phases/offers``, ``MARKET``): it stays in their hand until it is sold, and
nobody but they, the buyer and the Atreides learns which it is.

Rulings (docs/rules-coverage.md): "before the Declaration" is before the cache card is
declared and before the deal: the market is sold in a mail round of its own, the cache's
offer decided with it in the round before; "no other player bids any spice": their own bid
on it, the highest, keeps it too (paid to themselves, 2.10.08), and only a card sold to
another makes the row one card fewer.  The normal way is the row's proxy auction (each bid
the most the bidder will pay, in turn from the first in storm order), within the bidder's
own spice (the allies' support is not asked for it); after it the row's first card is opened
by the next faction able to bid (2.10.24: "normal bidding resumes where normal bidding left
off"), after a silent or once-around market by the first in storm order."""

from __future__ import annotations

import random
import re
from typing import Any

from pbem.game import Prompt

from ..codes import ErrorCode
from ..orders.language import OrderKind, OrderProblem, card_among, order_kind
from ..prompt_key import PromptKey
from ..state import State, data
from .base import FIRST, NORMAL, ONCE_AROUND, SILENT, Offer

KIND = "black-market"
HOW = {"NORMAL": NORMAL, "SILENT": SILENT}
WAYS = {"LEFT": "left", "RIGHT": "right"}


def prompt(state: State, seat: str) -> Prompt:
    hand = state["factions"][seat]["hand"]
    names = sorted({data(state).treachery_card(card).name for card in hand})
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True,
                  "BLACK MARKET <card> NORMAL|SILENT|ONCE AROUND LEFT|RIGHT [AS <name>]: a card "
                  "of your hand auctioned face down before the row (001 2.10.22-24 BLACK "
                  "MARKET): the normal way in storm order, by silent auction or once around; "
                  "AS: the card you announce, true or not (2.10.23); kept if no other faction "
                  "bids; sold, one card fewer is dealt.  BLACK MARKET NONE: not this round.  "
                  f"Your hand: {', '.join(names)}.", None, "BLACK MARKET NONE",
                  f"BLACK MARKET {names[0]} NORMAL", optional=True,
                  options={"cards": sorted(hand)}, title="your black market")


def _read(state: State, prompt_: Prompt, words: list[str]) -> list[Any] | None:
    valid = (prompt_.template, "BLACK MARKET NONE")
    upper = [word.upper() for word in words]
    if not upper or upper[0] != "MARKET":
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected BLACK MARKET <card> NORMAL|SILENT|"
                           "ONCE AROUND LEFT|RIGHT [AS <name>] or BLACK MARKET NONE", valid)
    words, upper = words[1:], upper[1:]
    if upper == ["NONE"]:
        return None
    announced = None
    if "AS" in upper:
        at = len(upper) - 1 - upper[::-1].index("AS")
        named = " ".join(words[at + 1:])
        announced = data(state).treachery_card(card_among(
            state, named, [c.id for c in data(state).treachery_deck], "card to announce",
            valid)).name
        words, upper = words[:at], upper[:at]
    if upper and upper[-1] in HOW:
        kind, way, rest = HOW[upper[-1]], "right", words[:-1]
    elif len(upper) >= 4 and upper[-3:-1] == ["ONCE", "AROUND"] and upper[-1] in WAYS:
        kind, way, rest = ONCE_AROUND, WAYS[upper[-1]], words[:-3]
    else:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected NORMAL, SILENT, ONCE AROUND LEFT or "
                           "ONCE AROUND RIGHT after the card", valid)
    card = card_among(state, " ".join(rest), state["factions"][prompt_.seat]["hand"],
                      "card of your hand", valid)
    return [card, kind, way, announced]


def text(game: Any, value: list[Any] | None) -> str:
    if value is None:
        return "BLACK MARKET NONE"
    card, kind, way, announced = value
    how = {NORMAL: "NORMAL", SILENT: "SILENT"}.get(kind, f"ONCE AROUND {way.upper()}")
    name = re.sub(r" #[0-9]+$", "", data(game).treachery_card(card).name)
    return f"BLACK MARKET {name} {how}" + (f" AS {announced}" if announced else "")


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> list[Any] | None:
    if rng.random() < 0.7 or not prompt_.options["cards"]:
        return None
    kind = rng.choice((NORMAL, SILENT, ONCE_AROUND))
    return [rng.choice(prompt_.options["cards"]), kind, rng.choice(("left", "right")), None]


order_kind(OrderKind(KIND, ("BLACK",), _read, text, random=_random))


def offer(state: State, seat: str, value: list[Any] | None) -> dict[str, Any] | None:
    """Their market as the step keeps it (``Offer.to_json``, hidden), if they made one of a
    card still in their hand."""
    if value is None or value[0] not in state["factions"][seat]["hand"]:
        return None
    card, kind, way, announced = value
    return Offer(seat, card, kind, FIRST, way, hidden=True, announced=announced).to_json()
