"""The spice blow (000 VII, lines 264-277; XXI with two discard piles, lines 558-575; the
Fremen's worms, shield lines 828-840 and XV lines 994-996; Q&A XXV.C.1 and XXV.E.4-5; WBC
clarifications VII, 000 lines 1121-1138 and 004 lines 227-235, where "WBC VII.n" is 004's
numbering, lines 228-235), with the Nexus of ``nexus``.

Each discard pile in turn (one; two with XXI.A.1-2) turns the top card of the spice deck (the
end of ``decks.spice``) onto itself until a territory card appears:

- a territory card places its spice on the territory's spice-blow sector, unless the storm
  is over that sector (VII.A.1);
- a worm card, on turn 1, goes back into the deck, which is shuffled (VII.D; XXI.A.3);
- a worm card later is dealt with in up to four stages, then the next card is turned (VII.A.2):

  1. the Nexus (VII.B, XII.A): under AH for the first worm of the pile only, under WBC for
     every worm (WBC VII.1); never with ``no_alliances``;
  2. for an additional worm, the Fremen may send it to a sand territory (XV, line 996; WBC
     VII.2); otherwise it is ignored (VII.C);
  3. the worm devours the spice and the forces in its territory, the last one the pile turned
     up for a first worm (VII.A.2), but not the Fremen (line 828) nor their allies (line 840;
     WBC VII.7), after the Nexus (XII.B; WBC VII.8: "Worms eat tokens only after the Nexus is
     resolved");
  4. the Fremen in that territory may ride the worm to any one territory (line 828, "immediately
     upon conclusion of the nexus"; Q&A XXV.C.1: the ride is made in the spice blow).

Stages 1, 2 and 4 are each one mail round when someone has a choice; the ride comes after the
Nexus because the alliances it makes decide where the Fremen may go (XII.E.5).  Each pile is
its own blow: a worm on one has no effect on the other (XXI.A.4; Q&A XXV.E.5).

Rulings:

- Turn 1 has no Nexus: XII.A calls one "on the second or subsequent turns", and the worms of
  turn 1 go back into the deck (VII.D).  WBC VII.1 ("every worm that is revealed ... regardless
  of which spice blow it appears at or how many worms have appeared that turn") widens the
  Nexus to additional worms and to the second pile, not to turn 1.  Every worm card turned, on
  turn 1 too, counts in ``state["worms"]`` (WBC house rule 4: "after the 6th worm appears";
  004 line 77: "the turn in which the 6th worm card is revealed").
- The deck runs out: when a card must be turned and the deck is empty, every card of the
  discard piles is shuffled into a new deck (XXI.B.1, "including the territory card last turned
  up"; Q&A XXV.E.4: the entire deck).  The basic game says nothing; it does the same.  A worm
  turned after the shuffle still devours the territory its pile last turned up before it
  (XXI.B.2: "do affect the last territory turned over in the previous turn"), kept in
  ``state["spice_last"]`` (by pile) from turn to turn, whatever the reshuffles.  The turn-8
  case of XXI.B falls out of this: pile 1 takes the last territory card, pile 2 turns the
  worms left, then the shuffled deck.
- Additional worms: VII.C ignores them.  With the Fremen's optional advantage (XV; always on
  under WBC) the Fremen may send each to "any territory" (line 996; WBC VII.2), or NONE (the
  default).  The worm devours only in the desert: it "cannot devour tokens if not in a desert
  territory" (line 996), rock and strongholds are "not affected by ... worm" (WBC house rule 4,
  line 1051), so sent to rock or a stronghold it eats nothing, but the Fremen there may ride it
  (WBC VII.3).  The Polar Sink "is not affected by worm" (line 609): no worm goes there.  WBC's
  Karama ruling (line 1404) says a worm taken from the Fremen "appears at the first spice blow
  in the stack beneath it, as usual"; we read "as usual" as the first worm's way and keep VII.C
  for an additional worm nobody sends.
- Under AH an additional worm brings no Nexus, even when the Fremen send it (VII.C: ignored;
  the Fremen's advantage gives them the worm, not a Nexus).
- Riding: all riders go together to one territory ("may move to any one territory"; under
  GF9 some or all of them, 001 2.04.09, ``Faction.riders_may_split``) and a sector of it not
  under the storm; riders in a sector under the storm stay (IX.C.2.c, line
  343; WBC VII.5).  Not the worm's own territory, not a stronghold occupied by two other
  factions (IX.C.1.c and IX.C.2.f, lines 329 and 349), not where an ally is but in the Polar
  Sink (XII.E.5; under GF9 allies may enter, 001 1.06.07, ``reach.barring_allies``);
  coexisting Bene Gesserit count for neither (``reach.entry_problem``; WBC
  VII.6, line 1134: riders may enter a stronghold with two other factions when one is the
  coexisting Bene Gesserit, who must then stay coexisting there,
  ``bene_gesserit_coexistence``).  The worm eats only its own territory, before the ride, so
  nothing is eaten where the riders arrive (WBC VII.4).  The Fremen's allies are safe but do
  not ride (WBC VII.7).
- Karama against the Fremen's control of a worm (player aid B.6.A.4, line 956: "their tokens
  in the territory are destroyed"; WBC line 1404: "any time after the worm is revealed but before
  worm-riding is resolved", the Fremen's ally too): a stage of its own, after the Nexus and the
  placement, before the worm eats, and only when it matters: the Fremen or their allies have
  forces in the worm's territory, or the Fremen placed it.  Every other faction holding a
  Karama (the Bene Gesserit a worthless card too, ``karama``) says ``KARAMA CONTROL`` or
  ``KARAMA NONE``; the first in storm order who plays it does (WBC line 1426: ties in player dot
  order).  It is an optional decision (``Prompt.optional``): only holders are asked, so the
  step waits for none of them and nobody learns from the wait who holds a Karama; a holder
  answers in the round or ahead (``FOR WORM``).  The worm then spares nobody, so nobody rides
  it; a worm the Fremen placed "instead appears at the first spice blow in the stack beneath
  it, as usual": the territory its pile last turned up, as for a first worm. The Fremen's
  Karama worm (000 lines 838, 972; WBC line 1358) is called in their movement turn
  (``move_karama``), and no Karama takes it from them (WBC line 1404).

Under GF9 (001 1.02, ``Rules.nexus_at_end_of_blow``, ``Rules.turn_one_worms_set_aside``) the
worms of turn 1 are set aside and shuffled back at the end of the phase (1.02.03), and a worm
later devours and the next cards are turned before one Nexus, at the end of the phase
(1.02.06-07, ``_end_of_blow``).  In the advanced game's double blow (001 1.13.03) a worm on pile
A devours what lies on pile A's top territory card, the cards are turned to a territory card,
"Then a Nexus occurs", before pile B is turned (``Rules.nexus_after_each_pile``).  Ruling: the
Nexus of 1.13.03.02 is that pile's, so a worm on each pile brings two Nexuses, the second at
the end of the phase; 1.02.07's one Nexus "at the end of the Phase" is the one-pile case.  The
reshuffle keeps pile A's top territory card (1.13.04, ``reshuffle``).

Under GF9 the Fremen ride upon conclusion of that Nexus (001 2.04.09,
``Faction.rides_after_nexus``): each worm the Fremen control, once it has devoured, leaves its
territory in the step's ``rides``, and after the Nexus (``_end_of_blow``) each is a ride of
its own, in the order the worms came, for the Fremen forces still there ("If Shai-Hulud
appears again and you still have Forces in the original Territory, you may do this again");
the alliances the Nexus made decide where they may go.

The Atreides look at the top card of the spice deck at the start of the movement round (000
line 758): that is ``decks.spice[-1]``, for the movement round to show them.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt
from pbem.wording import plural

from .. import factions, variants
from ..board import reach
from ..cards import karama, karama_reach, spice_specials
from ..codes import ErrorCode, EventCode
from ..data import Ability, SpiceCard, Territory
from ..decks import EXTRA_BLOW, EXTRA_PILE, spice_discards
from ..forces import (
    Counts,
    add,
    add_forces,
    kinds,
    order_text,
    plus,
    remove_forces,
    spread,
    take,
    to_tanks,
    total,
    within,
)
from ..orders.language import (
    OrderKind,
    OrderProblem,
    order_kind,
    read_forces,
    read_territory,
    where,
)
from ..prompt_key import PromptKey
from ..rules import Rules, cite, rules_of
from ..state import (
    State,
    ally_of,
    data,
    factions_in,
    forces_at,
    only_sector,
    storm_order,
)
from . import nexus, sandtrout

NONE = "NONE"
POLAR_SINK = "Polar Sink"
NEXUS, PLACEMENT, CONTROL, DEVOUR, RIDE = "nexus", "placement", "control", "devour", "ride"
RESERVES = "reserves"       # a ride's value's mark: its forces from the reserves (4.06.09.03)
SUMMON = "summon"       # GF9: the Fremen's Karama worm (001 1.14.04)
KARAMA_WORM = "Karama"  # the card a Karama worm is known by in events, as ``move_karama``'s
PROTECTION = "protection"    # GF9 KARAMA PROTECTION: the word of ``karama_reach`` read here


# --- the phase
def begin(state: State, rng: random.Random) -> list[Event]:
    """Start with the first pile, remembering the territory each pile last turned up."""
    state["step"] = {"pile": 0, "pile_worms": 0, "worm": None, "done": False}
    played = spice_specials.thumper(state)                  # 001 3.02.13
    if played and played[0].code == EventCode.THUMPER:
        return played + worm_turned(state, SpiceCard(spice_specials.THUMPER), rng) \
            + _blow(state, rng)
    return (played or []) + _blow(state, rng)


def prompts(state: State) -> list[Prompt]:
    """The decisions of the worm being dealt with, if it waits for any."""
    worm = state["step"]["worm"]
    if worm is None or not worm["stages"]:
        return []
    return _stage_prompts(state, worm["stages"][0])


def keys(state: State) -> list[str]:
    """The keys of ``prompts``, in their order: a Nexus's without their text (``nexus.keys``)."""
    worm = state["step"]["worm"]
    if worm is None or not worm["stages"]:
        return []
    if worm["stages"][0] == NEXUS:
        return nexus.keys(state)
    return [p.key for p in _stage_prompts(state, worm["stages"][0])]


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """The open stage's orders applied, then the blow goes on to the next decision or its end."""
    events: list[Event] = []
    if orders:
        stage = state["step"]["worm"]["stages"].pop(0)
        events = STAGES[stage](state, orders)
    return events + _blow(state, rng)


def done(state: State) -> bool:
    return state["step"]["done"]


def _blow(state: State, rng: random.Random) -> list[Event]:
    """Deal with the worm in hand and turn cards, until a decision is open or every pile has
    its spice."""
    events: list[Event] = []
    step = state["step"]
    while not step["done"]:
        worm = step["worm"]
        if worm is None:
            pile = step["pile"]
            events += turn_card(state, rng)
            if step["done"] and summoner(state) is not None:
                _open_summon(state, summoner(state))        # 001 1.14.04
            elif step["done"]:
                events += _end_of_blow(state, rng)
            elif step["pile"] != pile and rules_of(state).nexus_after_each_pile:
                events += _called_nexus(state)              # 001 1.13.03.02-03
        elif not worm["stages"] and worm.get("rides"):     # GF9: the next worm's ride
            worm["territory"] = worm["rides"].pop(0)
            worm["stages"].append(RIDE)
            if worm["territory"] in worm.get("reserve_rides", ()):      # 001 4.06.09.03
                worm["reserve_rides"].remove(worm["territory"])
                worm["reserves"] = True
            else:
                worm.pop("reserves", None)
        elif not worm["stages"] and worm.get("summon"):     # the piles are all turned
            step["worm"], step["done"] = None, True
            events += _end_of_blow(state, rng)
        elif not worm["stages"]:
            step["worm"] = None
            step["done"] = step.get("ended", False)
        elif worm["stages"][0] == DEVOUR:
            worm["stages"].pop(0)
            empty = bool(worm["territory"]) and not factions_in(state, worm["territory"])
            events += devour(state, worm)
            reserves = _reserve_ride(state, worm)                   # 001 4.06.09.03-04
            if ((worm["controlled"] or reserves) and worm["territory"]
                    and factions.lister(state, Ability.WORM_RIDING).rides_after_nexus):
                step.setdefault("rides", []).append(worm["territory"])      # 001 2.04.09
                if reserves:
                    step.setdefault("reserve_rides", []).append(worm["territory"])
            if empty:                   # 001 4.03.07.05: the Fremen Nexus card's Cunning
                ridden, played = variants.worm_ridden_from(state, worm["territory"], rng)
                if ridden:
                    step.setdefault("rides", []).extend(ridden)
                events += played
        elif _stage_prompts(state, worm["stages"][0]):
            return events
        elif worm["stages"].pop(0) == NEXUS:    # nobody has a choice to make
            events += nexus.unasked(state)
    return events


def _end_of_blow(state: State, rng: random.Random) -> list[Event]:
    """Every pile has its spice: the worms of turn 1 set aside go back into the deck (GF9, 001
    1.02.03), and the Nexus a worm called comes now, at the end of the phase (GF9, 001
    1.02.06-07; ``Rules.nexus_at_end_of_blow``)."""
    step = state["step"]
    events = []
    aside = step.pop("aside", [])
    if aside:
        state["decks"]["spice"].extend(aside)
        rng.shuffle(state["decks"]["spice"])
        events += [Event(EventCode.WORM_RESHUFFLED, {"card": card}) for card in aside]
    return events + _called_nexus(state)


def _called_nexus(state: State) -> list[Event]:
    """The Nexus a worm of this blow called, if any, now: at the end of the phase (001
    1.02.07), or with two piles once the worm's pile has its territory card (001 1.13.03.02);
    then the Fremen's rides of the worms they control, one by one (001 2.04.09)."""
    step = state["step"]
    card = step.pop("nexus", None)
    rides = step.pop("rides", [])                   # 001 2.04.09: upon its conclusion
    if card is not None and state.get(EXTRA_BLOW):
        state[EXTRA_BLOW]["nexus"] = True   # 001 3.06.05: ends the additional blow (its card)
    reserve_rides = step.pop("reserve_rides", [])   # 001 4.06.09.03: the Great Maker's
    if card is None and not rides:
        return []
    step["worm"] = {"card": card, "territory": None, "controlled": True, "placed": False,
                    "stages": [NEXUS] if card is not None else [], "rides": rides}
    if reserve_rides:
        step["worm"]["reserve_rides"] = reserve_rides
    step["ended"] = step["done"]
    step["done"] = False
    return [Event(EventCode.NEXUS, {"card": card, "territory": None})] if card is not None else []


# --- the cards
def spice_card(game: Any, card_id: str) -> SpiceCard:
    """A spice card of a game's deck (``game``: a state, a view or its rules); the Sandtrout
    (001 4.08.02) is no territory card; a variant's own (001 4.06.05: a Discovery card) is
    found by the variant."""
    if card_id == sandtrout.SANDTROUT:
        return SpiceCard(card_id)
    return variants.spice_card(game, card_id) or data(game).spice_card(card_id)   # 001 4.06.05


def last_territory(game: Any, pile: list[str]) -> str | None:
    """The territory of the last territory card on a discard pile (None if it has none)."""
    return next((spice_card(game, c).territory for c in reversed(pile)
                 if not spice_card(game, c).is_shai_hulud), None)


def turn_card(state: State, rng: random.Random) -> list[Event]:
    """Turn the top card of the spice deck onto the current pile (VII.A; XXI.A.2)."""
    step = state["step"]
    pile = step["pile"]
    decks, discards = state["decks"], spice_discards(state)
    events = [] if decks["spice"] else [reshuffle(state, rng)]
    card = spice_card(state, decks["spice"].pop())
    events.append(Event(EventCode.SPICE_CARD, {"pile": pile + 1, "card": card.id,
                                       "territory": card.territory}))
    if card.id == sandtrout.SANDTROUT:                      # 001 4.08.02
        if state["turn"] == 1:                              # as the worms of turn 1
            step.setdefault("aside", []).append(card.id)
            events.append(Event(EventCode.WORM_SET_ASIDE, {"card": card.id}))
        else:
            ended = sandtrout.turned(state)
            events += ended + factions.allied(state, ended)
        return events + turn_card(state, rng)
    decks[discards[pile]].append(card.id)
    if card.is_shai_hulud and state["turn"] > 1 and sandtrout.cancels(state):
        return events + sandtrout.cancel(state, decks[discards[pile]]) + turn_card(state, rng)
    if card.is_shai_hulud:
        return events + worm_turned(state, card, rng)
    state["spice_last"][discards[pile]] = card.territory
    events += variants.spice_card_turned(state, card, rng)     # 001 4.06.05: a Discovery card
    events += place_spice(state, card)
    step["pile"], step["pile_worms"] = pile + 1, 0
    step["done"] = step["pile"] == len(discards)
    return events


def last_blow(state: State) -> str | None:
    """The territory the current pile last turned up (XXI.B.2), or None."""
    return state["spice_last"][spice_discards(state)[state["step"]["pile"]]]


def reshuffle(state: State, rng: random.Random) -> Event:
    """The deck is used up: every discarded card is shuffled into a new deck (XXI.B.1; Q&A
    XXV.E.4; the basic game alike, module docstring).  In the GF9 advanced game the top
    territory card of pile A stays, with any card above it, and a worm on pile B then finds no
    territory card (001 1.13.04, ``Rules.reshuffle_keeps_first_pile_top``).  Under v3 every
    pile keeps its top card showing spice, and only that one (003 "Advanced Combat": "all but
    the top-most card showing spice are removed from each discard pile"; a worm above it goes
    into the new deck: ruling), so a worm on either pile finds its territory card
    (``Rules.reshuffle_keeps_every_pile_top``)."""
    decks, discards, last = state["decks"], spice_discards(state), state["spice_last"]
    rules = rules_of(state)
    keeping = (discards if rules.reshuffle_keeps_every_pile_top
               else discards[:1] if rules.reshuffle_keeps_first_pile_top else [])
    kept: dict[str, list[str]] = {}
    for pile in keeping:
        cards = decks[pile]
        top = max((i for i, c in enumerate(cards) if not spice_card(state, c).is_shai_hulud),
                  default=None)
        if top is not None:
            kept[pile] = (cards[top:top + 1] if rules.reshuffle_keeps_every_pile_top
                          else cards[top:])
    if keeping:                 # a pile keeping no territory card has none for a worm
        for pile in discards:
            last[pile] = last[pile] if kept.get(pile) else None
    idle = (EXTRA_PILE,) if EXTRA_PILE in decks and EXTRA_PILE not in discards else ()
    for pile in (*discards, *idle):         # 001 3.06.05: an additional pile no longer blown
        decks["spice"].extend(decks[pile])
        decks[pile].clear()
    for pile, cards in kept.items():
        for card in cards:
            decks["spice"].remove(card)
        decks[pile].extend(cards)
    rng.shuffle(decks["spice"])
    return Event(EventCode.SPICE_DECK_RESHUFFLED, {"cards": len(decks["spice"])})


def place_spice(state: State, card: SpiceCard) -> list[Event]:
    """A territory card's spice on its sector, unless the storm is there (VII.A.1)."""
    assert card.territory is not None and card.sector is not None, card
    if card.sector == state["storm"]["sector"]:
        return [Event(EventCode.SPICE_IN_STORM, {"territory": card.territory,
                                                 "sector": card.sector})]
    amount, doubled = spice_specials.harvester(state, sandtrout.amount(state, card.amount))
    state["spice"][card.territory] = state["spice"].get(card.territory, 0) + amount
    return [Event(EventCode.SPICE_PLACED, {"territory": card.territory, "sector": card.sector,
                                   "amount": card.amount}), *doubled]      # 001 3.02.06


# --- worms
def worm_turned(state: State, card: SpiceCard, rng: random.Random) -> list[Event]:
    """A worm card: back into the deck on turn 1 (VII.D; XXI.A.3), else the stages to deal
    with it (module docstring)."""
    state["worms"] += 1
    step = state["step"]
    rules = rules_of(state)
    if state["turn"] == 1:
        discarded = state["decks"][spice_discards(state)[step["pile"]]].pop()
        if rules.turn_one_worms_set_aside:                  # 001 1.02.03
            step.setdefault("aside", []).append(discarded)
            return [Event(EventCode.WORM_SET_ASIDE, {"card": card.id})]
        state["decks"]["spice"].append(discarded)
        rng.shuffle(state["decks"]["spice"])
        return [Event(EventCode.WORM_RESHUFFLED, {"card": card.id})]
    first = step["pile_worms"] == 0
    step["pile_worms"] += 1
    stages = []
    due = nexus_due(rules, first)
    vote = variants.nexus_vote(state, card) if due else None    # 001 4.06.09.02: Great Maker
    voted = vote[1] if vote is not None else []
    if due and (vote is None or vote[0]):
        if rules.nexus_at_end_of_blow:                      # 001 1.02.06-07
            step.setdefault("nexus", card.id)
        else:
            stages.append(NEXUS)
    if not first and worm_placer(state) is not None:
        stages.append(PLACEMENT)
    territory = last_blow(state) if first else None
    # 001 2.04.09: the riders ride after the Nexus
    ride = [] if factions.lister(state, Ability.WORM_RIDING).rides_after_nexus else [RIDE]
    step["worm"] = {"card": card.id, "territory": territory, "controlled": True,
                    "placed": False, "stages": [*stages, CONTROL, DEVOUR, *ride]}
    return voted + ([Event(EventCode.NEXUS, {"card": card.id, "territory": territory})]
                    if NEXUS in stages else [])


def nexus_due(rules: Rules, first: bool) -> bool:
    """A Nexus for this worm: the first of its pile (VII.B, VII.C), every one under WBC (WBC
    VII.1); none without alliances (XVIII.A.1)."""
    return not rules.no_alliances and (first or rules.nexus_on_every_worm)


def worm_placer(state: State) -> str | None:
    """The faction that may send additional worms where it likes (Fremen, XV line 996), if in
    play with the optional advantages."""
    return factions.holder(state, Ability.WORM_PLACEMENT)


def worm_riders(state: State) -> list[str]:
    """The factions that ride worms and are never devoured (Fremen, line 828)."""
    return factions.having(state, Ability.WORM_RIDING)


def worm_safe(state: State, worm: dict[str, Any]) -> set[str]:
    """The factions a worm does not eat: the riders and the allies of a faction whose alliance
    power protects them (Fremen, line 840; WBC VII.7); nobody when a Karama took the worm from
    the Fremen (player aid B.6.A.4), under GF9 still their allies (001 3.01.12.02: one
    ability a card; ``KARAMA PROTECTION`` cancels theirs, ``devour``)."""
    if not worm["controlled"] and not rules_of(state).karama_cancels_abilities:
        return set()
    # GF9: a Karama cancels one ability, Shai-Hulud (001 2.04.08, 3.01.12.02): not the allies'
    safe = set(worm_riders(state)) if worm["controlled"] else set()
    for seat in factions.having(state, Ability.ALLY_WORM_IMMUNITY):
        safe.update(ally_of(state, seat))
    return safe


def devour(state: State, worm: dict[str, Any]) -> list[Event]:
    """All spice and forces in the worm's territory go to the bank and the tanks (VII.A.2), but
    the forces of the factions it spares."""
    territory = worm["territory"]
    if territory is None:
        return [Event(EventCode.WORM_IGNORED, {"card": worm["card"]})]
    if not data(state).board[territory].is_sand:
        return [Event(EventCode.WORM_DEVOURED, {"card": worm["card"], "territory": territory,
                                        "spice": 0, "forces": {}})]
    sectors = list(data(state).board[territory].sectors)
    played = [event for f in factions.in_play(state, "exposed")    # 001 2.10.15: a No-Field
              for event in f.exposed(state, {territory: sectors}, "worm")]
    spice = state["spice"].pop(territory, 0)
    safe = worm_safe(state, worm)
    played += _unprotected(state, territory, safe)
    safe |= {seat for f in factions.in_play(state, "worm_spared")      # 001 2.11.17.05 B
             for seat in f.worm_spared(state, territory)}
    spared, cards = variants.devouring(state, territory, safe)     # 001 4.03.07.05
    safe, played = safe | spared, played + cards
    eaten: dict[str, Counts] = {}
    for sector, faction, counts in [
            (int(sector), faction, dict(counts))
            for sector, by_faction in forces_at(state, territory).items()
            for faction, counts in by_faction.items() if faction not in safe]:
        remove_forces(state, faction, territory, sector, counts)
        to_tanks(state, faction, counts)
        add(eaten.setdefault(faction, {}), counts)
    return played + [Event(EventCode.WORM_DEVOURED, {
        "card": worm["card"], "territory": territory, "spice": spice,
        "forces": {seat: eaten[seat] for seat in state["seats"] if seat in eaten}})]


def _unprotected(state: State, territory: str, safe: set[str]) -> list[Event]:
    """GF9: a Karama standing ready cancels the Fremen's protection of their ally with forces
    in the worm's territory (001 2.04.11, 3.01.12.02, ``karama_reach``): it is eaten."""
    events: list[Event] = []
    riders, present = worm_riders(state), factions_in(state, territory)
    for seat in [s for s in state["seats"] if s in safe and s in present and s not in riders]:
        events += karama.play_against(state, "protection", seat)
        if karama.cancelled(state, "protection", seat):
            safe.discard(seat)
    karama.lift(state, "protection")
    return events


# --- the stages that ask
def _stage_prompts(state: State, stage: str) -> list[Prompt]:
    if stage == NEXUS:
        return nexus.prompts(state)
    if stage == SUMMON:
        return [_summon_prompt(state, state["step"]["worm"]["by"], state["turn"])]
    if stage == PLACEMENT:
        return [_placement_prompt(state, worm_placer(state), state["turn"])]
    if stage == CONTROL:
        return [_control_prompt(state, seat) for seat in control_breakers(state)]
    return [_ride_prompt(state, seat) for seat in worm_riders(state)
            if riders(state, seat) or reserve_riders(state, seat)]


def _placement(state: State, orders: dict[str, Any]) -> list[Event]:
    """The Fremen send the additional worm (XV, line 996; WBC VII.2), or let it pass."""
    seat = worm_placer(state)
    territory = orders[f"worm-placement:{seat}"]
    state["step"]["worm"]["territory"] = territory
    state["step"]["worm"]["placed"] = territory is not None
    return [] if territory is None else [Event(EventCode.WORM_PLACED, {"faction": seat,
                                                               "territory": territory})]


def _ride(state: State, orders: dict[str, Any]) -> list[Event]:
    """The riders who chose to go move together to their destination (line 828)."""
    events = []
    origin = state["step"]["worm"]["territory"]
    for key, value in orders.items():
        seat = PromptKey.parse(key).seat
        if value is None:
            continue
        territory, sector = value[:2]
        from_reserves = len(value) > 3                          # 001 4.06.09.03
        if sector is None:
            sector = ride_landing(state, seat, territory, None, from_reserves).sector
        forces = dict(value[2]) if len(value) > 2 else riders(state, seat)
        if from_reserves:
            take(state["factions"][seat]["reserve"], forces)
        for from_sector, taken in () if from_reserves else spread(
                forces, _riding_groups(state, seat, origin)):
            remove_forces(state, seat, origin, from_sector, taken)
        add_forces(state, seat, territory, sector, forces)
        events.append(Event(EventCode.WORM_RIDE, {"faction": seat, "to": territory,
                                                  "from": RESERVES if from_reserves else origin,
                                                  "sector": sector, "forces": forces}))
    return events


def _control(state: State, orders: dict[str, Any]) -> list[Event]:
    """The first faction in storm order that plays its Karama takes the worm from the Fremen;
    a worm they placed goes to its pile's last territory (module docstring)."""
    worm = state["step"]["worm"]
    for seat in storm_order(state):
        said = orders.get(f"worm-karama:{seat}")
        if said == PROTECTION:              # GF9: stands ready for the worm (``devour``)
            karama_reach.stand_ready(state, seat, [[PROTECTION, ally]
                                                   for ally in _protected(state, seat)])
        elif said and karama.playable(state, seat):
            events, effective = karama.play(state, seat, "control")
            if not effective:
                return events
            worm["controlled"] = False
            if worm["placed"]:
                worm["territory"] = last_blow(state)
            return events
    return []


def _summon(state: State, orders: dict[str, Any]) -> list[Event]:
    """The Fremen play a Karama and place their sandworm token: a normal worm that devours
    there and calls the Nexus at the end of the phase (001 1.14.04), counted among the worms
    (4.1.13: "even Karama worms summoned by the Fremen"); or they let the phase end."""
    seat = state["step"]["worm"]["by"]
    territory = orders[f"worm-summon:{seat}"]
    if territory is None:
        return []
    played, effective = karama.play(state, seat, "worm")
    if not effective:                   # stopped as it is played (``karama.play``)
        return played
    factions.karama_power_used(state, seat)
    state["worms"] += 1
    step = state["step"]
    step.setdefault("nexus", KARAMA_WORM)
    step["worm"].update({"card": KARAMA_WORM, "territory": territory, "stages": [DEVOUR]})
    return played + [Event(EventCode.WORM_PLACED, {"faction": seat, "territory": territory})]


def _nexus(state: State, orders: dict[str, Any]) -> list[Event]:
    """The Nexus round's orders; under GF9 a further round of the same Nexus when a break left
    factions to ally (``nexus.again``)."""
    events = nexus.resolve(state, orders)
    if nexus.again(state):
        state["step"]["worm"]["stages"].insert(0, NEXUS)
    return events


STAGES = {NEXUS: _nexus, PLACEMENT: _placement, CONTROL: _control, RIDE: _ride,
          SUMMON: _summon}


# --- Karama against the Fremen's control of the worm
def control_breakers(state: State) -> list[str]:
    """The factions asked whether they play a Karama against the Fremen's control of the
    worm: all but the Fremen holding one, when it matters (module docstring)."""
    worm = state["step"]["worm"]
    riders = worm_riders(state)
    if worm["territory"] is None or not riders:
        return []
    fremen_side = set(riders) | {ally for seat in riders for ally in ally_of(state, seat)}
    if not worm["placed"] and not fremen_side & set(factions_in(state, worm["territory"])):
        return []
    return [seat for seat in storm_order(state)
            if seat not in riders and karama.playable(state, seat)]


def _protected(state: State, seat: str) -> list[str]:
    """GF9: the Fremen's allies in the worm's territory whose protection (001 2.04.11) the
    seat may cancel with ``KARAMA PROTECTION`` (``karama_reach``)."""
    if PROTECTION not in karama_reach.uses(state, seat):
        return []
    here = factions_in(state, state["step"]["worm"]["territory"])
    return [s for s in karama_reach.targets(state, seat)[PROTECTION] if s in here]


def _control_prompt(state: State, seat: str) -> Prompt:
    worm = state["step"]["worm"]
    where_to = (f"; the worm the Fremen sent to {worm['territory']} appears instead in "
                f"{last_blow(state)}, the last spice blow "
                "beneath it" if worm["placed"] else "")
    return _control(rules_of(state), state["turn"], seat, f"the worm in {worm['territory']}",
                    where_to, bool(_protected(state, seat)))


def _control(rules: Rules, turn: int, seat: str, worm: str, where_to: str = "",
             protection: bool = False) -> Prompt:
    """A Karama against the Fremen's control of ``worm``; held ahead as
    ``worm-karama@<turn>:<seat>`` for every worm of that turn's spice blow.  GF9 (001
    3.01.12.02): one Karama cancels one ability, Shai-Hulud (2.04.08) or the ally's protection
    (2.04.11, ``KARAMA PROTECTION``, where that ally is).  Optional, as the module docstring
    says."""
    if rules.karama_cancels_abilities:
        text = (f"KARAMA CONTROL: play a Karama against the Fremen's Shai-Hulud (001 2.04.08, "
                f"3.01.12.02): {worm} devours their forces there and they ride it not"
                f"{where_to}.  "
                + ("KARAMA PROTECTION: against their protection of their ally (001 2.04.11): "
                   "it devours the ally's forces there.  " if protection else ""))
    else:
        text = (f"KARAMA CONTROL: play a Karama so that the Fremen do not control {worm}: "
                f"it devours their forces and their allies' there too "
                f"and nobody rides it{where_to} "
                f"({rules.cite('000 player aid B.6.A.4; WBC line 1404')}).  ")
    return Prompt(f"worm-karama:{seat}", seat, "worm-karama", True, text + "KARAMA NONE: let "
                  "it be", False, "KARAMA NONE", "KARAMA NONE", optional=True,
                  ahead=f"worm-karama@{turn}:{seat}", options={"protection": protection})


def worm_orders(state: State, seat: str, turn: int) -> list[Prompt]:
    """The seat's decisions at each worm of the spice blow of ``turn`` as far as it can tell
    now, for orders ahead: the Fremen's placement of an additional worm, and a holder's
    Karama on a worm the Fremen control (its stage opens only when that matters)."""
    found = [_placement_prompt(state, seat, turn)] if worm_placer(state) == seat else []
    if worm_riders(state) and seat not in worm_riders(state) and karama.playable(state, seat):
        found.append(_control(rules_of(state), turn, seat,
                              "a worm at each Shai-Hulud of the spice blow"))
    if turn > 1 and _may_summon(state, seat):
        found.append(_summon_prompt(state, seat, turn))
    return found


def _read_control(state: State, prompt_: Prompt, words: list[str]) -> bool | str:
    said = " ".join(words).upper()
    protection = state["phase"] == "spice_blow" and bool(_protected_now(state, prompt_))
    valid = ("KARAMA CONTROL", *(["KARAMA PROTECTION"] * protection), "KARAMA NONE")
    if f"KARAMA {said}" not in valid:
        raise OrderProblem(ErrorCode.KARAMA, f"expected {', '.join(valid)}", valid)
    return PROTECTION if said == "PROTECTION" else said == "CONTROL"


def _protected_now(state: State, prompt_: Prompt) -> list[str]:
    """The allies ``KARAMA PROTECTION`` reaches at the worm under way (none ahead of it)."""
    step = state["step"]
    if not isinstance(step.get("worm"), dict) or step["worm"].get("territory") is None:
        return []
    return _protected(state, prompt_.seat)


def _random_control(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> bool | str:
    if prompt_.options.get("protection") and rng.random() < 0.15:
        return PROTECTION
    return rng.random() < 0.3


order_kind(OrderKind("worm-karama", ("KARAMA",), _read_control,
                     lambda _, v: "KARAMA PROTECTION" if v == PROTECTION else
                     "KARAMA CONTROL" if v else "KARAMA NONE", random=_random_control))


# --- the Fremen's Karama worm (GF9)
def summoner(state: State) -> str | None:
    """The faction asked, once the piles are turned, whether it places its sandworm token by
    Karama this spice blow (GF9, 001 1.14.04: "after turn 1"), if any: not asked yet this phase,
    its once-a-game power unused and a Karama card in hand."""
    if state["turn"] == 1 or state["step"].get("summoned"):
        return None
    return next((seat for seat in state["seats"] if _may_summon(state, seat)), None)


def _may_summon(state: State, seat: str) -> bool:
    """Whether the faction may place the Karama worm in a spice blow (001 1.14.04)."""
    return (factions.power(seat, state).karama_worm_in_spice_blow
            and factions.has(state, seat, Ability.SUMMON_WORM)
            and bool(karama.holds(state, seat)))


def _open_summon(state: State, seat: str | None) -> None:
    """The piles are turned: the summoner's decision opens before the Nexus at the end of the
    phase, so that the Karama worm's Nexus is that one (001 1.02.07, 1.14.04)."""
    step = state["step"]
    step["summoned"], step["done"] = True, False
    step["worm"] = {"card": None, "territory": None, "controlled": True, "placed": True,
                    "stages": [SUMMON], "summon": True, "by": seat}


def summon_territories(game: Any) -> list[str]:
    """Where the Karama worm may be placed: "any sand Territory" (001 1.14.04) of a game's
    board (a state or a view)."""
    return [t.name for t in data(game).board.territories if t.is_sand]


def _summon_prompt(state: State, seat: str, turn: int) -> Prompt:
    """The Fremen's Karama worm; held ahead as ``worm-summon@<turn>:<seat>``."""
    return Prompt(f"worm-summon:{seat}", seat, "worm-summon", True,
                  "KARAMA WORM <territory>: play a Karama to place your sandworm token in any "
                  "sand territory, once a game: a normal worm, it devours the spice and the "
                  "forces there but yours and your allies', calls a Nexus at the end of this "
                  "phase, and your forces there may ride it after the Nexus (001 1.14.04, "
                  "2.04.08-09).  KARAMA NONE: not this turn", None, "KARAMA NONE",
                  "KARAMA NONE", optional=True, ahead=f"worm-summon@{turn}:{seat}")


def _read_summon(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    said = [word.upper() for word in words]
    if said == [NONE]:
        return None
    if not said or said[0] != "WORM":
        raise OrderProblem(ErrorCode.KARAMA, "expected KARAMA WORM <territory> or KARAMA NONE",
                           ("KARAMA WORM <territory>", "KARAMA NONE"))
    territory, _ = read_territory(state, words[1:], summon_territories(state))
    return territory.name


def _random_summon(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    """A bot places the worm one time in four, in a sand territory at random."""
    return rng.choice(summon_territories(view)) if rng.random() < 0.25 else None


order_kind(OrderKind("worm-summon", ("KARAMA",), _read_summon,
                     lambda _, v: f"KARAMA WORM {v}" if v else "KARAMA NONE",
                     random=_random_summon))


# --- riding the worm
def _riding_groups(state: State, seat: str, territory: str) -> list[tuple[int, Counts]]:
    """(sector, forces) of the faction's forces in the territory that may leave it: not those
    under the storm (IX.C.2.c; WBC VII.5)."""
    storm = state["storm"]["sector"]
    return [(int(sector), dict(by_faction[seat]))
            for sector, by_faction in forces_at(state, territory).items()
            if seat in by_faction and int(sector) != storm]


def riders(state: State, seat: str) -> Counts:
    """The forces of the faction that may ride the current worm: none where a Nexus card's
    Betrayal withholds the ride (001 4.03.07.05)."""
    territory = state["step"]["worm"]["territory"]
    if territory is None or factions.withheld(state, seat, factions.BEAST_OF_BURDEN):
        return {}
    return plus(*(counts for _, counts in _riding_groups(state, seat, territory)))


def _reserve_ride(state: State, worm: dict[str, Any]) -> bool:
    """Whether the worm's riders may ride it from their reserves (001 4.06.09.03: a variant's
    worm card, the Great Maker; not one the Fremen placed, "instead of ... placing the Sandworm
    token")."""
    return (bool(worm["card"]) and not worm["placed"] and bool(worm_riders(state))
            and variants.reserve_ride(state, worm["card"]))


def reserve_riders(state: State, seat: str) -> Counts:
    """The forces of the faction's reserves that may ride the current worm (001 4.06.09.03)."""
    if not state["step"]["worm"].get("reserves"):
        return {}
    return {k: n for k, n in state["factions"][seat]["reserve"].items() if n}


def ride_refusal(state: State, seat: str, territory: Territory, sector: int,
                 from_reserves: bool = False) -> str | None:
    """Why the riders may not go to this sector of this territory, or None if they may (those
    of the reserves to any territory, the worm's too: 001 4.06.09.03)."""
    origin = state["step"]["worm"]["territory"]
    if territory.name == origin and not from_reserves:
        return f"your forces are in {origin} already; STAY to keep them there"
    if sector == state["storm"]["sector"]:
        return f"sector {sector} is under the storm ({cite(state, '000 IX.C.1.c; WBC VII.5')})"
    problem = reach.entry_problem(state, seat, territory.name)
    return None if problem is None else problem.message


def ride_destinations(state: State, seat: str, from_reserves: bool = False
                      ) -> list[tuple[str, int]]:
    """Every (territory, sector) the faction's riders may go to (the legal choices)."""
    return [(territory.name, sector) for territory in data(state).board.territories
            for sector in (territory.sectors or (0,))
            if ride_refusal(state, seat, territory, sector, from_reserves) is None]


def _ride_prompt(state: State, seat: str) -> Prompt:
    origin = state["step"]["worm"]["territory"]
    riding = riders(state, seat)
    closed = sorted({t for t, _ in _all_places(state)}
                    - {t for t, _ in ride_destinations(state, seat)})
    some = "[<forces>] " if factions.power(seat, state).riders_may_split else ""
    reserve = reserve_riders(state, seat)
    board = (f"RIDE {some}<territory> [SECTOR <n>]: your "
             f"{plural(total(riding), 'force')} in {origin} "
             f"ride the worm to any one territory, in a sector not under the storm "
             f"(sector {state['storm']['sector']}); closed: {', '.join(closed)}.  ")
    spare = (f"RIDE RESERVES <forces> <territory> [SECTOR <n>]: instead, forces of your "
             f"reserves ({order_text(reserve)}) ride the Great Maker to any territory, "
             "storm and occupancy permitting (001 4.06.09.03).  ") if reserve else ""
    return Prompt(f"worm-ride:{seat}", seat, "worm-ride", False,
                  f"{board if riding else ''}{spare}"
                  f"STAY keeps them where they are{_ride_rule(state, seat)}",
                  None, "STAY", "STAY",
                  options={"reserves": reserve, "board": bool(riding)} if reserve else {})


def _ride_rule(state: State, seat: str) -> str:
    """The rule a GF9 ride prompt cites (001 2.04.09); the classic prompt cites none."""
    if not factions.power(seat, state).rides_after_nexus:
        return ""
    return " (001 2.04.09: upon conclusion of the Nexus)"


def _all_places(state: State) -> list[tuple[str, int]]:
    return [(t.name, s) for t in data(state).board.territories for s in (t.sectors or (0,))]


def ride_landing(state: State, seat: str, territory: str, sector: int | None,
                 from_reserves: bool = False) -> reach.Landing:
    """The sector the riders land in: the one named, or the one the rules make clear where the
    order names none (``reach.choose_sector``, 000 IX.C.2.d: only one open, or the spice's)."""
    open_sectors = [s for t, s in ride_destinations(state, seat, from_reserves)
                    if t == territory]
    return reach.choose_sector(state, territory, sector, open_sectors)


def _read_ride(state: State, prompt: Prompt, words: list[str]) -> list | None:
    """STAY (None), or the territory and sector the riders go to (None where the rules make
    the sector clear: it is chosen again as the ride is made, ``ride_landing``), and under
    GF9 the forces that ride if not all (001 2.04.09: "some or all the Forces")."""
    if not words or (len(words) == 1 and words[0].upper() == "STAY"):
        return None
    some = None
    spare = words[0].upper() == RESERVES.upper()            # 001 4.06.09.03
    if spare:
        some, words = _read_reserve_riders(state, prompt.seat, words[1:])
    elif words[0][:1].isdigit():
        some, words = _read_some_riders(state, prompt.seat, words)
    territory, named = read_territory(state, words)
    open_sectors = [s for t, s in ride_destinations(state, prompt.seat, spare)
                    if t == territory.name]
    head = "RIDE RESERVES " + order_text(some) + " " if spare and some else "RIDE "
    valid = tuple(f"{head}{where(state, territory.name, s)}" for s in open_sectors) or ("STAY",)
    try:
        landing = ride_landing(state, prompt.seat, territory.name, named, spare)
    except OrderProblem as problem:
        raise OrderProblem(problem.code, problem.message,
                           valid if problem.code == "sector-needed" else problem.valid) from None
    sector = landing.sector if landing.sector is not None else (territory.sectors or (0,))[0]
    refusal = ride_refusal(state, prompt.seat, territory, sector, spare)
    if refusal is not None:
        raise OrderProblem(ErrorCode.RIDE_NOT_ALLOWED, refusal, valid)
    return [territory.name, None if landing.chosen else sector,
            *([some] if some else []), *([RESERVES] if spare else [])]


def _read_reserve_riders(state: State, seat: str, words: list[str]
                         ) -> tuple[Counts, list[str]]:
    """The forces of the reserves named to ride the Great Maker (001 4.06.09.03: "any number of
    their Forces in reserves") and the words after them."""
    spare = reserve_riders(state, seat)
    if not spare:
        raise OrderProblem(ErrorCode.RIDE_NOT_ALLOWED, "no forces of your reserves ride this "
                           "worm: only the Great Maker's riders ride from their reserves "
                           "(001 4.06.09.03)", ("STAY",))
    some, rest = read_forces(words, kinds(state, seat))
    if not some or not within(some, spare):
        raise OrderProblem(ErrorCode.RIDE_NOT_ALLOWED,
                           f"you may ride with at most {order_text(spare)} from your reserves",
                           ("STAY",))
    return some, rest


def _read_some_riders(state: State, seat: str, words: list[str]
                      ) -> tuple[Counts, list[str]]:
    """The forces named to ride (001 2.04.09: "some or all") and the words after them; under
    AH all ride together (000 line 828: "may move to any one territory")."""
    riding = riders(state, seat)
    if not factions.power(seat, state).riders_may_split:
        raise OrderProblem(ErrorCode.RIDE_NOT_ALLOWED, "all your forces there ride together "
                           "(000 line 828): RIDE <territory>, without a number", ("STAY",))
    some, rest = read_forces(words, kinds(state, seat))
    if not within(some, riding):
        raise OrderProblem(ErrorCode.RIDE_NOT_ALLOWED,
                           f"you may ride with at most {order_text(riding)} from "
                           f"{state['step']['worm']['territory']}", ("STAY",))
    return some, rest


def _ride_notes(state: State, prompt: Prompt, value: list | None) -> tuple[str, ...]:
    """The sector taken where the order named none (``reach.CHOSEN``)."""
    if value is None or value[1] is not None:
        return ()
    landing = ride_landing(state, prompt.seat, value[0], None, len(value) > 3)
    return (f"{_ride_text(state, value)}: read as sector {landing.sector}, "
            f"{reach.CHOSEN[landing.chosen]}",)


def _ride_text(game: Any, value: list | None) -> str:
    if value is None:
        return "STAY"
    some = f"{order_text(value[2])} " if len(value) > 2 else ""
    spare = "RESERVES " if len(value) > 3 else ""                   # 001 4.06.09.03
    return f"RIDE {spare}{some}{value[0] if value[1] is None else where(game, *value[:2])}"


def _random_ride(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list | None:
    """A bot stays or rides to the Polar Sink, which riders may always enter: never under the
    storm (IX.C.2.e), no stronghold, open to allies (XII.E.5), never a worm's territory."""
    spare = prompt.options.get("reserves")              # 001 4.06.09.03: the Great Maker
    if spare and rng.random() < 0.5:
        kind = rng.choice(sorted(spare))
        some = {kind: rng.randint(1, spare[kind])}
        return [POLAR_SINK, only_sector(view, POLAR_SINK), some, RESERVES]
    if not prompt.options.get("board", True):
        return None                                     # only the reserves might ride
    return rng.choice([None, [POLAR_SINK, only_sector(view, POLAR_SINK)]])


order_kind(OrderKind("worm-ride", ("RIDE", "STAY"), _read_ride,
                     _ride_text, random=_random_ride, notes=_ride_notes))


# --- sending an additional worm
def worm_destinations(game: Any, seat: str) -> list[str]:
    """Where the faction (the Fremen) may send an additional worm in a game (a state or a
    view): anywhere on the board but the Polar Sink (module docstring); under GF9 a sand
    territory (001 2.04.16, ``Faction.worms_on_sand_only``)."""
    sand_only = factions.power(seat, game).worms_on_sand_only
    return [t.name for t in data(game).board.territories
            if t.name != POLAR_SINK and (t.is_sand or not sand_only)]


def _placement_prompt(state: State, seat: str | None, turn: int) -> Prompt:
    """The Fremen's placement of an additional worm; held ahead as
    ``worm-placement@<turn>:<seat>`` for every additional worm of that turn's spice blow."""
    assert seat is not None, "a placement stage is only queued with a placer"
    rules = rules_of(state)
    where_to = ("WORM <territory>: place this additional worm in any sand territory; it "
                "devours spice and forces but yours and your allies', and your forces there "
                "may ride it (001 2.04.16, 2.04.08-09, 2.04.11)"
                if factions.power(seat, rules).worms_on_sand_only else
                "WORM <territory>: send this additional worm to any territory but the Polar "
                "Sink; on sand it devours spice and forces but yours and your allies' "
                f"({rules.cite('000 XV; WBC VII.2')}), and your forces there may ride it "
                f"({rules.cite('WBC VII.3')})")
    return Prompt(f"worm-placement:{seat}", seat, "worm-placement", False,
                  f"{where_to}; WORM NONE lets it pass ({rules.cite('000 VII.C')})",
                  None, f"WORM {NONE}", f"WORM {NONE}",
                  ahead=f"worm-placement@{turn}:{seat}")


def _read_placement(state: State, prompt: Prompt, words: list[str]) -> str | None:
    if len(words) == 1 and words[0].upper() == NONE:
        return None
    territory, _ = read_territory(state, words, worm_destinations(state, prompt.seat))
    return territory.name


order_kind(OrderKind("worm-placement", ("WORM",), _read_placement,
                     lambda _, v: f"WORM {v or NONE}",
                     random=lambda view, prompt, rng: rng.choice(
                         [None, *worm_destinations(view, prompt.seat)])))
