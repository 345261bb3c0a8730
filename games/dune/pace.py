"""The pace of a game's mail modes (``pbem.game.Pace``): which mode of bidding and of movement
it plays, what each mode changes in what a player knows when deciding, and what it costs in
mail rounds, from ``data/pace.yaml`` (docs/orders.md, "Mail rounds")."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

from .rules import MAIL_MODES, make_rules

SOURCE = Path(__file__).parent / "data" / "pace.yaml"


@cache
def modes() -> dict[str, Any]:
    """The modes' words and the measured rounds (``data/pace.yaml``)."""
    found = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    assert {kind: set(found[kind]) for kind in MAIL_MODES} == {
        kind: set(names) for kind, names in MAIL_MODES.items()}, "pace.yaml names every mode"
    return found


def pace(ruleset: str, options: dict[str, Any]) -> str:
    """What the game file's modes cost and change, and the other mode of each kind: the
    option that chooses it, knowingly."""
    rules = make_rules(ruleset, options)
    words = modes()
    chosen = {kind: getattr(rules, kind) for kind in MAIL_MODES}
    exact = all(words[kind][mode]["exact"] for kind, mode in chosen.items())
    lines = [f"Mail modes: bidding {chosen['bidding']}, movement {chosen['movement']}"
             + (" (the defaults: the rules exactly, no player told anything earlier than the "
                "rules allow)." if exact else
                " (a mode the GM chose: it changes what players know when they decide).")]
    for kind, mode in chosen.items():
        for name, text in words[kind].items():
            mark = "this game" if name == mode else f"option {kind}: {name}"
            lines.append(f"- {kind} {name} ({mark}): {text['knows']}; {text['rounds']}.")
    measured = words["measured"]
    lines.append(
        "Measured with six seats (benchmarks/mail_rounds.py): in the default modes about "
        f"{measured['exact']['form']} mail rounds a turn for players who fill in the turn "
        f"form their first mail of a turn asks, {measured['exact']['open_only']} for players "
        "who answer only what is open; in the fastest modes "
        f"{measured['fastest']['form']} and {measured['fastest']['open_only']}.")
    return "\n".join(lines)
