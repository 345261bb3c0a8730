"""The random and basic bots: an order for any prompt, from the seat's view and the prompt
alone (``pbem.game.Bots``)."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Prompt

from ..orders.decisions import claims_text, end_text, harvest_text, vehicles_text
from ..orders.plan import plan_text, show_action
from ..state import ATREIDES, data, side_of
from . import moves

PASS = {"do": "pass", "using": None}


def bot_order(view: dict[str, Any], prompt: Prompt, rng: random.Random,
              style: str = "random") -> str:
    if prompt.kind == "plan":
        return plan_text(bot_plan(view, prompt, rng, style))
    if prompt.kind == "vehicles":
        return vehicles_text(prompt.default)
    if prompt.kind == "harvest":
        return harvest_text(prompt.default)
    if prompt.kind == "claims":
        value = {"claims": list(prompt.options.get("claimable", [])), "keep": None}
        return claims_text(value)
    if prompt.kind == "end":
        return end_text(prompt.default)
    raise AssertionError(prompt.kind)


def bot_plan(view: dict[str, Any], prompt: Prompt, rng: random.Random, style: str
             ) -> dict[str, Any]:
    """A plan: an action for each unused die (a random one's, or the basic bot's), each with
    a pass to fall back to; the Atreides' Desert Power at the end; standing choices."""
    side = side_of(view["seat"])
    entries = []
    for result in moves.dice_of(view):
        action = None
        if rng.random() < (0.25 if style == "random" else 0.15):
            action = moves.play_card(view, rng)
        if action is None and result != "any":
            if style == "basic":
                from .basic import basic_action

                action = basic_action(view, side, result, rng)
            else:
                action = moves.by_result(view, side, result, rng)
        first = action or PASS
        entries.append({"try": [_text(first), _text(PASS)]})
    if side == ATREIDES and view["seat"] in (ATREIDES, data().desert_power_power):
        summoned = None
        for _ in range(2):
            tries = moves.desert_powers(view, rng, summoned)
            if tries:
                entries.append({"try": [_text(action) for action in tries]})
            summoned = next((c["at"] for action in tries for c in action["clauses"]
                             if c["kind"] == "old-man" and "at" in c), summoned)
    standing: dict[str, Any] = {}
    if style == "basic" or rng.random() < 0.5:
        standing["cards"] = rng.randint(0, 1) if style == "random" else 1
        standing["continue"] = {"mode": "stronger", "units": 0}
    if side == ATREIDES:
        standing["claims"] = [c for c, p in data().prescience.items()
                              if p.timing == "action" and not p.spend_die and not p.do]
    return {"entries": entries, "standing": standing, "changes": [],
            "bene_gesserit": _bene_gesserit(view, prompt)}


def _bene_gesserit(view: dict[str, Any], prompt: Prompt) -> str | None:
    from ..dice import bene_gesserit_slots

    side = side_of(view["seat"])
    if not prompt.options.get("first") or view["bene_gesserit"][side] < 1:
        return None
    slots = bene_gesserit_slots(view, view["seat"])
    return slots[0] if slots else None


def _text(action: dict[str, Any]) -> dict[str, Any]:
    return {**action, "text": show_action(action)}
