"""The archive (``pbem archive build``, issue 6): a static site of every game, with a page per
turn (public report and map), the game record and the final reveal once a game is over,
nothing secret before; it opens in a real browser (headless Chromium) without console errors
or broken links."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

import pytest
from click.testing import CliRunner
from dune_leaks import leaked, secrets_over, shown_in_battles
from dune_seats import SEAT_FACTIONS
from installation import Installation

from pbem.archive import build_archive, replay_game_file
from pbem.cli import main
from pbem.definition import create_game, game_definition
from pbem.record import GameRecord
from pbem.resolution import resolve_ready_steps

HOSTILE = '<script>alert("title")</script> & co'
PLAYER = '<b>Paul</b> "Muad\'Dib" & sons'


def dune_game(site: Installation, game_id: str, seats: list[str], seed: str, turns: int,
              delay: int, ruleset: str = "wbc", options: dict | None = None) -> None:
    """A game of Dune whose every seat a bot plays (mailed nothing)."""
    moderator = site.moderator()
    definition = game_definition({
        "id": game_id, "game": "dune", "ruleset": ruleset, "seed": seed, "auth": "address",
        "options": {"turns": turns, **(options or {})},
        "deadlines": {"resolve_delay_minutes": delay},
        "seats": [{"seat": s, "address": f"{s}@players.test",
                   "player": PLAYER if i == 0 else f"Player {i}"}
                  for i, s in enumerate(seats)]})
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.store.db.execute("update seats set disorder = 'bot' where game_id = ?",
                               (game_id,))


def play(site: Installation, game_id: str, enough) -> GameRecord:
    """Resolve the game's steps a minute apart, as ticks would (without their mail), until
    ``enough(record)`` or the game is over."""
    store = site.moderator().store
    for _ in range(500):
        site.clock.advance(minutes=1)
        with store.atomic():
            record = GameRecord.load(store, game_id)
            resolve_ready_steps(store, record, site.clock())
            result = record.rules.result(record.state)
            store.save_game_state(record.id, record.step, record.state,
                                  "finished" if result else "active", site.clock(), result)
        record = GameRecord.load(store, game_id)
        if record.finished or enough(record):
            return record
    raise AssertionError(f"{game_id} did not get far enough")


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Installation:
    """Three games: a Dune game over, a Dune game in its third turn, an auction over whose
    title is hostile HTML."""
    site = Installation(tmp_path_factory.mktemp("archive"))
    seats = random.Random(6).sample(list(SEAT_FACTIONS), 5)
    dune_game(site, "dune-over", seats, "over-seed-4471", turns=2, delay=0)
    dune_game(site, "dune-on", list(SEAT_FACTIONS), "secret-seed-9053", turns=6, delay=1)
    site.new_game("auction-x", title=HOSTILE)
    site.moderator().store.db.execute("update seats set disorder = 'bot' where game_id = ?",
                                      ("auction-x",))
    assert play(site, "auction-x", lambda record: False).finished
    assert play(site, "dune-over", lambda record: False).finished
    assert not play(site, "dune-on", lambda record: record.state["turn"] >= 3).finished
    return site


@pytest.fixture(scope="module")
def archive(games, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build_archive(games.moderator().store, out, games.clock())
    return out


def site_text(folder: Path) -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(folder.rglob("*"))
                     if path.is_file())


def test_the_index_lists_every_game_with_its_rules_factions_players_status_and_winners(
        games, archive):
    index = (archive / "index.html").read_text(encoding="utf-8")
    over = games.record("dune-over")
    for game_id in ("dune-over", "dune-on", "auction-x"):
        assert f'href="{game_id}/index.html"' in index
    assert "dune (wbc)" in index and "auction (" in index
    assert ", ".join(f"{s['seat']} ({s['player']})" for s in over.seats[1:]) in index
    assert "finished: Game over" in index
    assert ", ".join(over.result()["winners"]) in index
    assert "Player 1" in index


def test_each_game_has_a_page_and_a_map_per_turn_with_the_public_report(archive):
    folder = archive / "dune-on"
    pages = sorted(folder.glob("turn-*.html"))
    assert {"turn-0.html", "turn-1.html", "turn-2.html"} <= {p.name for p in pages}
    for page in pages:
        turn = page.stem.removeprefix("turn-")
        text = page.read_text(encoding="utf-8")
        assert (folder / f"map-{turn}.svg").read_text(encoding="utf-8").startswith("<svg")
        assert f'src="map-{turn}.svg"' in text
        assert "Forces on the map" in text          # the public table of the report
    assert "The storm" in (folder / "turn-1.html").read_text(encoding="utf-8")


def test_each_turn_page_draws_the_map_of_its_own_turn(archive):
    """Issue 16 P9: the Turn 2 page showed a map labelled "Turn 3 of 6", drawn from the state
    after its last step, which had already run into turn 3.  A turn's page draws the last
    position still within that turn, and its caption and table say which step that is."""
    folder = archive / "dune-on"
    numbers = sorted(int(p.stem.removeprefix("turn-")) for p in folder.glob("turn-*.html"))
    assert numbers[-1] >= 3
    for number in numbers:
        svg = (folder / f"map-{number}.svg").read_text(encoding="utf-8")
        page = (folder / f"turn-{number}.html").read_text(encoding="utf-8")
        label = "Set-up" if number == 0 else f"Turn {number} of 6"
        assert f">{label}" in svg, (number, svg[:400])
        assert f'aria-label="Arrakis, turn {number}:' in svg
        assert re.search(rf"The board at step \d+ \((Set-up|Turn {number})\b", page), number


def test_nothing_secret_appears_before_the_end(games, archive):
    """Before a game is over its pages show no seat's hand, traitors, traitor draw or
    prediction, and neither its seed nor its decision log (which would replay the decks)."""
    store = games.moderator().store
    record = games.record("dune-on")
    seats = [s["seat"] for s in record.seats]
    held, played = secrets_over(record.replay_states(store), seats)
    played |= shown_in_battles(store, "dune-on")
    assert any(held.values())
    text = site_text(archive / "dune-on") + (archive / "index.html").read_text(encoding="utf-8")
    prediction = record.state["factions"]["bene-gesserit"]["prediction"]
    for seat in seats:
        assert not leaked(text, seat, held, played, prediction), seat
    assert "secret-seed-9053" not in text
    assert not list((archive / "dune-on").glob("*.json"))
    assert "final reveal" not in text.lower()


def test_at_the_end_the_reveal_shows_every_hand_traitor_and_prediction_and_the_seed(
        games, archive):
    record = games.record("dune-over")
    page = (archive / "dune-over" / "index.html").read_text(encoding="utf-8")
    assert "The final reveal" in page and "over-seed-4471" in page
    for seat, sheet in record.state["factions"].items():
        for secret in sheet["hand"] + sheet["traitors"]:
            assert secret.replace("'", "&#39;") in page, (seat, secret)
    prediction = record.state["factions"].get("bene-gesserit", {}).get("prediction")
    if prediction:
        assert f"faction: {prediction['faction']}" in page


def test_the_archive_serves_a_game_without_turns_or_map_alike(games, archive):
    """The archive knows no game's rules: the auction has one page for all its steps, no
    map, and at its end each seat's valuations revealed."""
    folder = archive / "auction-x"
    assert sorted(p.name for p in folder.iterdir()) == [
        "auction-x.json", "index.html", "turn-0.html"]
    page = (folder / "turn-0.html").read_text(encoding="utf-8")
    assert "is sold to" in page and "<img" not in page
    reveal = (folder / "index.html").read_text(encoding="utf-8")
    for seat, values in games.record("auction-x").state["valuations"].items():
        assert f"valuations: {list(values)}".replace("'", "&#39;") in reveal, seat


def test_the_game_record_download_replays_to_the_final_state(games, archive):
    record = games.record("dune-over")
    path = archive / "dune-over" / "dune-over.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seed"] == "over-seed-4471"
    assert replay_game_file(data) == record.state
    result = CliRunner().invoke(main, ["archive", "replay", str(path)])
    assert result.exit_code == 0, result.output
    assert f"dune-over: {len(data['log'])} steps replayed; Game over" in result.output


def test_a_gf9_game_archives_its_own_phases_and_its_record_replays(tmp_path):
    """Issue 19: the archive plays GF9 too.  A six-faction GF9 advanced game's pages show its
    own phases, CHOAM Charity (001 1.03) and the Mentat Pause (001 1.09), and its record
    replays to the final state."""
    site = Installation(tmp_path)
    dune_game(site, "gf9-over", list(SEAT_FACTIONS), "gf9-seed-31", turns=2, delay=0,
              ruleset="gf9", options={"advanced": True})
    record = play(site, "gf9-over", lambda record: False)
    assert record.finished
    out = tmp_path / "site"
    build_archive(site.moderator().store, out, site.clock())
    pages = site_text(out / "gf9-over")
    assert "CHOAM Charity" in pages and "Mentat Pause" in pages
    assert "The final reveal" in (out / "gf9-over" / "index.html").read_text(encoding="utf-8")
    assert 'href="gf9-over/index.html"' in (out / "index.html").read_text(encoding="utf-8")
    data = json.loads((out / "gf9-over" / "gf9-over.json").read_text(encoding="utf-8"))
    assert data["ruleset"] == "gf9" and replay_game_file(data) == record.state


def test_every_text_of_a_game_or_a_player_is_escaped(archive):
    text = site_text(archive)
    assert "<script>alert" not in text and "<b>Paul" not in text
    assert "&lt;script&gt;alert(&#34;title&#34;)&lt;/script&gt; &amp; co" in text
    assert "&lt;b&gt;Paul&lt;/b&gt;" in text


def test_the_command_builds_every_game_with_a_progress_bar_or_one_game(games, tmp_path):
    config = str(games.config_path)
    runner = CliRunner()
    result = runner.invoke(main, ["--config", config, "archive", "build", "--out",
                                  str(tmp_path / "all")], obj=games.clock)
    assert result.exit_code == 0, result.output
    assert "archive" in result.output and "3 games written, 3 listed" in result.output
    result = runner.invoke(main, ["--config", config, "archive", "build", "dune-on", "--out",
                                  str(tmp_path / "one")], obj=games.clock)
    assert result.exit_code == 0, result.output
    assert "1 games written, 3 listed" in result.output
    assert sorted(p.name for p in (tmp_path / "one").iterdir() if p.is_dir()) == ["dune-on"]
    result = runner.invoke(main, ["--config", config, "archive", "build", "nope", "--out",
                                  str(tmp_path / "x")], obj=games.clock)
    assert result.exit_code == 1 and "no game 'nope'" in result.output


# --- in a real browser --------------------------------------------------------------------
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium driven through chromedriver (Debian's chromium, chromium-driver)."""
    if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
        pytest.fail("Chromium is not installed: the archive test needs a real browser "
                    "(apt-get install chromium chromium-driver; tools/test.sh does).",
                    pytrace=False)
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1440,1000"):
        options.add_argument(argument)
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


def local_target(base: str, href: str) -> Path:
    """The file a link of page ``base`` leads to."""
    from urllib.parse import urljoin

    url, _ = urldefrag(urljoin(base, href))
    assert urlparse(url).scheme == "file", f"{href!r} leaves the archive"
    return Path(unquote(urlparse(url).path))


@pytest.mark.browser
def test_the_archive_opens_in_chromium_without_console_errors_or_broken_links(
        archive, browser, tmp_path):
    start = (archive / "index.html").as_uri()
    seen, queue, checked = set(), [start], 0
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        browser.get(url)
        errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
        assert not errors, (url, errors)
        links = [a.get_attribute("href") for a in browser.find_elements("css selector", "a")]
        for href in links:
            target = local_target(url, href)
            assert target.is_file(), f"broken link on {url}: {href}"
            checked += 1
            if target.suffix == ".html":
                queue.append(target.as_uri())
        broken = browser.execute_script(
            "return Array.from(document.images).filter(i => !i.complete || i.naturalWidth === 0)"
            ".map(i => i.src);")
        assert not broken, (url, broken)
    pages = {Path(unquote(urlparse(u).path)) for u in seen}
    assert pages == set(archive.rglob("*.html"))            # every page reached by a link
    assert checked > 50
    browser.get((archive / "dune-on" / "turn-1.html").as_uri())
    browser.execute_script("var s = document.getElementById('turn-slider'); s.value = 0;"
                           "s.dispatchEvent(new Event('change'));")
    assert browser.current_url.endswith("/dune-on/turn-0.html")
    browser.get((archive / "dune-on" / "turn-1.html").as_uri())
    shot = tmp_path / "archive-turn.png"
    assert browser.save_screenshot(str(shot))
    assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 20_000
