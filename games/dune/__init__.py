"""Classic Dune (Avalon Hill 1979, 000_7222511ea66831c6.txt) and the WBC tournament rule set
(000 "HOUSE RULES" and "WBC Dune Rules Clarifications"; 004_5af1072ca4353687.txt), as a
game for the moderator.

The package by job (docs/architecture.md): ``rules`` (the ruleset classes), ``state`` and
``schema`` (the state), ``turn`` (the sequence of play), ``phases/`` (one module per round),
``orders/`` (the order language), ``cards/`` (treachery cards outside a battle plan),
``factions/`` (each faction's powers as hooks), ``board/`` (reach and the map), ``bots/``,
``data/`` (checked YAML, a base and overlays per ruleset), ``scenario/`` and ``league/``.
docs/rules-coverage.md says, rule by rule, what is implemented and where.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.command import OPTION as COMMANDERS
from pbem.game import (
    BotDecisions,
    Bots,
    Commanders,
    Dropouts,
    Event,
    Invariants,
    LeagueScoring,
    MapPicture,
    OrdersAhead,
    Pace,
    Parsed,
    Prompt,
    Scenarios,
    Seating,
    TemplateGlobals,
    Turns,
)

from . import forces, players, turn
from .ahead import ahead as ahead
from .ahead import parse_mail
from .board import homeworlds
from .board.board_map import BoardMap
from .bots.basic_bot import basic_order
from .bots.basic_bot import standing_orders as bot_standing  # noqa: F401 -- ``Bots``
from .dropout import drop_out as drop_out
from .invariants import violations
from .league import scoring_systems as scoring_systems
from .league import seat_words as seat_words
from .league import victory_words as victory_words
from .league.performance import tournament_summary as tournament_summary
from .orders.decisions import load_decision_kinds
from .orders.language import KINDS, parse_orders
from .pace import pace as pace
from .phases.set_up import new_game
from .rules import RULES_VERSION, RULESETS, cite, make_rules
from .scenario import run_scenario as run_scenario
from .scenario import scenario_report as scenario_report
from .state import SeatWords, SingularSeats, State
from .state import seating as seats_of
from .upgrade import upgrade_orders, upgrade_state
from .variants import (  # noqa: F401 -- their words (homeworld_words)
    caladan,
    facing,
    grumman,
    homeworld_move,
    homeworld_sends,
    junction,
    kaitain,
    richese_pick,
)
from .view import PHASE_NAMES, PublicView, public_view, seat_view

name = "dune"
rules_version = str(RULES_VERSION)  # 2: bidding, revival, shipment and movement; 3: battles;
#   4: Voice, prescience, battle Karamas, captures, canonical state copies; 5: the GF9 rulings
#   of issue 32 (``rules.GF9Version4`` plays a game dealt under 4 as it was played); 6: v3's
#   Main Leaders gate the Voice, prescience, the Kwisatz Haderach, captures (``V3Version5``); the
#   factions' own decisions in revival and at War Continues (issue 29; their classes for 5:
#   ``factions.tleilaxu.TleilaxuGF9Version5``...); 7: the whole leader skill deck and the draw
#   at a leader's revival (issue 30, ``rules.GF9Version6``)
rulesets = tuple(RULESETS)
bot_styles = ("random", "basic")
decision_kinds = load_decision_kinds()     # every order kind is registered by now (``turn``)
capabilities = (Invariants, MapPicture, Turns, Scenarios, Dropouts, LeagueScoring,
                TemplateGlobals, Bots, BotDecisions, OrdersAhead, Pace, Commanders)


def seating(ruleset: str, options: dict[str, Any]) -> Seating:
    """The seats a game of the ruleset and options may have (``state.seating``): a game file
    names them, the demo, self-play and league draws seat them."""
    return seats_of(make_rules(ruleset, options))


def setup(ruleset: str, options: dict[str, Any], seats: list[str],
          rng: random.Random, rules_version: str | None = None) -> State:
    """A new game of the given seats (factions), ready for the set-up decisions, played by
    ``rules_version`` (a stored game's, for its replay; this code's by default)."""
    version = None if rules_version is None else int(rules_version)
    rules = make_rules(ruleset, options, version)
    problems = seats_of(rules).problems(list(seats))
    if problems:
        raise ValueError("; ".join(problems))
    command = players.checked(rules, seats, options.get(COMMANDERS) or {})
    state = new_game(rules, seats, rng)
    players.new_command(state, command)
    return state


def commanders(state: State) -> dict[str, str]:
    """Who runs which faction now (``Commanders``): in a v3 game of two or three players each
    allied faction to its player's primary faction (``players``)."""
    return players.commanders(state)


def prompts(state: State) -> list[Prompt]:
    return turn.prompts(state)


def parse(state: State, seat: str, text: str) -> Parsed:
    """A seat's mail read against its open decisions and those to come (``ahead``)."""
    return parse_mail(state, seat, text, turn.prompts(state))


def parse_decision(state: State, prompt: Prompt, text: str) -> Parsed:
    """Order text read for one open decision alone: its lines, and only its verbs."""
    return parse_orders(state, prompt.seat, text, [prompt])


def apply(state: State, orders: dict[str, Any], rng: random.Random
          ) -> tuple[State, list[Event]]:
    """The next state: the orders (of a stored log, in today's shape: ``upgrade``) applied."""
    return turn.advance(state, upgrade_orders(state, orders), rng)


def upgrade(state: State) -> State:
    """A stored state in today's shape (``upgrade.upgrade_state``); a state stored before
    games kept their rules version was dealt under version 4 (``rules.RULES_VERSIONS``)."""
    state["rules"].setdefault("version", 4)
    return upgrade_state(state)


def view(state: State, seat: str | None) -> dict[str, Any]:
    return public_view(state) if seat is None else seat_view(state, seat)


def map_svg(state: State) -> str:
    """The map of Arrakis as SVG, drawn from the public view (``board_map``)."""
    return _board_map(state).svg


def map_png(state: State) -> bytes:
    """The same map as a PNG picture."""
    return _board_map(state).png


def _board_map(state: State) -> BoardMap:
    """The map of a state, worked out once for both pictures: the reports of a step ask for
    both of the same state (a state is never changed in place)."""
    if _last_map[0] is not state:
        _last_map[:] = [state, BoardMap(public_view(state))]
    return _last_map[1]


_last_map: list[Any] = [None, None]


def event_turn(event: Event) -> int | None:
    """The turn an event belongs to, where it says (the start of each phase names its turn):
    the archive puts the events of a step that runs into the next turn on that turn's page."""
    return event.data["turn"] if event.code == "phase" else None


def turn_of(state: State) -> int | None:
    """The turn the game is in (0: the set-up)."""
    return state["turn"]


def step_name(state: State) -> str:
    if state["result"] is not None:
        return "Game over"
    if state["phase"] == "setup":
        return f"Set-up, round {state['step']['round']}"
    return f"Turn {state['turn']}: {PHASE_NAMES.get(state['phase'], state['phase'])}"


def result(state: State) -> dict[str, Any] | None:
    return state["result"]


def bot_order(view: dict[str, Any], prompt: Prompt, rng: random.Random,
              style: str = "random") -> str:
    """A bot's order for the prompt, from the seat's view only: the ``basic`` bot's rule of
    thumb where it has one (``basic_bot``), else a random legal order (the default where the
    order kind has no random player).  Bots read the prompt's ``options``, never its text; a
    battle to come (``ahead``) is shown them in its options as the public view would show it
    under way."""
    kind = KINDS[prompt.kind]
    text, value = _bot_choice(view, prompt, rng, style)
    return text if text is not None else kind.text(view, value)


def bot_decisions(state: State, rng: random.Random, style: str = "random") -> dict[str, Any]:
    """The bots' orders for the open decisions as values, their text neither written nor read
    (``BotDecisions``): as ``bot_order`` chooses them, each seat's view read part by part from
    one public view of the state (``PublicView``).  A random value is in the form its text
    reads as (each kind's ``random``: tests/dune/test_bot_decisions.py); a bot's order text (a
    basic bot's rule of thumb, a kind without a random player) is read for its prompt alone."""
    by_seat: dict[str, list[Prompt]] = {}          # each seat's prompts, in their order
    for prompt in turn.open_prompts(state):
        by_seat.setdefault(prompt.seat, []).append(prompt)
    public = PublicView(state)
    decided: dict[str, Any] = {}
    for seat, mine in by_seat.items():
        view = seat_view(state, seat, public)
        for prompt in mine:
            text, value = _bot_choice(view, prompt, rng, style)
            if text is not None:
                parsed = parse_orders(state, seat, text, [prompt])
                if parsed.errors or parsed.unread or len(parsed.orders) != 1:
                    raise ValueError(f"{seat}'s bot order for {prompt.key} refused: {text!r}")
                value = parsed.orders[0].value
            decided[prompt.key] = value
    return decided


def _bot_choice(view: dict[str, Any], prompt: Prompt, rng: random.Random, style: str
                ) -> tuple[str | None, Any]:
    """A bot's order as text (the basic bot's, or the default where the kind has no random
    player) or else as a random value: (text, None) or (None, value)."""
    if "battle" in prompt.options:
        view = {**view, "battle": prompt.options["battle"]}
    if style == "basic" and (text := basic_order(view, prompt, rng)) is not None:
        return text, None
    kind = KINDS[prompt.kind]
    if kind.random is None:
        return prompt.default_text, None
    return None, kind.random(view, prompt, rng)


def invariants(state: State) -> list[str]:
    """The invariants the state breaks (``invariants.py``); empty when it is sound."""
    return violations(state)


def template_globals() -> dict[str, Any]:
    """What the report templates need of the faction sheets: how mail names each seat's
    faction (``names``) and the seats whose faction name takes a singular verb
    (``factions.yaml``: ``singular``), for every seat of every ruleset (``state.every_faction``);
    ``cite(view, rule)``, how the view's ruleset cites a classic rule (``Rules.cite``); and the
    words of forces counted per kind (``forces``: ``size``, ``faces``, ``count_text``,
    ``force_marks``, ``forces_on_map``); the homeworlds as all see them (``homeworlds``, 001
    4.10)."""
    return {"names": SeatWords(), "singular": SingularSeats(), "cite": cite,
            "size": forces.size, "faces": forces.faces, "count_text": forces.count_text,
            "force_marks": forces.marks, "forces_on_map": forces.by_faction_on_map,
            "homeworlds": homeworlds.public}
