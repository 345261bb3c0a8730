"""The clauses of an action: what a player says a die action, a card or a special action does
(cards/choices.py takes them in order), read from order words and written back canonically."""

from __future__ import annotations

from typing import Any

from ...common.language import OrderProblem
from ..codes import ErrorCode
from ..data import RESULTS
from ..state import data
from . import words as w
from .words import Words

DESERT_KINDS = ("WORMSIGN", "WORM", "OLD")


def read_clauses(words: Words, side: str) -> list[dict[str, Any]]:
    """Clauses until the words run out (a nested PLAY takes the rest)."""
    found = []
    while words:
        keyword = words.peek()
        if keyword not in READERS:
            raise OrderProblem(ErrorCode.UNKNOWN_WORD, f"{keyword} starts no clause here",
                               tuple(sorted(READERS)))
        words.next()
        clause = READERS[keyword](words, side)
        found.append(clause)
        if clause["kind"] == "play":
            break
    return found


def _legion_move(kind: str, join: str):
    def read(words: Words, side: str) -> dict[str, Any]:
        start = w.area(words)
        pick = w.figures(words)
        words.expect(join, f"and the area after {w.data().board[start].name}")
        end = w.area(words)
        clause = {"kind": kind, "from": start, "pick": pick, ("to" if join == "TO" else "on"): end}
        if words.accept("BY"):
            words.expect("AIR", "after BY")
            clause["air"] = w.zone(words) if words and words.peek() not in w.STOP else True
        return clause
    return read


def _place(words: Words, side: str) -> dict[str, Any]:
    leader = None
    if words.accept("LEADER") or (words.peek() not in ("AT",) and words.peek() not in w.STOP):
        leader = w.leader(words)
    words.expect("AT", "and the areas")
    return {"kind": "place", "leader": leader, "at": w.areas(words)}


def _deploy(words: Words, side: str) -> dict[str, Any]:
    groups = []
    leader = leader_at = None
    while words and words.peek() != "LEADER":
        units = w.figures(words) or {}
        words.expect("AT", "and a settlement or sietch")
        groups.append({"at": w.area(words), "units": {k: units.get(k, 0)
                                                      for k in ("regular", "elite", "special")}})
    if words.accept("LEADER"):
        leader = w.leader(words)
        if words.accept("AT"):
            leader_at = w.area(words)
    if not groups and leader_at:
        groups = [{"at": leader_at, "units": {"regular": 0, "elite": 0, "special": 0}}]
    return {"kind": "deploy", "groups": groups, "leader": leader, "leader_at": leader_at}


def _draw(words: Words, side: str) -> dict[str, Any]:
    decks = []
    while words and words.peek() not in w.STOP:
        decks.append(w.deck(words, side))
    return {"kind": "draw", "decks": decks}


def _play(words: Words, side: str) -> dict[str, Any]:
    card = w.card(words)
    return {"kind": "play", "card": card, "clauses": read_clauses(words, side)}


def _target(words: Words, side: str) -> dict[str, Any]:
    word = words.peek().lower()
    if word in RESULTS:
        return {"kind": "target", "result": w.result(words)}
    if word in ("choam", "guild", "landsraad"):
        return {"kind": "target", "marker": w.marker(words, imperium=True)}
    for reader, key in ((w.leader, "leader"), (w.prescience, "card"), (w.sector, "sector"),
                        (w.area, "area")):
        saved = list(words.words)
        try:
            return {"kind": "target", key: reader(words)}
        except OrderProblem:
            words.words = saved
    raise OrderProblem(ErrorCode.UNKNOWN_WORD, f"no leader, card, sector or area "
                       f"{' '.join(words.words)!r}")


def _vehicle(kind: str):
    def read(words: Words, side: str) -> dict[str, Any]:
        place = w.area(words) if kind == "harvester" else w.zone(words)
        return {"kind": "vehicle", "vehicle": kind, "at": place}
    return read


def _worm(words: Words, side: str) -> dict[str, Any]:
    start = w.area(words)
    if words.accept("TO"):
        return {"kind": "worm", "from": start, "to": w.area(words)}
    words.expect("ON", "or TO, and an area")
    return {"kind": "worm", "from": start, "on": w.area(words)}


def _old_man(words: Words, side: str) -> dict[str, Any]:
    """``OLD MAN AT <sector>`` (he rises), ``TO <sector>`` (he moves), ``ON <area>`` (he
    attacks): 002 OLD MAN OF THE DESERT (OPTIONAL)."""
    words.accept("MAN")
    if words.accept("ON"):
        return {"kind": "old-man", "on": w.area(words)}
    key = "to" if words.accept("TO") else "at"
    if key == "at":
        words.expect("AT", "or TO a sector, or ON an area")
    return {"kind": "old-man", key: w.sector(words)}


def _wild(words: Words, side: str) -> dict[str, Any]:
    for join, key in (("AT", "at"), ("TO", "to"), ("ON", "on")):
        if words.accept(join):
            return {"kind": "wild", key: w.area(words)}
    raise OrderProblem(ErrorCode.MISSING, "WILD AT, TO or ON an area")


def _areas_clause(kind: str):
    def read(words: Words, side: str) -> dict[str, Any]:
        return {"kind": kind, "at": w.areas(words)}
    return read


def _shift(words: Words, side: str) -> dict[str, Any]:
    down = w.marker(words)
    words.expect("TO", "and the marker that goes up")
    up = w.marker(words)
    return {"kind": "shift", "down": down, "up": up, "steps": words.number("the steps")}


def _redraw(words: Words, side: str) -> dict[str, Any]:
    cards = []
    while words and words.peek() not in w.STOP:
        cards.append(w.prescience(words))
    return {"kind": "redraw", "cards": cards}


def _swap(words: Words, side: str) -> dict[str, Any]:
    one = w.area(words)
    words.expect("AND", "and the other sietch")
    return {"kind": "swap", "areas": [one, w.area(words)]}


def _from_to(kind: str):
    def read(words: Words, side: str) -> dict[str, Any]:
        start = w.area(words)
        words.expect("TO", "and the area")
        return {"kind": kind, "from": start, "to": w.area(words)}
    return read


def _token(words: Words, side: str) -> dict[str, Any]:
    words.expect("AT", "and a sietch")
    return {"kind": "token", "at": w.area(words)}


def _remove(words: Words, side: str) -> dict[str, Any]:
    places = []
    while words and words.peek() not in w.STOP:
        if words.peek().startswith("Z") and words.peek()[1:].isdigit() \
                or words.peek().startswith("AIR"):
            places.append(w.zone(words))
        else:
            places.append(w.area(words))
    return {"kind": "remove", "at": places}


def _atomics(words: Words, side: str) -> dict[str, Any]:
    return {"kind": "atomics", "at": w.area(words)}


def _desert(words: Words, side: str) -> dict[str, Any]:
    found = []
    while words and words.peek() in DESERT_KINDS:
        keyword = words.next().upper()
        found.append(READERS[keyword](words, side))
    if not found:
        raise OrderProblem(ErrorCode.MISSING, "DESERT WORMSIGN <areas>, DESERT WORM <area> TO "
                           "<area>, DESERT WORM <area> ON <area>, or DESERT OLD MAN AT <sector> "
                           "(TO <sector>, ON <area>)")
    return {"kind": "desert", "clauses": found}


def _via(words: Words, side: str) -> dict[str, Any]:
    return {"kind": "via", "zone": w.zone(words)}


READERS = {
    "MOVE": _legion_move("move", "TO"),
    "ATTACK": _legion_move("attack", "ON"),
    "SURPRISE": _legion_move("surprise", "ON"),
    "PLACE": _place,
    "DEPLOY": _deploy,
    "DRAW": _draw,
    "PLAY": _play,
    "TARGET": _target,
    "HARVESTER": _vehicle("harvester"),
    "ORNITHOPTER": _vehicle("ornithopter"),
    "CARRYALL": _vehicle("carryall"),
    "WORMSIGN": lambda words, side: {"kind": "wormsign", "at": w.areas(words, 2)},
    "SANDWORM": lambda words, side: {"kind": "sandworm", "at": w.area(words)},
    "WORM": _worm,
    "OLD": _old_man,
    "WILD": _wild,
    "UPGRADE": _areas_clause("upgrade"),
    "CLEAR": _areas_clause("clear"),
    "SHIFT": _shift,
    "REDRAW": _redraw,
    "SWAP": _swap,
    "SIETCH": _from_to("sietch"),
    "PUSH": _from_to("push"),
    "TOKEN": _token,
    "REMOVE": _remove,
    "ATOMICS": _atomics,
    "DESERT": _desert,
    "VIA": _via,
}


# --- written back ---------------------------------------------------------------------------
def name(area: str) -> str:
    return data().board[area].name


def show_figures(spec: dict[str, Any] | None) -> str:
    if not spec:
        return ""
    parts = ["LEAVE"] if spec.get("leave") else []
    for kind, letter in (("regular", "R"), ("elite", "E"), ("special", "S")):
        if spec.get(kind):
            parts.append(f"{spec[kind]}{letter}")
    tokens = spec.get("tokens")
    if isinstance(tokens, int) and tokens:
        parts.append(f"{tokens}T")
    elif tokens:
        parts += [t.upper() for t in tokens]
    for leader in spec.get("leaders", []):
        parts.append(show_leader(leader))
    return " ".join(parts)


def show_leader(leader: str) -> str:
    if leader in ("generic", "naib", "bashar"):
        return leader.upper()
    if leader == "paul":
        return "Paul"
    return data().leaders[leader].name


def show(clause: dict[str, Any]) -> str:
    """A clause in canonical words (reading it gives the same clause)."""
    kind = clause["kind"]
    if kind in ("move", "attack", "surprise"):
        join = "TO" if kind == "move" else "ON"
        figures = show_figures(clause.get("pick"))
        end = clause.get("to") or clause.get("on")
        text = f"{kind.upper()} {name(clause['from'])}{' ' + figures if figures else ''} " \
               f"{join} {name(end)}"
        air = clause.get("air")
        if air:
            text += " BY AIR" + ("" if air is True else f" {data().board.zones[air].name}")
        return text
    if kind == "place":
        leader = f" LEADER {show_leader(clause['leader'])}" if clause.get("leader") else ""
        return f"PLACE{leader} AT {', '.join(name(a) for a in clause['at'])}"
    if kind == "deploy":
        parts = []
        for group in clause["groups"]:
            units = show_figures({k: v for k, v in group["units"].items() if v})
            parts.append(f"{units + ' ' if units else ''}AT {name(group['at'])}")
        text = "DEPLOY " + " ".join(parts)
        if clause.get("leader"):
            text += f" LEADER {show_leader(clause['leader'])}"
            if clause.get("leader_at"):
                text += f" AT {name(clause['leader_at'])}"
        return text.replace("DEPLOY  ", "DEPLOY ")
    if kind == "draw":
        return "DRAW " + " ".join(d.upper() for d in clause["decks"])
    if kind == "play":
        inner = " ".join(show(c) for c in clause["clauses"])
        return f"PLAY {data().cards[clause['card']].name}{' ' + inner if inner else ''}"
    if kind == "target":
        (key, value), = ((k, v) for k, v in clause.items() if k != "kind")
        return "TARGET " + {"result": lambda v: v.upper(), "marker": lambda v: v.upper(),
                            "leader": show_leader,
                            "card": lambda v: data().prescience[v].name,
                            "sector": lambda v: data().board.sectors[v].name,
                            "area": name}[key](value)
    if kind == "vehicle":
        at = name(clause["at"]) if clause["vehicle"] == "harvester" \
            else data().board.zones[clause["at"]].name
        return f"{clause['vehicle'].upper()} {at}"
    if kind == "worm":
        if "to" in clause:
            return f"WORM {name(clause['from'])} TO {name(clause['to'])}"
        return f"WORM {name(clause['from'])} ON {name(clause['on'])}"
    if kind == "wild":
        (key, value), = ((k, v) for k, v in clause.items() if k != "kind")
        return f"WILD {key.upper()} {name(value)}"
    if kind == "old-man":
        (key, value), = ((k, v) for k, v in clause.items() if k != "kind")
        return f"OLD MAN {key.upper()} " + (name(value) if key == "on"
                                            else data().board.sectors[value].name)
    if kind in ("wormsign", "upgrade", "clear"):
        return f"{kind.upper()} {', '.join(name(a) for a in clause['at'])}"
    if kind == "sandworm":
        return f"SANDWORM {name(clause['at'])}"
    if kind == "shift":
        return f"SHIFT {clause['down'].upper()} TO {clause['up'].upper()} {clause['steps']}"
    if kind == "redraw":
        return "REDRAW " + ", ".join(data().prescience[c].name for c in clause["cards"])
    if kind == "swap":
        return f"SWAP {name(clause['areas'][0])} AND {name(clause['areas'][1])}"
    if kind in ("sietch", "push"):
        return f"{kind.upper()} {name(clause['from'])} TO {name(clause['to'])}"
    if kind == "token":
        return f"TOKEN AT {name(clause['at'])}"
    if kind == "remove":
        return "REMOVE " + ", ".join(name(p) if p in data().board.areas
                                     else data().board.zones[p].name for p in clause["at"])
    if kind == "atomics":
        return f"ATOMICS {name(clause['at'])}"
    if kind == "desert":
        return "DESERT " + " ".join(show(c) for c in clause["clauses"])
    if kind == "via":
        return f"VIA {data().board.zones[clause['zone']].name}"
    raise AssertionError(kind)
