"""The Free Traders' SCRAP HEAP (001 2.13.14, advanced): "When another faction losses a battle to
you, they Put any weapons or defenses they would have discarded in front of your shield. After
the Battle Phase you may swap one of your defense or weapon Treachery cards with a card of
matching color from in front of your shield. Then discard all cards in front of your shield."

The cards in front of their shield lie on the discard pile all the while, face up as it is, and
their sheet's ``scrap_heap`` names them (so every card stays in one pile): the loser's weapons and
defenses discarded in a battle the Free Traders won (``heaped``).  The swap is their standing
answer ``SCRAP <card of your hand> FOR <card>`` or ``SCRAP NONE`` (the default), riding on their
mails of the revival, movement and battle rounds, never waited for: after the battle round, if
a card of that name lies in front of their shield and their card is of the same colour (a
weapon for a weapon, a defense for a defense), the two change places (``swapped``); the heap is
then gone to the discard pile, where it lay.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import CardCategory
from ..orders.language import OrderKind, OrderProblem, card_among, order_kind
from ..prompt_key import PromptKey
from ..state import State, data

SCRAP = "scrap"                 # the kind of their standing answer
HEAP, SWAP = "scrap_heap", "scrap"      # their sheet's: the heap's cards, the swap wanted
COLOURS = (CardCategory.WEAPON, CardCategory.DEFENSE)


def heaped(state: State, traders: str, loser: str, plans: dict[str, dict[str, Any]]
           ) -> list[Event]:
    """The loser's weapon and defense of the battle the Free Traders won, discarded, set in
    front of their shield (marked in their sheet, still on the discard pile)."""
    plan = plans.get(loser) or {}
    pile = state["decks"]["treachery_discard"]
    heap = state["factions"][traders].setdefault(HEAP, [])
    found = []
    for slot in ("weapon", "defense"):     # among the battle's discards, atop the pile
        name = plan.get(slot)
        card = next((c for c in reversed(pile[-6:]) if data(state).treachery_card(c).name == name
                     and c not in heap), None) if name else None
        if card is not None and data(state).treachery_card(card).category in COLOURS:
            heap.append(card)
            found.append(name)
    if not heap:
        state["factions"][traders].pop(HEAP, None)
    return [Event(EventCode.SCRAP_HEAPED, {"faction": traders, "from": loser,
                                           "cards": found})] if found else []


def in_front(state: State, traders: str) -> list[str]:
    """The names of the cards in front of their shield (public)."""
    return [data(state).treachery_card(c).name for c in state["factions"][traders].get(HEAP, [])]


def swapped(state: State, traders: str) -> list[Event]:
    """After the battle round: the swap their standing answer names, if it may be made; the
    heap is then discarded (it lies on the discard pile already)."""
    own = state["factions"][traders]
    heap = own.pop(HEAP, [])
    wanted = own.get(SWAP)
    if not heap or not wanted:
        return []
    mine, name = wanted
    cards = data(state).treachery_card
    take = next((c for c in heap if cards(c).name == name), None)
    if (take is None or mine not in own["hand"] or cards(mine).category not in COLOURS
            or cards(mine).category is not cards(take).category):
        return []
    pile = state["decks"]["treachery_discard"]
    pile.remove(take)
    own["hand"].remove(mine)
    own["hand"].append(take)
    pile.append(mine)
    own.pop(SWAP, None)
    return [Event(EventCode.SCRAP_SWAPPED, {"faction": traders, "took": cards(take).name,
                                            "gave": cards(mine).name})]


def prompt(state: State, seat: str) -> Prompt:
    wanted = state["factions"][seat].get(SWAP)
    said = (f"SCRAP {_name(state, wanted[0])} FOR {wanted[1]}" if wanted else "SCRAP NONE")
    return Prompt(str(PromptKey(SCRAP, seat)), seat, SCRAP, True,
                  "SCRAP <card of your hand> FOR <card> or SCRAP NONE: SCRAP HEAP, after the "
                  "battle round your weapon or defense swapped for a card of its colour the "
                  "losers of your battles set in front of your shield (001 2.13.14).  It stands "
                  f"until used or changed; now {said}.  Never waited for.", wanted, said, said,
                  optional=True, title="your Scrap Heap")


def chosen(state: State, seat: str, value: list | None) -> list[Event]:
    if value:
        state["factions"][seat][SWAP] = list(value)
    else:
        state["factions"][seat].pop(SWAP, None)
    return []


def _name(state: Any, card: str) -> str:
    return data(state).treachery_card(card).name


def _read(state: State, prompt_: Prompt, words: list[str]) -> list | None:
    said = [w.upper() for w in words]
    if said == ["NONE"]:
        return None
    if "FOR" not in said or said.index("FOR") in (0, len(said) - 1):
        raise OrderProblem(ErrorCode.BAD_SCRAP, "expected SCRAP <card of your hand> FOR <card> "
                           "or SCRAP NONE (001 2.13.14)", ("SCRAP NONE",))
    at = said.index("FOR")
    hand = state["factions"][prompt_.seat]["hand"]
    mine = card_among(state, " ".join(words[:at]), hand, "card of your hand",
                      tuple(f"SCRAP {_name(state, c)} FOR Shield" for c in hand))
    if data(state).treachery_card(mine).category not in COLOURS:
        raise OrderProblem(ErrorCode.BAD_SCRAP, f"{_name(state, mine)} is neither a weapon nor "
                           "a defense (001 2.13.14)", ("SCRAP NONE",))
    try:
        name = data(state).card_names.find(" ".join(words[at + 1:]))
    except LookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, str(error), ("SCRAP NONE",)) from None
    return [mine, name]


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> list | None:
    hand = [c for c in view["own"]["hand"]
            if data(view).treachery_card(c).category in COLOURS]
    if not hand or rng.random() < 0.5:
        return None
    mine = rng.choice(hand)
    same = sorted({c.name for c in data(view).treachery_deck
                   if c.category is data(view).treachery_card(mine).category})
    return [mine, rng.choice(same)]


order_kind(OrderKind(SCRAP, ("SCRAP",), _read,
                     lambda game, v: f"SCRAP {_name(game, v[0])} FOR {v[1]}" if v
                     else "SCRAP NONE", random=_random))
