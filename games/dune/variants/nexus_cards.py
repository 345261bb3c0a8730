"""The Nexus cards (001 4.03, the variant of the Ecaz & Moritani expansion; the gf9 ruleset's
option ``nexus_cards``): one card for each faction of the game's four boxes, drawn after a
Nexus by the factions in no alliance, held secretly, played for one of three uses.

The cards lie on the token layer (kind ``nexus_card``, their data in ``data/gf9/tokens.yaml``,
a card's value the seat of the faction it depicts): the deck is the cards aside with nobody,
face down (4.03.01: shuffled at Determine Variants: a draw takes one of them at random); the
discard pile the cards aside face up (4.03.01: "piled face up", turned face down again, the
deck restocked, when the deck is empty); a card held lies behind its holder's shield face down,
seen by it alone (4.03.04: "keep it secret until used").  Who holds a card is public, as at the
table; which card, only its holder's until it is played or discarded.

- Joining an alliance (4.03.02): a holder allied when a round of a Nexus is over discards its
  card (face up, public).
- After a Nexus (4.03.03-05): at the end of the Spice Blow and Nexus phase in which a Nexus
  happened, if at least one alliance exists, each faction in no alliance draws a card
  (``phase_ends``).  The "may" of 4.03.03-05 is a choice sent with the Nexus orders, an optional
  line that costs no mail round (``NEXUS DRAW``, the default: draw one, a card held being kept;
  ``NEXUS REPLACE``: the card held discarded and a new one drawn; ``NEXUS KEEP``: draw none;
  ``NEXUS DISCARD``: the card held discarded, none drawn; ``NEXUS REDRAW``: one's own faction's
  card, if drawn, discarded and another drawn and revealed, 4.03.05).  It is offered to every
  faction asked in the Nexus, holder or not, so that nobody learns anything from who is asked.
- Playing a card (4.03.06, ``cards/nexus_cards.py``): ``NEXUS PLAY [<faction>]``, an optional
  line of a holder asked anything in a round, carried out after the round's own orders.  The
  use follows from the card and the holder (4.03.06.02-04): one's own faction's card for its
  Cunning, a card of a faction seated by another for its Betrayal, a card of a faction not
  seated for its Secret Ally.  What each use does is its faction's (``Faction.nexus_uses``,
  ``Faction.nexus_played``: no phase names a faction); a use no faction module fills is not
  offered, and such a card may still be discarded.  The card played goes to the discard pile
  face up, and the table learns which it was and for what.

Rulings (docs/rules-coverage.md, "001 GF9 variants: Nexus cards"): 4.03.04 prints two draws,
the published one (each draws from the deck) and a revision's (cards revealed, one per
unallied faction, and dealt among them): the published one is played, the revision's with the
option ``nexus_cards_text_b``.  A faction holds one card
at most ("draw one ... or discard one they are holding and draw a new one").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pbem.game import Event

from .. import tokens
from ..codes import EventCode
from ..data import Act, CardType, NexusUse
from ..decks import draw_treachery
from ..discard_pile import discard as discard_card
from ..factions import duke_vidal, nexus_ghola
from ..factions.base import LENT, WITHHELD, answers, hand_limit
from ..forces import Counts, add, first_of, take
from ..rules import rules_of
from ..state import State, ally_of, data, factions_in, storm_order
from .base import Variant
from .cheap_hero_traitor import matched

KIND = "nexus_card"                 # the token kind
CHOSEN = "nexus_cards"              # the step's record of a Nexus's choices, by seat
BATTLE = "battle opened"            # ``NexusPlay.at``: set for the next battle where it acts
PAYMENT = "shipment payment"        # ``NexusPlay.at``: set for the next shipment paid for
WORM = "worm"                       # ``NexusPlay.at``: set for the next worm to eat its forces
LOST_BATTLE = "lost battle"         # ``NexusPlay.at``: set for the next battle lost to a winner
TRAITOR = "traitor revealed"        # ``NexusPlay.at``: set for the next traitor called on one
FACE_DANCER = "face dancer revealed"    # ``NexusPlay.at``: the next Face Dancer revealed on one
SALE = "cache card sold"            # ``NexusPlay.at``: set for the next sale of an offered card
NO_FIELD_SHIPPED = "no-field shipment"  # ``NexusPlay.at``: the holder's next No-Field shipped
EXTRA_SHIPMENT = "second shipment"  # ``NexusPlay.at``: a second SHIP in the holder's turn
EMPTY_WORM = "worm without forces"  # ``NexusPlay.at``: a worm where no forces are
REDRAW_TRAITORS = "nexus_traitor_redraw"    # a sheet's: traitors owed at War Continues (.06)
FIVE_AS_ONE = "five_shipped_as_one"     # a power lent (``lend``): 001 4.03.07.11
REVIVAL_TERMS = "revival_5_at_1"    # lent: a revival limit of 5, forces at 1 spice (.09)
REVIVAL_LIMIT, REVIVAL_PRICE = 5, 1     # 001 4.03.07.09: "revival limit to 5", "1 spice each"
VIDAL = "duke_vidal"                # lent: Duke Vidal to the turn's end (001 4.03.07.12)
FULL = "full_strength:"             # lent: a force kind at full strength (+ its name), .08
CO_OCCUPIED = "co_occupied:"        # lent: a territory's limits ignored (+ its name), .12 B
# The rounds before Shipment and Movement, where a use lent for one's shipment is played
BEFORE_SHIPMENT = ("storm", "spice_blow", "charity", "bidding", "revival")
SET = "nexus_set"                   # a sheet's: the use its card is set for (``NexusPlay.at``)
SET_TARGET = "nexus_set_target"     # a sheet's: what its line named when set, if anything
WON_BATTLE = "won battle"           # ``NexusPlay.at``: set for the next battle won
FOUGHT = "battle fought"            # ``NexusPlay.at``: set for the end of the next battle
BOUGHT = "nexus_bought"             # the step's record of the holders' purchases, by seat
TOP_CARD = "top_card"               # lent: a card drawn free with each bought (.06 B)
CROSS_SHIP = "cross-ship"           # ``NexusPlay.at``: the holder's next shipment (.07 B)
PICK = "nexus_discard"              # a sheet's: the card its line named to discard (.06, .08 B)
DRAW, KEEP, REPLACE, DISCARD, REDRAW = "draw", "keep", "replace", "discard", "redraw"


# --- where the cards are
def records(state: State) -> list[dict[str, Any]]:
    return [record for record in tokens.of(state) if record["kind"] == KIND]


def held(state: State, seat: str) -> dict[str, Any] | None:
    """The card ``seat`` holds, if any."""
    return next((r for r in records(state) if r["owner"] == seat), None)


def card_name(state: State | dict[str, Any], value: str) -> str:
    return tokens.kind_of(state, KIND).token(value).name


def use_of(game: State | dict[str, Any], holder: str, value: str) -> NexusUse:
    """The use of the card ``value`` in ``holder``'s hand (4.03.06.02-04); with the revision's
    cards (``nexus_cards_named``), its named effect, whoever holds it (4.03.07.02-13 B)."""
    if rules_of(game).nexus_cards_named:
        return NexusUse.NAMED
    if value == holder:
        return NexusUse.CUNNING
    return NexusUse.BETRAYAL if value in game["seats"] else NexusUse.SECRET_ALLY


def _discard(record: dict[str, Any]) -> None:
    tokens.place(record, None, tokens.ASIDE)
    tokens.turn(record, tokens.UP)


def draw(state: State, seat: str, rng: random.Random) -> dict[str, Any] | None:
    """A card from the deck behind ``seat``'s shield, the discards shuffled back into the deck
    first if it is empty (4.03.01)."""
    deck = [r for r in records(state) if r["owner"] is None and r["face"] == tokens.DOWN]
    if not deck:
        for record in records(state):
            if record["owner"] is None:
                tokens.turn(record, tokens.DOWN)
        deck = [r for r in records(state) if r["owner"] is None]
    if not deck:
        return None
    record = rng.choice(sorted(deck, key=lambda r: r["value"]))
    tokens.place(record, seat, tokens.BEHIND)
    return record


def discard(state: State, seat: str) -> list[Event]:
    """``seat``'s card discarded unused, face up (public)."""
    record = held(state, seat)
    if record is None:
        return []
    _discard(record)
    state["factions"][seat].pop(SET, None)
    state["factions"][seat].pop(SET_TARGET, None)
    return [Event(EventCode.NEXUS_CARD_DISCARDED, {
        "faction": seat, "card": card_name(state, record["value"])})]


# --- the variant's hooks
class NexusCards(Variant):
    option = "nexus_cards"

    def phase_ends(self, state: State, rng: random.Random) -> list[Event]:
        """4.03.03-05: after a Spice Blow and Nexus phase with a Nexus, the choices of its
        factions: discards, then, if an alliance exists, the draws of the unallied."""
        ended = _lending_ends(state) + _set_uses(state, rng) + _redrawn(state, rng)
        if state["phase"] == "mentat_pause":            # 001 4.03.07.09 B: War Continues
            ended += nexus_ghola.war_continues(state)
        chosen = state["step"].get(CHOSEN) if state["phase"] == "spice_blow" else None
        if chosen is None:
            return ended
        events = ended
        drawing = bool(state["alliances"])          # 4.03.04: "at least one alliance exists"
        for seat in state["seats"]:
            choice = chosen.get(seat, {}).get(DRAW)
            if choice == DISCARD or (choice == REPLACE and drawing
                                     and not ally_of(state, seat)):
                events += discard(state, seat)
        drawers = [seat for seat in state["seats"] if drawing and not ally_of(state, seat)
                   and chosen.get(seat, {}).get(DRAW) not in (KEEP, DISCARD)
                   and held(state, seat) is None]
        dealt = _revealed_and_dealt(state, drawers, rng) if rules_of(
            state).nexus_cards_text_b else {}
        if dealt:                   # 4.03.04 (B): "made public which Nexus Cards are available"
            events.append(Event(EventCode.NEXUS_CARDS_REVEALED, {
                "cards": sorted(card_name(state, r["value"]) for r in dealt.values()),
                "factions": [seat for seat in drawers if seat in dealt]}))
        for seat in drawers:
            events += _drawn(state, seat, rng, bool(chosen.get(seat, {}).get(REDRAW)),
                             dealt.get(seat))
        return events

    def bought(self, state: State, buyer: str, card: str, paid: dict[str, int],
               payee: str | None, rng: random.Random) -> list[Event]:
        """A purchase noted for the round (``just_bought``): a card may be played on "a
        Treachery Card you just bought" (001 4.03.07.04, .08), or on the Emperor's ally's
        (.04, Betrayal); a card drawn free where TOP CARD is in play for the buyer (.06 B)."""
        state["step"].setdefault(BOUGHT, {})[buyer] = {
            "card": card, "spice": paid.get(buyer, 0), "payee": payee}
        return top_card(state, buyer, rng) if TOP_CARD in state["factions"][buyer].get(
            LENT, ()) else []

    def shipping_terms(self, state: State, seat: str) -> str:
        """Its holder's card set for CROSS-SHIP (001 4.03.07.07 B), told to it alone."""
        return ("Your Spacing Guild Nexus card is set for CROSS-SHIP: your shipment may go from "
                "one territory to another (SHIP n FROM a TO b) at half the price, rounded up, "
                "the card played with it (001 4.03.07.07, text B)."
                if self.cross_ships(state, seat) else "")

    def cross_ships(self, game: State | dict[str, Any], seat: str) -> bool:
        """Whether ``seat``'s card is set for CROSS-SHIP (001 4.03.07.07 B): its shipment may
        go from one territory to another, at half the price (``CROSS_SHIP``)."""
        return _set_for(game, seat) == CROSS_SHIP

    def revival_terms(self, game: State | dict[str, Any], seat: str, terms: Any) -> Any:
        """The revival limit raised to 5 and forces at 1 spice each, where the Tleilaxu card's
        Secret Ally lent them (001 4.03.07.09: ``REVIVAL_TERMS``)."""
        if REVIVAL_TERMS not in game["factions"][seat].get(LENT, ()):
            return terms
        most = None if terms.forces is None else max(terms.forces, REVIVAL_LIMIT)
        return replace(terms, forces=most, force_price=REVIVAL_PRICE)

    def shipped_as_one(self, game: State | dict[str, Any], seat: str, kind: str) -> int:
        """Up to 5 forces shipped from reserves at the price of one, where the Richese card's
        Secret Ally lent it (001 4.03.07.11: ``FIVE_AS_ONE``)."""
        return 5 if kind == "reserve" and FIVE_AS_ONE in game["factions"][seat].get(
            LENT, ()) else 0

    def full_strength(self, game: State | dict[str, Any], seat: str) -> frozenset[str]:
        """The force kinds a Nexus card lent full strength (``FULL``: the Ixian card's Cunning,
        001 4.03.07.08)."""
        return frozenset(key[len(FULL):] for key in game["factions"][seat].get(LENT, ())
                         if key.startswith(FULL))

    def co_occupier(self, game: State | dict[str, Any], territory: str) -> str | None:
        """The holder the Ecaz card's CO-OCCUPIED lent ``territory`` to (``CO_OCCUPIED``, 001
        4.03.07.12 B), if any."""
        key = CO_OCCUPIED + territory
        return next((seat for seat in game["seats"]
                     if key in game["factions"][seat].get(LENT, ())), None)

    def battle_over(self, state: State, territory: str, winner: str | None,
                    plans: dict[str, dict[str, Any]], lost: dict[str, Counts],
                    rng: random.Random, dialed: Callable[[str], int]) -> list[Event]:
        """A fighter whose card is set for a battle's end (``FOUGHT``: the Moritani card's
        SABOTAGE, 001 4.03.07.13 B) plays it on its opponent, where it can."""
        events: list[Event] = []
        for seat, other in zip(plans, list(plans)[::-1], strict=True):
            events += cancels(state, seat, FOUGHT, other, rng) or []
        return events

    def battle_opened(self, state: State, rng: random.Random) -> list[Event]:
        """The cards set for a battle (``BATTLE``: the Atreides' and the Bene Gesserit's
        Betrayal, 001 4.03.07.02-03) played where their faction's ``nexus_played`` finds its
        power at work in the battle just opened; the others stay set."""
        events: list[Event] = []
        for seat in state["seats"]:
            if _set_for(state, seat) != BATTLE:
                continue
            record = held(state, seat)
            assert record is not None
            use = NexusUse(state["factions"][seat][SET])
            effect = answers(record["value"], state).nexus_played(state, use, seat, None, rng)
            if effect is not None:
                del state["factions"][seat][SET]
                events += [*played(state, record, use), *effect]
        return events

    def shipment_paid(self, state: State, payer: str, payee: str | None, amount: int
                      ) -> list[Event]:
        """The first holder in storm order whose card is set for a shipment's payment
        (``PAYMENT``: the Guild card's Betrayal, 001 4.03.07.07) takes this one in full, from
        the Guild or the bank that it went to."""
        for seat in storm_order(state):
            if _set_for(state, seat) != PAYMENT:
                continue
            record = held(state, seat)
            assert record is not None
            taken = amount if payee is None else min(amount, state["factions"][payee]["spice"])
            if payee is not None:
                state["factions"][payee]["spice"] -= taken
            state["factions"][seat]["spice"] += taken
            use = NexusUse(state["factions"][seat].pop(SET))
            return [*played(state, record, use),
                    Event(EventCode.NEXUS_PAYMENT_TAKEN, {"faction": seat, "payer": payer,
                                                          "from": payee or "bank",
                                                          "spice": taken})]
        return []

    def sale_betrayed(self, state: State, seller: str, buyer: str, rng: random.Random
                      ) -> list[Event]:
        """The first holder in storm order whose card, the seller's, is set for a sale
        (``SALE``: the Richese card's Betrayal, 001 4.03.07.11) plays it on this one."""
        for seat in storm_order(state):
            record = held(state, seat)
            if record is not None and record["value"] == seller:
                found = cancels(state, seat, SALE, buyer, rng)
                if found:
                    return found
        return []

    def traitors_cancelled(self, state: State, plans: dict[str, dict[str, Any]],
                           traitors: dict[str, dict[str, str]], rng: random.Random
                           ) -> list[Event]:
        """A fighter whose card is set for a traitor called on it (``TRAITOR``: the Harkonnen
        card's Betrayal, 001 4.03.07.06) plays it where its opponent calls its leader traitor
        by a card the card's faction holds: that traitor cut, its faction's
        ``nexus_played`` saying what follows; the battle fought as if he were none."""
        events: list[Event] = []
        for seat, other in zip(plans, list(plans)[::-1], strict=True):
            record = held(state, seat)
            leader = matched(plans[seat])
            if (_set_for(state, seat) != TRAITOR or record is None or not plans[other]["call"]
                    or traitors[other].get(leader) != record["value"]):
                continue
            found = cancels(state, seat, TRAITOR, leader, rng)
            if found:
                del traitors[other][leader]
                events += found
        return events

    def devouring(self, state: State, territory: str, safe: set[str]
                  ) -> tuple[set[str], list[Event]]:
        """A holder whose card is set for a worm (``WORM``: the Fremen card's Secret Ally, 001
        4.03.07.05) and whose forces the worm would eat plays it: none of them lost."""
        spared: set[str] = set()
        events: list[Event] = []
        for seat in factions_in(state, territory):
            if seat in safe or _set_for(state, seat) != WORM:
                continue
            record = held(state, seat)
            assert record is not None
            spared.add(seat)
            events += played(state, record, NexusUse(state["factions"][seat].pop(SET)))
            events.append(Event(EventCode.NEXUS_WORM_SPARED, {"faction": seat,
                                                              "territory": territory}))
        return spared, events

    def worm_ridden_from(self, state: State, territory: str, rng: random.Random
                         ) -> tuple[list[str], list[Event]]:
        """The first holder in storm order whose card is set for a worm where no forces are
        (``EMPTY_WORM``: the Fremen card's Cunning, 001 4.03.07.05) plays it where its
        faction's ``nexus_played`` can, on the desert territory its line named: the worm is
        ridden from there after the Nexus."""
        for seat in storm_order(state):
            place = state["factions"][seat].get(SET_TARGET)
            found = cancels(state, seat, EMPTY_WORM, place, rng) if place else None
            if found:
                return [place], found
        return [], []

    def loser_keeps_one(self, state: State, loser: str) -> bool:
        """A loser whose card is set for a battle lost (``LOST_BATTLE``: the Moritani card's
        Secret Ally, 001 4.03.07.13) keeps one card it played (``battle_won`` plays it)."""
        return _set_for(state, loser) == LOST_BATTLE

    def battle_won(self, state: State, winner: str, loser: str,
                   plans: dict[str, dict[str, Any]], rng: random.Random) -> list[Event]:
        """The card set for a battle won played by the winner (``WON_BATTLE``: the CHOAM
        card's Secret Ally, 001 4.03.07.10), against the loser, where it can; the card set
        for a battle lost played, where the loser kept a card by it."""
        events = cancels(state, winner, WON_BATTLE, loser, rng) or []
        if _set_for(state, loser) != LOST_BATTLE:
            return events
        hand = {data(state).treachery_card(card).name for card in state["factions"][loser]["hand"]}
        plan = plans[loser]
        if not hand & {plan["weapon"], plan["defense"], plan["cheap_hero"]} - {None}:
            return events                   # nothing it played was kept: the card stays set
        record = held(state, loser)
        assert record is not None
        use = NexusUse(state["factions"][loser].pop(SET))
        return events + played(state, record, use)

    def acted(self, state: State, seat: str, act: Act) -> list[Event]:
        """4.03.02: a faction joining an alliance outside a Nexus (the Moritani's Enemy of My
        Enemy, 2.12.16, made as a token is entered: ``moves.arrived``) discards its card."""
        return discard(state, seat) if act is Act.ALLIED else []

    def violations(self, state: State) -> list[str]:
        """A faction holds one card at most, and no allied faction holds one (4.03.02)."""
        problems = []
        for seat in state["seats"]:
            count = sum(r["owner"] == seat for r in records(state))
            if count > 1:
                problems.append(f"nexus cards: {seat} holds {count}")
            if count and ally_of(state, seat):
                problems.append(f"nexus cards: {seat} holds one while allied (001 4.03.02)")
            if not count and SET in state["factions"][seat]:
                problems.append(f"nexus cards: {seat}'s card is set but not held")
        return problems + nexus_ghola.violations(state)


def _set_uses(state: State, rng: random.Random) -> list[Event]:
    """The cards set for a use at the end of this phase (``NexusPlay.at``) played now, where
    they can be; one that cannot stays set, its holder told."""
    events = []
    for seat in state["seats"]:
        own = state["factions"][seat]
        record = held(state, seat)
        if SET not in own or record is None:
            continue
        use = NexusUse(own[SET])
        faction = answers(record["value"], state)
        if faction.nexus_moment(use, own.get(SET_TARGET)) != state["phase"]:
            continue
        effect = faction.nexus_played(state, use, seat, own.get(SET_TARGET), rng)
        if effect is None:
            events.append(Event(EventCode.NEXUS_CARD_UNPLAYED, {}, to=(seat,)))
            continue
        events += [*played(state, record, use), *effect]
    return events


def cancels(state: State, seat: str, moment: str, target: str, rng: random.Random
            ) -> list[Event] | None:
    """``seat``'s card, set for ``moment`` (``NexusPlay.at``: a power used against it, a
    battle won), played then, on ``target`` (its leader, the loser), where its faction's
    ``nexus_played`` can: what follows; else None, the card staying set."""
    record = held(state, seat)
    if _set_for(state, seat) != moment or record is None:
        return None
    use = NexusUse(state["factions"][seat][SET])
    effect = answers(record["value"], state).nexus_played(state, use, seat, target, rng)
    return None if effect is None else [*played(state, record, use), *effect]


def owe_traitors(state: State, seat: str) -> None:
    """``seat`` draws a traitor card more at War Continues (001 4.03.07.06: after its traitor
    was cancelled)."""
    own = state["factions"][seat]
    own[REDRAW_TRAITORS] = own.get(REDRAW_TRAITORS, 0) + 1


def _redrawn(state: State, rng: random.Random) -> list[Event]:
    """At the end of the Mentat Pause (War Continues, 1.09.05) the traitors owed drawn (001
    4.03.07.06); the table learns how many, the drawer which."""
    if state["phase"] != "mentat_pause":
        return []
    events: list[Event] = []
    deck = state["decks"]["traitors"]
    for seat in state["seats"]:
        owed = state["factions"][seat].pop(REDRAW_TRAITORS, 0)
        drawn = [deck.pop() for _ in range(min(owed, len(deck)))]
        if drawn:
            state["factions"][seat]["traitors"] += drawn
            events += [Event(EventCode.NEXUS_TRAITOR_REDRAWN, {"faction": seat,
                                                               "count": len(drawn)}),
                       Event(EventCode.NEXUS_TRAITOR_REDRAWN_CARDS, {"drawn": drawn},
                             to=(seat,))]
    return events


def _set_for(state: State, seat: str) -> str | None:
    """When the use ``seat``'s card is set for is carried out (its ``NexusPlay.at``), if any."""
    own = state["factions"][seat]
    record = held(state, seat)
    if SET not in own or record is None:
        return None
    return answers(record["value"], state).nexus_moment(NexusUse(own[SET]), own.get(SET_TARGET))


def set_at(state: State, seat: str, moment: str) -> dict[str, Any] | None:
    """``seat``'s card, where it is set for ``moment`` (``NexusPlay.at``), for the faction
    module or the order that carries the moment out (the Richese card's Cunning, 001
    4.03.07.11; the Guild card's, .07)."""
    return held(state, seat) if _set_for(state, seat) == moment else None


def cross_shipped(state: State, seat: str) -> list[Event]:
    """``seat``'s card set for CROSS-SHIP played with the cross shipment it makes now (001
    4.03.07.07 B: its one "moment action", ruling: the shipment of its turn), public."""
    record = set_at(state, seat, CROSS_SHIP)
    return [] if record is None else played(state, record, NexusUse.NAMED)


def set_for(state: State, seat: str, use: NexusUse, phase: str, target: str | None = None
            ) -> list[Event]:
    """``seat``'s card set for ``use``, played at the end of ``phase`` (``_set_uses``) or at
    the moment named (``NexusPlay.at``); what its line named kept with it; its holder alone
    told."""
    state["factions"][seat][SET] = str(use)
    if target is not None:
        state["factions"][seat][SET_TARGET] = target
    return [Event(EventCode.NEXUS_CARD_SET, {"use": str(use), "phase": phase}, to=(seat,))]


def _lending_ends(state: State) -> list[Event]:
    """The powers lent until the end of this phase given back (``lend``); Duke Vidal, lent to
    the turn's end, set aside."""
    events: list[Event] = []
    for seat in state["seats"]:
        own = state["factions"][seat]
        for key in (LENT, WITHHELD):
            given = own.get(key)
            if given is None:
                continue
            for ability in [a for a, phase in given.items() if phase == state["phase"]]:
                del given[ability]
                events += duke_vidal.turn_over(state, seat) if ability == VIDAL else []
                if ability == TOP_CARD:
                    own.pop(PICK, None)
            if not given:
                del own[key]
    return events


def nexus_vidal(state: State, seat: str) -> list[Event]:
    """001 4.03.07.12, the Ecaz card's Cunning: Duke Vidal ``seat``'s to the end of the turn
    (the Mentat Pause), from wherever he is."""
    return [*duke_vidal.lent_for_the_turn(state, seat),
            *lend(state, seat, (VIDAL,), "mentat_pause", "Ecaz Nexus card", NexusUse.CUNNING,
                  "001 4.03.07.12", "Duke Vidal as one of their leaders")]


def _revealed_and_dealt(state: State, drawers: list[str], rng: random.Random
                        ) -> dict[str, dict[str, Any]]:
    """001 4.03.04, text B: "Reveal a Nexus Card for each Unallied player" drawing (the deck
    restocked from the discards as needed), then "shuffle the Revealed Nexus Cards and deal
    one from this deck face down to each": seat -> its card (the cards revealed are told by
    ``phase_ends``)."""
    cards = [record for record in (draw(state, seat, rng) for seat in drawers) if record]
    rng.shuffle(cards)
    for seat, record in zip(drawers, cards, strict=False):
        tokens.place(record, seat, tokens.BEHIND)
    return {record["owner"]: record for record in cards}


def _drawn(state: State, seat: str, rng: random.Random, redraw: bool,
           dealt: dict[str, Any] | None = None) -> list[Event]:
    record = dealt or (None if rules_of(state).nexus_cards_text_b else draw(state, seat, rng))
    if record is None:
        return []
    events = [Event(EventCode.NEXUS_CARD_DRAWN, {"faction": seat}),
              Event(EventCode.NEXUS_CARD_SEEN, {"card": card_name(state, record["value"])},
                    to=(seat,))]
    if redraw and record["value"] == seat:          # 4.03.05: one's own, discarded, redrawn
        events += discard(state, seat)
        again = draw(state, seat, rng)
        if again is not None:
            events.append(Event(EventCode.NEXUS_CARD_REVEALED, {
                "faction": seat, "card": card_name(state, again["value"])}))
    return events


def just_bought(state: State, seat: str) -> dict[str, Any] | None:
    """The card ``seat`` bought last in this round of the bidding, still in its hand, with the
    spice it paid of its own and to whom (``NexusCards.bought``); taken once (a round's
    purchases are forgotten once its plays are carried out: ``cards.nexus_cards.apply``)."""
    bought = state["step"].get(BOUGHT, {}).pop(seat, None)
    if bought is None or bought["card"] not in state["factions"][seat]["hand"]:
        return None
    return bought


def top_card(state: State, seat: str, rng: random.Random) -> list[Event]:
    """001 4.03.07.06 (B), TOP CARD: "you Draw an extra card for free from the Treachery Deck,
    even if your hand is full.  If you exceed your hand limit pick a card, then discard it"
    (the card drawn the buyer's alone, as the Harkonnen's free card is; ``over_the_limit``)."""
    card, events = draw_treachery(state, rng)
    if card is None:
        return events
    state["factions"][seat]["hand"].append(card)
    return [*events, Event(EventCode.NEXUS_TOP_CARD, {"faction": seat}),
            Event(EventCode.FREE_CARD, {"card": card}, to=(seat,)),
            *over_the_limit(state, seat, state["factions"][seat].get(PICK), card,
                            "4.03.07.06 (B)")]


def over_the_limit(state: State, seat: str, pick: str | None, drawn: str, section: str
                   ) -> list[Event]:
    """001 4.03.07.06, .08 (B): "If you exceed your hand limit pick a card, then discard it"
    (ruling, by mail: ``pick``, the card of its hand the holder's line named; else a worthless
    card of its hand; else the card just ``drawn``); public, as the discard pile is."""
    hand, events = state["factions"][seat]["hand"], []
    while len(hand) > hand_limit(state, seat):
        worthless = [c for c in hand if data(state).treachery_card(c).type is CardType.WORTHLESS]
        card = next(c for c in (pick, *worthless, drawn, hand[-1]) if c in hand)
        hand.remove(card)
        discard_card(state, seat, card)
        events.append(Event(EventCode.HAND_LIMIT_DISCARD, {"faction": seat, "card": card,
                                                          "rule": section, "picked": True}))
    return events


def withhold(state: State, seat: str, abilities: tuple[str, ...], phase: str, card: str,
             use: NexusUse, section: str, what: str) -> list[Event]:
    """``seat``'s own powers withheld by a Nexus card's Betrayal until the end of ``phase``
    (001 4.03.07: ``factions.has`` answers no for them; public)."""
    withheld = state["factions"][seat].setdefault(WITHHELD, {})
    withheld.update({str(ability): phase for ability in abilities})
    return [Event(EventCode.NEXUS_POWERS_WITHHELD, {
        "faction": seat, "powers": [str(a) for a in abilities], "until": phase, "card": card,
        "use": str(use), "section": section, "what": what})]


def lend(state: State, seat: str, abilities: tuple[str, ...], phase: str, card: str,
         use: NexusUse, section: str, what: str) -> list[Event]:
    """Another faction's powers lent to ``seat`` by a Nexus card played, until the end of
    ``phase`` (001 4.03.07: ``factions.has`` answers for them; public, as the card played is;
    ``what``: the powers in words, for the reports)."""
    lent = state["factions"][seat].setdefault(LENT, {})
    lent.update({str(ability): phase for ability in abilities})
    return [Event(EventCode.NEXUS_POWERS_LENT, {
        "faction": seat, "powers": [str(a) for a in abilities], "until": phase, "card": card,
        "use": str(use), "section": section, "what": what})]


def played(state: State, record: dict[str, Any], use: str) -> list[Event]:
    """A card played for ``use`` (4.03.06.01): to the discard pile face up, told to all."""
    seat = record["owner"]
    _discard(record)
    state["factions"][seat].pop(SET, None)      # a use set earlier is gone with the card
    state["factions"][seat].pop(SET_TARGET, None)
    return [Event(EventCode.NEXUS_CARD_PLAYED, {
        "faction": seat, "card": card_name(state, record["value"]), "use": str(use)})]


def nexus_revival(state: State, seat: str, number: int, card: str, use: NexusUse,
                  section: str) -> list[Event]:
    """Up to ``number`` of ``seat``'s forces from the tanks to its reserve, free and beyond the
    revival limits (001 4.03.07.04-05: a Nexus card's revival), its plain kind first."""
    own = state["factions"][seat]
    revived = first_of(state, seat, own["tanks"], number)
    take(own["tanks"], revived)
    add(own["reserve"], revived)
    return [Event(EventCode.NEXUS_FORCES_REVIVED, {"faction": seat, "forces": revived,
                                                   "card": card, "use": str(use),
                                                   "section": section})]
