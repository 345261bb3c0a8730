"""The GM's LOG command: the decision log, one line per step decided (docs/commands.md).

Step N is the Nth decision of the log, numbered as ``pbem status``, the reports, the archive
and ``ROLLBACK`` number it.  The GM sees everything, so each line shows every seat's order.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pbem.commands.registry import CommandContext, CommandError, gm_command
from pbem.game import Prompt, State, batches_of, step_rng

MAX_VALUE_CHARS = 60


@gm_command("LOG", "LOG [FROM <step>]",
            "the decision log: each step decided, its number, turn and phase, and every "
            "seat's orders or defaults")
def log(context: CommandContext, args: str) -> None:
    """One line per decision from the step asked (the first by default)."""
    record, store = context.record, context.store
    rows = store.decisions(record.id)
    first = _first(args, len(rows))
    lines = [f"The decision log of {record.id} ({len(rows)} decided; "
             + (f"{record.step_title()} is open now):" if not record.finished
                else f"{record.step_name()}):")]
    for row, before in zip(rows, record.replay_states(store), strict=False):
        if row["step"] >= first:
            lines.append(f"  {row['step']:4d}  {record.rules.step_name(before)}: "
                         + _summary(row, _prompts(record, row, before)))
    if not rows:
        lines.append("  (nothing decided yet)")
    context.answer("\n".join(lines))


def _first(args: str, decided: int) -> int:
    match = re.fullmatch(r"(?:FROM\s+)?([0-9]+)", args.strip(), re.IGNORECASE)
    if not args.strip():
        return 1
    if match is None or not 1 <= int(match.group(1)) <= max(decided, 1):
        raise CommandError(f"expected nothing or FROM and a step from 1 to {max(decided, 1)}, "
                           f"got {args.strip()!r}")
    return int(match.group(1))


def _prompts(record, row: dict[str, Any], before: State) -> list[Prompt]:
    """The decisions a logged step answered: those open before it, and those of the moments
    folded into it (``pbem.game.batches_of``), met by applying its batches in turn."""
    if row["kind"] == "adjust":
        return []
    batches = batches_of(json.loads(row["orders"]))
    rng = step_rng(record.row["seed"], row["step"])
    prompts, state = [], before
    for number, batch in enumerate(batches, start=1):
        prompts += record.rules.prompts(state)
        if number < len(batches):
            state, _ = record.rules.apply(state, batch, rng)
    return prompts


def _summary(row: dict[str, Any], prompts: list[Prompt]) -> str:
    """What a decision decided, in one line: every seat's orders, or "defaults"."""
    orders = json.loads(row["orders"])
    if isinstance(orders, list):    # moments folded in: their orders by key, the last kept
        orders = {key: value for batch in orders for key, value in batch.items()}
    if row["kind"] == "adjust":
        path = "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1")
                              for p in orders["path"])
        return (f"ADJUST {path} = {_short(orders['value'])} (was {_short(orders.get('was'))})"
                f" -- {row['note']}")
    if not prompts:
        return "nobody had to decide"
    defaulted = set(json.loads(row["defaulted"] or "[]"))
    by_seat: dict[str, list[str]] = {}
    for prompt in prompts:
        value = "default" if prompt.key in defaulted else _short(orders.get(prompt.key))
        by_seat.setdefault(prompt.seat, []).append(f"{prompt.kind} {value}")
    return "; ".join(
        f"{seat} defaults" if all(part.endswith(" default") for part in parts)
        else f"{seat} {', '.join(parts)}" for seat, parts in by_seat.items())


def _short(value: Any) -> str:
    """An order's value as compact JSON, cut to ``MAX_VALUE_CHARS``."""
    text = json.dumps(value, separators=(",", ":"), sort_keys=True)
    return text if len(text) <= MAX_VALUE_CHARS else text[:MAX_VALUE_CHARS - 3] + "..."
