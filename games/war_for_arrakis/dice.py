"""The Action dice: rolled, placed on the dashboards' slots, changed where a result has no
slot left, shared out between the players of a shared faction, the Bene Gesserit token as a
temporary die, and spent (002 PHASE 2, ACTION RESOLUTION of the 3-4 players mode, BENE
GESSERIT TOKENS).

A dashboard's dice: ``pool`` the unused results, ``changes`` the dice still to change (each
the results it may become), ``bg`` the result a Bene Gesserit token stands on (None: none),
``used`` the results spent, ``lost`` those taken away."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .codes import ErrorCode, EventCode
from .context import Context, Illegal
from .data import RESULTS
from .state import (
    HARKONNEN,
    POWERS,
    State,
    automaton,
    dashboards,
    data,
    seats_of,
    shared,
)


def new_dashboard() -> dict[str, Any]:
    return {"pool": [], "changes": 0, "bg": None, "used": [], "lost": [], "bg_used": False}


def slots(state: State, board: str) -> dict[str, int]:
    """The slots per result of a dashboard (components.yaml, authored/shared_dashboards.yaml)."""
    return data().dashboards[board]


def aside(state: State) -> int:
    """The Harkonnen dice set aside this round: one per slot of the first column on the active
    row and the rows above it (002 PHASE 1; imperium.yaml)."""
    return data().rows[max(state["imperium"].values())].aside


def unused(state: State, side: str) -> int:
    """A faction's unused dice, a Bene Gesserit token placed counted (002 BENE GESSERIT
    TOKENS; 3-4 players: the faction's total, DESERT POWER ACTION).  The solo mode's
    Harkonnen: the dice not rolled yet and not on The Spice Must Flow board (002 HARKONNEN
    UNUSED ACTION DICE)."""
    if side == HARKONNEN and automaton(state, HARKONNEN):
        return state["hidden"]["solo"]["dice_left"]
    return sum(len(d["pool"]) + d["changes"] + (1 if d["bg"] and not d["bg_used"] else 0)
               for b, d in state["dice"].items() if b in dashboards(state, side))


def roll(ctx: Context, side: str) -> None:
    """Phase 2: the faction rolls its dice and places them (002 PHASE 2), shared out between
    its players when it is shared (002 ACTION RESOLUTION, 3-4 players)."""
    state = ctx.state
    count = data().factions[side].action_dice
    if side == HARKONNEN:
        count -= aside(state)
    faces = data().action_faces[side]
    rolled = [ctx.rng.choice(faces) for _ in range(count)]
    ctx.say(EventCode.DICE_ROLLED, f"The {data().factions[side].name} roll "
            f"{_results(rolled)}.", side=side, results=rolled)
    for board in dashboards(state, side):
        state["dice"][board] = new_dashboard()
    if shared(state, side):
        _share(ctx, side, rolled)
    else:
        _place(ctx, dashboards(state, side)[0], rolled)


def _results(results: list[str]) -> str:
    found = Counter(results)
    return ", ".join(f"{n} {r.title()}" for r, n in sorted(found.items(),
                                                         key=lambda x: RESULTS.index(x[0])))


def _place(ctx: Context, board: str, rolled: list[str]) -> None:
    """Dice onto one dashboard's slots; dice beyond a result's slots are to be changed."""
    dice = ctx.state["dice"][board]
    room = dict(slots(ctx.state, board))
    for result in sorted(rolled, key=RESULTS.index):
        if room.get(result, 0) > 0:
            room[result] -= 1
            dice["pool"].append(result)
        else:
            dice["changes"] += 1
    settle_changes(ctx, board, [])


def change_candidates(state: State, board: str) -> list[str]:
    """What a die to be changed may become: the results with the most free slots (002 PHASE 2:
    "starting with those with the most free slots available")."""
    room = dict(slots(state, board))
    for result in state["dice"][board]["pool"]:
        room[result] -= 1
    most = max(room.values())
    return [r for r in RESULTS if room.get(r, -1) == most and most > 0]


def settle_changes(ctx: Context, board: str, wanted: list[str]) -> None:
    """Change the dice beyond their slots, one at a time: a forced change at once, a choice by
    ``wanted`` (the player's CHANGE lines, in order), else the first result in the dashboard's
    order (the seat's choice, by default)."""
    dice = ctx.state["dice"][board]
    wanted = list(wanted)
    while dice["changes"]:
        candidates = change_candidates(ctx.state, board)
        if not candidates:
            dice["changes"] = 0
            break
        if len(candidates) > 1 and not wanted and board in ctx.state["seats"] \
                and not ctx.state["step"].get("changes_due"):
            return                                    # the plan says, when it comes
        choice = candidates[0]
        while wanted:
            asked = wanted.pop(0)
            if asked in candidates:
                choice = asked
                break
        dice["changes"] -= 1
        dice["pool"].append(choice)
        ctx.say(EventCode.DIE_CHANGED, f"A die beyond its slots becomes {choice.title()}.",
                board=board, result=choice)


def _share(ctx: Context, side: str, rolled: list[str]) -> None:
    """The roll of a shared faction divided between its two players (002 ACTION RESOLUTION,
    3-4 players): results on one dashboard only go there (those beyond its slots set aside);
    results on both go so as to even the dice out; set-aside dice likewise; the players then
    change the set-aside dice they got; ties favour the House player."""
    state = ctx.state
    house, ally = POWERS[side]
    room = {board: dict(slots(state, board)) for board in (house, ally)}
    given: dict[str, list[str]] = {house: [], ally: []}
    set_aside = 0
    both = []
    for result in sorted(rolled, key=RESULTS.index):
        on = [b for b in (house, ally) if result in room[b]]
        if len(on) == 1:
            board = on[0]
            if room[board][result] > 0:
                room[board][result] -= 1
                given[board].append(result)
            else:
                set_aside += 1
        elif len(on) == 2:
            both.append(result)
        else:
            set_aside += 1
    for result in both:
        open_boards = [b for b in (house, ally) if room[b][result] > 0]
        if not open_boards:
            set_aside += 1
            continue
        board = min(open_boards, key=lambda b: (len(given[b]), b != house))
        room[board][result] -= 1
        given[board].append(result)
    changes = {house: 0, ally: 0}
    for _ in range(set_aside):
        board = min((house, ally), key=lambda b: (len(given[b]) + changes[b], b != house))
        changes[board] += 1
    for board in (house, ally):
        state["dice"][board]["pool"] = given[board]
        state["dice"][board]["changes"] = changes[board]
        settle_changes(ctx, board, [])


def bene_gesserit_slots(state: State, board: str) -> list[str]:
    """Where a Bene Gesserit token may stand: a result of the dashboard with the fewest dice
    on it, a free slot there (002 BENE GESSERIT TOKENS)."""
    room = dict(slots(state, board))
    count = Counter(state["dice"][board]["pool"])
    fewest = min(count.get(r, 0) for r in room)
    return [r for r in RESULTS if r in room and count.get(r, 0) == fewest
            and count.get(r, 0) < room[r]]


def place_bene_gesserit(ctx: Context, board: str, side: str, result: str) -> None:
    """A Bene Gesserit token placed as a temporary die, one a faction a round (002 BENE
    GESSERIT TOKENS); it is used up with the round (ruled so: docs/rules-coverage.md)."""
    state = ctx.state
    if state["bene_gesserit"][side] < 1:
        raise Illegal(ErrorCode.NOT_AVAILABLE, "you have no Bene Gesserit token")
    if any(state["dice"][b]["bg"] for b in dashboards(state, side)):
        raise Illegal(ErrorCode.TOO_MANY, "one Bene Gesserit token a round")
    if result not in bene_gesserit_slots(state, board):
        raise Illegal(ErrorCode.NOT_ALLOWED, f"a Bene Gesserit token goes on "
                      f"{' or '.join(bene_gesserit_slots(state, board)) or 'no slot'} now")
    state["bene_gesserit"][side] -= 1
    state["dice"][board]["bg"] = result
    ctx.say(EventCode.BENE_GESSERIT_PLACED, f"The {data().factions[side].name} place a Bene "
            f"Gesserit token on {result.title()}.", side=side, result=result)


def has_die(state: State, board: str, result: str) -> bool:
    dice = state["dice"][board]
    return result in dice["pool"] or (dice["bg"] == result and not dice["bg_used"])


def spend(ctx: Context, board: str, result: str) -> None:
    """A die (or the Bene Gesserit token) of ``result`` spent for the action turn: it goes to
    the used dice, and the faction's Regeneration Tank advances (002 ACTION TURNS, THE
    REGENERATION TANK)."""
    from .leaders import advance_tank
    from .state import side_of

    dice = ctx.state["dice"][board]
    if result in dice["pool"]:
        dice["pool"].remove(result)
    elif dice["bg"] == result and not dice["bg_used"]:
        dice["bg_used"] = True
    else:
        raise Illegal(ErrorCode.NO_DIE, f"no unused {result.title()} die")
    dice["used"].append(result)
    advance_tank(ctx, side_of(board) if board in ctx.state["seats"] else board)


def any_die(state: State, board: str, needed: Counter) -> str | None:
    """The die to spend where any will do (a Planning card, a claim, a pass): one whose result
    the rest of the plan needs least, Mentat before Deployment, Strategy, Leadership, House
    (the seat's choice, ruled so)."""
    dice = state["dice"][board]
    have = Counter(dice["pool"])
    if dice["bg"] and not dice["bg_used"]:
        have[dice["bg"]] += 1
    if not have:
        return None
    order = ("mentat", "deployment", "strategy", "leadership", "house")
    return max(have, key=lambda r: (have[r] - needed.get(r, 0), -order.index(r)))


def faction_dashboards(state: State, side: str) -> list[str]:
    return [b for b in dashboards(state, side) if b in state["dice"]]


__all__ = ["seats_of"]
