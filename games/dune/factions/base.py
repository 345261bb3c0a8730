"""The hooks a faction may fill: every default is "this faction has no power here"."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..state import State


class Faction:
    """A faction's powers, as the hooks the phases call (``factions/<faction>.py`` subclasses
    this for each faction and overrides the hooks where its powers apply)."""

    seat: str = ""

    def upgrade(self, state: State) -> None:
        """Move what earlier code kept of this faction at the state's top level into its
        sheet (a stored game loads in today's shape); nothing by default."""

    # --- hooks of set-up

    def own_sheet(self) -> dict[str, Any]:
        """What this faction's sheet keeps at set-up beyond every faction's entries (the state
        of its own powers); nothing by default."""
        return {}

    def start_placement(self) -> str:
        """When the faction's starting forces go on the board (000 III.E.4): ``"fixed"``, at
        once where its sheet puts them; ``"chosen"``, spread by its own decision over its
        sheet's territories in the first set-up round; ``"last"``, its sheet's token placed
        after that round (WBC III), anywhere with ``Ability.START_ANYWHERE`` (000 XV.B.1)."""
        return "fixed"

    def holds_starting_cards(self, state: State) -> bool:
        """Whether the starting treachery cards wait for this faction's decision in the first
        set-up round (001 2.07.04 POCKET CARDS): no."""
        return False

    def set_up_prompts(self, state: State) -> list[Prompt]:
        """Its own decisions of the set-up round under way: none by default."""
        return []

    def set_up_decision(self, state: State, kind: str, value: Any,
                        rng: random.Random) -> list[Event]:
        """Carry out one of its ``set_up_prompts``' decisions; it has none by default."""
        raise AssertionError(f"{self.seat} has no {kind} decision")

    def placed_last(self, state: State, territory: str) -> list[Event]:
        """Its token placed last at set-up (``start_placement`` ``"last"``) has landed in the
        territory: what its power does then; nothing by default."""
        return []

    # --- hooks of the storm and the spice blow

    def storm_prompts(self, state: State) -> list[Prompt]:
        """Its decisions of the storm round as it stands (a place of the board layer to put on
        the board or to move, 001 2.07.05, 2.07.19): none by default."""
        return []

    def storm_keys(self, state: State) -> list[str]:
        """The keys of ``storm_prompts``, without their text (the storm round's ``keys``)."""
        return []

    def storm_decision(self, state: State, kind: str, value: Any) -> list[Event]:
        """Carry out one of its ``storm_prompts``' decisions; it has none by default."""
        raise AssertionError(f"{self.seat} has no {kind} decision")

    def draws_weather(self) -> bool:
        """Whether the faction draws the weather markers that move the storm with option XVI
        (000 XVI.B-C); without such a faction in play the dials stay in use (XVI.D)."""
        return False

    # --- hooks of bidding

    def stock(self, state: State) -> int:
        """The cards more than the auction's that the faction draws and looks at before the
        row is laid out, choosing one to leave it (001 2.07.08 SUPPLY CHAIN): none."""
        return 0

    def stock_prompts(self, state: State) -> list[Prompt]:
        """Its decisions while it holds the row (``stock``): the card that leaves it, and any
        other it makes seeing the row."""
        raise AssertionError(f"{self.seat} stocks no row")

    def stock_decision(self, state: State, kind: str, value: Any, rng: random.Random
                       ) -> list[Event]:
        """Carry out one of its ``stock_prompts``' decisions."""
        raise AssertionError(f"{self.seat} stocks no row")

    def before_cards_up(self, state: State, count: int) -> list[Event]:
        """What its power does to the row's next ``count`` cards before anyone sees them or
        bids (001 2.07.23 TECHNOLOGY): nothing."""
        return []

    # --- hooks of shipment and movement

    def movement(self, state: State, base: int, forces: dict[str, int] | None) -> int:
        """The territories a group of these ``forces`` of the faction enters (None: not
        known), its sheet's ``base`` without ornithopters: the sheet's."""
        return base

    def admits_ally(self, state: State) -> bool:
        """Whether, alone in a territory, the faction lets its ally enter it, which XII.E.5
        (line 467) forbids: no."""
        return False

    def declares_with_moves(self) -> bool:
        """Whether the faction's moves may end with ``COEXIST`` or ``FIGHT`` (000 XV.B.5): no."""
        return False

    # --- hooks of battle

    def before_battles(self, state: State) -> list[Event]:
        """What its power does as the battle round opens, before the battles are found: nothing
        by default."""
        return []

    def counts_full_without_spice(self) -> bool:
        """Whether its forces, and its ally's in their own battles, count full without spice
        in advanced combat (WBC house rule 6, line 1059): no."""
        return False

    def may_add_kwisatz_haderach(self, record: dict[str, Any]) -> bool:
        """Whether the Kwisatz Haderach of this record may fight with its leader (000 line
        762): it has none."""
        return False

    def captives(self, state: State) -> list[str]:
        """Other factions' leaders it may play as its own (000 line 884): none."""
        return []

    def traitors_for(self, state: State, seat: str) -> dict[str, str]:
        """The leaders its power puts in ``seat``'s pay beside ``seat``'s own traitors, each
        with the faction that holds him: none."""
        return {}

    def captive_killed(self, state: State, name: str) -> str | None:
        """A leader it played is killed in battle: the owner whose tanks he goes to when he
        is another's (000 line 884), else None."""
        return None

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """What its power does once a battle's outcome is applied: nothing."""
        return []

    def after_losses(self, state: State, territory: str, sectors: list[int],
                     taken: dict[str, dict[str, int]]) -> list[Event]:
        """What its power does once a battle's forces are lost (``taken``: each side's, per
        kind; ``sectors``: the battle's part of the territory, all of it if empty): nothing."""
        return []

    def battle_losses(self, state: State, lost: dict[str, int]) -> list[Event]:
        """The forces each faction lost in a battle, as its power counts them: not at all."""
        return []

    # --- hooks of collection, alliances and victory

    def default_victory_precedence(self) -> int | None:
        """The faction's place among the default victories at the end of play, lowest first
        (Q&A XXV.E.3, 000 line 700), or None without one (its sheet's ``default_victory``
        says what it needs)."""
        return None

    def drop_out(self, state: State) -> list[Event]:
        """Clear what the faction alone keeps in the state when it drops out (004 line 193);
        the events of that."""
        return []

    # --- hooks of the views and reports

    def coexisting_in_view(self, view: dict[str, Any]) -> list[str]:
        """The territories where the faction's forces coexist, "as if they are not even on
        the board" (000 XV.B.4), as the public view shows them; none by default."""
        return []

    def behind_shield(self, state: State) -> dict[str, Any]:
        """What the faction alone sees behind its shield beyond what every faction sees of its
        own sheet (000 XIII.A-B); nothing by default."""
        return {}
