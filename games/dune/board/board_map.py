"""The map of Arrakis: the classic board drawn from the public view, as SVG and as PNG.

The layout is data (``data/board_map.yaml``): each territory is a set of ring segments, one
per sector it spans, so the picture is faithful to which territory lies in which sectors and
beside which.  ``scene`` turns a public view into one list of shapes (territories, sectors,
the storm, spice, each faction's forces per sector, strongholds and their holders, the
player dots, a side panel); ``board_svg`` writes that list as SVG text and ``board_png``
paints the same list with Pillow, so the two pictures are one drawing.  What is the same on
every map (``static``: the board, its borders, the names) is built, written and painted once
per process; a ``BoardMap`` works out a view's own shapes (``layers``) once for both
pictures, and ``paint`` paints only those over the painted board.

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
import hashlib
import math
import struct
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..data import Board, Faction, MapMarker
from ..factions import power
from ..forces import count_text, marks
from ..state import POLAR_SINK, data, ruleset_data, sheet

LAYOUT_FILE = Path(__file__).parents[1] / "data" / "board_map.yaml"
SECTOR_DEGREES = 20
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#4a3826"
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


def polar(centre: tuple[float, float], radius: float, degrees: float) -> tuple[float, float]:
    theta = math.radians(degrees)
    return centre[0] + radius * math.cos(theta), centre[1] - radius * math.sin(theta)


def arc(centre: tuple[float, float], radius: float, start: float, end: float
        ) -> list[tuple[float, float]]:
    """Points along an arc, one every 2 degrees at most, both ends included."""
    steps = max(1, math.ceil(abs(end - start) / 2))
    return [polar(centre, radius, start + (end - start) * i / steps) for i in range(steps + 1)]


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


# --- shapes ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Poly:
    points: list[tuple[float, float]]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1
    opacity: float = 1.0
    dash: bool = False
    closed: bool = True


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    fill: str
    stroke: str | None = None
    width: float = 1


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float
    fill: str = INK
    bold: bool = False
    anchor: str = "middle"        # start | middle | end


@dataclass(frozen=True)
class Group:
    """Shapes that belong together; ``kind`` and ``attrs`` label them in the SVG."""

    kind: str
    attrs: dict[str, str]
    shapes: list[Any] = field(default_factory=list)
    title: str = ""                  # shown by a browser on hovering


def rect(x: float, y: float, w: float, h: float, **style) -> Poly:
    return Poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], **style)


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
    against its board first."""
    lay = layout()
    board = ruleset_data(ruleset).board
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
    ruleset = view["rules"]["ruleset"]
    under = _storm(lay, view) + _holders(lay, view) + _player_dots(lay, view)
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


def strongholds(view: dict[str, Any]) -> list[str]:
    return [t.name for t in data(view).board.strongholds]


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


def _player_dots(lay: Layout, view: dict[str, Any]) -> list[Any]:
    seated = {info["dot"]: seat for seat, info in view["factions"].items()}
    shapes = []
    for dot in data(view).board.player_dots:
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


@dataclass
class Placed:
    """A box of things drawn together (one sector's forces, or a territory's spice), wanted at
    ``anchor``; ``x, y`` is where its middle ends up."""

    kind: str
    attrs: dict[str, str]
    anchor: tuple[float, float]
    w: float
    h: float
    draw: Any                        # (x, y) of the box's top left -> shapes
    title: str = ""
    x: float = 0.0
    y: float = 0.0


def _chips(lay: Layout, view: dict[str, Any], territory: str, by_faction: dict) -> list[tuple]:
    """(text, fill, text colour, dashed) for each faction's chip, in seat order."""
    chips = []
    for seat in view["seats"]:
        if seat not in by_faction:
            continue
        style = marker(view, seat)
        text = f"{style.letter} {count_text(by_faction[seat])}"
        if territory in power(seat, view).coexisting_in_view(view):
            chips.append((text + " adv", "#ffffff", style.colour, True))
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
                  lay.anchor(territory, int(sector)), width, height, draw,
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
    boxes = [_forces_box(lay, view, territory, sector, by_faction)
             for territory, sectors in view["forces"].items()
             for sector, by_faction in sorted(sectors.items(), key=lambda s: int(s[0]))]
    boxes += [_spice_box(lay, data(view).board, territory, amount)
              for territory, amount in view["spice"].items() if amount]
    boxes += [_token_box(lay, view, token) for token in view.get("tokens", ())
              if token["at"] == "board"]
    fixed = [(t.x - len(t.text) * t.size * 0.3, t.y - t.size * 0.6, len(t.text) * t.size * 0.6,
              t.size * 1.2) for t in labels]
    _spread(boxes, fixed, lay.panel_x - 6, lay.key_y - 4)
    shapes = []
    for box in boxes:
        x, y = box.x - box.w / 2, box.y - box.h / 2
        moved = math.dist((box.x, box.y), (box.anchor[0], box.anchor[1] + box.h / 2 + 1)) > 8
        lead = [Poly([box.anchor, _nearest_edge(box)], stroke="#333333", width=1, closed=False),
                Circle(*box.anchor, 2.2, fill="#333333")] if moved else []
        shapes.append(Group(box.kind, box.attrs, lead + box.draw(x, y), box.title))
    return shapes


def _nearest_edge(box: Placed) -> tuple[float, float]:
    ax, ay = box.anchor
    return (min(max(ax, box.x - box.w / 2), box.x + box.w / 2),
            min(max(ay, box.y - box.h / 2), box.y + box.h / 2))


def _spread(boxes: list[Placed], fixed: list[tuple], right: float, bottom: float) -> None:
    """Place the boxes one by one, each at the free spot nearest where it is wanted (just
    under its anchor): free of the boxes placed before it and of the territories' names."""
    taken = list(fixed)
    for box in boxes:
        want = box.anchor[0], box.anchor[1] + box.h / 2 + 1
        for x, y in _spiral(want):
            spot = (x - box.w / 2, y - box.h / 2, box.w, box.h)
            if (box.w / 2 + 4 <= x <= right - box.w / 2 and box.h / 2 + 4 <= y <= bottom - box.h / 2
                    and not any(_meet(spot, other) for other in taken)):
                break
        box.x, box.y = x, y
        taken.append((x - box.w / 2, y - box.h / 2, box.w, box.h))


def _spiral(centre: tuple[float, float], step: float = 3.0, reach: float = 500.0):
    """The centre, then rings of points around it, nearer ones first."""
    yield centre
    distance = step
    while distance <= reach:
        count = max(8, int(2 * math.pi * distance / step))
        for k in range(count):
            theta = math.pi / 2 + 2 * math.pi * k / count          # downward first
            yield centre[0] + distance * math.cos(theta), centre[1] + distance * math.sin(theta)
        distance += step


def _meet(one: tuple, two: tuple, margin: float = 2.0) -> bool:
    """Whether two rectangles (x, y, w, h) come within ``margin`` of each other."""
    return (one[0] < two[0] + two[2] + margin and two[0] < one[0] + one[2] + margin
            and one[1] < two[1] + two[3] + margin and two[1] < one[1] + one[3] + margin)


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
    y += 36
    total = sum(view["spice"].values())
    shapes.append(Text(x, y, f"Spice on the map: {total}", LEGEND + 1, bold=True,
                       anchor="start"))
    y += 34
    shapes += _key(view, lay, x, y)
    return shapes


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
        title = _esc(f"Arrakis, turn {self.view.get('turn', 0)}: {self.view.get('phase', '')}")
        body = "\n".join([fixed.ground, *map(_svg, self.scene.under), fixed.labels,
                          *map(_svg, self.scene.over), fixed.abbreviations])
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{lay.width}" '
                f'height="{lay.height}" viewBox="0 0 {lay.width} {lay.height}" '
                f'font-family="{FONT}" role="img" aria-label="{title}">\n'
                f"<title>{title}</title>\n{body}\n</svg>\n")

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
    return StaticSvg(*("\n".join(map(_svg, shapes))
                       for shapes in (fixed.ground, fixed.labels, fixed.abbreviations)))


def _esc(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _svg(shape: Any) -> str:
    if isinstance(shape, Group):
        attrs = "".join(f' {key}="{_esc(value)}"' for key, value in shape.attrs.items())
        inner = "".join(_svg(s) for s in shape.shapes)
        title = f"<title>{_esc(shape.title)}</title>" if shape.title else ""
        return f'<g class="{shape.kind}"{attrs}>{title}{inner}</g>'
    if isinstance(shape, Poly):
        tag = "polygon" if shape.closed else "polyline"
        style = f' fill="{shape.fill or "none"}"'
        if shape.stroke:
            style += f' stroke="{shape.stroke}" stroke-width="{shape.width}"'
            style += ' stroke-linejoin="round"'
        if shape.dash:
            style += ' stroke-dasharray="4 3"'
        if shape.opacity < 1:
            style += f' fill-opacity="{shape.opacity}"'
        return f'<{tag} points="{_points(shape.points)}"{style}/>'
    if isinstance(shape, Circle):
        stroke = f' stroke="{shape.stroke}" stroke-width="{shape.width}"' if shape.stroke else ""
        return (f'<circle cx="{shape.x:.1f}" cy="{shape.y:.1f}" r="{shape.r:.1f}" '
                f'fill="{shape.fill}"{stroke}/>')
    weight = ' font-weight="bold"' if shape.bold else ""
    return (f'<text x="{shape.x:.1f}" y="{shape.y:.1f}" font-size="{shape.size}" '
            f'fill="{shape.fill}" text-anchor="{shape.anchor}" dominant-baseline="central"'
            f"{weight}>{_esc(shape.text)}</text>")


# --- PNG --------------------------------------------------------------------------------------
SCALE = 2          # painted at twice the size, then shrunk: smooth edges without a vector library
COLOURS = 128      # the palette of the PNG: a map in flat colours looks the same in few colours
COMPRESS_LEVEL = 6


def paint(scene: Scene) -> bytes:
    """A scene as a PNG picture in its ruleset's palette.  The static layers are painted once
    per process (``ground``); a map copies them and paints each of its own shapes on a tile of
    the picture just around it, at twice the size, then shrunk back in place.  The storm, the
    held strongholds and the player dots lie under the territories' names: they are painted
    on the bare ground, with the names they meet painted again over them.  A tile painted on
    the static layers alone is kept for the next maps (``_static_tile``)."""
    base = ground(scene.ruleset)
    image = base.named.copy()
    touched = []
    for box, shapes in _clusters(scene.under):
        names = [name for name, at in base.names if _overlaps(at, box)]
        image.paste(_static_tile(scene.ruleset, "bare", box, shapes + names), box[:2])
        touched.append(box)
    for shape in scene.over:
        box = _pixels(_extent(shape))
        if box is None:
            continue
        if any(_overlaps(box, other) for other in touched):
            image.paste(_painted(image, box, [shape]), box[:2])
        else:
            image.paste(_static_tile(scene.ruleset, "named", box, [shape]), box[:2])
        touched.append(box)
    return _png(scene.ruleset, image, touched)


def _static_tile(ruleset: str, layer: str, box: tuple[int, int, int, int],
                 shapes: list[Any]) -> Any:
    """Shapes ``_painted`` on a tile of a static layer of the ground (``bare`` or ``named``):
    the same shapes there paint the same pixels, so the last ``TILES`` are kept (from one
    step's map to the next, most of the panel, chips and spice stay as they were)."""
    return _kept(_tiles, TILES, (ruleset, layer, box, repr(shapes)),
                 lambda: _painted(getattr(ground(ruleset), layer), box, shapes))


TILES = 512
_tiles: OrderedDict[tuple, Any] = OrderedDict()


def _kept(store: OrderedDict, limit: int, key: tuple, make: Any) -> Any:
    """``store[key]``, made by ``make()`` if it is not there; the last ``limit`` used are kept."""
    found = store.get(key)
    if found is None:
        found = store[key] = make()
        if len(store) > limit:
            store.popitem(last=False)
    else:
        store.move_to_end(key)
    return found


@dataclass(frozen=True)
class Ground:
    """A ruleset's ``Static`` layers painted: ``bare`` the ground alone, ``named`` with the
    labels and abbreviations, ``names`` each of those with the pixels it covers, and the
    ``palette`` of every map of the ruleset (``_palette``)."""

    bare: Any
    named: Any
    names: tuple[tuple[Text, tuple[int, int, int, int]], ...]
    palette: Any


@functools.cache
def ground(ruleset: str) -> Ground:
    """The static layers of a ruleset's map, painted once per process."""
    from PIL import Image

    lay = layout()
    fixed = static(ruleset)
    big = Image.new("RGB", (lay.width * SCALE, lay.height * SCALE), "#ffffff")
    _paint(big, fixed.ground)
    bare = big.reduce(SCALE)
    names = fixed.labels + fixed.abbreviations
    _paint(big, names)
    named = big.reduce(SCALE)
    return Ground(bare, named, tuple((name, _pixels(_extent(name))) for name in names),
                  _palette(lay, ruleset_data(ruleset).factions, named))


def _palette(lay: Layout, factions: tuple[Faction, ...], named: Any) -> Any:
    """The colours of a ruleset's maps: those drawn over the board (the factions', the
    spice's, the storm's, and half of each with what it is drawn on: the smoothed edges of
    chips, rings and type), those of the board under the storm's veil, exactly; and the
    shades of the painted board, as many as are left of ``COLOURS``."""
    from PIL import Image, ImageColor

    ground_colours = [*lay.fills.values(), "#fbf7ef", "#e8d3a6"]
    lines = [BORDER, "#9a8466", "#6b5a44", "#5a4630"]
    rings = [faction.map_marker.colour for faction in factions] + ["#d01818"]
    pairs = [(faction.map_marker.colour, faction.map_marker.text) for faction in factions]
    pairs += [(colour, "#ffffff") for colour in rings]
    pairs += [(SPICE, SPICE_INK), (STORM, "#ffffff"), (STORM, "#e8d3a6")]
    pairs += [(ink, under) for ink in [*rings, "#ffffff", "#333333", SPICE_INK]
              for under in ground_colours]
    rgb = {name: ImageColor.getrgb(name) for pair in pairs for name in pair}
    exact = list(dict.fromkeys([*rgb.values(), *(_mix(rgb[one], rgb[two], 0.5)
                                                 for one, two in pairs)]))
    exact += [_mix(ImageColor.getrgb(colour), ImageColor.getrgb(STORM), 0.38)
              for colour in ground_colours + lines]
    exact = list(dict.fromkeys(exact))
    shades = named.quantize(COLOURS - len(exact), method=Image.Quantize.FASTOCTREE)
    found = shades.getpalette()[:3 * (COLOURS - len(exact))]
    board = [shade for shade in zip(found[::3], found[1::3], found[2::3], strict=True)
             if all(max(abs(a - b) for a, b in zip(shade, colour, strict=True)) >= NEAR
                    for colour in exact)]
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in exact + board for value in colour])
    return palette


NEAR = 8    # Pillow looks a colour up in its palette among colours 4 apart: a shade this near
            # an exact colour would take its pixels


def _mix(one: tuple[int, ...], two: tuple[int, ...], share: float) -> tuple[int, ...]:
    """``share`` of ``two`` over ``one``."""
    return tuple(round(a + (b - a) * share) for a, b in zip(one, two, strict=True))


def _painted(source: Any, box: tuple[int, int, int, int], shapes: list[Any]) -> Any:
    """The tile ``box`` of ``source`` with shapes painted on it at twice the size (every pixel
    of the tile doubled, so that what is not painted over comes back as it was), shrunk."""
    from PIL import Image

    x0, y0, x1, y1 = box
    tile = source.crop(box).resize(((x1 - x0) * SCALE, (y1 - y0) * SCALE),
                                   Image.Resampling.NEAREST)
    _paint(tile, shapes, (x0, y0))
    return tile.reduce(SCALE)


def _paint(image: Any, shapes: Any, origin: tuple[float, float] = (0, 0)) -> None:
    """Paint shapes on a picture at ``SCALE`` times their size, ``origin`` its top left.  Type
    is drawn in two tones: shrunk, it is as smooth as the edges, in few shades, which keeps
    the PNG small (a sixth smaller than type smoothed before the shrink)."""
    from PIL import ImageColor, ImageDraw

    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    for shape in _flat(shapes):
        if isinstance(shape, Poly) and shape.opacity < 1:     # a veil: the fill, see-through
            veil = (*ImageColor.getrgb(shape.fill), round(255 * shape.opacity))
            ImageDraw.Draw(image, "RGBA").polygon(_scaled(shape.points, origin), fill=veil)
            if shape.stroke:
                _line(draw, shape.points + shape.points[:1], shape.stroke, shape.width, False,
                      origin)
        elif isinstance(shape, Poly):
            if shape.fill and shape.closed:
                draw.polygon(_scaled(shape.points, origin), fill=shape.fill)
            if shape.stroke:
                points = shape.points + (shape.points[:1] if shape.closed else [])
                _line(draw, points, shape.stroke, shape.width, shape.dash, origin)
        elif isinstance(shape, Circle):
            (left, top), (right, bottom) = _scaled(
                [(shape.x - shape.r, shape.y - shape.r), (shape.x + shape.r, shape.y + shape.r)],
                origin)
            draw.ellipse([left, top, right, bottom], fill=shape.fill, outline=shape.stroke,
                         width=round(shape.width * SCALE) if shape.stroke else 0)
        else:
            (x, y), = _scaled([(shape.x, shape.y)], origin)
            draw.text((x, y), shape.text, fill=shape.fill, font=_font(shape.size),
                      anchor=ANCHORS[shape.anchor], stroke_width=1 if shape.bold else 0,
                      stroke_fill=shape.fill)


ANCHORS = {"start": "lm", "middle": "mm", "end": "rm"}


def _flat(shapes: Any):
    """The shapes in painting order, groups opened."""
    for shape in shapes:
        if isinstance(shape, Group):
            yield from _flat(shape.shapes)
        else:
            yield shape


def _extent(shape: Any) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom) a shape paints within."""
    if isinstance(shape, Group):
        boxes = [_extent(s) for s in shape.shapes]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))
    if isinstance(shape, Poly):
        xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
        return (min(xs) - shape.width, min(ys) - shape.width, max(xs) + shape.width,
                max(ys) + shape.width)
    if isinstance(shape, Circle):
        reach = shape.r + shape.width
        return shape.x - reach, shape.y - reach, shape.x + reach, shape.y + reach
    return _type_extent(shape)


@functools.lru_cache(maxsize=1024)
def _type_extent(text: Text) -> tuple[float, float, float, float]:
    left, top, right, bottom = _font(text.size).getbbox(
        text.text, anchor=ANCHORS[text.anchor], stroke_width=1 if text.bold else 0)
    return (text.x + left / SCALE, text.y + top / SCALE, text.x + right / SCALE,
            text.y + bottom / SCALE)


def _pixels(box: tuple[float, float, float, float]) -> tuple[int, int, int, int] | None:
    """The whole pixels of the picture around a box, with a margin, or None if off it."""
    lay = layout()
    left, top = max(0, math.floor(box[0]) - 2), max(0, math.floor(box[1]) - 2)
    right, bottom = min(lay.width, math.ceil(box[2]) + 2), min(lay.height, math.ceil(box[3]) + 2)
    return (left, top, right, bottom) if left < right and top < bottom else None


def _overlaps(one: tuple[int, ...], two: tuple[int, ...]) -> bool:
    return one[0] < two[2] and two[0] < one[2] and one[1] < two[3] and two[1] < one[3]


def _clusters(shapes: list[Any]) -> list[tuple[tuple[int, int, int, int], list[Any]]]:
    """The shapes in clusters whose pixels meet no other cluster's, each cluster's shapes in
    their order, with the pixels around them."""
    clusters: list[tuple[tuple[int, int, int, int], list[int]]] = []
    for i, shape in enumerate(shapes):
        box, members = _pixels(_extent(shape)), [i]
        if box is None:
            continue
        while meeting := [c for c in clusters if _overlaps(c[0], box)]:
            for other, theirs in meeting:
                clusters.remove((other, theirs))
                box = (min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]),
                       max(box[3], other[3]))
                members += theirs
        clusters.append((box, members))
    return [(box, [shapes[i] for i in sorted(members)]) for box, members in clusters]


def _scaled(points: list[tuple[float, float]], origin: tuple[float, float] = (0, 0)
            ) -> list[tuple[float, float]]:
    ox, oy = origin
    return [((x - ox) * SCALE, (y - oy) * SCALE) for x, y in points]


def _line(draw: Any, points: list[tuple[float, float]], colour: str, width: float,
          dash: bool, origin: tuple[float, float]) -> None:
    width_px = max(1, round(width * SCALE))
    if not dash:
        draw.line(_scaled(points, origin), fill=colour, width=width_px, joint="curve")
        return
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = math.dist((x0, y0), (x1, y1))
        at = 0.0
        while at < length:
            end = min(at + 4, length)
            draw.line(_scaled([(x0 + (x1 - x0) * at / length, y0 + (y1 - y0) * at / length),
                               (x0 + (x1 - x0) * end / length, y0 + (y1 - y0) * end / length)],
                              origin),
                      fill=colour, width=width_px)
            at += 7


@functools.cache
def _font(size: float) -> Any:
    from PIL import ImageFont

    return ImageFont.load_default(size=size * SCALE)


# --- the PNG file, written once ---------------------------------------------------------------
BAND = 64          # rows of the picture compressed together


def _png(ruleset: str, image: Any, touched: list[tuple[int, int, int, int]]) -> bytes:
    """The picture as a PNG file in the ruleset's palette.  Its rows are compressed by bands
    of ``BAND`` rows, each band on its own and flushed to a whole byte, so that the bands make
    one zlib stream: a band that no shape of this map touched (``touched``: the boxes painted)
    is the board's, compressed once per process (``_static_band``), and a touched band the
    same as an earlier map's is not compressed again (``_seen_band``)."""
    width, height = image.size
    pieces, check = [], 1
    for top in range(0, height, BAND):
        bottom = min(height, top + BAND)
        if any(box[1] < bottom and top < box[3] for box in touched):
            piece, rows = _seen_band(ruleset, image, top, bottom)
        else:
            piece, rows = _static_band(ruleset, top, bottom)
        pieces.append(piece)
        check = zlib.adler32(rows, check)
    last = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15).flush()    # the final block
    stream = ZLIB_HEADER + b"".join(pieces) + last + struct.pack(">I", check)
    palette = bytes(ground(ruleset).palette.getpalette())
    return (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
            + _chunk(b"PLTE", palette) + _chunk(b"IDAT", stream) + _chunk(b"IEND", b""))


ZLIB_HEADER = b"\x78\x9c"      # deflate, a 32 kB window (RFC 1950)


def _band(image: Any, palette: Any, top: int, bottom: int) -> tuple[bytes, bytes]:
    """Rows ``top`` to ``bottom`` of the picture in the palette, each led by its filter byte
    (0: none, as for any picture in a palette), and compressed as a piece of deflate stream."""
    from PIL import Image

    width = image.width
    indexes = image.crop((0, top, width, bottom)).quantize(
        palette=palette, dither=Image.Dither.NONE).tobytes()
    rows = b"".join(b"\x00" + indexes[y * width:(y + 1) * width] for y in range(bottom - top))
    squeeze = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
    return squeeze.compress(rows) + squeeze.flush(zlib.Z_SYNC_FLUSH), rows


def _seen_band(ruleset: str, image: Any, top: int, bottom: int) -> tuple[bytes, bytes]:
    """A touched band, ``_band``, unless an earlier map had the same pixels there: from one
    step's map to the next, most touched bands (the panel's, most of the board's) come out
    the same, so the last ``BANDS`` are kept by their pixels' digest."""
    pixels = hashlib.sha256(image.crop((0, top, image.width, bottom)).tobytes()).digest()
    return _kept(_bands, BANDS, (ruleset, top, pixels),
                 lambda: _band(image, ground(ruleset).palette, top, bottom))


BANDS = 64
_bands: OrderedDict[tuple, tuple[bytes, bytes]] = OrderedDict()


@functools.cache
def _static_band(ruleset: str, top: int, bottom: int) -> tuple[bytes, bytes]:
    """A band of the board with its names alone, compressed once per process."""
    base = ground(ruleset)
    return _band(base.named, base.palette, top, bottom)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
