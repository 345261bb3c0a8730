"""Karama cards in the bidding round, besides ``BID KARAMA`` (player aid B.6.A.1-3 and B.6.B.1,
000 lines 950-954 and 964; the Harkonnen shield's Karama, line 886; Q&A XXV.A.4, line 634; WBC
clarification XVII, lines 1334-1346, and the player-aid clarifications, lines 1388, 1398 and
1410; 004 XVII.1-2, player aid 7, 12 and 18).

By mail, every faction that holds a Karama (the Bene Gesserit a worthless card too, with the
special Karama powers: ``karama``) and has something to use it on is asked, in each mail round
of the bidding round, alongside the bids (key ``karama:<seat>``, kind ``bidding-karama``):

- ``KARAMA PRESCIENCE``: the Atreides see none of the cards still to come up for bid this turn
  (A.1, "prevents the Atreides from seeing the future, once"; WBC line 1388: "prevent looking
  at the rest of the treachery cards up for bid this turn"; Q&A XXV.A.4: all of them).  Played
  when the card up is sold: the Atreides have seen that one.  Only one mail round per card
  (``per_card``): the ``whole_round`` mode shows the Atreides every card at once, before any
  Karama could be played.
- ``KARAMA SPICE DECK``: the Atreides do not look at the top card of the spice deck at the start
  of this turn's movement round (A.1; WBC line 1388: "prevent looking at the next spice blow
  card this turn").  The bidding round is the last mail round before that look in which every
  faction holding a Karama is asked.
- ``KARAMA FREE CARD``: the Harkonnen draw no free card when they next buy a card this round
  (A.2; WBC line 1410: "any time before the identity of the free card is seen").  It stands
  ready, and the Karama is played only when the Harkonnen buy a card with room for a free one.
- ``KARAMA WORTHLESS``: stand ready to cancel the Bene Gesserit's worthless card played as a
  Karama this round (``karama``); with ``BID KARAMA`` their bid is then void and the card is
  auctioned as if they had passed (ruling: the rules say nothing of a cancelled free purchase;
  WBC VIII.8, line 1158, wants every bid payable, and "infinity" is not).
- ``KARAMA STEAL <n> FROM <faction>``: the Harkonnen's special Karama power (B.1, line 964;
  shield line 886; option ``karama_powers``), "at any time not forbidden by another ruling"
  (WBC line 1334).  By mail in the bidding round: hands are the stake of the round and the
  Harkonnen are asked in every mail round of it.  Played when the card up is sold (the round's
  end, ``whole_round``): the Harkonnen take n cards at random from that faction's hand, see
  them (told to them alone; the faction robbed is told which it lost), and in a mail round of
  their own give back as many from their original hand, one ``RETURN <card>`` line each (WBC
  lines 1336-1346).  The cards taken lie aside meanwhile (shield line 886: "placed to one
  side"), in ``state["step"]["aside"]``.  At most as many as the faction holds and as the
  Harkonnen hold besides the Karama.
- GF9 (001 1.14.05, ``take_hand``): the Harkonnen "take the entire hand of another player and
  add their cards to your hand.  For each card you added ... give that player one card in
  return": ``KARAMA STEAL FROM <faction>`` (or with n, the whole hand) takes every card, and
  the cards given back may be any of the Harkonnen's, those taken too (ruling: they were
  added to the hand first).  The cards taken lie aside until then, so no hand passes its
  limit between the two mail rounds.

A faction may give several lines, one Karama card each (WBC line 1386); the lines played when
the card is sold are played in storm order after the sale (and after a ``BID KARAMA`` of the
same faction), each while the faction still holds a card to play.
"""

from __future__ import annotations

import random
import re
from typing import Any

from pbem.game import Event, Prompt
from pbem.wording import plural

from .. import factions
from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..orders.language import OrderKind, OrderProblem, order_kind, read_faction, read_number
from ..prompt_key import PromptKey
from ..rules import cite, rules_of
from ..state import State, data, faction_name, sheet, storm_order
from . import karama

USES = {
    "prescience": "KARAMA PRESCIENCE",
    "spice-deck": "KARAMA SPICE DECK",
    "free-card": "KARAMA FREE CARD",
    "worthless": "KARAMA WORTHLESS",
    "steal": "KARAMA STEAL <n> FROM <faction>",
}
AT_SALE = ("prescience", "spice-deck", "steal")       # played when the card up is sold
READY = {"free-card": "no_free_card", "worthless": "cancel_worthless"}   # they stand ready
PREVENTS = {"prescience": Ability.PRESCIENCE_BIDDING, "spice-deck": Ability.PRESCIENCE_SPICE_DECK}


# --- what a faction may use a Karama on now
def uses(state: State, seat: str) -> list[str]:
    """The Karama uses open to the faction now (module docstring), if it holds a card.  The
    uses that stand ready are offered while they may be of use: a Harkonnen hand with room for
    a card and a free one, a Bene Gesserit hand with room to buy one."""
    return _open(state, seat) if karama.playable(state, seat) else []


def _open(state: State, seat: str) -> list[str]:
    """``uses`` of a faction that may play a Karama (``karama.players``)."""
    step = state["step"]
    per_card = rules_of(state).bidding == "per_card"
    found = []
    atreides = factions.holder(state, Ability.PRESCIENCE_BIDDING)
    if (per_card and atreides not in (None, seat) and len(step["row"]) > 1
            and not karama.prevented(state, Ability.PRESCIENCE_BIDDING)):
        found.append("prescience")
    looker = factions.holder(state, Ability.PRESCIENCE_SPICE_DECK)
    if looker not in (None, seat) and not karama.prevented(state, Ability.PRESCIENCE_SPICE_DECK):
        found.append("spice-deck")
    harkonnen = factions.holder(state, Ability.FREE_CARD_ON_PURCHASE)
    if (harkonnen not in (None, seat) and seat not in step["no_free_card"]
            and len(state["factions"][harkonnen]["hand"]) + 2
            <= factions.hand_limit(state, harkonnen)):
        found.append("free-card")
    worthless = factions.holder(state, Ability.WORTHLESS_AS_KARAMA)
    if (karama.may_cancel_worthless(state, seat) and len(
            state["factions"][worthless]["hand"]) < factions.hand_limit(state, worthless)):
        found.append("worthless")
    if steal_targets(state, seat):
        found.append("steal")
    return found


def steal_targets(state: State, seat: str) -> dict[str, int]:
    """Faction -> the most cards the Harkonnen may take from it: with the special Karama
    powers, a Karama card and a card besides it to give back; under GF9 the whole hand
    (``whole_hand``); under v3's house rule "Harkonnen Karama" two at most
    (``HarkonnenV3.karama_steal_limit``)."""
    own = state["factions"][seat]["hand"]
    if not karama.holds(state, seat):
        return {}
    if whole_hand(state, seat):
        return {other: len(state["factions"][other]["hand"]) for other in state["seats"]
                if other != seat and state["factions"][other]["hand"]}
    if not factions.has(state, seat, Ability.STEAL_CARDS):
        return {}
    most = len(own) - 1
    limit = factions.power(seat, state).karama_steal_limit(rules_of(state))
    if limit is not None:
        most = min(most, limit)
    return {other: min(most, len(state["factions"][other]["hand"]))
            for other in state["seats"]
            if other != seat and min(most, len(state["factions"][other]["hand"])) > 0}


def whole_hand(state: State, seat: str) -> bool:
    """The faction's Karama power takes a whole hand and gives back from its own and the cards
    taken alike (GF9 001 1.14.05, ``take_hand``): the sheet's power, used or not, since the
    giving back ends a use under way (1.14.01)."""
    return sheet(seat, state).karama_power is Ability.TAKE_HAND


def prompts(state: State) -> list[Prompt]:
    """The Karama decisions of this mail round of the bidding round."""
    return [_prompt(state, seat, found) for seat in karama.players(state)
            if (found := _open(state, seat))]


def keys(state: State) -> list[str]:
    """The keys of ``prompts``, without their text (issue 20)."""
    return [str(PromptKey("karama", seat)) for seat in karama.players(state)
            if _open(state, seat)]


def _prompt(state: State, seat: str, found: list[str]) -> Prompt:
    cards = len(karama.playable(state, seat))
    atreides = cite(state, "000 player aid B.6.A.1; WBC line 1388")
    harkonnen = cite(state, "000 player aid B.6.A.2; WBC line 1410")
    worthless = cite(state, "000 player aid B.6.A.3; WBC line 1398")
    text = {
        "prescience": "the Atreides see none of the cards still to come up for bid this turn "
                      f"({atreides})",
        "spice-deck": "the Atreides do not look at the top card of the spice deck this turn "
                      f"({atreides})",
        "free-card": "the Harkonnen draw no free card when they next buy one this round; your "
                     f"Karama is played only then ({harkonnen})",
        "worthless": "should the Bene Gesserit play a worthless card as a Karama this round, "
                     f"your Karama cancels it ({worthless})",
        "steal": "take n cards at random from a faction's hand ("
                 + ", ".join(f"{faction_name(s, state)} up to {n}"
                             for s, n in steal_targets(state, seat).items())
                 + ") and give back as many of yours in the next mail round "
                   f"({cite(state, '000 Harkonnen shield; WBC XVII')})",
    }
    if whole_hand(state, seat):
        text["steal"] = ("KARAMA STEAL FROM <faction> takes a whole hand ("
                         + ", ".join(f"{faction_name(s, state)} {n}"
                                     for s, n in steal_targets(state, seat).items())
                         + ") and in the next mail round you give back one card for each card "
                           "taken, any of your hand (001 1.14.05)")
    legal = "; ".join(f"{USES[use]}: {text[use]}" for use in found)
    return Prompt(f"karama:{seat}", seat, "bidding-karama", True,
                  f"You may play a Karama ({cards} card{'s' * (cards != 1)} to play, one per "
                  f"line).  {legal}; KARAMA NONE: none.", [], "KARAMA NONE", "KARAMA NONE",
                  optional=True, options={"uses": [use for use in USES if use in found],
                                          "whole_hand": whole_hand(state, seat)})


# --- the order
def _read(state: State, prompt_: Prompt, words: list[str]) -> list:
    """One line: the use and, for a steal, the faction and how many."""
    found = uses(state, prompt_.seat)
    valid = tuple(USES[use] for use in found) + ("KARAMA NONE",)
    said = " ".join(words).upper()
    if said == "NONE":
        return []
    if said.startswith("STEAL"):
        match = re.fullmatch(r"STEAL (?:(\S+) )?FROM (.+)", said)
        whole = whole_hand(state, prompt_.seat)
        if "steal" not in found or match is None or (match[1] is None and not whole):
            raise OrderProblem(ErrorCode.KARAMA, "expected KARAMA STEAL <n> FROM <faction>"
                               if "steal" in found else "you may not steal cards now", valid)
        targets = steal_targets(state, prompt_.seat)
        target = read_faction(state, match[2].split(), list(targets))
        if match[1] is None:
            return ["steal", target, targets[target]]
        least = targets[target] if whole else 1         # 001 1.14.05: "the entire hand"
        return ["steal", target, read_number(match[1], least, targets[target],
                                             "the cards taken")]
    use = next((use for use in found if USES[use] == f"KARAMA {said}"), None)
    if use is None:
        raise OrderProblem(ErrorCode.KARAMA, f"KARAMA {said} is not a Karama use open to you now",
                           valid)
    return [use]


def _combine(state: State, prompt_: Prompt, parts: list[list]) -> list[list]:
    chosen = [part for part in parts if part]
    if len({part[0] for part in chosen}) < len(chosen):
        raise OrderProblem(ErrorCode.TWICE, "each Karama use once", ())
    cards = len(karama.playable(state, prompt_.seat))
    if len(chosen) > cards:
        raise OrderProblem(ErrorCode.NOT_ENOUGH_CARDS, f"one card a use: you hold {cards}", ())
    return chosen


def _text(game: Any, value: list[list]) -> str:
    lines = [f"KARAMA STEAL {part[2]} FROM {faction_name(part[1], game)}" if part[0] == "steal"
             else USES[part[0]] for part in value]
    return "\n".join(lines) or "KARAMA NONE"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> list[list]:
    """A bot now and then plays one of the uses its prompt offers."""
    offered = prompt_.options["uses"]
    if not offered or rng.random() < 0.8:
        return []
    use = rng.choice(offered)
    if use != "steal":
        return [[use]]
    hands = view["bidding"]["hands"]
    targets = [s for s, n in hands.items() if s != view["seat"] and n]
    target = rng.choice(targets)
    return [["steal", target, hands[target] if prompt_.options["whole_hand"] else 1]]


order_kind(OrderKind("bidding-karama", ("KARAMA",), _read, _text, combine=_combine,
                     random=_random))


# --- playing them
def stand_ready(state: State, orders: dict[str, list[list]]) -> None:
    """The uses that wait for their moment (free card, worthless card) stand ready."""
    for key, value in orders.items():
        for part in value:
            if part[0] in READY:
                state["step"][READY[part[0]]].append(PromptKey.parse(key).seat)


def at_sale(state: State, orders: dict[str, list[list]], rng: random.Random) -> list[Event]:
    """The uses played when the card up is sold, in storm order, while cards last; a steal
    only from a faction that still holds a card then (001 1.14.05: its hand may have gone in
    a Karama meanwhile), else the Karama is kept."""
    events: list[Event] = []
    for seat in storm_order(state):
        for part in orders.get(f"karama:{seat}", []):
            if part[0] not in AT_SALE:
                continue
            if not karama.playable(state, seat) or (
                    part[0] == "steal" and part[1] not in steal_targets(state, seat)):
                events.append(Event(EventCode.KARAMA_UNPLAYED, {"use": part[0]}, to=(seat,)))
                continue
            if part[0] == "steal":
                events += steal(state, seat, part[1], part[2], rng)
                continue
            ability = PREVENTS[part[0]]
            if karama.prevented(state, ability):      # another faction's Karama did it
                events.append(Event(EventCode.KARAMA_UNPLAYED, {"use": part[0]}, to=(seat,)))
                continue
            played, effective = karama.play(state, seat, part[0])
            events += played
            if effective:
                karama.prevent(state, ability)
    return events


def free_card_stopped(state: State) -> list[Event] | None:
    """A faction standing ready plays its Karama against the Harkonnen's free card: the
    events, or None if nobody does (or the Karama is cancelled, with its events)."""
    ready = state["step"]["no_free_card"]
    seat = next((s for s in storm_order(state) if s in ready and karama.playable(state, s)),
                None)
    if seat is None:
        return None
    ready.remove(seat)
    events, effective = karama.play(state, seat, "free-card")
    return events if effective else None


# --- the Harkonnen's steal
def steal(state: State, seat: str, target: str, count: int, rng: random.Random) -> list[Event]:
    """The Harkonnen play their Karama and take ``count`` cards at random from the target;
    the cards lie aside until they give back as many (WBC lines 1336-1346)."""
    events, effective = karama.play(state, seat, "steal")
    if not effective:                   # stopped as it is played (``karama.play``)
        return events
    factions.karama_power_used(state, seat)
    hand = state["factions"][target]["hand"]
    count = len(hand) if whole_hand(state, seat) else min(
        count, len(hand), len(state["factions"][seat]["hand"]))
    taken = rng.sample(hand, count)
    for card in taken:
        hand.remove(card)
    state["step"]["aside"] = taken
    state["step"]["stealing"] = {"faction": seat, "from": target}
    return events + [
        Event(EventCode.CARDS_STOLEN, {"faction": seat, "from": target, "count": count}),
        Event(EventCode.STOLEN, {"from": target, "cards": taken}, to=(seat,)),
        Event(EventCode.CARDS_TAKEN, {"faction": seat, "cards": taken}, to=(target,))]


def return_prompt(state: State) -> Prompt:
    """The Harkonnen give back as many cards as they took, from their original hand."""
    stealing, taken = state["step"]["stealing"], state["step"]["aside"]
    seat, hand = stealing["faction"], _returnable(state, stealing["faction"])
    default = hand[:len(taken)]
    text = "\n".join(f"RETURN {card}" for card in default)
    which = ("any of your hand, those taken too (001 1.14.05)" if whole_hand(state, seat)
             else f"of your own hand ({cite(state, 'WBC XVII, line 1344')})")
    return Prompt(f"steal-return:{seat}", seat, "steal-return", True,
                  f"You took {', '.join(taken)} from the {faction_name(stealing['from'], state)}.  "
                  f"RETURN <card>, one line for each of {plural(len(taken), 'card')}, {which} "
                  f"({', '.join(hand)}), to give back.",
                  default, text, text, options={"cards": hand})


def _returnable(state: State, seat: str) -> list[str]:
    """The cards the Harkonnen may give back: their own hand, and under GF9 the cards taken,
    added to it (001 1.14.05)."""
    own = state["factions"][seat]["hand"]
    return own + state["step"]["aside"] if whole_hand(state, seat) else list(own)


def _read_return(state: State, prompt_: Prompt, words: list[str]) -> str:
    """A card of the Harkonnen's hand, by its name loosely (``Shield`` or ``Shield #2``)."""
    hand = _returnable(state, prompt_.seat)
    said = " ".join(words).lower()
    exact = [card for card in hand if card.lower() == said]
    found = exact or [card for card in hand
                      if data(state).treachery_card(card).name.lower().startswith(said)]
    if not said or not found:
        raise OrderProblem(ErrorCode.NOT_IN_HAND, f"you hold no {' '.join(words)!r}",
                           tuple(f"RETURN {card}" for card in hand))
    return found[0]


def _combine_return(state: State, prompt_: Prompt, parts: list[str]) -> list[str]:
    count = len(state["step"]["aside"])
    cards: list[str] = []
    for part in parts:      # a second "Shield" is the next copy of it
        copies = [c for c in _returnable(state, prompt_.seat)
                  if data(state).treachery_card(c).name == data(state).treachery_card(part).name
                  and c not in cards]
        cards.append(part if part not in cards else (copies or [part])[0])
    if len(set(cards)) != count:
        raise OrderProblem(ErrorCode.RETURN_COUNT, f"give back exactly {count} different cards of "
                           "your hand", tuple(f"RETURN {c}"
                                              for c in _returnable(state, prompt_.seat)))
    return cards


order_kind(OrderKind("steal-return", ("RETURN",), _read_return,
                     lambda _, value: "\n".join(f"RETURN {card}" for card in value),
                     combine=_combine_return,
                     random=lambda view, prompt_, rng: rng.sample(prompt_.options["cards"],
                                                                  len(prompt_.default))))


def give_back(state: State, cards: list[str]) -> list[Event]:
    """The cards given back to the faction robbed; the stolen cards join the Harkonnen's
    hand."""
    step = state["step"]
    seat, target = step["stealing"]["faction"], step["stealing"]["from"]
    for card in cards:
        (step["aside"] if card in step["aside"] else state["factions"][seat]["hand"]).remove(card)
        state["factions"][target]["hand"].append(card)
    state["factions"][seat]["hand"].extend(step["aside"])
    step["aside"], step["stealing"] = [], None
    return [Event(EventCode.CARDS_GIVEN_BACK, {"faction": seat, "to": target, "count": len(cards)}),
            Event(EventCode.CARDS_RECEIVED, {"faction": seat, "cards": list(cards)}, to=(target,))]
