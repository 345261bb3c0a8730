"""The Old Man of the Desert's Desert Power actions, and his leaving at the Desert Hazards (002
OLD MAN OF THE DESERT (OPTIONAL); where he is and what he blocks: ``old_man.py``)."""

from __future__ import annotations

from .codes import ErrorCode, EventCode
from .context import Context, Illegal
from .desert import discard_wormsign, worm_strikes_legion
from .legions import area_name
from .old_man import OPTION, adjacent_outer, in_game, outer_sectors, sector, sector_name
from .reach import worm_target
from .sites import destroy_harvester
from .state import HARKONNEN, State, data, legion_of, worms


def desert_power(ctx: Context, clause: dict) -> None:
    """A Desert Power action of the Old Man: ``at`` a sector (he enters), ``to`` a sector
    (he moves), ``on`` an area (he attacks)."""
    state = ctx.state
    if not in_game(state):
        raise Illegal(ErrorCode.NOT_ALLOWED, "this game does not play the Old Man of the Desert "
                      "(the game file's option old_man)")
    if "at" in clause:
        _enter(ctx, clause["at"])
    elif "to" in clause:
        _move(ctx, clause["to"])
    else:
        _attack(ctx, clause["on"])


def _enter(ctx: Context, at: str) -> None:
    state = ctx.state
    if sector(state) is not None:
        raise Illegal(ErrorCode.NOT_ALLOWED, "the Old Man of the Desert is already on the board")
    if state["old_man_left"] == state["round"]:
        raise Illegal(ErrorCode.NOT_NOW, "the Old Man of the Desert left this round: he may rise "
                      "again from the next round")
    if not worms(state):
        raise Illegal(ErrorCode.NOT_ALLOWED, "the Old Man of the Desert needs a sandworm on the "
                      "board")
    if at not in outer_sectors():
        raise Illegal(ErrorCode.NOT_ALLOWED, f"{sector_name(at)} is no Outer Sector")
    taken = len(worms(state))
    state["sandworms"] = []
    state["wild_maker"] = None
    for area in sorted(state["wormsigns"], key=data().board.order.__getitem__):
        discard_wormsign(ctx, area, "the Old Man of the Desert")
    state["old_man_worms"] += taken
    state[OPTION] = at
    ctx.say(EventCode.OLD_MAN, f"The Atreides take {taken} sandworm{'s' * (taken > 1)} from the "
            f"board: the Old Man of the Desert rises in the {sector_name(at)} sector.", sector=at,
            worms=taken)


def _move(ctx: Context, to: str) -> None:
    state = ctx.state
    here = _out(state)
    if to not in adjacent_outer(here):
        raise Illegal(ErrorCode.NOT_REACHABLE, f"the Old Man of the Desert moves to an Outer "
                      f"Sector beside {sector_name(here)}, not {sector_name(to)}")
    _spend_worm(state)
    state[OPTION] = to
    ctx.say(EventCode.OLD_MAN, f"The Old Man of the Desert moves from the {sector_name(here)} "
            f"sector to the {sector_name(to)} sector.", sector=to)


def _attack(ctx: Context, target: str) -> None:
    state = ctx.state
    here = _out(state)
    if target not in data().board.in_sector[here] or not worm_target(state, target):
        raise Illegal(ErrorCode.NO_TARGET, f"the Old Man of the Desert cannot attack "
                      f"{area_name(target)}: a harvester alone or a Harkonnen legion of the "
                      f"{sector_name(here)} sector, not in a Mountain area")
    _spend_worm(state)
    if legion_of(state, target, HARKONNEN) is not None:
        ctx.say(EventCode.OLD_MAN, f"The Old Man of the Desert attacks {area_name(target)}.",
                area=target)
        worm_strikes_legion(ctx, target, wild=True, hazards=False)
    else:
        ctx.say(EventCode.OLD_MAN, f"The Old Man of the Desert swallows the Harvester in "
                f"{area_name(target)}.", area=target)
        destroy_harvester(ctx, target, "the Old Man of the Desert")


def leave(ctx: Context) -> None:
    """The start of the Desert Hazards phase: the Old Man leaves the board, the sandworms
    before the Atreides are discarded, back in the box."""
    state = ctx.state
    if sector(state) is None:
        return
    state[OPTION] = None
    state["old_man_worms"] = 0
    state["old_man_left"] = state["round"]
    ctx.say(EventCode.OLD_MAN, "The Old Man of the Desert leaves the board; the sandworms before "
            "the Atreides are discarded.", sector=None)


def _out(state: State) -> str:
    here = sector(state)
    if here is None:
        raise Illegal(ErrorCode.NOT_THERE, "the Old Man of the Desert is not on the board")
    return here


def _spend_worm(state: State) -> None:
    if state["old_man_worms"] < 1:
        raise Illegal(ErrorCode.NOT_THERE, "no sandworm is left before the Atreides to discard")
    state["old_man_worms"] -= 1
