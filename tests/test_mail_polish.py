"""Smaller things a game played by hand ran into (the issue "A real game by mail", P9), each
played by mail the way it went wrong: the moderator's answers and notices as players read
them."""

from __future__ import annotations

import re

import pytest
from installation import SEATS, Installation, player
from players import GM, drop, order_mail, text

from pbem.mail.compose import reply_subject


@pytest.fixture
def site(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    return site


def gm(site, *lines: str) -> str:
    """The GM mails these command lines; one tick; the GM's answer, its lines joined."""
    welcome = next(m for m in site.sent(GM) if m["Subject"] == "[auction-1] GM welcome")
    secret = re.search(r"GM secret of this game is: (\S+)", text(welcome)).group(1)
    drop(site.inbox, order_mail(GM, "\n".join([f"SECRET {secret}", *lines]),
                                subject="[auction-1] commands"))
    site.moderator().tick()
    answers = [m for m in site.sent(GM) if m["Subject"] == "[auction-1] GM commands"]
    return " ".join(text(answers[-1]).split())


def test_pause_and_resume_are_announced_to_every_seat(site):
    """Paused by the GM, the players went on waiting for a deadline that did not come."""
    assert "Told: 3 seats" in gm(site, "PAUSE the east player is ill")
    for seat in SEATS:
        (notice,) = [m for m in site.sent(player(seat))
                     if m["Subject"] == "[auction-1] The GM paused the game"]
        body = " ".join(text(notice).split())
        assert "no step is resolved until the GM resumes it" in body
        assert "Reason: the east player is ill" in body
    assert "Told: 3 seats" in gm(site, "RESUME")
    (resumed,) = [m for m in site.sent(player("east"))
                  if m["Subject"] == "[auction-1] The GM resumed the game"]
    assert "steps are resolved again" in " ".join(text(resumed).split())
    assert "Your orders" in text(resumed)


def test_preview_before_the_deadline_does_not_say_the_deadline_passed(site):
    """PREVIEW (and RESOLVE) before the deadline: the seats without orders did not miss it."""
    drop(site.inbox, order_mail(player("north"), f"SECRET {site.secret('north')}\nBID 10"))
    site.moderator().tick()
    gm(site, "PREVIEW")
    (preview,) = [m for m in site.sent(GM) if "PREVIEW" in str(m["Subject"])]
    body = " ".join(text(preview).split())
    assert "by the deadline" not in body
    assert "No orders from east for bid before the GM resolved the step: the default" in body


def test_a_reply_to_a_reply_is_answered_with_one_re(site):
    """A player answers the moderator's refusal from their mail client: "Re: Re:" no more."""
    drop(site.inbox, order_mail(player("north"), "SECRET wrong\nBID 10",
                                subject="Re: RE: [auction-1] Step 1: Lot 1 of 2: bidding"))
    site.moderator().tick()
    refusal = site.sent(player("north"))[-1]
    assert str(refusal["Subject"]) == "Re: [auction-1] Step 1: Lot 1 of 2: bidding"
    assert reply_subject("AW: Re: orders", "[auction-1] ") == "Re: [auction-1] orders"
    assert reply_subject("Rebid", "") == "Re: Rebid"


def test_the_wrong_secret_reply_keeps_its_lines_whole(site):
    """A long address: it stands on a line of its own, and no sentence breaks into a stray
    indented fragment."""
    long = "south.the.player.with.the.longest.name@mail.players.example.test"
    site.moderator().store.db["seats"].update(("auction-1", "south"), {"address": long})
    drop(site.inbox, order_mail(long, "SECRET wrong\nBID 10"))
    site.moderator().tick()
    lines = text(site.sent(long)[-1]).splitlines()
    assert f"  {long}" in lines
    start = next(i for i, line in enumerate(lines) if "wrong secret" in line)
    assert not any(line.startswith("  ") for line in lines[start:start + 2])
    assert all(len(line) <= 78 for line in lines)
