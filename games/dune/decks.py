"""The decks of a game and their piles, by name (issue 29, seam 6).

Which decks a game has, their piles, each pile's role and what every seat sees of it are its
ruleset's data (``data/classic/decks.yaml``; an overlay adds a deck by name).  The state keeps
each pile of each deck as a list of card ids, its top last: ``state["decks"][<pile>]``
(``treachery``, ``treachery_discard``, ``treachery_removed``, ``spice``, ``spice_discard``,
``spice_discard_2``, ``traitors`` in the published rulesets).  The code names a pile where a
rule does (a card played goes to ``treachery_discard``); ``piles`` finds a deck's piles of a
role.  The invariants count each deck's cards over its piles and wherever its cards may be
besides (``invariants``); the public view shows each pile as its data says (``public``).
"""

from __future__ import annotations

import functools
import random
from itertools import chain
from typing import Any

from pbem.game import Event

from .codes import EventCode
from .data import Deck, DeckCards, DuneData, Pile, PileRole, Shown
from .rules import Rules, rules_of
from .schema import State
from .state import data, layered_data

TREACHERY, SPICE, TRAITORS = "treachery", "spice", "traitors"     # the decks the rules name


def in_play(rules: Any) -> dict[str, Pile]:
    """The piles of a game's decks (``rules``: its ``Rules``) by name: every pile of its data
    but one that holds only sets of cards the game does not play (``Pile.sets``: the Richese
    cache without ``choam_richese``), so a game without them keeps the state it always had.
    Found once per layers and sets (the invariants ask it every step): read it, never change
    it."""
    return _in_play(rules.layers, rules.card_sets)


@functools.cache
def _in_play(layers: tuple[str, ...], sets: tuple[str, ...]) -> dict[str, Pile]:
    return {name: pile for name, pile in layered_data(layers).piles.items()
            if not pile.sets or set(pile.sets) & set(sets)}


# 001 3.06.01: with the 9+ pack, "Take Ornithopters from the Richese Treachery Deck and add it
# to the regular Treachery Deck; add Water of Life to the Richese Treachery Deck (if they are in
# this game)": where the cache is in play the Ornithopter starts in the draw pile and the Water
# of Life in the cache (ruling: without the Richese neither moves, their cache not being in the
# game; the Water of Life is then in the deck).  Each type's pile, by its card type.
CACHE = "richese_cache"
CACHE_SWAP = {"ornithopter": "treachery", "water_of_life": CACHE}


def cache_swap(rules: Any) -> dict[str, str]:
    """The card types that start in another pile than their set's, in a game of these rules
    (001 3.06.01: with the 9+ pack)."""
    return CACHE_SWAP if "landsraad_9" in rules.card_sets else {}


def new_piles(rules: Any) -> dict[str, list[str]]:
    """Every pile of every deck of a game's data (``rules``: its ``Rules``), each deck's draw
    pile holding all its cards in the data's order (set-up shuffles and deals them) but those
    of a set that starts in a pile of its own (``Pile.sets``: the Richese cache, 001 2.10.04),
    the others empty."""
    found = data(rules)
    piles: dict[str, list[str]] = {}
    swap = cache_swap(rules)
    for deck in found.decks:
        cards = found.deck_cards(deck, rules.card_sets, rules.extra_spice_cards,
                                 rules.cards_left_out)
        own = {card.id: pile.name for pile in deck.piles if pile.sets
               for card in found.treachery_in_play(rules.card_sets)
               if deck.cards is DeckCards.TREACHERY and card.expansion in pile.sets
               and card.type not in swap}
        if swap and set(own.values()) == {CACHE}:
            own |= {card.id: CACHE for card in found.treachery_in_play(rules.card_sets)
                    if swap.get(card.type) == CACHE}
        for pile in deck.piles:
            if pile.name not in in_play(rules):
                continue
            piles[pile.name] = [card for card in cards if own.get(card) == pile.name
                                or (pile.role is PileRole.DRAW and card not in own)]
    return piles


def draw_treachery(state: State, rng: random.Random, middle: bool = False
                   ) -> tuple[str | None, list[Event]]:
    """The top card of the treachery deck; an empty deck is first restocked from the shuffled
    discard pile (000 III.C; WBC VIII.1).  None when there is no card left anywhere.
    ``middle``: a card at random but the top and the bottom (any of two or fewer: 001 3.08.05,
    the Mystery Box)."""
    decks = state["decks"]
    events = []
    if not decks["treachery"] and decks["treachery_discard"]:
        decks["treachery"], decks["treachery_discard"] = decks["treachery_discard"], []
        rng.shuffle(decks["treachery"])
        events.append(Event(EventCode.TREACHERY_RESHUFFLED, {"cards": len(decks["treachery"])}))
    pile = decks["treachery"]
    if middle and len(pile) > 2:
        return pile.pop(rng.randrange(1, len(pile) - 1)), events
    return (pile.pop() if pile else None), events


def piles(game: Any, deck: str, role: PileRole) -> tuple[str, ...]:
    """The names of a deck's piles of a role, in the data's order (``game``: a state, a view,
    its rules or its ruleset's name)."""
    return data(game).deck(deck).piles_of(role)


def draw_pile(game: Any, deck: str) -> str:
    """The name of a deck's draw pile (one a deck)."""
    (name,) = piles(game, deck, PileRole.DRAW)
    return name


# 001 3.06.05: the Spice Blow card's additional pile (data/landsraad/decks.yaml), blown while
# the state's ``extra_blow`` says so (``cards.spice_blow_card``)
EXTRA_PILE, EXTRA_BLOW = "spice_discard_3", "extra_blow"


def spice_discards(game: Any) -> tuple[str, ...]:
    """The spice discard piles a game turns cards onto, in order: its spice deck's discard
    piles, as many as its rules use (``Rules.spice_discard_piles``: one, or two with 000 XXI;
    ``game``: a state, a view or its rules), and the additional pile of a Spice Blow card
    played (001 3.06.05)."""
    rules = game if isinstance(game, Rules) else rules_of(game)
    found = piles(rules, SPICE, PileRole.DISCARD)[:rules.spice_discard_piles]
    if not isinstance(game, Rules) and game.get(EXTRA_BLOW):    # 001 3.06.05
        return (*found, EXTRA_PILE)
    return found


def in_piles(state: State, deck: Deck) -> list[str]:
    """The cards of all of a deck's piles."""
    piles = state["decks"]
    return list(chain.from_iterable(piles.get(name, ()) for name in deck.pile_names))


def public(state: State) -> dict[str, Any]:
    """What every seat sees of each pile (its data's ``shown``): its size, its top card with
    its size, or every card (top last); in the data's order."""
    found: dict[str, Any] = {}
    for name, pile in in_play(rules_of(state)).items():
        cards = state["decks"][name]
        if pile.shown is Shown.COUNT:
            found[name] = len(cards)
        elif pile.shown is Shown.TOP:
            found[name] = {"cards": len(cards), "top": cards[-1] if cards else None}
        else:
            found[name] = list(cards)
    return found


def upgrade(state: State) -> None:
    """A state stored before the decks were named (issue 29): its spice discard piles, a list
    of one or two, become the piles ``spice_discard`` and ``spice_discard_2``, the territory
    each last turned up (``decks.spice_last``, a list) goes to ``state["spice_last"]`` by
    pile; and every pile the game's data has is there, empty if it was not."""
    decks = state.get("decks")
    if decks is None:
        return
    old = decks.get("spice_discard")
    if old and isinstance(old[0], list):
        names = piles(state, SPICE, PileRole.DISCARD)
        last = decks.pop("spice_last", [None] * len(old))
        for name, pile in zip(names, old, strict=False):
            decks[name] = pile
        state["spice_last"] = dict(zip(names, last, strict=False))
    for name in in_play(rules_of(state)):
        decks.setdefault(name, [])


def pile_problems(state: State, found: DuneData) -> list[str]:
    """The piles of the data that a state lacks, and the piles it has that the data lacks, as
    the invariants say them."""
    have, want = set(state["decks"]), set(in_play(rules_of(state)))
    return ([f"decks: the pile {name} is missing" for name in sorted(want - have)]
            + [f"decks: {name} is no pile of the game's decks" for name in sorted(have - want)])
