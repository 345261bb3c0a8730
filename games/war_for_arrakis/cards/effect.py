"""Effects: a list of steps as data (planning.yaml, leaders.yaml, the die actions), run in
order with the player's clauses (``Choices``).  Each step kind is a function registered here
(``step``) by the module of its concern: ``legion_steps`` (moving, attacking, placing,
deploying, replacing units), ``desert_steps`` (vehicles, wormsigns, sandworms, what the desert
hides), ``enemy_steps`` (striking at the enemy), ``track_steps`` (Prescience and the
Imperium), ``card_steps`` (drawing, playing, leaders entering); ``kinds`` loads them all.

Every step is elective (002 ELECTIVE ACTION EFFECTS): a step with no clause where it needs a
choice is left out; a clause that asks what the rules do not allow makes the whole action not
done (``Illegal``), so a plan falls back to its next action (orders/plan.py).  The solo mode's
Harkonnen give no clauses: their steps choose by the solo criteria (``automaton``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import automaton as solo
from ..codes import ErrorCode, EventCode
from ..context import Context, Illegal
from ..hands import note_draws
from ..state import (
    HARKONNEN,
    State,
    automaton,
    data,
    decks_of,
    hand,
    in_play,
)
from .choices import Choices


@dataclass
class Actor:
    """Who does an effect: the dashboard (a seat, or the automaton's faction), its faction, the
    legion the effect speaks of (``this``, set by a step that places or moves one), the
    battle modifiers a card gives, and the die spent for it."""

    dashboard: str
    side: str
    this: str | None = None
    mods: dict[str, Any] = field(default_factory=dict)
    card: str | None = None            # the Planning card being played


Step = Callable[[Context, Actor, Any, Choices], None]
STEPS: dict[str, Step] = {}


def step(name: str) -> Callable[[Step], Step]:
    def register(function: Step) -> Step:
        STEPS[name] = function
        return function
    return register


def run(ctx: Context, actor: Actor, effect: tuple[dict[str, Any], ...] | list, choices: Choices
        ) -> None:
    """Run an effect's steps in order with the player's clauses."""
    for entry in effect:
        (kind, params), = entry.items()
        STEPS[kind](ctx, actor, params, choices)


# --- the legions a step may act with -------------------------------------------------------


# --- Planning cards drawn and played (002 PLAYING PLANNING CARDS, MENTAT ACTION) ----------
def draw_one(ctx: Context, deck: str) -> str | None:
    """The top card of a deck, or None if it ran out."""
    state = ctx.state
    pile = state["hidden"]["decks"][deck]
    if not pile and automaton(state, HARKONNEN) and data().cards[
            data().decks[deck][0]].deck in ("house-harkonnen", "corrino"):
        pile.extend(state["discards"][deck])
        state["discards"][deck] = []
        ctx.rng.shuffle(pile)
    if not pile:
        return None
    card = pile.pop()
    state["decks"][deck] = len(pile)
    return card


def draw_cards(ctx: Context, actor: Actor, count: int, decks: list[str], fixed: str | None,
               play: bool = False) -> None:
    """``count`` cards drawn into the actor's hand: from the decks named in turn (``fixed``:
    that deck only), else alternately from the hand's decks (one deck when shared).  The solo
    mode's Harkonnen put them on their Reinforcements deck, or play them (``play``)."""
    state = ctx.state
    own = decks_of(state, actor.dashboard) if actor.dashboard in state["seats"] \
        else tuple(data().powers[p].deck for p in data().factions[actor.side].powers)
    if fixed is not None:
        wanted = [fixed] * count
    elif decks:
        if len(decks) > count:
            raise Illegal(ErrorCode.TOO_MANY, f"{count} cards are drawn here")
        wanted = list(decks) + [decks[-1]] * (count - len(decks))
    else:
        wanted = [own[i % len(own)] for i in range(count)]
    for deck in wanted:
        if deck not in own and fixed is None:
            raise Illegal(ErrorCode.NOT_YOURS, f"you do not draw from the {deck} deck")
    if automaton(state, actor.side):
        solo.call("solo_draw", ctx, actor, wanted, play)
        return
    drawn = []
    for deck in wanted:
        card = draw_one(ctx, deck)
        if card is not None:
            hand(state, actor.dashboard).append(card)
            drawn.append(card)
    note_draws(ctx, actor.dashboard, actor.side, drawn)


def effect_of(state: State, card_id: str) -> tuple[dict[str, Any], ...]:
    """The effect a card does now: its ``instead`` when its condition holds (planning.yaml)."""
    card = data().cards[card_id]
    when = card.instead_when
    if when is None:
        return card.effect
    holds = False
    if "in-play" in when:
        holds = in_play(state, when["in-play"])
    elif "removed" in when:
        holds = state["leaders"][when["removed"]]["status"] == "removed"
    elif when.get("atomics"):
        holds = state["atomics"] is not None
    elif when.get("wild-maker"):
        holds = state["wild_maker"] is not None
    return card.instead if holds else card.effect


def play_card(ctx: Context, actor: Actor, card_id: str, choices: Choices) -> None:
    """A Planning card played from the actor's hand: its effect with the clauses given, then
    to the discard pile (002 PLAYING PLANNING CARDS)."""
    state = ctx.state
    card = data().cards[card_id]
    if automaton(state, actor.side):
        holding = None
    else:
        holding = actor.dashboard
        if card_id not in hand(state, holding):
            raise Illegal(ErrorCode.NO_CARD, f"you hold no {card.name}")
        if not card.playable:
            raise Illegal(ErrorCode.NOT_PLAYABLE, f"{card.name} is never played (SCHEME)")
        hand(state, holding).remove(card_id)
        state["hands"][holding] = len(hand(state, holding))
    ctx.say(EventCode.CARD_PLAYED, f"The {data().factions[actor.side].name} play {card.name}: "
            f"{card.summary}.", card=card_id, side=actor.side)
    played, actor.card = actor.card, card_id
    run(ctx, actor, effect_of(state, card_id), choices)
    actor.card = played
    if not any(found["card"] == card_id for found in state["attached"].values()):
        state["discards"][card.deck].append(card_id)


