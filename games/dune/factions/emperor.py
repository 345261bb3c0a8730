"""The Emperor: their powers (000 Player Shields lines 793-811)."""

from __future__ import annotations

import random

from pbem.game import Event

from ..codes import EventCode
from ..data import Ability, NexusUse
from ..forces import kinds
from ..state import State, ally_of, faction_name
from ..variants.nexus_cards import BATTLE, just_bought, nexus_revival
from .base import CARD, Faction, NexusPlay, has

NEXUS_REVIVAL = 3           # 001 4.03.07.04: "revive 3 additional Forces"


class Emperor(Faction):
    """The Emperor's hooks."""

    seat = "emperor"
    nexus_uses = {NexusUse.BETRAYAL: NexusPlay(
        "in the bidding, the spice the Emperor's ally paid of its own for the card it bought "
        "this round given back to it by the Emperor; in any other round, set for the next "
        "battle the Emperor fight with Sardaukar there: they count as normal forces in it (001 "
        "4.03.07.04).", phases=("bidding",), at=BATTLE),
        NexusUse.SECRET_ALLY: NexusPlay(
        "in the bidding, the spice you paid of your own for the card you bought this round "
        "given back by the bank; in the revival, 3 of your forces revived from the tanks free, "
        "beyond the revival limits, after your revival (001 4.03.07.04).",
        phases=("bidding", "revival"))}

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.04, Secret Ally: "Keep your spice when Buying a Treachery Card" in the
        bidding (ruling: played in the round the holder buys it, its own spice paid comes back
        from the bank, the card's payee, the Emperor not being in the game; having paid, it had
        the amount, as 001 asks it to show), or "revive 3 additional Forces ... for free" in
        the revival (ruling: after the holder's own revival, as the round is resolved)."""
        if use == NexusUse.BETRAYAL:
            if state["phase"] == "bidding":
                return self._pays_for_ally(state)
            return self._no_sardaukar(state)
        if use != NexusUse.SECRET_ALLY:
            return None
        if state["phase"] == "bidding":
            bought = just_bought(state, holder)
            if bought is None or not bought["spice"]:
                return None
            state["factions"][holder]["spice"] += bought["spice"]
            return [Event(EventCode.NEXUS_SPICE_KEPT, {"faction": holder,
                                                       "spice": bought["spice"]})]
        if not state["factions"][holder]["tanks"]:
            return None
        return nexus_revival(state, holder, NEXUS_REVIVAL, "Emperor Nexus card", use,
                             "001 4.03.07.04")

    def _no_sardaukar(self, state: State) -> list[Event] | None:
        """001 4.03.07.04, Betrayal (its battle half): "during Battle Plan, prevent the Emperor
        from using their Sardaukar ability" (ruling: set, carried out as the next battle opens
        where the Emperor fight with forces worth more than one there: they count as normal
        forces in it, as a Karama on the starred forces does, ``battle_karama``)."""
        battle = state["step"].get("battle")
        if not battle or self.seat not in (battle["aggressor"], battle["defender"]):
            return None
        opponent = battle["defender"] if battle["aggressor"] == self.seat else battle["aggressor"]
        against = faction_name(opponent, state)
        starred = {kind.name for kind in kinds(state, self.seat) if kind.worth(against) > 1}
        if not any(count for sector, by_faction in state["forces"].get(
                battle["territory"], {}).items() if int(sector) in battle["sectors"]
                for kind, count in by_faction.get(self.seat, {}).items() if kind in starred):
            return None
        battle["cancelled"].setdefault(self.seat, []).append("starred")
        return [Event(EventCode.NEXUS_POWER_STOPPED, {"faction": self.seat,
                                                      "power": "sardaukar"})]

    def _pays_for_ally(self, state: State) -> list[Event] | None:
        """001 4.03.07.04, Betrayal (its bidding half): "Force the Emperor to pay for their
        ally's Treachery Card during the Bidding Phase" (ruling: played in the round the ally
        buys it, the ally's own spice paid comes back to it from the Emperor, as much as he
        holds)."""
        for ally in ally_of(state, self.seat):
            bought = just_bought(state, ally)
            spice = min(bought["spice"], state["factions"][self.seat]["spice"]) if bought else 0
            if spice:
                state["factions"][self.seat]["spice"] -= spice
                state["factions"][ally]["spice"] += spice
                return [Event(EventCode.NEXUS_EMPEROR_PAID, {"faction": self.seat,
                                                             "ally": ally, "spice": spice})]
        return None

    # --- hooks of payments

    def receives(self, state: State, payment: str, payer: str) -> bool:
        """Others' spice for the cards they buy (line 804), not their own."""
        return (payment == CARD and payer != self.seat
                and has(state, self.seat, Ability.CARD_PAYMENTS))

