"""Reading the values a scenario file names, written as players write them: seats, forces,
places, leaders, dials, faction sheets and cards by name.

Each reader adds every fault to ``problems`` under its key.  The position (``position.py``),
the orders (``steps.py``) and the expectations (``expect.py``) read their names here alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pbem.schema import build

from ...common.names import Named, NameIndex
from .. import tokens
from ..board import layer
from ..data import NameLookupError, Territory, TokenPlace
from ..factions import duke_vidal
from ..forces import kinds
from ..orders.language import OrderProblem, read_territory, words_of
from ..rules import Rules
from ..state import data, faction_name, only_sector
from ..variants import cheap_hero_traitor
from .format import FactionPosition

COPY = re.compile(r"(?P<name>.*?)\s*#\s*(?P<copy>\d+)")


def _seat(rules: Rules, text: Any, seats: list[str], key: str, problems: list[str]) -> str | None:
    """The seat in play that ``text`` names: a seat name, or a faction's name written loosely."""
    if not isinstance(text, str):
        problems.append(f"{key}: expected a faction, got {text!r}")
        return None
    try:
        seat = text if text in data(rules).seats else data(rules).faction(text).seat
    except NameLookupError as error:
        problems.append(f"{key}: {error}")
        return None
    if seat not in seats:
        problems.append(f"{key}: {faction_name(seat, rules)} are not in play "
                        f"(seats: {', '.join(seats)})")
        return None
    return seat


def _territory_name(rules: Rules, text: Any, key: str, problems: list[str]) -> str | None:
    """The territory ``text`` names, written loosely."""
    try:
        return data(rules).board.territory(str(text)).name
    except NameLookupError as error:
        problems.append(f"{key}: {error}")
        return None


# --- reading the values of a position
def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _count(value: Any, key: str, seat: str, rules: Rules, problems: list[str]
           ) -> dict[str, int] | None:
    """Forces: a number of the faction's plain kind, numbers in the order of its kinds
    (``[7, 3]``: 7 forces and 3 Fedaykin), or a mapping of its kinds, by their names or words
    as orders write them, to numbers (``{force: 7, fedaykin: 3}``); a kind in play only with
    the advantages (000 XV) only with them."""
    sheet_kinds = kinds(rules, seat, every=True)
    if _whole(value):
        value = [value]
    if isinstance(value, list) and all(map(_whole, value)):
        if any(value[len(sheet_kinds):]):
            problems.append(f"{key}: the {faction_name(seat, rules)} have forces of "
                            f"{len(sheet_kinds)} kind(s) ("
                            f"{', '.join(k.plural for k in sheet_kinds)}), not {len(value)}")
            return None
        value = {kind.name: number for kind, number in zip(sheet_kinds, value, strict=False)}
    if not (isinstance(value, dict) and all(map(_whole, value.values()))):
        problems.append(f"{key}: expected a number of forces, numbers of each kind or a "
                        f"mapping of kinds of force to numbers, got {value!r}")
        return None
    counts: dict[str, int] = {}
    for word, number in value.items():
        named = [k for k in sheet_kinds if str(word).upper() in (k.name.upper(), *k.words())]
        if not named:
            problems.append(f"{key}: the {faction_name(seat, rules)} have no forces {word!r}")
            return None
        if number and named[0] not in kinds(rules, seat):
            problems.append(f"{key}: {named[0].plural} are in play only with the advantages "
                            "option (000 XV)")
            return None
        if number:
            counts[named[0].name] = number
    return counts


def _spot(rules: Rules, text: str, key: str, problems: list[str], sector_needed: bool = True
          ) -> tuple[str, int | None] | None:
    """A territory and sector written as in orders ("Cielago North SECTOR 2"); the sector
    may be left out where the territory lies in one sector (or, if not needed, in any)."""
    try:
        territory, sector = read_territory(rules, words_of(text))
    except OrderProblem as problem:
        problems.append(f"{key}: {problem.message}")
        return None
    if sector is None and len(territory.sectors) <= 1:
        sector = only_sector(rules, territory.name)
    if sector is None and sector_needed:
        problems.append(f"{key}: {territory.name} lies in sectors "
                        f"{', '.join(map(str, territory.sectors))}; write "
                        f"'{territory.name} SECTOR <n>'")
        return None
    return territory.name, sector


def _places(rules: Rules, given: Any, key: str, problems: list[str]
            ) -> dict[str, tuple[str, int]]:
    """Places of the board layer and where each points (``{Hidden Mobile Stronghold: Cielago
    North SECTOR 2}``): a place of the data, at a territory and sector."""
    found = {}
    for name, text in _mapping(given, key, problems).items():
        where_ = f"{key}.{name}"
        try:
            place = layer.readable(rules).territory(str(name)).name
        except NameLookupError as error:
            problems.append(f"{where_}: {error}")
            continue
        spot = _spot(rules, str(text), where_, problems)
        if place in data(rules).board:
            problems.append(f"{where_}: {place} is printed on the map, no place the game puts")
        elif spot is not None:
            found[place] = (spot[0], spot[1])
    return found


def _spice_site(rules: Rules, text: str, key: str, problems: list[str]) -> str | None:
    """A territory with a spice blow site (spice lies only there, 000 VII)."""
    spot = _spot(rules, text, key, problems, sector_needed=False)
    if spot is None:
        return None
    board = data(rules).board
    if board[spot[0]].spice_blow is None:
        sites = [t.name for t in board.territories if t.spice_blow is not None]
        problems.append(f"{key}: {spot[0]} has no spice blow site; spice lies on: "
                        f"{', '.join(sites)}")
        return None
    return spot[0]


def _leaders(rules: Rules, texts: tuple[str, ...], key: str, problems: list[str]
             ) -> list[tuple[str, str]]:
    """(leader, faction) of each name, written loosely."""
    return [found for index, text in enumerate(texts)
            if (found := _leader(rules, text, f"{key}[{index}]", problems))]


def _traitors(rules: Rules, texts: tuple[str, ...], key: str, problems: list[str]
              ) -> tuple[list[tuple[str, str]], list[str]]:
    """(leader, faction) of each leader's traitor card named, and the traitor cards named that
    are no leader's (001 4.09.02: the Cheap Hero's, with its option)."""
    cards = [card for text in texts
             if (card := cheap_hero_traitor.named(rules.traitor_cards, str(text)))]
    named = tuple(text for text in texts
                  if not cheap_hero_traitor.named(rules.traitor_cards, str(text)))
    return _leaders(rules, named, key, problems), cards


def _leader(rules: Rules, text: Any, key: str, problems: list[str]) -> tuple[str, str] | None:
    """(leader, faction) of a name, written loosely."""
    try:
        leader = data(rules).leader(str(text))
    except NameLookupError as error:
        problems.append(f"{key}: {error}")
        return None
    return leader.name, data(rules).faction(leader.faction).seat


# --- tokens
def _token(text: Any, rules: Rules, key: str, problems: list[str]) -> tuple[str, str] | None:
    """(kind, value) of a token of a kind in play, by its name written loosely
    ("Heighliners", "heigh")."""
    named = {token.name: (kind.name, token.value)
             for kind in tokens.kinds(rules) for token in tokens.tokens_of(kind, rules)}
    if not named:
        problems.append(f"{key}: no kind of token is in play (the tech tokens come with the "
                        "option tech_tokens)")
        return None
    try:
        return named[NameIndex("token", (Named(n, n) for n in named)).find(str(text))]
    except NameLookupError as error:
        problems.append(f"{key}: {error}")
        return None


def _token_place(rules: Rules, given: Any, seats: list[str], key: str, problems: list[str]
                 ) -> dict[str, Any] | None:
    """Where a token lies, as a scenario writes it: a seat (in front of its shield), ``aside``,
    or ``{owner: <seat>, at: front | behind | aside | <territory [SECTOR n]>, face: up |
    down, spice: <n>, leader: <leader>}`` (``at`` in front by default; ``leader``: a leader
    skill card's, 001 4.07.03); the token layer's keys (``tokens``)."""
    if given == "aside":
        return {"owner": None, "at": str(TokenPlace.ASIDE)}
    if isinstance(given, str):
        given = {"owner": given}
    if not isinstance(given, dict) or set(given) - {"owner", "at", "face", "spice", "leader"}:
        problems.append(f"{key}: expected a faction, aside, or a mapping of owner, at, face, "
                        f"spice and leader, got {given!r}")
        return None
    at = str(given.get("at", TokenPlace.FRONT))
    place: dict[str, Any] = {"owner": None, "at": at}
    if at not in (TokenPlace.ASIDE, TokenPlace.FRONT, TokenPlace.BEHIND):
        spot = _spot(rules, at, f"{key}.at", problems)
        if spot is None:
            return None
        place.update(at=str(TokenPlace.BOARD), territory=spot[0], sector=spot[1] or 0)
    if "owner" in given:
        place["owner"] = _seat(rules, given["owner"], seats, f"{key}.owner", problems)
    elif place["at"] in (TokenPlace.FRONT, TokenPlace.BEHIND):
        problems.append(f"{key}: a token {at} a shield has an owner")
    if given.get("face", "up") not in ("up", "down"):
        problems.append(f"{key}.face: expected up or down, got {given['face']!r}")
    place.update({name: given[name] for name in ("face", "spice") if name in given})
    if "leader" in given and (found := _leader(rules, str(given["leader"]), f"{key}.leader",
                                               problems)):
        place["leader"] = found[0]
    if "spice" in given and not _whole(given["spice"]):
        problems.append(f"{key}.spice: expected an amount of spice, got {given['spice']!r}")
    return place


def _mapping(value: Any, key: str, problems: list[str]) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    problems.append(f"{key}: expected a mapping, got {value!r}")
    return {}


def _dials(rules: Rules, dials: dict[str, Any], among: list[str], key: str, problems: list[str]
           ) -> dict[str, int]:
    """Dials by seat, each a number."""
    found = {}
    for name, value in dials.items():
        seat = _seat(rules, name, among, f"{key}.{name}", problems)
        if not _whole(value):
            problems.append(f"{key}.{name}: expected a number, got {value!r}")
        elif seat is not None:
            found[seat] = value
    return found

def _factions(rules: Rules, given: dict[str, Any] | None, seats: list[str], key: str,
              problems: list[str]
              ) -> dict[str, FactionPosition]:
    """Each faction's sheet as given, by seat."""
    found = {}
    for name, sheet_ in (given or {}).items():
        seat = _seat(rules, name, seats, f"{key}.{name}", problems)
        built = build(FactionPosition, sheet_, f"{key}.{name}.", problems)
        if seat is not None and built is not None:
            found[seat] = built
    return found

# --- cards by name
@dataclass(frozen=True)
class Cards:
    """A deck's cards by name: ``copies`` maps each card name to its ids, in copy order."""

    kind: str
    copies: dict[str, tuple[str, ...]]
    index: NameIndex[str]

    def read(self, text: Any, key: str, problems: list[str]) -> tuple[str, str | None] | None:
        """(name, id) of a card written as "Shield #2" or "Shield"; the id is None for a
        bare name of a card that has several copies."""
        if not isinstance(text, str):
            problems.append(f"{key}: expected a card name, got {text!r}")
            return None
        match = COPY.fullmatch(text.strip())
        try:
            name = self.index.find(match["name"] if match else text)
        except NameLookupError as error:
            problems.append(f"{key}: {error}")
            return None
        ids = self.copies[name]
        if match is None:
            return name, ids[0] if len(ids) == 1 else None
        card = f"{name} #{int(match['copy'])}"
        if card not in ids:
            problems.append(f"{key}: there is no {card}; the {self.kind} cards of that name "
                            f"are: {', '.join(ids)}")
            return None
        return name, card

    def allocate(self, places: dict[str, tuple[str, ...]], problems: list[str]
                 ) -> dict[str, list[str]]:
        """The card ids of each place (key -> names), in order: copies named exactly first,
        then each bare name takes the lowest-numbered copy not named elsewhere."""
        read = {place: [self.read(text, f"{place}[{i}]", problems)
                        for i, text in enumerate(texts)] for place, texts in places.items()}
        ids = {place: [card[1] if card else None for card in cards]
               for place, cards in read.items()}
        taken: dict[str, str] = {}
        for place, cards in ids.items():
            for index, card in enumerate(cards):
                if card is not None:
                    self._take(card, f"{place}[{index}]", taken, problems)
        for place, cards in read.items():
            for index, card in enumerate(cards):
                if card is None or card[1] is not None:
                    continue
                free = [c for c in self.copies[card[0]] if c not in taken]
                if free:
                    ids[place][index] = free[0]
                    taken[free[0]] = f"{place}[{index}]"
                else:
                    problems.append(f"{place}[{index}]: every {card[0]} is named already "
                                    f"({', '.join(self.copies[card[0]])})")
        return {place: [card for card in cards if card is not None]
                for place, cards in ids.items()}

    @staticmethod
    def _take(card: str, key: str, taken: dict[str, str], problems: list[str]) -> None:
        if card in taken:
            problems.append(f"{key}: {card} is named twice (also at {taken[card]})")
        else:
            taken[card] = key


def treachery_cards(rules: Rules) -> Cards:
    """The treachery deck by card name: the deck a game of ``rules`` shuffles (its expansions'
    cards too, ``Rules.card_sets``)."""
    copies: dict[str, tuple[str, ...]] = {}
    for card in data(rules).treachery_in_play(rules.card_sets, rules.cards_left_out):
        copies[card.name] = (*copies.get(card.name, ()), card.id)
    return Cards("treachery", copies, NameIndex("treachery card",
                                                (Named(n, n) for n in copies)))


def spice_cards(rules: Rules) -> Cards:
    """The spice deck by card name: a territory's (its map names work) or Shai-Hulud; and a
    game of ``rules``'s extra cards (the Sandtrout, 001 4.08.02)."""
    copies: dict[str, tuple[str, ...]] = {}
    named: dict[str, Named[str]] = {}
    for extra in rules.extra_spice_cards:
        copies[extra], named[extra] = (extra,), Named(extra, extra)
    for card in data(rules).spice_deck:
        name = card.territory or COPY.fullmatch(card.id)["name"]
        copies[name] = (*copies.get(name, ()), card.id)
        territory: Territory | None = data(rules).board[name] if card.territory else None
        named[name] = Named(name, name, territory.abbreviations if territory else (),
                            territory.synonyms if territory else ())
    return Cards("spice", copies, NameIndex("spice card", named.values()))



def _duke_vidal(rules: Rules, given: dict[str, str], seats: list[str], key: str,
                problems: list[str]) -> dict[str, Any] | None:
    """Duke Vidal's place (``factions/duke_vidal``): ``at`` aside, tanks or a faction in play,
    ``until`` battle, mentat_pause or occupied (who holds him sets him aside then; the
    occupier of Ecaz's homeworld at the turn's end, 001 4.10.12 "Ecaz")."""
    where = given.get("at", duke_vidal.ASIDE)
    until = given.get("until")
    if set(given) - {"at", "until"}:
        problems.append(f"{key}: expected at and until, got {sorted(given)}")
        return None
    if where not in (duke_vidal.ASIDE, duke_vidal.TANKS):
        where = _seat(rules, where, seats, f"{key}.at", problems)
    if until not in (None, duke_vidal.BATTLE, duke_vidal.MENTAT_PAUSE, duke_vidal.OCCUPIED):
        problems.append(f"{key}.until: expected battle, mentat_pause or occupied, got "
                        f"{until!r}")
        return None
    return None if where is None else {"at": where, "until": until}
