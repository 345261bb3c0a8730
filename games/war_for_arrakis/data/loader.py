"""Reads the YAML data of War for Arrakis, checks all of it, and builds the model.

The shared loader (``games/common/dataload.py``) reads the files, merges overlays by name and
collects every fault; this module reads each file into the model (``model.py``) and checks
the whole: borders that agree, a connected board, the sites 002 counts, decks of 18 cards,
steps of known kinds, authored files marked as such.  Data with a fault is never returned:
one ``DataError`` lists every fault found.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from ...common.dataload import DataError, DataReader, FaultCode
from ...common.names import Named, NameIndex
from .model import (
    COMBAT_FACES,
    MARKERS,
    RESULTS,
    STEP_KINDS,
    UNIT_KINDS,
    VEHICLES,
    AirZone,
    Area,
    Ban,
    Board,
    Card,
    Combat,
    Faction,
    Generic,
    Leader,
    Objective,
    Power,
    PrescienceCard,
    Row,
    Sector,
    Settlement,
    Terrain,
    WfaData,
)

DATA_DIR = Path(__file__).parent
AUTHORED = "authored"
DECK_SIZE = 18                       # 002 COMPONENTS: four decks of 18 cards
COUNTS = {"sietches": 8, "stations": 6, "settlements": 6, "prescience": 16, "objectives": 6,
          "tactical": 8}             # 002 COMPONENTS and SETUP


def load(*layers: Path) -> WfaData:
    """The checked data of a base folder and its overlays (this folder when none is given),
    loaded once per list of folders.  Raises DataError listing every fault found."""
    return _load(tuple(Path(layer) for layer in layers) or (DATA_DIR,))


@functools.cache
def _load(layers: tuple[Path, ...]) -> WfaData:
    reader = _Reader(layers)
    data = reader.read()
    if reader.faults:
        raise DataError(layers[-1], reader.faults, "War for Arrakis data")
    assert data is not None, "every unusable part of the data is reported as a fault"
    return data


class _Reader(DataReader):
    """Reads every file of the game's data, collecting the faults."""

    def read(self) -> WfaData | None:
        board = self.board(self.yaml("board.yaml"))
        components = self.yaml("components.yaml")
        leaders = self.leaders(self.yaml("leaders.yaml"), self.authored("atreides_leaders.yaml"))
        cards, decks = self.cards(self.yaml("planning.yaml"))
        imperium = self.yaml("imperium.yaml")
        tactical = self.tactical(self.yaml("tactical.yaml"), board)
        dice = self.yaml("dice.yaml")
        faces = self.authored("action_dice.yaml")
        shared = self.authored("shared_dashboards.yaml")
        prescience = self.prescience(self.authored("prescience_cards.yaml"))
        objectives = self.objectives(self.authored("objectives.yaml"))
        tokens = self.deployment(self.authored("deployment_tokens.yaml"))
        wormsigns = self.authored("wormsigns.yaml")
        ranks = self.authored("sietch_ranks.yaml")
        stations = self.authored("stations.yaml")
        tracks = self.authored("tracks.yaml")
        centres = self.centres(self.yaml("layout.yaml"), board)
        self.yaml("sources.yaml")
        if None in (board, components, leaders, cards, imperium, tactical, dice, faces, shared,
                    prescience, objectives, tokens, wormsigns, ranks, stations, tracks, centres):
            return None
        factions, powers = self.factions(components)
        dashboards = {**components["dashboards"],
                      **{power: shared[power] for power in ("house-atreides", "fremen")}}
        self.file = "components.yaml"
        for name, slots in dashboards.items():
            for result in slots:
                if result not in RESULTS:
                    self.fault(f"dashboards.{name}", FaultCode.BAD_VALUE,
                               f"{result!r} is no action result: {', '.join(RESULTS)}")
        self.file = "authored/action_dice.yaml"
        action_faces = {}
        for faction in ("atreides", "harkonnen"):
            found = tuple(faces.get(faction) or ())
            if len(found) != 6 or not set(found) <= set(RESULTS):
                self.fault(faction, FaultCode.BAD_VALUE, "six faces, each an action result")
            action_faces[faction] = found
        self.file = "dice.yaml"
        if len(dice["combat"]) != 6 or not set(dice["combat"]) <= set(COMBAT_FACES):
            self.fault("combat", FaultCode.BAD_VALUE, "six faces of hit, shield, special")
        self.counted("authored/wormsigns.yaml", sum(wormsigns["tokens"].values()),
                     components["wormsign_tokens"], "wormsign tokens")
        self.counted("authored/sietch_ranks.yaml", len(ranks["ranks"]), COUNTS["sietches"],
                     "sietch ranks")
        self.counted("authored/stations.yaml", sum(stations["symbols"].values()),
                     COUNTS["stations"], "station symbols")
        self.file = "authored/stations.yaml"
        if not set(stations["symbols"]) <= set(MARKERS):
            self.fault("symbols", FaultCode.BAD_VALUE, f"a marker of {', '.join(MARKERS)}")
        self.checks_leaders(leaders[0], cards, powers)
        if self.faults:
            return None
        names = [Named(leader.id, leader.name, (leader.abbreviation,),
                       ("Paul",) if leader.id in ("paul-atreides", "paul-muaddib") else ())
                 for leader in leaders[0].values()]
        return WfaData(
            board=board, factions=factions, powers=powers, leaders=leaders[0],
            generics=leaders[1], cards=cards, decks=decks, prescience=prescience,
            objectives=objectives,
            rows=tuple(Row(row["aside"], {v: row[v] for v in VEHICLES})
                       for row in imperium["rows"]),
            costs={key: imperium[key] for key in ("keep", "raise", "stockpile")},
            bans={key: Ban(key, ban["name"], ban["power"], ban["rule"])
                  for key, ban in imperium["bans"].items()},
            tactical=tactical, combat_faces=tuple(dice["combat"]), action_faces=action_faces,
            dashboards=dashboards, desert_power_power=shared["desert_power"],
            limits=dict(components["limits"]), vehicles=dict(components["vehicles"]),
            sandworms=components["sandworms"], wormsigns=dict(wormsigns["tokens"]),
            bene_gesserit_tokens=components["bene_gesserit_tokens"],
            sietch_ranks=tuple(ranks["ranks"]), station_symbols=dict(stations["symbols"]),
            bene_gesserit_steps=tuple(tracks["bene_gesserit_steps"]),
            prescience_top=tracks["prescience_top"], deployment=tokens,
            aspect=centres[0], centres=centres[1],
            leader_index=NameIndex("leader", _paul_once(names)),
            card_index=NameIndex("card", [Named(c.id, c.name, (), c.synonyms)
                                          for c in cards.values()]),
            prescience_index=NameIndex("Prescience card", [
                Named(p.id, p.name) for p in prescience.values()]))

    def authored(self, name: str) -> Any:
        """An authored file's content, faulted unless it says it is authored."""
        content = self.yaml(f"{AUTHORED}/{name}")
        if isinstance(content, dict) and content.get("authored") is not True:
            self.fault("authored", FaultCode.MISSING_KEY, "an authored file says authored: true")
        return content

    def counted(self, file: str, found: int, wanted: int, what: str) -> None:
        if found != wanted:
            self.file = file
            self.fault("count", FaultCode.BAD_VALUE, f"{found} {what}, 002 counts {wanted}")

    # -- board.yaml ------------------------------------------------------------------------
    def board(self, raw: Any) -> Board | None:
        top = self.record(raw, "board", {"sectors": list, "areas": list, "impassable": list,
                                         "air_zones": list})
        if top is None:
            return None
        sectors = {}
        for entry in top["sectors"]:
            found = self.record(entry, "sectors", {"id": str, "name": str, "ring": str,
                                                   "source": (list, [])})
            if found:
                sectors[found["id"]] = Sector(found["id"], found["name"], found["ring"])
        areas: dict[str, Area] = {}
        for i, entry in enumerate(top["areas"]):
            area = self.area(entry, f"areas[{i}]", sectors)
            if area is not None:
                if area.id in areas:
                    self.fault(area.id, FaultCode.DUPLICATE_NAME, "an area given twice")
                areas[area.id] = area
        impassable = set()
        for entry in top["impassable"]:
            pair = (entry or {}).get("areas") if isinstance(entry, dict) else None
            if not (isinstance(pair, list) and len(pair) == 2 and set(pair) <= set(areas)):
                self.fault("impassable", FaultCode.BAD_VALUE, f"two areas of the board: {entry}")
                continue
            if pair[1] in areas[pair[0]].neighbours:
                self.fault("impassable", FaultCode.BAD_VALUE,
                           f"{pair[0]} and {pair[1]} share a passable border too")
            impassable.add(frozenset(pair))
        zones = {}
        for entry in top["air_zones"]:
            found = self.record(entry, "air_zones", {"id": str, "name": str, "sectors": [str],
                                                     "source": (list, [])})
            if found is None:
                continue
            if len(found["sectors"]) != 2 or not set(found["sectors"]) <= set(sectors):
                self.fault(found["id"], FaultCode.BAD_VALUE, "an air zone lies between 2 sectors")
                continue
            zones[found["id"]] = AirZone(found["id"], found["name"], tuple(found["sectors"]))
        for area in areas.values():
            for other in area.neighbours:
                if other not in areas:
                    self.fault(area.id, FaultCode.BAD_VALUE, f"no area {other!r}")
                elif area.id not in areas[other].neighbours:
                    self.fault(area.id, FaultCode.BAD_VALUE,
                               f"borders {other}, which does not border it")
        self.clash([Named(a, a.name, (a.abbreviation,)) for a in areas.values()], "areas")
        sites = {"sietches": sum(a.sietch for a in areas.values()),
                 "stations": sum(a.station for a in areas.values()),
                 "settlements": sum(a.settlement is not None for a in areas.values())}
        for what, found in sites.items():
            if found != COUNTS[what]:
                self.fault(what, FaultCode.BAD_VALUE, f"{found} {what}, 002 counts {COUNTS[what]}")
        if self.faults:
            return None
        board = Board(areas, sectors, frozenset(impassable), zones,
                      NameIndex("area", [Named(a, a.name, (a.abbreviation,))
                                         for a in areas.values()]))
        first = next(iter(areas))
        cut_off = set(areas) - set(board.within(first, len(areas)))
        if cut_off:
            self.fault("areas", FaultCode.BAD_VALUE, f"not reachable: {sorted(cut_off)}")
        return board

    def area(self, raw: Any, where: str, sectors: dict[str, Sector]) -> Area | None:
        found = self.record(raw, where, {
            "id": str, "name": str, "abbreviation": str, "sector": str, "terrain": str,
            "deep": (bool, False), "settlement": (dict, None), "sietch": (bool, False),
            "station": (bool, False), "sheltered_by": (list, None), "atomics": (bool, False),
            "neighbours": [str], "source": (list, [])})
        if found is None:
            return None
        where = found["id"]
        terrain = self.enum(Terrain, found["terrain"], where)
        if found["sector"] not in sectors and found["sector"] != "north-pole":
            self.fault(where, FaultCode.BAD_VALUE, f"no sector {found['sector']!r}")
        if found["deep"] and terrain is not Terrain.DESERT:
            self.fault(where, FaultCode.BAD_VALUE, "only a Desert area is Deep Desert")
        settlement = None
        if found["settlement"] is not None:
            site = self.record(found["settlement"], where, {"kind": str, "rank": int})
            settlement = Settlement(site["kind"], site["rank"]) if site else None
        if terrain is None:
            return None
        return Area(where, found["name"], found["abbreviation"], found["sector"], terrain,
                    found["deep"], settlement, found["sietch"], found["station"],
                    tuple(found["sheltered_by"]) if found["sheltered_by"] is not None else None,
                    found["atomics"], tuple(found["neighbours"]))

    # -- components.yaml -------------------------------------------------------------------
    def factions(self, raw: dict[str, Any]) -> tuple[dict[str, Faction], dict[str, Any]]:
        factions = {}
        for key, entry in raw["factions"].items():
            factions[key] = Faction(key, entry["name"], tuple(entry["powers"]),
                                    dict(entry["units"]), entry["special_name"],
                                    entry["generic_leader"], entry["generic_leaders"],
                                    entry["action_dice"], entry["tank_slots"],
                                    entry["bene_gesserit_start"])
        powers = {key: Power(key, entry["name"], entry["faction"], entry["deck"])
                  for key, entry in raw["powers"].items()}
        return factions, powers

    # -- leaders ---------------------------------------------------------------------------
    def leaders(self, raw: Any, atreides: Any
                ) -> tuple[dict[str, Leader], dict[str, Generic]] | None:
        if raw is None or atreides is None:
            return None
        self.file = "leaders.yaml"
        generics = {key: Generic(key, entry["name"], entry["faction"], entry["power"],
                                 Combat(**entry["combat"]))
                    for key, entry in raw["generic"].items()}
        leaders = {}
        for entry in raw["named"]:
            found = self.record(entry, _name(entry), {
                "id": str, "name": str, "abbreviation": str, "faction": str, "power": str,
                "box": (str, None), "combat": dict, "enters": dict, "replaces": (str, None),
                "removes": (str, None), "brings": (str, None), "special": (list, []),
                "solo_special": (list, []), "source": (list, [])})
            if found is None:
                continue
            own = atreides.get(found["id"], {}) if found["faction"] == "atreides" else {}
            box = own.get("box", found["box"])
            special = own.get("special", found["special"])
            if box is not None and box not in RESULTS:
                self.fault(found["id"], FaultCode.BAD_VALUE, f"box {box!r} is no action result")
            self.steps(special, found["id"])
            self.steps(found["solo_special"], found["id"])
            leaders[found["id"]] = Leader(
                found["id"], found["name"], found["abbreviation"], found["faction"],
                found["power"], box, Combat(**found["combat"]), found["enters"],
                found["replaces"], found["removes"], found["brings"], tuple(special),
                tuple(found["solo_special"]))
        for key, leader in leaders.items():
            for other in (leader.replaces, leader.removes, leader.enters.get("removed")):
                if other is not None and other not in leaders:
                    self.fault(key, FaultCode.BAD_VALUE, f"no leader {other!r}")
        return leaders, generics

    def checks_leaders(self, leaders: dict[str, Leader], cards: dict[str, Card],
                       powers: dict[str, Any]) -> None:
        self.file = "planning.yaml"
        for card in cards.values():
            for step in (*card.effect, *card.instead):
                for key in ("enter",):
                    if key in step:
                        value = step[key]
                        leader = value["leader"] if isinstance(value, dict) else value
                        if leader not in leaders:
                            self.fault(card.id, FaultCode.BAD_VALUE, f"no leader {leader!r}")
        self.file = "leaders.yaml"
        for leader in leaders.values():
            if leader.power not in powers:
                self.fault(leader.id, FaultCode.BAD_VALUE, f"no power {leader.power!r}")

    # -- cards -----------------------------------------------------------------------------
    def cards(self, raw: Any) -> tuple[dict[str, Card] | None, dict[str, tuple[str, ...]]]:
        if raw is None:
            return None, {}
        cards: dict[str, Card] = {}
        decks: dict[str, tuple[str, ...]] = {}
        for deck, entries in raw["decks"].items():
            listed: list[str] = []
            for entry in entries:
                found = self.record(entry, _name(entry), {
                    "id": str, "name": str, "synonyms": (list, []), "copies": (int, 1),
                    "summary": str, "effect": list, "instead": (dict, None)})
                if found is None:
                    continue
                self.steps(found["effect"], found["id"])
                instead = found["instead"] or {}
                self.steps(instead.get("effect", []), found["id"])
                cards[found["id"]] = Card(
                    found["id"], found["name"], tuple(found["synonyms"]), deck,
                    found["copies"], found["summary"], tuple(found["effect"]),
                    instead.get("when"), tuple(instead.get("effect", ())))
                listed += [found["id"]] * found["copies"]
            if len(listed) != DECK_SIZE:
                self.fault(deck, FaultCode.BAD_VALUE,
                           f"{len(listed)} cards, 002 counts {DECK_SIZE}")
            decks[deck] = tuple(listed)
        return cards, decks

    def steps(self, steps: Any, where: str) -> None:
        """Each step a mapping of one known kind (``STEP_KINDS``), its choices' steps too."""
        for step in steps if isinstance(steps, list | tuple) else [steps]:
            if not (isinstance(step, dict) and len(step) == 1 and set(step) <= STEP_KINDS):
                self.fault(where, FaultCode.BAD_VALUE, f"a step of one known kind, not {step!r}")
                continue
            if "choose" in step:
                for option in step["choose"]:
                    self.steps(option, where)

    # -- the rest --------------------------------------------------------------------------
    def centres(self, raw: Any, board: Board | None
                ) -> tuple[float, dict[str, tuple[float, float]]] | None:
        """Each area's centre on the board, as shares of its width and height, for the map."""
        if raw is None or board is None:
            return None
        found = {}
        for area, centre in (raw.get("centres") or {}).items():
            if area not in board.areas:
                self.fault(f"centres.{area}", FaultCode.BAD_VALUE, "no such area")
            elif not (isinstance(centre, list) and len(centre) == 2
                      and all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in centre)):
                self.fault(f"centres.{area}", FaultCode.BAD_VALUE, "[x, y], each 0 to 1")
            else:
                found[area] = (float(centre[0]), float(centre[1]))
        for area in board.areas:
            if area not in found and (raw.get("centres") or {}).get(area) is None:
                self.fault(f"centres.{area}", FaultCode.MISSING_KEY, "no centre for the area")
        return float(raw.get("aspect", 0.5)), found

    def tactical(self, raw: Any, board: Board | None) -> tuple[tuple[str, str], ...] | None:
        if raw is None or board is None:
            return None
        cards = tuple((entry["sietch"], entry["sector"]) for entry in raw["cards"])
        for sietch, sector in cards:
            if sietch not in board.areas or not board[sietch].sietch:
                self.fault(sietch, FaultCode.BAD_VALUE, "a tactical card names a sietch")
            elif sector != ("central" if board[sietch].sector in board.central
                            else board[sietch].sector):
                self.fault(sietch, FaultCode.BAD_VALUE, f"the sietch lies not in {sector}")
        if len(cards) != COUNTS["tactical"]:
            self.fault("cards", FaultCode.BAD_VALUE, f"{len(cards)} tactical cards")
        return cards

    def prescience(self, raw: Any) -> dict[str, PrescienceCard] | None:
        if raw is None:
            return None
        found = {}
        for entry in raw["cards"]:
            card = self.record(entry, _name(entry), {
                "id": str, "name": str, "timing": str, "spend_die": (bool, False),
                "requires": (list, []), "do": (list, []), "reward": dict})
            if card is None:
                continue
            if card["timing"] not in ("action", "end") or not set(card["reward"]) <= set(MARKERS):
                self.fault(card["id"], FaultCode.BAD_VALUE, "timing action or end; markers")
            found[card["id"]] = PrescienceCard(card["id"], card["name"], card["timing"],
                                               card["spend_die"], tuple(card["requires"]),
                                               tuple(card["do"]), dict(card["reward"]))
        if len(found) != COUNTS["prescience"]:
            self.fault("cards", FaultCode.BAD_VALUE, f"{len(found)} Prescience cards")
        return found

    def objectives(self, raw: Any) -> dict[str, Objective] | None:
        if raw is None:
            return None
        found = {entry["id"]: Objective(entry["id"], entry["name"],
                                        {m: entry[m] for m in MARKERS})
                 for entry in raw["objectives"]}
        if len(found) != COUNTS["objectives"]:
            self.fault("objectives", FaultCode.BAD_VALUE, f"{len(found)} objectives")
        return found

    def deployment(self, raw: Any) -> dict[str, tuple[dict[str, int], ...]] | None:
        if raw is None:
            return None
        wanted = {"atreides_starting": 8, "atreides": 8, "harkonnen_black": 6,
                  "harkonnen_silver": 6}            # 002 COMPONENTS
        found = {}
        for key, count in wanted.items():
            tokens = tuple(raw.get(key) or ())
            if len(tokens) != count:
                self.fault(key, FaultCode.BAD_VALUE, f"{len(tokens)} tokens, 002 counts {count}")
            for token in tokens:
                if not set(token) <= {*UNIT_KINDS, "leader"}:
                    self.fault(key, FaultCode.BAD_VALUE, f"units and a leader, not {token}")
            found[key] = tokens
        return found


def _name(entry: Any) -> str:
    return entry.get("id", "?") if isinstance(entry, dict) else "?"


def _paul_once(entries: list[Named]) -> list[Named]:
    """The leaders by name; "Paul" alone names whichever Paul is in play, so the index keeps
    it as a synonym of one only and the rules read ``paul`` (``state.paul``)."""
    seen = False
    kept = []
    for entry in entries:
        if entry.synonyms and seen:
            entry = Named(entry.item, entry.name, entry.abbreviations, ())
        seen = seen or bool(entry.synonyms)
        kept.append(entry)
    return kept
