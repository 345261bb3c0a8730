"""The state's schema (``schema.py``) declares every key real games hold, with its JSON type.

Walks every state of the stored games (``records/main-75c5b2d.json``: six factions, WBC and
classic with every option) and of a few bot games with the other mail modes and fewer seats:
a key the TypedDicts do not declare, a declared key missing, or a value of another JSON type
fails the test, so the schema cannot drift from the code.
"""

from __future__ import annotations

import json
import random
import types
import typing
from pathlib import Path
from typing import Any, NotRequired, Required, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from pbem.game import load_game, replay_states, step_rng
from pbem.games.dune import schema
from pbem.selfplay import _bot_orders

GAME = load_game("dune")
RECORDS = json.loads((Path(__file__).parent / "records" / "main-75c5b2d.json").read_text())

BOT_GAMES = [   # ruleset, options, seats, bot style
    ("wbc", {"bidding": "whole_round", "movement": "batched"},
     ["atreides", "bene-gesserit", "emperor"], "basic"),
    ("classic", {"optional": True, "bidding": "whole_round", "movement": "batched"},
     ["bene-gesserit", "fremen", "guild", "harkonnen"], "random"),
    ("classic", {}, ["atreides", "emperor", "fremen", "guild", "harkonnen"], "random"),
    ("gf9", {"tech_tokens": True, "turns": 4},
     ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"], "basic"),
    ("gf9", {"leader_skills": True, "stronghold_cards": True, "turns": 4},
     ["atreides", "fremen", "harkonnen"], "basic"),
]


def problems(value: Any, hint: Any, path: str) -> list[str]:
    """Where a JSON value does not fit a type hint: the paths and what is wrong there."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return []
    if origin in (typing.Union, types.UnionType):
        if any(not problems(value, option, path) for option in args):
            return []
        return [f"{path}: {value!r} is none of {hint}"]
    if is_typeddict(hint):
        return _typed_dict(value, hint, path)
    if hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok else [f"{path}: {value!r} is not a number"]
    if hint is str:     # a StrEnum member too (``Ability``): JSON writes its value
        return [] if isinstance(value, str) else [f"{path}: {value!r} is not str"]
    if hint in (int, bool):
        ok = type(value) is hint
        return [] if ok else [f"{path}: {value!r} is not {hint.__name__}"]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a mapping"]
        return [p for key, item in value.items()
                for p in problems(key, args[0], f"{path}[key]")
                + problems(item, args[1], f"{path}.{key}")]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        return [p for i, item in enumerate(value) for p in problems(item, args[0], f"{path}[{i}]")]
    if origin is tuple:
        if not isinstance(value, list) or len(value) != len(args):
            return [f"{path}: {value!r} is not a list of {len(args)}"]
        return [p for i, (item, arg) in enumerate(zip(value, args, strict=True))
                for p in problems(item, arg, f"{path}[{i}]")]
    raise AssertionError(f"{path}: the schema uses a type the test cannot check: {hint}")


def _typed_dict(value: Any, hint: Any, path: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path}: {value!r} is not a mapping"]
    fields = get_type_hints(hint)
    found = [f"{path}.{key}: not declared in {hint.__name__}" for key in value
             if key not in fields]
    found += [f"{path}.{key}: missing ({hint.__name__})" for key in hint.__required_keys__
              if key not in value]
    return found + [p for key, item in value.items() if key in fields
                    for p in problems(item, _bare(fields[key]), f"{path}.{key}")]


def _bare(hint: Any) -> Any:
    return get_args(hint)[0] if get_origin(hint) in (NotRequired, Required) else hint


def state_problems(state: dict[str, Any]) -> list[str]:
    """Every place a state does not fit ``schema.State``, its step checked by its phase's."""
    found = problems(state, schema.State, "state")
    return found + problems(state["step"], schema.STEPS[state["phase"]], "state.step")


def _stored_states():
    for record in RECORDS["records"]:
        yield from replay_states(GAME, record["ruleset"], record["options"], record["seats"],
                                 record["seed"], record["log"])


def _bot_game_states(ruleset: str, options: dict, seats: list[str], style: str):
    seed = f"schema-{ruleset}-{len(seats)}"
    state = GAME.setup(ruleset, options, seats, step_rng(seed, 0))
    bots = random.Random(f"{seed}/bots")
    yield state
    step = 0
    while GAME.result(state) is None:
        batch, refused = _bot_orders(GAME, state, bots, style)
        assert not refused, refused
        step += 1
        state, _ = GAME.apply(state, batch, step_rng(seed, step))
        yield state


def _first_problems(states) -> list[str]:
    for number, state in enumerate(states):
        if found := state_problems(state):
            return [f"state {number} ({state['phase']}): {p}" for p in found[:20]]
    return []


def test_every_key_of_the_stored_games_is_declared():
    assert _first_problems(_stored_states()) == []


@pytest.mark.parametrize(("ruleset", "options", "seats", "style"), BOT_GAMES,
                         ids=[f"{r}-{len(s)}" for r, _, s, _ in BOT_GAMES])
def test_every_key_of_a_bot_game_is_declared(ruleset, options, seats, style):
    assert _first_problems(_bot_game_states(ruleset, options, seats, style)) == []


def test_a_key_the_schema_does_not_declare_is_found():
    state = next(_stored_states())
    state["factions"]["fremen"]["sandworms"] = 1
    state["storm"]["sector"] = "3"
    assert state_problems(state) == ["state.storm.sector: '3' is none of int | None",
                                     "state.factions.fremen.sandworms: not declared in Sheet"]
