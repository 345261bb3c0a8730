"""The GF9 variants of 001 4 by mail: a six-faction game with the Shield Wall Stronghold
(4.02), the stronghold cards (4.04) and the Cheap Hero traitor (4.09.02), the Ixians and
Tleilaxu seated, its seats played by the bots through the moderator to its end, every mail
checked for secrets; and the same game with and without the Cheap Hero traitor behind one
shield, every other seat's mail the same."""

from __future__ import annotations

import json
import re

import pytest
from dune_leaks import leaked, secrets_over, shown_in_battles
from dune_mail import bot_game
from players import addressed_to, text

from pbem.games.dune.rules import CHEAP_HERO_TRAITOR
from pbem.moderator import run_gm_command

SEATS = ["atreides", "emperor", "fremen", "harkonnen", "ixians", "tleilaxu"]
OPTIONS = {"ixians_tleilaxu": True, "shield_wall_stronghold": True, "stronghold_cards": True,
           "cheap_hero_traitor": True}
DIGEST_LINE = re.compile(r"^Game digest .*$|X-PBEM-Chain: .*$", re.MULTILINE)
# How a seat's own mail names the Cheap Hero traitor it keeps (its view, its set-up events)
# The seat given the card in the differential test, and one of its own leaders: in the game's
# first two turns nobody plays a Cheap Hero against the Emperor, so the card is never called
# and both runs play the same battles (the Atreides would call it in turn 2).
HOLDER, OWN_LEADER = "emperor", "Bashar"
OWN_WORDS = re.compile(r"(Your traitors?|Traitors|traitor draw|drew for traitors)[^.]*"
                       r"Cheap Hero", re.IGNORECASE)


def _play(root, game_id: str, options: dict, traitor: str | None = None):
    """The game played by the bots, a step a minute; with ``traitor`` the GM gives ``HOLDER``
    that one traitor once the set-up is over (the Cheap Hero's, or one of its own leaders,
    which never betrays it), the Cheap Hero traitor put back into the traitor deck else."""
    site = bot_game(root, game_id, "variants-by-mail", options, SEATS)
    steps = 0
    while not site.record(game_id).finished:
        state = site.record(game_id).state
        if traitor is not None and state["phase"] != "setup":
            _give_traitor(site, game_id, state, traitor)
            traitor = None
        site.clock.advance(minutes=1)
        summary = site.moderator().tick()
        assert not summary.errors and summary.steps <= 1
        steps += summary.steps
        assert steps < 600
    return site, site.record(game_id)


def _give_traitor(site, game_id: str, state: dict, traitor: str) -> None:
    """``HOLDER``'s traitors become [traitor]: the Cheap Hero traitor, wherever else it lies
    (another's traitors or Face Dancers), is taken from there first."""
    moderator = site.moderator()
    deck = [name for name in state["decks"]["traitors"] if name != traitor]
    for seat in SEATS:
        own = state["factions"][seat]
        for pile in ("traitors", "face_dancers"):
            if CHEAP_HERO_TRAITOR in own.get(pile, []) and seat != HOLDER:
                kept = [n for n in own[pile] if n != CHEAP_HERO_TRAITOR]
                run_gm_command(moderator, game_id,
                               f"ADJUST /factions/{seat}/{pile} = {json.dumps(kept)} -- the test")
    if CHEAP_HERO_TRAITOR not in deck and traitor != CHEAP_HERO_TRAITOR:
        deck.append(CHEAP_HERO_TRAITOR)
    for path, value in (("decks/traitors", deck), (f"factions/{HOLDER}/traitors", [traitor])):
        run_gm_command(moderator, game_id, f"ADJUST /{path} = {json.dumps(value)} -- the test")
    moderator.send_outbox()


@pytest.mark.whole_game
def test_001_4_a_six_faction_game_with_the_variants_by_mail_keeps_every_secret(tmp_path):
    """001 4.02, 4.04, 4.09.02 by mail: the game ends with a winner; every seat's mail shows no
    other seat's hand, traitor or Face Dancer (``dune_leaks``), and only the holder of the
    Cheap Hero traitor (the Emperor, given it by the GM) reads it among its traitors; the
    stronghold cards change hands in the open."""
    site, record = _play(tmp_path, "vm", {**OPTIONS, "turns": 10}, CHEAP_HERO_TRAITOR)
    assert record.state["result"]["winners"]
    states = record.replay_states(site.moderator().store)
    held, played = secrets_over(states, SEATS)
    played |= shown_in_battles(site.moderator().store, "vm")
    holders = {seat for seat in SEATS if CHEAP_HERO_TRAITOR in held[seat]}
    assert HOLDER in holders
    held = {seat: found - {CHEAP_HERO_TRAITOR} for seat, found in held.items()}
    sent = site.sent()
    for seat in SEATS:
        mails = "\n".join(text(m) for m in addressed_to(sent, f"{seat}@players.test"))
        assert mails, seat
        assert not leaked(mails, seat, held, played), seat
        if seat not in holders:
            assert not OWN_WORDS.search(" ".join(mails.split())), seat
    everyone = "\n".join(text(m) for m in sent)
    assert "stronghold card" in everyone


@pytest.mark.whole_game
def test_001_4_09_02_holding_the_cheap_hero_traitor_changes_no_other_seats_mail(tmp_path):
    """The differential test: the same game twice, the Emperor holding the Cheap Hero traitor
    in one and one of his own leaders (never called against him) in the other; no Cheap Hero
    was betrayed in either run, and every other seat's mail (subjects, who is waited for, the
    step numbers in them) is the same; the Emperor's differ."""
    found = []
    for name, traitor in (("hero", CHEAP_HERO_TRAITOR), ("own", OWN_LEADER)):
        site, record = _play(tmp_path / name, "ch3", {**OPTIONS, "turns": 3}, traitor)
        assert record.state["factions"][HOLDER]["traitors"] == [traitor]
        called = [" ".join(text(m).split()) for m in site.sent()]
        called = [body[body.find("Cheap Hero is a"):][:200] for body in called
                  if f"{CHEAP_HERO_TRAITOR} is a traitor" in body]
        assert not called, (name, called[:1])
        found.append({seat: [(m["Subject"], DIGEST_LINE.sub("", text(m))) for m in
                             addressed_to(site.sent(), f"{seat}@players.test")]
                      for seat in SEATS})
    one, other = found
    for seat in SEATS:
        if seat != HOLDER:
            assert one[seat] == other[seat], seat
    assert one[HOLDER] != other[HOLDER]
