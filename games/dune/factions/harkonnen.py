"""The Harkonnen: their powers (000 Player Shields lines 869-889)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pbem.game import Event

from ..codes import EventCode
from ..data import NexusUse
from ..rules import Rules
from ..state import State, ally_of, data
from ..variants.cheap_hero_traitor import strength as traitor_strength
from ..variants.nexus_cards import (
    PICK,
    TOP_CARD,
    TRAITOR,
    just_bought,
    lend,
    owe_traitors,
    top_card,
)
from . import harkonnen_capture as capture
from .base import HAND_CARD, Faction, NexusPlay


def _top_card(state: State, holder: str, pick: str | None, rng: random.Random) -> list[Event]:
    """001 4.03.07.06 (B), TOP CARD: "Play during the Bidding Phase.  When ever you Buy a card
    this Phase, you Draw an extra card for free" (ruling: played in a round of the bidding,
    carried out after its purchase, so the card bought in that round brings one too; lent to
    the phase's end, ``variants.nexus_cards.NexusCards.bought`` drawing it; the card its line
    names, kept secret, discarded should the hand go over its limit)."""
    if pick is not None:
        state["factions"][holder][PICK] = pick
    events = lend(state, holder, (TOP_CARD,), "bidding", "Harkonnen Nexus card", NexusUse.NAMED,
                  "001 4.03.07.06, text B", "a card drawn free with each card they buy")
    return events + (top_card(state, holder, rng) if just_bought(state, holder) else [])


class Harkonnen(Faction):
    """The Harkonnen's hooks."""

    seat = "harkonnen"
    nexus_uses: ClassVar[dict[NexusUse, NexusPlay]] = {
        NexusUse.BETRAYAL: NexusPlay(
            "set now: the next Harkonnen traitor called on your leader in a battle cancelled, "
            "the card shuffled back into the traitor deck, the battle fought as if he were "
            "none; the Harkonnen draw a new traitor at War Continues (001 4.03.07.06).",
            at=TRAITOR),
        NexusUse.CUNNING: NexusPlay(
            "draw a traitor card, then the weakest of your traitors (the card drawn among them) "
            "shuffled back into the traitor deck (001 4.03.07.06)."),
        NexusUse.SECRET_ALLY: NexusPlay(
            "at War Continues, draw two traitor cards, then the two weakest of your traitors "
            "shuffled back into the traitor deck (001 4.03.07.06).", at="mentat_pause"),
        NexusUse.NAMED: NexusPlay(
            "TOP CARD: to the end of this Bidding phase, with each card you buy (the one you "
            "bought this round too) a card drawn free from the treachery deck, even with your "
            "hand full; over your hand limit the card of your hand your line names discarded "
            "(else a worthless card, else the card drawn) (001 4.03.07.06, text B).",
            HAND_CARD, phases=("bidding",))}

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.06, Cunning: "At any time" a traitor card drawn, then one of theirs
        shuffled back, secretly; Secret Ally: "During War Continues" two drawn and two shuffled
        back (set when played, carried out at the end of the Mentat Pause, which a game that
        goes on reaches at War Continues only).  Ruling: the weakest go back, as a player
        keeps the traitors most worth holding; the table learns how many were drawn and
        returned, not which."""
        if use == NexusUse.BETRAYAL:
            return self._traitor_cancelled(state, holder, target, rng)
        if use == NexusUse.NAMED:
            return _top_card(state, holder, target, rng)
        count = {NexusUse.CUNNING: 1, NexusUse.SECRET_ALLY: 2}.get(use, 0)
        deck = state["decks"]["traitors"]
        if not count or len(deck) < count:
            return None
        held = state["factions"][holder]["traitors"]
        drawn = [deck.pop() for _ in range(count)]
        held += drawn
        found = data(state)
        returned = sorted(held, key=lambda name: (traitor_strength(found, name), name))[:count]
        for name in returned:
            held.remove(name)
        deck += returned
        rng.shuffle(deck)
        return [Event(EventCode.NEXUS_TRAITOR_SWAPPED, {"faction": holder, "count": count,
                                                        "use": str(use)}),
                Event(EventCode.NEXUS_TRAITOR_SWAPPED_CARDS, {"drawn": drawn,
                                                              "returned": returned},
                      to=(holder,))]

    def _traitor_cancelled(self, state: State, holder: str, leader: str | None,
                           rng: random.Random) -> list[Event] | None:
        """001 4.03.07.06, Betrayal: "Cancel a revealed Harkonnen traitor.  Shuffle the Traitor
        Card into the Traitor Deck.  During War Continues the Harkonnen player draws a new
        Traitor Card" (ruling: set when played, carried out as the Harkonnen, or their ally by
        their power, call ``holder``'s leader traitor by a card the Harkonnen hold: the battle
        is then fought as if he were none, as a Karama cancels a power and the action is taken
        again without it, 4.03.06.02)."""
        held = state["factions"][self.seat]["traitors"]
        if leader not in held:
            return None
        held.remove(leader)
        state["decks"]["traitors"].append(leader)
        rng.shuffle(state["decks"]["traitors"])
        owe_traitors(state, self.seat)
        return [Event(EventCode.NEXUS_TRAITOR_CANCELLED, {"faction": self.seat,
                                                          "holder": holder, "leader": leader})]

    # A leader they hold captured is always in his owner's pay: played against him, the owner
    # calls him traitor without a traitor card (000 line 884: "A captured leader is
    # automatically in the pay of the original owner"; WBC X, line 1266).
    captives_in_owners_pay: ClassVar[bool] = True
    # A leader they kill after a capture is turned into the tanks like any killed leader (000
    # line 884).
    killed_captives_face_down: ClassVar[bool] = False

    def upgrade(self, state: State) -> None:
        """Earlier code kept the captured leaders at the state's top level."""
        held = state.pop("captured", None)
        if held is not None and self.seat in state["factions"]:
            state["factions"][self.seat]["captured"] = held

    # --- hooks of battle

    def captives(self, state: State) -> list[str]:
        """The leaders they hold captured (line 884)."""
        return sorted(capture.held(state)) + super().captives(state)

    def captives_seen(self, view: dict[str, Any]) -> list[str]:
        """The leaders they hold captured, from their own view."""
        return sorted(view["own"].get("captured", {})) + super().captives_seen(view)

    def traitors_for(self, state: State, seat: str) -> dict[str, str]:
        """Their traitors betray their ally's opponents (line 888: "Leaders in your pay may
        also betray your allies opponents"; by mail their consent is taken as given); the
        leaders of ``seat`` they hold are in ``seat``'s pay (line 884; WBC X, line 1266), but
        not where only a traitor card calls a captured leader (``captives_in_owners_pay``)."""
        found = dict.fromkeys(state["factions"][self.seat]["traitors"], self.seat) \
            if seat in ally_of(state, self.seat) else {}
        if not self.captives_in_owners_pay:
            return found
        return found | dict.fromkeys(capture.taken_from(state, seat), seat)

    def captive_killed(self, state: State, name: str) -> str | None:
        """A captured leader killed goes to his owner's tanks (line 884)."""
        return (capture.killed(state, name) if name in capture.held(state)
                else super().captive_killed(state, name))

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """The capture of a leader after their win (``harkonnen_capture``)."""
        return capture.after_battle(state, winner, loser, plans, territory, rng,
                                    self.killed_captives_face_down)

    # --- hooks of collection, alliances and victory

    def drop_out(self, state: State) -> list[Event]:
        """The leaders they hold captured go back to their owners (004 line 193)."""
        return capture.release_captured(state)

    # --- hooks of the views and reports

    def behind_shield(self, state: State) -> dict[str, Any]:
        """The leaders they hold captured (line 884; WBC line 1262: not public)."""
        return {"captured": dict(capture.held(state))}


class HarkonnenGF9(Harkonnen):
    """The Harkonnen of the GF9 edition, where their powers differ from classic's."""

    rulesets = ("gf9",)

    # 001 1.07.07.07: "a Traitor Card in your hand"; 2.05.14: "with the matching Traitor Card":
    # only the matching traitor card calls a captured leader.
    captives_in_owners_pay = False
    # 001 2.05.11.02: "Place the Leader Disc face down into the Tleilaxu Tanks"; he waits there
    # like a leader killed again (1.05.04-05).
    killed_captives_face_down = True


class HarkonnenGF9Version4(HarkonnenGF9):
    """The GF9 Harkonnen as rules version 4 played them, before issue 32's rulings: a captured
    leader in his owner's pay, a leader killed after a capture turned face up."""

    until = 4
    captives_in_owners_pay = True
    killed_captives_face_down = False


class HarkonnenV3(Harkonnen):
    """The Harkonnen of Dune v3.0, where their powers differ from classic's."""

    rulesets = ("v3",)

    def karama_steal_limit(self, rules: Rules) -> int | None:
        """003 house rule "Harkonnen Karama": "limited to two cards"."""
        return 2 if rules.harkonnen_karama else None
