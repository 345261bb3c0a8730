"""The Fremen: their powers (000 Player Shields lines 813-841)."""

from __future__ import annotations

from .base import Faction


class Fremen(Faction):
    """The Fremen's hooks."""

    seat = "fremen"

    # --- hooks of battle
    def counts_full_without_spice(self) -> bool:
        """WBC house rule 6 (line 1059): the Fremen count their forces full without spice, and
        so does their ally in its own battles (by mail the Fremen are taken to permit it)."""
        return True
