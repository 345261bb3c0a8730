"""Ecaz's BATTLING CO-OCCUPIED and its RESOLUTION (001 2.11.19-20, text A).

- 2.11.19: "When you or your ally are in a battle with another faction while you are
  Co-Occupied, you decide which of you is considered the faction in the battle (choosing a
  leader and playing Treachery Cards) once battle order is determined": one battle against
  that faction, not one each (``beside``: the battle round pairs Ecaz's ally with it,
  ``Faction.fights_beside``).
- 2.11.20: "regardless of who fights the battle, your ally's Forces are the ones dialed, and
  half of your Forces in the Territory (rounded up) are added to the number dialed (without
  needing spice in the advanced game).  After the battle, half of your Forces (rounded down)
  remain in the Territory if your side wins, and the rest go to the Tanks" (``support``, the
  ally's plan's ``partner_bonus``; ``resolved``, once the battle is over; a side that does not
  win, its forces all go).

By mail Ecaz's choice of who fights is a standing one, part of their decision of the revival
round (``FIGHTER ALLY``, the default, or ``FIGHTER ECAZ``; their sheet's ``fighter``): the
battle round pairs the one chosen with the third faction (``beside``).  Ecaz fighting it choose
the leader and play the cards, their ally's forces dialed and lost as theirs would be
(``dials_for``, asked by the battle plan's side and the battle's losses), spice paid by Ecaz,
the one in the battle (ruling).

With the homeworlds, Ecaz's Low side (001 4.10.12 "Ecaz": "your opponent chooses which one of
you fights the battle") gives the choice to the third faction, by its standing word (the
variant's ``facing``, kept in its sheet): the faction it names of Ecaz and their ally fights;
with no word, or one naming neither, Ecaz's own choice stands (ruling).

Rulings (docs/rules-coverage.md, 001 2.11.19-20): the choice is Ecaz's alone until the battle
round names who fights; co-occupied is both in the part of the territory the storm does not
split, as a battle is.

Text B (``ecaz_text_b``) keeps the ability (2.11.19 is not struck, and 2.11.20 B names it) for
Ecaz and their ally both occupying the battle's territory, and adds: "When battling without
ability Battling Co-Occupied while also Co-Occupied, Forces of the ally not in battle all stay
when their ally wins, and all go to the tanks when their ally loses".  Ruling: that is Ecaz
co-occupied there by an Ambassador (2.11.07 B: coexisting, never in the battle; their Ecaz
Ambassador beside their ally, 2.11.20 B ALLIANCE, ``ecaz_embassy.cooccupied``) while their ally
fights: nothing added to its dial, and after it all their forces there stay or all go
(``support``'s ``cooccupied``, judged as the plans are revealed, before the losses that may end the
co-occupation: the ally's plan's ``beside_kept``).
"""

from __future__ import annotations

from typing import Any

from pbem.game import Event

from ..board import homeworlds
from ..codes import EventCode
from ..data import Ability
from ..forces import remove_forces, to_tanks, total
from ..state import State, ally_of, forces_at, occupants
from .base import has

ALLY, ECAZ = "ally", "ecaz"         # who fights (their sheet's ``fighter``)
KEPT = "beside_kept"    # the ally's plan: Ecaz beside it without the ability (2.11.20 B)


def beside(game: Any, ecaz: str, here: list[str], seat: str, other: str) -> bool:
    """2.11.19: Ecaz, their ally and a third faction in a part of a territory: one battle, the
    one Ecaz chose (``fighter``: their ally by default) fighting it for both, no battle of the
    other's own."""
    allies = ally_of(game, ecaz)
    if not allies or not has(game, ecaz, Ability.OCCUPY) or not (
            ecaz in here and allies[0] in here):
        return False
    third = next((s for s in (seat, other) if s not in (ecaz, *allies)), None)
    aside = allies[0] if fighter(game, ecaz, third) == ECAZ else ecaz
    return aside in (seat, other) and not {seat, other} & {ecaz, *allies} - {aside}


def fighter(game: Any, ecaz: str, opponent: str | None = None) -> str:
    """Who fights Ecaz's co-occupied battles against ``opponent``: ``ally`` or ``ecaz``, as
    Ecaz chose, or on their homeworld's Low side as the opponent's word names (4.10.12
    "Ecaz")."""
    if opponent is not None and homeworlds.opponent_chooses(game, ecaz):
        named = game["factions"][opponent].get(homeworlds.FACING)
        if named == ecaz or (named is not None and named in ally_of(game, ecaz)):
            return ECAZ if named == ecaz else ALLY
    return game["factions"][ecaz].get("fighter", ALLY)


def dials_for(game: Any, ecaz: str, seat: str, battle: dict[str, Any]) -> str | None:
    """2.11.20: "regardless of who fights the battle, your ally's Forces are the ones dialed":
    Ecaz fighting beside their ally (it occupies the battle's part of the territory, not as
    coexisting advisors) dial and lose its forces (from a state or a view: the forces and
    alliances are public)."""
    allies = ally_of(game, ecaz)
    if (seat != ecaz or not allies or not has(game, ecaz, Ability.OCCUPY)
            or allies[0] not in occupants(game, battle["territory"])):
        return None
    here = game["forces"].get(battle["territory"], {})
    return allies[0] if any(allies[0] in by_faction for sector, by_faction in here.items()
                            if int(sector) in battle["sectors"]) else None


def _here(state: State, ecaz: str) -> dict[int, dict[str, int]]:
    """Ecaz's forces in the battle under way's part of its territory, by sector."""
    battle = state["step"]["battle"]
    return {int(sector): dict(by_faction[ecaz])
            for sector, by_faction in forces_at(state, battle["territory"]).items()
            if int(sector) in battle["sectors"] and ecaz in by_faction}


def _fighting_ally(state: State, ecaz: str, plans: dict[str, Any], after: bool = False
                   ) -> str | None:
    """The side of Ecaz and their ally in the battle under way, co-occupied: their ally
    fighting it, Ecaz beside; or Ecaz fighting it with their ally's forces (``dials_for``;
    ``after`` the battle, when those may be gone: their plan had their forces added)."""
    if not has(state, ecaz, Ability.OCCUPY):
        return None
    if ecaz in plans:
        beside = (plans[ecaz].get("partner_bonus") if after
                  else dials_for(state, ecaz, ecaz, state["step"]["battle"]))
        return ecaz if beside else None
    return next((seat for seat in plans if seat in ally_of(state, ecaz)), None)


def support(state: State, ecaz: str, plans: dict[str, dict[str, Any]],
            cooccupied: list[str]) -> list[Event]:
    """2.11.20: half their forces there, rounded up, added to their ally's number dialed;
    none without the ability (2.11.20 B: Ecaz ``cooccupied`` there by an Ambassador, module
    docstring)."""
    ally = _fighting_ally(state, ecaz, plans)
    if ally and state["step"]["battle"]["territory"] in cooccupied:
        plans[ally][KEPT] = True        # judged before the losses, which may end it
        return []
    count = sum(total(counts) for counts in _here(state, ecaz).values()) if ally else 0
    if not count:
        return []
    added = -(-count // 2)
    plans[ally]["partner_bonus"] = plans[ally].get("partner_bonus", 0) + added
    return [Event(EventCode.CO_OCCUPIED_SUPPORT, {"faction": ecaz, "ally": ally,
                                                  "forces": count, "added": added})]


def resolved(state: State, ecaz: str, winner: str | None, plans: dict[str, dict[str, Any]]
             ) -> list[Event]:
    """2.11.20: their side won (their ally): half their forces there, rounded down, stay, the
    rest to the tanks; else all of them.  2.11.20 B, without the ability: all stay if it won."""
    ally = _fighting_ally(state, ecaz, plans, after=True)
    here = _here(state, ecaz) if ally else {}
    count = sum(total(counts) for counts in here.values())
    if not count:
        return []
    kept = count if plans[ally].get(KEPT) else count // 2
    lose = count - kept if winner == ally else count
    lost: dict[str, int] = {}
    for sector, counts in sorted(here.items()):
        for kind, number in sorted(counts.items()):
            taken = min(number, lose)
            if taken:
                remove_forces(state, ecaz, state["step"]["battle"]["territory"], sector,
                              {kind: taken})
                to_tanks(state, ecaz, {kind: taken})
                lost[kind] = lost.get(kind, 0) + taken
                lose -= taken
    return [Event(EventCode.BATTLE_LOSSES, {"faction": ecaz,
                                            "territory": state["step"]["battle"]["territory"],
                                            "forces": lost})]
