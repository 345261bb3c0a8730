"""The hooks a variant may fill (001 4, "Variants"): every default is "nothing happens"."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pbem.game import Event, Prompt

from ..data import Act, SpiceCard
from ..state import State

if TYPE_CHECKING:                   # the import graph stays shallow (test_architecture)
    from ..forces import Counts


class Variant:
    """A variant's rules, as the hooks the phases call for every variant the game plays
    (``variants.in_play``); ``variants/<variant>.py`` subclasses this and overrides the hooks
    where its rules apply."""

    option: str = ""            # the ruleset's option that puts the variant in play
    # The kinds of the decisions it opens (``decisions``), which it carries out (``decide``).
    decision_kinds: frozenset[str] = frozenset()

    def dealt(self, state: State, rng: random.Random) -> None:
        """The set-up has dealt the starting treachery cards, not yet the traitors: it deals
        nothing."""

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """The decisions it opens now in the phase, asked beside the factions' own through the
        one hook (``factions.decisions``): none."""
        return []

    def decide(self, state: State, phase: str, key: Any, value: Any, rng: random.Random
               ) -> list[Event]:
        """Carry out one of its ``decisions`` (``key``: its ``PromptKey``)."""
        raise AssertionError(f"{self.option} has no {key} decision in {phase}")

    def standing_prompts(self, state: State, asked: list[Prompt]) -> list[Prompt]:
        """Its optional standing words riding on a mail round (``asked``: its prompts), asked
        of a seat asked anything else, as the factions' own (``Faction.standing_prompts``):
        none."""
        return []

    def standing_keys(self, state: State, asked: list[str]) -> list[str]:
        """The keys of ``standing_prompts``, from the keys of the other decisions."""
        return []

    def standing_decision(self, state: State, key: str, value: Any) -> list[Event]:
        """Carry out one of its ``standing_prompts``' decisions: it has none."""
        raise AssertionError(f"{self.option} has no standing word {key}")
    def storm_shift(self, state: State, sectors: int) -> tuple[int, list[Event]]:
        """The storm is about to move ``sectors`` by its dials or card (not Weather Control,
        not turn 1): the sectors it moves instead, and what changed them: as many."""
        return sectors, []

    def storm_placed(self, state: State, rng: random.Random) -> list[Event]:
        """The first storm of the game has moved (turn 1's storm phase): nothing."""
        return []

    def acted(self, state: State, seat: str, act: Act) -> list[Event]:
        """A faction has done ``act`` in the phase under way: nothing follows."""
        return []

    def collected(self, state: State, events: list[Event]) -> list[Event]:
        """The territories' spice is collected (``events``, the collection's): nothing
        follows."""
        return []

    def spice_card(self, card_id: str) -> SpiceCard | None:
        """The spice card of this id if it is one of the variant's own: none."""
        return None

    def spice_card_turned(self, state: State, card: SpiceCard, rng: random.Random
                          ) -> list[Event]:
        """A territory card of the spice deck is turned, its spice not yet placed: nothing."""
        return []

    def nexus_vote(self, state: State, card: SpiceCard) -> tuple[bool, list[Event]] | None:
        """Whether the worm ``card``, one of the variant's, brings its Nexus, by a vote, and
        the vote's events; None for a card that is none of its own."""
        return None

    def reserve_ride(self, card_id: str) -> bool:
        """Whether the worm ``card_id``, one of the variant's, lets the worm riders ride it with
        forces of their reserves (001 4.06.09.03): no."""
        return False

    def flight(self, game: State | dict[str, Any], seat: str) -> bool:
        """Whether ``seat`` holds a piece of the variant's that moves one group three
        territories (as the Richese Ornithopter, 001 3.03.07): none."""
        return False

    def flown(self, state: State, seat: str) -> list[Event]:
        """That piece used for one movement action (``flight``): nothing."""
        return []

    def phase_begins(self, state: State) -> list[Event]:
        """The phase under way has just begun, before its own work: nothing."""
        return []

    def phase_ends(self, state: State, rng: random.Random) -> list[Event]:
        """The phase under way is over, the next not yet begun: nothing."""
        return []

    def violations(self, state: State) -> list[str]:
        """What of its own must hold after every step and does not (the invariants): none."""
        return []

    def battle_won(self, state: State, winner: str, loser: str,
                   plans: dict[str, dict[str, Any]], rng: random.Random) -> list[Event]:
        """``winner`` has defeated ``loser`` in a battle, its outcome applied: nothing."""
        return []

    def victory_points(self, state: State, seat: str) -> list[str]:
        """What beside the strongholds ``seat`` holds for victory, each counted as one
        stronghold held: nothing."""
        return []

    def leader_back(self, state: State, seat: str, name: str) -> list[Event] | None:
        """A leader of none of ``seat``'s five revived by a power of the variant's: what becomes
        of him (None: not the variant's to say)."""
        return None

    def victory_needs(self, state: State, party: list[str], needed: int | None) -> int | None:
        """The strongholds ``party`` needs to win (``needed``: as the rules and the factions
        say; None: it may not win so): unchanged."""
        return needed

    def war_continues(self, state: State, held: dict[str, list[str]]) -> list[Event]:
        """No faction has won at the Mentat Pause; ``held``: what each controls: nothing."""
        return []

    def at_reveal(self, state: State, territory: str, plans: dict[str, dict[str, Any]]
                  ) -> None:
        """The plans of a battle in ``territory`` are revealed: nothing marks them."""

    def battle_spice_help(self, game: State | dict[str, Any], seat: str, territory: str) -> int:
        """The spice the bank pays of what ``seat`` backs its forces with: none."""
        return 0

    def battle_over(self, state: State, territory: str, winner: str | None,
                    plans: dict[str, dict[str, Any]], lost: dict[str, Counts],
                    rng: random.Random, dialed: Callable[[str], int]) -> list[Event]:
        """A battle in ``territory`` is over, its losses (``lost``, per seat) taken
        (``dialed``: the forces a side's dial is worth): nothing."""
        return []

    def battle_opened(self, state: State, rng: random.Random) -> list[Event]:
        """A battle is opened, its plans not yet asked: nothing."""
        return []

    def paid(self, state: State, payer: str, payee: str | None, amount: int, front: bool,
             payment: str) -> list[Event]:
        """``payer`` has paid ``amount`` spice to ``payee`` (None: the bank; ``front``: in
        front of the payee's shield; ``payment``: what for, "" but for ``factions.payee``'s
        kinds): nothing follows."""
        return []

    def forces_revived(self, state: State, seat: str, forces: Counts, free: int,
                       landings: Callable[[str], tuple[int, ...]]) -> list[Event]:
        """``seat`` has revived ``forces`` by its revival order, ``free`` of them at most free
        (the dearest first); ``landings``: the sectors of a place where a shipment of its
        reserves could land now: nothing follows."""
        return []

    def bought(self, state: State, buyer: str, card: str, paid: dict[str, int],
               payee: str | None, rng: random.Random) -> list[Event]:
        """``buyer`` has bought ``card`` in the bidding (``paid``: the spice each payer gave,
        none for a Karama; ``payee``: who received it, None for the bank): nothing follows."""
        return []

    def cross_ships(self, game: State | dict[str, Any], seat: str) -> bool:
        """Whether it lets ``seat`` ship from one territory to another at half the price now
        (001 4.03.07.07 B, CROSS-SHIP): no."""
        return False

    def loser_keeps_one(self, state: State, loser: str) -> bool:
        """Whether it lets ``loser`` of a battle with a winner keep one card it played that it
        could have kept had it won (001 4.03.07.13): no."""
        return False

    def revival_opens(self, state: State, reviving: list[str], rng: random.Random
                      ) -> list[Event]:
        """The revival round is opened; ``reviving``: the factions asked in it that may revive
        a leader of their own: nothing follows."""
        return []

    def moved(self, state: State, seat: str, territory: str) -> list[Event]:
        """A group of ``seat`` has moved into ``territory``: nothing follows."""
        return []

    def turn_taken(self, state: State, seat: str, events: list[Event]) -> list[Event]:
        """``seat``'s turn of Shipping and Movement has been played (``events``, what it
        did): nothing follows."""
        return []

    def free_revival(self, game: State | dict[str, Any], seat: str) -> int:
        """Forces ``seat`` revives free beyond its sheet's: none."""
        return 0

    def widened(self, game: State | dict[str, Any], seat: str, reach: int) -> int:
        """How many territories a group of ``seat`` that may enter ``reach`` enters: as many."""
        return reach

    def movement_bonus(self, game: State | dict[str, Any], seat: str, territory: str) -> int:
        """Territories more a group of ``seat`` starting in ``territory`` may move: none."""
        return 0

    def shipped(self, state: State, seat: str, territory: str, sector: int, empty: bool
                ) -> list[Event]:
        """``seat`` has shipped forces from off-planet into ``territory`` (``empty``: no
        faction's forces were there before): nothing follows."""
        return []

    def native_arrivals(self, game: State | dict[str, Any], seat: str) -> frozenset[str]:
        """Territories beyond its sheet's where a native faction's shipment may send its
        reserves: none."""
        return frozenset()

    def stronghold_rate(self, game: State | dict[str, Any], seat: str, territory: str) -> bool:
        """Whether ``seat`` ships into ``territory`` at the strongholds' rate: no more than
        its board says."""
        return False

    def shipped_as_one(self, game: State | dict[str, Any], seat: str, kind: str) -> int:
        """How many forces of ``seat``'s shipment of ``kind`` are priced as one (001
        4.03.07.11): none."""
        return 0

    def devouring(self, state: State, territory: str, safe: set[str]
                  ) -> tuple[set[str], list[Event]]:
        """A worm is about to devour the forces in ``territory`` but those of ``safe``: the
        factions it spares besides, with what that plays (001 4.03.07.05): none."""
        return set(), []

    def worm_ridden_from(self, state: State, territory: str, rng: random.Random
                         ) -> tuple[list[str], list[Event]]:
        """A worm appeared in ``territory``, where no forces were: the territories it is also
        ridden from after the Nexus, with what that plays (001 4.03.07.05): none."""
        return [], []

    def shipment_paid(self, state: State, payer: str, payee: str | None, amount: int
                      ) -> list[Event]:
        """``payer`` has paid ``amount`` spice for a shipment to ``payee`` (the Guild, or None:
        the bank; 001 4.03.07.07): nothing follows."""
        return []

    def revival_terms(self, game: State | dict[str, Any], seat: str, terms: Any) -> Any:
        """The terms of ``seat``'s revival (``factions.RevivalTerms``) as the variant changes
        them (001 4.03.07.09): as they are."""
        return terms

    def full_strength(self, game: State | dict[str, Any], seat: str) -> frozenset[str]:
        """The kinds of ``seat``'s forces worth a normal force in its battles whatever their
        strength (001 4.03.07.08): none."""
        return frozenset()

    def full_price(self, game: State | dict[str, Any], seat: str, territory: str) -> bool:
        """Whether a shipment of ``seat`` into ``territory`` is never at half price: no."""
        return False

    def shut(self, game: State | dict[str, Any], seat: str, kind: str, guild: bool
             ) -> frozenset[str]:
        """Territories a shipment of ``kind`` by ``seat`` may not land in (``guild``: the seat
        has the Guild's own shipment): none."""
        return frozenset()

    def explosion_losses(self, state: State, territory: str, seat: str, counts: Counts
                         ) -> Counts:
        """The forces of ``seat`` a lasgun/shield explosion in ``territory`` sends to the
        tanks, of ``counts`` there: all."""
        return counts

    def may_ally(self, game: State | dict[str, Any], seat: str, other: str) -> bool:
        """Whether ``seat`` may ally with ``other``: yes."""
        return True

    def shipping_terms(self, state: State, seat: str) -> str:
        """What the variant adds to the shipping terms a faction is told: nothing."""
        return ""

    def sale_betrayed(self, state: State, seller: str, buyer: str, rng: random.Random
                      ) -> list[Event]:
        """A card ``seller``'s power offers is about to be sold to ``buyer``: what cancels the
        seller's power over the sale (001 4.03.07.11): nothing."""
        return []

    def traitors_cancelled(self, state: State, plans: dict[str, dict[str, Any]],
                           traitors: dict[str, dict[str, str]], rng: random.Random
                           ) -> list[Event]:
        """The battle's plans are revealed; ``traitors``: the leaders each side may call as
        traitors, each with the faction holding him, which it may cut (001 4.03.07.06): none
        cut."""
        return []

    def co_occupier(self, game: State | dict[str, Any], territory: str) -> str | None:
        """The faction that ignores ``territory``'s occupancy limits and battles there last
        (001 4.03.07.12 B): none."""
        return None

    def traitors_barred(self, state: State, territory: str, seat: str) -> bool:
        """Whether ``seat`` may call no traitor in a battle in ``territory``: it may."""
        return False

