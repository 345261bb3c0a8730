"""CHOAM's Open Market (001 2.09.07 (A), 2.09.10 (B)): at the end of any phase CHOAM may discard
its Worthless cards for 2 spice each and, under the published text (A), reveal cards of the
same name and discard the surplus copies for 3 spice each.

By mail the sale is a standing order carried out at the end of the phase, so it costs no mail
round: whenever CHOAM is asked anything it has an optional decision of its own (key
``market:choam``, as the Amal's: nobody waits for it and nobody else learns of it before the
sale, which is public):

- ``SELL <card>, <card>``: sell those cards at the end of this phase (each name once a copy;
  a card that is not Worthless is sold only as a surplus copy, CHOAM keeping one);
- ``SELL WORTHLESS``: sell every Worthless card held at the end of each phase, standing until
  ``SELL NONE``;
- ``SELL NONE``: no sale (a mail without a SELL line leaves the word standing as it is);
- ``SELL WITH KARAMA <card>, <card>`` (or ``ALL``): CHOAM's Karama power of the published text
  (001 1.14.10), read here and carried out first (``choam_karama.sell``).

Rulings (docs/rules-coverage.md):

- "The end of any Phase" is the end of each of the nine phases of the turn (001 1.01-1.09),
  not of the set-up.
- Named cards not held (or not surplus) when the phase ends are not sold; the named sale
  lapses then, told to CHOAM alone.
"""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..cards.orange_catholic_bible import only_in_a_plan
from ..codes import ErrorCode, EventCode
from ..data import Ability, CardType
from ..discard_pile import discard
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..prompt_key import PromptKey
from ..state import State, data
from .base import has

KIND = "market"
WORTHLESS = "WORTHLESS"
ALL = "ALL"                 # SELL WITH KARAMA ALL: the whole hand (001 1.14.10 (A))
KARAMA_PRICE = 3            # 1.14.10 (A): "gain 3 spice each"
WORTHLESS_PRICE = 2         # 2.09.07 (A), 2.09.10 (B): "2 spice each"
SURPLUS_PRICE = 3           # 2.09.07 (A): "the surplus ones for 3 spice each"


def key(seat: str) -> str:
    """The key of a seat's standing sale."""
    return str(PromptKey(KIND, seat))


def word(state: State, seat: str) -> dict[str, Any]:
    """The sale standing: ``{"worthless": bool, "cards": [names]}``."""
    return state["factions"][seat].get("market") or {"worthless": False, "cards": []}


def sellable(state: State, seat: str) -> list[str]:
    """The names of the cards CHOAM could sell now: its Worthless cards and, with the
    duplicate sale (A), the names it holds more than one of."""
    found = data(state)
    names = Counter(found.treachery_card(card).name for card in state["factions"][seat]["hand"])
    worthless = {found.treachery_card(card).name for card in state["factions"][seat]["hand"]
                 if found.treachery_card(card).type is CardType.WORTHLESS
                 and not homeworlds.no_worthless_sale(state, seat)}   # 001 4.10.12 "Tupile"
    surplus = {name for name, count in names.items() if count > 1} \
        if has(state, seat, Ability.DUPLICATE_SALE) else set()
    return sorted(worthless | surplus)


def prompt(state: State, seat: str, karama: bool) -> Prompt:
    """CHOAM's optional standing sale, riding on a mail round in which it is asked; with
    ``karama``, its Karama sale open (001 1.14.10 (A), ``choam_karama``)."""
    surplus = has(state, seat, Ability.DUPLICATE_SALE)
    legal = ("SELL <card>, <card>: discard them at the end of this phase, a Worthless card "
             f"for {WORTHLESS_PRICE} spice" + (f", a surplus copy of a card you hold twice for "
                                               f"{SURPLUS_PRICE}" if surplus else "")
             + f" (001 {_section(state)} OPEN MARKET); SELL WORTHLESS: every Worthless card at "
             "the end of each phase, until SELL NONE"
             + ("; SELL WITH KARAMA <card>, <card> (or ALL): at the end of this phase play a "
                f"Karama card and discard those cards for {KARAMA_PRICE} spice each (001 "
                "1.14.10, your Karama power, once a game)" if karama else "")
             + ".  Now: " + text(state, state["factions"][seat].get("market")) + ".")
    now = state["factions"][seat].get("market")
    return Prompt(key(seat), seat, KIND, True, legal, now, text(state, now), "SELL NONE",
                  optional=True, options={"cards": sellable(state, seat),
                                          "karama": karama},
                  title="your sale on the Open Market")


def _section(state: State) -> str:
    return "2.09.07" if has(state, "choam", Ability.DUPLICATE_SALE) else "2.09.10"


# --- the orders
def _read(state: State, prompt_: Prompt, words: list[str]) -> dict[str, Any] | None:
    """``SELL NONE`` -> None; ``SELL WORTHLESS``; ``SELL <card>, <card>``; ``SELL WITH KARAMA
    <card>, <card>`` or ``ALL`` (001 1.14.10 (A), ``choam_karama``)."""
    said = " ".join(words).strip()
    valid = ("SELL NONE", "SELL WORTHLESS",
             *(f"SELL {name}" for name in sellable(state, prompt_.seat)))
    if said.upper() == "NONE":
        return None
    if said.upper() == WORTHLESS:
        return {"worthless": True, "cards": []}
    if not said:
        raise OrderProblem(ErrorCode.MISSING_CARD, "expected SELL <card>, SELL WORTHLESS or "
                           "SELL NONE", valid)
    if [w.upper() for w in words[:2]] == ["WITH", "KARAMA"]:
        return {"worthless": False, "cards": [], "karama": _karama_sale(state, prompt_,
                                                                         words[2:])}
    return {"worthless": False, "cards": _names(state, prompt_, words, valid)}


def _names(state: State, prompt_: Prompt, words: list[str], valid: tuple[str, ...]
           ) -> list[str]:
    """The names of cards held that the words give, each the longest run of words naming a
    card held, if one is."""
    hand = [data(state).treachery_card(card).name
            for card in state["factions"][prompt_.seat]["hand"]]
    names, start = [], 0
    while start < len(words):
        runs = [end for end in range(len(words), start, -1)
                if _card(state, words[start:end]) is not None]
        if not runs:
            raise OrderProblem(ErrorCode.UNKNOWN_CARD, f"no treachery card is called "
                               f"{' '.join(words[start:])!r}", valid)
        end = next((end for end in runs if _card(state, words[start:end]) in hand), runs[0])
        name = _card(state, words[start:end])
        if name not in hand:
            raise OrderProblem(ErrorCode.NOT_IN_HAND, f"you hold no {name}", valid)
        names.append(name)
        start = end
    return names


def _karama_sale(state: State, prompt_: Prompt, words: list[str]) -> list[str]:
    """The words after ``SELL WITH KARAMA``: ``ALL``, or the names of cards held; the power
    must be open (its prompt's ``karama``)."""
    valid = ("SELL WITH KARAMA ALL", "SELL NONE")
    if not prompt_.options.get("karama"):
        raise OrderProblem(ErrorCode.KARAMA, "you may not sell with a Karama now: no Karama "
                           "power (001 1.14.10: the published text's, once a game, in the "
                           "advanced game) or no Karama card", ("SELL NONE",))
    if [w.upper() for w in words] == [ALL]:
        return [ALL]
    if not words:
        raise OrderProblem(ErrorCode.MISSING_CARD, "expected SELL WITH KARAMA <card>, <card> "
                           "or SELL WITH KARAMA ALL", valid)
    return _names(state, prompt_, words, valid)


def _card(state: State, words: list[str]) -> str | None:
    """The card a run of words names exactly (a copy's number may follow), or None."""
    said = re.sub(r"\s*#\s*\d+$", "", " ".join(words).strip(" ,")).lower()
    return next((name for name in dict.fromkeys(c.name for c in data(state).treachery_deck)
                 if name.lower() == said), None)


def _combine(state: State, prompt_: Prompt, parts: list[Any]) -> dict[str, Any] | None:
    found = [part for part in parts if part is not None]
    if not found:
        return None
    sale = [name for p in found for name in p.get("karama", [])]
    return {"worthless": any(p["worthless"] for p in found),
            "cards": [name for p in found for name in p["cards"]],
            **({"karama": sale} if sale else {})}


def text(game: Any, value: dict[str, Any] | None) -> str:
    """The order for a sale."""
    if not value:
        return "SELL NONE"
    lines = (["SELL WORTHLESS"] if value.get("worthless") else []) + (
        [f"SELL {', '.join(value['cards'])}"] if value.get("cards") else []) + (
        [f"SELL WITH KARAMA {', '.join(value['karama'])}"] if value.get("karama") else [])
    return "\n".join(lines) or "SELL NONE"


def random_sale(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> Any:
    """A random bot sells now and then, a card or every Worthless one."""
    cards = prompt_.options.get("cards", [])
    roll = rng.random()
    if prompt_.options.get("karama") and roll < 0.05:       # 001 1.14.10 (A)
        return {"worthless": False, "cards": [], "karama": [ALL]}
    if not cards or roll < 0.5:
        return None
    if roll < 0.75:
        return {"worthless": True, "cards": []}
    return {"worthless": False, "cards": [rng.choice(cards)]}


order_kind(OrderKind(KIND, ("SELL",), _read, text, combine=_combine, random=random_sale))


def given(state: State, seat: str, value: dict[str, Any] | None) -> list[Event]:
    """The sale given, kept as CHOAM's word until the phase ends (the default is the word
    standing, so a mail without it changes nothing); told to it alone when it changes."""
    before = state["factions"][seat].get("market")
    if value:       # a copy: the Karama sale is taken out of it (``choam_karama``), never the
        state["factions"][seat]["market"] = copy.deepcopy(value)    # order the log keeps
    else:
        state["factions"][seat].pop("market", None)
    if value == before:
        return []
    return [Event(EventCode.MARKET_SET, {"order": text(state, value)}, to=(seat,))]


def sell(state: State, seat: str) -> list[Event]:
    """The end of a phase: the cards the word names sold, each discarded face up for its
    price from the bank; the named sale then lapses."""
    standing = word(state, seat)
    if not (standing["worthless"] or standing["cards"]):
        state["factions"][seat].pop("market", None)
        return []
    events = []
    found = data(state)
    hand = state["factions"][seat]["hand"]
    surplus = has(state, seat, Ability.DUPLICATE_SALE)
    sold: list[str] = []
    spice = 0
    wanted = list(standing["cards"])
    if standing["worthless"]:
        wanted += [found.treachery_card(card).name for card in hand
                   if found.treachery_card(card).type is CardType.WORTHLESS]
    for name in wanted:
        copies = [card for card in hand if found.treachery_card(card).name == name]
        if not copies:
            continue
        if found.card_named(name).type is CardType.WORTHLESS:
            if homeworlds.no_worthless_sale(state, seat):     # 001 4.10.12 "Tupile" (High)
                continue
            if only_in_a_plan(state, copies[-1]):              # 001 3.06.04
                continue
            price = WORTHLESS_PRICE
        elif surplus and len(copies) > 1:
            price = SURPLUS_PRICE
        else:
            continue
        card = copies[-1]
        hand.remove(card)
        discard(state, seat, card)
        sold.append(card)
        spice += price
    lapsed = [name for name in standing["cards"]
              if name not in [found.treachery_card(card).name for card in sold]]
    if standing["worthless"]:
        state["factions"][seat]["market"] = {"worthless": True, "cards": []}
    else:
        del state["factions"][seat]["market"]
    state["factions"][seat]["spice"] += spice
    if sold:
        events.append(Event(EventCode.CARDS_SOLD, {
            "faction": seat, "cards": [found.treachery_card(card).name for card in sold],
            "spice": spice, "rule": _section(state)}))
    if lapsed:
        events.append(Event(EventCode.SALE_LAPSED, {"cards": lapsed}, to=(seat,)))
    return events
