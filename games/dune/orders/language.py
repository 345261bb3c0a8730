"""The order language of Dune: one order per line, a verb then its words.

Each kind of decision (``OrderKind``) says which verbs it answers to, how to
read the words after the verb into an order value, and how to write a value
back as canonical order text; reading the canonical text gives the same value.
Some kinds take several lines (the Fremen place their forces on up to three
territories): their lines are combined into one value and checked as a whole.

Lines are matched to the seat's open prompts by their verb, so one mail may
answer several prompts, and a line for a decision that is not open now is
answered with the decisions that are.  Names are read loosely (full names,
the ASCII map's abbreviations, unambiguous prefixes, any case; DESIGN.md).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pbem.game import NotRead, Order, OrderError, Parsed, Prompt

from ..codes import ErrorCode
from ..data import ForceKind, NameLookupError, Territory
from ..state import State, data, faction_name
from .problem import OrderProblem


@dataclass(frozen=True)
class OrderKind:
    """One kind of decision and its order text.

    ``text`` writes a value as order text in a game (a state or a view: the names it writes
    are its data's); ``random`` chooses a random legal value from the seat's view alone (for
    bots and self-play); ``combine`` joins the values of several lines into one.  A kind with
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


KINDS: dict[str, OrderKind] = {}


def order_kind(kind: OrderKind) -> OrderKind:
    """Register an order kind by its name."""
    assert kind.kind not in KINDS, kind.kind
    KINDS[kind.kind] = kind
    return kind


def words_of(line: str) -> list[str]:
    """The words of a line; commas and semicolons separate too."""
    return [w for w in re.split(r"[\s,;]+", line.strip()) if w]


def parse_orders(state: State, seat: str, text: str, prompts: list[Prompt]) -> Parsed:
    """Read every line of a seat's mail against its open prompts.

    Each non-blank line ends in one place: part of an order, refused, or not read (its first
    word is no order's: "thx").  A decision of several lines is filed whole or not at all: if
    one of its lines is refused, its other lines are refused with it, naming that line.
    """
    parsed = Parsed()
    mine = [p for p in prompts if p.seat == seat]
    by_verb = {verb: p for p in mine for verb in KINDS[p.kind].verbs}
    parts: dict[str, list[tuple[int, str, Any]]] = {}
    refused: dict[str, list[OrderError]] = {}   # a decision's lines refused when read
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        words = line_words(line)
        verb = words[0].upper() if words else ""
        prompt = by_verb.get(verb)
        if prompt is None:
            if not any(verb in k.verbs for k in KINDS.values()):
                parsed.unread.append(NotRead(number, line))
            else:
                parsed.errors.append(_unexpected(number, line, verb, mine))
            continue
        try:
            kind = KINDS[prompt.kind]
            value = kind.read(state, prompt, [verb, *words[1:]] if kind.with_verb else words[1:])
        except OrderProblem as problem:
            error = OrderError(number, line, problem.code, problem.message, problem.valid)
            parsed.errors.append(error)
            if kind.combine is not None:
                refused.setdefault(prompt.key, []).append(error)
            continue
        parts.setdefault(prompt.key, []).append((number, line, value))
    for prompt in mine:
        if prompt.key in parts:
            _file(state, prompt, parts[prompt.key], refused.get(prompt.key, []), parsed)
    parsed.errors.sort(key=lambda e: e.line_no)
    return parsed


def _file(state: State, prompt: Prompt, lines: list[tuple[int, str, Any]],
          refused: list[OrderError], parsed: Parsed) -> None:
    """One decision's good lines (``lines``; ``refused``: its lines refused when read): its
    order, or each line refused with the reason."""
    kind = KINDS[prompt.kind]
    if kind.combine is None:          # the last line for a decision counts
        *replaced, (number, _, value) = lines
        parsed.errors += [OrderError(n, line, ErrorCode.REPLACED, f"replaced by line {number}: the "
                                     "last line for a decision counts") for n, line, _ in replaced]
        numbers = (number,)
    else:
        try:
            value = kind.combine(state, prompt, [part for _, _, part in lines])
        except OrderProblem as problem:
            # Blamed on no line, the problem may come of the lines refused: say it only alone.
            if problem.part is not None or not refused:
                number, line, _ = lines[problem.part or 0]
                refused = [*refused, OrderError(number, line, problem.code, problem.message,
                                                problem.valid)]
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


def _not_filed(number: int, line: str, refused: OrderError, count: int) -> OrderError:
    """A good line of a decision that is not filed because another of its lines is refused."""
    verb = line_words(refused.line)[0].upper()
    again = "both" if count == 2 else f"all {count} lines"
    return OrderError(number, line, ErrorCode.NOT_FILED, f"not filed: the {verb} on line "
                      f"{refused.line_no} was refused, send {again} again")


def line_words(line: str) -> list[str]:
    """The words of an order line as people write them in mail: a colon or an equals sign
    after the verb (``Dial: 5``) and a full stop ending the line (``dial 5.``) are left out."""
    line = re.sub(r"^\s*([A-Za-z]+)\s*[:=]", r"\1 ", line.rstrip().rstrip(".!"))
    return words_of(line)


def _unexpected(number: int, line: str, verb: str, mine: list[Prompt]) -> OrderError:
    valid = tuple(sorted({v for p in mine for v in KINDS[p.kind].verbs}))
    if not mine:
        return OrderError(number, line, ErrorCode.NOTHING_TO_DECIDE,
                          "you have no decision to make now", ())
    return OrderError(number, line, ErrorCode.NOT_NOW, f"{verb} is not a decision open to you now; "
                      f"orders now: {', '.join(valid)}", valid)


# --- reading the words of an order
def read_number(word: str, low: int, high: int, what: str) -> int:
    """A whole number within bounds, or an OrderProblem naming the bounds."""
    if not re.fullmatch(r"\d+", word or ""):
        raise OrderProblem(ErrorCode.BAD_NUMBER, f"expected {what} as a number, got {word!r}",
                           (f"{low} to {high}",))
    value = int(word)
    if not low <= value <= high:
        raise OrderProblem(ErrorCode.OUT_OF_RANGE, f"{what} must be {low} to {high}, not {value}",
                           (f"{low} to {high}",))
    return value


def read_faction(game: Any, words: list[str], among: list[str]) -> str:
    """The seat of the faction the words name, among the given seats of a game (a state or a
    view)."""
    text = " ".join(words)
    valid = tuple(faction_name(s, game) for s in among)
    if not text:
        raise OrderProblem(ErrorCode.MISSING_FACTION, "expected a faction", valid)
    try:
        faction = data(game).faction(text)
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_FACTION, str(error), valid) from None
    seat = faction.seat
    if seat not in among:
        raise OrderProblem(ErrorCode.FACTION_NOT_ALLOWED, f"{faction.name} is not a choice here",
                           valid)
    return seat


def read_territory(game: Any, words: list[str], among: list[str] | None = None
                   ) -> tuple[Territory, int | None]:
    """A territory of a game's board (``game``: a state or a view) and, if the words end with
    ``SECTOR n``, a sector of it."""
    board = data(game).board
    sector = None
    if len(words) >= 2 and words[-2].upper() == "SECTOR":
        sector = read_number(words[-1], 1, board.sectors, "the sector")
        words = words[:-2]
    text = " ".join(words)
    valid = tuple(among) if among else ()
    if not text:
        raise OrderProblem(ErrorCode.MISSING_TERRITORY, "expected a territory", valid)
    try:
        territory = board.territory(text)
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_TERRITORY, str(error),
                           valid or error.candidates) from None
    if among is not None and territory.name not in among:
        raise OrderProblem(ErrorCode.TERRITORY_NOT_ALLOWED,
                           f"{territory.name} is not a choice here",
                           valid)
    if sector is not None and sector not in territory.sectors:
        raise OrderProblem(ErrorCode.WRONG_SECTOR, f"{territory.name} lies in sectors "
                           f"{', '.join(map(str, territory.sectors))}, not {sector}",
                           tuple(f"{territory.name} SECTOR {s}" for s in territory.sectors))
    return territory, sector


def where(game: Any, territory: str, sector: int) -> str:
    """A territory and sector in order text: the sector only where the territory has several
    (``game``: a state or a view)."""
    if len(data(game).board[territory].sectors) <= 1:
        return territory
    return f"{territory} SECTOR {sector}"


FILLER = frozenset({"FORCE", "FORCES", "TOKEN", "TOKENS", "AND", "&", "+"})


def read_forces(words: list[str], kinds: Sequence[ForceKind], what: str = "forces",
                whole: bool = False, least: int = 0) -> tuple[dict[str, int], list[str]]:
    """Forces at the start of the words, counted per kind of ``kinds`` (a faction's, its first
    kind first): a number of its plain kind (``5``), a number with a kind's mark (``2*``) or
    one of its words (``2 Fedaykin``, ``1 starred``), or several (``5 2*``, ``2+1*``, ``3 forces
    and 1 Fedaykin``); the counts (no zeros) and the words after them.  With ``whole`` every
    word must be forces; ``least``: the fewest forces in all."""
    named = {word: kind for kind in reversed(kinds) for word in kind.words()}
    counts: dict[str, int] = {}
    pending: str | None = None
    taken, seen = 0, False

    def count(kind: ForceKind, number: str) -> None:
        if kind.name in counts:
            raise OrderProblem(ErrorCode.BAD_FORCES, f"{' '.join(words)!r} gives the "
                               f"{kind.plural} twice", _examples(kinds))
        counts[kind.name] = read_number(number, 0, 20, f"the {what}")

    for word in words:
        tokens = re.findall(r"\d+|[^\d\s+]+|\+", word.upper())
        if not all(t.isdigit() or t in FILLER or t in named for t in tokens):
            break
        for token in tokens:
            if token.isdigit():
                if pending is not None:
                    count(kinds[0], pending)
                pending, seen = token, True
            elif token in named:
                if pending is None:
                    raise OrderProblem(ErrorCode.BAD_FORCES, f"expected a number before "
                                       f"{token}", _examples(kinds))
                count(named[token], pending)
                pending = None
        taken += 1
    if pending is not None:
        count(kinds[0], pending)
    if whole and taken < len(words):
        raise OrderProblem(ErrorCode.BAD_FORCES, f"did not understand {' '.join(words[taken:])!r}"
                           f" as {what}", _examples(kinds))
    if not seen or sum(counts.values()) < least:
        raise OrderProblem(ErrorCode.MISSING_FORCES, f"expected the number of {what}"
                           + "".join(f" (a {k.mark} after the number for {k.face} forces)"
                                     for k in _marked(kinds)), _examples(kinds))
    return {kind: number for kind, number in counts.items() if number}, words[taken:]


def _marked(kinds: Sequence[ForceKind]) -> list[ForceKind]:
    """The kinds with a mark, each mark once."""
    return list({kind.mark: kind for kind in reversed(kinds) if kind.mark}.values())[::-1]


def _examples(kinds: Sequence[ForceKind]) -> tuple[str, ...]:
    """Forces as orders write them, for a faction of these kinds: ``5``, ``2*``, ``5 2*``."""
    marked = [f"2{kind.mark}" for kind in _marked(kinds)]
    return ("5", *marked, *(f"5 {mark}" for mark in marked))
