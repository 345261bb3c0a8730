"""The Richese cache and its auction (001 2.10.04, 2.10.06-09).

The cache (2.10.04) is the treachery deck's pile ``richese_cache`` (``data/richese/``),
beside the Richese shield and not in their hand: everyone sees how many cards it holds, the
Richese which.  DECLARED and RICHESE AUCTION (2.10.06, 2.10.09): each bidding round, as it
opens, the Richese choose a card of the cache, how it is sold (silent, or once around to
their left or right) and whether it is the round's first card or its last; it is sold by the
bidding round's auction of an offered card (``phases/offers``: the bids, ALTERNATE INCOME and
PROPER PROCEDURE, 2.10.07-08).  Unsold, it goes into their hand free if it has room, else it
is set aside face up (2.10.09.02-03; set aside: out of the game, the deck's ``out`` pile).

Their order: ``CACHE <card>|ANY SILENT|ONCE AROUND LEFT|RIGHT FIRST|LAST`` (a mail round of
theirs alone, before the row is dealt, unless it was sent ahead, ``FOR BIDDING``, or stands:
``SET STANDING CACHE ANY SILENT LAST`` answers every round, ``ANY`` being the first card of the
cache as it then lies, so the round opens without waiting; issue 30: "Mail rounds stay few").
ALLIANCE (2.10.21): "At any time (other than during a bid) you may give your ally a Richese
Treachery Card from your hand if their hand is not full."  By mail a standing order riding on
any mail round Richese are asked in outside the bidding round (``Faction.standing_prompts``,
optional: nobody waits for it): ``GIFT <card>`` gives that card of their hand, one of the
cache's sets, as the round resolves; ``GIFT NONE``: not now.  The table learns a card was
given, the two allies which.  Rulings: "other than during a bid" is the whole bidding round (by
mail its bids are its rounds); the gift is spent once made.

Ruling: 001 says "must" auction one (2.10.09.01); with an empty cache there is none to auction
and the round goes on without."""

from __future__ import annotations

import random
import re
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..cards import karama
from ..codes import ErrorCode, EventCode
from ..decks import cache_swap
from ..orders.language import OrderKind, OrderProblem, card_among, order_kind
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, ally_of, data, faction_name
from .base import FIRST, LAST, ONCE_AROUND, SILENT, Offer, hand_limit, karama_power_used

CACHE = "richese_cache"         # the pile (data/richese/decks.yaml)
KIND = "cache-offer"
WAYS = {"LEFT": "left", "RIGHT": "right"}
WHEN = {"FIRST": FIRST, "LAST": LAST}
ANY = "ANY"                     # the first card of the cache as its prompt lists them


def cache(state: State) -> list[str]:
    """The cards of the cache (none in a game without it)."""
    return state["decks"].get(CACHE, [])


def prompt(state: State, seat: str) -> Prompt:
    names = [data(state).treachery_card(card).name for card in cache(state)]
    default = [cache(state)[0], SILENT, "right", LAST]
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True,
                  "CACHE <card>|ANY SILENT|ONCE AROUND LEFT|RIGHT FIRST|LAST: the card of your "
                  "cache you auction this round (ANY: the first listed), by silent auction (001 "
                  "2.10.09.03) or once around from your left or right (2.10.09.02), as the "
                  f"round's first card or its last (2.10.06); your cache: {', '.join(names)}.  "
                  "Sent ahead (FOR BIDDING) or standing (SET STANDING CACHE ... ANY ...), it "
                  "costs the table no mail round" + _occupied(state, seat),
                  default, text(state, default), text(state, default))


def _occupied(state: State, seat: str) -> str:
    """While their homeworld is occupied, who chooses the card (001 4.10.12 "Richese",
    Occupied); whether the occupier has named one is not told."""
    occupier = homeworlds.picker(state, seat, CACHE)
    return "" if occupier is None else (
        f".  The {faction_name(occupier, state)}, occupying Richese, choose the card sold if "
        "their word names one still in your cache (001 4.10.12 \"Richese\"): yours is then "
        "the how and the when")


def _read(state: State, prompt_: Prompt, words: list[str]) -> list[str]:
    valid = (prompt_.template,)
    upper = [word.upper() for word in words]
    if len(upper) < 3 or upper[-1] not in WHEN:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected CACHE <card> SILENT|ONCE AROUND "
                           "LEFT|RIGHT FIRST|LAST", valid)
    when, rest = WHEN[upper[-1]], words[:-1]
    tail = [word.upper() for word in rest]
    if tail[-1] == "SILENT":
        kind, way, rest = SILENT, "right", rest[:-1]
    elif len(tail) >= 4 and tail[-3:-1] == ["ONCE", "AROUND"] and tail[-1] in WAYS:
        kind, way, rest = ONCE_AROUND, WAYS[tail[-1]], rest[:-3]
    else:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected SILENT, ONCE AROUND LEFT or ONCE "
                           "AROUND RIGHT after the card", valid)
    if [word.upper() for word in rest] == [ANY]:      # the first listed, whatever it is then
        if not cache(state):
            raise OrderProblem(ErrorCode.INCOMPLETE, "your cache is empty", valid)
        return [cache(state)[0], kind, way, when]
    card = card_among(state, " ".join(rest), cache(state), "card of your cache", valid)
    return [card, kind, way, when]


def text(game: Any, value: list[str]) -> str:
    card, kind, way, when = value
    how = "SILENT" if kind == SILENT else f"ONCE AROUND {way.upper()}"
    return f"CACHE {re.sub(r' #[0-9]+$', '', card)} {how} {when.upper()}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> list[str]:
    kind = rng.choice((SILENT, ONCE_AROUND))
    return [rng.choice(view["own"]["cache"]), kind,
            rng.choice(("left", "right")) if kind == ONCE_AROUND else "right",
            rng.choice((FIRST, LAST))]


order_kind(OrderKind(KIND, ("CACHE",), _read, text, random=_random))


# --- their Karama power (001 1.14.11)
KARAMA_KIND = "cache-karama"
PRICE = 3                       # 1.14.11: "pay 3 spice"


def karama_prompt(state: State, seat: str) -> Prompt:
    names = [data(state).treachery_card(card).name for card in cache(state)]
    return Prompt(str(PromptKey(KARAMA_KIND, seat)), seat, KARAMA_KIND, True,
                  "KARAMA CACHE <card>: play a Karama card and pay 3 spice to take that card of "
                  "your cache into your hand, secretly, before the auction (001 1.14.11, your "
                  "Karama power, once a game); KARAMA NONE: not now.  Your cache: "
                  + ", ".join(names), None, "KARAMA NONE",
                  f"KARAMA CACHE {names[0]}", optional=True)


def _read_karama(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    if [w.upper() for w in words] == ["NONE"]:
        return None
    valid = (prompt_.template, "KARAMA NONE")
    if not words or words[0].upper() != "CACHE":
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected KARAMA CACHE <card> or KARAMA NONE",
                           valid)
    return card_among(state, " ".join(words[1:]), cache(state), "card of your cache", valid)


def _karama_text(game: Any, value: str | None) -> str:
    return "KARAMA NONE" if value is None else f"KARAMA CACHE {re.sub(r' #[0-9]+$', '', value)}"


order_kind(OrderKind(KARAMA_KIND, ("KARAMA",), _read_karama, _karama_text,
                     random=lambda view, prompt_, rng: None if rng.random() < 0.7
                     else rng.choice(view["own"]["cache"])))


def may_buy(state: State, seat: str, room: bool) -> bool:
    """Their Karama power is open: theirs in this game (``has``), a Karama in hand, 3 spice, a
    card in the cache and room in their hand."""
    return (room and state["factions"][seat]["spice"] >= PRICE and bool(cache(state))
            and bool(karama.playable(state, seat)))


def buy(state: State, seat: str, card: str | None) -> list[Event]:
    """The Karama played and discarded, 3 spice to the bank, the card into their hand; the
    table learns a card was taken, not which (1.14.11: "secretly")."""
    if card is None or card not in cache(state) or not may_buy(state, seat, True):
        return []
    played, effective = karama.play(state, seat)
    if not effective:
        return played
    karama_power_used(state, seat)
    state["factions"][seat]["spice"] -= PRICE
    cache(state).remove(card)
    state["factions"][seat]["hand"].append(card)
    return [*played, Event(EventCode.CACHE_BOUGHT, {"faction": seat, "spice": PRICE}),
            Event(EventCode.CACHE_CARD, {"card": card}, to=(seat,))]


def offer(state: State, seat: str, value: list[str]) -> Offer:
    """The card taken out of the cache and offered."""
    card, kind, way, when = value
    cache(state).remove(card)
    return Offer(seat, card, kind, when, way)


def unsold(state: State, seat: str, offer_: Offer, room: bool) -> list[Event]:
    """Into their hand free if it has room, else set aside face up (2.10.09.02-03)."""
    if room:
        state["factions"][seat]["hand"].append(offer_.card)
    else:
        state["decks"]["treachery_removed"].append(offer_.card)
    return [Event(EventCode.OFFER_UNSOLD, {"seller": seat, "taken": room,
                                           "name": data(state).treachery_card(offer_.card).name})]


def violations(state: State) -> list[str]:
    """Only the cache's own cards lie in it (001 2.10.04), and the Water of Life with the 9+
    pack (3.06.01, ``decks.cache_swap``)."""
    sets = data(state).piles[CACHE].sets
    swap = cache_swap(rules_of(state))
    strangers = [card for card in cache(state)
                 if data(state).treachery_card(card).expansion not in sets
                 and swap.get(data(state).treachery_card(card).type) != CACHE]
    return [f"richese: {strangers} in the cache, no cache cards"] if strangers else []


# --- the ally's Richese card (001 2.10.21)
GIFT_KIND = "cache-gift"


def gift_key(seat: str) -> str:
    return str(PromptKey(GIFT_KIND, seat))


def cache_cards(state: State, seat: str) -> list[str]:
    """The Richese cards in the seat's hand (of the cache's sets, 2.10.04)."""
    sets = data(state).piles[CACHE].sets
    return [card for card in state["factions"][seat]["hand"]
            if data(state).treachery_card(card).expansion in sets]


def receiver(state: State, seat: str) -> str | None:
    """Their ally, if its hand has room."""
    return next((ally for ally in ally_of(state, seat)
                 if len(state["factions"][ally]["hand"]) < hand_limit(state, ally)), None)


def may_give(state: State, seat: str) -> bool:
    """The gift is open: outside the bidding round, a Richese card in their hand, an ally
    with room."""
    return (state["phase"] != "bidding" and bool(cache_cards(state, seat))
            and receiver(state, seat) is not None)


def gift_prompt(state: State, seat: str) -> Prompt:
    names = sorted({data(state).treachery_card(card).name for card in cache_cards(state, seat)})
    return Prompt(gift_key(seat), seat, GIFT_KIND, True,
                  "GIFT <card>: give your ally that Richese card of your hand as this mail round "
                  "resolves (001 2.10.21 ALLIANCE: not during a bid, their hand not full); GIFT "
                  f"NONE: not now.  Your Richese cards: {', '.join(names)}.", None, "GIFT NONE",
                  f"GIFT {names[0]}", optional=True,
                  options={"cards": sorted(cache_cards(state, seat))},
                  title="a Richese card given to your ally")


def _read(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    said = " ".join(words).strip()
    if said.upper() == "NONE":
        return None
    mine = cache_cards(state, prompt_.seat)
    valid = ("GIFT NONE", *(f"GIFT {data(state).treachery_card(c).name}" for c in mine))
    if not said:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected GIFT <card> or GIFT NONE", valid)
    return card_among(state, said, mine, "Richese card of your hand", valid)


def _text(game: Any, value: str | None) -> str:
    return "GIFT NONE" if value is None else f"GIFT {data(game).treachery_card(value).name}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    return None if rng.random() < 0.7 else rng.choice(prompt_.options["cards"])


order_kind(OrderKind(GIFT_KIND, ("GIFT",), _read, _text, random=_random))


def given(state: State, seat: str, card: str | None) -> list[Event]:
    """The card into their ally's hand, if it is still theirs to give and the ally has room."""
    if card is None or not may_give(state, seat) or card not in cache_cards(state, seat):
        return []
    ally = receiver(state, seat)
    assert ally is not None
    state["factions"][seat]["hand"].remove(card)
    state["factions"][ally]["hand"].append(card)
    name = data(state).treachery_card(card).name
    return [Event(EventCode.CACHE_CARD_GIVEN, {"faction": seat, "ally": ally}),
            Event(EventCode.CACHE_CARD_GIVEN_SEEN, {"faction": seat, "ally": ally, "card": name},
                  to=(seat, ally))]
