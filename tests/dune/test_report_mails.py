"""The mails of a whole game of Dune played by mail (issue 6): every player answers each report
with the order template it offers, as it is; then every mail the moderator wrote is checked:
multipart/alternative with a plain text version within 78 columns and a valid, escaped HTML
version, one conversation per reader, the map of Arrakis in the reports, the whole turn
summed up in the report that ends it, and the public copy free of every shield."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ElementTree
from email.message import EmailMessage

import html5lib
import pytest
from installation import Installation
from PIL import Image
from players import GM, MODERATOR, drop, order_mail, text

from pbem.definition import create_game, game_definition
from pbem.mail.text import html_to_text
from pbem.reports import INLINE_TEXT
from pbem.templating import MAIL_WIDTH

SEATS = ("atreides", "harkonnen", "fremen")
SVG_SEAT = "fremen"                 # asks for the map as SVG too (SET MAP SVG)
GAME = "dune-m"
TEMPLATE = re.compile(r"this template is accepted as it is:\n\n(.+?)\n\n", re.S)


def address(seat: str) -> str:
    return f"{seat}@players.test"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """A whole game (one turn) of three factions, each answering every report with its
    template."""
    site = Installation(tmp_path_factory.mktemp("report-mails"))
    moderator = site.moderator()
    definition = game_definition({
        "id": GAME, "game": "dune", "ruleset": "wbc", "seed": "reports", "title": "Report mails",
        "options": {"turns": 1}, "auth": "both", "deadlines": {"resolve_delay_minutes": 1},
        "seats": [{"seat": s, "address": address(s), "timezone": zone}
                  for s, zone in zip(SEATS, ("Asia/Tokyo", "America/New_York", "UTC"),
                                     strict=True)]})
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.store.db["observers"].insert({"game_id": GAME, "address": "watcher@players.test"})
    moderator.send_outbox()
    secret = moderator.store.seat(GAME, SVG_SEAT)["secret"]
    drop(site.inbox, order_mail(address(SVG_SEAT), f"SECRET {secret}\nSET MAP SVG",
                                subject=f"[{GAME}] settings"))
    answered: set[str] = set()
    templates = 0
    for _ in range(300):
        if site.record(GAME).finished:
            break
        for seat in SEATS:
            mails = [m for m in site.sent(address(seat)) if m["Message-ID"] not in answered]
            offers = [(m, TEMPLATE.search(text(m))) for m in mails]
            offers = [(m, found) for m, found in offers
                      if found and "Orders received" not in str(m["Subject"])]
            answered |= {m["Message-ID"] for m in mails}
            if offers:
                mail, found = offers[-1]
                reply = order_mail(address(seat), found.group(1), to=MODERATOR,
                                   subject=f"Re: {mail['Subject']}",
                                   in_reply_to=mail["Message-ID"])
                drop(site.inbox, reply)
                templates += 1
        site.clock.advance(minutes=1)
        assert not site.moderator().tick().errors
    assert site.record(GAME).finished
    return site, templates


def test_every_template_offered_by_mail_is_accepted_as_it_is(game):
    """Each template a report offered, sent back as it is, was read without an error."""
    site, templates = game
    assert templates > 8
    for seat in SEATS:
        answers = [text(m) for m in site.sent(address(seat))
                   if "Orders received" in str(m["Subject"])]
        assert answers and not [a for a in answers if "Not accepted" in a]


def all_mail(site) -> list[EmailMessage]:
    return [m for m in site.sent() if f"[{GAME}]" in str(m["Subject"])]


def test_every_mail_is_plain_text_and_html_within_78_columns(game):
    site, _ = game
    mails = all_mail(site)
    assert len(mails) > 30
    for mail in mails:
        plain, html = mail.get_body(("plain",)), mail.get_body(("html",))
        assert plain is not None and html is not None, mail["Subject"]
        assert any(part.get_content_type() == "multipart/alternative" for part in mail.walk())
        too_wide = [line for line in plain.get_content().splitlines() if len(line) > MAIL_WIDTH]
        assert too_wide == [], mail["Subject"]


def test_the_html_version_is_valid_and_says_what_the_plain_text_says(game):
    """html5lib's strict parser accepts it (no parse error: nesting, escaping), and its
    visible text has every word of the plain text, the address in <...> escaped."""
    site, _ = game
    for mail in all_mail(site)[::3]:
        html = mail.get_body(("html",)).get_content()
        html5lib.HTMLParser(strict=True).parse(html)
        assert "&lt;moderator@pbem.test&gt;" in html
        plain = mail.get_body(("plain",)).get_content()
        headings = re.sub(r"^== (.+) ==$", r"\1", plain, flags=re.M)
        assert " ".join(html_to_text(html).split()) == " ".join(headings.split())


def test_one_game_is_one_conversation_for_each_reader(game):
    """Each seat's welcome opens its thread; every later mail to the seat refers to it
    (In-Reply-To and References), and every subject carries the game's tag."""
    site, _ = game
    for seat in SEATS:
        mails = site.sent(address(seat))
        root = site.moderator().store.seat(GAME, seat)["thread_id"]
        assert str(mails[0]["Subject"]) == f"[{GAME}] Welcome"
        assert mails[0]["Message-ID"] == root
        for mail in mails[1:]:
            assert str(mail["Subject"]).startswith(f"[{GAME}] ")
            assert mail["References"].split()[0] == root
            assert mail["In-Reply-To"] in mail["References"].split()
    gm = site.sent(GM)
    assert gm[0]["Message-ID"] == gm[1]["References"].split()[0] == f"<pbem.{GAME}@pbem.test>"


def test_a_report_shows_the_map_inline_and_a_public_one_attaches_the_svg(game):
    """The PNG in the HTML version by its Content-ID (in few colours, to keep mail small); the
    SVG attached to the observers' public reports, and to a seat's only on request (SET MAP
    SVG, the Fremen's); both well formed.  The GM's copy goes without the map (issue 33: the
    game file's ``gm_maps`` asks for it)."""
    site, _ = game
    reports = [m for m in all_mail(site) if "== What happened ==" in text(m)]
    with_map = [m for m in reports if "image/png" in {p.get_content_type() for p in m.walk()}]
    assert len(with_map) > 10
    assert not [m for m in with_map if m["To"] == GM]
    inline = 0
    for mail in with_map:
        parts = {part.get_content_type(): part for part in mail.walk()}
        png, svg = parts["image/png"], parts.get("image/svg+xml")
        html = mail.get_body(("html",)).get_content()
        if png["Content-ID"] is not None:
            inline += 1
            assert len(text(mail)) > INLINE_TEXT - 200
            assert f'src="cid:{png["Content-ID"].strip("<>")}"' in html
            assert any(part.get_content_type() == "multipart/related" for part in mail.walk())
        else:                       # a short report's map is attached (issue 33, item 12)
            assert len(text(mail)) < INLINE_TEXT + 200
            assert png.get_content_disposition() == "attachment" and "<img" not in html
        assert Image.open(io.BytesIO(png.get_content())).mode == "P"    # a palette: small
        readers = (GM, "watcher@players.test", address(SVG_SEAT))
        assert (svg is not None) == (mail["To"] in readers)
        if svg is not None:
            assert svg.get_content_disposition() == "attachment"
            assert ElementTree.fromstring(svg.get_content()).tag.endswith("svg")
    assert inline


def test_a_seat_gets_the_map_once_a_turn_and_again_when_it_changed_for_a_decision(game):
    """docs/reports.md: a seat's report brings the map only when its drawing changed since
    the map last sent to the seat, and either no map went to the seat in this turn or the
    seat has a decision made on the board (``map: true`` in decisions.yaml)."""
    site, _ = game
    board_kinds = {k.kind for k in site.record(GAME).rules.decision_kinds if k.needs_map}
    without = 0
    for seat in SEATS:
        reports = [m for m in site.sent(address(seat)) if "== What happened ==" in text(m)]
        sent, turns = [], set()
        for mail in reports:
            pngs = [p.get_content() for p in mail.walk() if p.get_content_type() == "image/png"]
            found = re.search(r"Turn (\d+)|Set-up|Game over", str(mail["Subject"]))
            turn = found.group(0)
            if not pngs:
                without += 1
                continue
            assert not sent or pngs[0] != sent[-1], f"{seat}: the same map twice"
            orders = text(mail).split("== Your orders ==")[-1]
            on_board = turn == "Game over" or any(
                f"- {kind} " in orders or f"- {kind}:" in orders for kind in board_kinds)
            assert turn not in turns or on_board, f"{seat}: a second map in {turn}"
            sent.append(pngs[0])
            turns.add(turn)
        assert sent, f"{seat}: no map"
    assert without, "every report brought the map"


def test_the_report_that_ends_a_turn_does_not_repeat_the_turn(game):
    """Issue 33, item 8: the report of the step that ends a turn tells what happened since
    the reader's last report, not the whole turn again ("Turn N in brief", about 100 lines
    the players had had): every seat's and the GM's."""
    site, _ = game
    for reader in (GM, *(address(seat) for seat in SEATS)):
        for mail in site.sent(reader):
            assert " in brief ==" not in text(mail)
    ends = [text(m) for m in site.sent(GM) if "Strongholds held at the end of turn 1" in text(m)]
    assert len(ends) == 1 and ends[0].count("-- Turn 1: storm") == 0


def test_the_public_copies_show_no_shield(game):
    """The GM's and the observer's copies are the public report: no "Behind your shield", no
    prompts of a seat, no order template."""
    site, _ = game
    for reader in (GM, "watcher@players.test"):
        mails = [text(m) for m in site.sent(reader) if "== What happened ==" in text(m)]
        assert mails
        for body in mails:
            assert "Behind your shield" not in body and "SECRET" not in body


def test_a_private_report_tells_the_deadline_in_the_players_own_time_zone(game):
    site, _ = game
    tokyo = [text(m) for m in site.sent(address("atreides")) if "== Your orders ==" in text(m)]
    assert tokyo and all(re.search(r"Deadline: .* JST \(\d\d:\d\d UTC\)", t) for t in tokyo)


def bots_by_mail(tmp_path, game_id: str) -> Installation:
    """A WBC game of ``SEATS`` played by bots, each step a minute after the last, every
    report mailed to the seats, without maps."""
    site = Installation(tmp_path, maps=False)
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition({
        "id": game_id, "game": "dune", "ruleset": "wbc", "seed": game_id, "auth": "address",
        "deadlines": {"resolve_delay_minutes": 1},
        "seats": [{"seat": s, "address": address(s)} for s in SEATS]}), site.clock())
    moderator.store.db.execute("update seats set disorder = 'bot' where game_id = ?",
                               (game_id,))
    return site


def test_a_configuration_without_maps_sends_text_only_reports(tmp_path):
    """``reports: {map: false}`` (config.example.yaml): the same reports, no picture."""
    site = bots_by_mail(tmp_path, "plain")
    for _ in range(4):
        site.clock.advance(minutes=1)
        site.moderator().tick()
    reports = [m for m in site.sent() if "== What happened ==" in text(m)]
    assert len(reports) >= 2 * len(SEATS)
    assert all(part.get_content_maintype() in ("text", "multipart")
               for mail in reports for part in mail.walk())
    assert all(mail.get_body(("html",)) is not None for mail in reports)


def test_history_lists_a_game_s_reports_by_turn_each_phase_once(tmp_path):
    """Issue "A real game by mail", P9: HISTORY was one near-identical subject a report; it
    is a line a turn, each phase once with the numbers of its reports, every report listed."""
    site = bots_by_mail(tmp_path, "hist")

    def reports() -> list[EmailMessage]:
        return [m for m in site.sent(address(SEATS[0])) if "== What happened ==" in text(m)]

    while not any(": Turn 3:" in str(m["Subject"]) for m in reports()):
        site.clock.advance(minutes=1)
        site.moderator().tick()
    reports = reports()
    drop(site.inbox, order_mail(address(SEATS[0]), "HISTORY", subject="[hist] history"))
    site.moderator().tick()
    listing = text(site.sent(address(SEATS[0]))[-1])
    lines = [line for line in listing.replace("\n    ", " ").splitlines()
             if line.startswith("  Turn ")]
    assert [line.split(":")[0].strip() for line in lines] == ["Turn 1", "Turn 2", "Turn 3"]
    for line in lines:                              # each phase once in its turn
        phases = re.findall(r"([a-z][a-z ]*) \(\d+(?:-\d+)?\)", line.split(": ", 1)[1])
        assert phases and len(phases) == len(set(phases)), line
    numbers = [int(n) for found in re.findall(r"\((\d+)(?:-(\d+))?\)", listing)
               for n in range(int(found[0]), int(found[1] or found[0]) + 1)]
    assert numbers == list(range(1, len(reports) + 1))
    assert len(lines) < len(reports)              # a line a turn, not a line a report (bot
    # seats' orders are in at once, so their seat is mailed only with news: 3 reports a turn)
