"""One action of an action turn, and the free actions (002 ACTION TURNS, ACTION DICE RESULTS,
NAMED LEADER SPECIAL ACTIONS, FREE ACTIONS, DESERT POWER ACTION, THE FAMILY ATOMICS).

An action is a value read from a plan (orders/plan.py): a die action (Strategy, Leadership,
Deployment, Mentat, House), a Planning card played with any die, a named leader's special
action, a Prescience card claimed, a Desert Power action, a pass; or a free action (Guerrilla
Training, Scouting, the Family Atomics, Hawat's Scheming, a Cone of Silence, waiting for the
partner).  ``perform`` does it or raises ``Illegal``; it says whether it ended the turn."""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import automaton as solo
from .atomics import detonate
from .cards import kinds
from .cards.choices import Choices
from .cards.desert_steps import desert_power
from .cards.effect import Actor, play_card, run
from .cards.prescience import claim
from .codes import ErrorCode, EventCode
from .context import Context, Illegal
from .dice import any_die, has_die, spend, unused
from .hands import discard
from .hands import who as _who
from .leaders import remove, special_ready
from .legions import area_name
from .sites import reveal_sietch, reveal_tokens
from .state import (
    ATREIDES,
    HARKONNEN,
    State,
    automaton,
    banned,
    data,
    hand,
    in_play,
    seats_of,
    side_of,
)
from .tracks import atomics_ready

# The die actions as effects (002 ACTION DICE RESULTS): each result's options, chosen by the
# first clause the player gives.
DIE_ACTIONS: dict[str, dict[str, list[dict[str, Any]]]] = {
    "strategy": {"move": [{"legion": {"count": 2, "may": ["move"]}}],
                 "attack": [{"legion": {"may": ["attack"]}}]},
    "leadership": {"move": [{"legion": {"count": 2, "with": "leader", "may": ["move"]}}],
                   "surprise": [{"legion": {"with": "leader", "may": ["surprise"]}}]},
    "mentat": {"draw": [{"draw": {"count": 2}}], None: [{"draw": {"count": 2}}]},
}
DEPLOYMENT = {ATREIDES: [{"deploy": {"tokens": 1, "leader": "any"}}],         # 002 DEPLOYMENT
              HARKONNEN: [{"deploy": {"units": {"regular": 3}, "leader": "any"}}]}
HOUSE = {"upgrade": [{"upgrade": {"from": "regular", "to": "elite", "count": 2}}],   # 002 HOUSE
         "vehicle": [{"vehicles": {"harvester": 2, "ornithopter": 2, "carryall": 2}}]}


def perform(ctx: Context, seat: str, action: dict[str, Any], needed: Counter) -> bool:
    """Do one action of a seat's plan; True if it took the action turn (a die spent, or a
    Desert Power action), False for a free action.  ``needed``: the dice the rest of the plan
    asks for (a Planning card spends the die they need least)."""
    side = side_of(seat)
    actor = Actor(seat, side)
    kind = action["do"]
    forced = ctx.state["step"].get("forced") if side == HARKONNEN else None
    if kind in FREE:
        FREE[kind](ctx, seat, side, action)
        return False
    if kind == "desert":
        if side != ATREIDES:
            raise Illegal(ErrorCode.NOT_YOURS, "only the Atreides take Desert Power actions")
        if unused(ctx.state, ATREIDES) >= unused(ctx.state, HARKONNEN):
            raise Illegal(ErrorCode.NOT_ALLOWED, "a Desert Power action needs fewer unused dice "
                          "than the Harkonnen have (002 DESERT POWER ACTION)")
        _desert_seat(ctx.state, seat)
        desert_power(ctx, actor, Choices(action["clauses"]))
        ctx.say(EventCode.ACTION, "The Atreides take a Desert Power action.", seat=seat)
        return True
    result = _die_for(ctx.state, seat, action, needed, forced)
    if kind == "die":
        _die_action(ctx, actor, action, result)
    elif kind == "card":
        play_card(ctx, actor, action["card"], Choices(action["clauses"]))
    elif kind == "leader":
        _special(ctx, actor, action, result)
    elif kind == "claim":
        card = data().prescience[action["card"]]
        if card.timing != "action":
            raise Illegal(ErrorCode.NOT_NOW, f"{card.name} is claimed at the End of the Round")
        claim(ctx, action["card"], seat, action.get("clauses"))
    elif kind == "pass":
        ctx.say(EventCode.PASSED, f"{_who(seat)} spend a die and do nothing.", seat=seat)
    spend(ctx, seat, result)
    ctx.say(EventCode.ACTION, f"{_who(seat)} spend a {result.title()} die.", seat=seat,
            result=result)
    if forced is not None:
        ctx.state["step"].pop("forced", None)
    return True


def _desert_seat(state: State, seat: str) -> None:
    """In 3-4 players mode the Desert Power action is the Fremen's (authored:
    authored/shared_dashboards.yaml)."""
    if seat not in data().factions and seat != data().desert_power_power:
        raise Illegal(ErrorCode.NOT_YOURS, "the Desert Power action is the Fremen player's")


def _die_for(state: State, seat: str, action: dict[str, Any], needed: Counter,
             forced: str | None) -> str:
    """The die an action spends: its own result (a die action, a named leader's box), the
    Atreides' House standing in for any (002 HOUSE ACTION, Atreides), or any die for a card, a
    claim or a pass; under Truthtrance the die the Harkonnen must use."""
    kind = action["do"]
    using = action.get("using")
    if kind == "die":
        wanted = "house" if action.get("via") == "house" else action["result"]
    elif kind == "leader":
        wanted = data().leaders[action["leader"]].box
    else:
        wanted = using or any_die(state, seat, needed)
        if wanted is None:
            raise Illegal(ErrorCode.NO_DIE, "no unused die")
    if forced is not None and wanted != forced:
        raise Illegal(ErrorCode.NOT_ALLOWED, f"Truthtrance: the Harkonnen must use a "
                      f"{forced.title()} die this turn")
    if has_die(state, seat, wanted):
        return wanted
    if side_of(seat) == ATREIDES and kind in ("die", "leader") and has_die(state, seat, "house"):
        return "house"
    raise Illegal(ErrorCode.NO_DIE, f"no unused {wanted.title()} die")


def _die_action(ctx: Context, actor: Actor, action: dict[str, Any], die: str) -> None:
    """A die's action: the option the first clause names (002 ACTION DICE RESULTS)."""
    result = action["result"]
    choices = Choices(action["clauses"])
    if result == "deployment":
        effect = DEPLOYMENT[actor.side]
    elif result == "house":
        if actor.side == ATREIDES:
            raise Illegal(ErrorCode.BAD_ORDER, "name the result the House die stands for")
        head = choices.peek()
        effect = HOUSE.get(head or "", [])
        if head == "vehicle":
            _two_vehicles(choices)
    else:
        options = DIE_ACTIONS[result]
        effect = options.get(choices.peek(), options.get(None))
        if effect is None:
            raise Illegal(ErrorCode.BAD_ORDER, f"{result.title()}: "
                          f"{' or '.join(k.upper() for k in options if k)}")
    shown = result.title() if die == result else f"{result.title()} (with a House die)"
    ctx.say(EventCode.ACTION, f"{_who(actor.dashboard)} take a {shown} action.",
            seat=actor.dashboard, result=result)
    run(ctx, actor, effect, choices)
    choices.done()


def _two_vehicles(choices: Choices) -> None:
    if sum(1 for c in choices.clauses if c["kind"] == "vehicle") > 2:
        raise Illegal(ErrorCode.TOO_MANY, "the House action places 2 vehicles")


def _special(ctx: Context, actor: Actor, action: dict[str, Any], die: str) -> None:
    """A named leader's special action, instead of the die's standard one; its card is then
    spent until the next round (002 NAMED LEADER SPECIAL ACTIONS)."""
    state = ctx.state
    leader = action["leader"]
    if not special_ready(state, leader, actor.dashboard):
        raise Illegal(ErrorCode.SPENT, f"{data().leaders[leader].name}'s special action is not "
                      "yours to take now (not in play, in the tank, spent, or another's)")
    card = data().leaders[leader]
    effect = card.solo_special if automaton(state, actor.side) and card.solo_special \
        else card.special
    ctx.say(EventCode.ACTION, f"{card.name}'s special action.", leader=leader)
    choices = Choices(action["clauses"])
    run(ctx, actor, effect, choices)
    choices.done()
    state["leaders"][leader]["spent"] = True
    ctx.say(EventCode.LEADER_SPENT, f"{card.name}'s card is spent for the round.", leader=leader)


# --- free actions --------------------------------------------------------------------------------
def reveal(ctx: Context, seat: str, side: str, action: dict[str, Any]) -> None:
    """Guerrilla Training: the Atreides reveal deployment tokens of theirs at any time in their
    action turn (002 GUERRILLA TRAINING).  In the solo mode each voluntary reveal adds a
    Harkonnen card to the Reinforcements (not under the Spacing Guild Ban), and none may be
    made in a sector of an air zone with an Ornithopter (002 SPECIAL RULES)."""
    state = ctx.state
    area = action["area"]
    found = state["legions"].get(area)
    if side != ATREIDES or found is None or found["side"] != ATREIDES or not found["tokens"]:
        raise Illegal(ErrorCode.NOT_THERE, f"no Atreides token in {area_name(area)}")
    if automaton(state, HARKONNEN):
        solo.call("voluntary_reveal", ctx, area)
    reveal_tokens(ctx, area, "Guerrilla Training")


def scout(ctx: Context, seat: str, side: str, action: dict[str, Any]) -> None:
    """Scouting: the Harkonnen remove an Ornithopter to reveal the sietch and the deployment
    tokens of one area of a connected sector (002 SCOUTING); not under the Spacing Guild Ban
    (002 IMPERIUM BANS)."""
    state = ctx.state
    if side != HARKONNEN:
        raise Illegal(ErrorCode.NOT_YOURS, "only the Harkonnen scout")
    if banned(state, "no-scouting"):
        raise Illegal(ErrorCode.BANNED, "the Spacing Guild Ban forbids scouting")
    area = action["area"]
    zones = [z for z, v in state["air"].items() if v == "ornithopter"
             and area in data().board.zone_areas(z)]
    zone = action.get("zone") or (zones[0] if zones else None)
    if zone not in zones:
        raise Illegal(ErrorCode.NOT_REACHABLE, f"no Ornithopter over {area_name(area)}")
    if area not in state["sietches"] and not (area in state["legions"]
                                              and state["legions"][area]["tokens"]):
        raise Illegal(ErrorCode.NO_TARGET, f"nothing hidden in {area_name(area)}")
    del state["air"][zone]
    ctx.say(EventCode.SCOUTED, f"An Ornithopter of {data().board.zones[zone].name} scouts "
            f"{area_name(area)}.", area=area, zone=zone)
    reveal_sietch(ctx, area, "scouted")
    reveal_tokens(ctx, area, "scouted")


def atomics(ctx: Context, seat: str, side: str, action: dict[str, Any]) -> None:
    """The Family Atomics detonated as a free action: a Prescience marker at step 8 (002 STEP
    8 - FAMILY ATOMICS)."""
    if side != ATREIDES:
        raise Illegal(ErrorCode.NOT_YOURS, "the Family Atomics are the Atreides'")
    if not atomics_ready(ctx.state):
        raise Illegal(ErrorCode.NOT_ALLOWED, "the Family Atomics need a Prescience marker at "
                      "step 8, and detonate once")
    detonate(ctx, action["area"])


def scheme(ctx: Context, seat: str, side: str, action: dict[str, Any]) -> None:
    """Hawat's Scheming: 2 or 3 of them discarded as a free action remove Thufir Hawat for
    good; Gaius Helen Mohiam enters play (002 THUFIR HAWAT AND GAIUS HELEN MOHIAM)."""
    state = ctx.state
    count = action.get("count", 2)
    if side != HARKONNEN or not in_play(state, "thufir-hawat"):
        raise Illegal(ErrorCode.NOT_ALLOWED, "Thufir Hawat is not in play")
    if count not in (2, 3) or hand(state, seat).count("hawats-scheming") < count:
        raise Illegal(ErrorCode.NO_CARD, f"you hold fewer than {count} Hawat's Scheming")
    for _ in range(count):
        discard(ctx, seat, "hawats-scheming", "Hawat's Scheming")
    remove(ctx, "thufir-hawat")


def wait(ctx: Context, seat: str, side: str, action: dict[str, Any]) -> None:
    """A player of a shared faction lets the partner take this action turn (002 ACTIONS TURNS,
    3-4 players)."""
    if len(seats_of(ctx.state, side)) != 2:
        raise Illegal(ErrorCode.NOT_ALLOWED, "DEFER lets a partner act; you have none")
    ctx.state["step"]["waiting"] = seat


def silence(ctx: Context, seat: str, side: str, action: dict[str, Any]) -> None:
    """A Cone of Silence: partners confer in secret, a token spent (002 CONE OF SILENCE); the
    words go to the partner alone."""
    state = ctx.state
    partner = [s for s in seats_of(state, side) if s != seat]
    if not partner or state["cones"].get(side, 0) < 1:
        raise Illegal(ErrorCode.NOT_AVAILABLE, "no Cone of Silence token, or no partner")
    state["cones"][side] -= 1
    ctx.say(EventCode.CONE_OF_SILENCE, f"The {data().factions[side].name} use a Cone of Silence.",
            side=side)
    ctx.say(EventCode.CONE_OF_SILENCE, f"From your partner, under the Cone of Silence: "
            f"{action['text']}", tuple(partner), side=side)


def claim_free(ctx: Context, seat: str, side: str, action: dict[str, Any]) -> None:
    card = data().prescience[action["card"]]
    if card.spend_die:
        raise Illegal(ErrorCode.NO_DIE, f"{card.name} is claimed with a die")
    claim(ctx, action["card"], seat, action.get("clauses"))


FREE = {"reveal": reveal, "scout": scout, "atomics": atomics, "scheme": scheme, "wait": wait,
        "silence": silence, "claim-free": claim_free}


def needs_of(entries: list[dict[str, Any]]) -> Counter:
    """The dice a plan's entries ask for, by result (their first choice)."""
    needed: Counter = Counter()
    for entry in entries:
        action = entry["try"][0]
        if action["do"] == "die":
            needed["house" if action.get("via") == "house" else action["result"]] += 1
        elif action["do"] == "leader":
            needed[data().leaders[action["leader"]].box] += 1
    return needed


KINDS = kinds.MODULES          # every step kind registered before an effect runs
