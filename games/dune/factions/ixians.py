"""The Ixians (001 2.07, the GF9 expansion "Ixians & Tleilaxu"): their powers as hooks.

Their Cyborgs and Suboids are kinds of force (``data/ixians/factions.yaml``: their worth, the
Cyborgs' revival cost and collection); the Hidden Mobile Stronghold is a place of the board
layer, put on the board and moved by ``ixians_hms``.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import EventCode
from ..data import Ability, CardType, NexusUse
from ..decks import draw_treachery
from ..forces import add_forces, remove_forces, take, to_tanks
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, data, forces_at, sheet
from ..variants.nexus_cards import (
    BEFORE_SHIPMENT,
    FULL,
    just_bought,
    lend,
    over_the_limit,
    withhold,
)
from . import ixians_hms, ixians_pocket, ixians_redraw, ixians_supply
from .base import HAND_CARD, Faction, NexusPlay, hand_limit, has

CYBORG, SUBOID, CYBORG_MOVES = "cyborg", "suboid", 2     # 001 2.07.10, 2.07.15, 2.07.13
SUPPLY_CHAIN, TECHNOLOGY = "SUPPLY CHAIN", "TECHNOLOGY"    # the Betrayal's words (4.03.07.08)
ALTERNATE = 3               # 001 4.03.07.08 (B): "Draw the top 3 cards of the Treachery Deck"


def _alternate_supply_chain(state: State, holder: str, pick: str | None, rng: random.Random
                            ) -> list[Event] | None:
    """001 4.03.07.08 (B), ALTERNATE SUPPLY CHAIN: "Draw the top 3 cards of the Treachery
    Deck, look at them, add one to your hand, return the others to the Treachery deck and
    shuffle it.  If you exceed your hand limit pick a card, then discard it" (rulings, by
    mail: played in any round, the holder keeps the first of them, top first, that is not
    worthless, else the top one; over its limit the card its line names goes, else a worthless
    card, else the card kept: ``over_the_limit``).  The table learns how many were drawn,
    the holder which."""
    drawn, events = [], []
    for _ in range(ALTERNATE):
        card, found = draw_treachery(state, rng)
        events += found
        if card is not None:
            drawn.append(card)
    if not drawn:
        return None
    worth = data(state).treachery_card
    kept = next((c for c in drawn if worth(c).type is not CardType.WORTHLESS), drawn[0])
    state["decks"]["treachery"] += [c for c in drawn if c != kept]
    rng.shuffle(state["decks"]["treachery"])
    state["factions"][holder]["hand"].append(kept)
    return [*events, Event(EventCode.NEXUS_SUPPLY_CHAIN, {"faction": holder,
                                                         "count": len(drawn)}),
            Event(EventCode.NEXUS_SUPPLY_CHAIN_CARDS, {"drawn": drawn, "kept": kept},
                  to=(holder,)),
            *over_the_limit(state, holder, pick, kept, "4.03.07.08 (B)")]


class Ixians(Faction):
    """The Ixians' hooks."""

    seat = "ixians"
    # Their alliance power (001 2.07.22: the ally's redraw) and their Karama power (1.14.08:
    # the HMS moved) are offered by mail (rules version 6; ``IxiansGF9Version5``).
    alliance_and_karama_by_mail = True
    nexus_uses = {NexusUse.BETRAYAL: NexusPlay(
        "the Ixians' SUPPLY CHAIN (the default), or their TECHNOLOGY, withheld in this turn's "
        "Bidding phase (001 4.03.07.08).", f"{SUPPLY_CHAIN}|{TECHNOLOGY}",
        phases=("storm", "spice_blow", "charity")),
        NexusUse.CUNNING: NexusPlay(
        "your Suboids worth a full force in every battle of this turn, unbacked by spice "
        "(001 4.03.07.08).", phases=(*BEFORE_SHIPMENT, "movement")),
        NexusUse.SECRET_ALLY: NexusPlay(
        "the card you bought this round discarded and the top card of the treachery deck "
        "drawn in its place (001 4.03.07.08).", phases=("bidding",)),
        NexusUse.NAMED: NexusPlay(
        "ALTERNATE SUPPLY CHAIN: the top 3 cards of the treachery deck drawn and seen by you, "
        "the first of them not worthless (else the top one) kept, the others returned and the "
        "deck shuffled; over your hand limit the card of your hand your line names discarded "
        "(else a worthless card, else the card kept) (001 4.03.07.08, text B).", HAND_CARD)}
    decision_kinds = frozenset({ixians_pocket.POCKET, ixians_hms.PLACEMENT, ixians_hms.MOVE,
                                ixians_supply.SUPPLY, ixians_supply.TECHNOLOGY,
                                ixians_redraw.REDRAW, ixians_hms.KARAMA_MOVE})

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.08, Betrayal: "Prevent Ixians from using either their Bidding ability
        or their Technology ability (but not both)" (ruling: played before the Bidding phase,
        the one named, their SUPPLY CHAIN, 2.07.08, by default, or their TECHNOLOGY, 2.07.23,
        withheld to its end).
        Cunning: "Before Battle Plan in your first battle this Turn" the
        Suboids at full strength in all battles of the turn (ruling: played in a round before
        the Battle phase, lent to its end; full strength is a normal force's, 2.07.15).
        Secret Ally: "discard a Treachery Card you just bought during Bidding, then Draw the
        top card of the Treachery deck" (ruling: played in the round of the purchase, after it,
        as the Ixians' ally's redraw of 2.07.22 does it)."""
        if use == NexusUse.NAMED:
            return _alternate_supply_chain(state, holder, target, rng)
        if use == NexusUse.BETRAYAL:        # the bidding ability, the one every game has
            technology = target == TECHNOLOGY
            return withhold(state, self.seat, (Ability.TECHNOLOGY if technology
                                               else Ability.SUPPLY_CHAIN,), "bidding",
                            "Ixian Nexus card", use, "001 4.03.07.08",
                            TECHNOLOGY if technology else SUPPLY_CHAIN)
        if use == NexusUse.CUNNING:         # 001 4.03.07.08: "all battles this Turn"
            return lend(state, holder, (f"{FULL}{SUBOID}",), "battle", "Ixian Nexus card", use,
                        "001 4.03.07.08", "their Suboids at full strength")
        bought = just_bought(state, holder) if use == NexusUse.SECRET_ALLY else None
        if bought is None:
            return None
        return ixians_redraw.swap(state, holder, bought["card"], rng)

    # --- the hook of decisions

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """POCKET CARDS at set-up (001 2.07.04); DEPLOY HMS once the first storm is placed
        (2.07.05) and MOBILE ARMY STRONGHOLD HAJR before the storm moves (2.07.19, A), or at War
        Continues in the Mentat Pause (text B, ``ixians_text_b``); the card
        set aside of the SUPPLY CHAIN (2.07.08) and, advanced, the card to swap (2.07.23, A);
        their Karama power on the HMS in the movement round (1.14.08);
        in the auction their ally's word on redrawing a card bought (2.07.22) and, with text B,
        their own (2.07.23, B)."""
        if phase == "setup":
            if self.holds_starting_cards(state) and ixians_pocket.due(state, self.seat):
                return [ixians_pocket.prompt(state, self.seat)]
        elif phase == "storm":
            return [ixians_hms.placement_prompt(state, self.seat)
                    if kind == ixians_hms.PLACEMENT else ixians_hms.move_prompt(state, self.seat)
                    for kind in self._storm_kinds(state)]
        elif phase == "bidding" and state["step"].get("stock") == self.seat:
            chooser = ixians_supply.chooser(state, self.seat)
            found = [ixians_supply.prompt(state, chooser)]
            if (chooser == self.seat and ixians_redraw.technology(state, self.seat)
                    and not rules_of(state).ixians_text_b
                    and ixians_supply.swappable(state, self.seat)):
                found.append(ixians_supply.technology_prompt(state, self.seat))
            return found
        elif phase == ixians_hms.MENTAT_PAUSE and ixians_hms.move_due(state, self.seat):
            return [ixians_hms.move_prompt(state, self.seat)]
        elif phase == "movement" and ixians_hms.karama_due(state, self.seat):
            return [ixians_hms.karama_prompt(state, self.seat)]
        elif phase == "bidding" and not state["step"].get("stock"):
            return [ixians_redraw.prompt(state, self.seat, seat) for seat in state["seats"]
                    if ixians_redraw.may_redraw(state, self.seat, seat)
                    and len(state["factions"][seat]["hand"]) < hand_limit(state, seat)]
        return []

    def decision_keys(self, state: State, phase: str) -> list[str]:
        """The storm round's keys without working out the HMS's reach."""
        if phase == "storm":
            return [f"{kind}:{self.seat}" for kind in self._storm_kinds(state)]
        if phase == "movement":
            return ([f"{ixians_hms.KARAMA_MOVE}:{self.seat}"]
                    if ixians_hms.karama_due(state, self.seat) else [])
        if phase == ixians_hms.MENTAT_PAUSE:
            return ([f"{ixians_hms.MOVE}:{self.seat}"]
                    if _holds(state, self.seat) and ixians_hms.move_due(state, self.seat)
                    else [])
        return super().decision_keys(state, phase)

    def _storm_kinds(self, state: State) -> list[str]:
        """The kind of their decision of the storm round as it stands, if any."""
        if not _holds(state, self.seat):
            return []
        if ixians_hms.placement_due(state, self.seat):
            return [ixians_hms.PLACEMENT]
        return [ixians_hms.MOVE] if ixians_hms.move_due(state, self.seat) else []

    def decide(self, state: State, phase: str, key: PromptKey, value: Any, rng: random.Random
               ) -> list[Event]:
        kind, key_seat = key
        if kind == ixians_pocket.POCKET:
            return ixians_pocket.keep(state, self.seat, value, rng)
        if kind == ixians_hms.PLACEMENT:
            return ixians_hms.deploy(state, self.seat, value)
        if kind == ixians_hms.MOVE:
            return ixians_hms.move(state, self.seat, value)
        if kind == ixians_supply.TECHNOLOGY:
            return ixians_supply.choose_swap(state, self.seat, value)
        if kind == ixians_hms.KARAMA_MOVE:
            state["step"]["karama_hms"] = value       # carried out after their turn
            return []
        if kind == ixians_redraw.REDRAW:
            return ixians_redraw.keep(state, self.seat, key_seat, value)
        return ixians_supply.set_aside(state, key_seat, value, rng)

    # --- hooks of set-up

    def holds_starting_cards(self, state: State) -> bool:
        """POCKET CARDS (001 2.07.04): the others draw from the Ixians' pocket pile."""
        return has(state, self.seat, Ability.POCKET_CARDS)

    def behind_shield(self, state: State) -> dict[str, Any]:
        """The pocket cards while they choose (001 2.07.04); the cards of the SUPPLY CHAIN
        while they choose (2.07.08)."""
        if self.holds_starting_cards(state) and ixians_pocket.due(state, self.seat):
            return {"pocket": ixians_pocket.pocket(state)}
        if (state["phase"] == "bidding" and state["step"].get("stock") == self.seat
                and ixians_supply.chooser(state, self.seat) == self.seat):
            return {"stock": list(state["step"]["row"])}        # 2.07.08: theirs to see
        return {}

    # --- hooks of bidding

    def stock(self, state: State) -> int:
        """SUPPLY CHAIN (2.07.08): one card more, theirs to look at."""
        return ixians_supply.EXTRA if has(state, self.seat, Ability.SUPPLY_CHAIN) else 0

    def bought(self, state: State, buyer: str, card: str, rng: random.Random) -> list[Event]:
        """ALLIANCE (2.07.22) and TECHNOLOGY's text B (2.07.23): the card bought discarded and
        the deck's top card drawn, by the buyer's standing word."""
        return ixians_redraw.bought(state, self.seat, buyer, card, rng)

    def before_cards_up(self, state: State, count: int) -> list[Event]:
        """TECHNOLOGY (2.07.23, A): the card chosen swapped as it comes up."""
        return ixians_supply.swap(state, self.seat, count)

    # --- hooks of shipment and movement

    def turn_taken(self, state: State, seat: str) -> list[Event]:
        """Their Karama power (1.14.08), if they used it this round: the HMS moved once their
        turn is played."""
        value = state["step"].pop("karama_hms", None) if seat == self.seat else None
        return ixians_hms.karama_move(state, seat, value) if value else []

    def movement(self, state: State, base: int, forces: dict[str, int] | None,
                 territory: str | None = None) -> int:
        """CYBORG MOVEMENT (2.07.13): Cyborgs move two territories; SUBOID MOVEMENT (2.07.17):
        Suboids too "when accompanied by at least one Cyborg"."""
        return max(base, CYBORG_MOVES) if forces and forces.get(CYBORG) else base

    # --- hooks of battle

    def after_losses(self, state: State, territory: str, sectors: list[int],
                     taken: dict[str, dict[str, int]]) -> list[Event]:
        """SUBOID SHENANIGANS (2.07.16): "After battle losses are calculated, any of your
        surviving Suboid Forces in that Territory can be exchanged for Cyborgs you lost in that
        battle".  Ruling: by mail every exchange they can make is made (a Cyborg is worth four
        Suboids in battle and collects more), Suboids of the battle's own sectors first."""
        owed = taken.get(self.seat, {}).get(CYBORG, 0)
        if not owed:
            return []
        swapped = 0
        here = forces_at(state, territory)
        for sector in sorted(here, key=lambda s: int(s) not in sectors):
            left = here[sector].get(self.seat, {}).get(SUBOID, 0)
            count = min(left, owed - swapped)
            if count:
                remove_forces(state, self.seat, territory, int(sector), {SUBOID: count})
                take(state["factions"][self.seat]["tanks"], {CYBORG: count})
                to_tanks(state, self.seat, {SUBOID: count})
                add_forces(state, self.seat, territory, int(sector), {CYBORG: count})
                swapped += count
        if not swapped:
            return []
        return [Event(EventCode.SHENANIGANS, {"faction": self.seat, "territory": territory,
                                              "count": swapped})]


def has_technology(state: State, seat: str) -> bool:
    """TECHNOLOGY, an advanced ability (2.07.01, 2.07.23): with option ``advanced``."""
    return has(state, seat, Ability.TECHNOLOGY)


def _holds(state: State, seat: str) -> bool:
    """Their sheet in this game has the HMS (a basic ability: always, 001 2.07.01)."""
    return Ability.HIDDEN_MOBILE_STRONGHOLD in sheet(seat, state).abilities


class IxiansGF9Version5(Ixians):
    """The Ixians as rules version 5 played them, before their alliance and Karama powers were
    offered by mail and War Continues asked a faction's decisions (issue 29): a game dealt
    then replays as it was played, its log having no step for them."""

    rulesets = ("gf9",)
    until = 5
    alliance_and_karama_by_mail = False

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """None at War Continues, which version 5 never asked (text B's HMS move, 2.07.19)."""
        return [] if phase == ixians_hms.MENTAT_PAUSE else super().decisions(state, phase)

    def decision_keys(self, state: State, phase: str) -> list[str]:
        return [] if phase == ixians_hms.MENTAT_PAUSE else super().decision_keys(state, phase)
