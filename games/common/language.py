"""An order language: one order per line, a verb then its words.

A game keeps one ``OrderLanguage``: a registry of its kinds of decision (``OrderKind``), each
saying which verbs it answers to, how to read the words after the verb into an order value,
and how to write a value back as canonical order text (reading the canonical text gives the
same value).  Some kinds take several lines: their lines are combined into one value and
checked as a whole, and filed whole or not at all.

Lines are matched to the seat's open prompts by their verb, so one mail may answer several
prompts, and a line for a decision that is not open now is answered with the decisions that
are.  Every bad line is collected with its reason and what was valid; a line whose first
word is no order's ("thx") is not read.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pbem.game import NotRead, Order, OrderError, Parsed, Prompt

State = dict[str, Any]


class LanguageCode(StrEnum):
    """Why the language itself refused a line (a game's own codes say the rest)."""

    BAD_NUMBER = "bad-number"
    NOT_FILED = "not-filed"
    NOT_NOW = "not-now"
    NOTHING_TO_DECIDE = "nothing-to-decide"
    OUT_OF_RANGE = "out-of-range"
    REPLACED = "replaced"


class OrderProblem(ValueError):
    """A line that cannot be read as the order it starts: a code, the reason, what is valid.

    Raised by a kind's ``combine``, ``part`` may say which of the lines (by their index among
    the decision's lines) is at fault; the first is quoted otherwise.
    """

    def __init__(self, code: str, message: str, valid: tuple[str, ...] = (),
                 part: int | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.valid = tuple(valid)
        self.part = part


@dataclass(frozen=True)
class OrderKind:
    """One kind of decision and its order text.

    ``text`` writes a value as order text in a game (a state or a view: the names it writes
    are its data's; ``same_in_every_game`` where they are not); ``random`` chooses a random
    legal value from the seat's view alone (for bots and self-play); ``combine`` joins the
    values of several lines into one.  A kind with
    several verbs that mean different things sets ``with_verb``: its ``read`` then gets the
    verb (upper case) as the first word.  ``notes`` says how an order was read where the
    player left something for the rules to fill in, for the echo (``Order.notes``).
    """

    kind: str
    verbs: tuple[str, ...]
    read: Callable[[State, Prompt, list[str]], Any]
    text: Callable[[Any, Any], str]
    combine: Callable[[State, Prompt, list[Any]], Any] | None = None
    random: Callable[[dict[str, Any], Prompt, random.Random], Any] | None = None
    with_verb: bool = False
    notes: Callable[[State, Prompt, Any], tuple[str, ...]] | None = None


def same_in_every_game(text: Callable[[Any], str]) -> Callable[[Any, Any], str]:
    """A kind's ``text`` from a function of the value alone: for a game whose order text names
    the same things in every game (its data does not change with the ruleset)."""
    return lambda _game, value: text(value)


class OrderLanguage:
    """One game's order kinds (``kinds``, by name) and the reading of a mail against them."""

    def __init__(self) -> None:
        self.kinds: dict[str, OrderKind] = {}

    def order_kind(self, kind: OrderKind) -> OrderKind:
        """Register an order kind by its name."""
        assert kind.kind not in self.kinds, kind.kind
        self.kinds[kind.kind] = kind
        return kind

    def parse_orders(self, state: State, seat: str, text: str, prompts: list[Prompt]) -> Parsed:
        """Read every line of a seat's mail against its open prompts.

        Each non-blank line ends in one place: part of an order, refused, or not read (its
        first word is no order's: "thx").  A decision of several lines is filed whole or not
        at all: if one of its lines is refused, its other lines are refused with it, naming
        that line.
        """
        kinds = self.kinds
        parsed = Parsed()
        mine = [p for p in prompts if p.seat == seat]
        by_verb = {verb: p for p in mine for verb in kinds[p.kind].verbs}
        parts: dict[str, list[tuple[int, str, Any]]] = {}
        refused: dict[str, list[OrderError]] = {}   # a decision's lines refused when read
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            words = line_words(line)
            verb = words[0].upper() if words else ""
            prompt = by_verb.get(verb)
            if prompt is None:
                if not any(verb in k.verbs for k in kinds.values()):
                    parsed.unread.append(NotRead(number, line))
                else:
                    parsed.errors.append(self._unexpected(number, line, verb, mine))
                continue
            try:
                kind = kinds[prompt.kind]
                value = kind.read(state, prompt,
                                  [verb, *words[1:]] if kind.with_verb else words[1:])
            except OrderProblem as problem:
                error = OrderError(number, line, problem.code, problem.message, problem.valid)
                parsed.errors.append(error)
                if kind.combine is not None:
                    refused.setdefault(prompt.key, []).append(error)
                continue
            parts.setdefault(prompt.key, []).append((number, line, value))
        for prompt in mine:
            if prompt.key in parts:
                self._file(state, prompt, parts[prompt.key], refused.get(prompt.key, []), parsed)
        parsed.errors.sort(key=lambda e: e.line_no)
        return parsed

    def _file(self, state: State, prompt: Prompt, lines: list[tuple[int, str, Any]],
              refused: list[OrderError], parsed: Parsed) -> None:
        """One decision's good lines (``lines``; ``refused``: its lines refused when read): its
        order, or each line refused with the reason."""
        kind = self.kinds[prompt.kind]
        if kind.combine is None:          # the last line for a decision counts
            *replaced, (number, _, value) = lines
            parsed.errors += [OrderError(n, line, LanguageCode.REPLACED, f"replaced by line "
                                         f"{number}: the last line for a decision counts")
                              for n, line, _ in replaced]
            numbers = (number,)
        else:
            try:
                value = kind.combine(state, prompt, [part for _, _, part in lines])
            except OrderProblem as problem:
                # Blamed on no line, the problem may come of the lines refused: say it only
                # alone.
                if problem.part is not None or not refused:
                    number, line, _ = lines[problem.part or 0]
                    refused = [*refused, OrderError(number, line, problem.code,
                                                    problem.message, problem.valid)]
                    parsed.errors.append(refused[-1])
            if refused:
                first = min(refused, key=lambda e: e.line_no)
                at_fault = {e.line_no for e in refused}
                count = len(at_fault | {n for n, _, _ in lines})
                parsed.not_filed += [_not_filed(number, line, first, count)
                                     for number, line, _ in lines if number not in at_fault]
                return
            numbers = tuple(number for number, _, _ in lines)
        notes = kind.notes(state, prompt, value) if kind.notes else ()
        parsed.orders.append(Order(prompt.key, value, kind.text(state, value), notes, numbers))

    def _unexpected(self, number: int, line: str, verb: str, mine: list[Prompt]) -> OrderError:
        valid = tuple(sorted({v for p in mine for v in self.kinds[p.kind].verbs}))
        if not mine:
            return OrderError(number, line, LanguageCode.NOTHING_TO_DECIDE,
                              "you have no decision to make now", ())
        return OrderError(number, line, LanguageCode.NOT_NOW, f"{verb} is not a decision open "
                          f"to you now; orders now: {', '.join(valid)}", valid)


def _not_filed(number: int, line: str, refused: OrderError, count: int) -> OrderError:
    """A good line of a decision that is not filed because another of its lines is refused."""
    verb = line_words(refused.line)[0].upper()
    again = "both" if count == 2 else f"all {count} lines"
    return OrderError(number, line, LanguageCode.NOT_FILED, f"not filed: the {verb} on line "
                      f"{refused.line_no} was refused, send {again} again")


def words_of(line: str) -> list[str]:
    """The words of a line; commas and semicolons separate too."""
    return [w for w in re.split(r"[\s,;]+", line.strip()) if w]


def line_words(line: str) -> list[str]:
    """The words of an order line as people write them in mail: a colon or an equals sign
    after the verb (``Dial: 5``) and a full stop ending the line (``dial 5.``) are left out."""
    line = re.sub(r"^\s*([A-Za-z]+)\s*[:=]", r"\1 ", line.rstrip().rstrip(".!"))
    return words_of(line)


def read_number(word: str, low: int, high: int, what: str) -> int:
    """A whole number within bounds, or an OrderProblem naming the bounds."""
    if not re.fullmatch(r"\d+", word or ""):
        raise OrderProblem(LanguageCode.BAD_NUMBER, f"expected {what} as a number, got {word!r}",
                           (f"{low} to {high}",))
    value = int(word)
    if not low <= value <= high:
        raise OrderProblem(LanguageCode.OUT_OF_RANGE,
                           f"{what} must be {low} to {high}, not {value}", (f"{low} to {high}",))
    return value
