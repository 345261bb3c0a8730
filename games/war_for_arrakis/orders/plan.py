"""A plan: a seat's actions for the round's action turns, sent at once (docs/orders.md, "War
for Arrakis").

One line per action, in the order they are to be taken; a line ``OR ...`` after an action is
its fallback, tried when the action cannot be done when its turn comes (there may be several);
lines naming a standing choice set how the seat decides what the rules ask mid-action (they
stand until changed); ``CHANGE <result>`` chooses what a die beyond its slots becomes, and
``BENE GESSERIT <result>`` places a Bene Gesserit token (a first plan of the round).

    LEADERSHIP MOVE Sihaya Ridge TO NE9; MOVE Gara Kulon 2R NAIB TO NE12
    OR PASS
    PLAY War Plan USING MENTAT ATTACK NE12 ON Carthag
    DESERT WORMSIGN NE5, NE6
    CASUALTIES REGULAR ELITE GENERIC SPECIAL NAMED
"""

from __future__ import annotations

from typing import Any

from pbem.game import Prompt

from ...common.language import OrderKind, OrderProblem, same_in_every_game
from ..codes import ErrorCode
from ..data import RESULTS
from ..standing import CASUALTY_KINDS
from ..state import side_of
from . import LANGUAGE
from . import words as w
from .clauses import read_clauses, show
from .words import Words

ENTRY_VERBS = ("STRATEGY", "LEADERSHIP", "DEPLOY", "MENTAT", "HOUSE", "PLAY", "DESERT",
               "LEADER", "CLAIM", "PASS", "REVEAL", "SCOUT", "ATOMICS", "SCHEME", "DEFER",
               "SILENCE")
STANDING_VERBS = ("CASUALTIES", "SPECIALS", "CONTINUE", "RETREAT", "CARDS", "CARRYALL",
                  "DISCARD", "CLAIMS", "SWAP")
VERBS = (*ENTRY_VERBS, "OR", "CHANGE", "BENE", "BG", *STANDING_VERBS)
TERRAINS = ("deep", "desert", "minor-erg", "plateau", "mountain")


def read_action(state: dict, seat: str, verb: str, words: Words) -> dict[str, Any]:
    """One action of a plan, from its verb and words."""
    side = side_of(seat)
    if verb in ("STRATEGY", "LEADERSHIP", "MENTAT"):
        clauses = read_clauses(words, side) if verb != "MENTAT" else _mentat(words, side)
        return {"do": "die", "result": verb.lower(), "clauses": clauses}
    if verb == "DEPLOY":
        words.words.insert(0, "DEPLOY")
        return {"do": "die", "result": "deployment", "clauses": read_clauses(words, side)}
    if verb == "HOUSE":
        if words.peek().lower() in RESULTS and side == "atreides":
            inner = words.next().upper()
            action = read_action(state, seat, inner, words)
            return {**action, "via": "house"}
        return {"do": "die", "result": "house", "clauses": read_clauses(words, side)}
    if verb == "PLAY":
        card = w.card(words)
        using = _using(words)
        return {"do": "card", "card": card, "using": using, "clauses": read_clauses(words, side)}
    if verb == "LEADER":
        leader = w.leader(words)
        if leader in ("generic", "naib", "bashar"):
            raise OrderProblem(ErrorCode.UNKNOWN_LEADER, "a named leader's special action")
        return {"do": "leader", "leader": leader, "clauses": read_clauses(words, side)}
    if verb == "CLAIM":
        card = w.prescience(words)
        return {"do": "claim", "card": card, "using": _using(words)}
    if verb == "DESERT":
        words.words.insert(0, "DESERT")
        (clause,) = read_clauses(words, side)
        return {"do": "desert", "clauses": clause["clauses"]}
    if verb == "PASS":
        return {"do": "pass", "using": _using(words)}
    if verb == "REVEAL":
        return {"do": "reveal", "area": w.area(words)}
    if verb == "SCOUT":
        found = {"do": "scout", "area": w.area(words)}
        if words.accept("VIA"):
            found["zone"] = w.zone(words)
        return found
    if verb == "ATOMICS":
        return {"do": "atomics", "area": w.area(words)}
    if verb == "SCHEME":
        return {"do": "scheme", "count": words.number("2 or 3") if words else 2}
    if verb == "DEFER":
        return {"do": "wait"}
    if verb == "SILENCE":
        text = " ".join(words.words)
        words.words = []
        return {"do": "silence", "text": text}
    raise AssertionError(verb)


def _mentat(words: Words, side: str) -> list[dict[str, Any]]:
    decks = []
    while words and words.peek() not in w.STOP:
        decks.append(w.deck(words, side))
    if len(decks) > 2:
        raise OrderProblem(ErrorCode.TOO_MANY, "the Mentat action draws 2 cards: name 1 or 2 "
                           "decks")
    return [{"kind": "draw", "decks": decks}] if decks else []


def _using(words: Words) -> str | None:
    return w.result(words) if words.accept("USING") else None


def show_action(action: dict[str, Any]) -> str:
    """An action in canonical words."""
    kind = action["do"]
    clauses = " ".join(show(c) for c in action.get("clauses", []))
    using = f" USING {action['using'].upper()}" if action.get("using") else ""
    if kind == "die":
        result = action["result"]
        if result == "mentat":
            decks = action["clauses"][0]["decks"] if action["clauses"] else []
            text = "MENTAT" + "".join(f" {d.upper()}" for d in decks)
        elif result == "deployment":
            text = clauses
        else:
            text = f"{result.upper()} {clauses}".strip()
        return f"HOUSE {text}" if action.get("via") == "house" else text
    if kind == "card":
        from ..state import data

        return f"PLAY {data().cards[action['card']].name}{using}" + (f" {clauses}" if clauses
                                                                      else "")
    if kind == "leader":
        from .clauses import show_leader

        return f"LEADER {show_leader(action['leader'])}" + (f" {clauses}" if clauses else "")
    if kind == "claim":
        from ..state import data

        return f"CLAIM {data().prescience[action['card']].name}{using}"
    if kind == "desert":
        return "DESERT " + " ".join(show(c) for c in action["clauses"])
    if kind == "pass":
        return f"PASS{using}"
    if kind in ("reveal", "atomics"):
        from .clauses import name

        return f"{kind.upper()} {name(action['area'])}"
    if kind == "scout":
        from ..state import data
        from .clauses import name

        via = f" VIA {data().board.zones[action['zone']].name}" if action.get("zone") else ""
        return f"SCOUT {name(action['area'])}{via}"
    if kind == "scheme":
        return f"SCHEME {action['count']}"
    if kind == "wait":
        return "DEFER"
    if kind == "silence":
        return f"SILENCE {action['text']}"
    raise AssertionError(kind)


def read_standing(verb: str, words: Words) -> tuple[str, Any]:
    """A standing choice: its key in ``standing.DEFAULTS`` and its value."""
    rest = [x.upper() for x in words.words]
    if verb == "CASUALTIES":
        order = [x.lower() for x in rest]
        if sorted(order) != sorted(CASUALTY_KINDS):
            raise OrderProblem(ErrorCode.BAD_ORDER, "name every kind once, in order",
                               tuple(k.upper() for k in CASUALTY_KINDS))
        return "casualties", order
    if verb == "SPECIALS":
        if rest not in (["HITS"], ["SHIELDS"]):
            raise OrderProblem(ErrorCode.BAD_ORDER, "SPECIALS HITS or SPECIALS SHIELDS",
                               ("HITS", "SHIELDS"))
        return "specials", rest[0].lower()
    if verb == "CONTINUE":
        return "continue", _rule(rest, ("ALWAYS", "NEVER", "STRONGER", "WHILE"), "units")
    if verb == "RETREAT":
        if rest[:1] == ["TO"]:
            order = [x.lower() for x in rest[1:]]
            if not order or any(t not in TERRAINS for t in order):
                raise OrderProblem(ErrorCode.BAD_ORDER, "RETREAT TO then terrains in order",
                                   tuple(t.upper() for t in TERRAINS))
            return "retreat_to", order
        return "retreat", _rule(rest, ("NEVER", "WEAKER", "BELOW"), "units")
    if verb == "CARDS":
        words.words = words.words
        return "cards", Words(list(words.words)).number("the cards discarded each round")
    if verb == "CARRYALL":
        if rest not in (["YES"], ["NO"]):
            raise OrderProblem(ErrorCode.BAD_ORDER, "CARRYALL YES or CARRYALL NO", ("YES", "NO"))
        return "carryall", rest == ["YES"]
    if verb in ("DISCARD", "CLAIMS", "SWAP"):
        if rest == ["NONE"]:
            return {"DISCARD": "discard", "CLAIMS": "claims", "SWAP": "swap"}[verb], []
        reader = {"DISCARD": w.card, "CLAIMS": w.prescience, "SWAP": w.leader}[verb]
        found = []
        while words:
            found.append(reader(words))
        return {"DISCARD": "discard", "CLAIMS": "claims", "SWAP": "swap"}[verb], found
    raise AssertionError(verb)


def _rule(rest: list[str], modes: tuple[str, ...], number: str) -> dict[str, Any]:
    if not rest or rest[0] not in modes:
        raise OrderProblem(ErrorCode.BAD_ORDER, f"one of {', '.join(modes)}", modes)
    mode = rest[0].lower()
    if mode in ("while", "below"):
        if len(rest) != 2 or not rest[1].isdigit():
            raise OrderProblem(ErrorCode.BAD_NUMBER, f"{rest[0]} <units>")
        return {"mode": mode, number: int(rest[1])}
    if len(rest) != 1:
        raise OrderProblem(ErrorCode.BAD_ORDER, f"{rest[0]} alone")
    return {"mode": mode, number: 0}


def show_standing(key: str, value: Any) -> str:
    if key == "casualties":
        return "CASUALTIES " + " ".join(k.upper() for k in value)
    if key == "specials":
        return f"SPECIALS {value.upper()}"
    if key in ("continue", "retreat"):
        verb = "CONTINUE" if key == "continue" else "RETREAT"
        units = f" {value['units']}" if value["mode"] in ("while", "below") else ""
        return f"{verb} {value['mode'].upper()}{units}"
    if key == "retreat_to":
        return "RETREAT TO " + " ".join(t.upper() for t in value)
    if key == "cards":
        return f"CARDS {value}"
    if key == "carryall":
        return f"CARRYALL {'YES' if value else 'NO'}"
    from ..state import data
    from .clauses import show_leader

    if key in ("discard", "claims", "swap"):
        verb = key.upper()
        if not value:
            return f"{verb} NONE"
        names = {"discard": lambda c: data().cards[c].name,
                 "claims": lambda c: data().prescience[c].name, "swap": show_leader}[key]
        return f"{verb} " + ", ".join(names(v) for v in value)
    raise AssertionError(key)


def read_line(state: dict, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    """One line of a plan (the verb first, upper case)."""
    verb, rest = words[0], Words(words[1:])
    if verb in ENTRY_VERBS or verb == "OR":
        if verb == "OR":
            if not rest:
                raise OrderProblem(ErrorCode.MISSING, "OR then an action")
            verb = rest.next().upper()
            if verb not in ENTRY_VERBS:
                raise OrderProblem(ErrorCode.UNKNOWN_WORD, f"{verb} is no action",
                                   ENTRY_VERBS)
            action = read_action(state, prompt.seat, verb, rest)
            return {"line": "or", "action": {**action, "text": show_action(action)}}
        action = read_action(state, prompt.seat, verb, rest)
        if rest:
            raise OrderProblem(ErrorCode.UNKNOWN_WORD, f"{' '.join(rest.words)!r} is not read")
        return {"line": "entry", "action": {**action, "text": show_action(action)}}
    if verb == "CHANGE":
        return {"line": "change", "result": w.result(rest)}
    if verb in ("BENE", "BG"):
        rest.accept("GESSERIT")
        return {"line": "bene", "result": w.result(rest)}
    key, value = read_standing(verb, rest)
    return {"line": "standing", "key": key, "value": value}


def combine(state: dict, prompt: Prompt, lines: list[dict[str, Any]]) -> dict[str, Any]:
    """A plan's lines as its value: entries, each with its fallbacks; standing choices; die
    changes; the Bene Gesserit token."""
    plan: dict[str, Any] = {"entries": [], "standing": {}, "changes": [], "bene_gesserit": None}
    for number, line in enumerate(lines):
        kind = line["line"]
        if kind == "entry":
            plan["entries"].append({"try": [line["action"]]})
        elif kind == "or":
            if not plan["entries"]:
                raise OrderProblem(ErrorCode.BAD_ORDER, "an OR line follows an action",
                                   part=number)
            plan["entries"][-1]["try"].append(line["action"])
        elif kind == "change":
            plan["changes"].append(line["result"])
        elif kind == "bene":
            plan["bene_gesserit"] = line["result"]
        else:
            plan["standing"][line["key"]] = line["value"]
    return plan


def plan_text(plan: dict[str, Any]) -> str:
    """A plan in canonical words, one line each."""
    lines = []
    for result in plan.get("changes", []):
        lines.append(f"CHANGE {result.upper()}")
    if plan.get("bene_gesserit"):
        lines.append(f"BENE GESSERIT {plan['bene_gesserit'].upper()}")
    for entry in plan["entries"]:
        first, *fallbacks = entry["try"]
        lines.append(first.get("text") or show_action(first))
        lines += [f"OR {a.get('text') or show_action(a)}" for a in fallbacks]
    for key, value in plan.get("standing", {}).items():
        lines.append(show_standing(key, value))
    return "\n".join(lines) or "PASS"


PLAN = LANGUAGE.order_kind(OrderKind(
    "plan", VERBS, read_line, same_in_every_game(plan_text), combine=combine,
    with_verb=True))
