"""A face-down token's value never reaches another seat, differentially, by mail (the token
layer's one rule, ``games/dune/tokens.py``).

The test overlay's kind ``probe`` (``tests/dune/overlay/probe/``, ruleset ``gf9-probe``) gives
the Fremen two face-down tokens: one on the board in the Great Flat, one behind their shield.
The same whole game of six seats is played twice through the moderator, every seat a bot
mailed every report (and an observer mailed the public ones), from the set-up to its end:
once as dealt (the Amber Probe on the board), once with the two values swapped by the GM's
ADJUST before the first step (the Cobalt Probe there).  Every mail to anyone but the Fremen
(their subjects, the waits and step numbers they tell, STATUS answers sent on the way) must
be the same in both runs, secrets and Message-IDs aside, while the Fremen's own mails differ;
and the leak detector (``tests/dune_leaks.py``) finds neither probe's name in another seat's
mail, though it finds the Fremen's in theirs.
"""

from __future__ import annotations

import json

import pytest
from dune_leaks import leaked, secrets_over, shown_in_battles
from installation import Installation
from players import addressed_to, drop, order_mail, others_mail, text

from pbem.definition import create_game, game_definition
from pbem.moderator import run_gm_command

GAME = "dune-p"
SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]
OWNER = "fremen"
OBSERVER = "watcher@observers.test"


def address(seat: str) -> str:
    return f"{seat}@players.test"


class Run:
    """One whole game of the probe ruleset by mail, its probes' values swapped or not."""

    def __init__(self, root, ruleset: str, swapped: bool) -> None:
        self.site = Installation(root, maps=False)
        moderator = self.site.moderator()
        definition = game_definition({
            "id": GAME, "game": "dune", "ruleset": ruleset, "seed": "probe-differential",
            "options": {"turns": 3}, "auth": "address",
            "deadlines": {"resolve_delay_minutes": 1},
            "seats": [{"seat": s, "address": address(s), "secret": f"secret-{s}"}
                      for s in SEATS]})
        create_game(moderator.store, self.site.config, definition, self.site.clock())
        moderator.store.db.execute("update seats set disorder = 'bot', preferences = ? "
                                   "where game_id = ?", (json.dumps({"digest": "off"}), GAME))
        records = self.site.record(GAME).state["tokens"]
        if swapped:
            records = [{**token, "value": {"amber": "cobalt", "cobalt": "amber"}[token["value"]]}
                       for token in records]
        self.gm(f"ADJUST /tokens = {json.dumps(records)} -- the probes as dealt")
        self.gm(f"OBSERVE {OBSERVER}")

    def gm(self, line: str) -> None:
        moderator = self.site.moderator()
        run_gm_command(moderator, GAME, line)
        moderator.send_outbox()

    def play(self) -> None:
        """Ticks a minute apart until the game is over; now and then a seat that is not the
        owner asks STATUS (who is waited for, the step)."""
        ticks = 0
        while not self.site.record(GAME).finished:
            ticks += 1
            if ticks % 25 == 1:
                drop(self.site.inbox, order_mail(address("atreides"), "STATUS",
                                                 subject=f"[{GAME}] status"))
            self.site.clock.advance(minutes=1)
            summary = self.site.moderator().tick()
            assert not summary.errors, summary.errors
            assert ticks < 600

    def others_mail(self) -> list[tuple[str, str, str, str]]:
        """Every mail but the owner's and the GM's command answers, in order: (kind,
        recipients, subject, text), the seats' secrets left out."""
        store = self.site.moderator().store
        secrets = {row["secret"] for row in store.seats(GAME)}
        secrets.add(self.site.record(GAME).settings["gm_secret"])
        return others_mail(store, OWNER, address(OWNER), secrets)

    def owners_mail(self) -> str:
        """Every mail the owner got, its lines joined (long lines are wrapped)."""
        return " ".join(" ".join(text(m).split())
                        for m in addressed_to(self.site.sent(), address(OWNER)))


@pytest.mark.whole_game
def test_a_face_down_value_reaches_no_other_seat_through_a_whole_game_by_mail(
        tmp_path, probe_ruleset):
    runs = {}
    for swapped in (False, True):
        run = Run(tmp_path / f"swapped-{swapped}", probe_ruleset, swapped)
        run.play()
        runs[swapped] = run
    dealt, swapped = runs[False].others_mail(), runs[True].others_mail()
    kinds = {kind for kind, *_ in dealt}
    assert {"report", "observer-report", "status", "gm-adjust", "gm-observe"} <= kinds
    assert len(dealt) == len(swapped) > 200
    for index, (one, other) in enumerate(zip(dealt, swapped, strict=True)):
        assert one == other, f"mail {index} ({one[0]} to {one[1]}) differs"
    assert "Amber Probe (probe, in The Great Flat" in runs[False].owners_mail()
    assert "Cobalt Probe (probe, in The Great Flat" in runs[True].owners_mail()
    for run in runs.values():
        record = run.site.record(GAME)
        store = run.site.moderator().store
        held, played = secrets_over(record.replay_states(store), SEATS)
        played |= shown_in_battles(store, GAME)
        assert held[OWNER] >= {"Amber Probe", "Cobalt Probe"}
        sent = run.site.sent()
        for seat in SEATS:
            mails = "\n".join(text(m) for m in addressed_to(sent, address(seat)))
            assert not leaked(mails, seat, held, played), seat
        observed = " ".join(" ".join(text(m).split()) for m in addressed_to(sent, OBSERVER))
        assert "Fremen: a probe, face down, in The Great Flat (sector 15)" in observed
        assert "Amber" not in observed and "Cobalt" not in observed
