"""The token layer: the pieces of Dune that are not forces, in one place of the state.

Tokens (001: the tech tokens, 4.05, the Richese No-Fields 2.10, the Ecaz Ambassadors 2.11,
the Moritani Terror tokens and Atomics Aftermath 2.12, the CHOAM Inflation token 2.09; to
come, the discovery tokens 4.06) are ``state["tokens"]``, a list of records, present only in a
game with a kind of token in play (``kinds``: the ruleset's data, ``tokens.yaml``, a kind in
play when the game has its option on).  A record:

- ``kind``: its kind's name; ``value``: which token of the kind it is (the tech token
  ``heighliners``; for a valued token its value), hidden while it lies face down;
- ``owner``: the seat whose token it is, or None (not dealt yet, or out of the game);
- ``at`` (``TokenPlace``): ``board``, with ``territory`` and ``sector`` (0 in the Polar Sink,
  which lies in no sector); ``front`` or ``behind`` its owner's shield; ``aside``, out of play;
- ``face``: ``up`` or ``down`` (a token behind a shield is face down);
- ``spice`` (only while some lies on it): spice put on the token (a tech token's income,
  001 4.05.05.01);
- ``looked`` (only once one has): the seats that looked at it face down, which see its value
  (001 4.06.06.02: a discovery token), told to nobody else.

What a seat sees of a token is one rule (``seen``): its kind, owner, place and face always,
and the spice on it; its value face up, or face down only by its owner (and by its owner's
ally where the kind says so, ``TokenKind.ally_sees``).  The public view lists the tokens as
nobody sees them, sorted by what is seen (``public``), so that neither the list's order nor
anything else in it depends on a hidden value; a seat's view adds the face-down tokens whose
value it alone sees (``own``).  Every mail, wait, subject and step number is written from
those views, so a face-down value reaches no other seat (tests/dune/test_tokens_secrecy.py).
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from .data import Face, Token, TokenKind, TokenPlace
from .rules import Rules, rules_of
from .state import State, ally_of, data, layered_data, ruleset_data, sheet

BOARD, FRONT, BEHIND, ASIDE = (TokenPlace.BOARD, TokenPlace.FRONT, TokenPlace.BEHIND,
                               TokenPlace.ASIDE)
UP, DOWN = Face.UP, Face.DOWN
_ON_BOARD = ("territory", "sector")
_SEEN = ("kind", "owner", "at", "territory", "sector", "face", "spice",   # what all see
         "leader",                      # a leader skill card's leader (001 4.07.03)
         "copy")                        # the card the HMS card copies (001 4.04.04.05)
_PLACES = tuple(TokenPlace)
LOOKED = "looked"           # a record: the seats that looked at it face down (001 4.06.06.02)


# --- the kinds in play
def kinds(rules: Rules) -> tuple[TokenKind, ...]:
    """The kinds of token in play in a game of these rules: the ruleset's kinds whose option
    is on (a kind without an option is in play in every game of its ruleset), from the game's
    layers (an option's layer may add or remove a kind: CHOAM's revision, 001 2.09 (B)).
    Asked at every step (the invariants): the layers' kinds are found once by the layers'
    names, which hash at once, where the rules, a dataclass, hash field by field."""
    return tuple(kind for kind in _layers_kinds(rules.layers)
                 if kind.option is None or getattr(rules, kind.option, False))


@functools.cache
def _layers_kinds(layers: tuple[str, ...]) -> tuple[TokenKind, ...]:
    return layered_data(layers).tokens


def tokens_of(kind: TokenKind, rules: Rules) -> tuple[Token, ...]:
    """The tokens of a kind in play in a game of these rules: those whose own option (if any)
    is on (001 2.10.04: text B's fourth No-Field)."""
    return tuple(token for token in kind.tokens
                 if token.option is None or getattr(rules, token.option, False))


def kind_of(state: State | dict[str, Any], name: str) -> TokenKind:
    """The kind of token of this name in the game's ruleset (a state or a view)."""
    return data(state).token_kind(name)


def spec(state: State | dict[str, Any], record: dict[str, Any]) -> Token:
    """What the ruleset's data says of a token record whose value is known."""
    return kind_of(state, record["kind"]).token(record["value"])


# --- set-up
def set_up(rules: Rules, seats: list[str]) -> list[dict[str, Any]] | None:
    """The tokens at the start, in the data's order (None: no kind in play): each where its
    data puts it, with its starting owner if that faction is in the game, else aside with
    nobody (the tech tokens of a missing faction, dealt after the first storm: 001
    4.05.04.02)."""
    in_play = kinds(rules)
    if not in_play:
        return None
    seat_of = {faction.name: faction.seat for faction in ruleset_data(rules.ruleset).factions}
    found = []
    for kind in in_play:
        for token in tokens_of(kind, rules):
            record: dict[str, Any] = {"kind": kind.name, "value": token.value, "owner": None,
                                      "at": str(ASIDE), "face": str(kind.face)}
            owner = seat_of.get(token.owner) if token.owner else None
            if owner in seats:
                place(record, owner, token.place, token.territory, token.sector)
            found.append(record)
    return found


# --- reading and changing
def of(state: State | dict[str, Any]) -> list[dict[str, Any]]:
    """The token records of a state (or the tokens of a view): none in a game without any."""
    return state.get("tokens", [])


def held(tokens: list[dict[str, Any]], seat: str, kind: str) -> list[dict[str, Any]]:
    """The tokens of a kind that ``seat`` owns, wherever they lie, in their list's order."""
    return [token for token in tokens if token["kind"] == kind and token["owner"] == seat]


def find(state: State, kind: str, value: str) -> dict[str, Any]:
    """The record of a token (a KeyError if the game has none such)."""
    for token in of(state):
        if token["kind"] == kind and token["value"] == value:
            return token
    raise KeyError((kind, value))


def place(record: dict[str, Any], owner: str | None, at: TokenPlace,
          territory: str | None = None, sector: int | None = None) -> None:
    """Put a token in one place, with its owner: on the board a territory and its sector
    (0 in the Polar Sink); anywhere else neither."""
    record["owner"] = owner
    record["at"] = str(at)
    for key in _ON_BOARD:
        record.pop(key, None)
    if at == BOARD:
        assert territory is not None and sector is not None, record
        record["territory"], record["sector"] = territory, sector


def turn(record: dict[str, Any], face: Face) -> None:
    """Turn a token face up or face down."""
    record["face"] = str(face)


def drop_out(state: State, seat: str) -> None:
    """A faction leaving the game (004 line 193: "All of the player's tokens ... will be
    removed from the game"): its tokens go aside with nobody, the spice on them to the
    bank."""
    for token in of(state):
        if token["owner"] == seat:
            place(token, None, ASIDE)
            token.pop("spice", None)
            token.pop("leader", None)
            token.pop("copy", None)


def barring_shipment(state: State | dict[str, Any]) -> frozenset[str]:
    """The territories no force ships into for a token on the board there
    (``TokenKind.bars_shipment``: the Atomics Aftermath, 001 2.12.14.03)."""
    found = state.get("tokens")
    return frozenset(token["territory"] for token in found if token["at"] == BOARD
                     and kind_of(state, token["kind"]).bars_shipment) if found else frozenset()


def occupying(state: State | dict[str, Any], territory: str) -> list[dict[str, Any]]:
    """The face-down tokens on the board in a territory that stand for their owner's forces
    (``TokenKind.occupies``: the Richese No-Fields, 001 2.10.12), as records of the state (or
    of a view: without their values)."""
    found = state.get("tokens")
    return [token for token in found if token.get("territory") == territory
            and _occupies(state, token)] if found else []


def occupied(state: State | dict[str, Any]) -> frozenset[str]:
    """The territories with a token that stands for its owner's forces (``occupying``), found
    once where every territory is asked (none in a game without tokens)."""
    found = state.get("tokens")
    return frozenset(token["territory"] for token in found
                     if _occupies(state, token)) if found else frozenset()


def _occupies(state: State | dict[str, Any], token: dict[str, Any]) -> bool:
    """Whether a token stands for its owner's forces: face down on the board, of a kind that
    occupies (``TokenKind.occupies``)."""
    return (token["at"] == BOARD and token["face"] == DOWN
            and kind_of(state, token["kind"]).occupies)


def face_down_of(game: State | dict[str, Any], seat: str) -> list[dict[str, Any]]:
    """``seat``'s face-down tokens on the board that stand for its forces (its No-Fields,
    001 2.10.12), in board order: records of the state, or its own in a seat's view (values
    seen)."""
    found = game["own"].get("tokens", []) if "own" in game else game.get("tokens") or []
    return sorted((token for token in found
                   if token["at"] == BOARD and token["face"] == DOWN and token["owner"] == seat
                   and kind_of(game, token["kind"]).occupies),
                  key=lambda t: (t["territory"], t["sector"], t["value"]))


def standing_words(state: State) -> str:
    """The words of the kind of token in play that stands for forces (``No-Field``)."""
    return next(kind.words for kind in kinds(rules_of(state)) if kind.occupies)


def face_down_in(state: State, seat: str, value: str, territory: str) -> dict[str, Any]:
    """``seat``'s face-down token of this value in ``territory`` of a kind that stands for
    forces (a No-Field to move, 001 2.10.12); a KeyError if it has none such."""
    for token in occupying(state, territory):
        if token["owner"] == seat and token["value"] == value:
            return token
    raise KeyError(value)


def standing_for(records: list[dict[str, Any]], seat: str, territory: str, reserve: int) -> int:
    """The forces ``seat``'s face-down occupying tokens in a territory stand for, as far as
    ``records`` show their values (the state's; a view's own tokens): each its value, all of
    them at most what its reserve holds (001 2.10.14: "or all remaining reserve Forces")."""
    count = sum(int(token["value"]) for token in records
                if token.get("territory") == territory and token["owner"] == seat
                and token["at"] == BOARD and token["face"] == DOWN and "value" in token
                and token["value"].isdigit())
    return min(count, reserve)


# --- what each seat sees
def seen(token: dict[str, Any], seat: str | None, allies: list[str], kind: TokenKind,
         name: str | None = None) -> dict[str, Any]:
    """A token as ``seat`` (of the faction ``name``) sees it (None: as everybody does): the one
    rule of the module docstring, and a face-down token of nobody's is seen by the faction its
    kind names (``TokenKind.seen_by``) and by the seats that looked at it (``looked``: 001
    4.06.06.02).  With the value its name in words; always the kind's words."""
    shown = {key: token[key] for key in _SEEN if key in token}
    shown["what"] = kind.words
    owner = token["owner"]
    if token["face"] == UP or (owner is not None and (
            seat == owner or (kind.ally_sees and owner in allies))) or (
            seat is not None and (name is not None and name == kind.seen_by
                                  or seat in token.get(LOOKED, ()))):
        shown["value"] = token["value"]
        shown["name"] = kind.token(token["value"]).name
    return shown


def project(state: State, seat: str | None) -> list[dict[str, Any]]:
    """Every token as ``seat`` sees it (None: the public), sorted by what is seen."""
    if not of(state):
        return []
    allies = ally_of(state, seat) if seat is not None else []
    name = sheet(seat, state).name if seat is not None else None
    found = [seen(token, seat, allies, kind_of(state, token["kind"]), name)
             for token in of(state)]
    return sorted(found, key=_order)


def public(state: State) -> list[dict[str, Any]]:
    """The tokens as every seat (and the public archive) sees them."""
    return project(state, None)


def own(state: State, seat: str) -> list[dict[str, Any]]:
    """The face-down tokens whose value ``seat`` sees and the public does not: its own (and
    its ally's, where a kind shows them to the ally)."""
    if not of(state):
        return []
    return [token for token in project(state, seat) if token["face"] == DOWN and "value" in token]


def _order(shown: dict[str, Any]) -> tuple:
    """Tokens sorted by their place, owner, kind, board place and (where seen) value."""
    return (_PLACES.index(TokenPlace(shown["at"])), shown["owner"] or "", shown["kind"],
            shown.get("territory", ""), shown.get("sector", 0), shown.get("value", ""))


# --- invariants
def violations(state: State) -> list[str]:
    """Tokens conserved per kind (each token of each kind in play exactly once, none else)
    and each in one place that exists: a board token on one of its territory's sectors, a
    token before or behind a shield owned by a seat of the game, one aside owned by nobody;
    behind a shield face down; spice on a token positive."""
    rules = rules_of(state)
    in_play = kinds(rules)
    records = state.get("tokens")
    if records is None:
        return ["tokens: kinds in play but no tokens in the state"] if in_play else []
    problems = _conserved(in_play, records, rules)
    board = ruleset_data(state["rules"]["ruleset"]).board
    placed = frozenset(state.get("places") or ())  # the board layer's places (001 2.07.18, 4.10)
    for token in records:
        problems += [f"tokens: {token['kind']} {token['value']}: {problem}"
                     for problem in _misplaced(token, state["seats"], board, placed)]
    return problems


def _conserved(in_play: tuple[TokenKind, ...], records: list[dict[str, Any]], rules: Rules
               ) -> list[str]:
    expected = Counter((kind.name, token.value) for kind in in_play
                       for token in tokens_of(kind, rules))
    found = Counter((token["kind"], token["value"]) for token in records)
    problems = []
    if missing := expected - found:
        problems.append(f"tokens: missing {sorted(missing.elements())} (conserved per kind)")
    if extra := found - expected:
        problems.append(f"tokens: extra {sorted(extra.elements())} (conserved per kind)")
    return problems


def _misplaced(token: dict[str, Any], seats: list[str], board: Any,
               placed: frozenset[str]) -> list[str]:
    at, owner = token.get("at"), token.get("owner")
    problems = []
    if at not in _PLACES:
        return [f"at {at!r}, not one of {', '.join(_PLACES)}"]
    if token.get("face") not in tuple(Face):
        problems.append(f"face {token.get('face')!r}")
    if at == BOARD:
        territory, sector = token.get("territory"), token.get("sector")
        if not (territory in placed and sector == 0) and (   # a place of the board layer
                territory not in board or sector not in (board[territory].sectors or (0,))):
            problems.append(f"on the board at {territory!r} sector {sector!r}, not a place")
        if owner is not None and owner not in seats:
            problems.append(f"owned by {owner!r}, not a seat of the game")
    elif any(key in token for key in _ON_BOARD):
        problems.append(f"{at}, yet with a territory or sector")
    if at in (FRONT, BEHIND) and owner not in seats:
        problems.append(f"{at} the shield of {owner!r}, not a seat of the game")
    if at == ASIDE and owner is not None:
        problems.append(f"aside, yet owned by {owner}")
    if at == BEHIND and token.get("face") != DOWN:
        problems.append("behind a shield face up")
    if "spice" in token and not (isinstance(token["spice"], int) and token["spice"] > 0):
        problems.append(f"spice {token['spice']!r} on it")
    return problems
