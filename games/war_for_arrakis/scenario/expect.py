"""A scenario's expectations, each checked against the state and the events at its end; the
failures named (docs/scenarios.md, "War for Arrakis")."""

from __future__ import annotations

from typing import Any

from ...common.names import NameLookupError
from ..data import UNIT_KINDS
from ..state import State, data

KEYS = ("legions", "settlements", "sietches", "supremacy", "prescience", "imperium", "bans",
        "harvesters", "wormsigns", "sandworms", "old_man", "old_man_worms", "leaders", "hands",
        "events", "no_events", "texts", "told", "refused", "result", "prompts", "phase", "air",
        "tokens", "stations", "claimed", "atomics", "reinforcements", "dice", "tank")


def area(text: str) -> str:
    return data().board.area(text).id


def check(state: State, events: list[dict[str, Any]], refused: list[dict[str, Any]],
          expect: dict[str, Any], open_prompts: list[str]) -> list[str]:
    """The expectations that fail; ``open_prompts``: "<seat> <kind>" of each decision open
    at the end."""
    failed: list[str] = []
    for key, wanted in expect.items():
        if key not in KEYS:
            failed.append(f"{key}: unknown expectation (one of: {', '.join(KEYS)})")
            continue
        try:
            found = open_prompts if key == "prompts" else events
            failed += CHECKS[key](state, found, refused, wanted)
        except NameLookupError as error:
            failed.append(f"{key}: {error}")
    return failed


def _legions(state, events, refused, wanted):
    failed = []
    for text, spec in wanted.items():
        found = state["legions"].get(area(text))
        if spec == "absent":
            if found is not None:
                failed.append(f"legions.{text}: expected none, found {_short(found)}")
            continue
        if found is None:
            failed.append(f"legions.{text}: expected a legion, found none")
            continue
        for key, value in spec.items():
            if key == "tokens":
                got = len(found["tokens"])
            elif key == "leaders":
                got = sorted(found["leaders"])
                value = sorted(v.lower() if v.lower() in ("naib", "bashar") else data().leader(v)
                               for v in value)
            else:
                got = found.get(key)
            if got != value:
                failed.append(f"legions.{text}.{key}: expected {value}, found {got}")
    return failed


def _short(legion: dict[str, Any]) -> str:
    parts = [f"{legion[k]} {k}" for k in UNIT_KINDS if legion[k]]
    return f"{legion['side']}: {', '.join(parts)} {legion['leaders']}"


def _settlements(state, events, refused, wanted):
    failed = []
    for text, value in wanted.items():
        got = state["settlements"].get(area(text), "absent")
        if got != value:
            failed.append(f"settlements.{text}: expected {value}, found {got}")
    return failed


def _sietches(state, events, refused, wanted):
    failed = []
    for text, value in wanted.items():
        found = state["sietches"].get(area(text))
        got = "absent" if found is None else ("revealed" if found["rank"] is not None
                                               else "hidden")
        if got != value:
            failed.append(f"sietches.{text}: expected {value}, found {got}")
    return failed


def _plain(key):
    def check_it(state, events, refused, wanted):
        got = state[key]
        if isinstance(wanted, dict):
            return [f"{key}.{k}: expected {v}, found {got.get(k)}" for k, v in wanted.items()
                    if got.get(k) != v]
        return [] if got == wanted else [f"{key}: expected {wanted}, found {got}"]
    return check_it


def _areas(key):
    def check_it(state, events, refused, wanted):
        got = sorted(state[key]) if not isinstance(state[key], dict) else sorted(state[key])
        value = sorted(area(t) for t in wanted)
        return [] if got == value else [f"{key}: expected {value}, found {got}"]
    return check_it


def _leaders(state, events, refused, wanted):
    failed = []
    for text, status in wanted.items():
        leader = data().leader(text)
        got = state["leaders"][leader]["status"]
        if got != status:
            failed.append(f"leaders.{text}: expected {status}, found {got}")
    return failed


def _hands(state, events, refused, wanted):
    return [f"hands.{seat}: expected {n} cards, found {state['hands'][seat]}"
            for seat, n in wanted.items() if state["hands"][seat] != n]


def _events(state, events, refused, wanted):
    codes = [e["code"] for e in events]
    return [f"events: no {code} event" for code in wanted if code not in codes]


def _no_events(state, events, refused, wanted):
    codes = [e["code"] for e in events]
    return [f"no_events: a {code} event happened" for code in wanted if code in codes]


def _texts(state, events, refused, wanted):
    public = " | ".join(e["data"]["text"] for e in events if e["to"] is None)
    return [f"texts: no public event says {text!r}" for text in wanted if text not in public]


def _told(state, events, refused, wanted):
    """Texts of events told to anyone, a seat alone too (a plan's action left out)."""
    told = " | ".join(e["data"]["text"] for e in events)
    return [f"told: no event says {text!r}" for text in wanted if text not in told]


def _refused(state, events, refused, wanted):
    if wanted is True:
        return [] if refused else ["refused: expected a line refused, none was"]
    if wanted is False:
        return [f"refused: {r['line']!r}: {r['message']}" for r in refused]
    codes = [r["code"] for r in refused]
    return [f"refused: no line refused with {code}" for code in wanted if code not in codes]


def _result(state, events, refused, wanted):
    result = state["result"]
    got = "none" if result is None else (result["side"] or "draw")
    return [] if got == wanted else [f"result: expected {wanted}, found {got}"]


def _prompts(state, open_prompts, refused, wanted):
    got = sorted(open_prompts)
    return [] if got == sorted(wanted) else [f"prompts: expected {sorted(wanted)}, found {got}"]


def _tokens(state, events, refused, wanted):
    failed = []
    for text, count in wanted.items():
        found = state["legions"].get(area(text))
        got = len(found["tokens"]) if found else 0
        if got != count:
            failed.append(f"tokens.{text}: expected {count}, found {got}")
    return failed


def _reinforcements(state, events, refused, wanted):
    got = len(state["hidden"]["solo"].get("reinforcements", []))
    return [] if got == wanted else [f"reinforcements: expected {wanted}, found {got}"]


def _claimed(state, events, refused, wanted):
    value = sorted(data().prescience_card(t) for t in wanted)
    got = sorted(state["claimed"])
    return [] if got == value else [f"claimed: expected {value}, found {got}"]


def _atomics(state, events, refused, wanted):
    value = None if wanted is None else area(wanted)
    return [] if state["atomics"] == value else [f"atomics: expected {value}, found "
                                                  f"{state['atomics']}"]


def _dice(state, events, refused, wanted):
    """Each dashboard's unused results, in any order."""
    failed = []
    for board, results in wanted.items():
        got = sorted(state["dice"].get(board, {}).get("pool", []))
        if got != sorted(results):
            failed.append(f"dice.{board}: expected {sorted(results)}, found {got}")
    return failed


def _tank(state, events, refused, wanted):
    """A faction's Regeneration Tank, slot by slot (``null`` an empty slot)."""
    failed = []
    for side, slots in wanted.items():
        value = [None if s is None else data().leader(s) for s in slots]
        if state["tank"][side] != value:
            failed.append(f"tank.{side}: expected {value}, found {state['tank'][side]}")
    return failed


def _old_man(state, events, refused, wanted):
    """The Old Man of the Desert's sector, by name, or null off the board."""
    here = state["old_man"]
    got = None if here is None else data().board.sectors[here].name
    return [] if got == wanted else [f"old_man: expected {wanted}, found {got}"]


CHECKS = {"legions": _legions, "settlements": _settlements, "sietches": _sietches,
          "supremacy": _plain("supremacy"), "prescience": _plain("prescience"),
          "imperium": _plain("imperium"), "bans": _plain("bans"), "phase": _plain("phase"),
          "air": _plain("air"), "harvesters": _areas("harvesters"),
          "wormsigns": _areas("wormsigns"), "sandworms": _areas("sandworms"),
          "stations": _areas("stations"), "leaders": _leaders, "hands": _hands,
          "events": _events, "no_events": _no_events, "texts": _texts, "refused": _refused,
          "result": _result, "prompts": _prompts, "tokens": _tokens, "claimed": _claimed,
          "atomics": _atomics, "reinforcements": _reinforcements, "dice": _dice,
          "tank": _tank, "old_man": _old_man, "old_man_worms": _plain("old_man_worms"),
          "told": _told}
