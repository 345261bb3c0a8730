"""The shape of the moderator's mail (issue 6): plain text within 78 columns, an HTML version
that escapes everything, pictures inline and attached, one conversation per reader."""

from __future__ import annotations

from datetime import UTC, datetime

import html5lib
import pytest
from installation import Installation, player
from players import GM, drop, order_mail, text

from pbem.config import Moderator
from pbem.mail.compose import Picture, compose
from pbem.mail.html import text_to_html
from pbem.mail.text import html_to_text, parse_message
from pbem.templating import MAIL_WIDTH, wrap_lines

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def structure(part, depth: int = 0) -> list[str]:
    """The MIME tree of a message, one line per part."""
    line = "  " * depth + part.get_content_type()
    if part.get_content_disposition():
        line += f" {part.get_content_disposition()}"
    lines = [line]
    if part.is_multipart():
        for sub in part.get_payload():
            lines.extend(structure(sub, depth + 1))
    return lines


def test_a_mail_with_a_map_is_text_and_html_with_the_png_inline_and_the_svg_attached():
    mail = parse_message(compose(
        Moderator(), ["a@players.test"], "[g] report", "text", NOW, "<m@pbem>",
        html="<p>text</p>", pictures=(Picture(b"\x89PNG", "png", "map.png", cid="map@pbem"),
                                      Picture(b"<svg/>", "svg+xml", "map.svg"))).as_bytes())
    assert structure(mail) == [
        "multipart/mixed", "  multipart/alternative", "    text/plain",
        "    multipart/related", "      text/html", "      image/png inline",
        "  image/svg+xml attachment"]
    png = next(p for p in mail.walk() if p.get_content_type() == "image/png")
    assert png["Content-ID"] == "<map@pbem>" and png.get_filename() == "map.png"


def test_a_mail_without_pictures_is_multipart_alternative():
    mail = parse_message(compose(Moderator(), ["a@players.test"], "[g] x", "text", NOW,
                                 "<m@pbem>", html="<p>text</p>").as_bytes())
    assert structure(mail) == ["multipart/alternative", "  text/plain", "  text/html"]


def test_wrap_lines_breaks_long_lines_at_spaces_and_indents_what_follows():
    line = "- bid (secret): " + "word " * 30
    wrapped = wrap_lines(line.rstrip()).splitlines()
    assert all(len(w) <= MAIL_WIDTH for w in wrapped) and len(wrapped) == 3
    assert all(w.startswith("  word") for w in wrapped[1:])
    assert wrap_lines("  table row " + "x " * 40, indent=14).splitlines()[1].startswith(" " * 14)
    assert wrap_lines("short\n\n  kept  as   is") == "short\n\n  kept  as   is"
    assert wrap_lines("http://" + "x" * 90) == "http://" + "x" * 90   # never broken inside


def test_the_html_version_escapes_every_character_a_player_could_write():
    hostile = 'line 2: <script>alert("x")</script> & <img src=x onerror=y>'
    html = text_to_html(f"Title\n\nNot accepted:\n  {hostile}\n\n== Heading ==\nA & B",
                        "[g] <subject>")
    html5lib.HTMLParser(strict=True).parse(html)
    assert "<script>" not in html and "<img src=x" not in html
    assert "&lt;script&gt;" in html and "<h2>Heading</h2>" in html
    assert "<title>[g] &lt;subject&gt;</title>" in html
    assert hostile in html_to_text(html)


def test_the_order_template_and_tables_stay_preformatted_in_html():
    template = "GAME g\nSECRET s\nBID 3"
    html = text_to_html(f"Report\n\n  Seat  Coins\n  north     3\n\n{template}\n\n-- \nm",
                        "s", verbatim=(template,), picture=("map@pbem", "The map"))
    assert "<pre>  Seat  Coins\n  north     3</pre>" in html
    assert f"<pre>{template}</pre>" in html
    assert html.index('<img src="cid:map@pbem" alt="The map">') < html.index("<pre>")


@pytest.fixture
def site(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    return site


def test_every_mail_of_a_game_stays_in_its_readers_conversation(site):
    """The welcome opens the thread (its Message-ID is the seat's thread id); the answer to an
    order mail refers to the thread and to the order mail; the GM's mails are one thread."""
    welcome = site.sent(player("north"))[0]
    root = site.moderator().store.seat("auction-1", "north")["thread_id"]
    assert welcome["Message-ID"] == root
    mail = order_mail(player("north"), f"SECRET {site.secret('north')}\nBID 3",
                      in_reply_to=root)
    drop(site.inbox, mail)
    site.moderator().tick()
    answer = site.sent(player("north"))[-1]
    assert "Orders received" in str(answer["Subject"])
    assert answer["References"].split() == [root, mail["Message-ID"]]
    assert answer["In-Reply-To"] == mail["Message-ID"]
    gm = site.sent(GM)
    assert gm[0]["Message-ID"] == "<pbem.auction-1@pbem.test>"
    assert all(m["References"].split()[0] == gm[0]["Message-ID"] for m in gm[1:])
    assert all(len(line) <= MAIL_WIDTH for m in site.sent() for line in text(m).splitlines())


def test_a_template_sees_the_games_globals_and_jinjas_own_through_one_plain_mapping():
    """The templates' globals are copied into each render at once (issue 20): Dune's own
    (``template_globals``) and Jinja's (``range``) are there, and a render's variables win."""
    from pbem.games.dune import template_globals
    from pbem.templating import environment

    template = environment("dune").from_string("{{ range(2) | list }} {{ x }}")
    assert type(template.globals) is dict
    assert set(template_globals()) <= set(template.globals)
    assert template.render(x=1) == "[0, 1] 1"
    name = next(iter(template_globals()))
    assert environment("dune").from_string(f"{{{{ {name} }}}}").render(**{name: "mine"}) == "mine"
