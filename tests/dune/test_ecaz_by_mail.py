"""Ecaz (001 2.11) by mail: a six-faction GF9 game with the Ecaz & Moritani expansion, its seats
played by the bots through the moderator to its end, every mail checked for secrets; and the
same game with two face-down Ambassadors changing places, every other seat's mail (subjects,
who is waited for, the step numbers in them) and the archive's pages the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from dune_leaks import ambassador_seen, leaked
from dune_mail import GAME as AT_POSITION
from dune_mail import BotTable, address, flat, game_at, open_prompts, send
from installation import Installation
from players import DIGEST_LINE, text

from pbem.game import waiting_for
from pbem.games.dune.factions import ecaz_ambassadors as ambassadors

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "ecaz"]
OPTIONS = {"ecaz_moritani": True}
GAME = "ez"
SCENARIOS = Path(__file__).parent / "scenarios"


def Run(root, options: dict) -> BotTable:  # noqa: N802 -- the table of this file's game
    """A GF9 game of the six seats played by the basic bots, a step a minute."""
    return BotTable(root, GAME, "ecaz-by-mail", SEATS, options)


@pytest.mark.whole_game
def test_001_2_11_a_six_faction_game_with_ecaz_by_mail_keeps_every_secret(tmp_path):
    """001 2.11.06-08: Ecaz place Ambassadors face down and they trigger as others enter; the
    game ends with a winner, and no seat's mail shows another seat's hand, traitor or
    face-down Ambassador (``dune_leaks``) but what an Ambassador showed Ecaz (2.11.17.02, .06);
    Ecaz's mail names theirs."""
    run = Run(tmp_path, {**OPTIONS, "turns": 10})
    run.play()
    record = run.record()
    assert record.state["result"]["winners"]
    held, played, events = run.secrets(SEATS)
    codes = {event["code"] for step in events for event in step}
    assert {"ambassadors-drawn", "ambassador-placed"} <= codes
    # 2.11.17.02, .06: what a triggered Ambassador shows Ecaz is theirs to know from then on
    held["ecaz"] |= ambassador_seen(events)
    for seat in SEATS:
        mails = run.text_of(seat)
        assert mails, seat
        assert not leaked(mails, seat, held, played), seat
        if seat == "ecaz":
            assert "Your face-down tokens, their values seen by you alone: " in mails
            continue
        assert "Your face-down tokens" not in mails


def _hide(run: Run, swap: bool) -> None:
    """The GM puts the first two Ambassadors of Ecaz's drawn supply face down in Arrakeen and
    Carthag (``swap``: the other way round), and sets Ecaz's standing answer to trigger none
    (2.11.08: "you may"), so that neither ever opens, its effect's choices (2.11.17) given in
    the ``swap`` run only.  The same GM commands in both runs: only what they put where
    differs."""
    state = run.record().state
    first, second = sorted(v for v in ambassadors.supply(state, "ecaz") if v != "ecaz")[:2]
    if swap:
        first, second = second, first
    records = state["tokens"]
    for token in records:
        if token["value"] in (first, second) and token["kind"] == "ambassador":
            territory, sector = ("Arrakeen", 10) if token["value"] == first else ("Carthag", 11)
            token.update({"at": "board", "territory": territory, "sector": sector,
                          "face": "down"})
    run.gm(f"ADJUST /tokens = {json.dumps(records)} -- the Ambassadors under test")
    run.gm('ADJUST /factions/ecaz/triggers = {"*": {"*": false}} -- trigger none')
    choices = {"fremen": {"to": "Arrakeen"}, "choam": {"discard": ["*"]},
               "bene-gesserit": {"as": "guild"}, "ecaz": {"alliance": True}} if swap else {}
    # 2.11.17: the effects' standing choices, Ecaz's alone, differ too
    run.gm(f"ADJUST /factions/ecaz/trigger_with = {json.dumps(choices)} -- the choices")


@pytest.mark.whole_game
def test_001_2_11_06_face_down_ambassadors_change_no_other_seats_mail(tmp_path):
    """The differential test (001 2.11.06-08: a placed Ambassador is Ecaz's to know, its
    trigger Ecaz's choice; 2.11.17: so are the choices its effect will take): the same three
    turns played twice, two Ambassadors face down in Arrakeen and Carthag changing places
    between the runs and Ecaz's standing choices given in one only; every other seat's mail and
    every public archive page is the same, Ecaz's differ.  Text A's (under text B the
    Ambassadors are forces, every face public: ``test_001_2_11_b_...`` below)."""
    found = []
    for name, swap in (("one", False), ("other", True)):
        run = Run(tmp_path / name, {**OPTIONS, "turns": 3})
        run.play(lambda r, s=swap: _hide(r, s))
        state = run.record().state
        hidden = {t["territory"]: t["value"] for t in state["tokens"]
                  if t["kind"] == "ambassador" and t["at"] == "board"
                  and t["territory"] in ("Arrakeen", "Carthag")}
        assert len(hidden) == 2 and all(t["face"] == "down" for t in state["tokens"]
                                        if t["at"] == "board"), hidden
        found.append(({seat: run.mails(seat) for seat in SEATS}, run.pages(), hidden))
    (one, pages, first), (other, other_pages, second) = found
    assert first == {"Arrakeen": second["Carthag"], "Carthag": second["Arrakeen"]}
    for seat in SEATS:
        if seat != "ecaz":
            assert one[seat] == other[seat], seat
    assert one["ecaz"] != other["ecaz"]
    assert pages == other_pages and pages


@pytest.mark.whole_game
def test_001_2_11_b_a_six_faction_game_with_ecaz_under_text_b_by_mail_keeps_every_secret(
        tmp_path):
    """001 2.11 (B), option ``ecaz_text_b``: the same six seats by mail, Ecaz's Ambassadors
    forces (2.11.04 B, 2.11.06 B: one set up with their starting forces, the others shipped and
    moved as forces by the bots), to a winner; no seat's mail shows another seat's hand or
    traitor (``dune_leaks``).  Every seat's mail shows the Ambassadors on the board alike,
    their faces public (the ruling of 2.11.08 B: each came face up and is turned in sight):
    Ecaz's own mail has no private list of them."""
    run = Run(tmp_path, {**OPTIONS, "ecaz_text_b": True, "turns": 10})
    run.play()
    record = run.record()
    assert record.state["result"]["winners"]
    held, played, events = run.secrets(SEATS)
    codes = {event["code"] for step in events for event in step}
    assert "ambassador-set-up" in codes and "ambassadors-drawn" not in codes
    for seat in SEATS:
        mails = run.text_of(seat)
        assert mails, seat
        assert not leaked(mails, seat, held, played), seat
        assert "Your face-down tokens" not in mails, seat


def _karama_b_site(root, hand: list[str]):
    """A site with the Karama B scenario's game at its position, Ecaz holding ``hand``."""
    path = SCENARIOS / ("gf9_1_14_12_b_the_ecaz_karama_co_occupies_a_stronghold_whose_"
                        "control_counts_for_them.yaml")
    scenario = yaml.safe_load(path.read_text("utf-8"))
    scenario["position"]["factions"]["ecaz"]["hand"] = hand
    site = Installation(root, maps=False)
    game_at(site, scenario)
    return site


def test_001_1_14_12_b_the_karama_by_mail_is_echoed_carried_out_first_and_waits_for_nobody(
        tmp_path):
    """001 1.14.12 B by mail (``ecaz_text_b``, advanced): as the movement round opens, Ecaz
    holding a Karama are offered COOCCUPY, waited for by nobody (the step waits for the
    Atreides' turn alone); a bad territory is refused, the line quoted; COOCCUPY Arrakeen is
    echoed, and carried out before the Atreides' turn when that comes, in the report that asks
    the Emperor for theirs.
    The differential: with a Baliset in the Karama's place and nothing sent by Ecaz, the
    Atreides' and the Emperor's mails are the same, to the letter (but the running digest,
    which commits to the whole log by design)."""
    site = _karama_b_site(tmp_path / "karama", ["Karama"])
    assert waiting_for(site.record(AT_POSITION).prompts(), set()) == ["atreides"]
    (offered,) = [p for p in open_prompts(site, "ecaz") if p.kind == "karama-cooccupy"]
    assert offered.optional
    refused = flat(send(site, "ecaz", "COOCCUPY Nowhere"))
    assert "COOCCUPY Nowhere" in refused
    assert "COOCCUPY Arrakeen" in flat(send(site, "ecaz", "COOCCUPY Arrakeen"))
    send(site, "atreides", "PASS")
    site.cron(1)
    state = site.record(AT_POSITION).state
    assert state["factions"]["ecaz"]["karama_territory"] == "Arrakeen"
    mails = flat("\n".join(text(m) for m in site.sent(address("emperor"))))
    assert "they co-occupy Arrakeen with every faction there" in mails
    kept = {}
    for name, hand in (("kept", ["Karama"]), ("none", ["Baliset"])):
        other = _karama_b_site(tmp_path / name, hand)
        send(other, "atreides", "PASS")
        other.cron(1)
        kept[name] = {seat: [(m["Subject"], DIGEST_LINE.sub("", text(m)))    # by design
                             for m in other.sent(address(seat))]
                      for seat in ("atreides", "emperor")}
    assert kept["kept"] == kept["none"]
