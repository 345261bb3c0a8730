"""CHOAM pays for its ally's forces in battle (001 2.09.16 (A), 2.09.20 (B): "You may pay for
some or all of your ally's Forces in battle").

By mail a standing order riding on any mail round in which CHOAM is asked anything, while it
has an ally and spice backs forces in battle (advanced combat, 001 1.13.05): ``FUND <n>``, the
most it pays towards the spice backing its ally's forces in each battle the ally fights;
``FUND 0`` (the default), none.  The ally may then back its forces with that much more
(``Faction.battle_support``: its plan's choices, its view, the battle's payment), and CHOAM's
part is paid first, to the bank.

Rulings (docs/rules-coverage.md):

- What CHOAM pays is the pledge, at most the spice it holds when the ally's plan is read and
  when the battle is resolved; the ally sees that number (so it learns CHOAM holds at least
  so much), nobody else anything before the battle's payment, which is public.
- The pledge stands, battle after battle and turn after turn, until changed or the alliance
  ends; it is CHOAM's payment, so none of it comes back to CHOAM as half of the others' battle
  spice (2.09.21-22 (A), 2.09.26-27 (B): "When you pay spice for Forces, it goes to the Spice
  Bank").
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..orders.language import OrderKind, OrderProblem, order_kind, read_number
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, ally_of, faction_name
from .base import has

KIND = "battle-fund"
PLEDGE = "battle_fund"          # CHOAM's sheet: its standing pledge


def section(state: State) -> str:
    return "2.09.20 (B)" if getattr(rules_of(state), "choam_landsraad", False) else "2.09.16 (A)"


def open_(state: State, seat: str) -> bool:
    """Whether CHOAM may pledge now: the power, an ally, and spice backing forces in battle."""
    return (seat in state["seats"] and rules_of(state).advanced_combat
            and has(state, seat, Ability.ALLY_BATTLE_SPICE))


def key(seat: str) -> str:
    return str(PromptKey(KIND, seat))


def prompt(state: State, seat: str) -> Prompt:
    """CHOAM's optional pledge, riding on a mail round in which it is asked."""
    now = state["factions"][seat].get(PLEDGE, 0)
    ally = ", ".join(faction_name(other, state) for other in ally_of(state, seat))
    legal = (f"FUND <n>: pay up to n spice of what backs your ally's ({ally}) forces in each "
             f"battle it fights, standing until changed (001 {section(state)} ALLIANCE); FUND "
             f"0: none.  Now: FUND {now}.")
    return Prompt(key(seat), seat, KIND, True, legal, now, f"FUND {now}", "FUND 0",
                  optional=True, title="what you pay for your ally's forces in battle")


def _read(state: State, prompt_: Prompt, words: list[str]) -> int:
    if len(words) != 1:
        raise OrderProblem(ErrorCode.BAD_NUMBER, "expected FUND <n>", ("FUND 0", "FUND 3"))
    return read_number(words[0], 0, 99, "the spice")


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> int:
    """A random bot pledges nothing, or up to half its spice."""
    return 0 if rng.random() < 0.5 else rng.randint(0, view["own"]["spice"] // 2)


order_kind(OrderKind(KIND, ("FUND",), _read, lambda _, value: f"FUND {value}", random=_random))


def given(state: State, seat: str, value: int) -> list[Event]:
    """The pledge kept in CHOAM's sheet, told to CHOAM and its ally when it changes."""
    before = state["factions"][seat].get(PLEDGE, 0)
    if value:
        state["factions"][seat][PLEDGE] = value
    else:
        state["factions"][seat].pop(PLEDGE, None)
    if value == before:
        return []
    return [Event(EventCode.BATTLE_FUND, {"faction": seat, "spice": value,
                                          "rule": section(state)},
                  to=(seat, *ally_of(state, seat)))]


def support(state: State, choam: str, seat: str) -> int:
    """What CHOAM pays of ``seat``'s battle spice: its pledge if ``seat`` is its ally, at most
    the spice it holds."""
    if seat not in ally_of(state, choam) or not open_(state, choam):
        return 0
    return min(state["factions"][choam].get(PLEDGE, 0), state["factions"][choam]["spice"])


def paid(state: State, choam: str, seat: str, spice: int) -> list[Event]:
    """CHOAM pays ``spice`` of its ally's battle spice, to the bank."""
    state["factions"][choam]["spice"] -= spice
    return [Event(EventCode.BATTLE_SPICE_FUNDED, {"faction": choam, "ally": seat,
                                                  "spice": spice, "rule": section(state)})]
