"""The Fremen: their powers (000 Player Shields lines 813-841)."""

from __future__ import annotations

from typing import Any

from ..state import State
from .base import Faction


class Fremen(Faction):
    """The Fremen's hooks."""

    seat = "fremen"

    # --- hooks of the views and reports
    def behind_shield(self, state: State) -> dict[str, Any]:
        """Their next weather marker, once drawn (000 XVI.B)."""
        marker = state["storm"]["marker"]
        return {} if marker is None else {"weather_marker": marker}
