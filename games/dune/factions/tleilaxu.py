"""The Tleilaxu (Bene Tleilax), of the Ixians & Tleilaxu expansion: their powers (001 2.08).

Basic (2.08.02-16): no traitors but three Face Dancers (``tleilaxu_face_dancers``), free
revival 2, unlimited revival of their own forces, half price for themselves and their ally,
the others' revival paid to them, a spice from the bank for each faction taking free revival or
playing a Tleilaxu Ghola, and Zoal (the leader ``opposing`` in ``data/gf9/leaders.yaml``).
Advanced (2.08.17): Gholas (``tleilaxu_gholas``).  Their Karama power (1.14.09) stops a
faction's revival (``tleilaxu_revival``, with their terms for the others' revival).

Rulings (docs/rules-coverage.md, "001 2.08"):

- UNLIMITED REVIVAL (2.08.09): no limit on their forces revived for spice, and as many leaders
  a turn (one ``REVIVE LEADER`` line each) as bring their Active Leaders to five, any of theirs
  in the tanks, face up or down (1.05.04 and 1.05.05 name 2.08.09 as their exception).
- HALF PRICE (2.08.10, 2.08.16): half the whole price of a revival, rounded up once (so 3
  forces at 2 each cost 3); their ally's always, by mail (2.08.16's "may" is taken as given).
- PAYMENT FOR REVIVALS (2.08.11): every spice another faction pays for its revival, its forces
  and its leaders, goes to them, an Emperor's support for his ally's forces too; not the
  spice of their own revival.
- SUBSIDIZED REVIVAL (2.08.13): a spice for each other faction whose revival used its free
  forces or a Tleilaxu Ghola; their own free revival earns nothing (it is "each faction"
  besides themselves, as Axlotl Tanks, 4.05.04, reads it).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from pbem.game import Event, Prompt

from .. import leaders
from ..board import homeworlds
from ..codes import EventCode
from ..data import Ability, NexusUse
from ..prompt_key import PromptKey
from ..state import State, ally_of, data
from ..variants.nexus_cards import FACE_DANCER, REVIVAL_TERMS, cancels, lend
from . import nexus_ghola
from . import tleilaxu_face_dancers as face_dancers
from . import tleilaxu_gholas as gholas
from . import tleilaxu_revival as terms_of
from .base import REVIVAL, TANKS_LEADER, BattleTools, Faction, NexusPlay, RevivalTerms, has

TLEILAXU = face_dancers.TLEILAXU
MENTAT_PAUSE = "mentat_pause"       # the GF9 round whose War Continues replaces (001 1.09.05)
REVIVAL_ROUND = "revival"


def _leader_revived_free(state: State, holder: str) -> list[Event] | None:
    """The strongest of ``holder``'s leaders in the tanks back in its leader pool, free (001
    4.03.07.09, the Tleilaxu card's Secret Ally)."""
    places = state["factions"][holder]["leaders"]
    strength = data(state).leader
    dead = leaders.in_tanks(places)
    if not dead:
        return None
    name = max(dead, key=lambda n: (places[n] == leaders.TANKS, strength(n).strength, n))
    places[name] = leaders.ALIVE
    return [Event(EventCode.NEXUS_LEADER_REVIVED, {"faction": holder, "leader": name})]


class Tleilaxu(Faction):
    """The Tleilaxu's hooks."""

    seat = TLEILAXU
    nexus_uses = {
        NexusUse.BETRAYAL: NexusPlay(
            "set now: the next Face Dancer the Tleilaxu reveal on your leader winning a battle "
            "cancelled: he stays revealed, your win and your forces there yours (001 "
            "4.03.07.09).", at=FACE_DANCER),
        NexusUse.CUNNING: NexusPlay(
            "your revealed Face Dancers set aside, as many drawn secretly in their place, then "
            "the set-aside ones shuffled into the traitor deck (001 4.03.07.09)."),
        NexusUse.SECRET_ALLY: NexusPlay(
            "the strongest of your leaders in the tanks revived free; played before the "
            "Revival phase, your revival limit this turn raised to 5 and your forces revived "
            "for spice at 1 spice each (001 4.03.07.09).",
            phases=("storm", "spice_blow", "charity", "bidding", REVIVAL_ROUND)),
        NexusUse.NAMED: NexusPlay(
            "GHOLAS: the leader your line names, any faction's face up in the tanks but the "
            "Auditor, one of your Active Leaders until War Continues, when he goes back to the "
            "tanks unless he died (001 4.03.07.09, text B).", TANKS_LEADER)}

    def nexus_targets(self, state: State, use: NexusUse, holder: str) -> list[str]:
        """GHOLAS names a leader face up in the tanks, any faction's, not the Auditor (001
        4.03.07.09 B)."""
        if use == NexusUse.NAMED:
            return sorted(gholas.candidates(state, None))
        return super().nexus_targets(state, use, holder)

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.09, Cunning: the revealed Face Dancers replaced by as many drawn, the
        revealed shuffled back into the traitor deck afterwards.  Secret Ally: "Revive one of
        your leaders for free and increase your revival limit to 5.  Forces revived by spice
        cost 1 spice each this Turn" (rulings: the strongest of its leaders in the tanks, face
        up before face down, as a card's revival, outside the rules of leader revival, at
        once, or after the holder's revival in the Revival phase; the limit and the price lent
        to the end of the Revival phase when played before it, as they must be in force when
        the revival orders are read: ``variants.nexus_cards.revival_terms``)."""
        if use == NexusUse.BETRAYAL:
            return self._face_dancer_cancelled(state, holder, target, rng)
        if use == NexusUse.NAMED:           # 001 4.03.07.09 (B): GHOLAS
            owner = gholas.candidates(state, None).get(target or "")
            return None if owner is None else nexus_ghola.take(state, holder, str(target),
                                                               owner)
        if use == NexusUse.SECRET_ALLY:
            revived = _leader_revived_free(state, holder) or []
            if state["phase"] != REVIVAL_ROUND:     # in force for the revival to come
                revived += lend(state, holder, (REVIVAL_TERMS,), REVIVAL_ROUND,
                                "Tleilaxu Nexus card", use, "001 4.03.07.09",
                                "a revival limit of 5 and forces revived at 1 spice each")
            return revived or None
        own = state["factions"][self.seat]
        revealed, deck = own["revealed"], state["decks"]["traitors"]
        if use != NexusUse.CUNNING or not revealed:
            return None
        drawn = [deck.pop() for _ in range(min(len(revealed), len(deck)))]
        own["face_dancers"] += drawn
        deck += revealed
        own["revealed"] = []
        rng.shuffle(deck)
        return [Event(EventCode.NEXUS_FACE_DANCERS_REPLACED, {"faction": self.seat,
                                                              "count": len(drawn)}),
                Event(EventCode.FACE_DANCERS, {"leaders": list(own["face_dancers"])},
                      to=(self.seat,))]

    def _face_dancer_cancelled(self, state: State, holder: str, leader: str | None,
                               rng: random.Random) -> list[Event] | None:
        """001 4.03.07.09, Betrayal: "Cancel a revealed Face Dancer.  It remains Revealed
        until Tleilaxu uses ability Resupply" (ruling: set when played, carried out as the
        Tleilaxu reveal a Face Dancer on ``holder``'s winning leader: nothing of 2.08.06
        follows, the leader, the win and the forces stay the holder's; he counts among the
        revealed, RESUPPLY, 2.08.07, coming when the last is)."""
        own = face_dancers.own(state)
        if leader not in own["face_dancers"]:
            return None
        own["face_dancers"].remove(leader)
        own["revealed"].append(leader)
        events = [Event(EventCode.NEXUS_FACE_DANCER_CANCELLED, {
            "faction": self.seat, "holder": holder, "leader": leader})]
        return events + (face_dancers.resupply(state, rng) if not own["face_dancers"] else [])

    precedence = {"before_plans": 3}     # their word on the reveal, after the Voice and question
    decision_kinds = frozenset({face_dancers.REPLACE, terms_of.TERMS})

    # --- hooks of set-up

    def own_sheet(self) -> dict[str, Any]:
        """Their Face Dancers, unrevealed and revealed, and their standing word on revealing
        them (every one, by default)."""
        return {"face_dancers": [], "revealed": [], "reveal": face_dancers.ALL}

    def after_traitors(self, state: State, rng: random.Random) -> list[Event]:
        """NO ONE IS SAFE (2.08.04): three Face Dancers drawn once the others hold their
        traitors."""
        if not has(state, self.seat, Ability.FACE_DANCERS):
            return []
        return face_dancers.draw(state, rng)

    # --- hooks of any phase

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """In the revival round, their terms and Karama (2.08.12, 2.08.14, 1.14.09); at War
        Continues, the replacement of a Face Dancer (2.08.08)."""
        found = None
        if phase == REVIVAL_ROUND:
            found = terms_of.decision(state)
        elif phase == MENTAT_PAUSE and has(state, self.seat, Ability.FACE_DANCERS):
            found = face_dancers.replacement(state)
        return [found] if found is not None else []

    def decide(self, state: State, phase: str, key: PromptKey, value: Any, rng: random.Random
               ) -> list[Event]:
        """The replacement carried out (None: they replace none); their terms kept for the
        round's end, their Karama played."""
        if key.kind == face_dancers.REPLACE:
            return face_dancers.replace(state, value, rng) if value else []
        if key.kind == terms_of.TERMS:
            return terms_of.decided(state, value)
        return super().decide(state, phase, key, value, rng)

    # --- hooks of payments and revival

    def receives(self, state: State, payment: str, payer: str) -> bool:
        """PAYMENT FOR REVIVALS (2.08.11): the others' revival is paid to them."""
        return (payment == REVIVAL and payer != self.seat
                and has(state, self.seat, Ability.REVIVAL_PAYMENTS))

    def revival_terms(self, state: State, seat: str, terms: RevivalTerms) -> RevivalTerms:
        """Their own revival: no limit of forces (2.08.09) and half price (2.08.10); their
        ally's at half price (2.08.16)."""
        if seat == self.seat:
            unlimited = has(state, seat, Ability.UNLIMITED_REVIVAL)
            room = max(0, gholas.ACTIVE_LEADERS - gholas.active(state))     # 2.08.09
            return replace(
                terms, forces=None if unlimited else terms.forces,
                half_price=terms.half_price or has(state, seat, Ability.HALF_PRICE_REVIVAL),
                leaders=room if unlimited else terms.leaders,
                any_leader=unlimited or terms.any_leader)
        forces, half = terms.forces, terms.half_price
        if seat in ally_of(state, self.seat) and has(state, self.seat,
                                                       Ability.ALLY_HALF_PRICE_REVIVAL):
            half = True
        if (forces is not None and seat in terms_of.raised(state)
                and has(state, self.seat, Ability.RAISE_REVIVAL_LIMIT)):
            forces = max(forces, terms_of.RAISED_LIMIT)             # 2.08.12
        offers = terms.offers
        if has(state, self.seat, Ability.LEADER_REVIVAL_PRICE):      # 2.08.14
            offers += tuple(terms_of.offers(state, seat, terms_of.dead_of(state, seat)).items())
        return replace(terms, forces=forces, half_price=half, offers=offers)

    def stops_revival(self, state: State, seat: str) -> bool:
        """Their Karama stops ``seat``'s standard revival this round (1.14.09)."""
        return terms_of.stopped(state, seat)

    def revival_over(self, state: State) -> list[Event]:
        """The terms given this round take effect (2.08.12, 2.08.14)."""
        return terms_of.round_over(state)

    def revived(self, state: State, seat: str, free: bool, card: bool) -> list[Event]:
        """SUBSIDIZED REVIVAL (2.08.13): a spice from the bank for another faction's free
        revival or Tleilaxu Ghola."""
        if seat == self.seat or not (free or card) or not has(state, self.seat,
                                                               Ability.REVIVAL_SUBSIDY):
            return []
        if homeworlds.lost(state, self.seat, Ability.REVIVAL_SUBSIDY):     # 001 4.10.12 Tleilax
            return []
        state["factions"][self.seat]["spice"] += 1
        return [Event(EventCode.REVIVAL_SUBSIDY, {"faction": self.seat, "from": seat,
                                                  "spice": 1})]

    # --- hooks of battle

    def before_plans_decision(self, state: State, battle: dict[str, Any]
                              ) -> tuple[Prompt, str] | None:
        """Their standing word on revealing Face Dancers, optional in every battle (2.08.06)."""
        if not has(state, self.seat, Ability.FACE_DANCERS):
            return None
        return face_dancers.decision(state, battle)

    def before_plans_key(self, state: State, battle: dict[str, Any]) -> str | None:
        return face_dancers.KEY if has(state, self.seat, Ability.FACE_DANCERS) else None

    def before_plans(self, state: State, orders: dict[str, Any], wanted: dict[str, list[str]],
                     tools: BattleTools) -> list[Event]:
        """Their word, if given in this battle's round, stands from now on."""
        face_dancers.given(state, orders)
        return []

    def captives(self, state: State) -> list[str]:
        """Their Gholas, their own leaders now (2.08.17)."""
        return sorted(gholas.held(state)) + super().captives(state)

    def captives_seen(self, view: dict[str, Any]) -> list[str]:
        return sorted(gholas.held(view)) + super().captives_seen(view)

    def captive_killed(self, state: State, name: str) -> str | None:
        """A Ghola killed goes to his faction's tanks (ruling, ``tleilaxu_gholas``)."""
        return (gholas.killed(state, name) if name in gholas.held(state)
                else super().captive_killed(state, name))

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """FACE DANCERS (2.08.06): the winner's leader revealed, if he is one they reveal."""
        leader = face_dancers.revealed_by(state, winner, plans)
        if (leader is None or winner is None
                or homeworlds.barred(state, territory, self.seat)      # 001 4.10.02
                or homeworlds.spared(state, self.seat, Ability.FACE_DANCERS, winner)):
            return []                                                   # 4.10.12 "Tleilax"
        cancelled = cancels(state, winner, FACE_DANCER, leader, rng)     # 001 4.03.07.09
        if cancelled is not None:
            return cancelled
        sectors = state["step"]["battle"]["sectors"]
        return face_dancers.reveal(state, winner, leader, territory, sectors, rng)

    # --- hooks of collection, alliances and victory

    def drop_out(self, state: State) -> list[Event]:
        """Their Face Dancers go back into the traitor deck (004 line 193: a faction's cards
        leave with it)."""
        own = state["factions"][self.seat]
        state["decks"]["traitors"] += own["face_dancers"] + own["revealed"]
        own["face_dancers"], own["revealed"] = [], []
        return gholas.release(state)

    # --- hooks of the invariants

    def violations(self, state: State) -> list[str]:
        """Their Face Dancers, unrevealed and revealed, are three at most, distinct, and out
        of the traitor deck (2.08.04, 2.08.07)."""
        own = state["factions"][self.seat]
        held = own["face_dancers"] + own["revealed"]
        found = []
        if len(held) > face_dancers.DRAWN or len(set(held)) < len(held):
            found.append(f"tleilaxu: Face Dancers {held}")
        if set(held) & set(state["decks"].get("traitors", [])):
            found.append(f"tleilaxu: Face Dancers {held} still in the traitor deck")
        return found + gholas.violations(state)

    # --- hooks of the views and reports

    def in_front(self, state: State) -> dict[str, Any]:
        """Their terms of revival for the others, public (2.08.12, 2.08.14)."""
        return terms_of.in_front(state)

    def behind_shield(self, state: State) -> dict[str, Any]:
        """Their Face Dancers (2.08.04: secret) and their word on revealing them; the
        revealed ones are public (``public``)."""
        own = state["factions"][self.seat]
        return {"face_dancers": list(own["face_dancers"]), "reveal": own["reveal"],
                "reveal_from": list(own.get("reveal_from", [face_dancers.RESERVE]))}


class TleilaxuGF9Version5(Tleilaxu):
    """The Tleilaxu as rules version 5 played them, before the revival round and War Continues
    asked a faction's decisions of its own (issue 29): no terms, Karama nor Face Dancer
    replacement is asked, so a game dealt then replays as it was played."""

    rulesets = ("gf9",)
    until = 5

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """None."""
        return []
