"""Tokens that trigger when another faction enters their territory, and their owners' standing
answers: the seam of the Ecaz Ambassadors (001 2.11.08) and the Moritani Terror tokens (001
2.12.09).

A kind of token marked ``triggers`` in its data (``tokens.yaml``) lying on the board is its
owner's to spring when another faction's forces enter its territory, shipped or moved
(``phases/moves.arrived`` asks ``entering`` for the tokens, then the owner's
``Faction.token_entered``).  A mail moderator cannot stop a move to ask: the owner decides
ahead, by standing answers per token and per faction kept in its sheet (``triggers``)::

    {"*": {"*": true}, "emperor": {"*": true, "harkonnen": false}}
     every token, every faction    the Emperor's token, but not against the Harkonnen

the most particular answer ruling (a token's over every token's, a faction's over every
faction's), and with none, the token triggers.  A token whose effect needs its owner's choice
(where to, which cards) takes it in the same line, after the answer (``Parameters``: the
kind's words, read and written by its owner's module), kept beside the answers
(``trigger_with``) and asked for by ``parameters`` when the token triggers.  The answers are
an optional decision of the owner (written ``TRIGGER ...``, read by ``read``), never waited
for, so nobody learns from a wait, a step number or a subject which token lies face down
where; they stand until changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .board import homeworlds
from .codes import ErrorCode
from .data import TokenKind
from .orders.language import OrderProblem, read_faction
from .state import State, faction_name
from .tokens import BOARD, kind_of, of

ALL = "*"
_MODES = ("ALL", "NONE", "EXCEPT", "ONLY")
EXAMPLES = ("TRIGGER ALL", "TRIGGER NONE", "TRIGGER ALL EXCEPT Harkonnen",
            "TRIGGER <token> ONLY Atreides, Emperor")


TRIAL = "trial"             # a mark of the step of a copy a plan is tried on (``trial``)


def trial(state: State) -> None:
    """Mark a copy of the state as a trial of a plan (a refusal's check, the choice of a
    plan): no token springs in it, its owner's secret staying one."""
    state["step"][TRIAL] = True


@dataclass(frozen=True)
class Parameters:
    """The choices a kind's tokens take after a standing answer: the ``keywords`` that start
    them (never a faction's name), ``read`` (game, token value, the words from the keyword on
    -> a dict, or an OrderProblem) and ``text`` (game, token value, the dict -> the words)."""

    keywords: frozenset[str]
    read: Callable[[Any, str, list[str]], dict[str, Any]]
    text: Callable[[Any, str, dict[str, Any]], str]


def may_spring(state: State) -> bool:
    """Whether the game has a token of a kind that triggers, wherever it lies: without one a
    trial of a plan (``trial``) plays as the plan itself does."""
    return any(kind_of(state, token["kind"]).triggers for token in of(state))


def entering(state: State, mover: str, territory: str, source: str | None, count: int
             ) -> list[dict[str, Any]]:
    """The tokens ``count`` forces of a faction spring as they enter ``territory`` from
    ``source`` (None: shipped): those on the board there of a kind that ``triggers``, owned by
    another seat, unless its owner's homeworld holds it back (001 4.10.12 "Grumman").  A move
    within the territory enters nothing, nor does a trial (``trial``)."""
    if source == territory or state["step"].get(TRIAL):
        return []
    return [token for token in of(state)
            if token["at"] == BOARD and token.get("territory") == territory
            and token["owner"] not in (None, mover) and kind_of(state, token["kind"]).triggers
            and not homeworlds.holds_back(state, token, mover, count)]


def wanted(state: State, owner: str, value: str, mover: str) -> bool:
    """Whether ``owner``'s standing answers spring its token of ``value`` against ``mover``."""
    answers = state["factions"][owner].get("triggers", {})
    for what in (value, ALL):
        against = answers.get(what)
        if against is not None:
            return bool(against.get(mover, against.get(ALL, True)))
    return True


def parameters(state: State, owner: str, value: str) -> dict[str, Any]:
    """The choices ``owner``'s standing answer gave its token of ``value`` (none: {})."""
    return dict(state["factions"][owner].get("trigger_with", {}).get(value, {}))


def answered(state: State, owner: str, given: list[list[Any]]) -> None:
    """Standing answers given (``read``'s values, in order) kept in ``owner``'s sheet: each
    replaces the answers and choices of its token (every token's replaces all)."""
    answers = dict(state["factions"][owner].get("triggers", {}))
    chosen = dict(state["factions"][owner].get("trigger_with", {}))
    for what, against, *with_ in given:
        if what == ALL:
            answers, chosen = {}, {}
        answers[what] = dict(against)
        chosen.pop(what, None)
        if with_:
            chosen[what] = dict(with_[0])
    state["factions"][owner]["triggers"] = answers
    state["factions"][owner]["trigger_with"] = chosen


def read(game: Any, kind: TokenKind, owner: str, words: list[str],
         with_: Parameters | None = None) -> list[Any]:
    """``TRIGGER <token or ALL> [ALL | NONE | EXCEPT <faction>, ... | ONLY <faction>, ...]
    [<choices>]`` (the verb left out of ``words``): ``[token value or *, {seat or *: bool}]``,
    and the token's choices (``with_``) when given: ``[value, {...}, {choice: ...}]``."""
    cut = next((i for i, w in enumerate(words) if i and with_ is not None
                and w.upper() in with_.keywords), len(words))
    answer = _answer(game, kind, owner, words[:cut])
    if cut == len(words):
        return answer
    assert with_ is not None
    if answer[0] == ALL:
        raise OrderProblem(ErrorCode.BAD_TRIGGER, f"{words[cut].upper()} goes with one token, "
                           "not ALL", EXAMPLES)
    return [*answer, with_.read(game, answer[0], words[cut:])]


def _answer(game: Any, kind: TokenKind, owner: str, words: list[str]) -> list[Any]:
    upper = [w.upper() for w in words]
    if not words:
        raise OrderProblem(ErrorCode.BAD_TRIGGER, "expected TRIGGER <token or ALL> ...", EXAMPLES)
    split = 1 if upper[0] in ("ALL", "NONE") else next(
        (i for i, w in enumerate(upper) if w in _MODES), len(words))
    rest = words[split:]
    if upper[0] == "NONE" and not rest:
        return [ALL, {ALL: False}]
    what = ALL if upper[0] in ("ALL", "NONE") else _token(game, kind, words[:split])
    others = [s for s in game["seats"] if s != owner]
    said = [w.upper() for w in rest]
    if not said or said == ["ALL"]:
        return [what, {ALL: True}]
    if said == ["NONE"]:
        return [what, {ALL: False}]
    if said[0] in ("EXCEPT", "ONLY") and len(said) > 1:
        seats = _factions(game, rest[1:], others)
        return [what, {ALL: said[0] == "EXCEPT", **{s: said[0] == "ONLY" for s in seats}}]
    raise OrderProblem(ErrorCode.BAD_TRIGGER, "expected TRIGGER <token or ALL> followed by ALL, "
                       "NONE, EXCEPT <faction>, ... or ONLY <faction>, ...", EXAMPLES)


def _token(game: Any, kind: TokenKind, words: list[str]) -> str:
    """The value of the token of ``kind`` the words name: its name, or its name without the
    kind's word ("Emperor" for "Emperor Ambassador"), or its value."""
    said = " ".join(words).casefold().replace("'", "")
    for token in kind.tokens:
        names = {token.name, token.value, token.name.removesuffix(" " + kind.words)}
        if said in {n.casefold().replace("'", "") for n in names}:
            return token.value
    raise OrderProblem(ErrorCode.BAD_TRIGGER, f"no {kind.words} is called {' '.join(words)!r}",
                       tuple(t.name for t in kind.tokens))


def _factions(game: Any, words: list[str], among: list[str]) -> list[str]:
    """Faction names, commas between them (``AND`` left out)."""
    found = []
    for part in " ".join(w for w in words if w.upper() != "AND").split(","):
        if part.strip():
            found.append(read_faction(game, part.split(), among))
    return found


def text(game: Any, kind: TokenKind, value: list[Any], with_: Parameters | None = None) -> str:
    """One answer as its order line."""
    what, against, *chosen = value
    name = "ALL" if what == ALL else kind.token(what).name.removesuffix(" " + kind.words)
    default = against.get(ALL, True)
    named = [faction_name(s, game) for s in game["seats"] if s in against and s != ALL]
    extra = f" {with_.text(game, what, chosen[0])}" if chosen and with_ is not None else ""
    if not named:
        return f"TRIGGER {name} {'ALL' if default else 'NONE'}{extra}"
    return f"TRIGGER {name} {'EXCEPT' if default else 'ONLY'} {', '.join(named)}{extra}"


def in_words(game: Any, kind: TokenKind, owner: str, with_: Parameters | None = None) -> str:
    """``owner``'s standing answers now, as order lines (``TRIGGER ALL`` with none)."""
    own = game["factions"].get(owner, {})
    answers, chosen = own.get("triggers", {}), own.get("trigger_with", {})
    lines = [text(game, kind, [what, against, *([chosen[what]] if what in chosen else [])],
                  with_) for what, against in answers.items()]
    return "; ".join(lines) or "TRIGGER ALL (none given: every token triggers)"
