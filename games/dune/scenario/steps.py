"""The orders of each step: the file's order texts by seat, and each step read as the
moderator reads it (``orders.parse_orders`` against the open prompts, each open prompt's
default where its seat wrote none, the lines ``expect.refused`` names refused), ready for
``turn.advance``.
"""

from __future__ import annotations

from typing import Any

from pbem.game import Prompt

from .. import turn
from ..orders.language import parse_orders
from ..rules import Rules
from ..state import State
from .format import Refused, ScenarioError
from .values import _seat


# --- the orders
def _step_texts(rules: Rules, step: dict[str, Any], key: str, seats: list[str], problems: list[str]
                ) -> dict[str, str]:
    """One step's order text by seat."""
    texts = {}
    for name, text in step.items():
        seat = _seat(rules, name, seats, f"{key}.{name}", problems)
        if not isinstance(text, str):
            problems.append(f"{key}.{name}: expected order text, got {text!r}")
        elif seat is not None:
            texts[seat] = text
    return texts


def _read_step(state: State, number: int, texts: dict[str, str], expected: list[Refused]
               ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The orders of a step, each open prompt's default where its seat wrote none, what was
    applied, and the lines refused as ``expected`` (``expect.refused``): as the moderator
    files a mail's good lines and refuses its bad ones.  A refusal not expected is a
    ScenarioError naming the step, the seat, the line and the reason.  Step ``number`` is item
    ``number - 1`` of the file's list."""
    key = f"orders[{number - 1}]"
    if state["result"] is not None:
        raise ScenarioError("scenario", [f"{key}: the game is over ({state['result']})"])
    prompts = turn.prompts(state)
    problems: list[str] = []
    read: dict[str, tuple[Any, str]] = {}
    refused: list[dict[str, Any]] = []
    for seat, text in texts.items():
        parsed = parse_orders(state, seat, text, prompts)
        for e in parsed.errors:
            if any(r.covers(seat, e.line_no) for r in expected):
                refused.append({"seat": seat, "line": e.line_no, "text": e.line.strip(),
                                "code": e.code, "message": e.message})
            else:
                problems.append(f"{key}.{seat} line {e.line_no} {e.line.strip()!r}: "
                                f"{e.message}" + _valid(e.valid, e.message))
        problems += [f"{key}.{seat} line {u.line_no} {u.line.strip()!r}: not read as an order"
                     for u in parsed.unread if not u.line.lstrip().startswith("#")]
        read |= {order.prompt: (order.value, order.text) for order in parsed.orders}
    if problems:
        raise ScenarioError("scenario", problems)
    return ({p.key: read[p.key][0] if p.key in read else p.default for p in prompts},
            [_applied(p, read.get(p.key)) for p in prompts], refused)


def _valid(valid: tuple[str, ...], message: str) -> str:
    """What was valid, unless the message says it already."""
    if all(choice in message for choice in valid):
        return ""
    return f" (valid: {', '.join(valid)})"


def _applied(prompt: Prompt, read: tuple[Any, str] | None) -> dict[str, Any]:
    return {"prompt": prompt.key, "seat": prompt.seat,
            "text": read[1] if read else prompt.default_text, "default": read is None}
