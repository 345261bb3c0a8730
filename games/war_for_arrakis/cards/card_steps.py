"""Steps of the cards themselves: drawing, playing another card, leaders entering play,
choosing an option, the opponent's discards, Bene Gesserit tokens, Desert Power actions a card
gives (002 PLAYING PLANNING CARDS, MENTAT ACTION, NAMED LEADERS, DESERT POWER ACTION)."""

from __future__ import annotations

from typing import Any

from .. import automaton as solo
from ..bene_gesserit import gain_bene_gesserit
from ..codes import ErrorCode, EventCode
from ..context import Context, Illegal
from ..hands import discard, discard_choice
from ..leaders import enter
from ..state import (
    automaton,
    data,
    hand,
    in_play,
    other,
    seats_of,
)
from .choices import Choices
from .effect import Actor, draw_cards, play_card, run, step


@step("draw")
def draw_step(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """Planning cards drawn into the hand (002 MENTAT ACTION: from the decks chosen, before
    drawing); a deck run out is not reshuffled and gives no more (002 PLAYING PLANNING
    CARDS).  The solo mode's Harkonnen draw onto their Reinforcements deck, or play what they
    draw (002 MENTAT ACTION, solo; THUFIR HAWAT, GAIUS HELEN MOHIAM)."""
    count = spec["count"] if isinstance(spec, dict) else spec
    fixed = spec.get("deck") if isinstance(spec, dict) else None
    clause = choices.take("draw")
    decks = clause["decks"] if clause else []
    draw_cards(ctx, actor, count, decks, fixed, play=isinstance(spec, dict) and spec.get("play"))


@step("play")
def play_step(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Another Planning card played from the hand, without a die (its clauses follow)."""
    clause = choices.take("play")
    if clause is None:
        if automaton(ctx.state, actor.side):
            solo.call("play_next", ctx, actor)
        return
    play_card(ctx, actor, clause["card"], Choices(clause["clauses"]))
    choices.clauses = [*clause.get("rest", []), *choices.clauses]


@step("enter")
def enter_step(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    leader = spec["leader"] if isinstance(spec, dict) else spec
    needs = spec.get("needs") if isinstance(spec, dict) else None
    if needs is not None and not in_play(ctx.state, needs):
        return
    enter(ctx, leader)


@step("scheme")
def scheme(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    raise Illegal(ErrorCode.NOT_PLAYABLE, "Hawat's Scheming is never played; SCHEME discards "
                  "2 or 3 of them")


@step("choose")
def choose(ctx: Context, actor: Actor, options: list, choices: Choices) -> None:
    """One of several effects, the one whose first step the next clause answers."""
    head = choices.peek()
    for option in options:
        (kind, _), = option[0].items()
        if head == kind:
            run(ctx, actor, option, choices)
            return


@step("opponent-discards")
def opponent_discards(ctx: Context, actor: Actor, count: int, choices: Choices) -> None:
    """The opponent discards Planning cards of their choice (their standing ``discard``); a
    shared faction's fuller hand first (002 PLANNING CARDS, 3-4 players); the solo mode's
    Harkonnen from their Reinforcements deck (ruled so)."""
    state = ctx.state
    enemy = other(actor.side)
    for _ in range(count):
        if automaton(state, enemy):
            pile = state["hidden"]["solo"]["reinforcements"]
            if pile:
                card = pile.pop()
                state["discards"][data().cards[card].deck].append(card)
                ctx.say(EventCode.CARD_DISCARDED, f"The Harkonnen discard {data().cards[card].name}"
                        " from their Reinforcements.", card=card)
            continue
        seats = sorted(seats_of(state, enemy), key=lambda s: -len(hand(state, s)))
        if not seats or not hand(state, seats[0]):
            return
        discard(ctx, seats[0], discard_choice(state, seats[0]), "their opponent's card")


@step("bene-gesserit")
def bene_gesserit(ctx: Context, actor: Actor, count: int, choices: Choices) -> None:
    for _ in range(count):
        gain_bene_gesserit(ctx, actor.side)


# --- vehicles, wormsigns, sandworms --------------------------------------------------------
