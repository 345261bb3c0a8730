"""A scenario's outcome as text: its rule, each step's orders and public events, the position
at its end, what is open, and the expectations failed."""

from __future__ import annotations

from typing import Any


def scenario_report(result: dict[str, Any]) -> str:
    lines = [f"{result['title']} ({result['rule']})", ""]
    for number, step in enumerate(result["steps"], start=1):
        lines.append(f"Step {number}:")
        for seat, orders in step["orders"].items():
            lines.append(f"  {seat}: {orders}")
        lines += [f"    {text}" for text in step["events"]]
    for refusal in result["refused"]:
        lines.append(f"Refused ({refusal['seat']}): {refusal['line']!r}: {refusal['message']}")
    state = result["state"]
    lines += ["", f"Round {state['round']}, {state['phase']}; Supremacy {state['supremacy']}; "
              f"Prescience {state['prescience']}"]
    for area, legion in sorted(state["legions"].items()):
        units = ", ".join(f"{legion[k]} {k}" for k in ("regular", "elite", "special")
                          if legion[k])
        extra = f", {len(legion['tokens'])} tokens" if legion["tokens"] else ""
        lines.append(f"  {area}: {legion['side']} {units}{extra} {legion['leaders']}")
    open_now = ", ".join(f"{p['seat']} {p['kind']}" for p in result["prompts"]) or "nothing"
    lines.append(f"Open: {open_now}")
    failed = result["expect"]["failed"]
    lines.append("Expectations: " + ("all met" if not failed else "FAILED"))
    lines += [f"  {failure}" for failure in failed]
    return "\n".join(lines)
