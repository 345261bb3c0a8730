"""War for Arrakis's map (``board_map``): every area drawn at its place, the pieces of the
public view over them, nothing else (002 GAME BOARD; the positions are data/layout.yaml)."""

from __future__ import annotations

import copy
import io
import re

from pbem.game import load_game, step_rng
from pbem.games.war_for_arrakis.board_map import BoardMap, layout
from pbem.games.war_for_arrakis.state import data
from pbem.games.war_for_arrakis.view import public_view

WFA = load_game("war_for_arrakis")


def new_state():
    return WFA.setup("standard", {}, ["atreides", "harkonnen"], step_rng("map", 0))


def test_002_game_board_every_area_is_drawn_named_within_the_picture():
    lay = layout()
    svg = WFA.map_svg(new_state())
    for area in data().board.areas.values():
        x, y = lay.centres[area.id]
        assert 0 < x < lay.width and 0 < y < lay.height
        assert f">{area.abbreviation}</text>" in svg
    assert svg.count('stroke-dasharray') >= len(data().board.impassable)


def test_the_legions_and_sites_of_the_view_are_on_the_map():
    state = new_state()
    svg = WFA.map_svg(state)
    legions = re.findall(r'class="legion" data-area="([^"]+)"', svg)
    assert sorted(legions) == sorted(state["legions"])
    state = copy.deepcopy(state)
    state["wormsigns"] = {"ne-5": "w1"}
    state["sandworms"] = ["ne-8"]
    state["harvesters"] = ["ne-1"]
    svg = WFA.map_svg(state)
    assert 'class="harvester" data-area="ne-1"' in svg and ">W</text>" in svg


def test_the_map_shows_no_secret():
    """Drawn from the public view alone: another hidden sietch rank or token content gives the
    same picture."""
    state = new_state()
    changed = copy.deepcopy(state)
    ranks = changed["hidden"]["sietch_ranks"]
    tokens = list(ranks)
    changed["hidden"]["sietch_ranks"] = dict(zip(tokens, [ranks[t] for t in tokens[::-1]],
                                                 strict=True))
    changed["hidden"]["objectives"] = ["the-holy-war"]
    assert BoardMap(public_view(state)).svg == BoardMap(public_view(changed)).svg


def test_the_png_is_a_picture_of_the_same_size():
    from PIL import Image

    picture = Image.open(io.BytesIO(WFA.map_png(new_state())))
    assert picture.size == (layout().width, layout().height)
