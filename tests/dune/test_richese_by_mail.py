"""Richese (001 2.10) by mail: a six-faction GF9 game with the CHOAM & Richese expansion, its
seats played by the bots through the moderator to its end, every mail checked for secrets (the
No-Fields' values and the cache among them); and the same game with another No-Field face
down on the board and other cards in the cache, every other seat's mail and the archive's
pages the same."""

from __future__ import annotations

import json
import re

import pytest
from choam_richese_mail import richese_mail_holds, richese_played
from dune_leaks import leaked, seen_in_events, standing_words, words_leaked
from dune_mail import BotTable
from installation import Installation

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "richese"]
OPTIONS = {"choam_richese": True}
GAME = "ri"
# A No-Field's value written as only its owner may read it.
VALUE = re.compile(r"No-Field [0-9]")


def Run(root, options: dict) -> BotTable:  # noqa: N802 -- the table of this file's game
    """A GF9 game of the six seats played by the basic bots, a step a minute."""
    return BotTable(root, GAME, "richese-by-mail", SEATS, options)


@pytest.mark.whole_game
@pytest.mark.parametrize("options", [{}, {"advanced": True},
                                     {"richese_revised": True, "advanced": True}],
                         ids=["text-a", "text-a-advanced", "text-b-advanced"])
def test_001_2_10_a_six_faction_game_with_richese_by_mail_keeps_every_secret(tmp_path,
                                                                              options):
    """001 2.10.10: a face-down No-Field's value is Richese's alone; 2.10.04: the cache is
    theirs to know.  The game ends with a winner; every seat's mail shows no other seat's hand,
    traitor, cache card not yet offered, No-Field value or standing word (``dune_leaks``);
    Richese's mail lists their cache and their No-Fields' values, no other seat's names a
    value of a face-down one.  Text A advanced: a card Richese put on the Black Market is the
    Atreides' to see (2.10.23: "although the Atreides may still look"), no one else's."""
    run = Run(tmp_path, {**OPTIONS, **options, "turns": 10})
    run.play()
    record = run.record()
    assert record.state["result"]["winners"]
    held, played, events = run.secrets(SEATS)
    richese_played(record.replay_states(run.site.moderator().store), events)
    for seat in SEATS:
        mails = run.text_of(seat)
        assert mails, seat
        assert not leaked(mails, seat, held, played | seen_in_events(events, seat)), seat
        assert not words_leaked(mails, seat, standing_words(events)), seat
        richese_mail_holds(seat, mails)


def _hide(run: Run, value: str, swap_cache: bool, deep: int = 0) -> None:
    """The GM puts the No-Field ``value`` face down in the Polar Sink (no storm, worm or
    battle reaches it there, so it never opens, and no second one is shipped under text A,
    001 2.10.16); with ``swap_cache`` the cache's Karama changes places with the bottom card
    of the treachery deck (one the three turns' deals never reach, one the bots never
    auction: they offer their cards the engine plays as worthless first; ``deep``: that many
    cards above the bottom, out of reach of text B's DISRUPTED SUPPLY CHAIN, 2.10.22 B, which
    looks at the bottom two each turn).  Text B: the other No-Fields are set aside, the one
    Richese placed at the start among them, so that no run ships one (text B allows several
    on the board, 2.10.16).  The same GM commands in both runs: only what they put where
    differs."""
    state = run.record().state
    records = state["tokens"]
    for token in records:
        if token["kind"] == "no_field" and token["value"] == value:
            token.update({"at": "board", "territory": "Polar Sink", "sector": 0})
        elif token["kind"] == "no_field" and deep:
            for key in ("territory", "sector"):
                token.pop(key, None)
            token.update({"at": "aside", "owner": None, "face": "down"})
    run.gm(f"ADJUST /tokens = {json.dumps(records)} -- the No-Field under test")
    cache, deck = list(state["decks"]["richese_cache"]), list(state["decks"]["treachery"])
    if swap_cache:
        index = cache.index("Karama #3")
        cache[index], deck[deep] = deck[deep], cache[index]
    run.gm(f"ADJUST /decks/richese_cache = {json.dumps(cache)} -- the cache under test")
    run.gm(f"ADJUST /decks/treachery = {json.dumps(deck)} -- the cache under test")


@pytest.mark.whole_game
@pytest.mark.parametrize("options, deep", [({}, 0),
                                           ({"richese_revised": True, "advanced": True}, 5)],
                         ids=["text-a", "text-b-advanced"])
def test_001_2_10_10_no_field_values_and_cache_cards_change_no_other_seats_mail(tmp_path,
                                                                                 options, deep):
    """The differential test (001 2.10.10: "You may look at any face down No-Field token";
    2.10.04: the cache beside the shield): the same three turns played twice, the GM putting
    the No-Field 0 face down in the Polar Sink in one run and the No-Field 5 with another card
    in the cache in the other; every other seat's mail (subjects, who is waited for, the step
    numbers in them) and every public archive page is the same, Richese's differ.  Text B,
    advanced, adds the set-up's No-Field (2.10.03 B), the disrupted supply chain (2.10.22 B)
    and Richese's standing orders of any round (2.10.13, 2.10.20-21) to what is compared."""
    found = []
    for name, value, swap in (("zero", "0", False), ("five", "5", True)):
        run = Run(tmp_path / name, {**OPTIONS, **options, "turns": 3})
        run.play(lambda r, v=value, s=swap: _hide(r, v, s, deep))
        state = run.record().state
        hidden = [t for t in state["tokens"] if t["at"] == "board"]
        assert [(t["value"], t["face"]) for t in hidden] == [(value, "down")], hidden
        found.append(({seat: run.mails(seat) for seat in SEATS}, run.pages(), state))
    (one, pages, first), (other, other_pages, second) = found
    assert ("Karama #3" in first["decks"]["richese_cache"]) != (
        "Karama #3" in second["decks"]["richese_cache"]), "the caches differ at the end"
    for seat in SEATS:
        if seat != "richese":
            assert one[seat] == other[seat], seat
            assert not any(VALUE.search(body) for _, body in one[seat]), seat
    assert one["richese"] != other["richese"]
    assert pages == other_pages and pages


def test_001_2_10_06_the_cache_offer_sent_ahead_opens_the_bidding_without_asking(tmp_path):
    """001 2.10.06 DECLARED by mail (issue 30: "Mail rounds stay few"): Richese send their
    offer of the coming bidding round with their storm dial (``FOR BIDDING``, ``CACHE ANY``);
    it is held, filed as the round opens, and the round goes on to the deal without asking
    them: the offer is made and nobody waited for Richese's offer."""
    from dune_mail import GAME as ONE
    from dune_mail import game_at, open_prompts, send

    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": ["atreides", "harkonnen", "richese"],
                   "ruleset": "gf9", "options": OPTIONS, "seed": "cache-ahead",
                   "position": {"turn": 2, "phase": "storm",
                                "storm": {"sector": 1, "dialers": ["atreides", "richese"]}}})
    answer = send(site, "richese", "DIAL 1\nFOR BIDDING\nCACHE ANY SILENT LAST")
    assert "held for your offer of a card as the bidding round opens" in " ".join(
        answer.split())
    asked = []
    for _ in range(30):
        state = site.record(ONE).state
        if state["phase"] == "bidding" and "offer" in state["step"] or state["phase"] in (
                "revival", "movement"):
            break
        for seat in ("atreides", "harkonnen", "richese"):
            prompts = open_prompts(site, seat)
            asked += [p.kind for p in prompts]
            if prompts:
                send(site, seat, "\n".join(p.template for p in prompts))
    assert "cache-offer" not in asked
    log = site.moderator().store.decisions(ONE)
    assert any('"cache-offer:richese"' in row["orders"] for row in log)
    codes = {e["code"] for row in log for e in json.loads(row["events"] or "[]")}
    assert "offer-made" in codes
