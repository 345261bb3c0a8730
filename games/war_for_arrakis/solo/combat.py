"""The solo mode's Harkonnen in battle (002 HARKONNEN COMBAT CRITERIA): Reinforcements cards
discarded to reach 6 dice, hits applied by their priority, never a retreat, and the attack
ceased only when at the start of a round their power is half the defence's or less."""

from __future__ import annotations

from typing import Any

from ..automaton import handles
from ..codes import EventCode
from ..context import Context
from ..state import GENERIC, State, data, figures
from .power import fine_power


@handles("reinforcement_dice")
def reinforcement_dice(ctx: Context, area: str, number: int) -> int:
    """As many Reinforcements cards discarded as bring the roll to 6 dice (002 HARKONNEN
    PLANNING CARDS IN COMBAT; none under the Landsraad Ban, checked by the battle)."""
    state = ctx.state
    solo = state["hidden"]["solo"]
    found = state["legions"][area]
    wanted = max(0, data().limits["combat_dice"] - figures(found))
    used = 0
    while used < wanted and solo["reinforcements"]:
        card = solo["reinforcements"].pop()
        state["discards"][data().cards[card].deck].append(card)
        solo["last_deck"] = data().cards[card].deck
        used += 1
    solo["reinforcements_count"] = len(solo["reinforcements"])
    if used:
        ctx.say(EventCode.CARD_DISCARDED, f"The Harkonnen discard {used} Reinforcements "
                f"card{'s' if used > 1 else ''} for combat dice.", count=used)
    return used


@handles("casualty_order")
def casualty_order(legion: dict[str, Any]) -> list[str]:
    """The next casualty's kind (002 APPLYING HITS): leaders first, Bashars before named ones,
    while more than one leader remains; then Elites made Regulars, then Sardaukar; then
    Regulars, but a last leader goes before the last Regulars would."""
    leaders = legion["leaders"]
    generic = [leader for leader in leaders if leader in GENERIC.values()]
    if len(leaders) > 1:
        return ["generic" if generic else "named"]
    if legion["elite"]:
        return ["elite"]
    if legion["special"]:
        return ["special"]
    if leaders and legion["regular"] <= 1:
        return ["generic" if generic else "named", "regular"]
    return ["regular", "generic", "named"]


@handles("presses_on")
def presses_on(state: State, attacker: str, defender: str) -> bool:
    """The Harkonnen go on unless their power, counted unit by unit, is half the defence's or
    less (002 END OF THE BATTLE, solo)."""
    return fine_power(state["legions"][attacker]) * 2 > fine_power(state["legions"][defender])
