"""The third expansion's Special-Battle cards (001 3.04; the gf9 option ``ecaz_moritani_cards``),
each played in a battle plan "in place of a weapon or defense, but does not count as either":
by mail the plan's WEAPON or DEFENSE line names it, as a worthless card's (the card's data:
``slots``; it kills nobody and stops nothing).  Both are discarded after use.

- Harass and Withdraw (3.04.02): at the reveal its player's undialed forces go back to its
  reserves (``withdraw``); "Your leader may still be killed normally"; "If your opponent
  calls Traitor, this effect is canceled"; "You may not play this when on your Homeworld"
  (``refusal``, with 001 4.10's homeworlds).
- Reinforcements (3.04.04): at the reveal +2 to its player's dial, then three forces of its
  reserves to the tanks (``at_reveal``); "You may not use this card if you cannot Place at least
  3 Forces in the tanks from your reserves" (``refusal``).

Rulings (docs/rules-coverage.md, "001 GF9 expansions: the third expansion's treachery cards"):
the withdrawal comes at the reveal, before the battle is resolved, so the withdrawn forces are
safe from a lasgun/shield explosion too, and only the opponent's traitor cancels it (its own
traitor call does not: it won, its undialed forces still go home); the undialed forces are
those its dial does not spend (the forces it would lose winning, ``dialed``); the three forces
of Reinforcements are its reserves' plain kind first (as ``forces.first_of`` takes losses),
sent whatever the battle's end (a traitor or an explosion); its +2 is added as the Karama's
and a homeworld's bonuses are (``dial_bonus``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pbem.game import Event

from ..board import homeworlds
from ..codes import EventCode
from ..data import Effect
from ..forces import Counts, add, common, first_of, minus, remove_forces, take, to_tanks, total
from ..state import State, data

REINFORCING = 3         # 001 3.04.04: "Place 3 Forces from your reserves in the Tanks"
BONUS = 2               # 001 3.04.04: "add +2 to your dialed number"


def _played(game: Any, plan: Mapping[str, Any], effect: Effect) -> str | None:
    """The plan's card, in either place (or beside it, moved for a Portable Snooper: its
    ``neither``), that has ``effect``."""
    deck = data(game)
    return next((name for name in (plan.get("weapon"), plan.get("defense"), plan.get("neither"))
                 if name and effect in deck.card_named(name).effects), None)


def withdraws(game: Any, plan: Mapping[str, Any]) -> bool:
    """Whether the plan plays Harass and Withdraw: its undialed forces leave at the reveal, so a
    Stone Burner counts none of them (001 3.04.02, 3.03.11)."""
    return _played(game, plan, Effect.WITHDRAWS_UNDIALED) is not None


def refusal(game: Any, name: str, reserve: int, at_home: bool) -> str | None:
    """Why the card ``name`` may not be played by a combatant holding ``reserve`` forces in
    reserve, fighting on its own homeworld or not (``at_home``), or None."""
    effects = data(game).card_named(name).effects
    if Effect.REINFORCES in effects and reserve < REINFORCING:
        return (f"{name} needs {REINFORCING} forces in your reserves to place in the tanks; "
                f"you have {reserve} (001 3.04.04)")
    if Effect.WITHDRAWS_UNDIALED in effects and at_home:
        return f"{name} may not be played on your own homeworld (001 3.04.02)"
    return None


def at_home(game: Any, seat: str, territory: str) -> bool:
    """Whether ``territory`` is a homeworld of ``seat`` (001 4.10)."""
    place = homeworlds.home(game, territory)
    return place is not None and homeworlds.native(game, place) == seat


def at_reveal(state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
    """001 3.04.04: each plan with Reinforcements: +2 to its dial, then three forces of its
    reserves to the tanks (public)."""
    events = []
    for seat, plan in plans.items():
        card = _played(state, plan, Effect.REINFORCES)
        if card is None:
            continue
        plan["dial_bonus"] = plan.get("dial_bonus", 0) + BONUS
        reserve = state["factions"][seat]["reserve"]
        sent = first_of(state, seat, reserve, REINFORCING)
        take(reserve, sent)
        to_tanks(state, seat, sent)
        events.append(Event(EventCode.REINFORCEMENTS, {"faction": seat, "card": card,
                                                       "bonus": BONUS, "forces": sent}))
    return events


def withdraw(state: State, territory: str, sectors: list[int],
             plans: dict[str, dict[str, Any]], callers: tuple[str, ...],
             dialed: Callable[[str], Counts]) -> list[Event]:
    """001 3.04.02: each plan with Harass and Withdraw, unless its opponent called a traitor:
    its forces in the battle but the ``dialed`` ones back to its reserves, sector by sector
    (public)."""
    events = []
    for seat, plan in plans.items():
        card = _played(state, plan, Effect.WITHDRAWS_UNDIALED)
        if card is None or any(caller != seat for caller in callers):
            continue
        left = dict(dialed(seat))
        home: Counts = {}
        for sector in sectors:
            here = _in_sector(state, seat, territory, sector)
            stay = common(left, here)
            take(left, stay)
            going = {name: count for name, count in minus(here, stay).items() if count}
            if going:
                remove_forces(state, seat, territory, sector, going)
                add(home, going)
        if total(home):
            add(state["factions"][seat]["reserve"], home)
        events.append(Event(EventCode.WITHDRAWN, {"faction": seat, "card": card,
                                                  "territory": territory, "forces": home}))
    return events


def _in_sector(state: State, seat: str, territory: str, sector: int) -> Counts:
    by_faction = state["forces"].get(territory, {}).get(str(sector), {})
    return dict(by_faction.get(seat, {}))
