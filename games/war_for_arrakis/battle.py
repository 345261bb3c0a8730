"""Battles, round by round (002 BATTLES: BATTLE ROUNDS SEQUENCE, COMBAT ROLL, LEADER COMBAT
ABILITIES, SARDAUKAR AND FEDAYKIN UNITS, REMOVE CASUALTIES, CONTINUE THE BATTLE, CEASE THE
ATTACK, RETREAT, END OF THE BATTLE, ADVANCING AFTER A BATTLE, DESTROYING SETTLEMENTS).

Every choice a battle asks of a player is taken from the player's standing choices
(``standing``): the cards discarded for dice, which leaders' strips apply, the casualties,
going on or ceasing, retreating or standing, and where a retreating enemy goes.  The solo
mode's Harkonnen decide by their criteria (``solo.combat``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import automaton as solo
from .arrival import arrive, left_settlement
from .casualties import retreat_to_choice, take_hits
from .codes import EventCode
from .context import Context
from .hands import discard, discard_choice
from .legions import area_name, put, relocate, take, whole
from .reach import retreats
from .sites import destroy_settlement, reveal_sietch, reveal_tokens
from .standing import standing
from .state import (
    ATREIDES,
    GENERIC,
    HARKONNEN,
    State,
    automaton,
    banned,
    dashboards,
    data,
    enemy_settlement,
    figures,
    hand,
    house_seat,
    other,
    settlement_at,
    sietch_at,
)


@dataclass
class Side:
    """One side of a battle: its faction, its area, who decides for it, and what cards
    add."""

    side: str
    area: str
    decider: str                       # the seat whose standing choices apply
    extra_die: int = 0                 # War Plan: one more die each round
    max_first_round: int | None = None  # Battle Language: the enemy's dice in round 1
    free_continue: bool = False        # Killers Without Mercy
    cards_used: list[str] = field(default_factory=list)


def battle(ctx: Context, side: str, origin: str, target: str, decider: str,
           surprise: bool = False, mods: dict[str, Any] | None = None) -> str:
    """A legion of ``side`` at ``origin`` attacks ``target``; returns ``attacker``,
    ``defender`` or ``none``, the battle's winner."""
    state = ctx.state
    mods = mods or {}
    attack = Side(side, origin, decider, extra_die=mods.get("extra-die", 0),
                  free_continue=mods.get("free-continue", False))
    defence = Side(other(side), target, _defender_seat(state, other(side)))
    if "enemy-dice-first-round" in mods:
        defence.max_first_round = mods["enemy-dice-first-round"]
    ctx.say(EventCode.BATTLE, f"Battle: the {data().factions[side].name} legion in "
            f"{area_name(origin)} attacks {area_name(target)}"
            f"{' by surprise' if surprise else ''}.", origin=origin, target=target,
            surprise=surprise)
    reveal_sietch(ctx, target, "attacked")
    reveal_tokens(ctx, target, "the area is attacked")
    reveal_tokens(ctx, origin, "the legion attacks")
    if state["legions"].get(origin) is None:
        return "defender"
    if not _defended(state, target, other(side)):
        ctx.say(EventCode.BATTLE_END, f"{area_name(target)} is undefended: the attackers win "
                "without a roll.", target=target, winner="attacker")
        advance(ctx, side, origin, target)
        return "attacker"
    number = 1
    while True:
        _round(ctx, attack, defence, number, surprise and number == 1)
        attacker = state["legions"].get(origin)
        defender = state["legions"].get(target)
        if attacker is None or defender is None or defender["side"] == side:
            return _end(ctx, side, origin, target, attacker is not None, defender is not None)
        if not _continues(ctx, attack, defence, number):
            ctx.say(EventCode.BATTLE_END, f"The attackers cease the attack on "
                    f"{area_name(target)}.", target=target, winner="defender")
            return "defender"
        if state["legions"].get(origin) is None:
            return _end(ctx, side, origin, target, False, True)
        places = retreats(state, target)
        if places and _retreats(state, defence, attack, number):
            to = retreat_to_choice(state, attack.decider, places)
            relocate(state, target, to)
            ctx.say(EventCode.RETREATED, f"The defenders of {area_name(target)} retreat to "
                    f"{area_name(to)}.", area=target, to=to)
            arrive(ctx, to, other(side))
            advance(ctx, side, origin, target)
            return "attacker"
        number += 1


def _defender_seat(state: State, side: str) -> str:
    return house_seat(state, side)


def _defended(state: State, area: str, side: str) -> bool:
    found = state["legions"].get(area)
    return found is not None and found["side"] == side and figures(found) > 0


def _round(ctx: Context, attack: Side, defence: Side, number: int, surprise: bool) -> None:
    """One battle round (002 BATTLE ROUNDS SEQUENCE): cards discarded for dice, attacker first;
    the combat rolls; leaders' strips; special elites cancelling shields; casualties, the
    attacker's first."""
    state = ctx.state
    rank = _rank(state, defence.area, defence.side)
    cards = {attack.side: _discards(ctx, attack, number), defence.side: _discards(ctx, defence,
                                                                                     number)}
    rolls = {}
    for mine, bonus in ((attack, 0), (defence, rank)):
        found = state["legions"][mine.area]
        count = figures(found) + cards[mine.side] + bonus + mine.extra_die
        count = min(count, data().limits["combat_dice"])
        if number == 1 and mine.max_first_round is not None:
            count = min(count, mine.max_first_round)
        faces = ctx.roll(count)
        if surprise and mine is attack:
            faces.append("special")             # 002 SURPRISE ATTACK
        rolls[mine.side] = faces
    result = {}
    for mine in (attack, defence):
        found = state["legions"][mine.area]
        faces = rolls[mine.side]
        hits, shields = faces.count("hit"), faces.count("shield")
        strips = _strips(state, found, faces.count("special"), mine)
        hits += sum(h for h, _ in strips)
        shields += sum(s for _, s in strips)
        result[mine.side] = [hits, shields]
    for mine, rival in ((attack, defence), (defence, attack)):
        cancel = state["legions"][mine.area]["special"]        # 002 SARDAUKAR AND FEDAYKIN
        result[rival.side][1] = max(0, result[rival.side][1] - cancel)
    on = {defence.side: max(0, result[attack.side][0] - result[defence.side][1]),
          attack.side: max(0, result[defence.side][0] - result[attack.side][1])}
    ctx.say(EventCode.BATTLE_ROUND, f"Round {number} in {area_name(defence.area)}: attackers "
            f"roll {', '.join(rolls[attack.side]) or 'nothing'}, defenders roll "
            f"{', '.join(rolls[defence.side]) or 'nothing'}; the defenders take "
            f"{on[defence.side]} hits, the attackers {on[attack.side]}.",
            round=number, attack=rolls[attack.side], defence=rolls[defence.side],
            on_defence=on[defence.side], on_attack=on[attack.side])
    take_hits(ctx, attack.area, on[attack.side], "the battle", attack.decider)
    take_hits(ctx, defence.area, on[defence.side], "the battle", defence.decider)


def _rank(state: State, area: str, side: str) -> int:
    """The rank of the defender's settlement in its area: extra dice each round (002 BATTLE
    ROUNDS SEQUENCE 2)."""
    from .sites import rank_of

    if (side == ATREIDES and sietch_at(state, area)) or (side == HARKONNEN
                                                         and settlement_at(state, area)):
        return rank_of(state, area)
    return 0


def _discards(ctx: Context, mine: Side, number: int) -> int:
    """Planning cards discarded for one die each this round (002 BATTLE ROUNDS SEQUENCE 1), up
    to the seat's standing number, never beyond 6 dice; none under the Landsraad Ban for the
    Harkonnen (002 IMPERIUM BANS).  The solo mode's Harkonnen discard Reinforcements instead
    (002 HARKONNEN PLANNING CARDS IN COMBAT)."""
    state = ctx.state
    if mine.side == HARKONNEN and banned(state, "no-battle-cards"):
        return 0
    if mine.side == HARKONNEN and automaton(state, HARKONNEN):
        return solo.call("reinforcement_dice", ctx, mine.area, number)
    found = state["legions"][mine.area]
    room = data().limits["combat_dice"] - figures(found) - mine.extra_die
    used = 0
    for seat in dashboards(state, mine.side):
        wanted = standing(state, seat)["cards"]
        while used < min(wanted, room) and hand(state, seat):
            discard(ctx, seat, discard_choice(state, seat), "a combat die")
            used += 1
    return used


def _strips(state: State, found: dict[str, Any], specials: int, mine: Side
            ) -> list[tuple[int, int]]:
    """The leaders' strips the specials rolled turn on, one leader each, the extra specials
    missing (002 LEADER COMBAT ABILITIES); with fewer specials than leaders, the seat's
    standing choice picks them (the most hits, or the most shields, first)."""
    strips = []
    for leader in found["leaders"]:
        combat = (data().generics[leader].combat if leader in GENERIC.values()
                  else data().leaders[leader].combat)
        strips.append((combat.hits, combat.shields))
    if specials >= len(strips):
        return strips
    if mine.side == HARKONNEN and automaton(state, HARKONNEN):
        prefer = "hits"
    else:
        prefer = standing(state, mine.decider)["specials"]
    if prefer == "shields":
        strips.sort(key=lambda s: (-s[1], -s[0]))
    else:
        strips.sort(key=lambda s: (-s[0], -s[1]))
    return strips[:specials]


def _continues(ctx: Context, attack: Side, defence: Side, number: int) -> bool:
    """The attacker goes on or ceases; against a settlement going on costs a hit first (002
    CONTINUE THE BATTLE), but not with Killers Without Mercy, nor for the solo mode's
    Harkonnen at a sietch (002 END OF THE BATTLE, solo)."""
    state = ctx.state
    found = state["legions"][attack.area]
    enemy = state["legions"][defence.area]
    if attack.side == HARKONNEN and automaton(state, HARKONNEN):
        go_on = solo.call("presses_on", state, attack.area, defence.area)
        free = True
    else:
        rule = standing(state, attack.decider)["continue"]
        mine, theirs = figures(found), figures(enemy)
        go_on = {"always": True, "never": False, "stronger": mine > theirs,
                 "while": mine >= rule.get("units", 0)}[rule["mode"]]
        free = attack.free_continue
    if not go_on:
        return False
    if enemy_settlement(state, defence.area, attack.side) and not free:
        take_hits(ctx, attack.area, 1, "going on against a settlement", attack.decider)
    return True


def _retreats(state: State, defence: Side, attack: Side, number: int) -> bool:
    """The defender retreats or stands, by its standing choice (002 RETREAT); the solo mode's
    Harkonnen never retreat (002 END OF THE BATTLE, solo)."""
    if defence.side == HARKONNEN and automaton(state, HARKONNEN):
        return False
    rule = standing(state, defence.decider)["retreat"]
    mine = figures(state["legions"][defence.area])
    theirs = figures(state["legions"][attack.area])
    return {"never": False, "weaker": mine < theirs,
            "below": mine < rule.get("units", 0)}[rule["mode"]]


def _end(ctx: Context, side: str, origin: str, target: str, attacker_left: bool,
         defender_left: bool) -> str:
    """A battle ended by a legion destroyed (002 END OF THE BATTLE)."""
    if attacker_left and not defender_left:
        ctx.say(EventCode.BATTLE_END, f"The defenders of {area_name(target)} are destroyed: the "
                "attackers win.", target=target, winner="attacker")
        advance(ctx, side, origin, target)
        return "attacker"
    if defender_left and not attacker_left:
        ctx.say(EventCode.BATTLE_END, "The attacking legion is destroyed: the defenders win.",
                target=target, winner="defender")
        return "defender"
    ctx.say(EventCode.BATTLE_END, "Both legions are destroyed: nobody wins.", target=target,
            winner="none")
    return "none"


def advance(ctx: Context, side: str, origin: str, target: str) -> None:
    """The winning attackers move into the area attacked, destroying its settlement and, for
    the Atreides, a harvester; a Harkonnen legion sets off a wormsign there (002 ADVANCING
    AFTER A BATTLE)."""
    state = ctx.state
    found = state["legions"].get(origin)
    if found is None:
        return
    if enemy_settlement(state, target, side):
        destroy_settlement(ctx, target)        # before the move: leaders it brings or removes
        found = state["legions"].get(origin)   # change the legion where it stands
        if found is None:
            return
    part = whole(found)
    take(state, origin, part)
    put(state, target, side, part)
    ctx.say(EventCode.MOVED, f"The {data().factions[side].name} legion advances from "
            f"{area_name(origin)} into {area_name(target)}.", area=origin, to=target)
    left_settlement(ctx, side, origin)
    arrive(ctx, target, side, advancing=True)
