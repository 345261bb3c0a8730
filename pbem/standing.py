"""Standing orders (SET STANDING, docs/commands.md): order text a seat leaves for one kind of
decision, filed whenever a decision of that kind opens and the seat has not answered it.

A standing order names the kind it answers, by a word of the game's (``BID``, ``MOVE``,
``NEXUS``: ``pbem.decisions.kinds_by_word``), so it answers nothing else: every decision no
order of the seat's own covers is asked.  One standing order stands per kind.

They are kept in the seat's preferences (``pbem.preferences``) under ``standing``: prompt
kind -> its order lines.  Before kinds were named, ``standing`` was a list of order lines,
each filed for every decision that read it; such a list is read as the kinds whose orders
its lines are (``stored``), so that it keeps answering what it answered, and SET shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbem.decisions import PASS_WORDS, kinds_by_word, read_for
from pbem.game import DecisionKind, Game, Order, Prompt, State
from pbem.preferences import preferences

CLEAR_WORDS = ("NONE", "CLEAR")


class StandingError(ValueError):
    """A SET STANDING line that names no kind of decision, or an order not of that kind."""


@dataclass(frozen=True)
class Standing:
    """A SET STANDING line read: the word the kind was named by, the kinds it names, and its
    order lines (none: clear the kinds' standing orders)."""

    word: str
    kinds: tuple[DecisionKind, ...]
    lines: tuple[str, ...]


def stored(game: Game, seat_row: dict[str, Any]) -> dict[str, list[str]]:
    """The seat's standing orders, prompt kind -> order lines.  A list of the old form,
    stored before orders named their kind, is read as the kinds its lines answer, where the
    line's word says which: the one kind it answers, or the kinds it names (``BID``).  A
    word that answers several kinds and names none (Dune's ``PASS``) answers nothing, so
    the seat is asked rather than passed unasked (issue "A real game by mail", P1)."""
    found = preferences(seat_row).get("standing") or {}
    if isinstance(found, dict):
        return found
    named = kinds_by_word(game)
    by_kind: dict[str, list[str]] = {}
    for line in found:
        verb = line.split()[0].upper() if line.split() else ""
        answers = [kind for kind in game.decision_kinds if verb in kind.verbs]
        if len(answers) > 1:
            answers = [kind for kind in named.get(verb, []) if verb in kind.verbs]
        for kind in answers:
            by_kind.setdefault(kind.kind, []).append(line)
    return by_kind


def read_standing(game: Game, text: str) -> Standing:
    """``<kind word> <order>[; <order>...]`` or ``<kind word> NONE|CLEAR``.  An order whose
    first word is not an order of the kind is read as the kind word followed by it, where
    the kind word is an order too (``BID 2``); such a word alone is its order (``HOLD``)."""
    words = kinds_by_word(game)
    word, _, rest = text.strip().partition(" ")
    kinds = words.get(word.upper())
    if kinds is None:
        names = sorted({kind.words[0] for kind in game.decision_kinds})
        raise StandingError(f"name the kind of decision it answers: SET STANDING <kind> "
                            f"<order>, the kind one of: {', '.join(names)}")
    verbs = {verb for kind in kinds for verb in kind.verbs}
    if not rest.strip() and word.upper() not in verbs:
        raise StandingError(f"expected the order after {word.upper()}, or "
                            f"SET STANDING {word.upper()} NONE")
    if rest.strip().upper() in CLEAR_WORDS:
        return Standing(word.upper(), tuple(kinds), ())
    passes = any(kind.passing for kind in kinds)
    lines = []
    for line in (part.strip() for part in (rest or word).split(";")):
        first = line.split()[0].upper() if line else ""
        if not line:
            continue
        if first not in verbs and not (passes and first in PASS_WORDS):
            if word.upper() not in verbs:
                raise StandingError(f"{line} is not an order of {word.upper()} decisions; "
                                    f"their orders: {', '.join(sorted(verbs))}")
            line = f"{word.upper()} {line}"
        lines.append(line)
    return Standing(word.upper(), tuple(kinds), tuple(lines))


def standing_order(game: Game, state: State, seat_row: dict[str, Any],
                   prompt: Prompt) -> Order | None:
    """The seat's standing order for one open decision, read now; None if the seat has none
    for its kind, or the order is not legal at this time (the decision is then asked)."""
    lines = stored(game, seat_row).get(prompt.kind)
    if not lines:
        return None
    return read_for(game, state, prompt, "\n".join(lines))
