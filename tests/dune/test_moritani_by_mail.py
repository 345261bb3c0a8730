"""The Moritani (001 2.12) by mail: a six-faction GF9 game with the Ecaz & Moritani expansion,
its seats played by the bots through the moderator to its end, every mail checked for secrets;
and the same game with two face-down Terror tokens changing places, every other seat's mail
(subjects, who is waited for, the step numbers in them) and the archive's pages the same."""

from __future__ import annotations

import json

import pytest
from dune_leaks import leaked
from dune_mail import BotTable

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "moritani"]
OPTIONS = {"ecaz_moritani": True}
GAME = "mo"


def Run(root, options: dict) -> BotTable:  # noqa: N802 -- the table of this file's game
    """A GF9 game of the six seats played by the basic bots, a step a minute."""
    return BotTable(root, GAME, "moritani-by-mail", SEATS, options)


@pytest.mark.whole_game
@pytest.mark.parametrize("text", [{}, {"moritani_text_b": True, "advanced": True}],
                         ids=["text_a", "text_b"])
def test_001_2_12_a_six_faction_game_with_the_moritani_by_mail_keeps_every_secret(tmp_path,
                                                                                   text):
    """001 2.12.03, 2.12.08-09: the Moritani place their forces after everyone, their Terror
    tokens face down at War Continues (text B: by Plot, Plan and Scheme in the revival round,
    2.12.08.01-04 B), and tokens go off as others enter (text B: as battles open, 2.12.09 B);
    the game ends with a winner, and no seat's mail shows another seat's hand, traitor or
    face-down token (``dune_leaks``) but the cards a token gave (Robbery, 2.12.14.05; text B's
    Sabotage, 2.12.14.06 B, to the two it concerns); the Moritani's mail names theirs."""
    run = Run(tmp_path, {**OPTIONS, **text, "turns": 10})
    run.play()
    record = run.record()
    assert record.state["result"]["winners"]
    held, played, events = run.secrets(SEATS)
    codes = {event["code"] for step in events for event in step}
    assert {"terror-placed", "forces-placed"} <= codes
    held["moritani"] |= {event["data"]["card"] for step in events for event in step
                         if event["code"] in ("terror-card-drawn", "terror-card-taken")}
    for seat in SEATS:
        mails = run.text_of(seat)
        assert mails, seat
        assert not leaked(mails, seat, held, played), seat
        if seat == "moritani":
            assert "Your face-down tokens, their values seen by you alone: " in mails
            continue
        assert "Your face-down tokens" not in mails


def _hide(run: Run, swap: bool, offer: bool = False) -> None:
    """The GM puts Robbery and Atomics face down in Arrakeen and Carthag (``swap``: the other
    way round), and sets the Moritani's standing answer to reveal none (2.12.09: "you may"),
    so that neither ever opens; with ``offer`` they trigger every token but offer every
    faction an alliance, which every faction accepts (2.12.15-16), so that a token entered goes
    back behind their shield unrevealed.  The same GM commands in both runs: only what they
    put where differs."""
    state = run.record().state
    first, second = ("atomics", "robbery") if swap else ("robbery", "atomics")
    records = state["tokens"]
    for token in records:
        if token["kind"] == "terror" and token["value"] in (first, second):
            territory, sector = ("Arrakeen", 10) if token["value"] == first else ("Carthag", 11)
            token.update({"at": "board", "territory": territory, "sector": sector,
                          "face": "down"})
    run.gm(f"ADJUST /tokens = {json.dumps(records)} -- the Terror tokens under test")
    if not offer:
        run.gm('ADJUST /factions/moritani/triggers = {"*": {"*": false}} -- reveal none')
        return
    for seat in SEATS:              # a sheet adjusted whole: the key is new to it
        terms = ({"alliance_offer": {"*": True}} if seat == "moritani"
                 else {"enemy_of_my_enemy": True})
        sheet = {**state["factions"][seat], **terms}
        run.gm(f"ADJUST /factions/{seat} = {json.dumps(sheet)} -- the alliance terms")


@pytest.mark.whole_game
@pytest.mark.parametrize(("offer", "text"), [(False, {}), (True, {}),
                                             (False, {"moritani_text_b": True})],
                         ids=["hidden", "enemy_of_my_enemy", "text_b"])
def test_001_2_12_08_face_down_terror_tokens_change_no_other_seats_mail(tmp_path, offer, text):
    """The differential test (001 2.12.08-09: a placed Terror token is the Moritani's to know,
    its trigger their choice): the same three turns played twice, two Terror tokens face down
    in Arrakeen and Carthag changing places between the runs; every other seat's mail and every
    public archive page is the same, the Moritani's differ.  With ``offer`` (001 2.12.15-16)
    the tokens would go off, but each faction entering is offered an alliance and accepts:
    the offers, the alliances and the tokens going back tell nobody which token it was.  Under
    text B (``text``, 001 2.12.08.01-04 B) the Moritani's Plot, Plan and Scheme in the revival
    round ride on its mail rounds and tell nobody which token went where."""
    found = []
    for name, swap in (("one", False), ("other", True)):
        run = Run(tmp_path / name, {**OPTIONS, **text, "turns": 3})
        run.play(lambda r, s=swap: _hide(r, s, offer))
        state = run.record().state
        assert all(t["face"] == "down" for t in state["tokens"]
                   if t["kind"] == "terror" and t["at"] == "board")
        if offer:
            _, _, events = run.secrets(SEATS)
            codes = [e["code"] for step in events for e in step]
            assert "terror-alliance" in codes and "terror-triggered" not in codes
            hidden = {}
        else:
            hidden = {t["territory"]: t["value"] for t in state["tokens"]
                      if t["kind"] == "terror" and t["at"] == "board"
                      and t["territory"] in ("Arrakeen", "Carthag")}
            assert len(hidden) == 2, hidden
        found.append(({seat: run.mails(seat) for seat in SEATS}, run.pages(), hidden))
    (one, pages, first), (other, other_pages, second) = found
    if not offer:
        assert first == {"Arrakeen": second["Carthag"], "Carthag": second["Arrakeen"]}
    for seat in SEATS:
        if seat != "moritani":
            assert one[seat] == other[seat], seat
    assert one["moritani"] != other["moritani"]
    assert pages == other_pages and pages
