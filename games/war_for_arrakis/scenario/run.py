"""Running a scenario: the game set up from its seed, the position applied, the phase begun,
each step's orders filed as mail (``parse``) and applied, and the expectations checked; the
combat dice (``rolls``) and the solo Harkonnen's action dice (``faces``) may be scripted."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import step_rng
from pbem.schema import SchemaError

from ..context import Context
from ..orders import LANGUAGE
from ..setup import new_game
from ..state import HARKONNEN, SOLO, State, automaton, data
from ..turn import MODULES, PHASES, prompts
from ..view import public_view
from .expect import check
from .position import Problems, apply_position, set_dice

TOP = ("game", "title", "rule", "seats", "ruleset", "options", "seed", "position", "start",
       "turn", "rolls", "action_dice", "steps", "until", "expect")


class Scripted(random.Random):
    """The step's generator, but the combat dice and each faction's action dice come from the
    scenario's lists while they last."""

    def __init__(self, seed: str, rolls: list[str], faces: dict[str, list[str]]):
        super().__init__(seed)
        self.rolls = rolls
        self.faces = faces

    def choice(self, seq):
        if tuple(seq) == data().combat_faces and self.rolls:
            return self.rolls.pop(0)
        for side, faces in data().action_faces.items():
            if tuple(seq) == faces and self.faces.get(side):
                return self.faces[side].pop(0)
        return super().choice(seq)


def run_scenario(scenario: dict[str, Any]) -> dict[str, Any]:
    problems = Problems()
    for key in scenario:
        if key not in TOP:
            problems.append(f"{key}: unknown key (expected one of: {', '.join(TOP)})")
    if not str(scenario.get("rule", "")).startswith("002"):
        problems.append("rule: required, the rule of 002 the scenario pins (\"002 RETREAT\")")
    seats = scenario.get("seats") or ["atreides", "harkonnen"]
    ruleset = scenario.get("ruleset", SOLO if seats == ["atreides"] else "standard")
    seed = str(scenario.get("seed", "scenario"))
    try:
        state = new_game(ruleset, dict(scenario.get("options") or {}), seats, step_rng(seed, 0))
    except ValueError as error:
        raise SchemaError("scenario", [f"seats: {error}"]) from None
    position = dict(scenario.get("position") or {})
    apply_position(state, position, problems)
    start = scenario.get("start", "actions")
    if start not in PHASES:
        problems.append(f"start: one of {', '.join(PHASES)}")
    if problems:
        raise SchemaError("scenario", list(problems))
    rolls = list(scenario.get("rolls") or [])
    faces = {side: list(results) for side, results in
             (scenario.get("action_dice") or {}).items()}
    events: list[dict[str, Any]] = []
    ctx = Context(state, Scripted(f"{seed}/0", rolls, faces))
    _begin(ctx, start, position.get("dice") or {}, scenario.get("turn", "atreides"), problems)
    events += [e.to_json() for e in ctx.events]
    state = ctx.state
    steps = []
    refused = []
    for number, orders in enumerate(scenario.get("steps") or [], start=1):
        batch = {}
        for prompt in prompts(state):
            text = (orders or {}).get(prompt.seat, prompt.default_text)
            parsed = LANGUAGE.parse_orders(state, prompt.seat, text, [prompt])
            refused += [{"seat": prompt.seat, "line": e.line, "code": str(e.code),
                         "message": e.message} for e in parsed.errors]
            batch[prompt.key] = parsed.orders[0].value if parsed.orders and not parsed.errors \
                else prompt.default
        if not batch and not prompts(state):
            break
        from ..turn import advance

        rng = Scripted(f"{seed}/{number}", rolls, faces)
        state, happened = advance(state, batch, rng, stop=scenario.get("until"))
        events += [e.to_json() for e in happened]
        steps.append({"orders": {k: str(v) for k, v in (orders or {}).items()},
                      "events": [e.data["text"] for e in happened if e.to is None]})
    failed = check(state, events, refused, scenario.get("expect") or {},
                   [f"{p.seat} {p.kind}" for p in prompts(state)])
    return {"game": "war_for_arrakis", "title": scenario.get("title", ""),
            "rule": scenario.get("rule", ""), "steps": steps, "refused": refused,
            "events": events, "state": _summary(state),
            "prompts": [{"seat": p.seat, "kind": p.kind} for p in prompts(state)],
            "expect": {"failed": failed}}


def _begin(ctx: Context, start: str, dice: dict[str, list[str]], turn: str,
           problems: Problems) -> None:
    state = ctx.state
    state["phase"] = start
    state["step"] = {}
    if start == "actions":
        state["dice"] = {}
        if automaton(state, HARKONNEN):
            from ..solo.economy import ready_dice

            ready_dice(ctx)
            if HARKONNEN in dice:
                state["hidden"]["solo"]["dice_left"] = len(dice[HARKONNEN])
        set_dice(state, {b: r for b, r in dice.items()
                         if not (b == HARKONNEN and automaton(state, HARKONNEN))}, problems)
        MODULES["actions"].begin(ctx)
        state["step"]["turn"] = turn
    else:
        MODULES[start].begin(ctx)
    if problems:
        raise SchemaError("scenario", list(problems))
    from ..turn import go_on

    go_on(ctx)


def _summary(state: State) -> dict[str, Any]:
    view = public_view(state)
    return {key: view[key] for key in ("round", "phase", "legions", "sietches", "settlements",
                                       "harvesters", "air", "wormsigns", "sandworms",
                                       "supremacy", "prescience", "imperium", "bans", "result",
                                       "hands", "leaders", "tank", "dice", "stations",
                                       "prescience_row", "claimed", "atomics")}
