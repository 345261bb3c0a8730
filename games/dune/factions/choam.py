"""CHOAM, of the CHOAM & Richese expansion: its powers (001 2.09).

001 prints CHOAM's sheet twice: the published text (the first list, "A", played by default)
and the Landsraad revision (the second, "B", option ``choam_landsraad``), whose sheet comes from
``data/choam_landsraad``: which powers a game's CHOAM has is its sheet's abilities, so the
hooks ask ``has`` and only the citations ask which text is played (``section``).

Basic (A 2.09.02-16, B 2.09.02-21): 2 spice for each faction before the charity, the
others' charity paid from CHOAM's spice, the hand of five, revival at 1 spice a force (no limit
in A), the ally's 2 spice after the charity.  Advanced (A 2.09.17-22, B 2.09.22-27): the
Auditor (a sixth disc, ``Leader.advantage``).

Rulings (docs/rules-coverage.md, "001 GF9 expansions: CHOAM and Richese"):

- CHARITY (2.09.05): CHOAM pays the others' charity from its own spice, as far as it goes
  (001 says nothing of a CHOAM without enough; its income covers the charity but where a
  Karama or the Inflation token's Cancel took it); CHOAM's own charity comes from the bank.
- The ally's 2 spice after the charity (A 2.09.15, B 2.09.18: "may collect") is taken by
  every ally, by mail, as the charity is.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from pbem.game import Event, Prompt

from .. import tokens
from ..cards.orange_catholic_bible import only_in_a_plan
from ..codes import EventCode
from ..data import Ability, CardType, NexusUse
from ..discard_pile import discard
from ..rules import rules_of
from ..state import State, ally_of, data, faction_name
from ..variants.nexus_cards import WON_BATTLE, lend
from . import choam_audit as audit
from . import choam_fund as fund
from . import choam_karama as karama
from . import choam_market as market
from . import choam_multipurpose as multipurpose
from . import choam_swap as swap
from . import choam_tokens as charity_tokens
from . import choam_tupile as tupile
from .base import BattleTools, Faction, NexusPlay, RevivalTerms, has

CHOAM = "choam"
INCOME = 2                  # 2.09.05: "2 spice from the bank for each faction in the game"
ALLY_CHARITY = 2            # A 2.09.15, B 2.09.18: "two Spice from the spice bank"
NEXUS_WORTHLESS_PRICE = 2   # 001 4.03.07.10: "discard a Worthless Card and gain 2 spice"
WORTHLESS, LOOK = "WORTHLESS", "LOOK"   # the words of the CHOAM card's Secret Ally's halves
INTERNAL_AUDIT = 6          # 001 4.03.07.10 (B): "Add six spice to your spice reserves"


def section(state: State, a: str, b: str) -> str:
    """The section of 001 2.09 for the text the game plays: the first list's (A) or the
    Landsraad revision's (B, ``choam_landsraad``)."""
    return f"{b} (B)" if getattr(rules_of(state), "choam_landsraad", False) else f"{a} (A)"


def _worthless_sold(state: State, holder: str) -> list[Event] | None:
    """A Worthless card of ``holder``'s hand discarded for 2 spice from the bank (001
    4.03.07.10, the CHOAM card's Secret Ally)."""
    card_of = data(state).treachery_card
    hand = state["factions"][holder]["hand"]
    worthless = sorted((card for card in hand if card_of(card).type is CardType.WORTHLESS
                        and not only_in_a_plan(state, card)),             # 001 3.06.04
                       key=lambda card: card_of(card).name)
    if not worthless:
        return None
    hand.remove(worthless[0])
    discard(state, holder, worthless[0])
    state["factions"][holder]["spice"] += NEXUS_WORTHLESS_PRICE
    return [Event(EventCode.NEXUS_WORTHLESS_SOLD, {"faction": holder, "card": worthless[0],
                                                   "spice": NEXUS_WORTHLESS_PRICE})]


def _looked(state: State, holder: str, loser: str, rng: random.Random) -> list[Event] | None:
    """001 4.03.07.10, Secret Ally (its second half): "after winning a battle, you may look at
    a random card in your opponent's hand (not used in battle)": one at random of the cards
    the loser holds that its plan did not play, shown to ``holder`` alone; the table learns
    that it looked.  None where there is none (the card stays set)."""
    card_of = data(state).treachery_card
    plan = state["step"].get("plans", {}).get(loser, {})
    played = {plan.get(slot) for slot in ("weapon", "defense", "cheap_hero")} - {None}
    cards = [card for card in state["factions"][loser]["hand"]
             if card_of(card).name not in played]
    if not cards:
        return None
    card = rng.choice(cards)
    return [Event(EventCode.NEXUS_HAND_LOOKED, {"faction": holder, "loser": loser}),
            Event(EventCode.NEXUS_HAND_CARD, {"loser": loser, "card": card_of(card).name},
                  to=(holder,))]


class Choam(Faction):
    """CHOAM's hooks."""

    seat = CHOAM
    nexus_uses = {
        NexusUse.BETRAYAL: NexusPlay(
            "CHOAM discard a treachery card of their hand at random and take no spice for it "
            "(001 4.03.07.10)."),
        NexusUse.CUNNING: NexusPlay(
            "until the end of this turn, one use of a Worthless card's effect paid with any "
            "card of your hand: USE <card> ... WITH <card> (001 4.03.07.10)."),
        NexusUse.SECRET_ALLY: NexusPlay(
            "set now: WORTHLESS (the default), at the end of Spice Collection a Worthless card "
            "of your hand discarded and 2 spice taken from the bank; or LOOK, when you next "
            "win a battle, a card of the loser's hand at random, not one played in it, shown "
            "to you (001 4.03.07.10).", f"{WORTHLESS}|{LOOK}", at="collection"),
        NexusUse.NAMED: NexusPlay(
            "INTERNAL AUDIT: 6 spice from the bank (001 4.03.07.10, text B).")}

    def nexus_moment(self, use: NexusUse, target: str | None) -> str:
        """Secret Ally: its LOOK half set for the next battle won, its other half for the end
        of Spice Collection."""
        return WON_BATTLE if use == NexusUse.SECRET_ALLY and target == LOOK else super(
            ).nexus_moment(use, target)

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.10, Betrayal: "at any time" a card of CHOAM's hand at random to the
        discard pile, no spice paid for it.  Secret Ally (its first half): "discard a
        Worthless Card and gain 2 spice during Spice Collection Phase" (set when played, carried
        out at the phase's end; ruling: the first Worthless card of the hand by name), its
        second half by ``_looked``.  Cunning: "You may discard any Treachery Card to use any
        Worthless Card special effect" (ruling: one use of MULTIPURPOSE PRODUCT, 2.09.08 A,
        2.09.11 B, paid with the card its line names after WITH, lent to the turn's end:
        ``choam_multipurpose.ANY_CARD``; a Karama cannot cancel a Cunning)."""
        if use == NexusUse.CUNNING:
            return lend(state, holder, (multipurpose.ANY_CARD,), "mentat_pause",
                        "CHOAM Nexus card", use, "001 4.03.07.10",
                        "one use of a Worthless card's effect paid with any card")
        if use == NexusUse.NAMED:                   # 001 4.03.07.10 (B): INTERNAL AUDIT
            state["factions"][holder]["spice"] += INTERNAL_AUDIT
            return [Event(EventCode.NEXUS_INTERNAL_AUDIT, {"faction": holder,
                                                           "spice": INTERNAL_AUDIT})]
        if use == NexusUse.SECRET_ALLY and target in state["seats"]:
            return _looked(state, holder, target, rng)
        if use == NexusUse.SECRET_ALLY:
            return _worthless_sold(state, holder)
        hand = state["factions"][self.seat]["hand"]
        if use != NexusUse.BETRAYAL or not hand:
            return None
        card = hand.pop(rng.randrange(len(hand)))
        state["decks"]["treachery_discard"].append(card)
        return [Event(EventCode.NEXUS_CHOAM_DISCARD, {"faction": self.seat, "card": card})]

    # --- hooks of any phase: the Open Market

    def standing_prompts(self, state: State, asked: list[Prompt]) -> list[Prompt]:
        """OPEN MARKET (A 2.09.07, B 2.09.10): its sale at the end of the phase
        (``choam_market``, with its Karama sale of 1.14.10 (A)); its Karama flip (1.14.10 (B),
        ``choam_karama``) in the Shipment and Movement phase; INFLATION (A 2.09.10) or
        CONSENSUS ESTIMATE (B 2.09.06): its token at the next War Continues
        (``choam_tokens``); riding on a mail round in which it is asked anything."""
        seats = {p.seat for p in asked}
        found = []
        if self.seat in seats:
            found += [market.prompt(state, self.seat, karama.may_sell(state, self.seat))
                      ] if self._trades(state) else []
            if (kind := self._token_kind(state)) is not None:
                found.append(charity_tokens.prompt(state, self.seat, kind))
            if karama.may_flip(state, self.seat):
                found.append(karama.flip_prompt(state, self.seat))
            if fund.open_(state, self.seat):
                found.append(fund.prompt(state, self.seat))
            if audit.lending(state, self.seat):
                found.append(audit.lend_prompt(state, self.seat))
            if tupile.askable(state, self.seat):                # 001 4.10.12 "Tupile"
                found.append(tupile.prompt(state, self.seat))
        found += [audit.estimate_prompt(state, seat) for seat in sorted(seats)
                  if audit.estimating(state, self.seat, seat)]
        for seat, other in self._swappers(state):
            if seat in seats:
                found.append(swap.prompt(state, seat, other))
        found += [multipurpose.prompt(state, seat) for seat in multipurpose.users(state, self.seat)
                  if seat in seats]
        return found

    def standing_keys(self, state: State, asked: list[str]) -> list[str]:
        seats = {k.split(":")[1] for k in asked}
        found = []
        if self.seat in seats:
            found += [market.key(self.seat)] if self._trades(state) else []
            if (kind := self._token_kind(state)) is not None:
                found.append(f"{kind}:{self.seat}")
            if karama.may_flip(state, self.seat):
                found.append(karama.flip_key(self.seat))
            if fund.open_(state, self.seat):
                found.append(fund.key(self.seat))
            if audit.lending(state, self.seat):
                found.append(audit.lend_key(self.seat))
            if tupile.askable(state, self.seat):
                found.append(f"{tupile.KIND}:{self.seat}")
        found += [audit.estimate_key(seat) for seat in sorted(seats)
                  if audit.estimating(state, self.seat, seat)]
        found += [swap.key(seat) for seat, _ in self._swappers(state) if seat in seats]
        found += [multipurpose.key(seat) for seat in multipurpose.users(state, self.seat)
                  if seat in seats]
        return found

    def standing_decision(self, state: State, key: str, value: Any) -> list[Event]:
        kind, seat = key.split(":")
        if kind == market.KIND:
            return market.given(state, self.seat, value)
        if kind == swap.KIND:
            return swap.given(state, seat, value)
        if kind == karama.FLIP:
            return karama.set_flip(state, self.seat, value)
        if kind == fund.KIND:
            return fund.given(state, self.seat, value)
        if kind == audit.ESTIMATE:
            return audit.estimate_given(state, seat, value)
        if kind == audit.LEND:
            return audit.lend_given(state, self.seat, value)
        if kind == multipurpose.KIND:
            return multipurpose.given(state, seat, value)
        if kind == tupile.KIND:
            return tupile.asked(state, self.seat, value)
        return charity_tokens.given(state, self.seat, kind, value)

    def hand_limit_cut(self, state: State, seat: str) -> int:
        """001 4.10.12 "Tupile" (Occupied): one card more for the occupier and their ally."""
        return -tupile.hand_bonus(state, seat)

    def alliance_ended(self, state: State, alliance: list[str]) -> list[Event]:
        """001 4.10.12 "Tupile" (Occupied): the occupier's ally no more holds one card more."""
        return tupile.ally_left(state, alliance)

    def phase_ends(self, state: State) -> list[Event]:
        """OPEN MARKET: the sale standing carried out (and its Karama sale, 1.14.10 (A)); at
        the end of the Shipment and Movement phase its Karama flip (1.14.10 (B)); at War
        Continues, its token."""
        events = []
        if self.seat in state["seats"]:
            events += karama.sell(state, self.seat) + karama.flip(state, self.seat)
            events += multipurpose.phase_ends(state, self.seat)     # A 2.09.08, B 2.09.11
            events += audit.phase_ends(state, self.seat)            # B 2.09.21: the loan
        events += market.sell(state, self.seat) if self._trades(state) else []
        events += tupile.turn_ends(state)                   # 001 4.10.12 "Tupile" (Occupied)
        if self.seat in state["seats"]:                      # A 2.09.15: the card swap
            allies = self._swappers(state)
            events += swap.phase_ends(state, self.seat, allies[1][0] if allies else None)
        kind = self._token_ability(state)
        if state["phase"] == charity_tokens.WAR_CONTINUES and kind is not None:
            events += charity_tokens.war_continues(state, self.seat, kind)
        return events

    def _swappers(self, state: State) -> list[tuple[str, str]]:
        """The two sides of the card swap (A 2.09.15), each with the other's name, while CHOAM
        has an ally and the power; none else."""
        if self.seat not in state["seats"] or not has(state, self.seat, Ability.ALLY_CARD_SWAP):
            return []
        allies = ally_of(state, self.seat)
        if not allies:
            return []
        ally = allies[0]
        return [(self.seat, faction_name(ally, state)), (ally, "CHOAM")]

    def _token_ability(self, state: State) -> str | None:
        """The kind of its charity token its sheet plays (A: Inflation, B: Earnings)."""
        if self.seat not in state["seats"]:
            return None
        for ability in (Ability.INFLATION, Ability.EARNINGS):
            if has(state, self.seat, ability):
                return charity_tokens.kind_of(ability)
        return None

    def _token_kind(self, state: State) -> str | None:
        """Its charity token's kind while one is behind its shield to be played."""
        kind = self._token_ability(state)
        return kind if kind and charity_tokens.behind(state, self.seat, kind) else None

    def _trades(self, state: State) -> bool:
        return self.seat in state["seats"] and has(state, self.seat, Ability.OPEN_MARKET)

    # --- hooks of CHOAM Charity

    def charity_begins(self, state: State) -> list[Event]:
        """CHARITY / OVERAGE DISTRIBUTION (2.09.05): 2 spice from the bank for each faction in
        the game, before anyone collects charity."""
        if not has(state, self.seat, Ability.CHOAM_CHARITY):
            return []
        events = charity_tokens.turned_up(state)              # B 2.09.07 QUARTERLIES
        count = len(state["seats"])
        rate = charity_tokens.income(state, INCOME)           # A 2.09.11-12, B 2.09.08
        amount = rate * count
        state["factions"][self.seat]["spice"] += amount
        return events + [Event(EventCode.CHOAM_INCOME, {
            "faction": self.seat, "amount": amount, "rate": rate, "factions": count,
            "rule": section(state, "2.09.05", "2.09.05")})]

    def pays_charity(self, state: State, seat: str) -> bool:
        """2.09.05: another faction's charity "is paid to them from your spice"."""
        return seat != self.seat and has(state, self.seat, Ability.CHOAM_CHARITY)

    def charity_amount(self, state: State, seat: str, amount: int) -> int:
        """WELFARE STATE and MARKET CRASH (A 2.09.11-12), DIVIDENDS (B 2.09.08)."""
        return charity_tokens.charity(state, self.seat, seat, amount)

    def charity_ends(self, state: State) -> list[Event]:
        """A 2.09.15, B 2.09.18: the ally collects 2 spice from the bank, charity or not; an
        Earnings token used leaves the game."""
        charity_tokens.charity_over(state)
        if not has(state, self.seat, Ability.ALLY_CHARITY):
            return []
        events = []
        for ally in ally_of(state, self.seat):
            state["factions"][ally]["spice"] += ALLY_CHARITY
            events.append(Event(EventCode.ALLY_CHARITY, {
                "faction": ally, "choam": self.seat, "amount": ALLY_CHARITY,
                "rule": section(state, "2.09.15", "2.09.18")}))
        return events

    # --- hooks of deals

    def bars_bribes(self, state: State) -> str:
        """CORRUPT OFFICIALS (A 2.09.14): none while the Inflation token shows Double."""
        return ("CHOAM's Inflation token shows Double (001 2.09.14 CORRUPT OFFICIALS)"
                if charity_tokens.doubled(state) else "")

    # --- hooks of revival

    def revival_terms(self, state: State, seat: str, terms: RevivalTerms) -> RevivalTerms:
        """REVIVAL (A 2.09.09): no limit to the forces it pays to revive (their price, 1 spice,
        is its forces' kind's: ``data/choam``); REPLACEABLE (A 2.09.19, B 2.09.24): the
        Auditor revivable whoever else lives (``choam_audit.replaceable``)."""
        terms = multipurpose.revival_terms(state, self.seat, seat, terms)   # La La La
        if seat != self.seat:
            return terms
        if has(state, seat, Ability.UNLIMITED_REVIVAL):
            terms = replace(terms, forces=None)
        return audit.replaceable(state, seat, terms)        # A 2.09.19, B 2.09.24

    # --- hooks of shipment and movement: MULTIPURPOSE PRODUCT's effects in force

    def extra_moves(self, game: Any, mover: str) -> int:
        """Kulon (A 2.09.08, B 2.09.11): one territory more (``choam_multipurpose``)."""
        return multipurpose.extra_moves(game, self.seat, mover)

    def moves_barred(self, game: Any, mover: str) -> dict[str, str]:
        """Baliset (A 2.09.08, B 2.09.11): no move into the territory named."""
        return multipurpose.moves_barred(game, self.seat, mover)

    def through_storm(self, game: Any, mover: str) -> bool:
        """Jubba Cloak (B 2.09.11): moves through the storm."""
        return multipurpose.through_storm(game, self.seat, mover)

    def arrived(self, state: State, mover: str, territory: str, wish: bool | None, count: int,
                source: str | None) -> list[Event]:
        if source is not None:                  # Kulon: spent on the mover's first move
            multipurpose.moved(state, self.seat, mover)
        return []

    def storm_shelter(self, state: State, seat: str, territory: str) -> list[Event]:
        """Jubba Cloak (A 2.09.08): no storm loss of the user's forces in the territory."""
        return multipurpose.storm_shelter(state, self.seat, seat, territory)

    def shipped_count(self, state: State, forces: dict[str, int], kind: str = "reserve",
                      destination: str | None = None) -> int:
        """ELITE MERCENARIES SHIPMENT (B 2.09.17): "Elite Mercenaries cost twice the current rate
        to ship when the Star side is face up": each counts two."""
        starred = karama.elite(state, self.seat)
        if starred is None or not has(state, self.seat, Ability.ELITE_SHIPMENT):
            return sum(forces.values())
        return sum(forces.values()) + forces.get(starred, 0)

    def shipping_terms(self, state: State, shipper: str) -> str:
        if shipper != self.seat or karama.elite(state, self.seat) is None or not has(
                state, self.seat, Ability.ELITE_SHIPMENT):
            return ""
        return ("Your Elite Mercenaries (*) cost twice the rate to ship (001 2.09.17 ELITE "
                "MERCENARIES SHIPMENT).")

    # --- hooks of battle

    def before_plans_decision(self, state: State, battle: dict[str, Any]
                              ) -> tuple[Prompt, str] | None:
        """PAID INTEL (A 2.09.18, B 2.09.23): the opponent's word on cancelling an audit, in
        the battle's first mail round (``choam_audit``)."""
        return audit.decision(state, self.seat, battle)

    def before_plans_key(self, state: State, battle: dict[str, Any]) -> str | None:
        return audit.key(state, self.seat, battle)

    def before_plans(self, state: State, orders: dict[str, Any], wanted: dict[str, list[str]],
                     tools: BattleTools) -> list[Event]:
        audit.given(state, orders)
        return []

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """PAID INTEL: the audit, if the Auditor led CHOAM's side."""
        return audit.after_battle(state, self.seat, plans, rng)

    def karama_attempted(self, state: State, seat: str, use: str | None) -> list[Event]:
        """MULTIPURPOSE PRODUCT (A 2.09.08): the Kull Wahad stops the Karama of the faction
        its standing use names (``choam_multipurpose``)."""
        if self.seat not in state["seats"]:
            return []
        return multipurpose.karama_attempted(state, self.seat, seat, use)

    def bars_karama(self, game: Any, seat: str) -> bool:
        return self.seat in game["seats"] and multipurpose.bars_karama(game, self.seat, seat)

    def leaders_lent(self, game: Any, seat: str) -> list[str]:
        """ALLIANCE (B 2.09.21): the Auditor, while lent to ``seat`` (``choam_audit``)."""
        return audit.lent_to(game, self.seat, seat)

    def battle_support(self, state: State, seat: str) -> int:
        """ALLIANCE (A 2.09.16, B 2.09.20): what it pays of its ally's battle spice, its
        standing ``FUND`` (``choam_fund``)."""
        return fund.support(state, self.seat, seat)

    def battle_supported(self, state: State, seat: str, spice: int) -> list[Event]:
        return fund.paid(state, self.seat, seat, spice)

    def battle_spice(self, state: State, payer: str, spice: int) -> list[Event]:
        """FORCES (A 2.09.21-22, B 2.09.26-27, advanced): half, rounded down, of the spice
        another faction pays for its forces in a battle goes to CHOAM (a winner by a traitor
        pays none, 1.07.07.07)."""
        share = spice // 2
        if payer == self.seat or not share or not has(state, self.seat,
                                                        Ability.BATTLE_SPICE_SHARE):
            return []
        state["factions"][self.seat]["spice"] += share
        return [Event(EventCode.BATTLE_SPICE_SHARE, {
            "faction": self.seat, "payer": payer, "paid": spice, "spice": share,
            "rule": section(state, "2.09.21", "2.09.26")})]

    # --- hooks of the invariants

    def forces_now(self, state: State, counts: dict[str, int]) -> dict[str, int]:
        """Its two-sided tokens flipped to their plain side (1.14.10 (B), ``choam_karama``)."""
        return karama.forces_now(state, self.seat, counts)

    def violations(self, state: State) -> list[str]:
        """Its standing sale names cards of the deck (2.09.07); at most one of its charity
        tokens lies on the Charity phase, and the Inflation token is marked flipped only while
        it lies there (2.09.10-13, 2.09.06)."""
        own = state["factions"][self.seat]
        found = audit.violations(state, self.seat)
        word = own.get("market")
        names = {card.name for card in data(state).treachery_deck}
        if word is not None and (not isinstance(word.get("worthless"), bool)
                                 or not set(word.get("cards", [])) <= names):
            found.append(f"choam: the Open Market sale {word!r}")
        kind = self._token_ability(state)
        if kind is not None:
            front = [t for t in tokens.of(state) if t["kind"] == kind and t["at"] == "front"]
            if len(front) > 1:
                found.append(f"choam: {len(front)} {kind} tokens on the Charity phase")
            if own.get("inflation_flipped") and not front:
                found.append("choam: the Inflation token flipped, yet not on the Charity phase")
        return found

    # --- hooks of the views and reports

    def in_front(self, state: State) -> dict[str, Any]:
        """MULTIPURPOSE PRODUCT's effects in force (A 2.09.08, B 2.09.11) and the Auditor's
        loan (B 2.09.21), public."""
        own = state["factions"][self.seat]
        effects = own.get(multipurpose.EFFECTS)
        found = {multipurpose.EFFECTS: [dict(e) for e in effects]} if effects else {}
        if own.get(audit.LENT_TO):                          # B 2.09.21: the loan, public
            found[audit.LENT_TO] = own[audit.LENT_TO]
        return found

    def behind_shield(self, state: State) -> dict[str, Any]:
        """Its sale standing on the Open Market, its Karama flip standing and its two-sided
        tokens flipped to the plain side (secret until carried out)."""
        found: dict[str, Any] = {}
        if fund.open_(state, self.seat):
            found["battle_fund"] = state["factions"][self.seat].get(fund.PLEDGE, 0)
        if self._trades(state):
            found["market"] = market.text(state, state["factions"][self.seat].get("market"))
        if karama.may_flip(state, self.seat) or karama.flipped(state, self.seat):
            found["karama_flip"] = karama.flip_text(
                state, state["factions"][self.seat].get("karama_flip"))
            found["flipped"] = karama.flipped(state, self.seat)
        return found
