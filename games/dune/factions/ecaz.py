"""Ecaz, of the Ecaz & Moritani expansion: their powers (001 2.11), text A (the printed game).

Basic (2.11.02-25): their set-up (12 spice, six forces in the Imperial Basin, the Ambassador
supply), the Ambassadors placed after the revival round at a rising price and triggered when
another faction enters their stronghold, each Ambassador's effect (``ecaz_ambassadors``); the
trigger decided ahead by Ecaz's standing answers (``token_triggers``), part of their decision of
the revival round, whose order kind is here (``AMBASSADOR``, ``TRIGGER``, with the choices an
effect takes).  OCCUPY with their ally (2.11.18, 2.11.21-22, ``ecaz_occupy``): no losses for
sharing a territory, its spice split, a stronghold both hold theirs and counted once, three
shared strongholds a win.  REVIVAL (2.11.23-24, ``ecaz_vidal_revival``): Duke Vidal for 5
(``duke_vidal``), their own leaders with five in the tanks.  Advanced: LOYALTY (2.11.26), a
leader of theirs set aside before the traitors; COLLECTION (2.11.27) follows from OCCUPY (each
occupant collects a stronghold's spice).  BATTLING CO-OCCUPIED (2.11.19-20,
``ecaz_cooccupied``): one battle beside their ally, half their forces added to its dial.  Their
own Ambassador's alliance with the mover (2.11.17.12): Ecaz's choice and the mover's consent
given ahead (``ecaz_alliance``).  Who fights a co-occupied battle (2.11.19): their standing
choice, ``FIGHTER ALLY`` or ``FIGHTER ECAZ``, their ally's forces dialed either way.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from pbem.game import Event, Prompt

from .. import token_triggers as triggers
from .. import tokens
from ..codes import ErrorCode, EventCode
from ..data import Ability, NameLookupError, NexusUse
from ..forces import Counts, add, count_in, forces_at, remove_forces
from ..forces import kind as force_kind
from ..orders.language import (
    OrderKind,
    OrderProblem,
    order_kind,
    read_factions,
    read_territory,
)
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, ally_of, data, occupants, sheet
from ..variants.nexus_cards import BEFORE_SHIPMENT, CO_OCCUPIED, lend, nexus_vidal
from . import bene_gesserit_voice as voice
from . import duke_vidal
from . import ecaz_alliance as alliance
from . import ecaz_ambassadors as ambassadors
from . import ecaz_cooccupied as cooccupied
from . import ecaz_embassy as embassy
from . import ecaz_karama as karama
from . import ecaz_occupy as occupy
from . import ecaz_questions as questions
from . import ecaz_vidal_revival as vidal_revival
from .base import FACTION, TERRITORY, BattleTools, Faction, NexusPlay, RevivalTerms, has

ECAZ = "ecaz"


class Ecaz(Faction):
    """Ecaz's hooks."""

    seat = ECAZ
    decision_kinds = frozenset({ambassadors.KIND, karama.KIND})
    nexus_uses = {
        NexusUse.SECRET_ALLY: NexusPlay(
            "the faction you name announce to all whether it holds any of your leaders as "
            "traitors, not which (001 4.03.07.12).", FACTION),
        NexusUse.BETRAYAL: NexusPlay(
            "Ecaz's ally sends its forces in the territory you name, where Ecaz have forces "
            "too, to its reserves (001 4.03.07.12).", TERRITORY,
            ("storm", "spice_blow", "charity", "bidding", "revival")),
        # Cunning: ``duke_vidal.lent_for_the_turn``, set aside at the turn's end
        # (``variants.nexus_cards``: the lent ``VIDAL``)
        NexusUse.CUNNING: NexusPlay(
            "Duke Vidal one of your Active Leaders to the end of this turn, from wherever he "
            "is, then set aside (001 4.03.07.12)."),
        NexusUse.NAMED: NexusPlay(
            "CO-OCCUPIED: in the territory you name you ignore the occupancy limits through "
            "this turn's Shipment and Movement, and in its Battle phase your battles there wait "
            "until no others are left there, you defending (001 4.03.07.12, text B).",
            TERRITORY, (*BEFORE_SHIPMENT, "movement"))}

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.12, Betrayal: "any time before Shipment and Movement", the Ecaz ally's
        forces in one territory Ecaz share with it sent to its reserves; Secret Ally: the
        faction named says publicly whether it holds a traitor card of one of the holder's
        leaders.  CO-OCCUPIED (text B): "you ignore Occupancy limits in the selected territory
        this phase ... you can not battle in this TERRITORY until there are no other Forces to
        chose from" (rulings: played in Shipment and Movement or a round before it, as the
        uses for one's shipment, since a play is carried out after its round's orders; lent
        to the end of the turn's Battle phase, ``variants.co_occupier``: the limits by
        ``board.reach``, the battles by ``phases.battle.all_options``)."""
        if use == NexusUse.BETRAYAL:
            return self._sent_home(state, target)
        if use == NexusUse.CUNNING:
            return nexus_vidal(state, holder)
        if use == NexusUse.NAMED:           # 001 4.03.07.12 (B): CO-OCCUPIED
            return None if target is None else lend(
                state, holder, (CO_OCCUPIED + target,), "battle", "Ecaz Nexus card", use,
                "001 4.03.07.12 (B)", f"the occupancy limits of {target} ignored, and their "
                "battles there last")
        if use != NexusUse.SECRET_ALLY or target is None or target not in state["factions"]:
            return None
        mine = sheet(holder, state).name
        holds = any(data(state).leader(name).faction == mine
                    for name in state["factions"][target]["traitors"])
        return [Event(EventCode.NEXUS_TRAITORS_ASKED, {"faction": holder, "asked": target,
                                                       "holds": holds})]

    def nexus_targets(self, state: State, use: NexusUse, holder: str) -> list[str]:
        """Betrayal: the territories where Ecaz and their ally both have forces.  CO-OCCUPIED:
        the strongholds two other factions occupy (public)."""
        if use == NexusUse.NAMED:
            return [t.name for t in data(state).board.strongholds
                    if len(set(occupants(state, t.name)) - {holder}) >= 2]
        allies = ally_of(state, self.seat)
        if use != NexusUse.BETRAYAL or not allies:
            return super().nexus_targets(state, use, holder)
        return [t for t in sorted(state["forces"])
                if count_in(state, self.seat, t) and count_in(state, allies[0], t)]

    def _sent_home(self, state: State, territory: str | None) -> list[Event] | None:
        allies = ally_of(state, self.seat)
        if territory is None or not allies or not count_in(state, self.seat, territory):
            return None
        ally = allies[0]
        sent: Counts = {}
        for sector, by_faction in list(forces_at(state, territory).items()):
            here = dict(by_faction.get(ally, {}))
            if here:
                remove_forces(state, ally, territory, int(sector), here)
                add(sent, here)
        if not sent:
            return None
        add(state["factions"][ally]["reserve"], sent)
        return [Event(EventCode.NEXUS_SENT_HOME, {"faction": ally, "territory": territory,
                                                  "forces": sent})]

    # --- their own decisions

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """In the revival round: the Ambassadors they place once it is over (2.11.06-07) and
        their standing answers to the Ambassadors' triggers (2.11.08), optional; text B, as the
        movement round starts, their Karama power (1.14.12 B, optional)."""
        if phase == karama.PHASE:
            return [karama.prompt(state, self.seat)] if karama.due(state, self.seat) else []
        if phase != ambassadors.ROUND:
            return []
        if has(state, self.seat, Ability.AMBASSADOR_FORCES):     # text B (2.11.08 B)
            found = embassy.decision(state, self.seat)
            return [found] if found is not None else []
        standing = triggers.in_words(state, ambassadors.kind_of(state), self.seat,
                                     PARAMETERS)
        found = ambassadors.decision(state, self.seat, standing)
        return [found] if found is not None else []

    def decide(self, state: State, phase: str, key: PromptKey, value: Any, rng: random.Random
               ) -> list[Event]:
        """Their standing answers kept at once (theirs alone: no event), their placements for
        the round's end; their Karama power carried out before any turn (1.14.12 B)."""
        if key.kind == karama.KIND:
            events = karama.decided(state, self.seat, value)
            embassy.settle(state, self.seat)
            return events
        assert key.kind == ambassadors.KIND, key
        if value.get("trigger"):
            triggers.answered(state, self.seat, value["trigger"])
        if value.get("fighter"):            # 2.11.19: who fights their co-occupied battles
            state["factions"][self.seat]["fighter"] = value["fighter"]
        if value.get("face_down"):          # 2.11.08 B: for the round's end
            state["step"]["face_down"] = list(value["face_down"])
        if "hostile" in value:              # 2.11.12 B: their standing answer
            state["factions"][self.seat]["hostile"] = list(value["hostile"])
        if "alliance" in value:             # 2.11.17.12 B: their standing offer
            state["factions"][self.seat]["offers_alliance"] = value["alliance"]
        if "worm_to" in value:              # 2.11.17.05 B: their standing answer
            state["factions"][self.seat]["worm_to"] = value["worm_to"]
        return ambassadors.decided(state, value)

    # --- the others' standing decisions

    def standing_prompts(self, state: State, asked: list[Prompt]) -> list[Prompt]:
        """2.11.17.12: every other faction's consent to their Ambassador's alliance, riding on
        its mail rounds of the movement round (``ecaz_alliance``)."""
        return [alliance.prompt(state, seat) for seat in self._consenting(state, {
            p.seat for p in asked})]

    def standing_keys(self, state: State, asked: list[str]) -> list[str]:
        return [alliance.key(seat) for seat in self._consenting(state, {
            PromptKey.parse(k).seat for k in asked})]

    def standing_decision(self, state: State, key: str, value: Any) -> list[Event]:
        return alliance.consented(state, PromptKey.parse(key).seat, value)

    def _consenting(self, state: State, seats: set[str]) -> list[str]:
        if state["phase"] != alliance.PHASE or not (embassy.own_up(state, self.seat) or (
                has(state, self.seat, Ability.AMBASSADORS)
                and any(t["kind"] == ambassadors.TOKEN and t["value"] == ambassadors.OWN
                        and t["at"] == tokens.BOARD for t in tokens.of(state)))):
            return []           # 2.11.17.12 (A and B): their own Ambassador on the board
        return [s for s in state["seats"] if s in seats
                and alliance.eligible(state, self.seat, s)]

    # --- hooks of set-up

    def own_sheet(self) -> dict[str, Any]:
        """Their standing answers (none: every Ambassador triggers), the Ambassadors drawn
        into their supply and those of them triggered since (2.11.09)."""
        return {"triggers": {}, "trigger_with": {}, "drawn": [], "triggered": [], "removed": [],
                "fighter": cooccupied.ALLY}

    def traitors_set_aside(self, state: State, pool: list[str], rng: random.Random
                           ) -> list[str]:
        """LOYALTY (2.11.26, advanced): a traitor card of theirs at random set aside face up
        for all to see, never in the traitor deck."""
        if not has(state, self.seat, Ability.LOYALTY):
            return []
        own = sorted(leader.name for leader in data(state).leaders_of(
            sheet(self.seat, state).name, rules_of(state).advantages) if leader.name in pool)
        if not own:
            return []
        state["factions"][self.seat]["loyal"] = rng.choice(own)
        return [state["factions"][self.seat]["loyal"]]

    def in_front(self, state: State) -> dict[str, Any]:
        """LOYALTY (2.11.26): the leader set aside, public; text B: where they are
        co-occupied and which Ambassadors lie face down (2.11.07-08 B), public."""
        loyal = state["factions"][self.seat].get("loyal")
        shown = {"loyal": loyal} if loyal else {}
        if has(state, self.seat, Ability.AMBASSADOR_FORCES):
            shown |= {"cooccupied": embassy.cooccupied(state, self.seat),
                      "face_down": embassy.face_down(state, self.seat)}
            if karama.designated(state, self.seat):     # 1.14.12 B: played openly
                shown[karama.TERRITORY] = karama.designated(state, self.seat)
            taken = state["factions"][self.seat].get(embassy.TANKS_LEADER)
            if taken:                   # 2.11.17.09 B: from the tanks, public
                shown[embassy.TANKS_LEADER] = list(taken)
        return shown

    def coexisting_in_view(self, view: dict[str, Any]) -> list[str]:
        """Text B: their co-occupied territories (2.11.07 B), as the public view shows them."""
        return list(view["factions"][self.seat].get("cooccupied", []))

    def after_traitors(self, state: State, rng: random.Random) -> list[Event]:
        """2.11.04: the supply, their own Ambassador and five drawn at random (text A); text
        B: one Ambassador face up with their starting forces (``embassy.set_up``)."""
        return ambassadors.draw_supply(state, self.seat, rng) + embassy.set_up(state, self.seat)

    # --- hooks of revival

    def revival_terms(self, state: State, seat: str, terms: RevivalTerms) -> RevivalTerms:
        """REVIVAL (2.11.23-24, A): Duke Vidal revived for 5 whatever their leaders, and their
        own leaders revived normally once five are in the tanks, Duke Vidal counted
        (``vidal_revival``)."""
        if seat != self.seat or not has(state, seat, Ability.VIDAL_REVIVAL):
            return terms
        return replace(terms, offers=terms.offers + vidal_revival.offers(state, seat))

    def leader_back(self, state: State, name: str) -> list[Event]:
        """2.11.23: Duke Vidal revived is set aside."""
        assert name == duke_vidal.NAME, name
        return duke_vidal.revived(state)

    def revival_over(self, state: State) -> list[Event]:
        """AMBASSADORS (2.11.06-07): those they chose placed, the price rising; text B: those
        they chose turned face down (2.11.08 B)."""
        return ambassadors.place_chosen(state, self.seat) + embassy.turned(state, self.seat)

    # --- hooks of movement and collection
    def arrived(self, state: State, mover: str, territory: str, wish: bool | None, count: int,
                source: str | None) -> list[Event]:
        """Text B: their standing hostility (2.11.12 B), the Bene Gesserit Ambassador's force
        (2.11.17.03 B), co-occupation following every arrival and departure (2.11.07 B,
        2.11.13 B)."""
        return embassy.arrived(state, self.seat, mover, territory, source)

    def leaving_problem(self, state: State, mover: str, territory: str,
                        forces: dict[str, int]) -> str | None:
        """Text B: Clean Withdraw (2.11.11 B)."""
        if mover != self.seat:
            return None
        return embassy.leaving_problem(state, self.seat, territory, forces)

    def movement(self, state: State, base: int, forces: dict[str, int] | None,
                 territory: str | None = None) -> int:
        """Text B: the Ixian Ambassador's territory, two territories (2.11.17.08 B)."""
        return embassy.movement(state, self.seat, base, territory)

    def exposed(self, state: State, places: dict[str, list[int]], why: str) -> list[Event]:
        """Text B: a worm in the Fremen Ambassador's territory, their forces there moved where
        their standing answer says (2.11.17.05 B)."""
        return embassy.worm_moved(state, self.seat, places) if why == "worm" else []

    def kinds_as_normal(self, game: Any) -> frozenset[str]:
        """Text B: their face-down Ambassadors are normal forces (2.11.08 B), the Emperor's
        not worth two (2.11.17.04 B)."""
        return frozenset(embassy.face_down(game, self.seat))

    def shipped_count(self, state: State, forces: dict[str, int], kind: str = "reserve",
                      destination: str | None = None) -> int:
        """Text B: three forces shipped from the reserve to the Richese Ambassador paid as one
        (2.11.17.11 B)."""
        return embassy.shipped_count(state, self.seat, forces, kind, destination)

    def worm_spared(self, state: State, territory: str) -> list[str]:
        """Text B: the Fremen Ambassador's territory spared by the worm (2.11.17.05 B)."""
        return embassy.worm_spared(state, self.seat, territory)

    def turn_taken(self, state: State, seat: str) -> list[Event]:
        """Text B: their shipment and movement over, the face-up Ambassadors beyond one in a
        territory back to their reserve (2.11.14 B)."""
        if seat != self.seat:
            return []
        return embassy.extras(state, self.seat)

    def phase_ends(self, state: State) -> list[Event]:
        """Text B: co-occupation settled (the storm, the worms), the extras sent back
        (2.11.07 B, 2.11.13-14 B); at the Mentat Pause, Duke Vidal lent to their new ally for
        the turn set aside (2.11.17.12 B)."""
        events = embassy.extras(state, self.seat)
        if state["phase"] == "mentat_pause":
            karama.turn_over(state, self.seat)          # 1.14.12 B: "the rest of the Turn"
            events += embassy.turn_over(state, self.seat)
            embassy.settle(state, self.seat)
        return events

    def before_battles(self, state: State) -> list[Event]:
        """Text B: co-occupation settled before the battles are found (2.11.07 B)."""
        embassy.settle(state, self.seat)
        return []

    def after_losses(self, state: State, territory: str, sectors: list[int],
                     taken: dict[str, dict[str, int]]) -> list[Event]:
        """Text B: co-occupation settled once a battle's forces are lost (2.11.13 B)."""
        embassy.settle(state, self.seat)
        return []


    def occupies_with_ally(self, state: State, seat: str, ally: str) -> bool:
        """OCCUPY (2.11.18): they and their ally end their movement in one territory, neither
        going to the tanks."""
        return occupy.together(state, self.seat, seat, ally)

    def collection_split(self, state: State, could: dict[str, int], spice: int
                         ) -> dict[str, int] | None:
        """OCCUPY (2.11.18): a territory's spice they and their ally collect, split evenly, the
        odd spice to the ally."""
        return occupy.split(state, self.seat, could, spice)

    # --- hooks of victory

    def controls_shared(self, state: State, present: list[str]) -> str | None:
        """2.11.21: a stronghold they and their ally occupy is theirs alone, counted once."""
        return occupy.controller(state, self.seat, present)

    def violations(self, state: State) -> list[str]:
        """Text B: their Karama's territory kept to the turn's end (1.14.12 B)."""
        return karama.violations(state, self.seat)

    def shares_control(self, state: State, territory: str, holders: list[str]) -> list[str]:
        """1.14.12 B: the territory their Karama designated counts for them beside its
        holders, where they co-occupy it."""
        return karama.shares_control(state, self.seat, territory, holders)

    def victory_needs(self, state: State, party: list[str], needed: int | None) -> int | None:
        """2.11.22: three strongholds they and their ally both occupy win."""
        return occupy.needs(state, self.seat, party, needed)

    # --- hooks of battle

    def fights_beside(self, state: State, here: list[str], seat: str, other: str) -> bool:
        """BATTLING CO-OCCUPIED (2.11.19): beside their ally, no battle of their own."""
        return cooccupied.beside(state, self.seat, here, seat, other)

    def dials_for(self, game: Any, seat: str, battle: dict[str, Any]) -> str | None:
        """2.11.20: fighting a co-occupied battle themselves, their ally's forces dialed."""
        return cooccupied.dials_for(game, self.seat, seat, battle)

    def battle_opened(self, state: State) -> list[Event]:
        """Text B: the Moritani Ambassador in their battle gives them Duke Vidal (2.11.17.13
        B), the Tleilaxu Ambassador a leader from the tanks (2.11.17.09 B)."""
        return embassy.battle_opened(state, self.seat)

    def cross_from(self, state: State) -> tuple[str, int] | None:
        """Text B: their face-up Spacing Guild Ambassador ships from the board (2.11.17.07
        B)."""
        return embassy.cross_from(state, self.seat)

    def cross_problem(self, state: State, source: str, sector: int, forces: dict[str, int]
                      ) -> str | None:
        return embassy.cross_problem(state, self.seat, source, sector, forces)

    def shipping_terms(self, state: State, shipper: str) -> str:
        """Text B: the Spacing Guild Ambassador's shipment from the board (2.11.17.07 B)."""
        if shipper != self.seat or not embassy.cross_from(state, self.seat):
            return ""
        return ("You may instead ship your Spacing Guild Ambassador and any of your forces "
                "with it to another territory (SHIP SG n FROM a TO b) at the rates from the "
                "reserve (001 2.11.17.07 B).")

    def before_plans_decision(self, state: State, battle: dict[str, Any]
                              ) -> tuple[Prompt, str] | None:
        """Text B: their question with the Atreides or Harkonnen Ambassador in the battle
        (2.11.17.02 B, 2.11.17.06 B)."""
        return questions.decision(state, self.seat, battle)

    def before_plans_key(self, state: State, battle: dict[str, Any]) -> str | None:
        return questions.key(state, self.seat, battle)

    def before_plans(self, state: State, orders: dict[str, Any], wanted: dict[str, list[str]],
                     tools: BattleTools) -> list[Event]:
        """Their question put, published."""
        return questions.asked(state, self.seat, orders)

    def after_plans(self, state: State, wanted: dict[str, list[str]], replan: set[str],
                    tools: BattleTools) -> list[Event]:
        """The answer to them and the opponent; they plan again knowing it."""
        return questions.answered(state, self.seat, replan, lambda kind: voice.counted(
            kind, None, rules_of(state)))

    def captives(self, state: State) -> list[str]:
        """Text B: the leader the Tleilaxu Ambassador took from the tanks (2.11.17.09 B)."""
        return embassy.tanks_leader(state, self.seat) + super().captives(state)

    def captives_seen(self, view: dict[str, Any]) -> list[str]:
        return embassy.tanks_leader(view, self.seat) + super().captives_seen(view)

    def captive_killed(self, state: State, name: str) -> str | None:
        """2.11.17.09 B: the leader taken from the tanks killed, his owner's, in the tanks."""
        return (embassy.tanks_leader_killed(state, self.seat, name)
                or super().captive_killed(state, name))

    def partner_strength(self, state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
        """2.11.20: half their forces beside their ally, rounded up, added to its dial; text B:
        none where they are co-occupied by an Ambassador (2.11.20 B)."""
        return cooccupied.support(state, self.seat, plans, embassy.cooccupied(
            state, self.seat) if has(state, self.seat, Ability.AMBASSADOR_FORCES) else [])

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """2.11.20: their forces beside their ally, half of them left if it won, else none;
        2.11.17.12: Duke Vidal, given by their Ambassador until used in a battle, set aside
        once he has fought one."""
        return (cooccupied.resolved(state, self.seat, winner, plans)
                + duke_vidal.fought(state, plans)
                + embassy.tanks_leader_back(state, self.seat))     # 2.11.17.09 B

    # --- the token layer

    def swept(self, state: State, places: dict[str, list[int]], why: str) -> list[Event]:
        """2.11.10: their Ambassadors the storm or an explosion reaches back to the supply."""
        return ambassadors.swept(state, self.seat, places, why)

    def token_entered(self, state: State, token: dict[str, Any], mover: str, advisors: bool
                      ) -> list[Event]:
        """2.11.08: another faction entered a stronghold with one of their Ambassadors; their
        standing answers say whether they trigger it."""
        if not triggers.wanted(state, self.seat, token["value"], mover):
            return []
        return ambassadors.entered(state, self.seat, token, mover, advisors)


# --- their choices in their standing answers (``token_triggers.Parameters``), 2.11.17
def _read_choices(game: Any, value: str, words: list[str]) -> dict[str, Any]:
    """``AS <token>`` (the Bene Gesserit's), ``TO <territory> [FROM <territory>]`` (the
    Fremen's, the Guild's: TO only), ``DISCARD <card>, ... | ALL`` (the Ixians', CHOAM's),
    ``ALLIANCE`` (their own: the mover's alliance first, 2.11.17.12)."""
    if [w.upper() for w in words[-2:]] == ["FOR", "ALLY"]:     # 2.11.25
        return {**(_read_choices(game, value, words[:-2]) if words[:-2] else {}), "ally": True}
    verb, rest = words[0].upper(), words[1:]
    allowed = CHOICES.get(value, ())
    if verb not in allowed:
        name = ambassadors.kind_of(game).token(value).name
        raise OrderProblem(ErrorCode.BAD_TRIGGER, f"the {name} takes "
                           + (" or ".join(allowed) or "no choice"), EXAMPLES)
    if verb == "ALLIANCE":
        if rest:
            raise OrderProblem(ErrorCode.BAD_TRIGGER, "ALLIANCE takes nothing after it",
                               EXAMPLES)
        return {"alliance": True}
    if verb == "AS":
        found = triggers.read(game, ambassadors.kind_of(game), ambassadors.OWN, [*rest, "ALL"])[0]
        if found in (ambassadors.OWN, ambassadors.BENE_GESSERIT):
            raise OrderProblem(ErrorCode.BAD_TRIGGER, "the Bene Gesserit Ambassador takes "
                               "another's effect, not its own nor Ecaz's", EXAMPLES)
        return {"as": found}
    if verb == "DISCARD":
        if [w.upper() for w in rest] == ["ALL"]:
            return {"discard": [ambassadors.EVERY]}
        names = _card_names(game, [w.strip(",") for w in rest if w.upper() not in ("AND", ",")])
        if not names:
            raise OrderProblem(ErrorCode.BAD_TRIGGER, "DISCARD names cards", EXAMPLES)
        return {"discard": names}
    upper = [w.upper() for w in rest]
    split = upper.index("FROM") if "FROM" in upper and value == "fremen" else len(rest)
    territories = [t.name for t in data(game).board.territories]   # no place of a layer
    found = {"to": read_territory(game, rest[:split], territories)[0].name}
    if split < len(rest):
        found["from"] = read_territory(game, rest[split + 1:], territories)[0].name
    return found


def _card_names(game: Any, words: list[str]) -> list[str]:
    """Card names one after another (the mail's commas are gone): the longest name at each
    place, else the words read loosely as one name."""
    known = {card.name.casefold(): card.name for card in data(game).treachery_deck}
    names, start = [], 0
    while start < len(words):
        end = next((j for j in range(len(words), start, -1)
                    if " ".join(words[start:j]).casefold() in known), None)
        if end is None:
            try:
                return [*names, data(game).card_names.find(" ".join(words[start:]))]
            except NameLookupError as error:
                raise OrderProblem(ErrorCode.UNKNOWN_CARD, str(error),
                                   error.candidates) from None
        names.append(known[" ".join(words[start:end]).casefold()])
        start = end
    return names


def _choices_text(game: Any, value: str, chosen: dict[str, Any]) -> str:
    if chosen.get("ally"):
        rest = {k: v for k, v in chosen.items() if k != "ally"}
        return " ".join([*([_choices_text(game, value, rest)] if rest else []), "FOR ALLY"])
    if chosen.get("alliance"):
        return "ALLIANCE"
    if "as" in chosen:
        name = ambassadors.kind_of(game).token(chosen["as"]).name
        return "AS " + name.removesuffix(" Ambassador")
    if "discard" in chosen:
        return "DISCARD " + ("ALL" if chosen["discard"] == [ambassadors.EVERY]
                             else ", ".join(chosen["discard"]))
    return f"TO {chosen['to']}" + (f" FROM {chosen['from']}" if "from" in chosen else "")


CHOICES = {"bene-gesserit": ("AS",), "fremen": ("TO",), "guild": ("TO",),
           "ixians": ("DISCARD",), "choam": ("DISCARD",), ambassadors.OWN: ("ALLIANCE",)}
EXAMPLES = ("TRIGGER Fremen ALL TO Arrakeen FROM Imperial Basin", "TRIGGER Guild ALL TO Carthag",
            "TRIGGER Bene Gesserit ALL AS Emperor", "TRIGGER CHOAM ALL DISCARD Baliset, Kulon",
            "TRIGGER Ecaz ALL ALLIANCE")
PARAMETERS = triggers.Parameters(frozenset({"AS", "TO", "DISCARD", "FOR", "ALLIANCE"}),
                                 _read_choices,
                                 _choices_text)


# --- their decision's order text
def kind_mark(name: str) -> str:
    """An Ambassador kind as their orders name it: its mark (``EM``)."""
    return force_kind(name).mark


def read(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    """One line: ``AMBASSADOR <token> IN <stronghold>``, ``AMBASSADOR NONE``, ``TRIGGER ...``,
    ``FIGHTER ALLY | ECAZ`` (who fights their co-occupied battles, 2.11.19)."""
    verb, rest = words[0], words[1:]
    if verb == "FIGHTER":
        said = [w.upper() for w in rest]
        if said not in (["ALLY"], ["ECAZ"]):
            raise OrderProblem(ErrorCode.BAD_AMBASSADOR, "expected FIGHTER ALLY or FIGHTER ECAZ: "
                               "who fights the battles you and your ally share (001 2.11.19)",
                               ("FIGHTER ALLY", "FIGHTER ECAZ"))
        return {"fighter": said[0].lower()}
    if verb == "HOSTILE" and "face_up" in prompt.options:      # 2.11.12 B
        return {"hostile": _hostile(state, prompt.seat, rest)}
    if verb != "TRIGGER" and [w.upper() for w in rest] == ["NONE"]:
        return {}
    if "face_up" in prompt.options and [w.upper() for w in rest[:1]] == ["ALLIANCE"]:
        return {"alliance": _offer(rest[1:])}           # 2.11.17.12 B
    if "face_up" in prompt.options and [w.upper() for w in rest[:1]] in (["FREMEN"], ["FR"]) \
            and [w.upper() for w in rest[-2:]] != ["FACE", "DOWN"]:
        return {"worm_to": _worm_to(state, rest[1:])}   # 2.11.17.05 B
    if "face_up" in prompt.options:     # text B: their Ambassadors are forces
        return {"face_down": [_face_down(state, prompt, verb, rest)]}
    kind = ambassadors.kind_of(state)
    if verb == "TRIGGER":
        return {"trigger": [triggers.read(state, kind, prompt.seat, rest,
                                          PARAMETERS)]}
    upper = [w.upper() for w in rest]
    if "IN" not in upper:
        raise OrderProblem(ErrorCode.BAD_AMBASSADOR, "expected AMBASSADOR <token> IN "
                           "<stronghold> or AMBASSADOR NONE", ("AMBASSADOR Emperor IN Arrakeen",))
    split = upper.index("IN")
    value = triggers.read(state, kind, prompt.seat, [*rest[:split], "ALL"])[0]
    if value not in ambassadors.supply(state, prompt.seat):
        raise OrderProblem(ErrorCode.BAD_AMBASSADOR, f"the {kind.token(value).name} is not in "
                           "your supply", tuple(kind.token(v).name
                                                for v in ambassadors.supply(state, prompt.seat)))
    territory, _ = read_territory(state, rest[split + 1:])
    if not territory.is_stronghold:
        raise OrderProblem(ErrorCode.BAD_AMBASSADOR, f"{territory.name} is not a stronghold "
                           "(001 2.11.06)", tuple(ambassadors.open_strongholds(state)))
    return {"place": [[value, territory.name]]}


def _worm_to(state: State, rest: list[str]) -> str | None:
    """Text B: ``AMBASSADOR FREMEN TO <territory> | STAY``, where their forces with the Fremen
    Ambassador go after a worm there (2.11.17.05 B); STAY: None."""
    said = [w.upper() for w in rest]
    if said == ["STAY"]:
        return None
    if said[:1] != ["TO"] or len(said) < 2:
        raise OrderProblem(ErrorCode.BAD_AMBASSADOR, "expected AMBASSADOR FREMEN TO <territory> "
                           "or AMBASSADOR FREMEN STAY (001 2.11.17.05 B)",
                           ("AMBASSADOR FREMEN TO Arrakeen", "AMBASSADOR FREMEN STAY"))
    territories = [t.name for t in data(state).board.territories]
    return read_territory(state, rest[1:], territories)[0].name


def _offer(rest: list[str]) -> bool:
    """Text B: ``AMBASSADOR ALLIANCE OFFER | NONE``, their standing offer of alliance by their
    own Ambassador (2.11.17.12 B)."""
    said = [w.upper() for w in rest]
    if said not in (["OFFER"], ["NONE"]):
        raise OrderProblem(ErrorCode.BAD_AMBASSADOR, "expected AMBASSADOR ALLIANCE OFFER or "
                           "AMBASSADOR ALLIANCE NONE (001 2.11.17.12 B)",
                           ("AMBASSADOR ALLIANCE OFFER", "AMBASSADOR ALLIANCE NONE"))
    return said == ["OFFER"]


def _hostile(state: State, seat: str, rest: list[str]) -> list[str]:
    """Text B: ``HOSTILE ALL | NONE | <faction>, ...``, the factions against whose entry they
    turn the Ambassador depicting them face down (2.11.12 B), their standing answer."""
    said = [w.strip(",").upper() for w in rest if w.strip(",")]
    if said in (["ALL"], ["NONE"]):
        return [embassy.ALL] if said == ["ALL"] else []
    others = [s for s in state["seats"] if s != seat]
    return read_factions(state, [w.strip(",") for w in rest if w.strip(",")], others)


def _face_down(state: State, prompt: Prompt, verb: str, rest: list[str]) -> str:
    """Text B: ``AMBASSADOR <Ambassador> FACE DOWN`` (2.11.08 B), a face-up one of theirs."""
    face_down = None if verb != "AMBASSADOR" else embassy.read_face_down(state, prompt.seat,
                                                                          rest)
    if face_down not in prompt.options["face_up"]:
        said = " ".join(rest[:-2]) if face_down is not None else " ".join([verb, *rest])
        raise OrderProblem(ErrorCode.BAD_AMBASSADOR, f"{said!r} is none of your face-up "
                           "Ambassadors on the board: under text B they are forces, turned face "
                           "down at the end of the revival round by AMBASSADOR <Ambassador> "
                           "FACE DOWN (001 2.11.08 B)",
                           tuple(f"AMBASSADOR {kind_mark(n)} FACE DOWN"
                                 for n in prompt.options["face_up"]) or ("AMBASSADOR NONE",))
    assert face_down is not None
    return face_down


def combine(state: State, prompt: Prompt, parts: list[dict[str, Any]]) -> dict[str, Any]:
    value = ambassadors.empty()
    for part in parts:
        value["place"] += part.get("place", [])
        value["trigger"] += part.get("trigger", [])
        if part.get("fighter"):
            value["fighter"] = part["fighter"]
        if part.get("face_down"):
            value.setdefault("face_down", []).extend(part["face_down"])
        if "hostile" in part:
            value["hostile"] = part["hostile"]
        if "alliance" in part:
            value["alliance"] = part["alliance"]
        if "worm_to" in part:
            value["worm_to"] = part["worm_to"]
    return value


def text(game: Any, value: dict[str, Any]) -> str:
    kind = ambassadors.kind_of(game) if value["place"] or value["trigger"] else None
    lines = [f"AMBASSADOR {kind.token(v).name.removesuffix(' Ambassador')} IN {where}"
             for v, where in value["place"] if kind]
    lines += [triggers.text(game, kind, answer, PARAMETERS)
              for answer in value["trigger"] if kind]
    lines += [f"AMBASSADOR {kind_mark(n)} FACE DOWN" for n in value.get("face_down", [])]
    if "hostile" in value:
        lines.append(f"HOSTILE {embassy.hostility(game, value['hostile'])}")
    if "alliance" in value:
        lines.append(f"AMBASSADOR ALLIANCE {'OFFER' if value['alliance'] else 'NONE'}")
    if "worm_to" in value:
        to = value["worm_to"]
        lines.append(f"AMBASSADOR FREMEN {'TO ' + to if to else 'STAY'}")
    if value.get("fighter"):
        lines.append(f"FIGHTER {value['fighter'].upper()}")
    return "\n".join(lines) or "AMBASSADOR NONE"


def random_value(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """A bot's: now and then an Ambassador placed, now and then a standing answer; text B:
    now and then one turned face down (2.11.08 B)."""
    value = ambassadors.empty()
    if "face_up" in prompt.options:
        if prompt.options["face_up"] and rng.random() < 0.2:
            value["face_down"] = [rng.choice(prompt.options["face_up"])]
        if rng.random() < 0.2:              # after a worm, the Fremen Ambassador's (2.11.17.05 B)
            value["worm_to"] = rng.choice([None, *(t.name for t in data(view).board.strongholds)])
        if rng.random() < 0.2:              # their standing offer of alliance (2.11.17.12 B)
            value["alliance"] = rng.random() < 0.5
        if rng.random() < 0.2:              # their standing hostility (2.11.12 B)
            others = [s for s in view["seats"] if s != prompt.seat]
            value["hostile"] = rng.choice([[embassy.ALL], [], [rng.choice(others)]])
        if rng.random() < 0.2:              # who fights their co-occupied battles (2.11.19)
            value["fighter"] = rng.choice([cooccupied.ALLY, cooccupied.ECAZ])
        return value
    held, free = prompt.options.get("supply", []), prompt.options.get("strongholds", [])
    if held and free and prompt.options.get("spice", 0) >= 1 and rng.random() < 0.5:
        value["place"].append([rng.choice(held), rng.choice(free)])
    others = [s for s in view["seats"] if s != prompt.seat]
    if others and rng.random() < 0.2:
        value["trigger"].append(["*", {"*": True, rng.choice(others): False}])
    if rng.random() < 0.2:                  # a token's choices (2.11.17)
        token = rng.choice(sorted(CHOICES))
        choice = {"AS": {"as": rng.choice(ambassadors.COPY_ORDER)},
                  "TO": {"to": rng.choice([t.name for t in data(view).board.strongholds])},
                  "DISCARD": {"discard": [ambassadors.EVERY]},
                  "ALLIANCE": {"alliance": True}}[CHOICES[token][0]]
        value["trigger"].append([token, {"*": True}, choice])
    if rng.random() < 0.2:                  # who fights their co-occupied battles (2.11.19)
        value["fighter"] = rng.choice([cooccupied.ALLY, cooccupied.ECAZ])
    return value


order_kind(OrderKind(ambassadors.KIND, ("AMBASSADOR", "TRIGGER", "FIGHTER", "HOSTILE"), read, text,
                     combine,
                     random_value, with_verb=True))


# --- the others' consent to their Ambassador's alliance (``ecaz_alliance``), 2.11.17.12
def _read_consent(state: State, prompt: Prompt, words: list[str]) -> bool:
    said = [w.upper() for w in words]
    if said not in (["ALLIANCE", "ACCEPT"], ["ALLIANCE", "REFUSE"]):
        raise OrderProblem(ErrorCode.BAD_AMBASSADOR, "expected AMBASSADOR ALLIANCE ACCEPT or "
                           "AMBASSADOR ALLIANCE REFUSE (001 2.11.17.12)", alliance.ANSWERS)
    return said[-1] == "ACCEPT"


def _consent_text(game: Any, value: bool) -> str:
    return alliance.ANSWERS[0] if value else alliance.ANSWERS[1]


def _random_consent(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> bool:
    """Now and then consent changed, either way."""
    return rng.choice([True, False]) if rng.random() < 0.3 else prompt.default


order_kind(OrderKind(alliance.KIND, ("AMBASSADOR",), _read_consent, _consent_text,
                     random=_random_consent))
