"""A map's drawing primitives, for any game: shapes, boxes placed clear of each other, the
shapes written as SVG text and painted as a PNG picture with Pillow, one drawing for both.

A game builds its map as lists of shapes (``Poly``, ``Circle``, ``Text``, ``Group``): what is
the same on every map (the ``ground``: the board and its names) once per process, and each
view's own shapes over it.  ``svg_document`` writes them; a ``Painter`` paints them: the
ground once (``Ground``), then for each map only the tiles of the picture its own shapes
touch, at twice the size and shrunk back (smooth edges without a vector library), in a
palette of few colours, and writes the PNG file band by band, a band the ground alone fills
compressed once per process.
"""

from __future__ import annotations

import functools
import hashlib
import math
import struct
import zlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

INK = "#4a3826"     # the type's colour unless a text says another


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


def polar(centre: tuple[float, float], radius: float, degrees: float) -> tuple[float, float]:
    """The point at ``radius`` from ``centre``, ``degrees`` counterclockwise from east."""
    theta = math.radians(degrees)
    return centre[0] + radius * math.cos(theta), centre[1] - radius * math.sin(theta)


def arc(centre: tuple[float, float], radius: float, start: float, end: float
        ) -> list[tuple[float, float]]:
    """Points along an arc, one every 2 degrees at most, both ends included."""
    steps = max(1, math.ceil(abs(end - start) / 2))
    return [polar(centre, radius, start + (end - start) * i / steps) for i in range(steps + 1)]


# --- boxes placed clear of each other -------------------------------------------------------
@dataclass
class Placed:
    """A box of things drawn together (a place's pieces, a token), wanted at ``anchor``;
    ``x, y`` is where its middle ends up."""

    kind: str
    attrs: dict[str, str]
    anchor: tuple[float, float]
    w: float
    h: float
    draw: Any                        # (x, y) of the box's top left -> shapes
    title: str = ""
    x: float = 0.0
    y: float = 0.0


def spread(boxes: list[Placed], fixed: list[tuple], right: float, bottom: float) -> None:
    """Place the boxes one by one, each at the free spot nearest where it is wanted (just
    under its anchor): free of the boxes placed before it and of the ``fixed`` rectangles
    (x, y, w, h), within ``right`` and ``bottom``."""
    taken = list(fixed)
    for box in boxes:
        want = box.anchor[0], box.anchor[1] + box.h / 2 + 1
        for x, y in spiral(want):
            spot = (x - box.w / 2, y - box.h / 2, box.w, box.h)
            if (box.w / 2 + 4 <= x <= right - box.w / 2 and box.h / 2 + 4 <= y <= bottom - box.h / 2
                    and not any(meet(spot, other) for other in taken)):
                break
        box.x, box.y = x, y
        taken.append((x - box.w / 2, y - box.h / 2, box.w, box.h))


def placed_shapes(box: Placed) -> Group:
    """A placed box's shapes, tied to its anchor by a thin line when it had to move."""
    x, y = box.x - box.w / 2, box.y - box.h / 2
    moved = math.dist((box.x, box.y), (box.anchor[0], box.anchor[1] + box.h / 2 + 1)) > 8
    lead = [Poly([box.anchor, nearest_edge(box)], stroke="#333333", width=1, closed=False),
            Circle(*box.anchor, 2.2, fill="#333333")] if moved else []
    return Group(box.kind, box.attrs, lead + box.draw(x, y), box.title)


def nearest_edge(box: Placed) -> tuple[float, float]:
    ax, ay = box.anchor
    return (min(max(ax, box.x - box.w / 2), box.x + box.w / 2),
            min(max(ay, box.y - box.h / 2), box.y + box.h / 2))


def spiral(centre: tuple[float, float], step: float = 3.0, reach: float = 500.0):
    """The centre, then rings of points around it, nearer ones first."""
    yield centre
    distance = step
    while distance <= reach:
        count = max(8, int(2 * math.pi * distance / step))
        for k in range(count):
            theta = math.pi / 2 + 2 * math.pi * k / count          # downward first
            yield centre[0] + distance * math.cos(theta), centre[1] + distance * math.sin(theta)
        distance += step


def meet(one: tuple, two: tuple, margin: float = 2.0) -> bool:
    """Whether two rectangles (x, y, w, h) come within ``margin`` of each other."""
    return (one[0] < two[0] + two[2] + margin and two[0] < one[0] + one[2] + margin
            and one[1] < two[1] + two[3] + margin and two[1] < one[1] + one[3] + margin)


# --- SVG --------------------------------------------------------------------------------------
def svg_document(width: int, height: int, font: str, title: str, body: str) -> str:
    """An SVG document of the given size around ``body`` (shapes' text, ``svg_of``)."""
    title = esc(title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}" '
            f'font-family="{font}" role="img" aria-label="{title}">\n'
            f"<title>{title}</title>\n{body}\n</svg>\n")


def esc(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def points_text(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def svg_of(shape: Any) -> str:
    """One shape (a group with its shapes) as SVG text."""
    if isinstance(shape, Group):
        attrs = "".join(f' {key}="{esc(value)}"' for key, value in shape.attrs.items())
        inner = "".join(svg_of(s) for s in shape.shapes)
        title = f"<title>{esc(shape.title)}</title>" if shape.title else ""
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
        return f'<{tag} points="{points_text(shape.points)}"{style}/>'
    if isinstance(shape, Circle):
        stroke = f' stroke="{shape.stroke}" stroke-width="{shape.width}"' if shape.stroke else ""
        return (f'<circle cx="{shape.x:.1f}" cy="{shape.y:.1f}" r="{shape.r:.1f}" '
                f'fill="{shape.fill}"{stroke}/>')
    weight = ' font-weight="bold"' if shape.bold else ""
    return (f'<text x="{shape.x:.1f}" y="{shape.y:.1f}" font-size="{shape.size}" '
            f'fill="{shape.fill}" text-anchor="{shape.anchor}" dominant-baseline="central"'
            f"{weight}>{esc(shape.text)}</text>")


# --- painting ---------------------------------------------------------------------------------
SCALE = 2          # painted at twice the size, then shrunk: smooth edges without a vector library
COLOURS = 128      # the palette of the PNG: a map in flat colours looks the same in few colours
FEWEST_SHADES = 12  # the painted ground's shades a palette keeps however many exact colours
COMPRESS_LEVEL = 6
NEAR = 8    # Pillow looks a colour up in its palette among colours 4 apart: a shade this near
            # an exact colour would take its pixels


@dataclass(frozen=True)
class Ground:
    """A map's static shapes painted: ``bare`` the ground alone, ``named`` with the names,
    ``names`` each name with the pixels it covers, and the ``palette`` of every map over it."""

    bare: Any
    named: Any
    names: tuple[tuple[Text, tuple[int, int, int, int]], ...]
    palette: Any


def painted_ground(width: int, height: int, shapes: Any, names: Any,
                   palette: Callable[[Any], Any]) -> Ground:
    """The ground painted once: ``shapes`` and then the ``names`` over them, and the palette
    ``palette(named)`` makes of the painted picture (``palette_of``)."""
    from PIL import Image

    big = Image.new("RGB", (width * SCALE, height * SCALE), "#ffffff")
    paint_shapes(big, shapes)
    bare = big.reduce(SCALE)
    paint_shapes(big, names)
    named = big.reduce(SCALE)
    return Ground(bare, named,
                  tuple((name, pixels(extent(name), width, height)) for name in names),
                  palette(named))


def palette_of(exact: list[tuple[int, ...]], named: Any) -> Any:
    """A palette of ``COLOURS``: the ``exact`` colours, then the shades of the painted ground
    ``named``, as many as are left but never fewer than ``FEWEST_SHADES`` (a map of many
    factions has more exact colours: its palette grows past ``COLOURS``, up to a PNG's 256),
    none too near an exact one."""
    from PIL import Image

    count = max(COLOURS - len(exact), FEWEST_SHADES)
    shades = named.quantize(count, method=Image.Quantize.FASTOCTREE)
    found = shades.getpalette()[:3 * count]
    board = [shade for shade in zip(found[::3], found[1::3], found[2::3], strict=True)
             if all(max(abs(a - b) for a, b in zip(shade, colour, strict=True)) >= NEAR
                    for colour in exact)]
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in exact + board for value in colour])
    return palette


def mix(one: tuple[int, ...], two: tuple[int, ...], share: float) -> tuple[int, ...]:
    """``share`` of ``two`` over ``one``."""
    return tuple(round(a + (b - a) * share) for a, b in zip(one, two, strict=True))


TILES = 512
BANDS = 64         # bands of rows kept from one map to the next
BAND = 64          # rows of the picture compressed together
ZLIB_HEADER = b"\x78\x9c"      # deflate, a 32 kB window (RFC 1950)
_tiles: OrderedDict[tuple, Any] = OrderedDict()
_bands: OrderedDict[tuple, tuple[bytes, bytes]] = OrderedDict()


def forget() -> None:
    """Drop the tiles and bands kept from earlier maps (a test paints afresh)."""
    _tiles.clear()
    _bands.clear()


class Painter:
    """Paints the maps of one ground: ``key`` names it among the painters of a process (the
    tiles and bands kept are shared by all, each under its painter's key), ``ground()`` gives
    its painted ``Ground`` (asked when first needed), ``width`` and ``height`` the picture's."""

    def __init__(self, key: str, ground: Callable[[], Ground], width: int, height: int):
        self.key = key
        self.ground = ground
        self.width = width
        self.height = height
        self._static_bands: dict[tuple[int, int], tuple[bytes, bytes]] = {}

    def paint(self, under: list[Any], over: list[Any]) -> bytes:
        """A map as a PNG picture in the ground's palette.  The ground is copied, and each of
        the map's own shapes painted on a tile of the picture just around it.  ``under`` lies
        under the ground's names: it is painted on the bare ground, with the names it meets
        painted again over it.  A tile painted on the ground alone is kept for the next maps
        (``static_tile``)."""
        base = self.ground()
        image = base.named.copy()
        touched = []
        for box, shapes in self.clusters(under):
            names = [name for name, at in base.names if overlaps(at, box)]
            image.paste(self.static_tile("bare", box, shapes + names), box[:2])
            touched.append(box)
        for shape in over:
            box = pixels(extent(shape), self.width, self.height)
            if box is None:
                continue
            if any(overlaps(box, other) for other in touched):
                image.paste(painted(image, box, [shape]), box[:2])
            else:
                image.paste(self.static_tile("named", box, [shape]), box[:2])
            touched.append(box)
        return self.png(image, touched)

    def static_tile(self, layer: str, box: tuple[int, int, int, int], shapes: list[Any]) -> Any:
        """Shapes ``painted`` on a tile of a layer of the ground (``bare`` or ``named``): the
        same shapes there paint the same pixels, so the last ``TILES`` are kept (from one
        step's map to the next, most of the legend, chips and tokens stay as they were)."""
        return _kept(_tiles, TILES, (self.key, layer, box, repr(shapes)),
                     lambda: painted(getattr(self.ground(), layer), box, shapes))

    def clusters(self, shapes: list[Any]) -> list[tuple[tuple[int, int, int, int], list[Any]]]:
        """The shapes in clusters whose pixels meet no other cluster's, each cluster's shapes
        in their order, with the pixels around them."""
        clusters: list[tuple[tuple[int, int, int, int], list[int]]] = []
        for i, shape in enumerate(shapes):
            box, members = pixels(extent(shape), self.width, self.height), [i]
            if box is None:
                continue
            while meeting := [c for c in clusters if overlaps(c[0], box)]:
                for other, theirs in meeting:
                    clusters.remove((other, theirs))
                    box = (min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]),
                           max(box[3], other[3]))
                    members += theirs
            clusters.append((box, members))
        return [(box, [shapes[i] for i in sorted(members)]) for box, members in clusters]

    def png(self, image: Any, touched: list[tuple[int, int, int, int]]) -> bytes:
        """The picture as a PNG file in the ground's palette.  Its rows are compressed by bands
        of ``BAND`` rows, each band on its own and flushed to a whole byte, so that the bands
        make one zlib stream: a band that no shape of this map touched (``touched``: the boxes
        painted) is the ground's, compressed once per process (``static_band``), and a touched
        band the same as an earlier map's is not compressed again (``seen_band``)."""
        width, height = image.size
        pieces, check = [], 1
        for top in range(0, height, BAND):
            bottom = min(height, top + BAND)
            if any(box[1] < bottom and top < box[3] for box in touched):
                piece, rows = self.seen_band(image, top, bottom)
            else:
                piece, rows = self.static_band(top, bottom)
            pieces.append(piece)
            check = zlib.adler32(rows, check)
        last = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15).flush()    # the final block
        stream = ZLIB_HEADER + b"".join(pieces) + last + struct.pack(">I", check)
        palette = bytes(self.ground().palette.getpalette())
        return (b"\x89PNG\r\n\x1a\n"
                + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
                + _chunk(b"PLTE", palette) + _chunk(b"IDAT", stream) + _chunk(b"IEND", b""))

    def seen_band(self, image: Any, top: int, bottom: int) -> tuple[bytes, bytes]:
        """A touched band, ``band``, unless an earlier map had the same pixels there: from one
        step's map to the next, most touched bands come out the same, so the last ``BANDS``
        are kept by their pixels' digest."""
        digest = hashlib.sha256(image.crop((0, top, image.width, bottom)).tobytes()).digest()
        return _kept(_bands, BANDS, (self.key, top, digest),
                     lambda: band(image, self.ground().palette, top, bottom))

    def static_band(self, top: int, bottom: int) -> tuple[bytes, bytes]:
        """A band of the ground with its names alone, compressed once per process."""
        found = self._static_bands.get((top, bottom))
        if found is None:
            base = self.ground()
            found = self._static_bands[top, bottom] = band(base.named, base.palette, top, bottom)
        return found


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


def painted(source: Any, box: tuple[int, int, int, int], shapes: list[Any]) -> Any:
    """The tile ``box`` of ``source`` with shapes painted on it at twice the size (every pixel
    of the tile doubled, so that what is not painted over comes back as it was), shrunk."""
    from PIL import Image

    x0, y0, x1, y1 = box
    tile = source.crop(box).resize(((x1 - x0) * SCALE, (y1 - y0) * SCALE),
                                   Image.Resampling.NEAREST)
    paint_shapes(tile, shapes, (x0, y0))
    return tile.reduce(SCALE)


def paint_shapes(image: Any, shapes: Any, origin: tuple[float, float] = (0, 0)) -> None:
    """Paint shapes on a picture at ``SCALE`` times their size, ``origin`` its top left.  Type
    is drawn in two tones: shrunk, it is as smooth as the edges, in few shades, which keeps
    the PNG small (a sixth smaller than type smoothed before the shrink)."""
    from PIL import ImageColor, ImageDraw

    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    for shape in flat(shapes):
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
            draw.text((x, y), shape.text, fill=shape.fill, font=font(shape.size),
                      anchor=ANCHORS[shape.anchor], stroke_width=1 if shape.bold else 0,
                      stroke_fill=shape.fill)


ANCHORS = {"start": "lm", "middle": "mm", "end": "rm"}


def flat(shapes: Any):
    """The shapes in painting order, groups opened."""
    for shape in shapes:
        if isinstance(shape, Group):
            yield from flat(shape.shapes)
        else:
            yield shape


def extent(shape: Any) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom) a shape paints within."""
    if isinstance(shape, Group):
        boxes = [extent(s) for s in shape.shapes]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))
    if isinstance(shape, Poly):
        xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
        return (min(xs) - shape.width, min(ys) - shape.width, max(xs) + shape.width,
                max(ys) + shape.width)
    if isinstance(shape, Circle):
        reach = shape.r + shape.width
        return shape.x - reach, shape.y - reach, shape.x + reach, shape.y + reach
    return type_extent(shape)


@functools.lru_cache(maxsize=1024)
def type_extent(text: Text) -> tuple[float, float, float, float]:
    """The box a text paints within."""
    left, top, right, bottom = font(text.size).getbbox(
        text.text, anchor=ANCHORS[text.anchor], stroke_width=1 if text.bold else 0)
    return (text.x + left / SCALE, text.y + top / SCALE, text.x + right / SCALE,
            text.y + bottom / SCALE)


def pixels(box: tuple[float, float, float, float], width: int, height: int
           ) -> tuple[int, int, int, int] | None:
    """The whole pixels of a picture of ``width`` by ``height`` around a box, with a margin,
    or None if off it."""
    left, top = max(0, math.floor(box[0]) - 2), max(0, math.floor(box[1]) - 2)
    right, bottom = min(width, math.ceil(box[2]) + 2), min(height, math.ceil(box[3]) + 2)
    return (left, top, right, bottom) if left < right and top < bottom else None


def overlaps(one: tuple[int, ...], two: tuple[int, ...]) -> bool:
    return one[0] < two[2] and two[0] < one[2] and one[1] < two[3] and two[1] < one[3]


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
def font(size: float) -> Any:
    """The type face at ``size`` canvas pixels, at the painting's scale."""
    from PIL import ImageFont

    return ImageFont.load_default(size=size * SCALE)


def band(image: Any, palette: Any, top: int, bottom: int) -> tuple[bytes, bytes]:
    """Rows ``top`` to ``bottom`` of the picture in the palette, each led by its filter byte
    (0: none, as for any picture in a palette), and compressed as a piece of deflate stream."""
    from PIL import Image

    width = image.width
    indexes = image.crop((0, top, width, bottom)).quantize(
        palette=palette, dither=Image.Dither.NONE).tobytes()
    rows = b"".join(b"\x00" + indexes[y * width:(y + 1) * width] for y in range(bottom - top))
    squeeze = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
    return squeeze.compress(rows) + squeeze.flush(zlib.Z_SYNC_FLUSH), rows


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
