"""Routing: which game a mail names, and which seat sent it, under each policy."""

from __future__ import annotations

from pbem.routing import Refusal, find_seat, game_from_subject, read_routing_lines

SEATS = [
    {"seat": "atreides", "address": "paul@arrakis.test", "secret": "s3cret-a"},
    {"seat": "harkonnen", "address": "baron@giedi.test", "secret": "s3cret-h"},
]


def route(policy, sender, body, replied=None):
    return find_seat(SEATS, policy, sender, read_routing_lines(body), replied)


def test_the_game_tag_is_found_anywhere_in_the_subject_among_other_tags():
    known = {"dune-7", "dune-8"}
    assert game_from_subject("Re: [EXTERNAL] Fwd: [dune-7] Turn 3", known) == "dune-7"
    assert game_from_subject("Re: [dune-9] Turn 3", known) is None


def test_routing_lines_are_blanked_so_order_line_numbers_stay_true():
    lines = read_routing_lines("game: [dune-7]\nBID 3\nSecret = abc\nseat atreides\nPASS")
    assert (lines.game, lines.secret, lines.seat) == ("dune-7", "abc", "atreides")
    assert lines.orders.splitlines() == ["", "BID 3", "", "", "PASS"]


def test_address_policy_needs_only_the_registered_address():
    assert route("address", "PAUL@arrakis.test", "BID 1").seat == "atreides"
    refused = route("address", "feyd@giedi.test", "BID 1")
    assert refused.refusal is Refusal.UNKNOWN_SENDER and refused.notify == "feyd@giedi.test"


def test_secret_policy_finds_the_seat_by_its_secret_from_any_address():
    assert route("secret", "other@else.test", "SECRET s3cret-h").seat == "harkonnen"
    assert route("secret", "other@else.test", "BID 1").refusal is Refusal.MISSING_SECRET


def test_both_policy_needs_the_address_and_the_secret_of_the_same_seat():
    assert route("both", "paul@arrakis.test", "SECRET s3cret-a").seat == "atreides"
    stolen = route("both", "paul@arrakis.test", "SECRET s3cret-h")
    assert stolen.refusal is Refusal.WRONG_SECRET and stolen.notify == "paul@arrakis.test"


def test_a_wrong_secret_is_reported_to_the_registered_address_not_the_sender():
    forged = route("secret", "spy@else.test", "SEAT harkonnen\nSECRET guess")
    assert forged.refusal is Refusal.WRONG_SECRET and forged.notify == "baron@giedi.test"
    unknown = route("secret", "spy@else.test", "SECRET guess")
    assert unknown.refusal is Refusal.WRONG_SECRET and unknown.notify is None


def test_a_seat_line_must_agree_with_the_address():
    assert route("address", "paul@arrakis.test", "SEAT harkonnen").refusal is (
        Refusal.SEAT_MISMATCH)
    assert route("address", "paul@arrakis.test", "SEAT fremen").refusal is Refusal.UNKNOWN_SEAT


def test_a_reply_to_a_seats_mail_proves_its_secret_and_a_secret_line_still_counts_first():
    """``replied``: the seats whose reply tokens the mail carries (``pbem.reply_token``)."""
    atreides, harkonnen = frozenset({"atreides"}), frozenset({"harkonnen"})
    assert route("both", "paul@arrakis.test", "BID 1", atreides).seat == "atreides"
    assert route("secret", "spy@else.test", "BID 1", harkonnen).seat == "harkonnen"
    assert route("address", "paul@arrakis.test", "BID 1", frozenset()).seat == "atreides"
    other = route("both", "paul@arrakis.test", "BID 1", harkonnen)
    assert other.refusal is Refusal.WRONG_SECRET and other.notify == "paul@arrakis.test"
    none = route("both", "paul@arrakis.test", "BID 1", frozenset())
    assert none.refusal is Refusal.WRONG_SECRET and none.notify == "paul@arrakis.test"
    lined = route("both", "paul@arrakis.test", "SECRET guess", atreides)
    assert lined.refusal is Refusal.WRONG_SECRET
    assert route("both", "paul@arrakis.test", "BID 1").refusal is Refusal.MISSING_SECRET
