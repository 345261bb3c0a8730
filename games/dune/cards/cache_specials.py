"""Distrans, the Nullentropy Box, the Axolotl Tank and Desert Seeded Water: the Richese
cache's cards played outside a battle (001 3.03.02, 3.03.06, 3.03.13, 3.03.16), the first two
"at any time" (the Distrans "other than during a bid"), the Axolotl Tank "during the Revival
Phase", the last "after Spice Blow and NEXUS Phase but before Shipment and Movement Phase".

- Distrans: give another faction a treachery card of one's hand, if that faction's hand is
  not full; discarded.
- Nullentropy Box: pay 2 spice to the bank, search the treachery discard pile for any card but
  a Nullentropy Box and take it into the hand; the pile shuffled and laid face up again, the
  Nullentropy Box discarded on top.
- Axolotl Tank (text B's cache): one dead leader revived besides the normal revival, for his
  fighting strength, or a face-down one for 3 spice.
- Desert Seeded Water (text B's cache): search the spice deck, pick as many cards as there are
  spice blows, shuffle the deck and lay them on top in the order chosen.

By mail (rulings, docs/rules-coverage.md "Richese"): a holder asked anything in a mail round
gets an optional decision of its own (key ``cache-special:<seat>``), as for the first
expansion's Amal (``spice_specials``): nobody waits for it and nobody else learns of it.  What
it orders is carried out as the round is resolved, after the round's own orders, each line
only while its card is still in hand:

- ``DISTRANS <card> TO <faction>``: not in the bidding round ("other than during a bid": the
  bidding round's mail rounds are all bids); the card must be another of the hand, the
  faction's hand not full then.  The table learns that a card was given, the two factions
  which.
- ``NULLENTROPY <card>``: the card named must lie in the discard pile (which is face up) and
  the holder have 2 spice then.  The table learns that a card was taken, the holder which
  (the pile is public: what is missing from it can be seen, as at the table).
- ``AXOLOTL TANK <leader>``: only in the Revival phase (a holder asked in its round: one with
  nothing of its own to decide there cannot play it by mail, so that nobody learns a holder
  from who is waited for); the leader one of the holder's in the tanks, whatever the limits of
  1.05.04, paid as any revival (to the bank, or the faction revival pays, 2.08.11): his
  strength, 3 if he lies face down; played only if the holder has that spice then, after its
  own revival.  Public, as a revival is.  (Its third choice, the ally's use, is not offered.)
- ``DESERT SEEDED WATER <card>, <card>``: only in the CHOAM Charity, Bidding and Revival
  phases (between the Spice Blow and Nexus phase and the Shipment and Movement phase); as many
  spice cards named (a territory or Shai-Hulud) as the turn has spice blows (two in the
  advanced game, ``Rules.spice_discard_piles``), the first named to be turned first; played
  only if the spice deck holds them all then.  The table learns that the deck was stacked and
  with how many cards; the holder, who searched it, the deck's cards.
- ``DISTRANS NONE`` or ``NULLENTROPY NONE`` (the default): none played.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import factions, leaders, main_leaders
from ..codes import ErrorCode, EventCode
from ..data import CardType, NameLookupError
from ..decks import spice_discards
from ..discard_pile import discard
from ..factions.base import hand_limit
from ..orders.language import OrderKind, OrderProblem, order_kind, read_faction
from ..prompt_key import PromptKey
from ..rules import Rules, rules_of
from ..state import State, data, faction_name
from . import cache_words
from .nullentropy_box import NULLENTROPY, PRICE, search

KIND = "cache-special"
DISTRANS, DESERT = "Distrans", "Desert Seeded Water"
AXOLOTL = "Axolotl Tank"
FACE_DOWN_PRICE = 3                         # 001 3.03.13: "Pay three spice to revive one of
#                                             your facedown leaders"
DESERT_PHASES = ("charity", "bidding", "revival")   # 001 3.03.16: after the Spice Blow and
#                                                     Nexus, before Shipment and Movement


def owns(key: str) -> bool:
    """Whether a decision's key is this module's."""
    return PromptKey.parse(key).kind == KIND


def held(game: Any, hand: list[str]) -> dict[str, str]:
    """The cards of this module in a hand, by name: the id of each."""
    deck = data(game)
    found = {}
    for card in hand:
        name = deck.treachery_card(card).name
        if name in (DISTRANS, NULLENTROPY, DESERT, AXOLOTL):
            found.setdefault(name, card)
    return found


def _playable(state: State, seat: str) -> list[str]:
    cards = held(state, state["factions"][seat]["hand"])
    return [name for name in cards if not (name == DISTRANS and state["phase"] == "bidding")
            and not (name == DESERT and state["phase"] not in DESERT_PHASES)
            and not (name == AXOLOTL and (state["phase"] != "revival" or not leaders.in_tanks(
                state["factions"][seat]["leaders"])))]


def rides(rules: Rules) -> bool:
    """Whether a game of these rules may ask for these cards: the cache is in play (001
    2.10.04)."""
    return bool(rules.cache_sets)


# --- the decisions
def prompts(state: State, others: list[Prompt]) -> list[Prompt]:
    """A decision for each holder asked something else in this round."""
    if not others or not rules_of(state).cache_sets:       # 001 2.10.04: the cache in play
        return []
    asked = {p.seat for p in others}
    return [_prompt(state, seat, cards) for seat in state["seats"]
            if seat in asked and (cards := _playable(state, seat))]


def keys(state: State, others: list[str]) -> list[str]:
    """The keys of ``prompts``, from the keys of the other decisions."""
    return cache_words.keys(state, others, _playable, KIND)


def _prompt(state: State, seat: str, cards: list[str]) -> Prompt:
    parts = []
    if DISTRANS in cards:
        parts.append("DISTRANS <card> TO <faction>: give that faction a card of your hand, "
                     "if its hand is not full (001 3.03.02).")
    if NULLENTROPY in cards:
        parts.append(f"NULLENTROPY <card>: pay {PRICE} spice and take that card from the "
                     "treachery discard pile (001 3.03.06).")
    if AXOLOTL in cards:
        parts.append("AXOLOTL TANK <leader>: one of your leaders in the tanks revived besides "
                     "your revival, for his strength (3 spice if face down) (001 3.03.13).")
    if DESERT in cards:
        blows = rules_of(state).spice_discard_piles
        parts.append(f"DESERT SEEDED WATER <{blows} spice cards, the first on top>: the spice "
                     "deck searched and shuffled, those cards laid on top (001 3.03.16).")
    none = "DISTRANS NONE" if DISTRANS in cards else "NULLENTROPY NONE"
    parts.append(f"{none}: as you are.")
    return Prompt(f"{KIND}:{seat}", seat, KIND, True, "  ".join(parts), None, none, none,
                  optional=True, options={"cards": cards})


# --- the orders
def _read(state: State, prompt: Prompt, words: list[str]) -> list[Any] | None:
    """One line: [Distrans, card, faction], [Nullentropy Box, card], or None."""
    verb, rest = words[0].upper(), words[1:]
    cards = prompt.options.get("cards", [])
    valid = (*(["DISTRANS <card> TO <faction>"] if DISTRANS in cards else []),
             *(["NULLENTROPY <card>"] if NULLENTROPY in cards else []),
             *(["DESERT SEEDED WATER Old Gap, Shai-Hulud"] if DESERT in cards else []),
             *(["AXOLOTL TANK <leader>"] if AXOLOTL in cards else []),
             "DISTRANS NONE")
    if [w.upper() for w in rest] == ["NONE"]:
        return None
    name = {"DISTRANS": DISTRANS, "DESERT": DESERT, "AXOLOTL": AXOLOTL}.get(verb, NULLENTROPY)
    if name not in cards:
        raise OrderProblem(ErrorCode.NOT_IN_HAND, f"you hold no {name} to play now", valid)
    upper = [w.upper() for w in rest]
    if name == DESERT:
        return [DESERT, _spice_cards(state, rest, valid)]
    if name == AXOLOTL:
        return [AXOLOTL, _dead_leader(state, prompt.seat, rest, valid)]
    if name == DISTRANS:
        if "TO" not in upper:
            raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected DISTRANS <card> TO <faction>",
                               valid)
        at = len(upper) - 1 - upper[::-1].index("TO")        # "Trip to Gamont TO ..."
        others = [s for s in state["seats"] if s != prompt.seat]
        return [DISTRANS, read_card(state, rest[:at], valid), read_faction(state, rest[at + 1:],
                                                                       others)]
    card = read_card(state, rest, valid)
    if card == NULLENTROPY:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "any card but a Nullentropy Box", valid)
    return [NULLENTROPY, card]


def read_card(state: State, words: list[str], valid: tuple[str, ...]) -> str:
    """The treachery card the words name (its copy's number left off)."""
    try:
        return data(state).card_names.find(" ".join(words).split("#")[0].strip())
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, str(error), valid) from None


def _spice_cards(state: State, words: list[str], valid: tuple[str, ...]) -> list[str]:
    """The spice cards a Desert Seeded Water names after SEEDED WATER, as many as the turn's
    spice blows (001 3.03.16), each a territory card's or Shai-Hulud, the longest name first
    where the words run on (commas are not words)."""
    upper = [w.upper() for w in words]
    if upper[:2] != ["SEEDED", "WATER"]:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected DESERT SEEDED WATER <card>, <card>",
                           valid)
    known = {_spice_name(card.id).upper().replace("-", " "): _spice_name(card.id)
             for card in data(state).spice_deck}
    rest, names = [w.replace("-", " ") for w in upper[2:]], []
    while rest:
        size = next((n for n in range(len(rest), 0, -1) if " ".join(rest[:n]) in known), 0)
        if not size:
            raise OrderProblem(ErrorCode.BAD_SPECIAL, f"no spice card is called {rest[0]}...: "
                               "a territory card or Shai-Hulud", valid)
        names.append(known[" ".join(rest[:size])])
        rest = rest[size:]
    blows = rules_of(state).spice_discard_piles
    if len(names) != blows:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, f"name {blows} spice card"
                           f"{'s' if blows > 1 else ''}, one for each spice blow of the turn",
                           valid)
    return names


def _dead_leader(state: State, seat: str, words: list[str], valid: tuple[str, ...]) -> str:
    """The leader an Axolotl Tank names after TANK: one of the holder's in the tanks."""
    if [w.upper() for w in words[:1]] != ["TANK"]:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected AXOLOTL TANK <leader>", valid)
    dead = leaders.in_tanks(state["factions"][seat]["leaders"])
    said = " ".join(words[1:]).upper()
    found = next((name for name in dead if name.upper() == said), None)
    if found is None:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, f"no leader of yours called {' '.join(words[1:])}"
                           f" is in the tanks; there: {', '.join(dead)}", valid)
    return found


def _spice_name(card_id: str) -> str:
    """A spice card's name, its copy's number left off ("Shai-Hulud #3": Shai-Hulud)."""
    return card_id.split("#")[0].strip()


def _combine(state: State, prompt: Prompt, parts: list[Any]) -> list[Any] | None:
    found = [part for part in parts if part is not None]
    return found or None


def _line(game: Any, part: list[Any]) -> str:
    if part[0] == AXOLOTL:
        return f"AXOLOTL TANK {part[1]}"
    if part[0] == DESERT:
        return "DESERT SEEDED WATER " + ", ".join(part[1])
    if part[0] == DISTRANS:
        return f"DISTRANS {part[1]} TO {faction_name(part[2], game)}"
    return f"NULLENTROPY {part[1]}"


def _text(game: Any, value: list[Any] | None) -> str:
    return "\n".join(_line(game, part) for part in value) if value else "DISTRANS NONE"


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list[Any] | None:
    """Now and then a card played: the Nullentropy Box on a weapon or defense of the pile,
    the Distrans giving a worthless card (the random bot and the basic bot alike)."""
    cards = prompt.options.get("cards", [])
    if not cards or rng.random() < 0.7:
        return None
    deck = data(view)
    name = rng.choice(cards)
    if name == AXOLOTL:                     # the strongest of its dead leaders it can pay for
        own = view["own"]
        dead = sorted(((_price(view, own["leaders"], n), n)
                       for n in leaders.in_tanks(own["leaders"])), reverse=True)
        dead = [(price, n) for price, n in dead if price <= own["spice"]]
        return [[AXOLOTL, dead[0][1]]] if dead else None
    if name == DESERT:                      # territory cards not seen on the discard piles
        shown = [view["decks"][pile] for pile in spice_discards(view)]
        seen = {_spice_name(c) for pile in shown if isinstance(pile, list) for c in pile}
        names = sorted({_spice_name(c.id) for c in deck.spice_deck if c.territory} - seen)
        blows = rules_of(view).spice_discard_piles
        return [[DESERT, rng.sample(names, blows)]] if len(names) >= blows else None
    if name == NULLENTROPY:
        wanted = [deck.treachery_card(c).name for c in view["discard"]
                  if deck.treachery_card(c).category.value != "special"]
        return [[NULLENTROPY, rng.choice(wanted)]] if wanted else None
    mine = [deck.treachery_card(c) for c in view["own"]["hand"]]
    given = [c.name for c in mine if c.type is CardType.WORTHLESS]
    others = [s for s in view["seats"] if s != view["seat"]]
    return [[DISTRANS, given[0], rng.choice(others)]] if given and others else None


order_kind(OrderKind(KIND, ("DISTRANS", "NULLENTROPY", "DESERT", "AXOLOTL"), _read, _text,
                     combine=_combine, random=_random, with_verb=True))


# --- playing them as the round is resolved
def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """Each holder's lines carried out, in seat order and in the order given."""
    events: list[Event] = []
    for seat in state["seats"]:
        for part in orders.get(f"{KIND}:{seat}") or []:
            play = {DISTRANS: _distrans, DESERT: _desert_seeded_water,
                    AXOLOTL: _axolotl_tank}.get(part[0], _nullentropy)
            events += play(state, seat, part, rng)
    return events


def _distrans(state: State, seat: str, part: list[Any], rng: random.Random) -> list[Event]:
    _, name, other = part
    hand = state["factions"][seat]["hand"]
    own = held(state, hand).get(DISTRANS)
    given = next((c for c in hand if c != own and data(state).treachery_card(c).name == name),
                 None)
    receiving = state["factions"][other]["hand"]
    if own is None or given is None or len(receiving) >= hand_limit(state, other):
        return [Event(EventCode.CACHE_SPECIAL_UNPLAYED, {"card": DISTRANS}, to=(seat,))]
    hand.remove(own)
    hand.remove(given)
    receiving.append(given)
    discard(state, seat, own)
    return [Event(EventCode.DISTRANS, {"faction": seat, "to": other}),
            Event(EventCode.DISTRANS_CARD, {"faction": seat, "to": other, "card": name},
                  to=(seat, other))]


def _nullentropy(state: State, seat: str, part: list[Any], rng: random.Random) -> list[Event]:
    own = state["factions"][seat]
    box = held(state, own["hand"]).get(NULLENTROPY)
    if box is None or not search(state, seat, part[1], rng):
        return [Event(EventCode.CACHE_SPECIAL_UNPLAYED, {"card": NULLENTROPY}, to=(seat,))]
    own["hand"].remove(box)
    state["decks"]["treachery_discard"].append(box)         # "discarding this card on top"
    return [Event(EventCode.NULLENTROPY, {"faction": seat, "spice": PRICE}),
            Event(EventCode.NULLENTROPY_CARD, {"card": part[1]}, to=(seat,))]


def _desert_seeded_water(state: State, seat: str, part: list[Any], rng: random.Random
                         ) -> list[Event]:
    """001 3.03.16: the cards named taken from the spice deck, the deck shuffled, they laid on
    top, the first named to be turned first (the deck's top is its list's end)."""
    names = part[1]
    hand = state["factions"][seat]["hand"]
    card = held(state, hand).get(DESERT)
    deck = state["decks"]["spice"]
    picked: list[str] = []
    for name in names:
        found = next((c for c in deck if _spice_name(c) == name and c not in picked), None)
        if found is None:
            break
        picked.append(found)
    if card is None or len(picked) < len(names):
        return [Event(EventCode.CACHE_SPECIAL_UNPLAYED, {"card": DESERT}, to=(seat,))]
    hand.remove(card)
    discard(state, seat, card)
    for found in picked:
        deck.remove(found)
    rng.shuffle(deck)
    deck.extend(reversed(picked))
    return [Event(EventCode.DESERT_SEEDED_WATER, {"faction": seat, "cards": len(picked)}),
            Event(EventCode.DESERT_SEEDED_WATER_CARDS,
                  {"cards": list(names),
                   "deck": sorted(_spice_name(c) for c in deck[:-len(picked)])}, to=(seat,))]


def _price(game: Any, places: dict[str, str], name: str) -> int:
    """An Axolotl Tank's price for a leader: his strength, 3 face down (001 3.03.13)."""
    return FACE_DOWN_PRICE if places[name] == leaders.FACE_DOWN else data(game).leader(
        name).strength


def _axolotl_tank(state: State, seat: str, part: list[Any], rng: random.Random
                  ) -> list[Event]:
    """001 3.03.13: the leader back from the tanks besides the normal revival, paid as a
    revival is (``factions.payee``); the card discarded."""
    name = part[1]
    own = state["factions"][seat]
    card = held(state, own["hand"]).get(AXOLOTL)
    if card is None or own["leaders"].get(name) not in leaders.IN_TANKS:
        return [Event(EventCode.CACHE_SPECIAL_UNPLAYED, {"card": AXOLOTL}, to=(seat,))]
    price = _price(state, own["leaders"], name)
    if own["spice"] < price:
        return [Event(EventCode.CACHE_SPECIAL_UNPLAYED, {"card": AXOLOTL}, to=(seat,))]
    payee = factions.payee(state, factions.REVIVAL, seat)
    own["spice"] -= price
    if payee is not None:
        state["factions"][payee]["spice"] += price
    own["hand"].remove(card)
    discard(state, seat, card)
    own["leaders_revived"] = leaders.note_revived(          # as any revival (000 IX.D.5)
        own["leaders"], own["leaders_revived"], name,
        rules_of(state).leader_revival_until_all_back, main_leaders.main_leader(state, seat))
    own["leaders"][name] = leaders.ALIVE
    return [Event(EventCode.AXOLOTL_TANK, {"faction": seat, "leader": name, "spice": price,
                                           **({"to": payee} if payee and price else {})})]
