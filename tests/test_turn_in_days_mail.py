"""A turn in days, not weeks (issue 33): the moderator's side of what six people playing by
mail ran into, played again by mail in the shape it was met (the game's side:
``tests/dune/test_turn_in_days.py``)."""

from __future__ import annotations

from installation import Installation, player
from players import drop, order_mail, text

from pbem.definition import create_game, game_definition

SEATS = ("north", "east", "south")


def salting(site: Installation):
    """An auction game waiting for its seats' salts (docs/fairness.md)."""
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition({
        "id": "auction-1", "game": "auction", "options": {"lots": 2}, "salt_hours": 24,
        "seats": [{"seat": s, "address": player(s)} for s in SEATS]}), site.clock())
    moderator.send_outbox()


def salt_answer(site: Installation, seat: str, body: str) -> str:
    """The answer to a reply to the seat's commitment mail."""
    (commitment,) = site.sent(player(seat))[:1]
    drop(site.inbox, order_mail(player(seat), body, subject="Re: [auction-1] Commitment",
                                in_reply_to=commitment["Message-ID"]))
    assert not site.moderator().tick().errors
    return text([m for m in site.sent(player(seat)) if "Your salt" in str(m["Subject"])][-1])


def test_item_7_a_salt_written_with_a_colon_is_read(tmp_path):
    """``salt: golden lion throne`` (as orders accept ``DIAL: 5``) is the seat's salt, not a
    line refused with "only SALT is read until the deal"."""
    site = Installation(tmp_path)
    salting(site)
    answer = salt_answer(site, "north", "salt: golden lion throne")
    assert "Your salt is noted: 'golden lion throne'." in answer
    assert "only SALT is read" not in answer


def test_item_8_the_salt_answer_gives_the_deal_time_once(tmp_path):
    """The answer to a salt says once when the deal is made."""
    site = Installation(tmp_path)
    salting(site)
    answer = " ".join(salt_answer(site, "east", "SALT apples").split())
    assert answer.count("when every seat has answered") == 1
