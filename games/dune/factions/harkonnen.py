"""The Harkonnen: their powers (000 Player Shields lines 869-889)."""

from __future__ import annotations

from typing import Any

from ..capture import held
from ..state import State
from .base import Faction


class Harkonnen(Faction):
    """The Harkonnen's hooks."""

    seat = "harkonnen"

    # --- hooks of the views and reports
    def behind_shield(self, state: State) -> dict[str, Any]:
        """The leaders they hold captured (line 884; WBC line 1262: not public)."""
        return {"captured": dict(held(state))}
