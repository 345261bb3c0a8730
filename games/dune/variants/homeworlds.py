"""Homeworlds (001 4.10; the gf9 ruleset's option ``homeworlds``): each seated faction's
homeworld card, a place of the board layer lying off the planet (``layer.put_off_planet``,
touching no territory: "Homeworlds are not Territories", 4.10.11), whose numbers are data
(``data/homeworlds/board.yaml``, each cited).

- Reserves (4.10.01): a faction's reserves are its forces on its homeworld; where it has two
  (the Emperor's Kaitain and, in the advanced game, Salusa Secundus) each keeps the kinds its
  card names (the Sardaukar on Salusa Secundus), so revived forces go where their kind is kept
  (4.10.04, 4.10.12 "Salusa Secundus"), but for those the Emperor moved to the other
  (``homeworld_move``, ``board.homeworlds.reserves_on``).  Forces of other factions on it are on
  the board.
- Thresholds (4.10.12.01-03): a card is on its High side while its faction's forces on it are
  at least its ``high`` number, else on its Low side (``side``).  On the Low side a card with
  ``low_bonus`` gives one more free revival, past the revival limit (4.10.12.04:
  ``free_revival``), and one more spice from the bank with CHOAM Charity (4.10.12.05:
  ``acted``).  A Low penalty that takes a power of its faction's sheet away is data (the
  card's ``low_loses``), asked through ``board.homeworlds.lost`` by ``factions.holder`` and
  the faction's module; Giedi Prime's High bonus and the Southern Hemisphere's Occupied share
  of the collection are data too (``collected``), and so are the halved card and shipping
  payments of Kaitain, Salusa Secundus and Junction (``paid``), Ix's Suboids and the Southern
  Hemisphere's Fedaykin (``forces_revived``), Ecaz's spice for poison discarded
  (``phase_ends``) and the cards' other effects asked through ``board.homeworlds`` by the code
  that plays the power (``spared``, ``holds_back``, ``unspiced``, ``plain``, ``taker``,
  ``sharers``, ``advisors``, ``hand_bonus``...); a card's effect its faction decides is that
  faction's standing word, asked through this variant's hooks (``standing_prompts``:
  ``homeworld_words``, each card's own module, ``caladan``, ``kaitain``, ``homeworld_sends``,
  ``richese_pick``, ``homeworld_move``, ``junction``),
  never through the faction's, so a game without the option never asks them (issue 29); and
  CHOAM's ``choam_tupile`` and the Bene Gesserit's ``ADVISORS TWO``, asked in their modules.
  The effects not played yet are
  listed in docs/rules-coverage.md.
- Shipping (4.10.05-08): a faction ships forces of its reserves to another faction's homeworld
  at 1 spice a force, never at half price (4.10.07: ``stronghold_rate``, ``full_price``); never
  to its own (4.10.04: only revival adds to it) nor to its ally's (4.10.08); from the board to
  a homeworld only the faction with the Guild's own shipment (4.10.05: ``shut``).  The Bene
  Gesserit send no advisor to a homeworld nor turn advisors on one (4.10.10): their module's
  (``bene_gesserit_coexistence``), asking the board layer what lies off the planet.
- Battles (4.10.12.06-07): no traitor is called nor Face Dancer revealed on a homeworld but by
  its faction (4.10.02: ``traitors_barred``, ``board.homeworlds.barred``).  A faction
  fighting on its own homeworld brings its reserves there: they are on the board through the
  battle round (``phase_begins``, ``phase_ends``), it adds its card's BATTLE number to its
  dial (``at_reveal``), and a lasgun/shield explosion there sends only its card's ATOMIC LOSSES
  number of them to the tanks (``explosion_losses``).
- Occupation (4.10.12.08-09): a faction with forces on a non-native homeworld while none of
  its faction's are there is its occupier (``occupiers``), for the rest of the turn (the
  state's ``occupied``, kept from the phase it began until the turn's end); an occupier takes
  the card's occupier income from the bank in Spice Collection (``phase_ends``).  No faction
  may ally with its occupier (4.10.09: ``may_ally``).  Homeworlds are not strongholds: they
  count nothing for victory (4.10.11).

Rulings (docs/rules-coverage.md, "001 GF9 variants: homeworlds"): the Southern Hemisphere's
and Salusa Secundus's High sides from 2 (4.10.12.01 against the Low sides' printed "0-2");
the Guild keeps its shipment back to its reserves (4.10.05 names it the exception); the
Fremen's free arrival reaches no homeworld (4.10.11: not territories); an occupier is counted
at the end of each phase and when a battle round begins.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pbem.game import Event, Prompt

from ..board import layer
from ..board.homeworlds import (
    HIGH,
    MOVED,
    SEND,
    barred,
    home,
    invaders,
    is_homeworld,
    low_bonus,
    native,
    number,
    occupier_of,
    occupiers,
    of,
    off_planet,
    offer_to,
    placed,
    reserves_on,
    sends,
    sends_free,
    side,
)
from ..codes import EventCode
from ..data import Act, CardType, Place
from ..factions import duke_vidal
from ..forces import Counts, add, add_forces, count_in, kinds, remove_forces, take, total
from ..rules import rules_of
from ..state import State, ally_of, data, faction_name, occupants, sheet
from . import homeworld_words
from .base import Variant

CHARITY_BONUS = 1           # 001 4.10.12.05: "+1 CHOAM Charity", from the Spice Bank
REVIVAL_BONUS = 1           # 001 4.10.12.04: "+1 Free Revival"


def _leader_taker(game: State | dict[str, Any]) -> str | None:
    """The first occupier in seat order of a card whose occupier gains Duke Vidal (4.10.12
    "Ecaz"), if any."""
    return next((seats[0] for p in placed(game) if p.homeworld
                 and p.homeworld.occupier_takes_leader == duke_vidal.NAME
                 and (seats := occupiers(game, p))), None)


def _note_occupiers(state: State) -> list[Event]:
    """Keep this turn's occupiers (4.10.12.08); 4.10.12 "Ecaz" (Occupied): "Occupier or
    their ally gains Duke Vidal", the first occupier in seat order (ruling), to the turn's
    end."""
    events = []
    for place in placed(state):
        now = occupiers(state, place)
        if now:
            state.setdefault("occupied", {})[place.name] = now
            assert place.homeworld is not None
            if place.homeworld.occupier_takes_leader == duke_vidal.NAME:
                events += duke_vidal.take(state, now[0], duke_vidal.OCCUPIED, duke_vidal.OCCUPIED)
    return events


def _alliance_wins(state: State, place: Place, party: list[str]) -> bool:
    """4.10.12 "Ecaz" (High): "Your alliance can win by Co-Occupying at least one stronghold
    and occupying two other factions' homeworlds": its faction and an ally of theirs both in
    so many strongholds, the alliance's members occupiers (4.10.12.08) of so many homeworlds
    of factions outside it."""
    card, seat = place.homeworld, native(state, place)
    assert card is not None
    if not card.high_alliance_victory or seat not in party or len(party) < 2 or side(
            state, place) != HIGH:
        return False
    strongholds, homes = card.high_alliance_victory
    allies = set(ally_of(state, seat)) & set(party)
    shared = [s.name for s in data(state).board.strongholds
              if seat in (here := occupants(state, s.name)) and allies & set(here)]
    theirs = [p.name for p in placed(state) if native(state, p) not in party
              and set(occupiers(state, p)) & set(party)]
    return len(shared) >= strongholds and len(theirs) >= homes


def _sent(state: State, seat: str, forces: Counts) -> list[Event]:
    """4.10.12 "Southern Hemisphere" (High): the revived forces of the kinds its card names go
    at once to the territory of the seat's word (``SEND``), where it still has forces: to the
    sector where it has the most (the first in board order on a tie: ruling)."""
    territory = state["factions"][seat].get(SEND)
    moving = {k: n for k in sends(state, seat) if (n := forces.get(k, 0))} if territory else {}
    here = [(sum(by_faction[seat].values()), int(sector))
            for sector, by_faction in state["forces"].get(territory or "", {}).items()
            if sum(by_faction.get(seat, {}).values())]
    if not moving or not here:
        return []
    sector = min(here, key=lambda entry: (-entry[0], entry[1]))[1]
    take(state["factions"][seat]["reserve"], moving)
    add_forces(state, seat, territory, sector, moving)
    return [Event(EventCode.HOMEWORLD_SENT, {"faction": seat, "territory": territory,
                                             "forces": moving})]


MARK = "homeworld_discards"      # the discard pile's length as the phase began (the bounty)
# the poison weapons (3.01; 3.02: the Poison Blade, "both a projectile and poison"; the Tooth)
POISON = frozenset({CardType.POISON_WEAPON, CardType.POISON_BLADE, CardType.POISON_TOOTH})


def _mark_discards(state: State) -> None:
    """Note the discard pile as the phase begins, where a card pays for poison discarded."""
    if any(p.homeworld and p.homeworld.high_poison_bounty for p in placed(state)):
        state[MARK] = len(state["decks"]["treachery_discard"])


def _poison_bounty(state: State) -> list[Event]:
    """4.10.12 "Ecaz" (High): "Gain 3 spice (from Spice Bank) each time a poison weapon is
    discarded": the poison weapons discarded in the phase (``POISON``), paid
    as it ends (ruling: the card's side as the phase ends; a pile reshuffled meanwhile counted
    from its bottom)."""
    mark = state.pop(MARK, None)
    if mark is None:
        return []
    pile = state["decks"]["treachery_discard"]
    new = pile[mark:] if len(pile) >= mark else pile
    poison = [c for c in new if data(state).treachery_card(c).type in POISON]
    events = []
    for place in placed(state):
        card, seat = place.homeworld, native(state, place)
        assert card is not None
        if poison and card.high_poison_bounty and side(state, place) == HIGH:
            spice = card.high_poison_bounty * len(poison)
            state["factions"][seat]["spice"] += spice
            events.append(Event(EventCode.POISON_BOUNTY, {
                "faction": seat, "homeworld": place.name, "spice": spice,
                "cards": [data(state).treachery_card(c).name for c in poison]}))
    return events


def _occupier_halves(state: State, payee: str, amount: int, payment: str
                     ) -> list[Event] | None:
    """4.10.12 "Richese" (Occupied): the occupier "gains half (rounded down) of payment you
    receive" for a card of the cache (the card's ``occupier_halves``), whatever the side (ruling:
    the first occupier in seat order); None if no card of the payee's halves this payment."""
    place = next((p for p in placed(state) if native(state, p) == payee and p.homeworld
                  and p.homeworld.occupier_halves == payment), None)
    if place is None:
        return None
    taker, half = occupiers(state, place)[:1], amount // 2
    if not taker or not half:
        return []
    state["factions"][payee]["spice"] -= half
    state["factions"][taker[0]]["spice"] += half
    return [Event(EventCode.OCCUPIER_HALF, {"faction": taker[0], "from": payee,
                                            "homeworld": place.name, "paid": amount,
                                            "spice": half})]


def _sent_free(state: State, seat: str, forces: Counts, free: int,
               landings: Callable[[str], tuple[int, ...]]) -> list[Event]:
    """4.10.12 "Tleilax" (High): the forces of the free revival go at once, free, to the place
    of the seat's word (``SEND``), "subject to storm and occupancy rules": where a shipment of
    its reserves could land now, in the first such sector in board order (ruling)."""
    territory = state["factions"][seat].get(SEND)
    count = min(free, total(forces))
    if not territory or not count or not sends_free(state, seat):
        return []
    sectors = landings(territory)
    if not sectors:
        return []
    moving: Counts = {}
    for kind in sorted(kinds(state, seat), key=lambda k: -k.revival_cost):     # the free ones
        taken = min(forces.get(kind.name, 0), count - total(moving))
        if taken:
            moving[kind.name] = taken
    take(state["factions"][seat]["reserve"], moving)
    add_forces(state, seat, territory, sectors[0], moving)
    return [Event(EventCode.HOMEWORLD_SENT, {"faction": seat, "territory": territory,
                                             "forces": moving})]


# --- the variant
class Homeworlds(Variant):
    """001 4.10 (module docstring)."""

    option = "homeworlds"

    def dealt(self, state: State, rng: random.Random) -> None:
        """4.10.01: each seated faction's homeworld card on the board layer (Salusa Secundus
        in the advanced game only, 4.10.12 "Kaitain")."""
        owners = {sheet(seat, state).name for seat in state["seats"]}
        for place in data(state).board.places:
            card = place.homeworld
            if card and place.owner in owners and (
                    state["rules"]["advantages"] or not card.advanced):
                layer.put_off_planet(state, place.name)

    def free_revival(self, game: State | dict[str, Any], seat: str) -> int:
        """4.10.12.04: one more free revival on the Low side, past the revival limit."""
        return REVIVAL_BONUS if low_bonus(game, seat) else 0

    def acted(self, state: State, seat: str, act: Act) -> list[Event]:
        """4.10.12.05: one more spice with CHOAM Charity on the Low side, from the bank."""
        if act is not Act.CHARITY or not low_bonus(state, seat):
            return []
        state["factions"][seat]["spice"] += CHARITY_BONUS
        return [Event(EventCode.HOMEWORLD_CHARITY, {"faction": seat, "spice": CHARITY_BONUS})]

    def phase_begins(self, state: State) -> list[Event]:
        """4.10.12.06: a battle round opens with each faction's forces on its invaded homeworld
        on the board there, to fight for it."""
        events = _note_occupiers(state)
        _mark_discards(state)
        if state["phase"] != "battle":
            return events
        for place in placed(state):
            seat = native(state, place)
            if not invaders(state, place):
                continue
            here = reserves_on(state, place)
            if not here:
                continue
            # the reserves moved there are on the board now (ruling: back as the round ends,
            # each to the homeworld keeping its kind)
            state["factions"][seat].get(MOVED, {}).pop(place.name, None)
            take(state["factions"][seat]["reserve"], here)
            add_forces(state, seat, place.name, 0, here)
            events.append(Event(EventCode.HOMEWORLD_DEFENDED, {
                "faction": seat, "homeworld": place.name, "forces": here}))
        return events

    def turn_taken(self, state: State, seat: str, events: list[Event]) -> list[Event]:
        """4.10.12 "Salusa Secundus": the Emperor's move between their homeworlds, by their
        word (``homeworld_words``, ``homeworld_move``)."""
        return homeworld_words.turn_taken(state, seat, events)

    def standing_prompts(self, state: State, asked: list[Prompt]) -> list[Prompt]:
        """The cards' standing words (4.10.12: ``homeworld_words``)."""
        return homeworld_words.prompts(state, asked)

    def standing_keys(self, state: State, asked: list[str]) -> list[str]:
        return homeworld_words.keys(state, asked)

    def standing_decision(self, state: State, key: str, value: Any) -> list[Event]:
        return homeworld_words.decided(state, key, value)

    def phase_ends(self, state: State, rng: random.Random) -> list[Event]:
        """The forces of a faction on its own homeworld back among its reserves once the
        battle round is over; the occupiers counted; in Spice Collection each occupier's income
        (4.10.12.09); at the turn's end the occupations of the turn are over."""
        events: list[Event] = []
        events += homeworld_words.phase_ends(state)  # "Kaitain": before the poison's bounty
        if state["phase"] == "battle":
            for place in placed(state):
                seat = native(state, place)
                here = count_in(state, seat, place.name)
                if here:
                    remove_forces(state, seat, place.name, 0, here)
                    add(state["factions"][seat]["reserve"], here)
        events += _note_occupiers(state)
        events += _poison_bounty(state)
        if state["phase"] == "collection":
            for place in placed(state):
                assert place.homeworld is not None
                income = place.homeworld.occupier_income
                for seat in occupiers(state, place) if income else []:
                    state["factions"][seat]["spice"] += income
                    events.append(Event(EventCode.OCCUPIER_INCOME, {
                        "faction": seat, "homeworld": place.name, "spice": income}))
        if state["phase"] == rules_of(state).phases[-1]:      # the turn is over
            state.pop("occupied", None)
            if duke_vidal.place(state)["until"] == duke_vidal.OCCUPIED:
                events += duke_vidal.set_aside(state, duke_vidal.OCCUPIED)
        return events

    def collected(self, state: State, events: list[Event]) -> list[Event]:
        """4.10.12 "Giedi Prime" (High): 2 spice from the bank to its faction if it collected
        in the desert; "Southern Hemisphere" (Occupied): half (rounded down) of what its faction
        collected to the occupier (ruling: the occupiers in seat order, the first takes it)."""
        board = layer.board(state)
        took: dict[str, int] = {}
        desert: set[str] = set()
        for event in events:
            if event.code is EventCode.SPICE_COLLECTED:
                seat = event.data["faction"]
                took[seat] = took.get(seat, 0) + event.data["amount"]
                if board[event.data["territory"]].is_sand:
                    desert.add(seat)
        found = []
        for place in placed(state):
            card, seat = place.homeworld, native(state, place)
            assert card is not None
            if card.high_collection_bonus and seat in desert and side(state, place) == HIGH:
                state["factions"][seat]["spice"] += card.high_collection_bonus
                found.append(Event(EventCode.HOMEWORLD_SPICE, {
                    "faction": seat, "homeworld": place.name,
                    "spice": card.high_collection_bonus}))
            taker = occupiers(state, place)
            half = took.get(seat, 0) // 2
            if card.occupier_halves_collection and taker and half:
                state["factions"][seat]["spice"] -= half
                state["factions"][taker[0]]["spice"] += half
                found.append(Event(EventCode.OCCUPIER_SHARE, {
                    "faction": taker[0], "from": seat, "homeworld": place.name,
                    "spice": half}))
        return found

    def paid(self, state: State, payer: str, payee: str | None, amount: int, front: bool,
             payment: str) -> list[Event]:
        """4.10.12 "Kaitain", "Salusa Secundus", "Junction" (Low): the payee keeps half (rounded
        up) of a card or shipping payment, the rest to the bank; "Kaitain", "Junction"
        (Occupied): to the occupier (ruling: one of the faction's cards Low halves it once; the
        first occupier in seat order takes it); "Richese" (Occupied): the occupier takes half
        of a cache card's payment (``_occupier_halves``)."""
        if payee is None or front or not payment:
            return []
        halves = _occupier_halves(state, payee, amount, payment)
        if halves is not None:
            return halves
        low = [p for p in placed(state) if native(state, p) == payee and p.homeworld
               and p.homeworld.low_halves == payment and side(state, p) != HIGH]
        if not low:
            return []
        half = amount // 2
        taker = next((seats[0] for p in low if p.homeworld and p.homeworld.occupier_takes_half
                      and (seats := occupiers(state, p))), None)
        state["factions"][payee]["spice"] -= half
        if taker is not None:
            state["factions"][taker]["spice"] += half
        where = next((p for p in low if taker in occupiers(state, p)), low[0])
        return [Event(EventCode.PAYMENT_HALVED, {
            "faction": payee, "homeworld": where.name, "paid": amount, "spice": half,
            "to": taker or "bank"})] if half else []

    def forces_revived(self, state: State, seat: str, forces: Counts, free: int,
                       landings: Callable[[str], tuple[int, ...]]) -> list[Event]:
        """4.10.12 "Ix" (High): "When you pay to revive a Cyborg, you get 2 Suboids for free"
        (the card's ``high_paid_revival``: each force of the kind paid for, the free revival
        taken by the dearest first, brings that many of the other kind from the tanks to the
        reserves; ruling: past the revival limit, as many as the tanks hold)."""
        events = _sent(state, seat, forces) + _sent_free(state, seat, forces, free, landings)
        for place in of(state, seat):
            card = place.homeworld
            if card is None or not card.high_paid_revival or side(state, place) != HIGH:
                continue
            paid_kind, free_kind, each = card.high_paid_revival
            dearest = sorted(kinds(state, seat), key=lambda k: -k.revival_cost)
            left, paid = free, 0
            for kind in dearest:
                n = forces.get(kind.name, 0)
                if kind.name == paid_kind:
                    paid = max(0, n - left)
                left = max(0, left - n)
            bonus = {free_kind: min(each * paid,
                                    state["factions"][seat]["tanks"].get(free_kind, 0))}
            if bonus[free_kind]:
                take(state["factions"][seat]["tanks"], bonus)
                add(state["factions"][seat]["reserve"], bonus)
                events.append(Event(EventCode.HOMEWORLD_REVIVAL, {
                    "faction": seat, "homeworld": place.name, "forces": bonus}))
        return events

    def at_reveal(self, state: State, territory: str, plans: dict[str, dict[str, Any]]
                  ) -> None:
        """4.10.12.06: its faction adds the card's BATTLE number to its dial on its homeworld."""
        place = home(state, territory)
        if place is None or place.homeworld is None:
            return
        seat = native(state, place)
        if seat in plans:
            plans[seat]["dial_bonus"] = (plans[seat].get("dial_bonus", 0)
                                         + number(state, place, place.homeworld.battle))

    def battle_over(self, state: State, territory: str, winner: str | None,
                    plans: dict[str, dict[str, Any]], lost: dict[str, Counts],
                    rng: random.Random, dialed: Callable[[str], int]) -> list[Event]:
        """4.10.12 "Caladan" (High): the winner's force from the reserves, by its word."""
        return homeworld_words.battle_won(state, winner, territory) if winner else []

    def explosion_losses(self, state: State, territory: str, seat: str, counts: Counts
                         ) -> Counts:
        """4.10.12.07: a lasgun/shield explosion on its homeworld sends only the card's ATOMIC
        LOSSES number of its faction's forces to the tanks; the rest stay."""
        place = home(state, territory)
        if place is None or place.homeworld is None or seat != native(state, place):
            return counts
        most = number(state, place, place.homeworld.atomic_losses)
        lost: Counts = {}
        for name in [k.name for k in kinds(state, seat)]:
            taken = min(counts.get(name, 0), most - total(lost))
            if taken:
                lost[name] = taken
        return lost

    def traitors_barred(self, state: State, territory: str, seat: str) -> bool:
        """4.10.02 LOYAL NATIVES: "On Homeworlds Traitors ... cannot be called by a non-native
        faction"."""
        return barred(state, territory, seat)

    def stronghold_rate(self, game: State | dict[str, Any], seat: str, territory: str) -> bool:
        """4.10.07: "one spice per force" to a homeworld."""
        return is_homeworld(game, territory)

    def full_price(self, game: State | dict[str, Any], seat: str, territory: str) -> bool:
        """4.10.07: the Guild's half price does not reach a homeworld."""
        return is_homeworld(game, territory)

    def shut(self, game: State | dict[str, Any], seat: str, kind: str, guild: bool
             ) -> frozenset[str]:
        """The homeworlds a shipment of ``kind`` by ``seat`` may not land on: its own (4.10.04),
        its ally's (4.10.08), and from the board any, but for the Guild (4.10.05; ``guild``:
        the seat has the Guild's own shipment)."""
        allies = {s for alliance in game.get("alliances", []) if seat in alliance
                  for s in alliance if s != seat}
        return frozenset(p.name for p in placed(game)
                         if native(game, p) in allies | {seat}
                         or (kind == "cross" and not guild))

    def shipping_terms(self, state: State, seat: str) -> str:
        """4.10.06-07: the homeworlds the seat's reserves may be shipped to, and at what cost."""
        open_ = [p.name for p in placed(state) if p.name not in self.shut(state, seat, "reserve",
                                                                          False)]
        offer = next((native(state, p) for p in placed(state) if p.homeworld
                      and p.homeworld.high_offers_shipment and offer_to(state, seat)), None)
        offered = "" if offer is None else (
            f" The {faction_name(offer, state)} offer you their cross-planet shipment (001 "
            "4.10.12 \"Junction\"): SHIP n FROM a TO b, from a territory or another faction's "
            f"homeworld to another, at {offer_to(state, seat)} price, paid to them.")
        if not open_:
            return offered.strip()
        return (f"To another faction's homeworld ({', '.join(open_)}): 1 spice per force, "
                "never at half price (001 4.10.06-07)." + offered)

    def violations(self, state: State) -> list[str]:
        """Each seated faction's homeworlds on the board layer (4.10.01); a faction's forces on
        its own homeworld on the board only in the battle round (its reserves otherwise); only
        forces there, no spice; an occupier with forces there or there earlier this turn."""
        found = []
        owners = {sheet(seat, state).name for seat in state["seats"]}
        wanted = {p.name for p in data(state).board.places if p.homeworld
                  and p.owner in owners and (state["rules"]["advantages"]
                                             or not p.homeworld.advanced)}
        if set(off_planet(state)) != wanted:
            found.append(f"homeworlds: {sorted(off_planet(state))} on the board, "
                         f"not {sorted(wanted)}")
        for place in placed(state):
            seat = native(state, place)
            if state["phase"] != "battle" and count_in(state, seat, place.name):
                found.append(f"homeworlds: the {place.owner}' forces on {place.name} are on "
                             "the board outside the battle round")
            if state["spice"].get(place.name):
                found.append(f"homeworlds: spice on {place.name}")
        for name, seats in (state.get("occupied") or {}).items():
            if name not in off_planet(state) or not set(seats) <= set(state["seats"]):
                found.append(f"homeworlds: {name} occupied by {seats}")
        return found

    def revival_terms(self, game: State | dict[str, Any], seat: str, terms: Any) -> Any:
        """4.10.12 "Ecaz" (Occupied): the occupier "may revive him from the Tanks", at his
        price, "overriding Ecaz and Moritani's Duke Vidal advantage": nobody else may then."""
        taker = _leader_taker(game) if game.get("places") else None
        if taker is None:
            return terms
        others = tuple(o for o in terms.offers if o[0] != duke_vidal.NAME)
        mine = duke_vidal.offer(game, data(game).leader(duke_vidal.NAME)) if seat == taker else ()
        return replace(terms, offers=others + mine) if others + mine != terms.offers else terms

    def leader_back(self, state: State, seat: str, name: str) -> list[Event] | None:
        """4.10.12 "Ecaz" (Occupied): Duke Vidal revived by the occupier is theirs, to the
        turn's end."""
        if name != duke_vidal.NAME or seat != _leader_taker(state):
            return None
        return duke_vidal.back_to(state, seat, duke_vidal.OCCUPIED, "occupied-tanks")

    def victory_needs(self, state: State, party: list[str], needed: int | None) -> int | None:
        """4.10.12 "Ecaz" (High): the alliance's victory by homeworlds, whatever it holds."""
        return 0 if any(_alliance_wins(state, p, party) for p in placed(state)) else needed

    def may_ally(self, game: State | dict[str, Any], seat: str, other: str) -> bool:
        """4.10.09: "No player may enter into an alliance with their Occupier"."""
        return other not in occupier_of(game, seat) and seat not in occupier_of(game, other)
