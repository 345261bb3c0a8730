"""The map of Arrakis: the classic board drawn from the public view, as SVG and as PNG.

The layout is data (``data/board_map.yaml``): each territory is a set of ring segments, one
per sector it spans, so the picture is faithful to which territory lies in which sectors and
beside which.  ``scene`` turns a public view into one list of shapes (territories, sectors,
the storm, spice, each faction's forces per sector, strongholds and their holders, the
player dots, a side panel); ``board_svg`` writes that list as SVG text and ``board_png``
paints the same list with Pillow, so the two pictures are one drawing.  What is the same on
every map (``static``: the board, its borders, the names) is built, written and painted once
per process; a ``BoardMap`` works out a view's own shapes (``layers``) once for both
pictures, and ``paint`` paints only those over the painted board.  The drawing primitives
(shapes, boxes placed clear of each other, SVG, the painter and its PNG file) are shared with
every game (``games/common/drawing.py``).

Only the public view is read (``view.public_view``): the map shows nothing a seat could not
see on the table.  Forces are chips of the faction's colour with its letter and the count
(``5+2*``: five forces and two starred); the Bene Gesserit's coexisting advisors (000 XV.B.4,
line 506) are white chips with a dashed border.  Each group of chips goes to the free spot
nearest its place, covering no other and no territory's name, tied to its place by a thin line
when it had to move.  Tokens (the token layer, ``tokens``) are drawn from the view too: one on
the board is a round token where it lies, face up with its name's initials, face down dark
with a question mark and its owner's letter (its value is not in the public view); those in
front of the shields are listed in the side panel.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ...common.drawing import (
    INK,
    Circle,
    Ground,
    Group,
    Painter,
    Placed,
    Poly,
    Text,
    arc,
    mix,
    painted_ground,
    palette_of,
    placed_shapes,
    polar,
    rect,
    spread,
    svg_document,
    svg_of,
)
from ..data import Board, Faction, MapMarker
from ..factions import power
from ..forces import count_text, marks
from ..rules import rules_of
from ..state import POLAR_SINK, data, layered_data, sheet
from . import homeworlds, layer

LAYOUT_FILE = Path(__file__).parents[1] / "data" / "board_map.yaml"
SECTOR_DEGREES = 20
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
BORDER = "#5b4630"
STORM = "#4b3f72"
SPICE, SPICE_INK = "#ffe58a", "#a04000"


# --- the layout ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Cell:
    """A ring segment of one sector: ``r`` the radial band (0 the Polar Sink, 1 the rim),
    ``a`` the part of the sector's width (0 toward the sector before it)."""

    territory: str
    sector: int
    r: tuple[float, float]
    a: tuple[float, float] = (0.0, 1.0)


@dataclass(frozen=True)
class Layout:
    """The map's geometry and colours, read from ``board_map.yaml`` and checked."""

    width: int
    height: int
    centre: tuple[float, float]
    sink_radius: float
    rim_radius: float
    first_sector_starts_at: float
    panel_x: int
    key_y: int
    fills: dict[str, str]
    cells: tuple[Cell, ...]
    labels: dict[str, tuple[int, float, float]]
    key_chips: dict[str, str]
    drawn: tuple[str, ...]          # the territories the file draws, in its order

    def radius(self, r: float) -> float:
        return self.sink_radius + r * (self.rim_radius - self.sink_radius)

    def angle(self, sector: int, a: float) -> float:
        """Degrees counterclockwise from east."""
        return self.first_sector_starts_at + (sector - 1 + a) * SECTOR_DEGREES

    def point(self, sector: int, r: float, a: float) -> tuple[float, float]:
        return polar(self.centre, self.radius(r), self.angle(sector, a))

    def outline(self, cell: Cell) -> list[tuple[float, float]]:
        """The corners and arcs of a cell, as a closed polygon."""
        inner = arc(self.centre, self.radius(cell.r[0]), self.angle(cell.sector, cell.a[0]),
                    self.angle(cell.sector, cell.a[1]))
        outer = arc(self.centre, self.radius(cell.r[1]), self.angle(cell.sector, cell.a[1]),
                    self.angle(cell.sector, cell.a[0]))
        return inner + outer

    def cells_of(self, territory: str, sector: int | None = None) -> list[Cell]:
        return [c for c in self.cells
                if c.territory == territory and (sector is None or c.sector == sector)]

    def anchor(self, territory: str, sector: int) -> tuple[float, float]:
        """Where a territory's things in one sector are tied: the middle of its largest cell
        there, or just under the territory's name when that is written in the same cell
        (the Polar Sink: under its name)."""
        cells = self.cells_of(territory, sector) or self.cells_of(territory)
        label = self.label_point(territory)
        if not cells:
            return label[0], label[1] + 10
        cell = max(cells, key=self.area)
        if self.contains(cell, label):
            return label[0], label[1] + 10
        return self.point(cell.sector, sum(cell.r) / 2, sum(cell.a) / 2)

    def contains(self, cell: Cell, point: tuple[float, float]) -> bool:
        """Whether a point of the picture lies in a cell."""
        dx, dy = point[0] - self.centre[0], self.centre[1] - point[1]
        r = (math.hypot(dx, dy) - self.sink_radius) / (self.rim_radius - self.sink_radius)
        turns = (math.degrees(math.atan2(dy, dx)) - self.first_sector_starts_at) % 360
        sector, a = divmod(turns / SECTOR_DEGREES, 1)
        return (int(sector) + 1 == cell.sector and cell.r[0] <= r <= cell.r[1]
                and cell.a[0] <= a <= cell.a[1])

    def label_point(self, territory: str) -> tuple[float, float]:
        if territory in self.labels:
            return self.point(*self.labels[territory])
        cells = self.cells_of(territory)
        if not cells:
            return self.centre[0], self.centre[1] - self.sink_radius * 0.55
        cell = max(cells, key=self.area)
        return self.point(cell.sector, sum(cell.r) / 2, sum(cell.a) / 2)

    def area(self, cell: Cell) -> float:
        """A cell's area in square pixels."""
        r0, r1 = self.radius(cell.r[0]), self.radius(cell.r[1])
        return math.radians(SECTOR_DEGREES) * (cell.a[1] - cell.a[0]) * (r1 * r1 - r0 * r0) / 2


class LayoutError(ValueError):
    """The layout file does not fit the board; ``problems`` lists every fault."""

    def __init__(self, path: Path, problems: list[str]):
        self.problems = problems
        super().__init__(f"{path}:\n  " + "\n  ".join(problems))


@functools.cache
def layout() -> Layout:
    """The map layout, read once (``load_layout``); checked against a ruleset's board when its
    first map is drawn (``static``)."""
    return load_layout(LAYOUT_FILE)


def load_layout(path: Path, board: Board | None = None) -> Layout:
    """A layout file read and checked: every band within the ring; and, given a board, every
    territory drawn, each in exactly its sectors (``board_problems``); every fault is reported
    at once."""
    raw = yaml.load(path.read_text(encoding="utf-8"),     # libyaml's: an eighth of the time
                    Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    problems, cells, labels = [], [], {}
    for name, entry in raw["territories"].items():
        mine = [Cell(name, c["sector"], tuple(c["r"]), tuple(c.get("a", (0.0, 1.0))))
                for c in entry["cells"]]
        bad = [c for c in mine if not (0 <= c.r[0] < c.r[1] <= 1 and 0 <= c.a[0] < c.a[1] <= 1)]
        problems += [f"{name}: sector {c.sector}: bad band r={c.r} a={c.a}" for c in bad]
        cells += mine
        if "label" in entry:
            spot = entry["label"]
            labels[name] = (spot["sector"], spot["r"], spot.get("a", 0.5))
    lay = Layout(raw["canvas"]["width"], raw["canvas"]["height"], tuple(raw["board"]["centre"]),
                 raw["board"]["polar_sink_radius"], raw["board"]["rim_radius"],
                 raw["first_sector_starts_at"], raw["panel"]["x"], raw["key"]["y"],
                 raw["fills"], tuple(cells), labels, raw["key_chips"], tuple(raw["territories"]))
    problems += board_problems(lay, board) if board is not None else []
    if problems:
        raise LayoutError(path, problems)
    return lay


def board_problems(lay: Layout, board: Board) -> list[str]:
    """How a layout fails a ruleset's board: a territory drawn that the board lacks, or drawn
    in other sectors than the board's, or not drawn."""
    problems = []
    for name in lay.drawn:
        if name not in board:
            problems.append(f"{name}: no such territory on the board")
            continue
        sectors = {c.sector for c in lay.cells_of(name)}
        if sectors != set(board[name].sectors):
            problems.append(f"{name}: cells in sectors {sorted(sectors)}, "
                            f"the board says {sorted(board[name].sectors)}")
    return problems + [f"{t.name}: not drawn" for t in board.territories
                       if t.name not in lay.drawn]


def marker(view: dict[str, Any], seat: str) -> MapMarker:
    """How the map marks a seat's forces: its faction sheet's (``factions.yaml``: ``map``)."""
    return sheet(seat, view).map_marker


# --- the scene ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Static:
    """The shapes that are the same on every map of a ruleset, built once per process: the
    ``ground`` (the board, its sectors and borders), the territories' ``labels`` on the board
    and their ``abbreviations`` below it."""

    ground: tuple[Any, ...]
    labels: tuple[Text, ...]
    abbreviations: tuple[Text, ...]


@functools.cache
def static(ruleset: str) -> Static:
    """The static shapes of a ruleset's map (its board's territory types), the layout checked
    against its board first; ``ruleset`` is the map's key, its layers of data joined by "+"
    (``map_key``: v3's Diversified Victory makes Harg Pass a stronghold on its map)."""
    lay = layout()
    board = _data(ruleset).board
    problems = board_problems(lay, board)
    if problems:
        raise LayoutError(LAYOUT_FILE, problems)
    shapes: list[Any] = [rect(0, 0, lay.width, lay.height, fill="#fbf7ef")]
    shapes.append(Circle(*lay.centre, lay.rim_radius + 4, fill="#e8d3a6", stroke=BORDER,
                         width=2))
    for cell in lay.cells:
        fill = lay.fills[board[cell.territory].type.value]
        shapes.append(Poly(lay.outline(cell), fill=fill, stroke=fill, width=1))
    shapes.append(Circle(*lay.centre, lay.sink_radius, fill=lay.fills["polar_sink"],
                         stroke=BORDER, width=2))
    shapes += _sector_lines(lay)
    shapes += _borders(lay)
    return Static(tuple(shapes), tuple(_labels(lay, board)), tuple(_abbreviations(lay, board)))


@dataclass(frozen=True)
class Scene:
    """The map of one public view as layers over the ruleset's ``Static`` shapes: ``under``
    (the storm, the held strongholds, the player dots) lies between the ground and the labels,
    ``over`` (forces and spice, the side panel) on top of them."""

    ruleset: str
    under: list[Any]
    over: list[Any]

    @property
    def shapes(self) -> list[Any]:
        """Every shape, back to front."""
        fixed = static(self.ruleset)
        return [*fixed.ground, *self.under, *fixed.labels, *self.over, *fixed.abbreviations]


def layers(view: dict[str, Any]) -> Scene:
    """The map of one public view, in layers."""
    lay = layout()
    ruleset = map_key(view)
    under = (_storm(lay, view) + _holders(lay, view) + _places(lay, view)
             + _player_dots(lay, view))
    return Scene(ruleset, under,
                 _placed(lay, view, list(static(ruleset).labels)) + _panel(lay, view))


def scene(view: dict[str, Any]) -> list[Any]:
    """The shapes of the map of one public view, back to front."""
    return layers(view).shapes


def _sector_lines(lay: Layout) -> list[Any]:
    shapes = []
    for sector in range(1, 19):
        start = lay.angle(sector, 0)
        shapes.append(Poly([polar(lay.centre, lay.sink_radius, start),
                            polar(lay.centre, lay.rim_radius + 4, start)],
                           stroke="#9a8466", width=0.8, dash=True, closed=False))
        x, y = polar(lay.centre, lay.rim_radius + 27, lay.angle(sector, 0.5))
        shapes.append(Text(x, y, str(sector), 13, fill="#6b5a44", bold=True))
    return shapes


def _borders(lay: Layout) -> list[Poly]:
    """The lines between territories: every edge of a cell, less the stretches where a cell
    of the same territory lies on the other side."""
    lines = []
    for cell in lay.cells:
        for edge, span in _edges(cell):
            same = [_overlap(span, other_span) for other_span in _across(lay, cell, edge)]
            for start, end in _subtract(span, [s for s in same if s]):
                lines.append(Poly(_edge_points(lay, cell, edge, start, end), stroke=BORDER,
                                  width=1.6, closed=False))
    lines.append(Poly(arc(lay.centre, lay.rim_radius, 0, 360), stroke=BORDER, width=2,
                      closed=False))
    return lines


def _edges(cell: Cell) -> list[tuple[str, tuple[float, float]]]:
    return [("inner", cell.a), ("outer", cell.a), ("from", cell.r), ("to", cell.r)]


def _across(lay: Layout, cell: Cell, edge: str) -> list[tuple[float, float]]:
    """The spans of the same territory's cells just across one edge of ``cell``."""
    spans = []
    for other in lay.cells_of(cell.territory):
        same_sector = other.sector == cell.sector
        if edge in ("inner", "outer") and same_sector and (
                other.r[1] == cell.r[0] if edge == "inner" else other.r[0] == cell.r[1]):
            spans.append(other.a)
        elif edge in ("from", "to") and (
                _before(cell, other) if edge == "from" else _before(other, cell)):
            spans.append(other.r)
    return spans


def _before(cell: Cell, other: Cell) -> bool:
    """Whether ``other`` lies just before ``cell`` (toward the lower sector side)."""
    if cell.a[0] > 0:
        return other.sector == cell.sector and other.a[1] == cell.a[0]
    return other.sector == (cell.sector - 2) % 18 + 1 and other.a[1] == 1


def _overlap(one: tuple[float, float], two: tuple[float, float]) -> tuple[float, float] | None:
    start, end = max(one[0], two[0]), min(one[1], two[1])
    return (start, end) if end > start else None


def _subtract(span: tuple[float, float], cuts: list[tuple[float, float]]
              ) -> list[tuple[float, float]]:
    pieces, start = [], span[0]
    for cut_start, cut_end in sorted(cuts):
        if cut_start > start:
            pieces.append((start, cut_start))
        start = max(start, cut_end)
    if start < span[1]:
        pieces.append((start, span[1]))
    return pieces


def _edge_points(lay: Layout, cell: Cell, edge: str, start: float, end: float
                 ) -> list[tuple[float, float]]:
    if edge in ("inner", "outer"):
        radius = lay.radius(cell.r[0] if edge == "inner" else cell.r[1])
        return arc(lay.centre, radius, lay.angle(cell.sector, start), lay.angle(cell.sector, end))
    a = cell.a[0] if edge == "from" else cell.a[1]
    return [lay.point(cell.sector, start, a), lay.point(cell.sector, end, a)]


def _storm(lay: Layout, view: dict[str, Any]) -> list[Any]:
    """The storm: a dark veil over its sector, and its sector's number ringed."""
    sector = view.get("storm")
    if not sector:
        return []
    start, end = lay.angle(sector, 0), lay.angle(sector, 1)
    wedge = (arc(lay.centre, lay.sink_radius, start, end)
             + arc(lay.centre, lay.rim_radius + 16, end, start))
    x, y = polar(lay.centre, lay.rim_radius + 27, lay.angle(sector, 0.5))
    return [Group("storm", {"data-sector": str(sector)}, [
        Poly(wedge, fill=STORM, opacity=0.38, stroke=STORM, width=2),
        Circle(x, y, 13, fill=STORM),
        Text(x, y, str(sector), 13, fill="#ffffff", bold=True)])]


def occupants(view: dict[str, Any], territory: str) -> list[str]:
    """The factions occupying a territory in the public view, in seat order (coexisting
    Bene Gesserit advisors occupy nothing, 000 XV.B.4)."""
    present = {f for by_faction in view["forces"].get(territory, {}).values()
               for f in by_faction}
    return [seat for seat in view["seats"]
            if seat in present and territory not in power(seat, view).coexisting_in_view(view)]


def map_key(view: dict[str, Any]) -> str:
    """The key of a view's map: its game's layers of data, joined ("classic+v3")."""
    return "+".join(rules_of(view).layers)


def _data(key: str) -> Any:
    """The data of a map's key (``map_key``)."""
    return layered_data(tuple(key.split("+")))


def strongholds(view: dict[str, Any]) -> list[str]:
    """The strongholds of the board as it lies (v3's Harg Pass with Diversified Victory; the
    board layer's places too, 001 2.07.18)."""
    return [t.name for t in layer.board(view).strongholds]


def _holders(lay: Layout, view: dict[str, Any]) -> list[Any]:
    """A stronghold held by one faction is ringed in its colour; by several, in red dashes."""
    shapes = []
    for name in strongholds(view):
        held = occupants(view, name)
        if not held:
            continue
        colour = marker(view, held[0]).colour if len(held) == 1 else "#d01818"
        for cell in lay.cells_of(name):
            shapes.append(Poly(lay.outline(cell), stroke=colour, width=4,
                               dash=len(held) > 1))
    return shapes


def _places(lay: Layout, view: dict[str, Any]) -> list[Any]:
    """Each place of the board layer where it points (001 2.07.18: the Hidden Mobile
    Stronghold "within the Territory and Sector it is pointing to"): a token with its
    abbreviation, ringed in its holder's colour as a stronghold is."""
    shapes = []
    off = homeworlds.off_planet(view)        # the homeworlds: in the panel (_panel_homeworlds)
    for name, (territory, sector) in sorted((view.get("places") or {}).items()):
        if name in off:
            continue
        x, y, w, text = _place_box(lay, view, name)
        held = occupants(view, name)
        ring = (BORDER if not held else marker(view, held[0]).colour if len(held) == 1
                else "#d01818")
        shapes.append(Group("place", {"data-place": name, "data-territory": territory,
                                      "data-sector": str(sector)},
                            [rect(x - w / 2, y - 11, w, 22, fill=INK, stroke=ring, width=3,
                                  dash=len(held) > 1),
                             Text(x, y, text, 11, fill="#ffffff", bold=True)],
                            f"{name}, pointing at {territory} (sector {sector})"))
    return shapes


def _place_box(lay: Layout, view: dict[str, Any], name: str) -> tuple[float, float, float, str]:
    """Where a place's token is drawn: its centre, its width and its abbreviation."""
    territory, sector = view["places"][name]
    x, y = lay.anchor(territory, sector)
    text = layer.board(view)[name].abbreviations[0]
    return x, y, len(text) * CHAR_W + 12, text


def _locations(lay: Layout, view: dict[str, Any]) -> list[tuple[float, float, float, float]]:
    """The boxes of the discovery locations on the board (001 4.06.06.03: nobody's places),
    which the chips and tokens keep clear of (x, y, width, height)."""
    names = [p.name for p in data(view).board.places if not p.owner
             and p.name in (view.get("places") or {})]
    return [(x - w / 2, y - 11, w, 22)
            for x, y, w, _ in (_place_box(lay, view, name) for name in names)]


def _player_dots(lay: Layout, view: dict[str, Any]) -> list[Any]:
    """The printed dots, empty where nobody sits, and every seat's (a table bigger than the
    printed dots seats some between them: ``Board.seat_dots``)."""
    seated = {info["dot"]: seat for seat, info in view["factions"].items()}
    shapes = []
    for dot in sorted({*data(view).board.player_dots, *seated}):
        x, y = polar(lay.centre, lay.rim_radius + 2, lay.angle(dot, 0.5))
        seat = seated.get(dot)
        if seat is None:
            shapes.append(Circle(x, y, 5, fill="#fbf7ef", stroke=BORDER))
            continue
        style = marker(view, seat)
        shapes.append(Group("player-dot", {"data-faction": seat}, [
            Circle(x, y, 10, fill=style.colour, stroke="#ffffff", width=1.5),
            Text(x, y, style.letter, 11, fill=style.text, bold=True)]))
    return shapes


def _labels(lay: Layout, board: Board) -> list[Text]:
    labels = []
    for territory in board.territories:
        x, y = lay.label_point(territory.name)
        stronghold = territory.is_stronghold
        text = territory.name if territory.name == POLAR_SINK else territory.abbreviations[0]
        labels.append(Text(x, y, text, 12 if stronghold else 10.5,
                           fill="#ffffff" if stronghold else "#5a4630", bold=stronghold))
    return labels


# --- forces and spice, placed so that nothing covers anything -------------------------------
CHIP_H, CHIP_GAP, CHAR_W = 16, 2, 7.6




def _chips(lay: Layout, view: dict[str, Any], territory: str, by_faction: dict) -> list[tuple]:
    """(text, fill, text colour, dashed) for each faction's chip, in seat order."""
    chips = []
    for seat in view["seats"]:
        if seat not in by_faction:
            continue
        style = marker(view, seat)
        text = f"{style.letter} {count_text(by_faction[seat])}"
        if territory in power(seat, view).coexisting_in_view(view):
            chips.append((f"{text} {power(seat, view).coexisting_mark}", "#ffffff",
                          style.colour, True))
        else:
            chips.append((text, style.colour, style.text, False))
    return chips


def _forces_box(lay: Layout, view: dict[str, Any], territory: str, sector: str,
                by_faction: dict) -> Placed:
    chips = _chips(lay, view, territory, by_faction)
    width = max(len(text) for text, *_ in chips) * CHAR_W + 10
    height = len(chips) * (CHIP_H + CHIP_GAP) - CHIP_GAP

    def draw(x: float, y: float) -> list[Any]:
        shapes = []
        for i, (text, fill, ink, dashed) in enumerate(chips):
            top = y + i * (CHIP_H + CHIP_GAP)
            shapes.append(rect(x, top, width, CHIP_H, fill=fill,
                               stroke=ink if dashed else "#ffffff", width=1.2, dash=dashed))
            shapes.append(Text(x + width / 2, top + CHIP_H / 2, text, 11.5, fill=ink, bold=True))
        return shapes
    where = territory if sector == "0" else f"{territory}, sector {sector}"
    names = ", ".join(f"{view['factions'][seat]['name']} {count_text(counts)}"
                      for seat, counts in by_faction.items())
    return Placed("forces", {"data-territory": territory, "data-sector": sector},
                  lay.anchor(*layer.host_sector(view, territory, int(sector))), width, height,
                  draw,
                  title=f"{where}: {names}")


def _spice_box(lay: Layout, board: Board, territory: str, amount: int) -> Placed:
    """Spice: a round pale-gold token with the amount, at the territory's spice blow sector."""
    blow = board[territory].spice_blow
    sector = blow.sector if blow else board[territory].sectors[0]
    size = max(22, len(str(amount)) * CHAR_W + 8)

    def draw(x: float, y: float) -> list[Any]:
        return [Circle(x + size / 2, y + size / 2, size / 2, fill=SPICE, stroke=SPICE_INK,
                       width=2),
                Text(x + size / 2, y + size / 2, str(amount), 11.5, fill=SPICE_INK, bold=True)]
    return Placed("spice", {"data-territory": territory, "data-amount": str(amount)},
                  lay.anchor(territory, sector), size, size, draw,
                  title=f"{territory}: {amount} spice")


def _token_box(lay: Layout, view: dict[str, Any], token: dict[str, Any]) -> Placed:
    """A token on the board: face up a pale token with its name's initials, face down a dark
    one with a question mark, and its owner's letter beside either."""
    owner = token["owner"]
    style = marker(view, owner) if owner else None
    letter = style.letter if style else ""
    up = token["face"] == "up" and "name" in token
    mark = "".join(word[0] for word in token["name"].split()) if up else "?"
    size = max(22, (len(mark) + len(letter)) * CHAR_W + 10)

    def draw(x: float, y: float) -> list[Any]:
        ink = INK if up else "#ffffff"
        return [Circle(x + size / 2, y + size / 2, size / 2, fill="#f4efe4" if up else "#3a3a3a",
                       stroke=style.colour if style else BORDER, width=2.5),
                Text(x + size / 2, y + size / 2, f"{letter}{mark}", 11, fill=ink, bold=True)]
    whose = f"{view['factions'][owner]['name']} " if owner else ""
    what = token["name"] if "name" in token else f"a {token['what']}"
    face = "" if token["face"] == "up" else ", face down"
    return Placed("token", {"data-territory": token["territory"],
                            "data-sector": str(token["sector"]), "data-face": token["face"]},
                  lay.anchor(token["territory"], token["sector"]), size, size, draw,
                  title=f"{token['territory']}: {whose}{what}{face}")


def _placed(lay: Layout, view: dict[str, Any], labels: list[Text]) -> list[Any]:
    off = homeworlds.off_planet(view)        # a homeworld's forces are in the panel (001 4.10)
    boxes = [_forces_box(lay, view, territory, sector, by_faction)
             for territory, sectors in view["forces"].items() if territory not in off
             for sector, by_faction in sorted(sectors.items(), key=lambda s: int(s[0]))]
    boxes += [_spice_box(lay, data(view).board, territory, amount)
              for territory, amount in view["spice"].items() if amount]
    boxes += [_token_box(lay, view, token) for token in view.get("tokens", ())
              if token["at"] == "board"]
    fixed = [(t.x - len(t.text) * t.size * 0.3, t.y - t.size * 0.6, len(t.text) * t.size * 0.6,
              t.size * 1.2) for t in labels] + _locations(lay, view)
    spread(boxes, fixed, lay.panel_x - 6, lay.key_y - 4)
    return [placed_shapes(box) for box in boxes]


# --- the legend: the side panel, the key and the abbreviations ------------------------
# A mail client shows the map about 700 pixels wide, half the canvas: the legend's type is
# at least LEGEND canvas pixels high, 9 pixels at that width (issue 16 P9).
MAIL_WIDTH = 700
LEGEND = 18


def _panel(lay: Layout, view: dict[str, Any]) -> list[Any]:
    """The side panel: the turn, the factions, the strongholds and how to read the chips."""
    x, y = lay.panel_x + 8, 34
    names = {seat: info["name"] for seat, info in view["factions"].items()}
    shapes: list[Any] = [Text(x, y, "Arrakis", LEGEND + 8, bold=True, anchor="start")]
    y += 34
    turn = view.get("turn", 0)
    when = "Set-up" if not turn else f"Turn {turn} of {view.get('last_turn', '?')}, " + str(
        view.get("phase", ""))
    shapes.append(Text(x, y, when, LEGEND, anchor="start"))
    y += 26
    storm = view.get("storm")
    shapes.append(Text(x, y, f"Storm: sector {storm}" if storm else "Storm: not yet placed",
                       LEGEND, anchor="start"))
    y += 36
    shapes.append(Text(x, y, "Factions", LEGEND + 1, bold=True, anchor="start"))
    for seat in view["seats"]:
        y += 27
        style = marker(view, seat)
        tanks = view["factions"][seat]["tanks"]
        shapes += [rect(x, y - 11, 24, 22, fill=style.colour, stroke="#ffffff"),
                   Text(x + 12, y, style.letter, LEGEND - 2, fill=style.text, bold=True),
                   Text(x + 32, y, f"{names[seat]}: dot {view['factions'][seat]['dot']}, "
                                   f"tanks {count_text(tanks)}", LEGEND, anchor="start")]
    if view.get("alliances"):
        y += 27
        text = "; ".join(" + ".join(marker(view, s).letter for s in alliance)
                         for alliance in view["alliances"])
        shapes.append(Text(x, y, f"Allied: {text}", LEGEND, anchor="start"))
    y += 36
    shapes.append(Text(x, y, "Strongholds", LEGEND + 1, bold=True, anchor="start"))
    for name in strongholds(view):
        y += 25
        held = occupants(view, name)
        who = ", ".join(marker(view, s).letter for s in held) or "-"
        shapes.append(Text(x, y, f"{name}: {who}{' (contested)' if len(held) > 1 else ''}",
                           LEGEND, anchor="start"))
    tokens, y = _panel_tokens(view, x, y)
    shapes += tokens
    worlds, y = _panel_homeworlds(view, x, y)
    shapes += worlds
    y += 36
    total = sum(view["spice"].values())
    shapes.append(Text(x, y, f"Spice on the map: {total}", LEGEND + 1, bold=True,
                       anchor="start"))
    y += 34
    shapes += _key(view, lay, x, y)
    return shapes


def _panel_homeworlds(view: dict[str, Any], x: float, y: float) -> tuple[list[Any], float]:
    """The homeworlds off the planet (001 4.10), a line each under the strongholds: a disc of
    its faction's colour and letter, its side (High or Low Threshold, 4.10.12.01), its
    faction's forces on it (its reserves, 4.10.01) and the other factions' there, its occupiers
    marked; and the ``y`` of the last line.  None in play: nothing."""
    names = homeworlds.off_planet(view)
    if not names:
        return [], y
    y += 36
    shapes: list[Any] = [Text(x, y, "Homeworlds", LEGEND + 1, bold=True, anchor="start")]
    board = layer.board(view)
    for world in homeworlds.public(view):
        y += 25
        style = marker(view, world["faction"])
        held = ", ".join(f"{marker(view, s).letter} {count_text(c)}"
                         for s, c in world["invaders"].items())
        occupied = " occupied" if world["occupiers"] else ""
        text = (f"{board[world['name']].abbreviations[0]} {world['name']}: "
                f"{world['side'].capitalize()}, {count_text(world['natives'], zero=True)}"
                + (f"; {held}" if held else "") + occupied)
        shapes.append(Group("homeworld", {"data-homeworld": world["name"],
                                          "data-faction": world["faction"],
                                          "data-side": world["side"]},
                            [Circle(x + 9, y, 9, fill=style.colour, stroke="#ffffff"),
                             Text(x + 9, y, style.letter, LEGEND - 6, fill=style.text,
                                  bold=True),
                             Text(x + 24, y, text, LEGEND - 2, anchor="start")],
                            f"{world['name']}, the homeworld of the "
                            f"{view['factions'][world['faction']]['name']}"))
    return shapes, y


def _panel_tokens(view: dict[str, Any], x: float, y: float) -> tuple[list[Any], float]:
    """The tokens in front of the shields, a line for each faction holding any (by its
    sheet's map letter), under the strongholds (none in front of any shield: nothing), and
    the ``y`` of the last line."""
    front: dict[str, list[str]] = {}
    for token in view.get("tokens", ()):
        if token["at"] == "front":
            front.setdefault(token["owner"], []).append(token.get("name", token["what"]))
    if not front:
        return [], y
    y += 36
    shapes: list[Any] = [Text(x, y, "In front of the shields", LEGEND + 1, bold=True,
                              anchor="start")]
    for owner, names in front.items():
        y += 25
        shapes.append(Text(x, y, f"{marker(view, owner).letter}: {', '.join(names)}",
                           LEGEND, anchor="start"))
    return shapes, y


def _key(view: dict[str, Any], lay: Layout, x: float, y: float) -> list[Any]:
    """How to read the chips: in the colours of the layout's ``key_chips`` factions (the
    ruleset's first faction's where its data has not that one), with the first kind of force
    with a mark of the game's data."""
    seats = data(view).seats
    forces, advisors = (marker(view, seat if seat in seats else seats[0])
                        for seat in (lay.key_chips["forces"], lay.key_chips["advisors"]))
    kinds = marks(view)[:1]
    marked = "".join(f"+2{kind.mark}" for kind in kinds)
    faced = "".join(f", 2 {kind.face}" for kind in kinds)
    shapes: list[Any] = [
        rect(x, y - 11, 72, 22, fill=forces.colour, stroke="#ffffff"),
        Text(x + 36, y, f"{forces.letter} 5{marked}", LEGEND - 2, fill="#ffffff", bold=True),
        Text(x + 80, y, f"5 forces{faced}", LEGEND, anchor="start")]
    y += 30
    shapes += [rect(x, y - 11, 72, 22, fill="#ffffff", stroke=advisors.colour, dash=True),
               Text(x + 36, y, f"{advisors.letter} 3 adv", LEGEND - 2,
                    fill=advisors.colour, bold=True),
               Text(x + 80, y, "3 advisors", LEGEND, anchor="start")]
    y += 32
    shapes += [Circle(x + 36, y, 13, fill=SPICE, stroke=SPICE_INK, width=2),
               Text(x + 36, y, "8", LEGEND - 2, fill=SPICE_INK, bold=True),
               Text(x + 80, y, "8 spice", LEGEND, anchor="start")]
    y += 32
    shapes.append(Text(x, y, "A ringed stronghold is held.", LEGEND, anchor="start"))
    return shapes


def _abbreviations(lay: Layout, board: Board) -> list[Text]:
    """The territories' abbreviations, in four columns below the board."""
    entries = [(t.abbreviations[0], t.name) for t in board.territories
               if t.name != POLAR_SINK]
    rows = (len(entries) + 3) // 4
    x, y = 16, lay.key_y + 14
    shapes: list[Any] = []
    for i, (short, name) in enumerate(entries):
        col, row = divmod(i, rows)
        shapes.append(Text(x + col * 346, y + row * 24, f"{short}  {name}", LEGEND,
                           fill="#5a4630", anchor="start"))
    return shapes


# --- the pictures -----------------------------------------------------------------------------
class BoardMap:
    """The map of one public view: its scene worked out once, drawn as SVG or as PNG when
    asked, each at most once."""

    def __init__(self, view: dict[str, Any]):
        self.view = view
        self.scene = layers(view)

    @functools.cached_property
    def svg(self) -> str:
        """The map as an SVG document: the static layers' text written once per process."""
        lay = layout()
        fixed = static_svg(self.scene.ruleset)
        title = f"Arrakis, turn {self.view.get('turn', 0)}: {self.view.get('phase', '')}"
        body = "\n".join([fixed.ground, *map(svg_of, self.scene.under), fixed.labels,
                          *map(svg_of, self.scene.over), fixed.abbreviations])
        return svg_document(lay.width, lay.height, FONT, title, body)

    @functools.cached_property
    def png(self) -> bytes:
        """The map as a PNG picture (``paint``)."""
        return paint(self.scene)


def board_svg(view: dict[str, Any]) -> str:
    """The map of a public view as an SVG document."""
    return BoardMap(view).svg


def board_png(view: dict[str, Any]) -> bytes:
    """The map of a public view as a PNG picture, painted with Pillow from the same shapes."""
    return BoardMap(view).png


@dataclass(frozen=True)
class StaticSvg:
    """The SVG text of a ruleset's ``Static`` shapes, layer by layer."""

    ground: str
    labels: str
    abbreviations: str


@functools.cache
def static_svg(ruleset: str) -> StaticSvg:
    """The SVG text of a ruleset's static layers, written once per process."""
    fixed = static(ruleset)
    return StaticSvg(*("\n".join(map(svg_of, shapes))
                       for shapes in (fixed.ground, fixed.labels, fixed.abbreviations)))


# --- PNG --------------------------------------------------------------------------------------
def paint(scene: Scene) -> bytes:
    """A scene as a PNG picture in its ruleset's palette (``drawing.Painter``): the static
    layers painted once per process (``ground``), a map's own shapes on tiles around them.
    The storm, the held strongholds and the player dots lie under the territories' names."""
    return _painter(scene.ruleset).paint(scene.under, scene.over)


@functools.cache
def _painter(ruleset: str) -> Painter:
    lay = layout()
    return Painter(ruleset, lambda: ground(ruleset), lay.width, lay.height)


@functools.cache
def ground(ruleset: str) -> Ground:
    """The static layers of a ruleset's map, painted once per process."""
    lay = layout()
    fixed = static(ruleset)
    factions = _data(ruleset).factions
    return painted_ground(lay.width, lay.height, fixed.ground,
                          fixed.labels + fixed.abbreviations,
                          lambda named: _palette(lay, factions, named))


def _palette(lay: Layout, factions: tuple[Faction, ...], named: Any) -> Any:
    """The colours of a ruleset's maps: those drawn over the board (the factions', the
    spice's, the storm's, and half of each with what it is drawn on: the smoothed edges of
    chips, rings and type), those of the board under the storm's veil, exactly; and the
    shades of the painted board, as many as are left (``drawing.palette_of``)."""
    from PIL import ImageColor

    ground_colours = [*lay.fills.values(), "#fbf7ef", "#e8d3a6"]
    lines = [BORDER, "#9a8466", "#6b5a44", "#5a4630"]
    rings = [faction.map_marker.colour for faction in factions] + ["#d01818"]
    pairs = [(faction.map_marker.colour, faction.map_marker.text) for faction in factions]
    pairs += [(colour, "#ffffff") for colour in rings]
    pairs += [(SPICE, SPICE_INK), (STORM, "#ffffff"), (STORM, "#e8d3a6")]
    pairs += [(ink, under) for ink in [*rings, "#ffffff", "#333333", SPICE_INK]
              for under in ground_colours]
    rgb = {name: ImageColor.getrgb(name) for pair in pairs for name in pair}
    exact = list(dict.fromkeys([*rgb.values(), *(mix(rgb[one], rgb[two], 0.5)
                                                 for one, two in pairs)]))
    exact += [mix(ImageColor.getrgb(colour), ImageColor.getrgb(STORM), 0.38)
              for colour in ground_colours + lines]
    return palette_of(list(dict.fromkeys(exact)), named)
