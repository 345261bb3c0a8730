"""The leader skill cards (001 4.07, option ``leader_skills``) where the scenario files
(``gf9_4_07_*.yaml``) cannot reach: the deal and its secrecy, the pick by mail text, the reports,
a card back into the deck when its leader dies, and whole games of bots."""

from __future__ import annotations

import random
import re

import pytest
from dune_mail import bot_game
from dune_seats import SEAT_FACTIONS
from players import addressed_to, text

from pbem.game import load_game, step_rng
from pbem.games.dune import tokens, turn
from pbem.games.dune.invariants import violations
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import ruleset_data
from pbem.games.dune.variants import leader_skills
from pbem.templating import render

GAME = load_game("dune")
OPTION = {"leader_skills": True}
SEATS = ["atreides", "harkonnen", "fremen"]
DIGEST_LINE = re.compile(r"^Game digest .*$|X-PBEM-Chain: .*$", re.MULTILINE)


def _set_up(seats: list[str] = SEATS, options: dict | None = None, seed: str = "ls") -> dict:
    return GAME.setup("gf9", {**OPTION, **(options or {})}, seats, step_rng(seed, 0))


def test_001_4_07_02_two_cards_dealt_to_each_faction_behind_its_shield():
    """001 4.07.02: two cards each, face down behind the shield; none in a game without the
    option, whose stored rules stay as they were."""
    state = _set_up()
    for seat in SEATS:
        cards = leader_skills.dealt(state, seat)
        assert len(cards) == 2 and all(r["face"] == "down" for r in cards)
    assert not leader_skills.records(GAME.setup("gf9", {}, SEATS, step_rng("ls", 0)))
    assert "leader_skills" not in make_rules("gf9", {}).to_json()


def test_001_4_07_02_a_short_deck_deals_one_each():
    """Ruling (treachery.online's deal for many players): a deck short of two a faction deals
    one each; a game of rules version 6 keeps its deck of seven skills (so six factions get
    one each, as they did), one of version 7 deals from the deck of every skill built (two
    each to six factions)."""
    seats = list(SEAT_FACTIONS)
    old = GAME.setup("gf9", OPTION, seats, step_rng("ls", 0), "6")
    assert [len(leader_skills.dealt(old, seat)) for seat in old["seats"]] == [1] * 6
    assert len(leader_skills.records(old)) == 7
    new = _set_up(seats)
    assert [len(leader_skills.dealt(new, seat)) for seat in new["seats"]] == [2] * 6
    assert len(leader_skills.records(new)) == len(tokens.kind_of(new, leader_skills.KIND).tokens)


def test_001_4_07_02_a_seat_sees_its_own_dealt_skills_alone():
    """The dealt cards are seen by their faction alone: its view and prompt name them, no other
    view does."""
    state = _set_up()
    names = {seat: {leader_skills.skill_name(state, r["value"])
                    for r in leader_skills.dealt(state, seat)} for seat in SEATS}
    for seat in SEATS:
        text = " ".join(render("dune", "view.txt.j2", view=GAME.view(state, seat),
                               seat=seat).split())
        for other in SEATS:
            for name in names[other]:
                assert (name in text) == (other == seat), (seat, other, name)
    public = " ".join(render("dune", "view.txt.j2", view=GAME.view(state, None),
                             seat=None).split())
    assert not any(name in public for found in names.values() for name in found)


def test_001_4_07_03_the_pick_by_mail_text_puts_the_card_face_up_with_its_leader():
    """001 4.07.02-03: SKILL <skill> FOR <leader>: the card kept face up in front of the shield
    with its leader, the other back in the deck; every seat's view then names both."""
    state = _set_up()
    prompts = [p for p in turn.open_prompts(state) if p.kind == leader_skills.PICK]
    assert sorted(p.seat for p in prompts) == sorted(SEATS)
    skill = leader_skills.skill_name(state, leader_skills.dealt(state, "atreides")[1]["value"])
    parsed = GAME.parse(state, "atreides", f"SKILL {skill.lower()} for duncan idaho")
    assert not parsed.errors, parsed.errors
    orders = GAME.bot_decisions(state, random.Random(1))
    orders.update({o.prompt: o.value for o in parsed.orders})
    state, events = GAME.apply(state, orders, step_rng("ls", 1))
    record = leader_skills.skilled(state, "atreides")
    assert (record["leader"], record["face"], record["at"]) == ("Duncan Idaho", "up", "front")
    assert leader_skills.skill_name(state, record["value"]) == skill
    assert sum(1 for r in leader_skills.records(state) if r["owner"] == "atreides") == 1
    assert any(e.code == "skill-kept" and e.data["leader"] == "Duncan Idaho" for e in events)
    for seat in [*SEATS, None]:
        text = " ".join(render("dune", "view.txt.j2", view=GAME.view(state, seat),
                               seat=seat).split())
        assert f"{skill} (leader skill card) of Duncan Idaho" in text
    assert violations(state) == []


def test_001_4_07_03_a_leader_not_the_factions_own_is_refused_with_the_line_quoted():
    state = _set_up()
    parsed = GAME.parse(state, "atreides", "SKILL Warmaster FOR Feyd-Rautha")
    assert parsed.errors and "Feyd-Rautha" in str(parsed.errors[0])


def test_001_2_09_20_the_auditor_is_never_given_a_skill():
    """001 2.09.20 (A), 2.09.25 (B): the Auditor "can not be assigned a Leader Skill Card"."""
    state = _set_up(["choam", "atreides"], {"choam_richese": True, "advanced": True})
    assert "Auditor" in state["factions"]["choam"]["leaders"]
    assert "Auditor" not in leader_skills.choosable_leaders(state, "choam")
    assert ruleset_data("gf9").leader("Auditor").protected


def test_001_4_07_11_a_skilled_leader_killed_sends_his_card_back_to_the_deck():
    """001 4.07.11: killed however (here at the phase's end), his card goes back, face down."""
    state = load_scenario({
        "game": "dune", "seats": SEATS, "ruleset": "gf9", "seed": "ls", "options": OPTION,
        "position": {"turn": 2, "phase": "storm", "storm": {"sector": 1},
                     "factions": {"atreides": {"leaders_in_tanks": ["Duncan Idaho"]}},
                     "tokens": {"Warmaster": "atreides"}}}).state
    record = next(r for r in leader_skills.records(state) if r["value"] == "warmaster")
    record["leader"] = "Duncan Idaho"
    events = leader_skills.lost(state)
    assert [e.code for e in events] == ["skill-lost"]
    assert (record["owner"], record["at"], record["face"]) == (None, "aside", "down")
    assert "leader" not in record and violations(state) == []


@pytest.mark.whole_game
@pytest.mark.parametrize("style", ["random", "basic"])
def test_whole_games_with_leader_skills_break_no_invariant(style):
    """Bots play GF9 games with the leader skills to the end: no invariant broken at any step,
    every faction keeps a skill, and bonuses come into battles."""
    seen: set[str] = set()
    state = GAME.setup("gf9", {**OPTION, "advanced": style == "basic", "turns": 5},
                       list(SEAT_FACTIONS)[:4], step_rng(f"ls-{style}", 0))
    bots = random.Random(style)
    step = 0
    while state["result"] is None:
        step += 1
        state, events = GAME.apply(state, GAME.bot_decisions(state, bots, style),
                                   step_rng(f"ls-{style}", step))
        seen |= {event.code for event in events}
        assert violations(state) == [], step
    assert "skill-kept" in seen


def test_001_4_07_15_11_the_smuggler_sends_nothing_more_into_an_occupied_territory():
    """001 4.07.15.11: "to an empty Territory" only; and only while the skilled leader is his
    owner's to play (4.07.13)."""
    state = load_scenario({
        "game": "dune", "seats": SEATS, "ruleset": "gf9", "seed": "ls", "options": OPTION,
        "position": {"turn": 2, "phase": "movement", "storm": {"sector": 1},
                     "tokens": {"Smuggler": {"owner": "atreides", "face": "up",
                                             "leader": "Duncan Idaho"}}}}).state
    skills = leader_skills.LeaderSkills()
    assert skills.shipped(state, "atreides", "Arrakeen", 9, False) == []
    assert skills.shipped(state, "harkonnen", "Arrakeen", 9, True) == []
    state["factions"]["atreides"]["leaders"]["Duncan Idaho"] = "captured"
    assert skills.shipped(state, "atreides", "Arrakeen", 9, True) == []
    state["factions"]["atreides"]["leaders"]["Duncan Idaho"] = "alive"
    assert [e.code for e in skills.shipped(state, "atreides", "Arrakeen", 9, True)] == [
        "skill-smuggled"]


def _by_mail(root):
    """A one-turn game of the three seats by mail, the bots playing."""
    site = bot_game(root, "ls", "skills-by-mail", {**OPTION, "turns": 1}, SEATS)
    while not site.record("ls").finished:
        site.clock.advance(minutes=1)
        summary = site.moderator().tick()
        assert not summary.errors
    return site


@pytest.mark.whole_game
def test_001_4_07_02_the_card_not_kept_changes_no_other_seats_mail(tmp_path, monkeypatch):
    """The differential test: the same game by mail twice, the Atreides dealt another card
    beside the one they keep (the second game's deal changed, from its set-up on, replays
    too); every other seat's mail (subjects, texts, who is waited for) is the same, the
    Atreides' differs; the card kept is told to all, the other to nobody else."""
    first = _by_mail(tmp_path / "a")
    state = first.record("ls").state
    kept_card = leader_skills.skilled(state, "atreides")
    dealt_at_start = {r["value"] for r in leader_skills.records(
        GAME.setup("gf9", {**OPTION, "turns": 1}, SEATS, step_rng("skills-by-mail", 0)))
        if r["owner"] == "atreides"}
    (other,) = dealt_at_start - {kept_card["value"]}

    def dealt(self, state, rng):          # the Atreides dealt the card left aside instead
        leader_skills.deal(state, rng)
        mine = next(r for r in leader_skills.dealt(state, "atreides") if r["value"] == other)
        aside = next(r for r in leader_skills.records(state) if r["owner"] is None)
        mine["value"], aside["value"] = aside["value"], mine["value"]

    monkeypatch.setattr(leader_skills.LeaderSkills, "dealt", dealt)
    second = _by_mail(tmp_path / "b")
    assert leader_skills.skilled(second.record("ls").state, "atreides") == kept_card
    mails = [{seat: [(m["Subject"], DIGEST_LINE.sub("", text(m)))
                     for m in addressed_to(site.sent(), f"{seat}@players.test")]
              for seat in SEATS} for site in (first, second)]
    for seat in ("harkonnen", "fremen"):
        assert mails[0][seat] == mails[1][seat], seat
        told = " ".join(" ".join(t for _, t in mails[0][seat]).split())
        assert leader_skills.skill_name(state, kept_card["value"]) in told
        assert leader_skills.skill_name(state, other) not in told
    assert mails[0]["atreides"] != mails[1]["atreides"]
