"""The kinds of decision of Dune as players name them (``pbem.game.DecisionKind``), read from
``decisions.yaml`` and checked against the order kinds (``orders.KINDS``): every kind listed,
none unknown, each with words, and a pass order only where the kind reads it; ``map: true``
marks a decision made on the board (``DecisionKind.needs_map``), ``again: true`` one whose
order given ahead answers each time it opens (``DecisionKind.again``)."""

from __future__ import annotations

from pathlib import Path

import yaml

from pbem.game import DecisionKind

from .language import KINDS

SOURCE = Path(__file__).with_name("decisions.yaml")


def load_decision_kinds(path: Path = SOURCE) -> tuple[DecisionKind, ...]:
    """The decision kinds of ``path``; raises ValueError naming every fault at once."""
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    faults, found = [], []
    for entry in entries:
        kind, words = entry.get("kind"), tuple(entry.get("words", ()))
        unknown = set(entry) - {"kind", "words", "what", "pass", "map", "again", "stands"}
        if kind not in KINDS:
            faults.append(f"{kind!r}: not an order kind")
            continue
        verbs = KINDS[kind].verbs
        passing = entry.get("pass")
        if unknown:
            faults.append(f"{kind}: unknown keys {sorted(unknown)}")
        if not words or not entry.get("what"):
            faults.append(f"{kind}: words and what are required")
        if passing is not None and passing.split()[0] not in verbs:
            faults.append(f"{kind}: its pass order {passing!r} is not one of its orders")
        for flag in ("map", "again", "stands"):
            if not isinstance(entry.get(flag, False), bool):
                faults.append(f"{kind}: {flag} is true or false")
        found.append(DecisionKind(kind, words, entry["what"], verbs, passing,
                                  entry.get("map", False), entry.get("again", False),
                                  entry.get("stands", False)))
    listed = [k.kind for k in found]
    faults += [f"{kind}: not listed" for kind in KINDS if kind not in listed]
    faults += [f"{kind}: listed twice" for kind in set(listed) if listed.count(kind) > 1]
    if faults:
        raise ValueError(f"{path}: " + "; ".join(faults))
    return tuple(found)
