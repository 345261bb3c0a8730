"""The solo mode's Harkonnen and the Planning cards (002 MENTAT ACTION, solo; SPECIAL RULES):
cards drawn are played at once or laid on the Reinforcements deck, decks taken in turn after
the last card discarded; a card's choices made as the action criteria make them, or as near
the Target Sietch as can be; a card that can do nothing goes to the Reinforcements instead."""

from __future__ import annotations

import contextlib
from typing import Any

from ..automaton import handles
from ..cards.choices import Choices
from ..cards.effect import Actor, draw_one, effect_of, run
from ..codes import EventCode
from ..context import Context, Illegal
from ..leaders import remove
from ..reach import neighbours
from ..state import ATREIDES, HARKONNEN, State, data, in_play, legion_of
from .power import SOLO, harkonnen_legions, power, target

DECKS = ("house-harkonnen", "corrino")


def next_deck(state: State) -> str:
    """The deck drawn next: the other than the last card discarded's; House Harkonnen when
    none was (002 MENTAT ACTION, solo)."""
    last = state["hidden"]["solo"]["last_deck"]
    return "corrino" if last == "house-harkonnen" else "house-harkonnen"


@handles("solo_draw")
def solo_draw(ctx: Context, actor: Actor, wanted: list[str], play: bool) -> None:
    """Cards drawn: played at once (a Mentat die, Thufir Hawat's and Gaius Helen Mohiam's
    special actions), or laid face down on the Reinforcements deck (a card's draws)."""
    solo = ctx.state["hidden"]["solo"]
    fixed = len(set(wanted)) == 1 and len(wanted) > 1 and play
    for number in range(len(wanted)):
        deck = wanted[number] if fixed else next_deck(ctx.state)
        card = draw_one(ctx, deck)
        if card is None:
            continue
        solo["last_deck"] = deck
        if play:
            play_solo(ctx, card)
        else:
            solo["reinforcements"].append(card)
            solo["reinforcements_count"] = len(solo["reinforcements"])
            ctx.say(EventCode.NOTE, "A Harkonnen card joins the Reinforcements.")


@handles("play_next")
def play_next(ctx: Context, actor: Actor) -> None:
    """A card that lets the Harkonnen play a card: one drawn and played at once."""
    deck = next_deck(ctx.state)
    card = draw_one(ctx, deck)
    if card is not None:
        ctx.state["hidden"]["solo"]["last_deck"] = deck
        play_solo(ctx, card)


def play_solo(ctx: Context, card: str) -> None:
    """A card the solo Harkonnen play: its effect by the criteria; if it can do nothing, it
    goes to the Reinforcements deck instead (002 MENTAT ACTION, solo).  Hawat's Scheming is
    kept by the board until a second comes, then both go and Thufir Hawat with them (002
    HAWAT'S SCHEMING, solo)."""
    state = ctx.state
    solo = state["hidden"]["solo"]
    found = data().cards[card]
    if not found.playable:
        solo["scheme"] += 1
        state["discards"][found.deck].append(card)
        ctx.say(EventCode.CARD_PLAYED, "The Harkonnen lay Hawat's Scheming by the board.",
                card=card)
        if solo["scheme"] >= 2 and in_play(state, "thufir-hawat"):
            solo["scheme"] = 0
            remove(ctx, "thufir-hawat")
        return
    ctx.say(EventCode.CARD_PLAYED, f"The Harkonnen play {found.name}: {found.summary}.",
            card=card, side=HARKONNEN)
    before = len(ctx.events)
    actor = Actor(SOLO, HARKONNEN, card=card)
    with contextlib.suppress(Illegal):
        run(ctx, actor, effect_of(state, card), Choices())
    if len(ctx.events) == before:
        solo["reinforcements"].append(card)
        solo["reinforcements_count"] = len(solo["reinforcements"])
        ctx.say(EventCode.NOTE, f"{found.name} can do nothing: it joins the Reinforcements.",
                card=card)
    else:
        state["discards"][found.deck].append(card)
        solo["last_deck"] = found.deck


@handles("place_where")
def place_where(ctx: Context, actor: Actor, at: Any, candidates: list[str] | None,
                count: int) -> list[str]:
    """Where a card's figures go: the places nearest the Target Sietch (002 MENTAT ACTION,
    solo: "as close as possible, or towards, the Target Sietch")."""
    board = data().board
    goal = target(ctx.state)
    found = sorted(candidates or [], key=lambda a: (board.distance(a, goal) if goal else 0,
                                                    board.order[a]))
    return found[:count]


@handles("wormsigns_to_clear")
def wormsigns_to_clear(ctx: Context, count: int) -> list[str]:
    """The wormsigns nearest the Harkonnen legions."""
    state = ctx.state
    board = data().board
    mine = harkonnen_legions(state) or list(board.areas)
    return sorted(state["wormsigns"], key=lambda a: (min(board.distance(a, m) for m in mine),
                                                     board.order[a]))[:count]


@handles("bombard_target")
def bombard_target(ctx: Context, actor: Actor) -> dict[str, Any] | None:
    """The strongest Atreides legion beside a Harkonnen one."""
    state = ctx.state
    found = [a for a, lg in state["legions"].items() if lg["side"] == ATREIDES
             and any(legion_of(state, n, HARKONNEN) for n in neighbours(a))]
    if not found:
        return None
    return {"kind": "target", "area": max(found, key=lambda a: (power(state["legions"][a]), a))}


@handles("spy_target")
def spy_target(ctx: Context) -> dict[str, Any] | None:
    """The Target Sietch, where anything is hidden there; else the area nearest it that hides
    something."""
    state = ctx.state
    board = data().board
    goal = target(state)
    hidden = [a for a in state["sietches"] if state["sietches"][a]["rank"] is None]
    hidden += [a for a, lg in state["legions"].items() if lg["side"] == ATREIDES and lg["tokens"]]
    if not hidden:
        return None
    return {"kind": "target", "area": min(hidden, key=lambda a: (
        board.distance(a, goal) if goal else 0, board.order[a]))}


@handles("airlift_clause")
def airlift_clause(ctx: Context) -> dict[str, Any] | None:
    """Troop Carriers: the strongest legion of a settlement flown to the legion nearest the
    Target Sietch."""
    state = ctx.state
    board = data().board
    goal = target(state)
    mine = harkonnen_legions(state)
    origins = [a for a in mine if a in state["settlements"]]
    if not origins or len(mine) < 2:
        return None
    origin = max(origins, key=lambda a: (power(state["legions"][a]), a))
    ends = [a for a in mine if a != origin]
    to = min(ends, key=lambda a: (board.distance(a, goal) if goal else 0, a))
    return {"kind": "move", "from": origin, "pick": None, "to": to}
