"""The text report of a scenario run: the outcome of ``run_scenario`` as ``pbem scenario run``
prints it.
"""

from __future__ import annotations

import json
from typing import Any

from .. import leaders
from ..decks import spice_discards
from ..factions.atreides import kwisatz_haderach
from ..factions.harkonnen_capture import held
from ..forces import count_text
from ..orders.language import where
from ..state import State


# --- the report
def scenario_report(result: dict[str, Any]) -> str:
    """The outcome of ``run_scenario`` as text: the final position with every faction's
    private sheet, the orders, refused lines and events of each step, the open prompts, the
    expectations."""
    state = result["state"]
    lines = [f"Scenario: {result['title']}"] if result["title"] else []
    lines += _summary(state)
    for number, events in enumerate(result["events"]):
        lines += ["", f"Step {number} " + (f"(orders[{number - 1}])" if number
                                            else "(entering the position)")]
        if result["orders"][number]:
            lines.append("  orders:")
        lines += [f"    {o['seat']}: {' / '.join(o['text'].splitlines())}"
                  + (" (default)" if o["default"] else "") for o in result["orders"][number]]
        refused = result["refused"][number]
        lines += ["  refused (as expected):"] if refused else []
        lines += [f"    {r['seat']} line {r['line']} {r['text']!r}: {r['code']}: {r['message']}"
                  for r in refused]
        lines.append("  events:" if events else "  events: none")
        lines += [f"    {_event_line(event)}" for event in events]
    lines += ["", "Open prompts:" if result["prompts"] else "Open prompts: none"]
    lines += [f"  {p['seat']}: {p['legal']} (default: {p['default_text']})"
              for p in result["prompts"]]
    expect = result["expect"]
    lines += ["", f"Expectations: {expect['checked']} checked, {len(expect['failed'])} failed"]
    lines += [f"  FAILED {failure}" for failure in expect["failed"]]
    return "\n".join(lines)


def _summary(state: State) -> list[str]:
    """The position: turn, storm, forces, spice, each faction's sheet, alliances, the Kwisatz
    Haderach, captured leaders, the tokens, decks."""
    storm = state["storm"]
    lines = [f"Turn {state['turn']}, phase {state['phase']} {json.dumps(state['step'])}; "
             f"ruleset {state['rules']['ruleset']}",
             f"Storm: sector {storm['sector']} (dialers {', '.join(storm['dialers'])}; "
             f"dials {json.dumps(storm['dials'])}; weather marker {storm['marker']})",
             "Spice on the map: " + (", ".join(f"{t} {n}" for t, n in
                                               sorted(state["spice"].items())) or "none"),
             "Forces:"]
    for territory, sectors in sorted(state["forces"].items()):
        for sector, by_faction in sorted(sectors.items(), key=lambda item: int(item[0])):
            lines.append(f"  {where(state, territory, int(sector))}: " + ", ".join(
                f"{seat} {count_text(count, zero=True)}" for seat, count in by_faction.items()))
    lines.append("Factions:")
    for seat in state["seats"]:
        lines += _faction_lines(state, seat)
    lines.append("Alliances: " + ("; ".join(" + ".join(a) for a in state["alliances"])
                                  or "none"))
    lines.append(f"Worms: {state['worms']}; Shield Wall: {state['shield_wall']}; "
                 f"result: {json.dumps(state['result'])}")
    kh = kwisatz_haderach(state)
    lines.append(f"Kwisatz Haderach: {kh['losses']} forces lost in battles"
                 + ("; in the tanks" if kh["tanks"] else ""))
    lines.append("Captured leaders: " + (", ".join(
        f"{name} ({owner})" for name, owner in sorted(held(state).items()))
        or "none"))
    if "tokens" in state:       # the token layer (``tokens``): the whole truth, values too
        lines.append("Tokens: " + ("; ".join(
            f"{t['kind']} {t['value']}: {t['owner'] or 'nobody'}, {t['at']}"
            + (f" {t['territory']} sector {t['sector']}" if t["at"] == "board" else "")
            + f", face {t['face']}" + (f", {t['spice']} spice on it" if "spice" in t else "")
            for t in state["tokens"]) or "none"))
    decks = state["decks"]
    lines.append(f"Treachery deck: {len(decks['treachery'])} cards, next "
                 f"{', '.join(decks['treachery'][::-1][:3]) or '-'}; discard (top first): "
                 f"{', '.join(decks['treachery_discard'][::-1]) or '-'}")
    lines.append(f"Spice deck: {len(decks['spice'])} cards, next "
                 f"{', '.join(decks['spice'][::-1][:3]) or '-'}; discard (top first): "
                 + " | ".join(", ".join(decks[p][::-1]) or "-" for p in spice_discards(state)))
    return lines


def _faction_lines(state: State, seat: str) -> list[str]:
    own = state["factions"][seat]
    dead = [name + (" (face down)" if where == leaders.FACE_DOWN else "")
            for name, where in own["leaders"].items() if where in leaders.IN_TANKS]
    lines = [f"  {seat} (dot {state['dots'][seat]}): spice {own['spice']}, reserve "
             f"{count_text(own['reserve'], zero=True)}, tanks {count_text(own['tanks'], zero=True)}"
             + (f", to place {own['to_place']}" if own["to_place"] else ""),
             f"    hand: {', '.join(own['hand']) or '-'}; traitors: "
             f"{', '.join(own['traitors']) or '-'}; leaders in the tanks: "
             f"{', '.join(dead) or '-'}"]
    if state["phase"] == "setup":
        lines.append(f"    traitor draw: {', '.join(own['traitor_draw']) or '-'}")
    if own["prediction"] is not None:
        prediction = own["prediction"]
        lines.append(f"    prediction: {prediction['faction']}, turn {prediction['turn']}")
    return lines


def _event_line(event: dict[str, Any]) -> str:
    to = f" [to {', '.join(event['to'])}]" if event["to"] else ""
    return f"{event['code']}: {json.dumps(event['data'], sort_keys=True)}{to}"
