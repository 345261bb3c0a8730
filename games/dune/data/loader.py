"""Reads the YAML rules data of a ruleset, checks all of it, and builds the model.

A ruleset's data is layers of folders: the base (``classic/``) and overlays (``wbc/``, later
``gf9/``...), each file of an overlay merged into the base's file of the same name before any
check (``_merge``): a top-level key replaces the base's value, but a list of named entries (by
``name``, or ``territory`` for the spice cards) and a mapping of named entries merge by name:
an entry of a new name is added, one of a known name replaces it in place, one given as
``{name: X, amend: true, ...}`` changes only the keys it gives, and one given as
``{name: X, remove: true}`` (in a mapping ``X: {remove: true}``) removes it.  The merged data
goes through the same checks as the base alone.

Every fault found is collected (as the diplomacy engine does when it validates a map) and
reported at once in one ``DataError``; data with any fault is never returned.  The reading,
merging and fault collection are shared with every game (``games/common/dataload.py``); this
module reads Dune's five files and checks them.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from enum import StrEnum
from itertools import pairwise
from pathlib import Path
from typing import Any

import yaml

from ...common.dataload import (
    DataError,
    DataReader,
    Fault,
    YamlLoader,
    is_kind,
    label,
    names_given,
)
from ...common.dataload import FaultCode as SharedFaultCode
from ...common.names import Named
from .model import (
    Ability,
    Board,
    BonusCard,
    Border,
    CardCategory,
    CardType,
    Deck,
    DeckCards,
    DefaultVictory,
    DiscoveryCard,
    DuneData,
    Effect,
    Face,
    Faction,
    ForceKind,
    Homeworld,
    Leader,
    MapMarker,
    NativeArrival,
    Pile,
    PileRole,
    Place,
    Placement,
    Shown,
    Slot,
    SpiceBlow,
    SpiceCard,
    StormShelter,
    Territory,
    TerritoryType,
    Timing,
    Token,
    TokenIncome,
    TokenKind,
    TokenPlace,
    TreacheryCard,
)
from .model import Act as TokenAct

DATA_DIR = Path(__file__).parent
CLASSIC = DATA_DIR / "classic"          # the base of every ruleset's data
BOARD, TREACHERY, SPICE, LEADERS, FACTIONS, DECKS, TOKENS = (
    "board.yaml",
    "treachery.yaml",
    "spice.yaml",
    "leaders.yaml",
    "factions.yaml",
    "decks.yaml",
    "tokens.yaml",
)
# The phases a token's income may name: the state's names of the rounds of a turn
# (``turn.PHASES`` but the set-up; tests/dune/test_tokens.py checks they agree).
PHASES = frozenset({"storm", "spice_blow", "charity", "bidding", "revival", "movement",
                    "battle", "collection", "end_of_turn", "mentat_pause", "control"})

class DuneFaultCode(StrEnum):
    """What is wrong with Dune's data beyond what any game's can be (``SharedFaultCode``)."""

    UNKNOWN_TERRITORY = "unknown_territory"
    UNKNOWN_FACTION = "unknown_faction"
    UNKNOWN_KIND = "unknown_kind"
    SECTOR_RANGE = "sector_range"
    SECTORS_NOT_CONTIGUOUS = "sectors_not_contiguous"
    BORDER_SECTOR = "border_sector"
    BORDER_NOT_SYMMETRIC = "border_not_symmetric"
    NOT_CONNECTED = "not_connected"
    SPICE_SITE = "spice_site"
    SPICE_CARD = "spice_card"
    CARD_COUNT = "card_count"
    LEADER_COUNT = "leader_count"
    FORCE_COUNT = "force_count"


# What is wrong with the data (tests and tools refer to these, not to the wording): the shared
# loader's codes (``games/common/dataload.py``) and Dune's own, under one name.
FaultCode = StrEnum("FaultCode", [(code.name, code.value) for codes in (SharedFaultCode,
                                                                        DuneFaultCode)
                                  for code in codes], module=__name__)


def load(*layers: Path) -> DuneData:
    """The checked rules data of a base folder and its overlays, in order (the classic data
    when none is given), loaded once per list of folders.

    Raises DataError listing every fault found.
    """
    return _load(tuple(Path(layer) for layer in layers) or (CLASSIC,))


@functools.cache
def _load(layers: tuple[Path, ...]) -> DuneData:
    reader = _Reader(layers)
    data = reader.read()
    if reader.faults:
        raise DataError(layers[-1], reader.faults, "Dune data")
    assert data is not None, "every unusable part of the data is reported as a fault"
    return data


CITATIONS = "citations.yaml"
CLASSIC_SOURCES = r"\b(000|004|WBC)\b"      # what a ruleset of another seed never cites


@functools.cache
def citations(layer: str, refused: str = CLASSIC_SOURCES) -> dict[str, str]:
    """An overlay's ``citations.yaml``: each classic citation the code writes (``"000 VIII.D"``)
    and how that ruleset's mails cite the same rule (``Rules.cite``).  Raises DataError listing
    every fault: a key given twice, a key or value not text, a value matching ``refused`` (by
    default one citing seed 000, 004 or the WBC rules; v3, built on 000, refuses 004 and WBC
    alone)."""
    path = DATA_DIR / layer / CITATIONS
    loader = YamlLoader(path.read_text(encoding="utf-8"))
    try:
        entries = loader.get_single_data()
    finally:
        loader.dispose()
    faults = [Fault(CITATIONS, str(key), FaultCode.DUPLICATE_KEY, f"given twice (line {line})")
              for key, line in loader.duplicates]
    if not isinstance(entries, dict):
        faults.append(Fault(CITATIONS, "top", FaultCode.BAD_VALUE, "expected a mapping"))
        entries = {}
    for key, value in entries.items():
        if not isinstance(key, str) or not isinstance(value, str):
            faults.append(Fault(CITATIONS, str(key), FaultCode.BAD_VALUE,
                                f"expected text: text, got {value!r}"))
        elif re.search(refused, value):
            faults.append(Fault(CITATIONS, key, FaultCode.BAD_VALUE,
                                f"{value!r} cites the classic sources"))
    if faults:
        raise DataError(path.parent, faults, "Dune data")
    return entries


DISCOVERY = "discovery.yaml"
DISCOVERY_KINDS = {"hiereg": "sand", "smuggler": "rock"}     # 001 4.06.06.01


@functools.cache
def discovery(layer: str, ruleset: str) -> tuple[DiscoveryCard, ...]:
    """A layer's Discovery spice cards (001 4.06.05, ``discovery.yaml``), checked against the
    board of the ``ruleset``: each card's territory a spice blow site; its token's place a
    territory of the type its kind goes to (001 4.06.06.01: Hiereg desert, Smuggler rock) and a
    sector of it.  Raises DataError listing every fault."""
    path = DATA_DIR / layer / DISCOVERY
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]
    board = load(*(DATA_DIR / name for name in ("classic", ruleset))).board
    faults, cards = [], []
    for entry in entries:
        blow = board[entry["territory"]].spice_blow if entry["territory"] in board else None
        card = DiscoveryCard(entry["territory"], entry["kind"], entry["at"], entry["sector"],
                             blow.sector if blow else 0)
        problem = None
        if blow is None:
            problem = f"{card.territory!r} has no spice blow site"
        elif card.kind not in DISCOVERY_KINDS:
            problem = f"kind {card.kind!r} is not one of {sorted(DISCOVERY_KINDS)}"
        elif card.at not in board or board[card.at].type != DISCOVERY_KINDS[card.kind]:
            problem = f"{card.at!r} is no {DISCOVERY_KINDS[card.kind]} territory"
        elif card.sector not in (board[card.at].sectors or ()):
            problem = f"sector {card.sector} is not one of {card.at}'s"
        if problem:
            faults.append(Fault(DISCOVERY, card.id, FaultCode.BAD_VALUE, problem))
        cards.append(card)
    if faults:
        raise DataError(path.parent, faults, "Dune data")
    return tuple(cards)


class _Reader(DataReader):
    """Reads the five files of a ruleset and collects the faults it finds on the way; an
    overlay finds a list's entry by its ``name``, else its ``territory`` (the spice cards)."""

    entry_keys = ("name", "territory")

    def __init__(self, layers: tuple[Path, ...]) -> None:
        super().__init__(layers)
        # The names given in board.yaml and factions.yaml, even those of faulty entries, so
        # that references to them are checked without repeating their faults; None while
        # the file is unusable.
        self.territory_names: set[str] | None = None
        self.faction_names: set[str] | None = None
        self.kinds: dict[str, ForceKind] = {}
        self.force_kinds: tuple[ForceKind, ...] = ()
        self.place_owners: list[tuple[str, str]] = []     # (faction, where), checked later

    def read(self) -> DuneData | None:
        board = self.board(self.yaml(BOARD))
        treachery = self.treachery(self.yaml(TREACHERY))
        spice = self.spice(self.yaml(SPICE), board)
        factions = self.factions(self.yaml(FACTIONS))
        leaders = self.leaders(self.yaml(LEADERS))
        decks = self.decks(self.yaml(DECKS))
        tokens = self.tokens(self.yaml(TOKENS), board)
        self.file = BOARD
        for owner, where in self.place_owners:
            self.factions_exist([owner], where)
        if board is None or treachery is None or spice is None:
            return None
        if factions is None or leaders is None or decks is None or tokens is None:
            return None
        return DuneData(board, treachery, spice, leaders, factions, decks=decks, tokens=tokens,
                        force_kinds=self.force_kinds)

    # -- board.yaml --------------------------------------------------------------------------

    def board(self, raw: Any) -> Board | None:
        """The board, checked: sectors, names, spice blow sites, borders, connectedness."""
        if raw is None:
            return None
        top = self.record(
            raw,
            "board",
            {"sectors": int, "storm_start_sector": int, "player_dots": [int], "territories": list,
             "places": (list, [])},
        )
        if top is None:
            return None
        count = top["sectors"]
        if count < 1:
            self.fault("sectors", FaultCode.BAD_VALUE, f"a board of {count} sectors")
            return None
        self.sector(top["storm_start_sector"], count, "storm_start_sector")
        for dot in top["player_dots"]:
            self.sector(dot, count, "player_dots")
        if len(set(top["player_dots"])) != len(top["player_dots"]):
            self.fault("player_dots", FaultCode.BAD_VALUE, "a sector has two player dots")
        territories = [
            self.territory(entry, count, label(entry, "name", f"territories[{i}]"))
            for i, entry in enumerate(top["territories"])
        ]
        found = tuple(t for t in territories if t is not None)
        self.territory_names = names_given(top["territories"])
        places = tuple(place for i, entry in enumerate(top["places"])
                       if (place := self.place(entry, label(entry, "name", f"places[{i}]"))))
        self.clash([Named(t, t.name, t.abbreviations, t.synonyms) for t in (*found, *places)],
                   "territories")
        board = Board(count, top["storm_start_sector"], tuple(top["player_dots"]), found, places)
        if not self.borders_agree(found) or len(found) != len(territories) or not found:
            return board
        cut_off = {t.name for t in found} - board.within(found[0].name, len(found))
        if cut_off:
            self.fault(
                "territories",
                FaultCode.NOT_CONNECTED,
                f"not reachable from {found[0].name}: {', '.join(sorted(cut_off))}",
            )
        return board

    def place(self, raw: Any, where: str) -> Place | None:
        """A territory the game puts on the board (``Place``); its owner is checked with the
        factions."""
        fields = self.record(raw, where, {
            "name": str, "abbreviations": [str], "synonyms": ([str], []), "type": str,
            "storm_shelter": str, "owner": (str, ""), "moves": (int, 0),
            "shipment_by_owner_only": (bool, False), "homeworld": (dict, None)})
        if fields is None:
            return None
        kind = self.enum(TerritoryType, fields["type"], where)
        shelter = self.enum(StormShelter, fields["storm_shelter"], where)
        homeworld = fields["homeworld"] and self.homeworld(fields["homeworld"], where)
        if kind is None or shelter is None or (fields["homeworld"] and homeworld is None):
            return None
        if (kind is TerritoryType.HOMEWORLD) != (homeworld is not None):
            self.fault(where, FaultCode.BAD_VALUE,
                       "a place of type homeworld, and only one, has a homeworld card")
            return None
        if fields["owner"]:             # a discovery location is nobody's (001 4.06.06.03)
            self.place_owners.append((fields["owner"], where))
        return Place(fields["name"], tuple(fields["abbreviations"]), tuple(fields["synonyms"]),
                     kind, shelter, fields["owner"], fields["moves"],
                     fields["shipment_by_owner_only"], homeworld or None)

    def homeworld(self, raw: Any, where: str) -> Homeworld | None:
        """A homeworld card's numbers (001 4.10.12), each side's as [high, low] or one for
        both."""
        fields = self.record(raw, f"{where}, homeworld", {
            "high": int, "battle": object, "atomic_losses": object,
            "occupier_income": int, "kinds": ([str], []), "low_bonus": (bool, True),
            "advanced": (bool, False), "sources": [str], "low_loses": ([str], []),
            "high_collection_bonus": (int, 0), "occupier_halves_collection": (bool, False),
            "low_halves": (str, ""), "occupier_takes_half": (bool, False),
            "occupier_spared": ([str], []), "tokens": (str, ""), "low_least_entering": (int, 0),
            "occupier_spares_tokens": (bool, False), "high_unspiced": ([str], []),
            "occupied_plain": ([str], []), "occupier_takes": ([str], []),
            "occupier_shares": ([str], []), "high_advisors": (int, 1),
            "high_reinforces": (bool, False), "high_no_worthless_sale": (bool, False),
            "low_unmoved": (str, ""), "high_paid_revival": (dict, {}),
            "high_discards": (bool, False), "occupier_hand_bonus": (int, 0),
            "low_questions": (bool, False), "high_ships_with": (str, ""),
            "high_sends_revived": ([str], []), "high_poison_bounty": (int, 0),
            "high_sends_free_revival": (bool, False), "high_alliance_victory": (dict, {}),
            "occupier_takes_leader": (str, ""), "high_token_spice": (int, 0),
            "low_opponent_chooses": (bool, False), "occupier_picks": (str, ""),
            "occupier_halves": (str, ""), "high_offers_shipment": (bool, False)})
        if fields is None:
            return None
        sides = {}
        for key in ("battle", "atomic_losses"):
            value = fields[key]
            pair = [value, value] if isinstance(value, int) else value
            if not (isinstance(pair, list) and len(pair) == 2
                    and all(isinstance(n, int) and n >= 0 for n in pair)):
                self.fault(f"{where}, homeworld", FaultCode.BAD_VALUE,
                           f"{key}: a number, or [high, low]")
                return None
            sides[key] = (pair[0], pair[1])
        loses = self.enums(Ability, fields["low_loses"], f"{where}, homeworld")
        spared = self.enums(Ability, fields["occupier_spared"], f"{where}, homeworld")
        takes = self.enums(Ability, fields["occupier_takes"], f"{where}, homeworld")
        shares = self.enums(Ability, fields["occupier_shares"], f"{where}, homeworld")
        if loses is None or spared is None or takes is None or shares is None:
            return None
        paid = fields["high_paid_revival"]
        if paid and not (set(paid) == {"paid", "free", "each"}
                         and isinstance(paid["each"], int)):
            self.fault(f"{where}, homeworld", FaultCode.BAD_VALUE,
                       "high_paid_revival: {paid: <kind>, free: <kind>, each: <number>}")
            return None
        wins = fields["high_alliance_victory"]
        if wins and not (set(wins) == {"strongholds", "homeworlds"}
                         and all(isinstance(n, int) for n in wins.values())):
            self.fault(f"{where}, homeworld", FaultCode.BAD_VALUE,
                       "high_alliance_victory: {strongholds: <number>, homeworlds: <number>}")
            return None
        if fields["low_halves"] not in ("", "card", "shipment"):     # factions.CARD, SHIPMENT
            self.fault(f"{where}, homeworld", FaultCode.BAD_VALUE, "low_halves: card or shipment")
            return None
        if fields["occupier_halves"] not in ("", "cache"):              # offers.CACHE
            self.fault(f"{where}, homeworld", FaultCode.BAD_VALUE, "occupier_halves: cache")
            return None
        return Homeworld(fields["high"], sides["battle"], sides["atomic_losses"],
                         fields["occupier_income"], tuple(fields["kinds"]), fields["low_bonus"],
                         fields["advanced"], tuple(fields["sources"]), loses,
                         fields["high_collection_bonus"], fields["occupier_halves_collection"],
                         fields["low_halves"], fields["occupier_takes_half"], spared,
                         fields["tokens"], fields["low_least_entering"],
                         fields["occupier_spares_tokens"], tuple(fields["high_unspiced"]),
                         tuple(fields["occupied_plain"]), takes, shares,
                         fields["high_advisors"], fields["high_reinforces"],
                         fields["high_no_worthless_sale"], fields["low_unmoved"],
                         (paid["paid"], paid["free"], paid["each"]) if paid else None,
                         fields["high_discards"], fields["occupier_hand_bonus"],
                         fields["low_questions"], fields["high_ships_with"],
                         tuple(fields["high_sends_revived"]), fields["high_poison_bounty"],
                         fields["high_sends_free_revival"],
                         (wins["strongholds"], wins["homeworlds"]) if wins else None,
                         fields["occupier_takes_leader"], fields["high_token_spice"],
                         fields["low_opponent_chooses"], fields["occupier_picks"],
                         fields["occupier_halves"], fields["high_offers_shipment"])

    def sector(self, sector: int, count: int, where: str) -> bool:
        if 1 <= sector <= count:
            return True
        self.fault(where, FaultCode.SECTOR_RANGE, f"sector {sector} is not in 1-{count}")
        return False

    def territory(self, raw: Any, count: int, where: str) -> Territory | None:
        fields = self.record(
            raw,
            where,
            {
                "name": str,
                "abbreviations": [str],
                "synonyms": ([str], []),
                "type": str,
                "sectors": [int],
                "storm_shelter": str,
                "borders": list,
                "spice_blow": (dict, None),
                "ornithopters": (bool, False),
                "collection_rate": (int, None),
                "spice_flow": (int, 0),
                "control_points": (int, 1),
                "bonus_cards": ([str], []),
            },
        )
        if fields is None:
            return None
        where = fields["name"]
        kind = self.enum(TerritoryType, fields["type"], where)
        shelter = self.enum(StormShelter, fields["storm_shelter"], where)
        sectors = tuple(fields["sectors"])
        good = kind is not None and shelter is not None
        good = all([self.sector(s, count, f"{where}, sectors") for s in sectors]) and good
        if (kind is TerritoryType.POLAR_SINK) != (not sectors):
            self.fault(where, FaultCode.BAD_VALUE, "only the Polar Sink lies in no sector")
            good = False
        elif good and any(after != before % count + 1 for before, after in pairwise(sectors)):
            self.fault(
                where,
                FaultCode.SECTORS_NOT_CONTIGUOUS,
                f"sectors {list(sectors)} do not follow each other counterclockwise",
            )
        blow = self.spice_blow(fields["spice_blow"], sectors, kind, where)
        bonus = self.enums(BonusCard, fields["bonus_cards"], f"{where}, bonus_cards")
        borders = [
            self.border(entry, sectors, f"{where}, borders[{i}]")
            for i, entry in enumerate(fields["borders"])
        ]
        if not good or None in borders or (fields["spice_blow"] and blow is None) or bonus is None:
            return None
        assert kind is not None and shelter is not None
        return Territory(
            name=fields["name"],
            abbreviations=tuple(fields["abbreviations"]),
            synonyms=tuple(fields["synonyms"]),
            type=kind,
            sectors=sectors,
            storm_shelter=shelter,
            borders=tuple(b for b in borders if b is not None),
            spice_blow=blow,
            ornithopters=fields["ornithopters"],
            collection_rate=fields["collection_rate"],
            spice_flow=fields["spice_flow"],
            control_points=fields["control_points"],
            bonus_cards=tuple(BonusCard(card) for card in fields["bonus_cards"]),
        )

    def spice_blow(
        self, raw: Any, sectors: tuple[int, ...], kind: TerritoryType | None, where: str
    ) -> SpiceBlow | None:
        if raw is None:
            return None
        fields = self.record(raw, f"{where}, spice_blow", {"sector": int, "amount": int})
        if fields is None:
            return None
        good = True
        if fields["sector"] not in sectors:
            self.fault(
                where,
                FaultCode.SPICE_SITE,
                f"spice blow in sector {fields['sector']}, outside its sectors {list(sectors)}",
            )
            good = False
        if kind is not TerritoryType.SAND:
            self.fault(where, FaultCode.SPICE_SITE, "spice blows only on sand")
            good = False
        if fields["amount"] <= 0:
            self.fault(where, FaultCode.BAD_VALUE, "a spice blow places at least 1 spice")
            good = False
        return SpiceBlow(fields["sector"], fields["amount"]) if good else None

    def border(self, raw: Any, sectors: tuple[int, ...], where: str) -> Border | None:
        fields = self.record(
            raw, where, {"territory": str, "sector": (int, None), "their_sector": (int, None)}
        )
        if fields is None:
            return None
        if (fields["sector"] in sectors) if sectors else fields["sector"] is None:
            return Border(fields["territory"], fields["sector"], fields["their_sector"])
        expected = f"one of {list(sectors)}" if sectors else "none"
        self.fault(
            where, FaultCode.BORDER_SECTOR, f"sector {fields['sector']}: expected {expected}"
        )
        return None

    def borders_agree(self, territories: tuple[Territory, ...]) -> bool:
        """Check that every border names a territory, fits its sectors and is listed both ways."""
        by_name = {t.name: t for t in territories}
        named = self.territory_names or set()
        listed = Counter(
            (t.name, b.sector, b.territory, b.their_sector) for t in territories for b in t.borders
        )
        good = True
        for (name, sector, other, their_sector), times in listed.items():
            where = f"{name}, border with {other}"
            if times > 1:
                self.fault(where, FaultCode.BAD_VALUE, f"listed {times} times")
            if other not in named or other == name:
                self.fault(where, FaultCode.UNKNOWN_TERRITORY, f"no other territory {other!r}")
                good = False
                continue
            if other not in by_name:
                continue
            theirs = by_name[other].sectors
            if not ((their_sector in theirs) if theirs else their_sector is None):
                expected = f"one of {list(theirs)}" if theirs else "none"
                self.fault(
                    where,
                    FaultCode.BORDER_SECTOR,
                    f"their sector {their_sector}: expected {expected}",
                )
            if (other, their_sector, name, sector) not in listed:
                self.fault(
                    where,
                    FaultCode.BORDER_NOT_SYMMETRIC,
                    f"{name} (sector {sector}) touches {other} (sector {their_sector}), "
                    f"but {other} does not list it",
                )
        return good

    # -- treachery.yaml ----------------------------------------------------------------------

    def treachery(self, raw: Any) -> tuple[TreacheryCard, ...] | None:
        """The 33 cards of the treachery deck, each type counted against the Player Aid, and
        the cards of each expansion's set (``sets``), counted against the set's total."""
        if raw is None:
            return None
        top = self.record(raw, "treachery", {"total": int, "types": dict, "cards": list,
                                             "sets": (dict, {})})
        if top is None:
            return None
        types = self.card_types(top["types"], "types")
        deck, counted = self.card_entries(top["cards"], types, "cards", None)
        for card_type, (count, *_) in types.items():
            if counted[card_type] != count:
                self.fault(
                    f"types.{card_type}",
                    FaultCode.CARD_COUNT,
                    f"{counted[card_type]} cards of this type, the Player Aid lists {count}",
                )
        if sum(counted.values()) != top["total"]:
            self.fault(
                "cards",
                FaultCode.CARD_COUNT,
                f"{sum(counted.values())} cards, the deck holds {top['total']}",
            )
        for name, entry in top["sets"].items():
            where = f"sets.{name}"
            fields = self.record(entry, where, {"total": int, "types": (dict, {}), "cards": list})
            if fields is None:
                continue
            own = self.card_types(fields["types"], f"{where}.types")
            added, counted = self.card_entries(fields["cards"], {**types, **own},
                                               f"{where}.cards", name)
            for card_type, (count, *_) in own.items():
                if counted[card_type] != count:
                    self.fault(f"{where}.types.{card_type}", FaultCode.CARD_COUNT,
                               f"{counted[card_type]} cards of this type, the set lists {count}")
            if sum(counted.values()) != fields["total"]:
                self.fault(f"{where}.cards", FaultCode.CARD_COUNT,
                           f"{sum(counted.values())} cards, the set holds {fields['total']}")
            deck += added
        return tuple(deck)

    def card_types(self, raw: dict[str, Any], where: str
                   ) -> dict[CardType, tuple[int, CardCategory, Timing, frozenset[Slot],
                                             frozenset[Effect]]]:
        """The types of card a ``types`` mapping describes, by type."""
        types = {}
        for key, entry in raw.items():
            card_type = self.enum(CardType, key, where)
            fields = self.record(
                entry,
                f"{where}.{key}",
                {"category": str, "count": int, "played": str, "slots": [str], "effects": [str],
                 "source": ([str], None)},
            )
            if card_type is None or fields is None:
                continue
            at = f"{where}.{key}"
            parts = (
                self.enum(CardCategory, fields["category"], at),
                self.enum(Timing, fields["played"], at),
                self.enums(Slot, fields["slots"], at),
                self.enums(Effect, fields["effects"], at),
            )
            if None not in parts:
                types[card_type] = (fields["count"], *parts)
        return types

    def card_entries(self, entries: list[Any], types: dict[CardType, tuple[Any, ...]],
                     where: str, expansion: str | None
                     ) -> tuple[list[TreacheryCard], Counter[CardType]]:
        """The cards of a ``cards`` list and how many of each type.  A set's entry may add
        more copies of a base card (``first``: the number of its first copy, "Shield #5")."""
        deck: list[TreacheryCard] = []
        counted: Counter[CardType] = Counter()
        names = []
        for i, entry in enumerate(entries):
            fields = self.record(
                entry,
                label(entry, "name", f"{where}[{i}]"),
                {"name": str, "type": str, "count": (int, 1), "effects": ([str], None),
                 "first": (int, None), "source": ([str], None)},
            )
            if fields is None:
                continue
            at = fields["name"]
            names.append(Named(at, at))
            card_type = self.enum(CardType, fields["type"], at)
            if fields["count"] < 1:
                self.fault(at, FaultCode.BAD_VALUE, "count: a card name has 1 card or more")
                continue
            if card_type is None:
                continue
            counted[card_type] += fields["count"]
            if card_type not in types:
                self.fault(at, FaultCode.BAD_VALUE, f"type {card_type} is not described")
                continue
            _, category, played, slots, effects = types[card_type]
            if fields["effects"] is not None:       # a card that does what its type does not
                effects = self.enums(Effect, fields["effects"], at)
                if effects is None:
                    continue
            first = fields["first"]
            ids = (
                [at]
                if fields["count"] == 1 and first is None
                else [f"{at} #{n}" for n in range((first or 1), (first or 1) + fields["count"])]
            )
            deck += [
                TreacheryCard(card, at, card_type, category, played, slots, effects, expansion)
                for card in ids
            ]
        self.clash(names, where)
        return deck, counted

    # -- spice.yaml --------------------------------------------------------------------------

    def spice(self, raw: Any, board: Board | None) -> tuple[SpiceCard, ...] | None:
        """The spice deck: a card for every spice blow site of the board, and the worms."""
        if raw is None:
            return None
        top = self.record(raw, "spice", {"total": int, "shai_hulud": int, "cards": list})
        if top is None:
            return None
        cards = []
        carded = []  # the territories of all cards, faulty ones too
        for i, entry in enumerate(top["cards"]):
            where = label(entry, "territory", f"cards[{i}]")
            fields = self.record(entry, where, {"territory": str, "amount": int})
            if fields is None:
                continue
            name, amount = fields["territory"], fields["amount"]
            carded.append(name)
            if not self.territories_exist([name], name) or board is None or name not in board:
                continue
            blow = board[name].spice_blow
            if blow is None:
                self.fault(name, FaultCode.SPICE_CARD, "the board shows no spice blow site here")
            elif blow.amount != amount:
                self.fault(
                    name,
                    FaultCode.SPICE_CARD,
                    f"the card places {amount} spice, the board's site {blow.amount}",
                )
            else:
                cards.append(SpiceCard(name, name, blow.sector, amount))
        self.clash([Named(name, name) for name in carded], "cards")
        if board is not None:
            for territory in board.territories:
                if territory.spice_blow and territory.name not in carded:
                    self.fault(
                        territory.name, FaultCode.SPICE_CARD, "a spice blow site with no card"
                    )
        if len(top["cards"]) + top["shai_hulud"] != top["total"]:
            self.fault(
                "cards",
                FaultCode.CARD_COUNT,
                f"{len(top['cards'])} territory cards and {top['shai_hulud']} Shai-Hulud, "
                f"the deck holds {top['total']}",
            )
        worms = [SpiceCard(f"Shai-Hulud #{n}") for n in range(1, top["shai_hulud"] + 1)]
        return tuple(worms + cards) if board is not None else None

    # -- factions.yaml -----------------------------------------------------------------------

    def factions(self, raw: Any) -> tuple[Faction, ...] | None:
        """The six faction sheets, each with all its forces accounted for."""
        if raw is None:
            return None
        top = self.record(raw, "factions", {"forces_per_faction": int, "force_kinds": list,
                                            "factions": list})
        if top is None:
            return None
        self.faction_names = names_given(top["factions"])
        kinds = [self.force_kind(entry, label(entry, "name", f"force_kinds[{i}]"))
                 for i, entry in enumerate(top["force_kinds"])]
        self.clash([Named(k, k.name) for k in kinds if k is not None], "force_kinds")
        self.kinds = {k.name: k for k in kinds if k is not None}
        factions = [
            self.faction(entry, top["forces_per_faction"], label(entry, "name", f"factions[{i}]"))
            for i, entry in enumerate(top["factions"])
        ]
        self.force_kinds = tuple(k for k in kinds if k is not None)
        if len(self.force_kinds) != len(kinds):
            return None
        found = tuple(f for f in factions if f is not None)
        self.clash([Named(f, f.name, (), f.synonyms) for f in found], "factions")
        seats = Counter(f.seat for f in found)
        for seat in sorted(seat for seat, count in seats.items() if count > 1):
            self.fault("factions", FaultCode.DUPLICATE_NAME, f"seat {seat!r} names more than one")
        return found if len(found) == len(factions) else None

    def faction(self, raw: Any, forces: int, where: str) -> Faction | None:
        fields = self.record(
            raw,
            where,
            {
                "name": str,
                "seat": str,
                "synonyms": ([str], []),
                "spice": int,
                "free_revival": int,
                "hand_limit": int,
                "treachery_cards_at_start": int,
                "traitors": dict,
                "movement": int,
                "start": list,
                "reserve": int,
                "kinds": dict,
                "native_arrival": (dict, None),
                "default_victory": (dict, None),
                "abilities": [str],
                "optional_abilities": [str],
                "karama_power": (str, None),
                "alliance": [str],
                "map": dict,
                "singular": (bool, False),
                "expansion": (str, None),
                "pieces": (int, None),
            },
        )
        if fields is None:
            return None
        where = fields["name"]
        # a sheet's own count of pieces (001 2.11.04 B: Ecaz's 20 forces and 12 Ambassadors)
        forces = fields["pieces"] if fields["pieces"] is not None else forces
        for key in ("spice", "free_revival", "hand_limit", "treachery_cards_at_start", "reserve"):
            if fields[key] < 0:
                self.fault(where, FaultCode.BAD_VALUE, f"{key} cannot be {fields[key]}")
        if fields["movement"] < 1:
            self.fault(where, FaultCode.BAD_VALUE, "movement: a group moves at least 1 territory")
        traitors = self.record(
            fields["traitors"], f"{where}, traitors", {"drawn": int, "kept": int}
        )
        if traitors is not None and not 0 <= traitors["kept"] <= traitors["drawn"]:
            self.fault(where, FaultCode.BAD_VALUE, "traitors: cannot keep more than are drawn")
        start = [
            self.placement(entry, f"{where}, start[{i}]") for i, entry in enumerate(fields["start"])
        ]
        total = sum(p.forces for p in start if p is not None) + fields["reserve"]
        if None not in start and total != forces:
            self.fault(where, FaultCode.FORCE_COUNT, f"{total} forces, a faction has {forces}")
        kinds = self.faction_kinds(fields["kinds"], forces, f"{where}, kinds")
        marker = self.map_marker(fields["map"], f"{where}, map")
        arrival = self.native_arrival(fields["native_arrival"], where)
        victory = self.default_victory(fields["default_victory"], where)
        flags = {
            key: self.enums(Ability, fields[key], where)
            for key in ("abilities", "optional_abilities", "alliance")
        }
        karama = (None if fields["karama_power"] is None
                  else self.enum(Ability, fields["karama_power"], where))
        parts = [traitors, marker, kinds, *start, *flags.values()]
        optional = (("native_arrival", arrival), ("default_victory", victory),
                    ("karama_power", karama))
        if None in parts or any(
            fields[key] is not None and value is None for key, value in optional
        ):
            return None
        assert traitors is not None and marker is not None and kinds is not None
        return Faction(
            name=fields["name"],
            seat=fields["seat"],
            synonyms=tuple(fields["synonyms"]),
            spice=fields["spice"],
            free_revival=fields["free_revival"],
            hand_limit=fields["hand_limit"],
            treachery_cards_at_start=fields["treachery_cards_at_start"],
            traitors_drawn=traitors["drawn"],
            traitors_kept=traitors["kept"],
            movement=fields["movement"],
            start=tuple(p for p in start if p is not None),
            reserve=fields["reserve"],
            abilities=flags["abilities"],
            optional_abilities=flags["optional_abilities"],
            karama_power=karama,
            alliance=flags["alliance"],
            map_marker=marker,
            singular=fields["singular"],
            expansion=fields["expansion"],
            kinds=kinds,
            native_arrival=arrival,
            default_victory=victory,
        )

    def territories_exist(self, names: list[str], where: str) -> bool:
        """True if board.yaml names all these territories (or cannot be read)."""
        known = self.territory_names
        missing = [name for name in names if known is not None and name not in known]
        for name in missing:
            self.fault(where, FaultCode.UNKNOWN_TERRITORY, f"no territory {name!r} on the board")
        return not missing

    def factions_exist(self, names: list[str], where: str) -> bool:
        """True if factions.yaml names all these factions (or cannot be read)."""
        known = self.faction_names
        missing = [name for name in names if known is not None and name not in known]
        for name in missing:
            self.fault(where, FaultCode.UNKNOWN_FACTION, f"no faction {name!r}")
        return not missing

    def placement(self, raw: Any, where: str) -> Placement | None:
        fields = self.record(raw, where, {"territories": [str], "forces": int,
                                          "sector": (int, None)})
        if fields is None:
            return None
        good = self.territories_exist(fields["territories"], where)
        if fields["forces"] <= 0 or not fields["territories"]:
            self.fault(where, FaultCode.BAD_VALUE, "place at least one force in a territory")
            good = False
        if fields["sector"] is not None and len(fields["territories"]) != 1:
            self.fault(where, FaultCode.BAD_VALUE, "a sector is named for one territory")
            good = False
        return Placement(fields["forces"], tuple(fields["territories"]),
                         fields["sector"]) if good else None

    def force_kind(self, raw: Any, where: str) -> ForceKind | None:
        """One kind of force (``force_kinds``)."""
        fields = self.record(raw, where, {
            "name": str, "singular": str, "plural": str, "synonyms": ([str], []),
            "mark": (str, ""), "face": (str, ""), "strength": object,
            "strength_against": (dict, {}), "spiced": (bool, True), "optional": (bool, False),
            "revival": dict, "collection": (int, None), "immune": (bool, False)})
        if fields is None:
            return None
        revival = self.record(fields["revival"], f"{where}, revival",
                              {"cost": int, "weight": int, "per_turn": (int, None)})
        good = revival is not None
        worths = {"strength": fields["strength"], **fields["strength_against"]}
        for key, worth in worths.items():
            if isinstance(worth, bool) or not isinstance(worth, int | float) or worth < 0 or (
                    worth * 2 != int(worth * 2)):
                self.fault(where, FaultCode.BAD_VALUE,
                           f"{key}: a worth is a whole number or a half, not {worth!r}")
                good = False
        good = self.factions_exist(list(fields["strength_against"]), where) and good
        if (fields["mark"] or fields["face"]) and not (fields["mark"] and fields["face"]):
            self.fault(where, FaultCode.BAD_VALUE, "a kind with a mark has a face, and the "
                                                   "other way round")
            good = False
        if revival is not None and (revival["cost"] < 0 or revival["weight"] < 1 or (
                revival["per_turn"] is not None and revival["per_turn"] < 1)):
            self.fault(where, FaultCode.BAD_VALUE, "revival: a cost of 0 or more, a weight "
                                                   "and a number a turn of 1 or more")
            good = False
        if not good:
            return None
        assert revival is not None
        return ForceKind(
            name=fields["name"], singular=fields["singular"], plural=fields["plural"],
            synonyms=tuple(fields["synonyms"]), mark=fields["mark"], face=fields["face"],
            strength=fields["strength"],
            strength_against=tuple(fields["strength_against"].items()),
            spiced=fields["spiced"], optional=fields["optional"],
            revival_cost=revival["cost"], revival_weight=revival["weight"],
            revived_per_turn=revival["per_turn"], collection=fields["collection"],
            immune=fields["immune"])

    def faction_kinds(self, raw: dict[str, Any], forces: int, where: str
                      ) -> tuple[tuple[str, int], ...] | None:
        """A faction's kinds of force and how many of each, all its forces among them: one kind
        without a mark, its plain forces, not optional; each other kind with a mark of its own.
        In order: the plain kind first, then the others as ``force_kinds`` lists them."""
        good = bool(raw)
        for name, count in raw.items():
            if name not in self.kinds:
                self.fault(where, FaultCode.UNKNOWN_KIND, f"no kind of force {name!r}")
                good = False
            if not is_kind(count, int) or count < 1:
                self.fault(where, FaultCode.FORCE_COUNT, f"{name}: {count!r} forces")
                good = False
        if good and sum(raw.values()) != forces:
            self.fault(where, FaultCode.FORCE_COUNT, f"{sum(raw.values())} forces, a faction "
                                                     f"has {forces}")
            good = False
        if not good:
            return None
        order = list(self.kinds)
        kinds = sorted(raw.items(), key=lambda item: (bool(self.kinds[item[0]].mark),
                                                      order.index(item[0])))
        marks = [self.kinds[name].mark for name, _ in kinds]
        if marks.count("") != 1 or len(set(marks)) < len(marks):
            self.fault(where, FaultCode.BAD_VALUE, "one kind without a mark, its plain forces, "
                                                   "and each other kind a mark of its own: "
                                                   "orders write a bare number for the first, a "
                                                   "marked one for the others")
            return None
        if self.kinds[kinds[0][0]].optional:
            self.fault(where, FaultCode.BAD_VALUE, "its plain kind is not optional: its forces "
                                                   "are that kind without the advantages")
            return None
        return tuple(kinds)

    def map_marker(self, raw: Any, where: str) -> MapMarker | None:
        fields = self.record(raw, where, {"letter": str, "colour": str, "text": str})
        if fields is None:
            return None
        good = True
        for key in ("colour", "text"):
            if not re.fullmatch(r"#[0-9a-fA-F]{6}", fields[key]):
                self.fault(where, FaultCode.BAD_VALUE, f"{key}: expected a colour #rrggbb, "
                           f"got {fields[key]!r}")
                good = False
        return MapMarker(fields["letter"], fields["colour"], fields["text"]) if good else None

    def native_arrival(self, raw: Any, where: str) -> NativeArrival | None:
        if raw is None:
            return None
        where = f"{where}, native_arrival"
        fields = self.record(raw, where, {"territory": str, "range": int})
        if fields is None or not self.territories_exist([fields["territory"]], where):
            return None
        return NativeArrival(fields["territory"], fields["range"])

    def default_victory(self, raw: Any, where: str) -> DefaultVictory | None:
        if raw is None:
            return None
        where = f"{where}, default_victory"
        fields = self.record(
            raw,
            where,
            {
                "own_or_empty": ([str], []),
                "barred_territories": ([str], []),
                "barred_factions": ([str], []),
            },
        )
        if fields is None:
            return None
        territories = fields["own_or_empty"] + fields["barred_territories"]
        good = self.territories_exist(territories, where)
        good = self.factions_exist(fields["barred_factions"], where) and good
        if not good:
            return None
        return DefaultVictory(
            tuple(fields["own_or_empty"]),
            tuple(fields["barred_territories"]),
            tuple(fields["barred_factions"]),
        )

    # -- decks.yaml --------------------------------------------------------------------------

    def decks(self, raw: Any) -> tuple[Deck, ...] | None:
        """The decks and their piles: each deck one draw pile, every pile named once."""
        if raw is None:
            return None
        top = self.record(raw, "decks", {"decks": list})
        if top is None:
            return None
        found = [self.deck(entry, label(entry, "name", f"decks[{i}]"))
                 for i, entry in enumerate(top["decks"])]
        decks = tuple(deck for deck in found if deck is not None)
        names = Counter(pile.name for deck in decks for pile in deck.piles)
        for name in sorted(name for name, count in names.items() if count > 1):
            self.fault("decks", FaultCode.DUPLICATE_NAME, f"pile {name!r} named more than once")
        decks_named = Counter(deck.name for deck in decks)
        for name in sorted(name for name, count in decks_named.items() if count > 1):
            self.fault("decks", FaultCode.DUPLICATE_NAME, f"deck {name!r} named more than once")
        return decks if len(decks) == len(found) else None

    def deck(self, raw: Any, where: str) -> Deck | None:
        fields = self.record(raw, where, {"name": str, "cards": str, "piles": list})
        if fields is None:
            return None
        cards = self.enum(DeckCards, fields["cards"], where)
        piles = []
        for i, entry in enumerate(fields["piles"]):
            pile = self.record(entry, f"{where}, piles[{i}]",
                               {"name": str, "role": str, "shown": str, "sets": ([str], [])})
            if pile is None:
                return None
            role = self.enum(PileRole, pile["role"], f"{where}, {pile['name']}")
            shown = self.enum(Shown, pile["shown"], f"{where}, {pile['name']}")
            if role is None or shown is None:
                return None
            piles.append(Pile(pile["name"], role, shown, tuple(pile["sets"])))
        if sum(pile.role is PileRole.DRAW for pile in piles) != 1:
            self.fault(where, FaultCode.BAD_VALUE, "a deck has one draw pile")
            return None
        return Deck(fields["name"], cards, tuple(piles)) if cards is not None else None

    # -- leaders.yaml ------------------------------------------------------------------------

    def leaders(self, raw: Any) -> tuple[Leader, ...] | None:
        """The leader discs, the same number for every faction, and at most one Main Leader
        each (``main``, with the powers he ``gates``: v3's Main Leaders, 003)."""
        if raw is None:
            return None
        top = self.record(raw, "leaders", {"per_faction": int, "leaders": list})
        if top is None:
            return None
        leaders = []
        for i, entry in enumerate(top["leaders"]):
            fields = self.record(
                entry,
                label(entry, "name", f"leaders[{i}]"),
                {"name": str, "faction": str, "strength": int, "synonyms": ([str], []),
                 "main": (bool, False), "gates": ([str], []),
                 "revival_cost": (int, None), "opposing": (bool, False),
                 "advantage": (str, None), "protected": (bool, False),
                 "shared": (bool, False)},
            )
            if fields is None:
                continue
            where = fields["name"]
            gates = self.enums(Ability, fields["gates"], f"{where}, gates")
            advantage = self.enums(Ability, [fields["advantage"]] if fields["advantage"] else [],
                                   f"{where}, advantage")
            if fields["gates"] and not fields["main"]:
                self.fault(where, FaultCode.BAD_VALUE, "only a Main Leader gates powers")
            if fields["strength"] < 0:
                self.fault(where, FaultCode.BAD_VALUE, "a strength cannot be negative")
            elif (self.factions_exist([fields["faction"]], where) and gates is not None
                  and advantage is not None):
                leaders.append(
                    Leader(
                        fields["name"],
                        fields["faction"],
                        fields["strength"],
                        tuple(fields["synonyms"]),
                        fields["main"],
                        gates,
                        fields["revival_cost"],
                        fields["opposing"],
                        next(iter(advantage), None),
                        fields["protected"],
                        fields["shared"],
                    )
                )
        self.clash([Named(x, x.name, (), x.synonyms) for x in leaders], "leaders")
        mains = Counter(leader.faction for leader in leaders if leader.main)
        for faction, count in sorted(mains.items()):
            if count > 1:
                self.fault(faction, FaultCode.LEADER_COUNT, f"{count} Main Leaders, at most one")
        per_faction = Counter(leader.faction for leader in leaders if not leader.main
                              and leader.advantage is None and not leader.shared)
        for faction in sorted(self.faction_names or ()):
            if per_faction[faction] != top["per_faction"]:
                self.fault(
                    faction,
                    FaultCode.LEADER_COUNT,
                    f"{per_faction[faction]} leaders, a faction has {top['per_faction']}",
                )
        return tuple(leaders) if len(leaders) == len(top["leaders"]) else None


    # -- tokens.yaml -------------------------------------------------------------------------

    def tokens(self, raw: Any, board: Board | None) -> tuple[TokenKind, ...] | None:
        """The kinds of token, each with its tokens: names unique, owners and excluded
        factions known (or to come), board places on the board."""
        if raw is None:
            return None
        top = self.record(raw, "tokens", {"factions_to_come": [str], "kinds": list})
        if top is None:
            return None
        coming = set(top["factions_to_come"])
        for name in sorted(coming & (self.faction_names or set())):
            self.fault("factions_to_come", FaultCode.BAD_VALUE,
                       f"{name!r} has its sheet in factions.yaml: it is no longer to come")
        kinds = [self.token_kind(entry, label(entry, "name", f"kinds[{i}]"), coming, board)
                 for i, entry in enumerate(top["kinds"])]
        found = tuple(kind for kind in kinds if kind is not None)
        for name, times in Counter(kind.name for kind in found).items():
            if times > 1:
                self.fault("kinds", FaultCode.DUPLICATE_NAME, f"{name!r} names {times} kinds")
        return found if len(found) == len(kinds) else None

    def token_kind(self, raw: Any, where: str, coming: set[str], board: Board | None
                   ) -> TokenKind | None:
        fields = self.record(raw, where, {"name": str, "words": str, "option": (str, None),
                                          "face": str, "ally_sees": (bool, False),
                                          "tokens": list, "occupies": (bool, False),
                                          "triggers": (bool, False),
                                          "bars_shipment": (bool, False),
                                          "seen_by": (str, None)})
        if fields is None:
            return None
        face = self.enum(Face, fields["face"], where)
        tokens = [self.token(entry, f"{where}, {label(entry, 'value', f'tokens[{i}]')}",
                             coming, board)
                  for i, entry in enumerate(fields["tokens"])]
        for key in ("value", "name"):
            for name, times in Counter(getattr(t, key) for t in tokens if t).items():
                if times > 1:
                    self.fault(where, FaultCode.DUPLICATE_NAME,
                               f"{key} {name!r} given to {times} tokens")
        if face is None or None in tokens or not tokens:
            if not tokens:
                self.fault(where, FaultCode.BAD_VALUE, "a kind of token has at least one")
            return None
        return TokenKind(fields["name"], fields["words"], fields["option"], face,
                         fields["ally_sees"], tuple(t for t in tokens if t is not None),
                         fields["occupies"], fields["triggers"], fields["bars_shipment"],
                         fields["seen_by"])

    def token(self, raw: Any, where: str, coming: set[str], board: Board | None
              ) -> Token | None:
        fields = self.record(raw, where, {"value": str, "name": str, "owner": (str, None),
                                          "place": str, "territory": (str, None),
                                          "sector": (int, None), "income": (dict, None),
                                          "option": (str, None)})
        if fields is None:
            return None
        place = self.enum(TokenPlace, fields["place"], where)
        good = place is not None and self.factions_to_be(
            [fields["owner"]] if fields["owner"] else [], coming, where)
        territory, sector = fields["territory"], fields["sector"]
        if (place is TokenPlace.BOARD) != (territory is not None and sector is not None):
            self.fault(where, FaultCode.BAD_VALUE,
                       "a token starting on the board has a territory and a sector; no other")
            good = False
        elif territory is not None and self.territories_exist([territory], where) and board:
            sectors = board[territory].sectors or (0,)
            if sector not in sectors:
                self.fault(where, FaultCode.SECTOR_RANGE,
                           f"sector {sector} is not one of {territory}'s {list(sectors)}")
                good = False
        income = self.income(fields["income"], coming, f"{where}, income")
        if not good or (fields["income"] is not None and income is None):
            return None
        assert place is not None
        return Token(fields["value"], fields["name"], fields["owner"], place, territory,
                     sector, income, fields["option"])

    def income(self, raw: Any, coming: set[str], where: str) -> TokenIncome | None:
        if raw is None:
            return None
        fields = self.record(raw, where, {"phase": str, "act": str, "excluded": str})
        if fields is None:
            return None
        act = self.enum(TokenAct, fields["act"], where)
        good = self.factions_to_be([fields["excluded"]], coming, where)
        if fields["phase"] not in PHASES:
            self.fault(where, FaultCode.BAD_VALUE, f"{fields['phase']!r} is not one of: "
                       f"{', '.join(sorted(PHASES))}")
            good = False
        return TokenIncome(fields["phase"], act, fields["excluded"]) if good and act else None

    def factions_to_be(self, names: list[str], coming: set[str], where: str) -> bool:
        """True if each name is a faction of factions.yaml or one of ``factions_to_come``."""
        return self.factions_exist([name for name in names if name not in coming], where)

