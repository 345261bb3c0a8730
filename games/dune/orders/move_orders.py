"""The order language of a faction's turn in the movement round (docs/orders.md, "Shipment
and movement"):

- ``SHIP <forces> TO <territory> [SECTOR n] [KARAMA] [COEXIST|FIGHT]``: from the reserves;
- ``SHIP <forces> FROM <territory> TO <territory> [SECTOR n]``: the Guild's cross-planet
  shipment; ``SHIP <forces> FROM <territory> TO RESERVES``: back to the reserves;
- ``MOVE <forces> FROM <territory> TO <territory> [SECTOR n] [COEXIST|FIGHT]``; with the leader
  skill Planetologist a second ``MOVE`` in the plan from another territory to the same one
  (001 4.07.15.07: the two groups in one movement, then neither goes further for the skill);
- ``HAJR MOVE ...``: the extra move of the Hajr card (or the Richese Ornithopter's);
- a second ``SHIP`` in a plan, with the Spacing Guild Nexus card set for its Cunning (001
  4.03.07.07): the extra shipment, after the move (``extra_ship``);
- ``ORNITHOPTER MOVE ...``: the turn's move, its group up to three territories, the Richese
  Ornithopter played (001 3.03.07);
- ``PASS``: neither; ``ELSE``: what follows is the next plan, tried if the one before is not
  legal when the turn comes;
- ``SUPPORT <n>``: spice this faction will pay towards its allies' shipments this round;
- ``GIVE <faction> <n>``: spice given to another faction (``transfers``); under GF9 a GIVE line
  of the open round is read as the deal beside the turn (``deals``), this one only in an order
  sent ahead;
- the Guild's ``KARAMA STOP <faction>``, ``DEFER [LAST|<faction>]`` (sequential mode) and
  ``TIMING FIRST|LAST|BEFORE <faction>|AFTER <faction>`` (batched mode);
- ``MENTAT <weapon>`` or ``MENTAT NONE``: with the leader skill Mentat (001 4.07.15.06), the
  weapon its holder asks each opponent for before the plans of its battles, standing until
  changed (``variants.skill_powers``);
- ``KARAMA ADVISOR [<faction>]``, ``KARAMA GUILD``, ``KARAMA WORM <territory>`` (the Fremen),
  ``KARAMA WORTHLESS``: the Karamas of ``move_karama``.

``<forces>`` is a number of the faction's plain kind of force, a number with a kind's mark
(``2*``) or word (``2 Fedaykin``), or several (``5 2*``): ``language.read_forces``.
``COEXIST``/``FIGHT`` after a Bene Gesserit move into an occupied territory declares
coexistence there (000 XV.B.5).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Prompt

from .. import factions, tokens
from ..board import layer, reach
from ..bots import move_bot
from ..cards import karama, karama_reach, move_karama
from ..codes import ErrorCode
from ..data import Ability, NameLookupError
from ..deals import read_gift
from ..forces import kinds, order_text
from ..phases import moves
from ..rules import cite, rules_of
from ..state import State, faction_name
from ..variants import skill_powers
from ..variants.nexus_cards import EXTRA_SHIPMENT, set_at
from .language import (
    OrderKind,
    OrderProblem,
    order_kind,
    read_faction,
    read_forces,
    read_number,
    read_territory,
    where,
)

KIND, GUILD_KIND = "move", "guild-move"
VERBS = ("SHIP", "MOVE", "HAJR", "ORNITHOPTER", "KARAMA", "PASS", "ELSE", "SUPPORT", "GIVE",
         "MENTAT")
RESERVES = "RESERVES"


# --- reading one line
def read_line(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    """One line of a movement order, by its verb (the first word)."""
    verb, words = words[0], words[1:]
    if verb == "PASS":
        return {"pass": True}
    if verb == "ELSE":
        return {"else": True}
    if verb == "SUPPORT":
        return {"support": read_number(words[0] if words else "", 0, 200, "the support")}
    if verb == "GIVE":
        return {"give": read_gift(state, prompt, words)}
    if verb == "MENTAT":
        return {"mentat": read_mentat(state, prompt.seat, words)}
    if verb == "SHIP":
        return {"ship": read_shipment(state, prompt, words)}
    if verb == "MOVE":
        return {"move": read_move(state, prompt.seat, words)}
    if verb == "HAJR":
        if not words or words[0].upper() != "MOVE":
            raise OrderProblem(ErrorCode.HAJR, "expected HAJR MOVE <forces> FROM <territory> TO "
                               "<territory>", ("HAJR MOVE 3 FROM Carthag TO Arrakeen",))
        return {"hajr": read_move(state, prompt.seat, words[1:])}
    if verb == "ORNITHOPTER":               # 001 3.03.07: "Move one group ... up to 3"
        if not words or words[0].upper() != "MOVE":
            raise OrderProblem(ErrorCode.BAD_MOVE, "expected ORNITHOPTER MOVE <forces> FROM "
                               "<territory> TO <territory>",
                               ("ORNITHOPTER MOVE 3 FROM Carthag TO Tuek's Sietch",))
        return {"move": {**read_move(state, prompt.seat, words[1:]), "ornithopter": True}}
    if verb == "KARAMA":
        return read_karama(state, prompt, words)
    if verb == "DEFER":
        return {"wait": read_wait(state, prompt, words)}
    return {"timing": read_timing(state, prompt, words)}


def read_mentat(state: State, seat: str, words: list[str]) -> str | None:
    """``MENTAT <weapon>`` or ``MENTAT NONE`` (001 4.07.15.06), for the Mentat's holder."""
    valid = ("MENTAT Lasgun", "MENTAT NONE")
    if skill_powers.mentat_of(tokens.of(state), seat) is None:
        raise OrderProblem(ErrorCode.BAD_PLAN_LINE, "MENTAT is for a faction whose leader has "
                           "the Mentat skill (001 4.07.15.06)", ())
    if [w.upper() for w in words] == ["NONE"]:
        return None
    try:
        name, weapon = skill_powers.weapon_named(state, " ".join(words))
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, f"expected MENTAT <weapon>: {error}",
                           valid) from None
    if not weapon:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, f"expected MENTAT <weapon>: {name} is no "
                           "weapon (001 4.07.15.06)", valid)
    return name


def read_shipment(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    """SHIP <forces> [FROM <territory>] TO <territory>|RESERVES [SECTOR n] [KARAMA] [COEXIST];
    a token standing for forces shipped with them or alone (``<token> <value>``: ``NOFIELD
    3``, 001 2.10.11)."""
    if _token_word(state, words[:1]):
        forces, rest = {}, words
    else:
        forces, rest = _read_forces(state, prompt.seat, words)
    token = None
    if _token_word(state, rest[:1]):
        owner = factions.token_owner(state, prompt.seat)
        if owner.seat != prompt.seat:       # an ally's, lent (001 2.10.20): no value named
            token, rest = "", rest[1:]
        elif len(rest) < 2 or not rest[1].isdigit():
            raise OrderProblem(ErrorCode.BAD_SHIPMENT, f"expected the value of your "
                               f"{rest[0]} after it", ("SHIP NOFIELD 3 TO Arrakeen",))
        else:
            token, rest = rest[1], rest[2:]
        problem = owner.token_shipment(state, token, forces, prompt.seat)
        if problem:
            raise OrderProblem(ErrorCode.BAD_SHIPMENT, problem, ("SHIP 5 TO Arrakeen",))
    order = _read_destination(state, prompt, forces, rest)
    if token is not None:
        if order["kind"] != "reserve":
            raise OrderProblem(ErrorCode.BAD_SHIPMENT, "a No-Field is shipped from your "
                               "supply, not from the board", ("SHIP NOFIELD 3 TO Arrakeen",))
        order["token"] = token
    return order


def _token_word(state: State, words: list[str]) -> bool:
    """Whether the word names a kind of token in play that stands for forces (a No-Field:
    ``NOFIELD``, ``NO-FIELD``)."""
    if not words:
        return False
    said = words[0].upper().replace("-", "").replace("_", "")
    return any(said == kind.words.upper().replace("-", "").replace(" ", "")
               for kind in tokens.kinds(rules_of(state)) if kind.occupies)


def _read_destination(state: State, prompt: Prompt, forces: dict[str, int], rest: list[str]
                      ) -> dict[str, Any]:
    """The rest of a SHIP line after its forces."""
    rest, coexist = _coexist_word(rest)
    if (coexist and factions.lister(state, Ability.COEXISTENCE).advisor_sides
            and not factions.power(prompt.seat, state).ships_coexisting):     # 001 2.13.06
        raise OrderProblem(ErrorCode.SHIPPED_FIGHTERS, "your forces are shipped as fighters: "
                           "no COEXIST after SHIP (001 2.02.14)", ("SHIP 5 TO Arrakeen",))
    karama = bool(rest) and rest[-1].upper() == "KARAMA"
    if karama:
        rest = rest[:-1]
    source = None
    upper = [w.upper() for w in rest]
    if "TO" not in upper:
        raise OrderProblem(ErrorCode.MISSING_TO, "expected TO <territory>",
                           ("SHIP 5 TO Arrakeen", "SHIP 4 TO Habbanya Erg SECTOR 16"))
    to = upper.index("TO")
    from_sector = None
    if upper[:1] == ["FROM"]:
        found, from_sector = read_territory(state, rest[1:to])
        source = found.name
    elif to:
        raise OrderProblem(ErrorCode.BAD_SHIPMENT, f"did not understand {' '.join(rest[:to])!r}",
                           ("SHIP 5 TO Arrakeen",))
    target = rest[to + 1:]
    if source is not None and [w.upper() for w in target] == [RESERVES]:
        return {"kind": "back", "from": source, "from_sector": from_sector, "forces": forces}
    territory, sector = read_territory(state, target)
    return {"kind": "cross" if source else "reserve", "from": source,
            "from_sector": from_sector, "to": territory.name,
            "sector": sector, "forces": forces, "karama": karama,
            "coexist": coexist}


def read_move(state: State, seat: str, words: list[str]) -> dict[str, Any]:
    """<forces> FROM <territory> TO <territory> [SECTOR n] [COEXIST|FIGHT]; a token standing
    for forces moved with them or alone (``NOFIELD 3``: one force for movement, 001
    2.10.12)."""
    if _token_word(state, words[:1]):
        forces, rest = {}, words
    else:
        forces, rest = _read_forces(state, seat, words)
    token = None
    if _token_word(state, rest[:1]):
        if len(rest) < 2 or not rest[1].isdigit():
            raise OrderProblem(ErrorCode.BAD_MOVE, f"expected the value of your {rest[0]} "
                               "after it", ("MOVE NOFIELD 3 FROM Carthag TO Arrakeen",))
        token, rest = rest[1], rest[2:]
    rest, coexist = _coexist_word(rest)
    upper = [w.upper() for w in rest]
    if upper[:1] != ["FROM"] or "TO" not in upper:
        raise OrderProblem(ErrorCode.BAD_MOVE, "expected MOVE <forces> FROM <territory> TO "
                           "<territory>", ("MOVE 5 FROM Carthag TO Imperial Basin",))
    to = upper.index("TO")
    source, from_sector = read_territory(state, rest[1:to])
    territory, sector = read_territory(state, rest[to + 1:])
    order = {"from": source.name, "from_sector": from_sector, "to": territory.name,
             "sector": sector, "forces": forces, "coexist": coexist}
    return order if token is None else {**order, "token": token}


def _read_forces(state: State, seat: str, words: list[str]) -> tuple[dict[str, int], list[str]]:
    """The forces at the start of a shipment or a move, at least one (``read_forces``)."""
    return read_forces(words, kinds(state, seat), least=1)


def _coexist_word(words: list[str]) -> tuple[list[str], bool | None]:
    if words and words[-1].upper() in ("COEXIST", "FIGHT"):
        return words[:-1], words[-1].upper() == "COEXIST"
    return words, None


def read_karama(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    """KARAMA STOP <faction> (the Guild), KARAMA SHIP ... (ship at the Guild's rate), or a
    Karama of ``move_karama`` (ADVISOR, GUILD, WORM, WORTHLESS)."""
    first = words[0].upper() if words else ""
    if first == "SHIP":
        shipment = read_shipment(state, prompt, words[1:])
        return {"ship": {**shipment, "karama": True}}
    if first.lower() in move_karama.LINES or first.lower() in karama_reach.REACHES:
        return {"karama": move_karama.read(state, prompt.seat, first.lower(), words[1:])}
    # The Guild's special Karama power (shield line 864; player aid B.6.B.3, line 968) is
    # optional rule XVII (line 526); not against the Fremen's shipment (WBC lines 1354-1356).
    stops = factions.has(state, prompt.seat, Ability.STOP_SHIPMENT)
    if first == "STOP" and stops:
        others = [s for s in state["seats"] if s != prompt.seat and not reach.native(state, s)]
        return {"stop": read_faction(state, words[1:], others)}
    others = tuple(move_karama.line(use) for use in move_karama.uses(state, prompt.seat))
    valid = ("KARAMA SHIP 5 TO Arrakeen",) + (("KARAMA STOP <faction>",) if stops else ()) + others
    raise OrderProblem(ErrorCode.KARAMA, "a Karama card here ships at the Guild's rate"
                       + (" or stops a shipment" if stops else "")
                       + (f"; or {', '.join(others)}" if others else ""), valid)


def read_wait(state: State, prompt: Prompt, words: list[str]) -> str | None:
    """DEFER (ask again before the next faction), DEFER LAST, DEFER <faction> (until just
    before that faction's turn)."""
    if state["step"].get("mode") != "sequential" or not state["step"]["queue"]:
        raise OrderProblem(ErrorCode.NO_WAIT, "the Guild must take its turn now", ("PASS",))
    if not words:
        return None
    if [w.upper() for w in words] == ["LAST"]:
        return "last"
    return read_faction(state, words, [s for s in state["step"]["queue"]])


def read_timing(state: State, prompt: Prompt, words: list[str]) -> list[str]:
    """TIMING FIRST | LAST | BEFORE <faction> | AFTER <faction> (the Guild, batched)."""
    if state["step"].get("mode") != "batched":
        raise OrderProblem(ErrorCode.NO_TIMING, "TIMING is for the batched mode; here the Guild is "
                           "asked before each turn (DEFER)", ("DEFER",))
    first = words[0].upper() if words else ""
    others = [s for s in state["seats"] if s != prompt.seat]
    if first in ("FIRST", "LAST") and len(words) == 1:
        return [first.lower()]
    if first in ("BEFORE", "AFTER"):
        return [first.lower(), read_faction(state, words[1:], others)]
    raise OrderProblem(ErrorCode.TIMING, "expected TIMING FIRST, LAST, BEFORE <faction> or AFTER "
                       "<faction>", ("TIMING LAST", "TIMING BEFORE Atreides"))


# --- the whole order
def combine(state: State, prompt: Prompt, parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The lines of a mail as plans (split by ELSE) and the round-wide lines; each plan is
    checked against the position now (``check_now``)."""
    plans: list[dict[str, Any]] = [{}]
    value: dict[str, Any] = {"plans": plans}
    lines: list[dict[str, int]] = [{}]          # plan -> its part -> the line's index
    for index, part in enumerate(parts):
        if part.get("else"):
            plans.append({})
            lines.append({})
            continue
        for key in ("ship", "move", "hajr"):
            if key in part:
                if key == "move" and key in plans[-1] and "join" not in plans[-1] and joins(
                        state, prompt.seat, plans[-1]["move"], part["move"], index):
                    plans[-1]["join"] = part["move"]                # 001 4.07.15.07
                    lines[-1]["join"] = index
                    continue
                if (key == "ship" and key in plans[-1] and "extra_ship" not in plans[-1]
                        and set_at(state, prompt.seat, EXTRA_SHIPMENT)):
                    plans[-1]["extra_ship"] = part["ship"]          # 001 4.03.07.07
                    lines[-1]["extra_ship"] = index
                    continue
                if key in plans[-1]:
                    raise OrderProblem(ErrorCode.TWICE, f"one {key.upper()} per plan "
                                       f"({cite(state, '000 IX.C')}); write ELSE between plans",
                                       ("ELSE",), index)
                plans[-1][key] = part[key]
                lines[-1][key] = index
        for key in ("support", "wait", "timing"):
            if key in part:
                value[key] = part[key]
        if "stop" in part:
            value.setdefault("stop", []).append(part["stop"])
        if "karama" in part:
            if part["karama"] in value.get("karama", []):
                raise OrderProblem(ErrorCode.TWICE, "the same Karama line twice", (), index)
            value.setdefault("karama", []).append(part["karama"])
        if "give" in part:
            value.setdefault("give", []).append(part["give"])
        if "mentat" in part:
            value["mentat"] = part["mentat"]
    if value.get("stop") and not moves.holds(state, prompt.seat, moves.CardType.KARAMA):
        raise OrderProblem(ErrorCode.NO_CARD, "the Guild hold no Karama card", ())
    cards = len(karama.playable(state, prompt.seat))
    needed = (len(value.get("karama", [])) + len(value.get("stop", []))
              + any(plan.get("ship", {}).get("karama") for plan in plans))
    if value.get("karama") and needed > cards:
        raise OrderProblem(ErrorCode.NOT_ENOUGH_CARDS, f"each Karama line and KARAMA SHIP takes a "
                           f"card: you hold {cards} ({cite(state, 'WBC line 1386')})", ())
    if "wait" in value and (any(plans) or value.get("give")):
        raise OrderProblem(ErrorCode.WAIT_AND_MOVE,
                           "DEFER, or take the turn now (GIVE comes with the "
                           "turn): not both", ("DEFER",))
    if sum(amount for _, amount in value.get("give", [])) > state["factions"][
            prompt.seat]["spice"]:
        raise OrderProblem(ErrorCode.NOT_ENOUGH_SPICE, f"you give more than the "
                           f"{state['factions'][prompt.seat]['spice']} spice you have", ())
    check_now(state, prompt.seat, value, lines)
    return value


def joins(state: State, seat: str, first: dict[str, Any], second: dict[str, Any], index: int
          ) -> bool:
    """Whether a plan's second MOVE joins its first (001 4.07.15.07, the Planetologist's top
    half: "Move Forces from two different territories in a single movement if they have the
    same destination"): for the Planetologist's holder alone, from another territory to the
    same one."""
    if skill_powers.planetologist_of(tokens.of(state), seat) is None:
        return False
    if second["to"] != first["to"] or second["from"] == first["from"]:
        raise OrderProblem(ErrorCode.TWICE, "a second MOVE in a plan, by the Planetologist, "
                           "comes from another territory to the same one (001 4.07.15.07)",
                           ("ELSE",), index)
    return True


def check_now(state: State, seat: str, value: dict[str, Any],
              lines: list[dict[str, int]]) -> None:
    """In the sequential mode the turn is now: the first plan must be legal as things stand.
    In the batched mode other factions move first, so a plan is refused now only for what
    they cannot change: the faction's own forces, reserves, spice and cards.  The refusal
    quotes the line of the part at fault (``lines``: each plan's part -> its line)."""
    if "wait" in value:
        return
    sequential = state["step"].get("mode") == "sequential"
    worms = [part for part in value.get("karama", []) if part[0] == "worm"]
    for number, plan in enumerate(value["plans"], start=1):
        trial = moves.trial_copy(state)
        move_karama.turn_start(trial, seat, worms)     # a Fremen worm comes first
        trial["step"].setdefault("support", {})
        if "support" in value:
            trial["step"]["support"][seat] = value["support"]
        try:
            moves.carry_out(trial, seat, plan)
        except OrderProblem as problem:
            if sequential or problem.code in OWN_PROBLEMS:
                prefix = f"plan {number}: " if len(value["plans"]) > 1 else ""
                at_fault = lines[number - 1].get(failing_part(state, seat, plan, value))
                raise OrderProblem(problem.code, prefix + problem.message,
                                   problem.valid, at_fault) from None
        if sequential:
            return


def failing_part(state: State, seat: str, plan: dict[str, Any], value: dict[str, Any]
                 ) -> str:
    """Which part of a plan that cannot be carried out is at fault: the first whose plan up
    to it fails."""
    partial: dict[str, Any] = {}
    for key in ("ship", "move", "join", "extra_ship", "hajr"):
        if key not in plan:
            continue
        partial[key] = plan[key]
        trial = moves.trial_copy(state)
        trial["step"].setdefault("support", {})[seat] = value.get("support", 0)
        try:
            moves.carry_out(trial, seat, partial)
        except OrderProblem:
            return key
    return "ship"


def notes(state: State, prompt: Prompt, value: dict[str, Any]) -> tuple[str, ...]:
    """How each plan's landings read where the order named no sector of a territory lying in
    several (``reach.choose_sector``), as things stand: "SHIP 5 TO The Minor Erg: read as
    sector 7, where the spice is"."""
    found = []
    for number, plan in enumerate(value.get("plans", []), start=1):
        trial = moves.trial_copy(state)
        trial["step"].setdefault("support", {})[prompt.seat] = value.get("support", 0)
        try:
            events = moves.carry_out(trial, prompt.seat, plan)
        except OrderProblem:
            continue
        prefix = f"plan {number}: " if len(value["plans"]) > 1 else ""
        ships = [plan[key] for key in ("ship", "extra_ship") if plan.get(key)]   # 4.03.07.07
        for event in events:
            shipped = ships.pop(0) if event.code == "shipment" and ships else None
            if "chosen" in event.data:
                line = (shipment_text(state, shipped) if shipped is not None
                        else "HAJR MOVE " + move_text(state, plan["hajr"]) if event.data["hajr"]
                        else _move_line(state, plan["move"]))
                found.append(f"{prefix}{line}: read as sector {event.data['sector']}, "
                             f"{reach.CHOSEN[event.data['chosen']]}")
    return tuple(found)


# Problems no other faction's turn can mend (batched mode).
OWN_PROBLEMS = frozenset({"not-enough-forces", "no-forces", "no-card", "not-enough-reserve",
                          "sector-needed", "wrong-sector", "shipment-kind", "same-territory",
                          "karama-reserve-only", "group-needed", "twice"})


def text(game: Any, value: dict[str, Any]) -> str:
    """Canonical text: each plan's lines, ELSE between plans, then the round-wide lines
    (``game``: a state or a view)."""
    blocks = []
    for plan in value["plans"]:
        lines = []
        if plan.get("ship"):
            lines.append(shipment_text(game, plan["ship"]))
        if plan.get("move"):
            lines.append(_move_line(game, plan["move"]))
        if plan.get("join"):
            lines.append("MOVE " + move_text(game, plan["join"]))
        if plan.get("extra_ship"):
            lines.append(shipment_text(game, plan["extra_ship"]))
        if plan.get("hajr"):
            lines.append("HAJR MOVE " + move_text(game, plan["hajr"]))
        blocks.append("\n".join(lines) or "PASS")
    lines = ["\nELSE\n".join(blocks)] if "wait" not in value else []
    if "support" in value:
        lines.append(f"SUPPORT {value['support']}")
    for seat in value.get("stop", []):
        lines.append(f"KARAMA STOP {faction_name(seat, game)}")
    lines.extend(move_karama.text(game, part) for part in value.get("karama", []))
    for seat, amount in value.get("give", []):
        lines.append(f"GIVE {faction_name(seat, game)} {amount}")
    if "mentat" in value:
        lines.append(f"MENTAT {value['mentat'] or 'NONE'}")
    if "wait" in value:
        wait = value["wait"]
        lines.append("DEFER" + ("" if wait is None else " LAST" if wait == "last"
                               else f" {faction_name(wait, game)}"))
    if "timing" in value:
        timing = value["timing"]
        lines.append(f"TIMING {timing[0].upper()}"
                     + (f" {faction_name(timing[1], game)}" if len(timing) > 1 else ""))
    return "\n".join(lines)


def shipment_text(game: Any, order: dict[str, Any]) -> str:
    forces = order_text(order["forces"]) if order["forces"] else ""
    if order.get("token") is not None:
        forces = " ".join(filter(None, (forces, f"NOFIELD {order['token']}".strip())))
    if order["kind"] == "back":
        return f"SHIP {forces} FROM {_source(game, order)} TO {RESERVES}"
    source = f" FROM {_source(game, order)}" if order.get("from") else ""
    sector = order["sector"]
    target = (where(game, order["to"], sector) if sector is not None else order["to"])
    return (f"SHIP {forces}{source} TO {target}" + (" KARAMA" if order.get("karama") else "")
            + _coexist_text(order))


def _move_line(game: Any, order: dict[str, Any]) -> str:
    """A plan's MOVE line, or its ORNITHOPTER MOVE (001 3.03.07)."""
    return ("ORNITHOPTER MOVE " if order.get("ornithopter") else "MOVE ") + move_text(game, order)


def move_text(game: Any, order: dict[str, Any]) -> str:
    sector = order["sector"]
    target = where(game, order["to"], sector) if sector is not None else order["to"]
    forces = order_text(order["forces"]) if order["forces"] else ""
    if order.get("token") is not None:
        forces = " ".join(filter(None, (forces, f"NOFIELD {order['token']}")))
    return f"{forces} FROM {_source(game, order)} TO {target}" + _coexist_text(order)


def _source(game: Any, order: dict[str, Any]) -> str:
    sector = order.get("from_sector")
    return order["from"] if sector is None else where(game, order["from"], sector)


def _coexist_text(order: dict[str, Any]) -> str:
    coexist = order.get("coexist")
    return "" if coexist is None else " COEXIST" if coexist else " FIGHT"


# --- bots
def random_value(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """A bot's turn from its own view and the prompt's options (``movement.bot_options``):
    maybe a legal shipment, maybe a legal move."""
    options = prompt.options
    seat = prompt.seat
    if options["defer"] and rng.random() < 0.5:   # the Guild may wait
        return {"plans": [{}], "wait": None}
    plan: dict[str, Any] = {}
    shipment = move_bot.random_shipment(view, options, rng)
    crossed = None if shipment else move_bot.random_cross(view, options.get("cross_from"),
                                                          rng)   # 001 2.11.17.07 B
    if shipment or crossed:
        plan["ship"] = as_read(view, shipment or crossed)
    step, flying = None, not crossed and options.get("ornithopter_reach") and rng.random() < 0.3
    if flying:                              # now and then the Ornithopter (001 3.03.07)
        step = move_bot.random_move(view, {**options, "reach": options["ornithopter_reach"]},
                                    shipment, rng)
    step = step or (None if crossed else move_bot.random_move(view, options, shipment, rng))
    if step:
        plan["move"] = as_read(view, step)
        if flying:
            plan["move"]["ornithopter"] = True
        if factions.power(seat, view).declares_with_moves():
            plan["move"]["coexist"] = rng.random() < 0.5
    if step and not flying and "joins" in options and rng.random() < 0.5:
        joined = move_bot.random_join(view, options["joins"], step, rng)     # 001 4.07.15.07
        if joined:
            plan["move"], plan["join"] = as_read(view, step), as_read(view, joined)
    value: dict[str, Any] = {"plans": [plan]}
    first = shipment or crossed
    second = (move_bot.random_shipment(move_bot.left_after(view, options, first), options, rng)
              if options.get("extra_shipment") and first else None)
    if second:  # 001 4.03.07.07: a second SHIP from what the first left, else the plan alone
        value["plans"] = [{**plan, "extra_ship": as_read(view, second)}, plan]
    if skill_powers.mentat_of(tokens.of(view), seat) is not None:     # 001 4.07.15.06
        value["mentat"] = rng.choice([None, *skill_powers.weapons(view)])
    offered = options["karama"]
    if offered and rng.random() < 0.3:
        value["karama"] = [move_karama.random_part(view, seat, rng.choice(offered), rng,
                                                   options.get("karama_targets", {}))]
    return value


def as_read(view: Any, order: dict[str, Any]) -> dict[str, Any]:
    """A shipment or move as its text reads back: its sectors named only where the territory
    lies in several (``where``), else None (self-play hands the bots' values to the rules
    without writing their text, ``bot_decisions``)."""
    board = layer.readable(view)
    return {**order, **{key: None for key, territory in (("from_sector", order["from"]),
                                                         ("sector", order["to"]))
                        if territory is not None
                        and len(board[territory].sectors) <= 1}}


order_kind(OrderKind(KIND, VERBS, read_line, text, combine=combine, random=random_value,
                     with_verb=True, notes=notes))
order_kind(OrderKind(GUILD_KIND, (*VERBS, "DEFER", "TIMING"), read_line, text, combine=combine,
                     random=random_value, with_verb=True, notes=notes))
