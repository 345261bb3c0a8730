"""CHOAM (001 2.09) by mail: six-faction GF9 games with the expansion, CHOAM seated, played by
the bots through the moderator to their end under either text of 001 2.09 (the published one,
A, and the Landsraad revision, B), every mail checked for secrets; and the same game with and
without a sale standing on CHOAM's Open Market, or with Earnings tokens of other values face down
(text B), every other seat's mail the same."""

from __future__ import annotations

import json
import re

import pytest
from choam_richese_mail import choam_mail_holds
from dune_leaks import leaked, secrets_over, shown_in_battles
from dune_mail import bot_game
from players import addressed_to, text

from pbem.games.dune import tokens
from pbem.moderator import run_gm_command

SEATS = ["atreides", "choam", "emperor", "fremen", "guild", "harkonnen"]
OPTIONS = {"choam_richese": True}
# The running digest commits to the whole log, secrets too (docs/fairness.md): it differs
# between the runs by design and tells nothing.
DIGEST_LINE = re.compile(r"^Game digest .*$|X-PBEM-Chain: .*$", re.MULTILINE)


def revealed_tokens(states) -> set[str]:
    """The names of the tokens that lay face up at some step (their values public since)."""
    return {tokens.spec(state, token).name for state in states for token in tokens.of(state)
            if token["face"] == "up"}


def _play(root, game_id: str, options: dict, market: dict | None | bool = False):
    """A GF9 game of the six seats played by the bots, a step a minute; with ``market`` (not
    False) the GM adjusts CHOAM's sheet once the set-up is over, giving it that standing sale
    (None: none, the sheet as it is).  The site, its record, the steps."""
    site = bot_game(root, game_id, "choam-by-mail", options, SEATS)
    steps = 0
    while not site.record(game_id).finished:
        state = site.record(game_id).state
        if market is not False and state["phase"] != "setup":
            sheet = {**state["factions"]["choam"], **({"market": market} if market else {})}
            run_gm_command(site.moderator(), game_id, f"ADJUST /factions/choam = "
                           f"{json.dumps(sheet)} -- the test")
            site.moderator().send_outbox()
            market = False
        site.clock.advance(minutes=1)
        summary = site.moderator().tick()
        assert not summary.errors and summary.steps <= 1
        steps += summary.steps
        assert steps < 500
    return site, site.record(game_id), steps


@pytest.mark.whole_game
@pytest.mark.parametrize("text_b", [False, True], ids=["published", "landsraad"])
def test_001_2_09_a_six_faction_game_with_choam_by_mail_keeps_every_secret(tmp_path, text_b):
    """001 2.09: a game with CHOAM seated ends with a winner; CHOAM collected its income before
    each Charity (2.09.05) and its cards are its own: every seat's mail shows no other seat's
    hand or traitor (``dune_leaks``), and only CHOAM's mail tells its standing sale."""
    options = {**OPTIONS, "advanced": True, "turns": 10,
               **({"choam_landsraad": True} if text_b else {})}
    site, record, _ = _play(tmp_path, "ch", options)
    assert record.state["result"]["winners"]
    states = list(record.replay_states(site.moderator().store))
    held, played = secrets_over(states, SEATS)
    played |= shown_in_battles(site.moderator().store, "ch")
    played |= revealed_tokens(states)   # an Inflation or Earnings token put face up: public
    sent = site.sent()
    for seat in SEATS:
        mails = "\n".join(text(m) for m in addressed_to(sent, f"{seat}@players.test"))
        assert mails, seat
        assert not leaked(mails, seat, held, played), seat
        choam_mail_holds(seat, mails)


@pytest.mark.whole_game
def test_001_2_09_07_a_sale_standing_on_the_open_market_changes_no_other_seats_mail(tmp_path):
    """The differential test: the same game played twice, once with a sale standing on CHOAM's
    Open Market that cannot be made (a single Karama is no surplus copy, 2.09.07: it lapses at
    the end of the phase, told to CHOAM alone); every other seat's mail (subjects, who is
    waited for, the step numbers in them) is the same, CHOAM's differs."""
    found = []
    for name, market in (("none", None), ("karama", {"worthless": False, "cards": ["Karama"]})):
        site, _, _ = _play(tmp_path / name, "mk", {**OPTIONS, "turns": 2}, market)
        found.append({seat: [(m["Subject"], DIGEST_LINE.sub("", text(m))) for m in
                             addressed_to(site.sent(), f"{seat}@players.test")]
                      for seat in SEATS})
    one, other = found
    for seat in SEATS:
        if seat != "choam":
            assert one[seat] == other[seat], seat
    assert one["choam"] != other["choam"]


def _play_face_down(root, game_id: str, options: dict, value: str) -> tuple:
    """A game of the six seats under the revision played by the bots; at the first rest of the
    second turn (its storm) the GM lays CHOAM's Earnings token of ``value`` face down on the
    Charity phase (as War Continues does, 2.09.06), the others behind its shield; played on
    until the Charity is next.  The mails sent until then, the token laid."""
    site = bot_game(root, game_id, "choam-earnings", options, SEATS)
    laid = None
    for _ in range(500):
        record = site.record(game_id)
        state = record.state
        assert not record.finished
        if laid is None and state["turn"] == 2:
            records = [dict(t) for t in tokens.of(state)]
            for token in records:
                if token["kind"] == "earnings" and token["owner"] == "choam":
                    token["at"] = "front" if token["value"] == value else "behind"
                    token["face"] = "down"
            run_gm_command(site.moderator(), game_id, f"ADJUST /tokens = "
                           f"{json.dumps(records)} -- the test")
            site.moderator().send_outbox()
            laid = [(t["value"], t["face"]) for t in tokens.of(site.record(game_id).state)
                    if t["kind"] == "earnings" and t["at"] == "front"]
        sent = list(site.sent())
        site.clock.advance(minutes=1)
        summary = site.moderator().tick()
        assert not summary.errors and summary.steps <= 1
        state = site.record(game_id).state
        if laid is not None and (state["turn"] > 2
                                 or state["phase"] not in ("storm", "spice_blow")):
            return sent, laid
    raise AssertionError("the game did not reach its second Charity")


@pytest.mark.whole_game
def test_001_2_09_06b_the_earnings_token_face_down_changes_no_other_seats_mail(tmp_path):
    """The differential test of the Earnings token (001 2.09.06-07 (B): laid face down on the
    Charity phase at War Continues, turned up as the Charity begins): the same game played
    twice, CHOAM's token of 0 face down in one and of 4 in the other from the second turn's
    storm; every other seat's mail until the Charity (subjects, who is waited for, the step
    numbers in them) is the same."""
    options = {**OPTIONS, "choam_landsraad": True, "turns": 3}
    found, laid = [], []
    for value in ("0", "4"):
        sent, token = _play_face_down(tmp_path / value, "ea", options, value)
        laid.append(token)
        found.append({seat: [(m["Subject"], DIGEST_LINE.sub("", text(m))) for m in
                             addressed_to(sent, f"{seat}@players.test")]
                      for seat in SEATS})
    assert laid == [[("0", "down")], [("4", "down")]]
    one, other = found
    for seat in SEATS:
        if seat != "choam":
            assert one[seat] and one[seat] == other[seat], seat
