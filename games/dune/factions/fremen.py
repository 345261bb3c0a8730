"""The Fremen: their powers (000 Player Shields lines 813-841)."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from ..codes import EventCode
from ..data import NexusUse
from ..forces import count_in
from ..rules import Rules, rules_of
from ..state import State, data, sheet
from ..variants.nexus_cards import (
    BEFORE_SHIPMENT,
    EMPTY_WORM,
    WORM,
    nexus_revival,
    withhold,
)
from .base import BEAST_OF_BURDEN, MOVEMENT, TERRITORY, Faction, NexusPlay

NEXUS_FREE_REVIVAL = 3      # 001 4.03.07.05: "increase your free revival to 3 for the Turn"
# The rounds in which the Fremen card's Betrayal withholds their ride (001 4.03.07.05 "Beast of
# Burden ... this Turn"): the worms come in the spice blow; played after it, their Movement.
RIDE_ROUNDS = ("storm", "spice_blow")


class Fremen(Faction):
    """The Fremen's hooks."""

    seat = "fremen"
    nexus_uses = {NexusUse.BETRAYAL: NexusPlay(
        "played in the Storm or the Spice Blow and Nexus phase, the Fremen ride no worm this "
        "turn (their Beast of Burden); played later, before Shipment and Movement, they move "
        "one territory, not two, in this turn's Shipment and Movement (their Movement) (001 "
        "4.03.07.05).", phases=BEFORE_SHIPMENT),
        NexusUse.SECRET_ALLY: NexusPlay(
        "in the revival, your free revival raised to 3 this turn: the forces it lacks revived "
        "from the tanks free after your revival; in any other round, set for the next worm "
        "that would devour your forces: none of them lost to it (001 4.03.07.05).",
        phases=("revival",), at=WORM),
        # Cunning: "When a sandworm appears in a territory with no Forces, any Forces you have
        # in one desert Territory may use ability Beast of Burden" (ruling: set ahead, naming
        # the desert territory; played by that worm, the ride asked after the Nexus as any)
        NexusUse.CUNNING: NexusPlay(
        "set now, naming a desert territory of yours: when a worm next appears where no "
        "forces are, your forces in that territory may ride it after the Nexus, as from the "
        "worm's own (001 4.03.07.05, 2.04.09).", names=TERRITORY, at=EMPTY_WORM),
        NexusUse.NAMED: NexusPlay(
        "NATIVE RESILIENCY: in the revival, after your revival, up to 3 of your forces "
        "revived from the tanks free, beyond your limit (001 4.03.07.05, text B).",
        phases=("revival",))}

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.05, Secret Ally, its revival half: the free revival raised to 3 for the
        turn (ruling: played in the Revival phase, the forces it adds to the holder's own free
        revival revived after the holder's revival).  Its other half, "avoid losing Forces to
        a sandworm", is set when played in another round and carried out by the worm
        (``variants.nexus_cards.NexusCards.devouring``).  Betrayal: "Prevent Fremen from
        using their ability Beast of Burden this Turn, or from using their ability Movement"
        (ruling: which, by the round it is played in, as the worms come in the Spice Blow:
        before its end the ride withheld to the turn's end, the Mentat Pause; after it, in a
        round before Shipment and Movement, their two territories withheld to that phase's
        end; Shai-Hulud, 2.04.08, stays theirs: their forces are still not devoured)."""
        if use == NexusUse.CUNNING:
            return self._ridden_from(state, holder, target)
        if use == NexusUse.NAMED:           # 001 4.03.07.05 (B): NATIVE RESILIENCY
            if not state["factions"][holder]["tanks"]:
                return None
            return nexus_revival(state, holder, NEXUS_FREE_REVIVAL, "Fremen Nexus card", use,
                                 "001 4.03.07.05 (B)")
        if use == NexusUse.BETRAYAL:
            ride = state["phase"] in RIDE_ROUNDS
            return withhold(state, self.seat, (BEAST_OF_BURDEN,) if ride else (MOVEMENT,),
                            "mentat_pause" if ride else "movement", "Fremen Nexus card", use,
                            "001 4.03.07.05", "ride of the worm (Beast of Burden)" if ride
                            else "movement of two territories (Movement)")
        more = NEXUS_FREE_REVIVAL - sheet(holder, state).free_revival
        if use != NexusUse.SECRET_ALLY or more <= 0 or not state["factions"][holder]["tanks"]:
            return None
        return nexus_revival(state, holder, more, "Fremen Nexus card", use, "001 4.03.07.05")

    def _ridden_from(self, state: State, holder: str, place: str | None
                     ) -> list[Event] | None:
        """001 4.03.07.05, Cunning: played by a worm that appeared where no forces were
        (``variants.nexus_cards.NexusCards.worm_ridden_from``), on the desert territory its
        line named, where the holder has forces (ruling: else the card stays set)."""
        worm = state["step"].get("worm") or {}
        if (place is None or not data(state).board[place].is_sand
                or not count_in(state, holder, place)):
            return None
        return [Event(EventCode.NEXUS_WORM_RIDDEN, {"faction": holder, "territory": place,
                                                    "worm": worm.get("territory")})]

    def nexus_targets(self, state: State, use: NexusUse, holder: str) -> list[str]:
        """The Cunning's desert territories where the holder has forces (for the bots)."""
        if use != NexusUse.CUNNING:
            return super().nexus_targets(state, use, holder)
        return sorted(t.name for t in data(state).board.territories
                      if t.is_sand and count_in(state, holder, t.name))

    # --- hooks of set-up

    def start_placement(self) -> str:
        """Their 10 forces spread as they like over their start territories (line 816)."""
        return "chosen"

    # --- hooks of the storm and the spice blow

    def draws_weather(self) -> bool:
        """They draw the weather markers (000 XVI.B-C; Fremen advantage, line 994)."""
        return True

    # --- hooks of collection, alliances and victory

    def default_victory_precedence(self) -> int | None:
        """Their default victory comes after the Guild's (line 830; Q&A XXV.E.3, line 700)."""
        return 2

    # --- hooks of the views and reports

    def behind_shield(self, state: State) -> dict[str, Any]:
        """Their next weather marker, once drawn, with option XVI (000 XVI.B); GF9's storm card
        is the storm's (``storm.storm_card_seen``, 001 2.04.15), and v3's is nobody's (003
        "Moving the Storm")."""
        marker = state["storm"]["marker"]
        if marker is None or not rules_of(state).weather:
            return {}
        return {"weather_marker": marker}



class FremenWBC(Fremen):
    """The Fremen of the WBC rules, where their powers differ from classic's."""

    rulesets = ("wbc",)

    # A native faction allied with the Guild may also ship from its reserves at the Guild's
    # rates (WBC, 000 lines 1192, 1200); under AH it only ships cross and back (000 line 866).
    also_ships_reserves = True

    def special_kinds_at_start(self, rules: Rules) -> bool:
        """WBC clarification III (000 line 1080): Fedaykin among their forces at the start,
        with the advantages (000 XV); AH places only normal forces (line 816)."""
        return rules.advantages

    def counts_full_without_spice(self, rules: Rules, ally: bool, territory: str) -> bool:
        """WBC house rule 6 (000 line 1059), with advanced combat (000 XXII): the Fremen count
        their forces full without spice in every battle, and so does their ally in its own
        battles (by mail the Fremen are taken to permit it); not under AH."""
        return rules.advanced_combat


class FremenGF9(Fremen):
    """The Fremen of the GF9 edition, where their powers differ from classic's."""

    rulesets = ("gf9",)

    # 001 2.04.09: "Upon conclusion of the Nexus, you may ride the sandworm ... If Shai-Hulud
    # appears again and you still have Forces in the original Territory, you may do this
    # again": each worm of the phase ridden after the Nexus at its end; under AH each worm is
    # ridden when it is dealt with, after its own Nexus (000 line 828: "immediately upon
    # conclusion of the nexus"; Q&A XXV.C.1).
    rides_after_nexus = True
    # 001 2.04.09: "Move some or all the Forces in the Territory"; under AH they all go to one
    # territory (000 line 828).
    riders_may_split = True
    # 001 2.04.16: an additional worm "in any sand Territory you wish"; under AH in any
    # territory but the Polar Sink (000 line 996: "any territory"; spice_blow's docstring).
    worms_on_sand_only = True
    # 001 1.14.04: the Karama worm is placed in the Spice Blow and Nexus phase after turn 1, in
    # a sand territory, a normal worm that causes a Nexus; under AH it is called in the
    # Fremen's movement turn, anywhere, with no Nexus (000 line 838, Q&A XXV.A.8;
    # ``move_karama``).
    karama_worm_in_spice_blow = True
    # 001 2.04.12: "At your discretion, your ally's free revival is 3": granted or withheld
    # each revival round, by their own revival order.
    grants_free_revival_at_discretion = True

    def special_kinds_at_start(self, rules: Rules) -> bool:
        """001 2.04.03: "Place 10 Forces distributed as you like", a Force being any of the
        twenty, the Fedaykin too, with the advanced abilities (2.04.19)."""
        return rules.advantages

    def counts_full_without_spice(self, rules: Rules, ally: bool, territory: str) -> bool:
        """001 2.04.22 BATTLE HARDENED, an advanced ability: with spice dialing (1.13.05)
        "Your Forces" count full without spice, their own only, not their ally's."""
        return rules.advanced_combat and not ally

    def default_bars_spare_ally(self, rules: Rules) -> bool:
        """001 4.1.20, a tournament rule: the factions their default victory bars (no
        Harkonnen, Atreides or Emperor in Tuek's Sietch) do not count their own ally; under AH
        and the GF9 base rules they do (000 Fremen shield, line 830; 001 2.04.10.03)."""
        return rules.tournament


class FremenGF9Version4(FremenGF9):
    """The GF9 Fremen as rules version 4 played them, before issue 32's rulings: their ally's
    free revival of 3 always given (``rules.GF9Version4``)."""

    until = 4
    grants_free_revival_at_discretion = False


class FremenV3(Fremen):
    """The Fremen of Dune v3.0, where their powers differ from classic's."""

    rulesets = ("v3",)

    def special_kinds_at_start(self, rules: Rules) -> bool:
        """003 "Ability Commentary": the Fremen "may place Fedaykin Army Tokens" at the start,
        with the advanced abilities."""
        return rules.advantages

    def counts_full_without_spice(self, rules: Rules, ally: bool, territory: str) -> bool:
        """003 house rule "Fremen Combat", with "Strategic Combat" (advanced combat): "your
        units", their own only, not their ally's, and "in any non-Stronghold territory"."""
        return (rules.fremen_combat and rules.advanced_combat and not ally
                and not data(rules).board[territory].is_stronghold)
