"""Richese's No-Field tokens (001 2.10.10-18, 2.10.04), on the token layer (``tokens``).

A No-Field lies face down; nobody but Richese sees its value (2.10.10 BAD MEMORY: theirs to
look at; ``tokens.seen``), in their supply behind the shield, on the board, or face up in front
of the shield once revealed.

- NO-FIELD (2.10.11): shipped for the price of one force, face down where the shipment lands
  (text A: instead of forces, and only while none of theirs is on the board, 2.10.16; text B:
  with forces or alone, several on the board); the No-Field face up in front of the shield
  goes back to the supply.  By mail: ``SHIP NOFIELD <value> TO <territory>`` (text B also
  ``SHIP <forces> NOFIELD <value> TO ...``), checked and paid as a shipment of one force more.
- MOVE AS ONE (2.10.12): one force for occupancy (``TokenKind.occupies``): it brings them into
  a battle (``phases/battle.present``), collects spice as one force (``collection``) and counts
  in a stronghold's limit of two other factions (``reach.blocked_stronghold``); it moves as one
  force, alone or with its sector's group (``MOVE [<forces>] NOFIELD <value> FROM ...``,
  ``moves.move``), and in Arrakeen or Carthag gives ornithopters (``reach.has_ornithopters``).
- ALLIANCE (2.10.20): their ally ships with a No-Field of their supply, revealed at once.  By
  mail Richese lend one, a standing order riding on any mail round they are asked in
  (optional): ``LEND NOFIELD <value>``, ``LEND NONE``; the ally is told one is lent, not which,
  and ships it as its whole shipment from its reserve, ``SHIP NOFIELD TO <territory>``, for the
  price of one force: it lands face down and is revealed at once, its forces coming from the
  ally's reserve (2.10.14); the lend is spent then.  Ruling: the ally names no value (which
  No-Fields lie in the supply is Richese's secret: by elimination it would tell the one on
  the board), and under both texts the lent No-Field is the whole shipment.
- Text B's set-up (2.10.03 B): a No-Field of their choice face down in the Polar Sink, their
  decision of the first set-up round (``PLACE NOFIELD <value>``; the table told one was
  placed, not which).
- NOT AS IT SEEMS (2.10.13): once a turn, out of a battle, they reveal one at will.  By mail a
  standing order riding on any mail round in which they are asked anything outside the battle
  round (``Faction.standing_prompts``, optional, so nobody waits for it nor learns of it):
  ``NOFIELD REVEAL <value>``, carried out as the round resolves; ``NOFIELD KEEP``: not now.
- NO-FIELD REVEALED (2.10.14): face up in front of the shield (the one there back to the
  supply), and that many forces from the reserve (all it holds, if fewer) into its territory
  and sector.
- LOST FORCES (2.10.15): revealed when the storm passes over or stops on it and when a worm
  appears in its territory, the usual effects then applying (``Faction.exposed``).
- SURPRISE ASSAULT (2.10.17): in a battle, every No-Field of theirs in the territory revealed
  with the plans (``Faction.at_reveal``); their plan may dial the forces it stands for
  (``battle_plan.side_of_state``), which only they are told.
- BLIND PRESCIENCE (2.10.18): ``atreides_prescience.blind``.
- The Richese Nexus card's Cunning (001 4.03.07.11, the variant ``nexus_cards``): set ahead,
  their next No-Field shipment takes a second token revealed at once (``doubled``).

Rulings (docs/rules-coverage.md, "001 GF9 expansions: CHOAM and Richese"): alone in a
territory a No-Field does not occupy it (no stronghold held, no rate of 3 in Arrakeen or
Carthag, no bar to the Fremen, 2.10.19); the ally's shipment with one (2.10.20) is not offered
yet.  "Other than during a Battle" (2.10.13) is read as the whole battle round: the reveal at
will is not offered in it.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import tokens
from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..forces import add_forces, plain, take
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import POLAR_SINK, State, ally_of

NO_FIELD = "no_field"           # the kind (data/richese/tokens.yaml)


def held(state: State, seat: str) -> list[dict[str, Any]]:
    """Every No-Field of theirs."""
    return tokens.held(tokens.of(state), seat, NO_FIELD)


def supply(state: State, seat: str) -> list[dict[str, Any]]:
    """Their No-Fields behind the shield, to be shipped."""
    return [token for token in held(state, seat) if token["at"] == tokens.BEHIND]


def on_board(state: State, seat: str) -> list[dict[str, Any]]:
    return [token for token in held(state, seat) if token["at"] == tokens.BOARD]


def shipment_problem(state: State, seat: str, value: str, forces: dict[str, int]) -> str | None:
    """Why the No-Field may not be shipped, if it may not (2.10.11, 2.10.16)."""
    if not any(token["value"] == value for token in supply(state, seat)):
        return (f"your No-Field {value} is not in your supply (your supply: "
                f"{', '.join(t['value'] for t in supply(state, seat)) or 'none'})")
    if rules_of(state).richese_revised:
        return None
    if forces and not homeworlds.ships_with(state, seat, NO_FIELD):     # 001 4.10.12 "Richese"
        return "a No-Field is shipped instead of forces, not with them (001 2.10.11, text A)"
    if on_board(state, seat):
        return "there may never be two No-Field tokens on the board (001 2.10.16, text A)"
    return None


def terms(state: State, seat: str) -> str:
    """Their No-Field shipment in words, for the movement round's prompt."""
    values = sorted(token["value"] for token in supply(state, seat))
    if not values:
        return "Your No-Fields: none in your supply."
    how = ("SHIP <forces> NOFIELD <value> TO <territory>, or SHIP NOFIELD <value> TO "
           "<territory> alone" if rules_of(state).richese_revised else
           "SHIP <forces> NOFIELD <value> TO <territory> (Richese on its High side, 001 "
           "4.10.12), or SHIP NOFIELD <value> TO <territory> alone, while none of yours lies on "
           "the board" if homeworlds.ships_with(state, seat, NO_FIELD) else
           "SHIP NOFIELD <value> TO <territory>, instead of forces, while none of yours lies "
           "on the board")
    return (f"{how}: a No-Field of your supply ({', '.join(values)}) face down, for the "
            "price of one force (001 2.10.11).")


def shipped(state: State, seat: str, value: str, territory: str, sector: int) -> list[Event]:
    """The No-Field face down where the shipment landed; the one in front of the shield back
    to the supply (2.10.11)."""
    placed(state, seat, value, territory, sector)
    return []


def doubled(state: State, seat: str, territory: str, sector: int) -> list[Event]:
    """001 4.03.07.11, the Richese Nexus card's Cunning: a second No-Field of their supply
    with the shipment, "the first token ... Revealed immediately" in front of their shield,
    its forces from their reserve (2.10.14); the one the order named stays face down.
    Ruling (001 says not which is first): the highest of the supply, the most forces; none
    left in the supply, nothing (the card stays set)."""
    rest = sorted(supply(state, seat), key=lambda token: int(token["value"]))
    if not rest:
        return []
    return reveal(state, placed(state, seat, rest[-1]["value"], territory, sector), "nexus")


def placed(state: State, seat: str, value: str, territory: str, sector: int
           ) -> dict[str, Any]:
    """The No-Field of their supply face down on the board, the one in front of their shield
    back to the supply (2.10.11); its record."""
    for token in held(state, seat):
        if token["at"] == tokens.FRONT:
            tokens.place(token, seat, tokens.BEHIND)
            tokens.turn(token, tokens.DOWN)
    token = tokens.find(state, NO_FIELD, value)
    tokens.place(token, seat, tokens.BOARD, territory, sector)
    return token


def reveal(state: State, token: dict[str, Any], why: str, forces_of: str | None = None
           ) -> list[Event]:
    """NO-FIELD REVEALED (2.10.14): the forces from the reserve of its owner, or of the ally
    that shipped it (``forces_of``, 2.10.20)."""
    seat, territory, sector = token["owner"], token["territory"], token["sector"]
    for other in held(state, seat):
        if other["at"] == tokens.FRONT:
            tokens.place(other, seat, tokens.BEHIND)
            tokens.turn(other, tokens.DOWN)
    tokens.place(token, seat, tokens.FRONT)
    tokens.turn(token, tokens.UP)
    whose = forces_of or seat
    kind = plain(state, whose)
    reserve = state["factions"][whose]["reserve"]
    count = min(int(token["value"]), reserve.get(kind, 0))
    if count:
        take(reserve, {kind: count})
        add_forces(state, whose, territory, sector, {kind: count})
    return [Event(EventCode.NO_FIELD_REVEALED, {
        "faction": seat, "value": int(token["value"]), "territory": territory,
        "sector": sector, "forces": count, "why": why, **({"of": whose} if forces_of else {})})]


def exposed(state: State, seat: str, places: dict[str, list[int]], why: str) -> list[Event]:
    """LOST FORCES (2.10.15): their No-Fields in these places revealed, in board order."""
    found = sorted((token for token in on_board(state, seat)
                    if token["sector"] in places.get(token["territory"], ())),
                   key=lambda t: (t["territory"], t["sector"]))
    return [event for token in found for event in reveal(state, token, why)]


# --- NOT AS IT SEEMS (2.10.13)
REVEAL_KIND = "no-field-reveal"
REVEALED_TURN = "no_field_revealed"     # their sheet: the turn of their last reveal at will


def may_reveal(state: State, seat: str) -> bool:
    """Their reveal at will is open: a No-Field of theirs on the board, none revealed at will
    this turn, and no battle round under way (2.10.13: "Once per turn ... other than during a
    Battle")."""
    return (state["phase"] != "battle" and bool(on_board(state, seat))
            and state["factions"][seat].get(REVEALED_TURN) != state["turn"])


def reveal_key(seat: str) -> str:
    return str(PromptKey(REVEAL_KIND, seat))


def reveal_prompt(state: State, seat: str) -> Prompt:
    down = sorted(on_board(state, seat), key=lambda t: int(t["value"]))
    listed = ", ".join(f"{t['value']} in {t['territory']}" for t in down)
    return Prompt(reveal_key(seat), seat, REVEAL_KIND, True,
                  "NOFIELD REVEAL <value>: reveal that No-Field of yours as this mail round "
                  "resolves, its forces from your reserve (001 2.10.13 NOT AS IT SEEMS: once a "
                  f"turn, not in the battle round; 2.10.14); NOFIELD KEEP: not now.  Yours face "
                  f"down: {listed}.", None, "NOFIELD KEEP", f"NOFIELD REVEAL {down[0]['value']}",
                  optional=True, options={"values": [t["value"] for t in down]},
                  title="a No-Field revealed at will")


def _read_reveal(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    upper = [word.upper() for word in words]
    if upper == ["KEEP"]:
        return None
    down = sorted(t["value"] for t in on_board(state, prompt_.seat))
    valid = tuple(f"NOFIELD REVEAL {value}" for value in down) + ("NOFIELD KEEP",)
    if len(upper) != 2 or upper[0] != "REVEAL":
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected NOFIELD REVEAL <value> or NOFIELD "
                           "KEEP", valid)
    if upper[1] not in down:
        raise OrderProblem(ErrorCode.INCOMPLETE, f"no No-Field {words[1]} of yours lies face "
                           f"down on the board (yours: {', '.join(down) or 'none'})", valid)
    return upper[1]


def _reveal_text(game: Any, value: str | None) -> str:
    return "NOFIELD KEEP" if value is None else f"NOFIELD REVEAL {value}"


def _random_reveal(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    return rng.choice(prompt_.options["values"]) if rng.random() < 0.2 else None


order_kind(OrderKind(REVEAL_KIND, ("NOFIELD",), _read_reveal, _reveal_text,
                     random=_random_reveal))


def revealed_at_will(state: State, seat: str, value: str | None) -> list[Event]:
    """The No-Field named revealed (2.10.14), if it still lies face down on the board and
    the power is still open (an earlier order of the round may have revealed it)."""
    if value is None or not may_reveal(state, seat):
        return []
    token = next((t for t in on_board(state, seat) if t["value"] == value), None)
    if token is None:
        return []
    state["factions"][seat][REVEALED_TURN] = state["turn"]
    return reveal(state, token, "will")


# --- text B's set-up (2.10.03 B)
START_KIND = "no-field-start"


def start_prompt(state: State, seat: str) -> Prompt:
    values = sorted((t["value"] for t in supply(state, seat)), key=int)
    return Prompt(str(PromptKey(START_KIND, seat)), seat, START_KIND, True,
                  f"PLACE NOFIELD <value> (yours: {', '.join(values)}): the No-Field you place "
                  "face down in the Polar Sink at the start (001 2.10.03, text B)",
                  values[0], f"PLACE NOFIELD {values[0]}", f"PLACE NOFIELD {values[-1]}",
                  options={"values": values}, title="your No-Field in the Polar Sink")


def _read_start(state: State, prompt_: Prompt, words: list[str]) -> str:
    values = prompt_.options.get("values") or sorted(t["value"] for t in supply(state,
                                                                               prompt_.seat))
    valid = tuple(f"PLACE NOFIELD {value}" for value in values)
    if words and words[0].upper().replace("-", "") == "NOFIELD":
        words = words[1:]
    if len(words) != 1 or words[0] not in values:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected PLACE NOFIELD <value>, a No-Field of "
                           f"your supply ({', '.join(values)})", valid)
    return words[0]


order_kind(OrderKind(START_KIND, ("PLACE",), _read_start,
                     lambda game, value: f"PLACE NOFIELD {value}",
                     random=lambda view, prompt_, rng: rng.choice(prompt_.options["values"])))


def placed_at_start(state: State, seat: str, value: str) -> list[Event]:
    """The No-Field face down in the Polar Sink (which lies in no sector: 0)."""
    tokens.place(tokens.find(state, NO_FIELD, value), seat, tokens.BOARD, POLAR_SINK, 0)
    return [Event(EventCode.NO_FIELD_PLACED, {"faction": seat, "territory": POLAR_SINK})]


# --- the No-Field lent (2.10.20)
LEND_KIND = "no-field-lend"
LENT = "no_field_lent"              # their sheet: the value lent to the ally's next shipment


def lend_key(seat: str) -> str:
    return str(PromptKey(LEND_KIND, seat))


def may_lend(state: State, seat: str) -> bool:
    """An ally to lend to and a No-Field in their supply."""
    return bool(ally_of(state, seat)) and bool(supply(state, seat))


def lent(state: State, seat: str) -> str | None:
    """The value they lend, while it lies in their supply and they have an ally."""
    value = state["factions"][seat].get(LENT)
    if value is None or not ally_of(state, seat):
        return None
    return value if any(t["value"] == value for t in supply(state, seat)) else None


def lend_prompt(state: State, seat: str) -> Prompt:
    values = sorted((t["value"] for t in supply(state, seat)), key=int)
    now = lent(state, seat)
    return Prompt(lend_key(seat), seat, LEND_KIND, True,
                  "LEND NOFIELD <value>: lend that No-Field of your supply to your ally's next "
                  "shipment from off-planet, its whole shipment, revealed at once with its "
                  "forces (001 2.10.20); your ally is told one is lent, not which; LEND NONE: "
                  f"none.  Your supply: {', '.join(values)}.", now, _lend_text(state, now),
                  f"LEND NOFIELD {values[-1]}", optional=True, options={"values": values},
                  title="a No-Field lent to your ally")


def _read_lend(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    upper = [word.upper().replace("-", "") for word in words]
    if upper == ["NONE"]:
        return None
    values = sorted(t["value"] for t in supply(state, prompt_.seat))
    valid = ("LEND NONE", *(f"LEND NOFIELD {value}" for value in values))
    if len(upper) != 2 or upper[0] != "NOFIELD" or upper[1] not in values:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected LEND NOFIELD <value>, a No-Field "
                           f"of your supply ({', '.join(values)}), or LEND NONE", valid)
    return upper[1]


def _lend_text(game: Any, value: str | None) -> str:
    return "LEND NONE" if value is None else f"LEND NOFIELD {value}"


order_kind(OrderKind(LEND_KIND, ("LEND",), _read_lend, _lend_text,
                     random=lambda view, prompt_, rng: None if rng.random() < 0.5
                     else rng.choice(prompt_.options["values"])))


def lend(state: State, seat: str, value: str | None) -> list[Event]:
    """The lend standing (or withdrawn); the ally told whether one is lent, never which."""
    before = lent(state, seat) is not None
    if value is None:
        state["factions"][seat].pop(LENT, None)
    else:
        state["factions"][seat][LENT] = value
    if before == (value is not None):
        return []
    return [Event(EventCode.NO_FIELD_LENT, {"faction": seat, "lent": value is not None},
                  to=(seat, *ally_of(state, seat)))]


def ally_problem(state: State, seat: str, forces: dict[str, int]) -> str | None:
    """Why their ally may not ship the No-Field lent, if it may not (2.10.20)."""
    if lent(state, seat) is None:
        return "the Richese lend you no No-Field (001 2.10.20: theirs to allow)"
    if forces:
        return "the No-Field the Richese lend you is your whole shipment (001 2.10.20)"
    return None


def ally_shipped(state: State, seat: str, shipper: str, territory: str, sector: int
                 ) -> list[Event]:
    """The lent No-Field lands face down and is revealed at once, its forces from the ally's
    reserve; the lend is spent."""
    value = lent(state, seat)
    assert value is not None
    state["factions"][seat].pop(LENT)
    token = placed(state, seat, value, territory, sector)
    return reveal(state, token, "ally", shipper)
