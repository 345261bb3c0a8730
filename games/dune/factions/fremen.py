"""The Fremen: their powers (000 Player Shields lines 813-841)."""

from __future__ import annotations

from typing import Any

from ..rules import rules_of
from ..state import State
from .base import Faction


class Fremen(Faction):
    """The Fremen's hooks."""

    seat = "fremen"

    # --- hooks of set-up

    def start_placement(self) -> str:
        """Their 10 forces spread as they like over their start territories (line 816)."""
        return "chosen"

    # --- hooks of the storm and the spice blow

    def draws_weather(self) -> bool:
        """They draw the weather markers (000 XVI.B-C; Fremen advantage, line 994)."""
        return True

    # --- hooks of battle

    def counts_full_without_spice(self, ally: bool) -> bool:
        """WBC house rule 6 (line 1059): the Fremen count their forces full without spice, and
        so does their ally in its own battles (by mail the Fremen are taken to permit it)."""
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


class FremenGF9(Fremen):
    """The Fremen of the GF9 edition, where their powers differ from classic's."""

    rulesets = ("gf9",)

    def counts_full_without_spice(self, ally: bool) -> bool:
        """001 2.04.22, BATTLE HARDENED: "Your Forces", their own only, not their ally's."""
        return not ally


class FremenV3(Fremen):
    """The Fremen of Dune v3.0, where their powers differ from classic's."""

    rulesets = ("v3",)

    def counts_full_without_spice(self, ally: bool) -> bool:
        """003 house rule "Fremen Combat": "your units", their own only, not their ally's."""
        return not ally
