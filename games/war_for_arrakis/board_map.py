"""The map of Arrakis for the reports and the archive, drawn from the public view alone: a
schematic of the board (each area a disc at its centre on the printed board, data/layout.yaml,
coloured by its terrain, joined to its neighbours, the impassable borders barred), and over it
what the view shows: legions, settlements, sietches, stations, harvesters, wormsigns,
sandworms; beneath, the tracks, the Imperium board, the air zones and the Regeneration Tanks.
The shapes are the shared ones (``games/common/drawing.py``), written as SVG and painted as
PNG from one scene."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ..common.drawing import (
    Circle,
    Ground,
    Group,
    Painter,
    Placed,
    Poly,
    Text,
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
from .data import MARKER_NAMES, Terrain
from .state import ATREIDES, GENERIC, HARKONNEN, data

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
WIDTH = 1500
MARGIN = 24
PANEL = 170                      # the strip of tracks under the board
RADIUS = 13
GROUND = "#f3e6c8"
LINK = "#c8b28a"
BAR = "#a3322a"                  # an impassable border
FILLS = {"deep": "#d49a52", Terrain.DESERT: "#e9c790", Terrain.MINOR_ERG: "#f1dcae",
         Terrain.PLATEAU: "#b8a586", Terrain.MOUNTAIN: "#876a4e"}
SIDES = {ATREIDES: ("#2f6b3a", "#ffffff"), HARKONNEN: ("#9b1d20", "#ffffff")}
INK = "#3b2b1c"
WORM = "#5a4630"
SIGN = "#7a5cb0"


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    board_height: float
    centres: dict[str, tuple[float, float]]


@functools.cache
def layout() -> Layout:
    d = data()
    inner = WIDTH - 2 * MARGIN
    board_height = inner * d.aspect
    centres = {area: (MARGIN + x * inner, MARGIN + y * board_height)
               for area, (x, y) in d.centres.items()}
    return Layout(WIDTH, int(MARGIN * 2 + board_height + PANEL), board_height, centres)


def _fill(area: str, atomics: str | None) -> str:
    found = data().board[area]
    if found.deep:
        return FILLS["deep"]
    return FILLS[data().board.terrain(area, atomics)]


@dataclass(frozen=True)
class Static:
    ground: list[Any]
    names: list[Any]


@functools.cache
def static() -> Static:
    """What every map shares: the ground, the borders, the areas' discs, the sietches'
    marks, the sectors' and areas' names."""
    lay = layout()
    board = data().board
    ground: list[Any] = [rect(0, 0, lay.width, lay.height, fill=GROUND)]
    done = set()
    for area, found in board.areas.items():
        for other in found.neighbours:
            pair = frozenset((area, other))
            if pair not in done:
                done.add(pair)
                ground.append(Poly([lay.centres[area], lay.centres[other]], stroke=LINK,
                                   width=1.5, closed=False))
    for pair in board.impassable:
        one, two = (lay.centres[a] for a in sorted(pair))
        ground.append(Poly([one, two], stroke=BAR, width=2, closed=False, dash=True))
    for area in board.areas:
        x, y = lay.centres[area]
        ground.append(Circle(x, y, RADIUS, fill=_fill(area, None), stroke=INK, width=1))
        if board[area].sietch:
            ground.append(Poly([(x, y - 8), (x - 7, y + 5), (x + 7, y + 5)],
                               fill=SIDES[ATREIDES][0]))
    names: list[Any] = []
    for sector in board.sectors.values():
        sx, sy = _sector_centre(sector.id)
        names.append(Text(sx, sy, sector.name.upper(), 15, fill="#a89069", bold=True))
    for area, found in board.areas.items():
        x, y = lay.centres[area]
        names.append(Text(x, y + RADIUS + 6, found.abbreviation, 8, fill=INK))
    return Static(ground, names)


def _sector_centre(sector: str) -> tuple[float, float]:
    """The mean of a sector's areas' centres (the North Pole left out): where its name goes."""
    lay = layout()
    spots = [lay.centres[a] for a in data().board.in_sector[sector] if a != "north-pole"]
    return sum(p[0] for p in spots) / len(spots), sum(p[1] for p in spots) / len(spots)


# --- a view's own shapes ----------------------------------------------------------------------
def _legion_text(legion: dict[str, Any]) -> str:
    parts = [f"{legion[k]}{k[0].upper()}" for k in ("regular", "elite", "special") if legion[k]]
    if legion["tokens"]:
        parts.append(f"{len(legion['tokens'])}T")
    leaders = [data().generics[lg].name if lg in GENERIC.values()
               else data().leaders[lg].abbreviation for lg in legion["leaders"]]
    return " ".join(parts + leaders)


def _chip(kind: str, area: str, text: str, colours: tuple[str, str], title: str) -> Placed:
    width = 6 + 5.6 * len(text)

    def draw(x: float, y: float) -> list[Any]:
        return [rect(x, y, width, 14, fill=colours[0], stroke=INK, width=0.8),
                Text(x + width / 2, y + 7, text, 9, fill=colours[1], bold=True)]
    return Placed(kind, {"data-area": area}, layout().centres[area], width, 14, draw, title)


def scene(view: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """The view's shapes: those on the areas' discs, and the chips placed clear of each
    other and of the discs."""
    lay = layout()
    board = data().board
    on: list[Any] = []
    if view["atomics"]:
        x, y = lay.centres[view["atomics"]]
        on.append(Circle(x, y, RADIUS, fill=_fill(view["atomics"], view["atomics"]),
                         stroke=BAR, width=2))
    for area, rank in view["settlements"].items():
        x, y = lay.centres[area]
        on += [rect(x - 9, y - 9, 18, 18, fill=SIDES[HARKONNEN][0], stroke=INK),
               Text(x, y, str(rank), 10, fill="#ffffff", bold=True)]
    for area, sietch in view["sietches"].items():
        if sietch.get("rank") is not None:
            x, y = lay.centres[area]
            on.append(Text(x, y + 1, str(sietch["rank"]), 9, fill="#ffffff", bold=True))
    for area in view["stations"]:
        x, y = lay.centres[area]
        on.append(Circle(x + RADIUS - 2, y - RADIUS + 2, 4, fill="#3f7fbf", stroke=INK,
                         width=0.6))
    for area in view["wormsigns"]:
        x, y = lay.centres[area]
        on.append(Poly([polar((x, y), RADIUS + 3, 360 * k / 20) for k in range(20)],
                       stroke=SIGN, width=3))
    for area in view["sandworms"]:
        x, y = lay.centres[area]
        on += [Circle(x, y, RADIUS - 3, fill=WORM), Text(x, y, "W", 10, fill="#ffffff",
                                                         bold=True)]
    if view.get("old_man"):                 # under his sector's name: he holds no area
        x, y = _sector_centre(view["old_man"])
        on += [Circle(x, y + 24, 15, fill=WORM, stroke=INK), Text(x, y + 24, "OM", 10,
                                                                 fill="#ffffff", bold=True)]
    chips = []
    for area in sorted(view["legions"], key=board.order.__getitem__):
        legion = view["legions"][area]
        text = _legion_text(legion)
        chips.append(_chip("legion", area, text, SIDES[legion["side"]],
                           f"{board[area].name}: {text}"))
    for area in view["harvesters"]:
        chips.append(_chip("harvester", area, "Harvester", ("#e0b030", INK),
                           f"{board[area].name}: a Harvester"))
    fixed = [(x - RADIUS, y - RADIUS, 2 * RADIUS, 2 * RADIUS) for x, y in lay.centres.values()]
    spread(chips, fixed, lay.width - MARGIN, MARGIN + lay.board_height)
    return on, [placed_shapes(chip) for chip in chips] + _panel(view)


def _panel(view: dict[str, Any]) -> list[Any]:
    """The tracks, the Imperium board, the air and the tanks, in the strip under the board."""
    lay = layout()
    top = MARGIN * 1.5 + lay.board_height
    d = data()
    prescience = ", ".join(f"{MARKER_NAMES[m]} {v}" for m, v in view["prescience"].items())
    imperium = ", ".join(f"{d.bans[m].power} row {v}" for m, v in view["imperium"].items())
    bans = ", ".join(d.bans[b].name for b in view["bans"]) or "none"
    air = ", ".join(f"{d.board.zones[z].name}: {kind}" for z, kind in sorted(view["air"].items()))
    tanks = "; ".join(
        f"{d.factions[side].name} tank: " + ", ".join(
            d.leaders[lg].name if lg else "-" for lg in slots)
        for side, slots in view["tank"].items())
    lines = [f"Round {view['round']}, {view['phase']}.  Supremacy {view['supremacy']} of "
             f"{d.limits['supremacy_to_win']}.  Prescience: {prescience}.",
             f"Imperium: {imperium}.  Bans: {bans}.",
             f"Air: {air or 'none'}.  Family Atomics: "
             f"{d.board[view['atomics']].name if view['atomics'] else 'not detonated'}."
             + _old_man_words(view),
             tanks + ".",
             "Key: R Regular, E Elite, S Special Elite, T deployment token, then the leaders; "
             "triangle a sietch (its rank once revealed); red square a Harkonnen settlement "
             "(its rank);",
             "ring a wormsign; W a sandworm; blue dot an Ecological Testing Station; red "
             "dashes an impassable border."]
    shapes: list[Any] = [rect(MARGIN, top - 8, lay.width - 2 * MARGIN, PANEL - 16,
                              fill="#fbf7ef", stroke=INK, width=0.8)]
    for number, line in enumerate(lines):
        shapes.append(Text(MARGIN + 12, top + 10 + 22 * number, line, 12.5, anchor="start"))
    return [Group("panel", {}, shapes)]


def _old_man_words(view: dict[str, Any]) -> str:
    """The Old Man of the Desert in the panel, in a game with him (OM on the board)."""
    if "old_man" not in view:
        return ""
    if view["old_man"] is None:
        return "  Old Man of the Desert: off the board."
    return (f"  OM, the Old Man of the Desert: {data().board.sectors[view['old_man']].name}, "
            f"{view['old_man_worms']} sandworms before the Atreides.")


class BoardMap:
    """The map of one public view, worked out once, drawn as SVG or PNG when asked."""

    def __init__(self, view: dict[str, Any]):
        self.view = view
        self.under, self.over = scene(view)

    @functools.cached_property
    def svg(self) -> str:
        lay = layout()
        fixed = static_svg()
        title = f"Arrakis, round {self.view['round']}: {self.view['phase']}"
        body = "\n".join([fixed[0], *map(svg_of, self.under), fixed[1],
                          *map(svg_of, self.over)])
        return svg_document(lay.width, lay.height, FONT, title, body)

    @functools.cached_property
    def png(self) -> bytes:
        return _painter().paint(self.under, self.over)


@functools.cache
def static_svg() -> tuple[str, str]:
    fixed = static()
    return "\n".join(map(svg_of, fixed.ground)), "\n".join(map(svg_of, fixed.names))


@functools.cache
def _painter() -> Painter:
    lay = layout()
    return Painter("war_for_arrakis", ground, lay.width, lay.height)


@functools.cache
def ground() -> Ground:
    lay = layout()
    fixed = static()
    return painted_ground(lay.width, lay.height, fixed.ground, fixed.names, _palette)


def _palette(named: Any) -> Any:
    """The maps' colours: the pieces' and their smoothed edges exactly, then the shades of the
    painted ground."""
    from PIL import ImageColor

    under = [GROUND, "#fbf7ef", *FILLS.values()]
    inks = [INK, "#ffffff", BAR, WORM, SIGN, "#3f7fbf", "#e0b030",
            *(colour for pair in SIDES.values() for colour in pair)]
    rgb = [ImageColor.getrgb(c) for c in dict.fromkeys(under + inks)]
    exact = list(dict.fromkeys(rgb + [mix(ImageColor.getrgb(i), ImageColor.getrgb(u), 0.5)
                                      for i in inks for u in under]))
    return palette_of(exact, named)
