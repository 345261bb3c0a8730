"""The map of Arrakis (board_map.py, data/board_map.yaml): the layout is faithful to the board's
sectors and borders (000 II.A and the Dune ASCII Map, lines 1433-1497), the picture renders for
random positions as valid SVG and as PNG, every territory with forces shows them, and nothing
but the public view is drawn."""

from __future__ import annotations

import io
import math
import random
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest
import yaml
from dune_rounds import bot_orders
from dune_seats import CLASSIC, SEAT_FACTIONS
from PIL import Image, ImageColor

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.common import drawing
from pbem.games.common.drawing import SCALE
from pbem.games.dune.board import board_map
from pbem.games.dune.board.board_map import (
    LAYOUT_FILE,
    Circle,
    Group,
    LayoutError,
    Poly,
    Text,
    board_png,
    board_svg,
    count_text,
    layout,
    load_layout,
    scene,
)
from pbem.games.dune.state import data
from pbem.games.dune.view import public_view

SVG = "{http://www.w3.org/2000/svg}"


def touching(one, two) -> bool:
    """Whether two cells share a stretch of edge (a corner is not enough)."""
    def overlap(x, y):
        return min(x[1], y[1]) - max(x[0], y[0]) > 1e-9
    if one.sector == two.sector:
        return ((one.r[1] == two.r[0] or two.r[1] == one.r[0]) and overlap(one.a, two.a)
                or (one.a[1] == two.a[0] or two.a[1] == one.a[0]) and overlap(one.r, two.r))
    if two.sector == one.sector % 18 + 1:
        one, two = two, one
    return (one.sector == two.sector % 18 + 1 and one.a[0] == 0 and two.a[1] == 1
            and overlap(one.r, two.r))


def test_the_cells_of_each_sector_tile_its_wedge_exactly():
    """Every sector (000 II.A.2: 18 sectors) is covered once: no two cells overlap and
    together they fill the ring from the Polar Sink to the rim."""
    cells = layout().cells
    for sector in range(1, 19):
        mine = [c for c in cells if c.sector == sector]
        area = sum((c.r[1] - c.r[0]) * (c.a[1] - c.a[0]) for c in mine)
        assert area == pytest.approx(1.0), sector
        for one, two in combinations(mine, 2):
            inside = (min(one.r[1], two.r[1]) - max(one.r[0], two.r[0]) > 1e-9
                      and min(one.a[1], two.a[1]) - max(one.a[0], two.a[0]) > 1e-9)
            assert not inside, (one, two)


def test_each_territory_is_drawn_in_exactly_its_sectors():
    """The sectors of each territory on the map are board.yaml's (the seed's ASCII map)."""
    board = CLASSIC.board
    for territory in board.territories:
        drawn = {c.sector for c in layout().cells_of(territory.name)}
        assert drawn == set(territory.sectors), territory.name


def test_territories_touch_on_the_map_exactly_where_the_board_has_a_border():
    """Two territories' cells share an edge if and only if board.yaml lists a border between
    them; the Polar Sink touches the cells of the inner ring."""
    board = CLASSIC.board
    borders = {frozenset((t.name, b.territory)) for t in board.territories for b in t.borders}
    cells = layout().cells
    drawn = {frozenset((one.territory, two.territory)) for one, two in combinations(cells, 2)
             if one.territory != two.territory and touching(one, two)}
    drawn |= {frozenset(("Polar Sink", c.territory)) for c in cells if c.r[0] == 0}
    assert drawn - borders == set(), "drawn side by side, but no border on the board"
    assert borders - drawn == set(), "a border of the board not drawn"


def test_a_broken_layout_reports_every_fault_at_once(tmp_path):
    raw = yaml.safe_load(LAYOUT_FILE.read_text(encoding="utf-8"))
    raw["territories"]["Arrakeen"]["cells"][0]["sector"] = 9
    raw["territories"]["Basin"]["cells"][0]["r"] = [0.9, 0.7]
    del raw["territories"]["Carthag"]
    raw["territories"]["Atlantis"] = {"cells": []}
    broken = tmp_path / "board_map.yaml"
    broken.write_text(yaml.safe_dump(raw), encoding="utf-8")
    with pytest.raises(LayoutError) as error:
        load_layout(broken, CLASSIC.board)
    assert sorted(error.value.problems) == [
        "Arrakeen: cells in sectors [9], the board says [10]",
        "Atlantis: no such territory on the board",
        "Basin: sector 9: bad band r=(0.9, 0.7) a=(0.35, 0.65)",
        "Carthag: not drawn"]


def random_states(seed: int, every: int = 7):
    """Every ``every``th state of a game of random legal play, and the last."""
    rng = random.Random(seed)
    seats = rng.sample(list(SEAT_FACTIONS), 2 + seed % 5)
    options = {"turns": 3, "advanced": bool(seed % 2)}
    state = dune.setup("wbc" if seed % 3 else "classic", options, seats, step_rng(str(seed), 0))
    step = 0
    while dune.result(state) is None:
        orders = bot_orders(state, rng)
        step += 1
        state, _ = dune.apply(state, orders, step_rng(str(seed), step))
        if step % every == 0:
            yield state
    yield state


def forces_groups(svg: str) -> dict[tuple[str, str], list[str]]:
    """(territory, sector) -> the chip texts of the forces drawn there."""
    root = ET.fromstring(svg)
    return {(g.get("data-territory"), g.get("data-sector")):
            [t.text for t in g.iter(f"{SVG}text")]
            for g in root.iter(f"{SVG}g") if g.get("class") == "forces"}


@pytest.mark.parametrize("seed", range(3))
def test_the_map_of_random_positions_is_valid_svg_showing_every_force_and_spice(seed):
    for state in random_states(seed):
        view = public_view(state)
        svg = board_svg(view)
        root = ET.fromstring(svg)                       # well-formed XML
        assert root.tag == f"{SVG}svg"
        drawn = forces_groups(svg)
        expected = {(t, s): by_faction for t, sectors in view["forces"].items()
                    for s, by_faction in sectors.items()}
        assert set(drawn) == set(expected)
        for place, by_faction in expected.items():
            texts = drawn[place]
            for seat, counts in by_faction.items():
                letter = data(view).seat(seat).map_marker.letter
                assert any(t.startswith(f"{letter} {count_text(counts)}") for t in texts), place
        spice = {g.get("data-territory"): int(g.get("data-amount")) for g in root.iter(f"{SVG}g")
                 if g.get("class") == "spice"}
        assert spice == {t: n for t, n in view["spice"].items() if n}
        storm = [g for g in root.iter(f"{SVG}g") if g.get("class") == "storm"]
        assert [g.get("data-sector") for g in storm] == (
            [str(view["storm"])] if view["storm"] else [])


def test_the_png_is_the_same_drawing_and_opens_as_a_picture():
    state = list(random_states(4, every=20))[-2]
    png = board_png(public_view(state))
    Image.open(io.BytesIO(png)).verify()                # every chunk's checksum
    picture = Image.open(io.BytesIO(png))
    assert picture.format == "PNG" and picture.mode == "P"
    assert picture.size == (layout().width, layout().height)
    assert len(picture.convert("RGB").resize((64, 64)).getcolors(4096)) > 20   # not blank


def _chip_forces(plain: int, starred: int) -> dict[str, int]:
    """Forces with a starred kind among them as a chip draws them (whoever's they are)."""
    return {"force": plain, **({"sardaukar": starred} if starred else {})}


def crowded_view(seed: int) -> dict:
    """A public view with forces of up to three factions in most sectors of the map."""
    rng = random.Random(seed)
    seats = list(SEAT_FACTIONS)
    view = public_view(dune.setup("wbc", {}, seats, step_rng("crowd", 0)))
    view["forces"] = {}
    for territory in data(view).board.territories:
        for sector in territory.sectors or (0,):
            if rng.random() < 0.7:
                view["forces"].setdefault(territory.name, {})[str(sector)] = {
                    seat: _chip_forces(rng.randint(1, 12), rng.choice([0, 0, 3]))
                    for seat in rng.sample(seats, rng.randint(1, 3))}
    view["spice"] = {t.name: rng.randint(2, 12) for t in data(view).board.territories
                     if t.spice_blow}
    view["coexisting"] = [t for t, sectors in view["forces"].items()
                          if any("bene-gesserit" in f for f in sectors.values())][:3]
    view["storm"] = rng.randint(1, 18)
    return view


def boxes(shapes) -> list[tuple[str, float, float, float, float]]:
    """The bounding box of each group of forces or spice in a scene."""
    found = []
    for group in shapes:
        if isinstance(group, Group) and group.kind in ("forces", "spice"):
            points = [p for s in group.shapes if isinstance(s, Poly) and s.fill
                      for p in s.points]
            points += [(c.x + dx * c.r, c.y + dy * c.r) for c in group.shapes
                       if isinstance(c, Circle) and c.r > 3 for dx in (-1, 1) for dy in (-1, 1)]
            xs, ys = [x for x, _ in points], [y for _, y in points]
            found.append((group.attrs["data-territory"], min(xs), min(ys), max(xs), max(ys)))
    return found


@pytest.mark.parametrize("seed", range(2))
def test_no_chip_covers_another_on_a_crowded_map(seed):
    """Overlapping territories are resolved: the chips of forces and spice never cover one
    another, however crowded the map, and all stay on the board's side of the picture."""
    found = boxes(scene(crowded_view(seed)))
    assert len(found) > 40
    for one, two in combinations(found, 2):
        apart = one[3] <= two[1] or two[3] <= one[1] or one[4] <= two[2] or two[4] <= one[2]
        assert apart, (one, two)
    assert all(box[1] >= 0 and box[3] <= layout().panel_x for box in found)


def test_coexisting_advisors_are_drawn_apart_from_fighters():
    """000 XV.B.4 (line 506): advisors coexisting are not on the board as fighters; the map
    shows them as white dashed chips marked adv, and they hold no stronghold."""
    view = crowded_view(0)
    view["forces"]["Arrakeen"] = {"10": {"atreides": {"force": 4},
                                                  "bene-gesserit": {"force": 3}}}
    view["coexisting"] = ["Arrakeen"]
    svg = board_svg(view)
    assert forces_groups(svg)[("Arrakeen", "10")] == ["A 4", "B 3 adv"]
    (group,) = [g for g in scene(view) if isinstance(g, Group) and g.kind == "forces"
                and g.attrs["data-territory"] == "Arrakeen"]
    advisor = [s for s in group.shapes if isinstance(s, Poly) and s.dash]
    assert len(advisor) == 1 and advisor[0].fill == "#ffffff"
    atreides = CLASSIC.seat("atreides").map_marker.colour
    rings = [s for s in scene(view) if isinstance(s, Poly) and s.width == 4]
    assert any(s.stroke == atreides for s in rings)          # Arrakeen held by the Atreides
    assert ">Arrakeen: A<" in svg


def test_the_map_draws_nothing_but_the_public_view():
    """Hidden information (000 XIII.A-B: behind the shields) never changes the picture: the
    same public position with other hands, traitors, spice, reserves and decks draws the same
    map, and the game's hook draws from the public view."""
    state = list(random_states(5, every=15))[1]
    svg = dune.map_svg(state)
    assert svg == board_svg(public_view(state))
    secret = {**state, "factions": {
        seat: {**sheet, "hand": [], "traitors": [], "spice": 99, "traitor_draw": []}
        for seat, sheet in state["factions"].items()},
        "decks": {**state["decks"], "treachery": list(reversed(state["decks"]["treachery"])),
                  "spice": list(reversed(state["decks"]["spice"]))}}
    assert dune.map_svg(secret) == svg
    for sheet in state["factions"].values():
        for card in sheet["hand"] + sheet["traitors"]:
            assert f">{card}<" not in svg


def test_the_legend_is_readable_at_mail_width_and_fits_the_picture():
    """Issue 16 P9: mail clients show the map about 700 pixels wide, where the legend's type
    (10.5 to 13 canvas pixels) was 5 to 6.5 pixels high.  Scaled to 700 pixels, every text
    of the legend is at least 9 pixels high, inside the picture and clear of the others."""
    view = crowded_view(0)
    view["alliances"] = [["atreides", "fremen"], ["emperor", "harkonnen"]]
    legend_fits(view)


def test_001_4_10_the_legend_with_the_homeworlds_is_readable_and_fits_the_picture():
    """001 4.10: the homeworlds' lines under the strongholds (the seven of six factions in the
    advanced game, invaded ones among them) keep the legend readable and inside the picture,
    each homeworld drawn once, off the planet (no place on the board for it)."""
    view = homeworlds_view()
    legend_fits(view)
    root = ET.fromstring(board_svg(view))
    drawn = {g.get("data-homeworld"): g for g in root.iter(f"{SVG}g")
             if g.get("class") == "homeworld"}
    assert sorted(drawn) == sorted(view["places"])
    assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "place"]
    assert not [g for g in root.iter(f"{SVG}g")
                if g.get("class") == "forces" and g.get("data-territory") in drawn]


def homeworlds_view() -> dict:
    """A crowded GF9 view of six factions with homeworlds (001 4.10), the advanced game's seven,
    two of them invaded."""
    seats = list(SEAT_FACTIONS)
    state = dune.setup("gf9", {"homeworlds": True, "advanced": True}, seats,
                       step_rng("homeworlds", 0))
    view = public_view(state)
    crowd = crowded_view(1)
    view["forces"] = {t: sectors for t, sectors in crowd["forces"].items()
                      if t in data(view).board}
    view["forces"]["Giedi Prime"] = {"0": {"atreides": {"force": 12}, "fremen": {"force": 3}}}
    view["forces"]["Salusa Secundus"] = {"0": {"guild": {"force": 7}}}
    view["alliances"] = [["atreides", "fremen"], ["emperor", "harkonnen"]]
    return view


def legend_fits(view: dict) -> None:
    """Scaled to 700 pixels, every text of the legend is at least 9 pixels high, inside the
    picture and clear of the others."""
    lay = layout()
    picture = Image.open(io.BytesIO(board_png(view)))
    shown = picture.resize((700, round(picture.height * 700 / picture.width)))
    scale = shown.width / lay.width
    texts = [s for s in scene(view) if isinstance(s, Text)       # off the board's disc
             and math.dist((s.x, s.y), lay.centre) > lay.rim_radius + 60]
    assert len(texts) > 50
    spans = []
    for text in texts:
        assert text.size * scale >= (8 if len(text.text) < 8 else 9), text   # chips: 8 px
        left, top, right, bottom = drawing.font(text.size).getbbox(text.text, anchor="lm")
        shift = {"start": 0, "middle": -(right - left) / 2, "end": -(right - left)}[text.anchor]
        span = (text.x + (left + shift) / SCALE, text.y + top / SCALE,
                text.x + (right + shift) / SCALE, text.y + bottom / SCALE)
        assert 0 <= span[0] < span[2] <= lay.width, text
        assert 0 <= span[1] < span[3] <= lay.height, text
        spans.append((text.text, span))
    words = [(t, s) for t, s in spans if len(t) > 2]
    for (one, a), (two, b) in combinations(words, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (one, two)


def test_a_map_painted_after_others_is_the_picture_painted_afresh():
    """The tiles and the bands of rows kept from one map to the next (``Painter.static_tile``,
    ``Painter.seen_band``) change no pixel: a map painted after others is the same picture as the
    same map painted with nothing kept."""
    states = list(random_states(6, every=4))
    for state in states:
        board_png(public_view(state))
    kept = board_png(public_view(states[-2]))
    drawing.forget()
    assert board_png(public_view(states[-2])) == kept


def test_the_png_veils_the_storm_sector_and_keeps_the_drawing_colours():
    """The storm's sector is veiled in the PNG as in the SVG (its fill 38% storm colour), in
    a palette: a territory's fill elsewhere is painted exactly."""
    view = crowded_view(1)
    view["forces"], view["spice"], view["storm"] = {}, {}, 4
    lay = layout()
    picture = Image.open(io.BytesIO(board_png(view)))
    assert picture.mode == "P"
    rgb = picture.convert("RGB")
    veiled_at, clear_at = lay.point(4, 0.97, 0.25), lay.point(8, 0.97, 0.25)

    def fill(point):
        (cell,) = [c for c in lay.cells if lay.contains(c, point)]
        return ImageColor.getrgb(lay.fills[data(view).board[cell.territory].type.value])

    veiled = rgb.getpixel(tuple(round(v) for v in veiled_at))
    assert rgb.getpixel(tuple(round(v) for v in clear_at)) == fill(clear_at)
    storm = ImageColor.getrgb(board_map.STORM)
    expected = [a + (b - a) * 0.38 for a, b in zip(fill(veiled_at), storm, strict=True)]
    assert all(abs(v - e) <= 6 for v, e in zip(veiled, expected, strict=True)), veiled


# --- a table bigger than the printed dots (001 3.06.01-3.09.01; ``Board.seat_dots``)
BIG = {"ixians_tleilaxu": True, "choam_richese": True, "ecaz_moritani": True}
TWELVE = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen", "tleilaxu",
          "ixians", "choam", "richese", "ecaz", "moritani"]


def twelve_view() -> dict:
    """A crowded public view of a twelve-seat GF9 game, three alliances made."""
    view = public_view(dune.setup("gf9", BIG, TWELVE, step_rng("twelve-map", 0)))
    crowd = crowded_view(2)
    view["forces"], view["spice"], view["storm"] = crowd["forces"], crowd["spice"], 7
    view["alliances"] = [["atreides", "fremen"], ["emperor", "harkonnen"], ["ecaz", "choam"]]
    return view


def test_001_setup_11_the_map_draws_every_seat_of_twelve_on_its_dot_apart():
    """Every seat of twelve has its marker on the map, each at its own dot and clear of the
    others; no empty printed dot is left."""
    view = twelve_view()
    root = ET.fromstring(board_svg(view))
    markers = [g for g in root.iter(f"{SVG}g") if g.get("class") == "player-dot"]
    assert sorted(g.get("data-faction") for g in markers) == sorted(TWELVE)
    centres = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
               for g in markers for c in g.iter(f"{SVG}circle")]
    assert len(centres) == 12
    for i, (x, y, r) in enumerate(centres):
        for x2, y2, r2 in centres[i + 1:]:
            assert math.dist((x, y), (x2, y2)) > r + r2
    assert not [c for c in root.iter(f"{SVG}circle") if c.get("r") == "5"
                and c.get("fill") == "#fbf7ef"]


@pytest.mark.parametrize("seats", [TWELVE[:9], TWELVE])
def test_001_3_06_the_legend_of_a_big_game_is_readable_and_fits_the_picture(seats):
    """The legend names every faction of nine or twelve and still fits, readable at mail
    width."""
    view = twelve_view()
    if len(seats) < 12:
        view = public_view(dune.setup("gf9", BIG, seats, step_rng("nine-map", 0)))
        view["forces"] = crowded_view(3)["forces"]
    legend_fits(view)
