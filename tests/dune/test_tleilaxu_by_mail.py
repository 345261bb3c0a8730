"""The Tleilaxu (001 2.08) by mail: a six-faction GF9 game with the expansion, its seats played
by the bots through the moderator to its end, every mail checked for secrets (the Face Dancers
among them); and the same game with other Face Dancers, every other seat's mail the same."""

from __future__ import annotations

import json
import re

import pytest
from dune_leaks import leaked, secrets_over, shown_in_battles
from dune_mail import bot_game
from players import addressed_to, drop, order_mail, text

from pbem.moderator import run_gm_command

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "tleilaxu"]
OPTIONS = {"ixians_tleilaxu": True}
# The running digest commits to the whole log, secrets too (docs/fairness.md): it differs
# between the runs by design and tells nothing; the hidden-card differential test drops it too.
DIGEST_LINE = re.compile(r"^Game digest .*$|X-PBEM-Chain: .*$", re.MULTILINE)
PUBLIC_WORDS = ("draw three Face Dancers", "as a Face Dancer in",
                "a Face Dancer back into the traitor deck")


def _play(root, game_id: str, options: dict, pick: slice | None = None):
    """A GF9 game of the six seats played by the bots, a step a minute; with ``pick`` the GM
    gives the Tleilaxu, once they drew theirs, the Face Dancers ``pick`` takes of their own
    leaders that nobody keeps as a traitor (their drawn ones back into the traitor deck, the
    new ones out of it).  The site, its record and the steps played."""
    site = bot_game(root, game_id, "tleilaxu-by-mail", options, SEATS)
    steps = 0
    while not site.record(game_id).finished:
        state = site.record(game_id).state
        if pick is not None and state["phase"] != "setup":
            chosen = _give_face_dancers(site, game_id, state, pick)
            # their first Face Dancer shuffled back at the first War Continues, sent ahead
            # (001 2.08.08): which one differs between the runs, a secret of theirs
            drop(site.inbox, order_mail("tleilaxu@players.test",
                                        f"FOR MENTAT PAUSE\nSHUFFLE {chosen[0]}",
                                        subject=f"[{game_id}] orders"))
            pick = None
        site.clock.advance(minutes=1)
        summary = site.moderator().tick()
        assert not summary.errors and summary.steps <= 1
        steps += summary.steps
        assert steps < 500
    return site, site.record(game_id), steps


def _give_face_dancers(site, game_id: str, state: dict, pick: slice) -> list[str]:
    own = state["factions"]["tleilaxu"]
    kept = {name for seat in SEATS for name in state["factions"][seat]["traitors"]}
    free = sorted(name for name in own["leaders"] if name not in kept)
    chosen = free[pick]
    deck = [name for name in state["decks"]["traitors"] + own["face_dancers"]
            if name not in chosen]
    moderator = site.moderator()
    for path, value in (("decks/traitors", deck), ("factions/tleilaxu/face_dancers", chosen)):
        run_gm_command(moderator, game_id, f"ADJUST /{path} = {json.dumps(value)} -- the test")
    moderator.send_outbox()
    return chosen


@pytest.mark.whole_game
def test_001_2_08_a_six_faction_game_with_the_tleilaxu_by_mail_keeps_every_secret(tmp_path):
    """001 2.08.04: the Face Dancers are the Tleilaxu's secret.  The game ends with a winner;
    every seat's mail shows no other seat's hand, traitor or Face Dancer (``dune_leaks``), only
    the Tleilaxu's mail lists Face Dancers, and another seat reads of Face Dancers only the
    public words of a draw, a reveal or a replacement."""
    site, record, steps = _play(tmp_path, "tl", {**OPTIONS, "turns": 10})
    assert record.state["result"]["winners"]
    states = record.replay_states(site.moderator().store)
    held, played = secrets_over(states, SEATS)
    played |= shown_in_battles(site.moderator().store, "tl")
    assert held["tleilaxu"], "the Tleilaxu held Face Dancers"
    sent = site.sent()
    for seat in SEATS:
        mails = "\n".join(text(m) for m in addressed_to(sent, f"{seat}@players.test"))
        assert mails, seat
        assert not leaked(mails, seat, held, played), seat
        if seat == "tleilaxu":
            assert "Your Face Dancers:" in mails
            continue
        lines = [line for line in mails.splitlines() if "Face Dancer" in line]
        assert all(any(words in line for words in PUBLIC_WORDS) for line in lines), lines


@pytest.mark.whole_game
def test_001_2_08_04_which_face_dancers_the_tleilaxu_hold_changes_no_other_seats_mail(tmp_path):
    """The differential test: the same game played twice, the GM giving the Tleilaxu other
    Face Dancers in each run once they drew theirs (their own leaders, which 2.08.06 never
    reveals: it reveals another faction's winner), and the Tleilaxu shuffling the first of
    them back at War Continues, sent ahead (2.08.08: which one is secret), while the bots give
    their terms and Karama in each revival round (2.08.12, 2.08.14, 1.14.09: optional, never
    waited for); every other seat's mail (subjects, who is waited for, the step numbers in
    them) is the same, the Tleilaxu's differ."""
    found, decided = [], []
    for name, pick in (("first", slice(0, 3)), ("last", slice(-3, None))):
        site, record, _ = _play(tmp_path / name, "fd", {**OPTIONS, "turns": 3}, pick)
        assert record.state["factions"]["tleilaxu"]["face_dancers"]
        found.append({seat: [(m["Subject"], DIGEST_LINE.sub("", text(m))) for m in
                             addressed_to(site.sent(), f"{seat}@players.test")]
                      for seat in SEATS})
        decided.append(_their_decisions(site, "fd"))
    # 001 2.08.08, 2.08.12, 2.08.14, 1.14.09: their secret decisions of their own were made
    # (a Face Dancer shuffled back at War Continues, their terms in each revival round), the
    # same number of each in both runs, whichever Face Dancer went back
    assert decided[0] == decided[1] and decided[0]["shuffled"] and decided[0]["terms"]
    one, other = found
    for seat in SEATS:
        if seat != "tleilaxu":
            assert one[seat] == other[seat], seat
    assert one["tleilaxu"] != other["tleilaxu"]


def _their_decisions(site, game_id: str) -> dict[str, int]:
    """How many Face Dancers the Tleilaxu shuffled back, and how many terms they gave, by the
    game's log."""
    rows = site.moderator().store.db.execute(
        "select orders, events from decisions where game_id = ?", (game_id,)).fetchall()
    shuffled = terms = 0
    for orders, events in rows:
        batches = json.loads(orders)
        for batch in batches if isinstance(batches, list) else [batches]:
            terms += "terms:tleilaxu" in batch
        shuffled += sum(e["code"] == "face-dancer-replaced" for e in json.loads(events))
    return {"shuffled": shuffled, "terms": terms}
