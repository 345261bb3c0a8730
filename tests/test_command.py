"""Who commands which seat (pbem.command): a player commanding several seats by mail, and a
game that passes a seat from one player to another (the auction's partners, as Dune v3.0's
three-player game passes the allied factions at each Nexus: 003 "Playing with two or
three")."""

from __future__ import annotations

import re

import pytest
from installation import Installation, player
from players import drop, order_mail, text

from pbem.command import command, commanded_with, players_first
from pbem.definition import GameFileError, create_game, game_definition
from pbem.routing import Refusal, RoutingLines, find_seat


def rows(*seats: str) -> list[dict]:
    return [{"seat": seat, "address": f"{seat}@x" if seat in ("north", "east") else "",
             "secret": f"s-{seat}", "player": seat.title(), "timezone": None,
             "disorder": None} for seat in seats]


def test_a_commanded_seat_takes_its_commanders_player_and_gets_its_own_back():
    seats = command(rows("north", "east", "south"), {"south": "north"})
    south = seats[2]
    assert (south["commander"], south["address"], south["secret"], south["player"]) == (
        "north", "north@x", "s-north", "North")
    command(seats, {"south": "east"})
    assert (south["commander"], south["address"], south["secret"]) == ("east", "east@x",
                                                                        "s-east")
    command(seats, {})
    assert (south["address"], south["secret"]) == ("", "s-south")
    assert all("commander" not in seat and "own" not in seat for seat in seats)


def test_a_players_seats_are_its_own_first_then_those_it_commands():
    seats = command(rows("south", "north", "east"), {"south": "north"})
    assert commanded_with(seats, "south") == ["north", "south"]
    assert commanded_with(seats, "east") == ["east"]
    assert [s["seat"] for s in players_first(seats)] == ["north", "east", "south"]


@pytest.mark.parametrize("policy", ["address", "both"])
def test_a_mail_naming_no_seat_is_for_the_players_own_seat(policy):
    seats = command(rows("south", "north", "east"), {"south": "north"})
    lines = RoutingLines(None, "s-north", None, "BID 3")
    assert find_seat(seats, policy, "north@x", lines).seat == "north"
    named = RoutingLines(None, "s-north", "south", "BID 3")
    assert find_seat(seats, policy, "north@x", named).seat == "south"


def test_a_seat_the_player_no_longer_commands_is_refused_as_such():
    seats = command(rows("north", "east", "south"), {"south": "east"})
    named = RoutingLines(None, "s-north", "south", "BID 3")
    routed = find_seat(seats, "both", "north@x", named)
    assert (routed.refusal, routed.seat, routed.notify) == (Refusal.NOT_COMMANDED, "south",
                                                            "north@x")
    reply = RoutingLines(None, None, None, "BID 3")
    routed = find_seat(seats, "both", "north@x", reply, frozenset(), {"south": "north"})
    assert (routed.refusal, routed.seat) == (Refusal.NOT_COMMANDED, "south")


def definition(**south) -> dict:
    return {"id": "partners", "game": "auction", "seed": "s", "options": {"lots": 2},
            "seats": [{"seat": "north", "address": "north@players.test"},
                      {"seat": "east", "address": "east@players.test"},
                      {"seat": "south", **south}]}


@pytest.mark.parametrize(("south", "fault"), [
    ({"commanded_by": "west"}, "seats[2].commanded_by: expected another seat"),
    ({"commanded_by": "south"}, "seats[2].commanded_by: expected another seat"),
    ({"commanded_by": "north", "address": "s@x.test"},
     "seats[2]: a commanded seat has no address"),
])
def test_a_game_file_names_a_commander_that_has_a_player(south, fault):
    with pytest.raises(GameFileError) as raised:
        game_definition(definition(**south))
    assert any(problem.startswith(fault) for problem in raised.value.problems)


def test_only_a_ruleset_with_commanders_lets_a_player_command_several_seats(tmp_path):
    """Dune declares ``Commanders`` for v3's games of two and three players (003 "Playing with
    two or three"); a classic game refuses a seat commanded by another's player when it is set
    up, saying why."""
    site = Installation(tmp_path)
    data = {"id": "d", "game": "dune", "ruleset": "classic",
            "seats": [{"seat": "atreides", "address": "a@x.test"},
                      {"seat": "fremen", "commanded_by": "atreides"}]}
    with pytest.raises(GameFileError) as raised:
        create_game(site.moderator().store, site.config, game_definition(data), site.clock())
    assert any("under the classic ruleset each faction has a player of its own" in problem
               for problem in raised.value.problems)


# --- by mail: north commands south, which passes to east after the first lot
NORTH, EAST = player("north"), player("east")


@pytest.fixture
def site(tmp_path):
    site = Installation(tmp_path)
    data = definition(commanded_by="north")
    data["id"] = "auction-1"
    data["options"]["pass_command"] = True
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition(data), site.clock())
    moderator.send_outbox()
    return site


def mails(site, address, subject=""):
    return [m for m in site.sent(address) if subject in str(m["Subject"])]


def secret(site, address):
    welcome = next(m for m in mails(site, address, "Welcome"))
    return re.search(r"Your secret is: (\S+)", text(welcome)).group(1)


def send(site, sender, body, **kwargs):
    mail = order_mail(sender, f"SECRET {secret(site, sender)}\n{body}", **kwargs)
    drop(site.inbox, mail)
    site.moderator().tick()
    return mail


def test_the_player_of_several_seats_gets_each_seats_mail_named_by_its_seat(site):
    welcomes = mails(site, NORTH, "Welcome")
    assert sorted(str(m["Subject"]) for m in welcomes) == [
        "[auction-1] north: Welcome", "[auction-1] south: Welcome"]
    south = next(text(m) for m in welcomes if "south:" in str(m["Subject"]))
    assert "You play south, commanded from your seat north." in south
    assert "SEAT south\n" in south and "You command north, south" in south
    assert secret(site, NORTH) in south                   # the player's one secret
    assert not mails(site, player("south"))               # no address of its own
    assert [str(m["Subject"]) for m in mails(site, EAST, "Welcome")] == [
        "[auction-1] Welcome"]                            # a player of one seat, as before


def test_a_player_orders_for_a_seat_it_commands_by_naming_it_or_replying_to_its_mail(site):
    send(site, NORTH, "BID 10")
    send(site, NORTH, "SEAT south\nBID 7")
    south_welcome = next(m for m in mails(site, NORTH, "south: Welcome"))
    drop(site.inbox, order_mail(NORTH, "BID 8", subject="Re: " + str(south_welcome["Subject"]),
                                in_reply_to=south_welcome["Message-ID"]))
    site.moderator().tick()
    answers = [text(m) for m in mails(site, NORTH, "Orders received")]
    assert "orders from north" in answers[0] and "BID 10" in answers[0]
    assert "orders from south" in answers[1] and "BID 7" in answers[1]
    assert "orders from south" in answers[2] and "BID 8" in answers[2]
    pending = site.moderator().store.pending("auction-1", 0)
    assert {key: row["text"] for key, row in pending.items()} == {
        "lot1.bid.north": "BID 10", "lot1.bid.south": "BID 8"}


def play_first_lot(site):
    send(site, NORTH, "BID 10")
    send(site, NORTH, "SEAT south\nBID 0")
    send(site, EAST, "BID 0")                              # north wins lot 1
    send(site, NORTH, "KEEP")


def test_command_passes_and_the_seats_mail_and_orders_go_with_it(site):
    south_welcome = next(m for m in mails(site, NORTH, "south: Welcome"))
    play_first_lot(site)
    record = site.record()
    assert record.rules.commanders(record.state) == {"south": "east"}
    taken = mails(site, EAST, "south:")
    assert taken, "the new commander gets the seat's report"
    report = text(taken[-1])
    assert "south is now commanded by the player of east." in report
    assert "Your valuations (secret):" in report and "SEAT south" in report
    valuations = record.state["valuations"]["south"]
    assert f"Lot 2: {valuations[1]:2d}" in report
    before = len(mails(site, NORTH))
    send(site, NORTH, "SEAT south\nBID 3")
    refused = text(mails(site, NORTH)[-1])
    assert "Your mail is for south in game auction-1, which you no longer command" in refused
    drop(site.inbox, order_mail(NORTH, "BID 3", subject="Re: " + str(south_welcome["Subject"]),
                                in_reply_to=south_welcome["Message-ID"]))
    site.moderator().tick()
    assert "which you no longer command" in text(mails(site, NORTH)[-1])
    assert "lot2.bid.south" not in site.moderator().store.pending("auction-1", 2)
    send(site, EAST, "SEAT south\nBID 4")
    assert site.moderator().store.pending("auction-1", 2)["lot2.bid.south"]["text"] == "BID 4"
    later = mails(site, NORTH)[before:]
    assert not [m for m in later if str(m["Subject"]).startswith("[auction-1] south:")
                or "report for south" in text(m)]


def test_after_the_pass_nothing_of_the_seat_reaches_its_former_player(site):
    play_first_lot(site)
    before = len(mails(site, NORTH))
    send(site, EAST, "SEAT south\nBID 50")
    send(site, EAST, "BID 0")
    send(site, NORTH, "BID 0")
    for mail in mails(site, NORTH)[before:]:
        body = text(mail)
        assert not str(mail["Subject"]).startswith("[auction-1] south:")
        assert "orders from south" not in body
        assert "report for south" not in body and "BID 50" not in body.split("Bids:")[0]


@pytest.mark.mailserver
def test_partners_over_real_imap_and_smtp(tmp_path, dovecot, smtp_relay, monkeypatch):
    """The same by a real Dovecot and SMTP relay on loopback: north answers south's welcome
    from its own mailbox, and once command passed, south's report lands in east's."""
    from players import GM, MODERATOR
    from test_flow_imap_smtp import PASSWORD_ENV, imap_settings, inbox, send_by_smtp, smtp_settings

    monkeypatch.setenv(PASSWORD_ENV, "moderator-password")
    dovecot.add_user(MODERATOR, "moderator-password")
    for address in (GM, NORTH, EAST):
        dovecot.add_user(address, "password")
    site = Installation(tmp_path, imap_settings(dovecot), smtp_settings(smtp_relay))
    data = definition(commanded_by="north")
    data["id"], data["options"]["pass_command"] = "auction-1", True
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition(data), site.clock())
    moderator.send_outbox()
    welcomes = {str(m["Subject"]): m for m in inbox(dovecot, NORTH)}
    south = welcomes["[auction-1] south: Welcome"]
    key = re.search(r"Your secret is: (\S+)", text(south)).group(1)
    send_by_smtp(smtp_relay, order_mail(NORTH, f"SECRET {key}\nBID 10"))
    send_by_smtp(smtp_relay, order_mail(NORTH, "BID 0", subject="Re: [auction-1] south: Welcome",
                                        in_reply_to=south["Message-ID"]))
    east = re.search(r"Your secret is: (\S+)", text(inbox(dovecot, EAST)[0])).group(1)
    send_by_smtp(smtp_relay, order_mail(EAST, f"SECRET {east}\nBID 0"))
    site.moderator().tick()
    send_by_smtp(smtp_relay, order_mail(NORTH, f"SECRET {key}\nKEEP"))
    site.moderator().tick()
    subjects = [str(m["Subject"]) for m in inbox(dovecot, EAST)]
    assert any(s.startswith("[auction-1] south: Step") for s in subjects), subjects
    assert not any(s.startswith("[auction-1] south: Step 3")
                   for s in (str(m["Subject"]) for m in inbox(dovecot, NORTH)))
