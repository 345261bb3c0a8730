"""The interface between the moderator and a game's rules.

A game is a pure, replayable function (see DESIGN.md): its state is built by
``setup`` from a ruleset, options, seats and a seeded random generator, then
advanced by ``apply`` with one batch of orders per step.  The rules never see
mail, clocks or the database.  The moderator asks a game four things:

- ``prompts(state)``: the decisions open now;
- ``parse(state, seat, text)``: a seat's order text read into orders, or
  errors that quote the line and say what would have been valid;
- ``apply(state, orders, rng)``: the next state and the events it produced;
- ``view(state, seat)``: all that seat may know (``seat=None``: the public).

A game also names its kinds of decision as players do (``decision_kinds``: the words of
standing orders, and the order that passes a decision), and reads order text for one
decision alone (``parse_decision``).

A game may also provide optional capabilities, each a Protocol below: ``Invariants``
(self-play checks them), ``MapPicture`` (the reports and the archive show the board),
``Turns`` (the archive files each event under its turn), ``Scenarios``, ``Dropouts``,
``LeagueScoring`` (``pbem.league`` scores its games), ``TemplateGlobals``, ``Bots``
(seats a bot plays, self-play, the demo), ``OrdersAhead`` (orders held for decisions still
to come), ``Pace`` (its mail modes and what each costs in mail rounds) and
``Commanders`` (a player commanding several seats).  A game
declares the ones it provides in its module-level ``capabilities`` tuple (``load_game``
refuses a game that declares one it does not provide), and the moderator asks for one by
``capability(game, MapPicture)``, never by looking for a name on the game.

States are plain JSON data (dicts, lists, strings, numbers), so a state
serialised and loaded again is equal, and the store can keep it as text.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import random
from collections import deque
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any, Protocol, TypeVar

from pbem.frozen import record
from pbem.games import GAMES

State = dict[str, Any]


class Text:
    """A prompt's text field, given written or as a function that writes it (issue 20: bots
    read a decision's options, never its text).  The function is called when the text is first
    read, so it must be read before the state it reads changes: ``written``."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.stored_as = f"_{name}"

    def __get__(self, prompt: Any, owner: type | None = None) -> str:
        if prompt is None:
            raise AttributeError(self.stored_as)   # a field without a default
        text = prompt.__dict__[self.stored_as]
        if callable(text):
            text = prompt.__dict__[self.stored_as] = text()
        return text

    def __set__(self, prompt: Any, text: str | Callable[[], str]) -> None:
        prompt.__dict__[self.stored_as] = text


@record
class Prompt:
    """One decision a seat must make in the current step.

    ``key`` is unique within the step and names the decision in the log.
    ``secret`` prompts are simultaneous and hidden until resolution.
    ``default`` is the order value applied when the deadline passes, and
    ``default_text`` how it reads.  ``legal`` describes the legal choices
    for the player and ``template`` is order text that parses as it is.
    An ``optional`` decision (playing a card that may be kept for later) is
    the holder's alone to know of: it never holds up the step, sets its
    deadline, or makes its seat waited for (``owed``, ``waiting_for``); with no
    order by the time the step resolves it takes its default, silently.
    ``options`` is what a bot needs to choose a legal order, as JSON data (the
    game says what; the seat's own, from what it may know); it is no part of the
    decision's identity (prompts compare without it) and never shown or stored.
    ``ahead`` names the orders given ahead that answer it (``OrdersAhead``; empty: its
    ``key``), and ``title`` says what it decides where the reader needs it said (a turn
    sheet); neither is part of its identity.
    """

    key: str
    seat: str
    kind: str
    secret: bool
    legal: str = Text()                     # type: ignore[assignment]
    default: Any
    default_text: str = Text()              # type: ignore[assignment]
    template: str = Text()                  # type: ignore[assignment]
    optional: bool = False
    options: dict[str, Any] = field(default_factory=dict, compare=False)
    ahead: str = field(default="", compare=False)
    title: str = field(default="", compare=False)

    @property
    def held_as(self) -> str:
        """The name under which an order given ahead answers this decision."""
        return self.ahead or self.key

    def held_under(self, ahead: str) -> Prompt:
        """The same decision answered by the orders given ahead under ``ahead``, its texts still
        written only when first read (``dataclasses.replace`` would write them)."""
        found = copy.copy(self)
        object.__setattr__(found, "ahead", ahead)
        return found

    def keep(self) -> None:
        """Make the prompt independent of the state it was read from, for a caller that keeps
        it while that state may change: its texts written now (``Text``).  A game's prompt
        that reads its state later does what else it needs here."""
        for name in _TEXTS:
            if callable(text := self.__dict__.get(name)):
                self.__dict__[name] = text()


def written(prompts: list[Prompt]) -> list[Prompt]:
    """The prompts, each made independent of the state they were read from (``Prompt.keep``):
    for a caller that keeps them while that state may change."""
    for prompt in prompts:
        prompt.keep()
    return prompts


# Where a prompt keeps its texts (``Text``).
_TEXTS = tuple(text.stored_as for text in vars(Prompt).values() if isinstance(text, Text))


def owed(prompts: list[Prompt]) -> list[Prompt]:
    """The decisions a step waits for: all but the optional ones.  Only a card's holder gets
    an optional decision, so nothing another seat can observe (who is waited for, reminders,
    the deadline, when the step resolves) may depend on one."""
    return [p for p in prompts if not p.optional]


def only_optional(prompts: list[Prompt]) -> bool:
    """Whether the decisions open ask only optional ones: such a moment is no step of its
    own (``pbem.resolution.apply_step`` folds it into the step before it), or its number
    would tell everyone that somebody holds a card (issue 34, item 2)."""
    return bool(prompts) and not owed(prompts)


def waiting_for(prompts: list[Prompt], answered: Collection[str]) -> list[str]:
    """The seats a step waits for: those owing a decision that has no order (``answered``
    holds the keys of the decisions with one).  Every mail, notice and command that names
    who is waited for, or whom to remind, asks this."""
    return sorted({p.seat for p in owed(prompts) if p.key not in answered})


@dataclass(frozen=True)
class DecisionKind:
    """A kind of decision (``Prompt.kind``) as players name it: the ``words`` a standing order
    names it by (SET STANDING), ``what`` it decides (the confirmation says it), the order
    ``verbs`` that answer it, ``passing``: the order that passes it (PASS or NONE answers
    it so), or None if it cannot be passed, ``needs_map``: a decision made on the board,
    whose report brings the map again when it changed (``pbem.digest``), and ``again``: a
    decision that may open several times in a row, whose order given ahead answers each
    time until it is no longer to come (``pbem.ahead``; Dune: the Nexus at each worm), and
    ``stands``: an answer that stands until changed (Dune: the spice promised to an ally for
    the round), whose later openings, optional, are no news (``pbem.digest``)."""

    kind: str
    words: tuple[str, ...]
    what: str
    verbs: tuple[str, ...]
    passing: str | None = None
    needs_map: bool = False
    again: bool = False
    stands: bool = False


@dataclass(frozen=True)
class Order:
    """An accepted order: the prompt it answers, its value and its canonical text, the
    game's notes on how it was read (a sector the order left out and the one taken, a
    correction the rules will make to it), echoed to the player with the text, and the
    numbers of the mail's lines it was read from."""

    prompt: str
    value: Any
    text: str
    notes: tuple[str, ...] = ()
    lines: tuple[int, ...] = ()


@dataclass(frozen=True)
class OrderError:
    """A line that could not be read as an order, with the reason and what was valid.

    ``code`` is a stable identifier (tests and templates use it); ``message``
    is the wording for the player.
    """

    line_no: int
    line: str
    code: str
    message: str
    valid: tuple[str, ...] = ()


@dataclass(frozen=True)
class NotRead:
    """A line that is no order at all ("thx", "sorry for the delay"): its first word is no
    order's; it is echoed once as not read, and refuses nothing."""

    line_no: int
    line: str


@dataclass
class Parsed:
    """What a seat's mail said: the orders read (each with its lines), the lines refused at
    fault (``errors``), the good lines not filed because another line of their decision was
    refused (``not_filed``, code ``not-filed``, naming that line), the lines that are no
    order, and the lines that name a decision to come and leave it for later (``left``: a
    block of the turn form sent back as it was, ``pbem.reports``).  Each non-blank line of the
    text is in exactly one of them (``pbem.echo`` makes the answer of it)."""

    orders: list[Order] = field(default_factory=list)
    errors: list[OrderError] = field(default_factory=list)
    not_filed: list[OrderError] = field(default_factory=list)
    unread: list[NotRead] = field(default_factory=list)
    left: list[NotRead] = field(default_factory=list)


@record
class Event:
    """Something that happened in a step.

    ``to`` is None for a public event, or the seats that may see it.
    ``data`` must hold only what that audience may know.  ``concerns`` names the seats whose
    own position the event changes (the members of an alliance formed): it is news for them
    at once (``pbem.digest``), whoever else may see it.
    """

    code: str
    data: dict[str, Any] = field(default_factory=dict)
    to: tuple[str, ...] | None = None
    concerns: tuple[str, ...] = ()

    def visible_to(self, seat: str | None) -> bool:
        """True if ``seat`` (None: the public) may see this event."""
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        found = {"code": self.code, "data": self.data, "to": list(self.to) if self.to else None}
        if self.concerns:
            found["concerns"] = list(self.concerns)
        return found

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        to = data.get("to")
        return cls(data["code"], data.get("data", {}), tuple(to) if to else None,
                   tuple(data.get("concerns", ())))


@dataclass(frozen=True)
class Seating:
    """The seats a game of one ruleset and options may have (``Game.seating``): the names a
    game file may give them, in the game's order, and how many it seats; ``sets``, where a
    game seats only set combinations of them rather than any (War for Arrakis: a faction one
    seat or its two powers', the solo mode's Atreides alone), those lists, each in the game's
    order.  Self-play and the demo draw their seats from them."""

    names: tuple[str, ...]
    fewest: int
    most: int
    sets: tuple[tuple[str, ...], ...] = ()

    def problems(self, seats: list[str]) -> list[str]:
        """What is wrong with seating these seats: an unknown name, a seat twice, too few or
        too many, or no set the game seats (empty when they may play)."""
        found = [f"unknown seat {seat!r}; seats are: {', '.join(self.names)}"
                 for seat in dict.fromkeys(seats) if seat not in self.names]
        found += [f"{seat!r} is seated twice" for seat in dict.fromkeys(seats)
                  if seats.count(seat) > 1]
        if not self.fewest <= len(seats) <= self.most:
            found.append(f"a game seats {self.fewest} to {self.most}, not {len(seats)}")
        elif self.sets and set(seats) not in [set(s) for s in self.sets]:
            found.append("a game seats one of: " + "; ".join(", ".join(s) for s in self.sets))
        return found


class Game(Protocol):
    """What a game module provides (module-level names, found by ``load_game``)."""

    name: str
    rules_version: str
    rulesets: tuple[str, ...]
    capabilities: tuple[type, ...]     # the optional capabilities it provides (below)

    def seating(self, ruleset: str, options: dict[str, Any]) -> Seating:
        """The seats a game of this ruleset and options may have (a ``ValueError`` for an
        unknown ruleset or bad options): what game files, the demo, self-play and league
        draws seat, never a list of the game's own."""
        ...

    def setup(
        self, ruleset: str, options: dict[str, Any], seats: list[str], rng: random.Random,
        rules_version: str | None = None
    ) -> State:
        """A new game; ``rules_version``: the version of the rules it is played by, a stored
        game's for its replay (``rules_version`` of this code by default).  A version the game
        no longer plays is a ``ValueError``."""
        ...

    def prompts(self, state: State) -> list[Prompt]: ...

    def parse(self, state: State, seat: str, text: str) -> Parsed: ...

    decision_kinds: tuple[DecisionKind, ...]

    def parse_decision(self, state: State, prompt: Prompt, text: str) -> Parsed: ...

    def apply(
        self, state: State, orders: dict[str, Any], rng: random.Random
    ) -> tuple[State, list[Event]]: ...

    def view(self, state: State, seat: str | None) -> dict[str, Any]: ...

    def upgrade(self, state: State) -> State:
        """A state stored by an earlier version of the rules, in today's shape (the store
        keeps states as they were written)."""
        ...

    def step_name(self, state: State) -> str: ...

    def result(self, state: State) -> dict[str, Any] | None: ...



# --- optional capabilities: a game lists those it provides in ``capabilities``
class Invariants(Protocol):
    """What must hold after every step: ``invariants(state)`` lists the broken ones."""

    def invariants(self, state: State) -> list[str]: ...


class MapPicture(Protocol):
    """A picture of the board drawn from the public view only (the reports and the archive
    show it)."""

    def map_svg(self, state: State) -> str: ...

    def map_png(self, state: State) -> bytes: ...


class Turns(Protocol):
    """A game played in turns: ``event_turn(event)`` is the turn an event opens or belongs
    to, or None (the archive files each event under its turn); ``turn_of(state)`` the turn a
    state is in, or None (a seat's reports bring the map once a turn, ``pbem.digest``)."""

    def event_turn(self, event: Event) -> int | None: ...

    def turn_of(self, state: State) -> int | None: ...


class Scenarios(Protocol):
    """Scenario files (``pbem scenario``): ``run_scenario(data)`` plays a position's steps
    and checks its expectations (a JSON result), ``scenario_report(result)`` writes it."""

    def run_scenario(self, data: dict[str, Any]) -> dict[str, Any]: ...

    def scenario_report(self, result: dict[str, Any]) -> str: ...


class Dropouts(Protocol):
    """A player may leave the game (DROPOUT): ``drop_out(state, seat)`` takes the seat out of
    play and returns the state with the events."""

    def drop_out(self, state: State, seat: str) -> tuple[State, list[Event]]: ...


class LeagueScoring(Protocol):
    """A game that leagues score (``pbem.league``).

    ``tournament_summary(final, states, events)`` is what a finished game adds to its result
    (from its last state, its replayed states and its logged events, as JSON);
    ``scoring_systems`` the systems a league file may name (``scoring``), each a module with
    the functions ``pbem.league`` calls and the ``RULESET`` and ``game_options(final)`` of a
    drawn heat's games; ``seat_words`` and ``victory_words`` how the standings name the seats
    and the result's victory codes."""

    scoring_systems: dict[str, ModuleType]
    seat_words: dict[str, str]
    victory_words: dict[str, str]

    def tournament_summary(self, final: State, states: Iterator[State],
                           events: list[dict[str, Any]]) -> dict[str, Any]: ...


class Bots(Protocol):
    """Seats a bot may play (``bot: random`` in a game file, self-play, the demo): the styles
    of bot, ``random`` first, and ``bot_order(view, prompt, rng, style)``, an order's text for
    the prompt from the seat's view and the prompt's options only.  A game may add
    ``bot_standing(view)``: the standing orders (``SET STANDING`` lines' text) a player who
    knows the game leaves with its first mail (the mail-round benchmarks' players)."""

    bot_styles: tuple[str, ...]

    def bot_order(self, view: dict[str, Any], prompt: Prompt, rng: random.Random,
                  style: str = "random") -> str: ...


class BotDecisions(Protocol):
    """Self-play without mail (``pbem.selfplay.play_games(mail=False)``, the benchmark):
    ``bot_decisions(state, rng, style)``, the bot order for each of the state's ``prompts``
    as the value its ``bot_order`` text reads as, handed over without writing and reading the
    text, drawn from ``rng`` as ``bot_order`` draws seat by seat in the prompts' order; a
    ``ValueError`` where a bot's order is refused."""

    def bot_decisions(self, state: State, rng: random.Random,
                      style: str = "random") -> dict[str, Any]: ...


class OrdersAhead(Protocol):
    """Orders given before their decision opens (docs/orders.md, "Orders ahead").

    ``ahead(state, seat)`` lists the seat's decisions still to come that it may decide now:
    each a ``Prompt`` whose ``key`` is the name its orders are held under (the ``held_as`` of
    the decision when it opens), with a ``title``, what is legal as far as the position
    allows, a ``template`` whose first line names the decision for the game's ``parse``, and
    ``options`` for bots.  The game's ``parse`` reads lines for these decisions too: their
    orders name the ahead prompt's key, and are held until the decision opens."""

    def ahead(self, state: State, seat: str) -> list[Prompt]: ...


class Pace(Protocol):
    """A game with mail modes (docs/game-files.md, "Mail modes and their pace"):
    ``pace(ruleset, options)`` says, for a game file's ruleset and options, which mode of each
    kind the game plays, what each mode costs in mail rounds and what it changes in what a
    player knows when deciding: the GM's welcome and ``pbem game new`` say it."""

    def pace(self, ruleset: str, options: dict[str, Any]) -> str: ...


class Commanders(Protocol):
    """A game in which one player may command several seats, and in which who commands which
    may change (Dune v3.0's two- and three-player games, War for Arrakis in teams).

    A game file's seat may be ``commanded_by`` another seat, a player's own; the moderator
    hands these to ``setup`` as the option ``commanders`` (each commanded seat to the seat
    whose player commands it), which the game keeps in its state.  ``commanders(state)``
    says who commands which now: each commanded seat to its commander's seat (a seat left
    out commands itself).  The moderator routes a player's mail and each seat's reports by
    it (``pbem.command``)."""

    def commanders(self, state: State) -> dict[str, str]: ...


class TemplateGlobals(Protocol):
    """What the game's report templates need besides the view: ``template_globals()``."""

    def template_globals(self) -> dict[str, Any]: ...


CAPABILITIES: tuple[type, ...] = (Invariants, MapPicture, Turns, Scenarios, Dropouts,
                                  LeagueScoring, TemplateGlobals, Bots, BotDecisions, Pace,
                                  OrdersAhead, Commanders)
C = TypeVar("C")


@cache
def members(kind: type) -> tuple[str, ...]:
    """The names a capability (a Protocol above) asks of a game; worked out once per
    capability (a game is checked each time it is loaded: each game record, issue 20)."""
    names = {name for name in vars(kind) if not name.startswith("_")}
    return tuple(sorted(names | set(inspect.get_annotations(kind))))


def capability(game: Game, kind: type[C]) -> C | None:
    """The game as ``kind`` if it declares that capability, else None."""
    declared = game.capabilities
    return game if kind in declared else None  # type: ignore[return-value]


def check_invariants(game: Game, state: State) -> list[str]:
    """The invariants ``state`` breaks, by the game's ``Invariants`` (a game without them has
    none)."""
    check = capability(game, Invariants)
    return list(check.invariants(state)) if check is not None else []


class UnknownGame(LookupError):
    """No game of that name is installed."""


class BadGame(TypeError):
    """A game module that declares a capability it does not provide."""


def load_game(name: str) -> Game:
    """The game module registered under ``name`` in ``pbem.games.GAMES``, its declared
    capabilities checked (``BadGame`` names each missing member)."""
    try:
        module = GAMES[name]
    except KeyError:
        raise UnknownGame(
            f"unknown game {name!r}; installed games: {', '.join(sorted(GAMES))}"
        ) from None
    game = importlib.import_module(module)
    check_capabilities(game)
    return game  # type: ignore[return-value]


def check_capabilities(game: ModuleType) -> None:
    """Refuse a game whose ``capabilities`` are not all capabilities, or that lacks a name one
    of them asks for."""
    provided = vars(game)
    problems = [] if "capabilities" in provided else [
        "has no capabilities tuple (an empty one if it provides none)"]
    for kind in provided.get("capabilities", ()):
        if kind not in CAPABILITIES:
            problems.append(f"{kind!r} is no capability (pbem.game.CAPABILITIES)")
            continue
        missing = [name for name in members(kind) if name not in provided]
        if missing:
            problems.append(f"declares {kind.__name__} but has no {', '.join(missing)}")
    if problems:
        raise BadGame(f"game {game.__name__}: " + "; ".join(problems))


def step_rng(seed: str, step: int) -> random.Random:
    """The random generator for one step of a game: the same seed and step give the same draws.

    Step 0 is setup; step N is the Nth applied batch of orders.  Deriving the
    generator from (seed, step) rather than carrying it in the state keeps
    every step replayable on its own.
    """
    return random.Random(f"{seed}/{step}")


@dataclass(frozen=True)
class Adjustment:
    """A GM's adjudication: the value at ``path`` (object keys and list indices) replaced.

    It is a step of the log like a batch of orders, so replaying the log makes it again.
    """

    path: tuple[str | int, ...]
    value: Any

    def apply(self, state: State) -> State:
        """The state with the value replaced; ``state`` itself is left unchanged."""
        after = copy.deepcopy(state)
        *parents, last = self.path
        node = after
        for key in parents:
            node = node[key]
        node[last] = copy.deepcopy(self.value)
        return after

    def to_json(self) -> dict[str, Any]:
        return {"path": list(self.path), "value": self.value}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Adjustment:
        return cls(tuple(data["path"]), data["value"])


def batches_of(orders: dict[str, Any] | list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The order batches of one logged step: its orders, or, where moments that asked only
    optional decisions were folded into it, the list of the batches applied one after the
    other (``only_optional``)."""
    return orders if isinstance(orders, list) else [orders]


def apply_logged(game: Game, state: State, orders: dict[str, Any] | list[dict[str, Any]],
                 rng: random.Random) -> tuple[State, list[Event]]:
    """Apply one logged step: each of its batches in turn, drawing from the step's one
    generator, so that a folded moment draws what the step would have drawn without it."""
    if not isinstance(orders, list):            # one batch: most steps
        return game.apply(state, orders, rng)
    events: list[Event] = []
    for batch in batches_of(orders):
        state, more = game.apply(state, batch, rng)
        events += more
    return state, events


def replay(game: Game, ruleset: str, options: dict, seats: list[str], seed: str,
           batches: list[dict[str, Any] | Adjustment], rules_version: str | None = None
           ) -> State:
    """Rebuild a game's state from its seed and its log: the order batches applied and the
    GM's adjustments, in their order (step N is the Nth entry), by the rules version the game
    was dealt under (this code's by default)."""
    (state,) = deque(replay_states(game, ruleset, options, seats, seed, batches, rules_version),
                     maxlen=1)
    return state


def replay_states(game: Game, ruleset: str, options: dict, seats: list[str], seed: str,
                  batches: list[dict[str, Any] | Adjustment], rules_version: str | None = None
                  ) -> Iterator[State]:
    """Every state of a game from its seed and its log: the set-up's, then the state after
    each entry (as ``replay``)."""
    state = game.setup(ruleset, options, seats, step_rng(seed, 0), rules_version)
    yield state
    for step, entry in enumerate(batches, start=1):
        if isinstance(entry, Adjustment):       # its value as stored: brought to today's shape
            state = game.upgrade(entry.apply(state))
        else:
            state, _ = apply_logged(game, state, entry, step_rng(seed, step))
        yield state
