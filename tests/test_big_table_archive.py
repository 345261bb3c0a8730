"""The archive of a twelve-seat GF9 game (001 3.09.01: the Landsraad pack for 12 or more
players) opens in headless Chromium: every seat's marker on the turn's map, at its own dot
(``Board.seat_dots``), the page without console errors and its map loaded."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from installation import Installation
from test_archive import browser, dune_game, play  # noqa: F401 -- ``browser``: a fixture

from pbem.archive import build_archive

TWELVE = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen", "tleilaxu",
          "ixians", "choam", "richese", "ecaz", "moritani"]
OPTIONS = {"ixians_tleilaxu": True, "choam_richese": True, "ecaz_moritani": True,
           "landsraad_12_cards": True}


@pytest.mark.browser
@pytest.mark.whole_game
def test_001_3_09_a_twelve_seat_games_archive_draws_every_seat_in_chromium(browser,  # noqa: F811
                                                                           tmp_path):
    site = Installation(tmp_path / "site")
    dune_game(site, "twelve", TWELVE, "twelve-archive", turns=3, delay=1, ruleset="gf9",
              options=OPTIONS)
    record = play(site, "twelve", lambda record: record.state["turn"] >= 2)
    out = tmp_path / "archive"
    build_archive(site.moderator().store, out, site.clock())
    svg = ET.fromstring((out / "twelve" / "map-1.svg").read_text(encoding="utf-8"))
    dots = {g.get("data-faction") for g in svg.iter("{http://www.w3.org/2000/svg}g")
            if g.get("class") == "player-dot"}
    assert dots == set(TWELVE) and len(set(record.state["dots"].values())) == 12
    browser.get((out / "twelve" / "turn-1.html").as_uri())
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert browser.execute_script(
        "return Array.from(document.images).filter(i => i.src.endsWith('map-1.svg'))"
        ".map(i => i.complete && i.naturalWidth > 0);") == [True]
