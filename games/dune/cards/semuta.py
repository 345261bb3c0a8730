"""The Semuta Drug, a card of the Richese cache (001 3.03.10): "Play when another player discards
a card(s). Immediately take a Treachery Card and add it to your hand before it goes to the
discard pile. When multiple cards are discarded at the same time, you choose which card to
take. Discard after use."

By mail (rulings, docs/rules-coverage.md "Richese"): the holder's standing word, an optional
decision riding on any mail round it is asked something else in (key ``semuta:<seat>``, as the
cache's other cards, ``cache_specials``: nobody waits for it, nobody else learns of it):
``SEMUTA <card>`` takes the first card of that name another faction discards, ``SEMUTA ANY``
the first card another faction discards, ``SEMUTA NONE`` (the default) none.  The word stands
until the drug is played or the holder withdraws it.

Every discard goes through ``discard_pile.discard``, which notes the card while a word stands;
as the step ends (``turn.advance``), each card noted is offered, in the order discarded, to the
holders standing ready in storm order: the card leaves the discard pile (it had not reached it
yet, as far as the game is concerned) for the holder's hand, and the Semuta Drug is discarded
in its place (the hand's size is unchanged, so a full hand may take it). Several cards
discarded in one step are "at the same time": the word's card is the one chosen, ``ANY`` the
first. The take is public (the discard pile is face up); a word whose drug has left the hand
lapses, told to the holder alone.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import NameLookupError
from ..discard_pile import discard
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..prompt_key import PromptKey
from ..rules import Rules
from ..state import State, data, storm_order
from . import cache_words

KIND = "semuta"
SEMUTA = "Semuta Drug"
ANY = "ANY"
WORD = "semuta"             # a holder's sheet: its standing word (``schema.Sheet``)


def owns(key: str) -> bool:
    """Whether a decision's key is this module's."""
    return PromptKey.parse(key).kind == KIND


def held(game: Any, hand: list[str]) -> str | None:
    """The Semuta Drug of a hand, if it holds one."""
    deck = data(game)
    return next((card for card in hand if deck.treachery_card(card).name == SEMUTA), None)


def rides(rules: Rules) -> bool:
    """Whether a game of these rules may ask for it: the cache is in play (001 2.10.04)."""
    return bool(rules.cache_sets)


# --- the standing word
def prompts(state: State, others: list[Prompt]) -> list[Prompt]:
    """The word of each holder asked something else in this round."""
    return _WORD.prompts(state, others)


def keys(state: State, others: list[str]) -> list[str]:
    """The keys of ``prompts``, from the keys of the other decisions."""
    return _WORD.keys(state, others)


def _read(state: State, prompt: Prompt, words: list[str]) -> str | None:
    said = " ".join(words).strip()
    if said.upper() == "NONE":
        return None
    if said.upper() == ANY:
        return ANY
    try:
        return data(state).card_names.find(said.split("#")[0].strip())
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, str(error),
                           ("SEMUTA ANY", "SEMUTA Lasgun", "SEMUTA NONE")) from None


def _text(game: Any, value: str | None) -> str:
    return f"SEMUTA {value or 'NONE'}"


_WORD = cache_words.StandingWord(
    KIND, held,
    ("SEMUTA <card>: when another faction discards a card of that name, take it into "
     "your hand before it reaches the discard pile, the Semuta Drug discarded instead "
     "(001 3.03.10); SEMUTA ANY: the first card another faction discards; SEMUTA NONE: "
     "none."),
    _text, "your Semuta Drug's standing word")


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str | None:
    """Now and then a word: any card, or a card of the deck's names (bots)."""
    roll = rng.random()
    if roll < 0.5:
        return prompt.default
    if roll < 0.75:
        return ANY
    return rng.choice(sorted({card.name for card in data(view).treachery_deck}))


order_kind(OrderKind(KIND, ("SEMUTA",), _read, _text, random=_random))


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """Each holder's word kept in its sheet, told to it alone when it changes (asked only
    where the cache is in play: ``rides``, ``turn.advance``)."""
    return _WORD.apply(state, orders)


# --- the drug played, as the step ends
def step_ends(state: State) -> list[Event]:
    """The cards others discarded in the step (``discard_pile.discard``), each offered to the
    holders standing ready, in storm order (module docstring)."""
    noted = state.pop("discarded", None)
    if not noted:
        return []
    events: list[Event] = []
    deck = data(state)
    for holder in storm_order(state):
        own = state["factions"][holder]
        word = own.get(WORD)
        if word is None:
            continue
        drug = held(state, own["hand"])
        if drug is None:
            del own[WORD]
            events.append(Event(EventCode.USE_LAPSED, {"order": _text(state, word)},
                                to=(holder,)))
            continue
        pile = state["decks"]["treachery_discard"]
        taken = next((card for seat, card in noted if seat != holder and card in pile
                      and word in (ANY, deck.treachery_card(card).name)), None)
        if taken is None:
            continue
        by = next(seat for seat, card in noted if card == taken)
        pile.remove(taken)
        own["hand"].append(taken)
        own["hand"].remove(drug)
        del own[WORD]
        discard(state, holder, drug)
        events.append(Event(EventCode.SEMUTA_TAKEN, {
            "faction": holder, "from": by, "card": deck.treachery_card(taken).name}))
    state.pop("discarded", None)
    return events
