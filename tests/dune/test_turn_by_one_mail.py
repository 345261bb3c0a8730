"""A whole turn by one mail a round (issue 18; docs/orders.md, "Orders ahead"): the decisions
of the spice blow, the storm and the Bene Gesserit's declarations sent ahead, a seat mailed
when decisions to come appear for it (the battles), and two six-faction turns in which every
seat sends its whole turn in one mail."""

from __future__ import annotations

import importlib
import json
import random
from collections import Counter

from dune_mail import GAME, SIX, address, flat, game_at, open_prompts, send
from installation import Installation
from players import drop, order_mail, text

from pbem.ahead import bot_turn
from pbem.game import waiting_for
from pbem.games import dune
from pbem.games.dune.scenario import load_scenario

ahead = importlib.import_module("pbem.games.dune.ahead")
basic_bot = importlib.import_module("pbem.games.dune.bots.basic_bot")
AT, HA, FR, BG = "atreides", "harkonnen", "fremen", "bene-gesserit"


def test_wbc_vii_1_one_order_ahead_answers_the_nexus_of_every_worm_and_xv_each_worm_sent(tmp_path):
    """WBC VII.1 (000 line 1122): every worm brings a Nexus; 000 XV (line 996): the Fremen send
    each additional worm where they like.  Orders sent once, ahead, answer both worms' Nexus
    and the second worm's placement; nobody is asked, and once the spice blow is over the
    held orders are dropped without a word."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": [AT, HA, FR], "ruleset": "wbc", "seed": "worms",
                   "position": {"turn": 3, "phase": "storm", "storm": {"sector": 1, "marker": 2},
                                "forces": {"Red Chasm": {HA: 3}}, "spice": {"Red Chasm": 8},
                                "decks": {"spice_discard": ["Broken Land"],
                                          "spice": ["Shai-Hulud", "Shai-Hulud", "Old Gap"]}}})
    assert [p.kind for p in open_prompts(site, FR)] == ["nexus"]      # the first worm's
    for seat in (AT, HA):
        assert "held for the Nexus at each worm" in flat(send(site, seat, "FOR NEXUS\nPASS"))
    answer = flat(send(site, FR, "FOR NEXUS\nPASS\nFOR WORM\nWORM Red Chasm"))
    assert "held for where you send each additional worm" in answer
    record = site.record(GAME)
    assert record.state["phase"] == "bidding"
    log = site.moderator().store.decisions(GAME)
    nexuses = [row for row in log if '"nexus:fremen"' in row["orders"]]
    assert len(nexuses) == 2
    assert any('"worm-placement:fremen": "Red Chasm"' in row["orders"] for row in log)
    assert record.state["forces"].get("Red Chasm", {}) == {}         # the worm ate them
    assert not [row for row in record.held if "@3:" in row["name"]]
    status = flat(send(site, FR, "STATUS"))
    assert "did not come" not in status and "FOR NEXUS" in status     # next turn's, offered


def test_xv_b_5_the_bene_gesserit_declare_ahead_and_are_not_asked_when_movement_opens(tmp_path):
    """000 XV.B.5 and WBC line 1305: the Bene Gesserit declare before anyone moves; their
    declarations and advisors, sent ahead in the bidding mail under FOR MOVEMENT, open the
    movement round without a mail round of their own."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "coexist",
                   "position": {"turn": 2, "phase": "bidding", "storm": {"sector": 12,
                                                                         "marker": 2},
                                "forces": {"Arrakeen": {AT: 5, BG: 2}}}})
    coming = [d for d in ahead.decisions(site.record(GAME).state, BG)
              if d.prompt.kind == "coexistence"]
    assert [d.header for d in coming] == ["MOVEMENT"]
    answer = flat(send(site, BG, "PASS\nFOR MOVEMENT\nFIGHT Arrakeen\nADVISORS NONE"))
    assert "held for your coexistence and advisors" in answer
    asked = _play_to_movement(site)
    assert "coexistence" not in asked[BG]
    (filed,) = [json.loads(row["orders"])["coexistence:bene-gesserit"]
                for row in site.moderator().store.decisions(GAME)
                if "coexistence:bene-gesserit" in row["orders"]]
    assert filed == {"advisors": {"*": "NONE"}, "declare": {"Arrakeen": False}}


def test_player_aid_b2_weather_control_is_played_ahead_from_the_turn_before():
    """Player aid B.2 (000 line 938; WBC line 1112): the holder of Weather Control is asked at
    the storm round; once this turn's storm is over, it may send its answer for the next one
    under FOR STORM, read against the cards it holds."""
    state = load_scenario({"game": "dune", "seats": [AT, HA, FR], "ruleset": "wbc",
                           "seed": "weather", "position": {
                               "turn": 3, "phase": "bidding", "storm": {"sector": 1,
                                                                         "marker": 2},
                               "factions": {HA: {"hand": ["Weather Control"]}}}}).state
    names = [p.key for p in dune.ahead(state, HA)]
    assert "storm-card@4:harkonnen" in names
    assert not [n for n in (p.key for p in dune.ahead(state, AT)) if n.startswith("storm-card")]
    parsed = dune.parse(state, HA, "PASS\nFOR STORM\nWEATHER CONTROL 4")
    assert [o.value for o in parsed.orders if o.prompt == "storm-card@4:harkonnen"] == [
        {"weather_control": 4}]
    refused = dune.parse(state, HA, "PASS\nFOR STORM\nFAMILY ATOMICS")
    assert [e.line for e in refused.errors] == ["FAMILY ATOMICS"]


def test_x_a_4_the_basic_bot_gives_a_later_battle_a_fallback_with_its_next_leader():
    """000 X.A.4 (a leader fights once a turn): a plan the basic bot sends ahead for a later
    battle names its best leader, and after ELSE its next best, should the first have fought
    by then."""
    state = load_scenario({"game": "dune", "seats": [AT, HA, FR], "ruleset": "classic",
                           "seed": "battles-ahead", "position": {
                               "turn": 3, "phase": "battle", "storm": {"sector": 1},
                               "forces": {"Arrakeen": {AT: 5, FR: 3},
                                          "Carthag": {HA: 4, FR: 6}}}}).state
    (plan,) = [p for p in dune.ahead(state, FR) if p.kind == "battle-plan"]
    text_ = basic_bot.basic_order(dune.view(state, FR), plan, random.Random(1))
    first, second = text_.split("\nELSE\n")
    assert first.splitlines()[0].startswith("LEADER ")
    assert second.splitlines()[0].startswith("LEADER ")
    assert first.splitlines()[0] != second.splitlines()[0]


def test_two_six_faction_turns_with_every_seat_sending_its_whole_turn_in_one_mail(tmp_path):
    """The issue's by-mail test: from the bidding of turn 2, two six-faction WBC turns in the
    faithful default.  Each round, every seat the moderator waits for, and every seat mailed
    decisions to come it has not answered, sends one mail with its whole turn (the basic bot's
    orders for what is open and for every decision to come, ``pbem.ahead.bot_turn``).  Each
    turn takes at most the issue's 5.0 mail rounds, each seat gets at most 5 mails a turn,
    and no mail is refused."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "whole-turn",
                   "position": {"turn": 2, "phase": "bidding",
                                "storm": {"sector": 12, "marker": 2}}})
    rng = random.Random("whole-turn")
    rounds, mails, sent = Counter(), Counter(), {seat: set() for seat in SIX}
    read = {seat: len(site.sent(address(seat))) for seat in SIX}
    rejected = 0
    for _ in range(40):
        record = site.record(GAME)
        turn = record.state["turn"]
        if turn > 3 or record.finished:
            break
        fresh = {seat: site.sent(address(seat))[read[seat]:] for seat in SIX}
        for seat in SIX:
            read[seat] += len(fresh[seat])
            mails[(turn, seat)] += len(fresh[seat])
        pending = site.moderator().store.pending(GAME, record.step)
        waited = list(waiting_for(record.prompts(), pending))
        held = {row["name"] for row in record.held if row["refused"] is None}
        offered = [seat for seat in SIX if seat not in waited and fresh[seat] and any(
            p.key not in sent[seat] | held for p in dune.ahead(record.state, seat))]
        assert waited, f"nobody to wait for at step {record.step}"
        rounds[turn] += 1
        for seat in waited + offered:
            mine = [p for p in record.prompts() if p.seat == seat and p.key not in pending]
            coming = dune.ahead(record.state, seat)
            sent[seat] |= {p.key for p in coming}
            drop(site.inbox, order_mail(address(seat), "\n".join(
                bot_turn(record.rules, record.state, seat, mine, rng, coming=coming)),
                subject=f"[{GAME}] orders"))
        for _ in range(10):
            summary = site.moderator().tick()
            rejected += summary.rejected
            if not (summary.messages or summary.steps or summary.sent):
                break
    assert site.record(GAME).state["turn"] > 3 or site.record(GAME).finished
    assert rejected == 0
    assert set(rounds) == {2, 3} and all(n <= 5 for n in rounds.values()), rounds
    assert all(n <= 5 for n in mails.values()), mails
    plans = [row for row in site.moderator().store.decisions(GAME)
             if '"battle-plan:' in row["orders"]]
    assert len(plans) >= 2                               # a battle in each turn


def test_a_seat_is_mailed_when_its_battles_appear_and_sends_its_plans_before_they_open(
        tmp_path):
    """000 X.A.3: the Fremen, first in storm order, fight the Atreides in Arrakeen, then the
    Harkonnen in Carthag.  The Harkonnen have no decision open while the first battle is
    fought, but their battle is on the board now: they are mailed it as a decision to come
    (``pbem.digest``), and the plan they send is filed when their battle opens."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "two-battles",
                   "position": {"turn": 2, "phase": "movement",
                                "storm": {"sector": 12, "marker": 2},
                                "forces": {"Arrakeen": {FR: 3, AT: 5},
                                           "Carthag": {FR: 4, HA: 6}}}})
    for _ in range(12):
        if site.record(GAME).state["phase"] == "battle":
            break
        for seat in SIX:
            if prompts := open_prompts(site, seat):
                send(site, seat, "\n".join("PASS" if p.kind == "move" else p.template
                                           for p in prompts))
    assert site.record(GAME).state["step"]["battle"]["territory"] == "Arrakeen"
    assert not open_prompts(site, HA)
    mail = flat(text(site.sent(address(HA))[-1]))
    assert "Later this turn" in mail and "FOR BATTLE CARTHAG" in mail
    answer = flat(send(site, HA, "FOR BATTLE CARTHAG\nLEADER Feyd Rautha\nDIAL 2"))
    assert "held for your battle plan in Carthag against the Fremen" in answer
    for seat in (AT, FR):
        send(site, seat, "\n".join(p.template for p in open_prompts(site, seat)))
    record = site.record(GAME)
    assert record.state["step"]["battle"]["territory"] == "Carthag"
    assert not open_prompts(site, HA) and [p.kind for p in open_prompts(site, FR)] == [
        "battle-plan"]


def _play_to_movement(site) -> dict[str, list[str]]:
    """Every asked seat answers with its templates until the movement round's turns; returns
    the kinds each seat was asked."""
    asked: dict[str, list[str]] = {seat: [] for seat in SIX}
    for _ in range(40):
        record = site.record(GAME)
        if record.state["phase"] == "movement" and not [
                p for p in open_prompts(site, BG) if p.kind == "coexistence"] and not \
                record.state["step"]["opening"]:
            return asked
        for seat in SIX:
            if prompts := open_prompts(site, seat):
                asked[seat] += [p.kind for p in prompts]
                send(site, seat, "\n".join(p.template for p in prompts))
    raise AssertionError("movement never opened")


