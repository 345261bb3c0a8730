"""A faction's forces counted per kind (``ForceKind``, ``factions.yaml``'s ``force_kinds``).

Wherever forces are, on a sector of the board, in a reserve, in the tanks, in an order, a
battle's losses or an event, they are ``Counts``: kind name -> how many, never 0 (no forces:
``{}``), so that two counts of the same forces are equal.  Which kinds a faction has in a game
is its sheet's ``kinds``: its plain kind (no mark) first, then the others, those ``optional``
only with the advantages (000 XV; GF9 advanced, 001 1.13.01): without them its forces of an
optional kind are plain ones (000 II.B.1.c: "the starred tokens have no significance in the
Basic Game").  The kinds' words (``mark``, ``face``, names) are the data's: orders read them
(``orders.language.read_forces``) and reports write them (``order_text``, ``count_text``,
``faces``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from pbem.wording import plural

from .data import ForceKind
from .rules import RULESETS, Rules, rules_of
from .schema import State
from .state import data, forces_at, layered_data

Counts = dict[str, int]


# --- the kinds in a game
def kinds(game: Mapping[str, Any] | Any, seat: str, every: bool = False
          ) -> tuple[ForceKind, ...]:
    """The seat's kinds of force in a game (a state, a view or its ``Rules``), its plain kind
    first; with ``every`` its sheet's, in play or not.  Its sheet is the game's, from the
    ruleset's layers and its options' (CHOAM's Elite Mercenaries, 001 2.09.12 (B))."""
    if isinstance(game, Rules):         # a plain class: no ABC's check, asked every step
        return _kinds(game.layers, every or game.advantages, seat)
    return _kinds(rules_of(game).layers, every or game["rules"]["advantages"], seat)


@functools.cache
def _kinds(layers: tuple[str, ...], advantages: bool, seat: str) -> tuple[ForceKind, ...]:
    found_data = layered_data(layers)
    found = [found_data.force_kind(name) for name, _ in found_data.by_seat[seat].kinds]
    return tuple(kind for kind in found if advantages or not kind.optional)


def plain(game: Mapping[str, Any] | Any, seat: str) -> str:
    """The seat's plain kind of force: the one its start places."""
    return kinds(game, seat)[0].name


def at_start(game: Mapping[str, Any] | Any, seat: str) -> Counts:
    """All the seat's forces at the start of a game, per kind (its sheet's ``kinds``); shared:
    read it, never change it (the invariants ask it after every step)."""
    if isinstance(game, Rules):
        return _at_start(game.layers, game.advantages, seat)
    return _at_start(rules_of(game).layers, game["rules"]["advantages"], seat)


@functools.cache
def _at_start(layers: tuple[str, ...], advantages: bool, seat: str) -> Counts:
    in_play = {kind.name for kind in _kinds(layers, advantages, seat)}
    sheet_ = layered_data(layers).by_seat[seat]
    found: Counts = {}
    for name, count in sheet_.kinds:
        add(found, {name if name in in_play else sheet_.plain: count})
    return found


@functools.cache
def kind(name: str) -> ForceKind:
    """A kind of force by its name: the first registered ruleset's that has it (for the words
    of a count, which carries no ruleset; a kind's words are the same in every ruleset that
    has it).  The rulesets' data is read only as far as the name is found: a classic game's
    words load no expansion's (a second of YAML, in every process that wrote them)."""
    found = next((each for each in _registered_kinds() if each.name == name), None)
    if found is None:
        raise KeyError(name)
    return found


def _registered_kinds() -> Iterator[ForceKind]:
    """Every registered ruleset's kinds of force, in ``RULESETS``'s order, and after each the
    kinds its options' layers add, each layer's data loaded when reached."""
    for ruleset in RULESETS.values():
        for layers in (ruleset.data_layers, *((*ruleset.data_layers, layer)
                                              for layer in ruleset.option_layers.values())):
            yield from layered_data(layers).force_kinds


# --- counting
def total(counts: Mapping[str, int]) -> int:
    """How many forces, of every kind."""
    return sum(counts.values())


def add(into: Counts, counts: Mapping[str, int]) -> None:
    """Add ``counts`` into ``into``, in place."""
    for name, count in counts.items():
        if count:
            into[name] = into.get(name, 0) + count


def take(out_of: Counts, counts: Mapping[str, int]) -> None:
    """Take ``counts`` out of ``out_of``, in place; asserts they are there."""
    for name, count in counts.items():
        if count:
            left = out_of.get(name, 0) - count
            assert left >= 0, (out_of, counts)
            if left:
                out_of[name] = left
            else:
                del out_of[name]


def plus(*counts: Mapping[str, int]) -> Counts:
    """Counts added up."""
    found: Counts = {}
    for each in counts:
        add(found, each)
    return found


def minus(counts: Mapping[str, int], less: Mapping[str, int]) -> Counts:
    """``counts`` less ``less``, which it must hold."""
    found = dict(counts)
    take(found, less)
    return found


def within(counts: Mapping[str, int], held: Mapping[str, int]) -> bool:
    """Whether ``held`` holds ``counts``, kind by kind."""
    return all(count <= held.get(name, 0) for name, count in counts.items())


def common(counts: Mapping[str, int], held: Mapping[str, int]) -> Counts:
    """The part of ``counts`` that ``held`` holds, kind by kind."""
    return {name: least for name, count in counts.items()
            if (least := min(count, held.get(name, 0)))}


def spread(counts: Mapping[str, int], places: Iterable[tuple[Any, Mapping[str, int]]]
           ) -> list[tuple[Any, Counts]]:
    """``counts`` taken from places in their order, each giving what it holds of what is still
    wanted: (place, the counts taken there) for each place that gives some; asserts that the
    places hold them all."""
    left, found = dict(counts), []
    for place, held in places:
        part = common(left, held)
        if part:
            found.append((place, part))
            take(left, part)
    assert not left, (counts, left)
    return found


def first_of(game: Mapping[str, Any] | Any, seat: str, counts: Mapping[str, int], number: int
             ) -> Counts:
    """``number`` of the seat's forces ``counts``, taken in the order of its kinds, its plain
    kind first: the forces lost where the rules name only a number (the storm's half, normal
    forces before Fedaykin)."""
    return spread_up_to(counts, number, [each.name for each in kinds(game, seat)])


def spread_up_to(counts: Mapping[str, int], number: int, order: Iterable[str]) -> Counts:
    """Up to ``number`` of ``counts``, kind by kind in the ``order`` given."""
    found: Counts = {}
    for name in order:
        part = min(number, counts.get(name, 0))
        if part:
            found[name] = part
            number -= part
    return found


def counts_of(game: Mapping[str, Any] | Any, seat: str, numbers: Iterable[int]) -> Counts:
    """Counts from numbers given in the order of the seat's sheet's kinds, in play or not (as
    earlier code counted forces: [normal, starred])."""
    return {each.name: count for each, count in zip(kinds(game, seat, every=True), numbers,
                                                     strict=False) if count}


# --- in words
def order_text(counts: Mapping[str, int]) -> str:
    """Counts as order text: ``5``, ``2*`` or ``5 2*``: a number for a faction's plain kind
    (the one without a mark), then each other kind's number with its mark."""
    return " ".join(f"{counts[name]}{kind(name).mark}" for name in _in_order(counts))


def count_text(counts: Mapping[str, int], zero: bool = False) -> str:
    """Counts as the table and the map write them: ``5``, ``5+2*``, ``2*``: the number of a
    faction's plain kind, then each marked kind's with its mark; with ``zero`` the first
    number even when it is 0 (``0+2*``)."""
    plain_ = sum(count for name, count in counts.items() if not kind(name).mark)
    marked = [f"{counts[name]}{kind(name).mark}" for name in _in_order(counts)
              if kind(name).mark]
    return "+".join(([str(plain_)] if plain_ or zero or not marked else []) + marked)


def _in_order(counts: Mapping[str, int]) -> list[str]:
    """The kinds counted, the one without a mark first, then by their marks."""
    return sorted((name for name, count in counts.items() if count),
                  key=lambda name: (bool(kind(name).mark), kind(name).mark))


def by_faction_on_map(view: Mapping[str, Any]) -> dict[str, Counts]:
    """Faction -> its forces on the board, per kind, in a state or a view."""
    found: dict[str, Counts] = {}
    for sectors in view["forces"].values():
        for by_faction in sectors.values():
            for seat, counts in by_faction.items():
                add(found.setdefault(seat, {}), counts)
    return found


def marks(game: Mapping[str, Any]) -> list[ForceKind]:
    """The game's kinds of force with a mark, one of each mark and face: how a legend reads
    ``5+2*``."""
    found = {(k.mark, k.face): k for k in reversed(data(game).force_kinds) if k.mark}
    return list(found.values())[::-1]


def faces(counts: Mapping[str, int] | list[int]) -> str:
    """What a report adds after a number of forces for its kinds with a face: `` (2
    starred)``, or nothing (an event stored by earlier code counts them as a pair, [normal,
    starred]: the second counted by the face of the first marked kind of the first ruleset)."""
    if isinstance(counts, list):
        marked = next(each for each in _registered_kinds() if each.face)
        return f" ({counts[1]} {marked.face})" if counts[1] else ""
    named = [f"{count} {kind(name).face}" for name, count in counts.items()
             if count and kind(name).face]
    return f" ({', '.join(named)})" if named else ""


def size(counts: Mapping[str, int] | list[int]) -> int:
    """How many forces, of every kind (of a pair stored by earlier code too)."""
    return sum(counts) if isinstance(counts, list) else sum(counts.values())


def and_faces(game: Mapping[str, Any] | Any, seat: str, counts: Mapping[str, int]) -> str:
    """The seat's forces as ``3 forces`` or ``3 forces and 1 starred``: its plain kind by its
    words, the others by their face."""
    first, *others = kinds(game, seat)
    return plural(counts.get(first.name, 0), first.singular, first.plural) + "".join(
        f" and {counts[each.name]} {each.face}" for each in others if counts.get(each.name))


# --- where they are
def count_in(state: State, faction: str, territory: str) -> Counts:
    """A faction's forces in a territory, all sectors together."""
    found: Counts = {}
    for by_faction in forces_at(state, territory).values():
        if faction in by_faction:
            add(found, by_faction[faction])
    return found


def add_forces(state: State, faction: str, territory: str, sector: int,
               counts: Mapping[str, int]) -> None:
    """Put forces of a faction on a sector of a territory."""
    sectors = state["forces"].setdefault(territory, {})
    add(sectors.setdefault(str(sector), {}).setdefault(faction, {}), counts)


def remove_forces(state: State, faction: str, territory: str, sector: int,
                  counts: Mapping[str, int]) -> None:
    """Take forces of a faction off a sector; asserts they are there."""
    sectors = state["forces"][territory]
    here = sectors[str(sector)][faction]
    take(here, counts)
    if not here:
        del sectors[str(sector)][faction]
        if not sectors[str(sector)]:
            del sectors[str(sector)]
        if not sectors:
            del state["forces"][territory]


def to_tanks(state: State, faction: str, counts: Mapping[str, int]) -> None:
    """Forces of a faction into the Tleilaxu Tanks; a kind ``immune`` to its reserve instead
    (001 2.11.15 B, Diplomatic immunity: Ecaz's Ambassadors "face up in front of your Player
    Shield")."""
    own = state["factions"][faction]
    for name, count in counts.items():
        if count:
            add(own["reserve" if kind(name).immune else "tanks"], {name: count})


def on_map(state: State, faction: str) -> Counts:
    """A faction's forces on the board, per kind."""
    found: Counts = {}
    for sectors in state["forces"].values():
        for by_faction in sectors.values():
            if faction in by_faction:
                add(found, by_faction[faction])
    return found


def all_of(state: State, faction: str) -> Counts:
    """All a faction's forces per kind: on the board, in its reserve, in the tanks and still to
    be placed at set-up (of its plain kind): its sheet's (000 II.B.1.c, "20 small tokens")."""
    own = state["factions"][faction]
    return plus(on_map(state, faction), own["reserve"], own["tanks"],
                {plain(state, faction): own["to_place"]})
