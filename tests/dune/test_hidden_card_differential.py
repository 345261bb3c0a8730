"""Secrets stay secret, differentially (the review's acceptance test for defect D5): what a seat
reads about the others is computed only from its own view and the public view.  The same Dune
position is played twice through the moderator by mail, once where the Harkonnen (seat A) hold
a Karama or a Truthtrance and once where they hold a worthless card instead; every mail anyone
but the Harkonnen receives (the Atreides, the Fremen, an observer, the GM's public reports) must
be the same in both runs, secrets and Message-IDs aside.  (The GM's answers to his own
commands are left out: the GM sees every hand, and the ADJUST is echoed to him.)

The script is the same in both runs, and the Harkonnen send the same text in both (only their
non-optional decisions' template lines): acknowledgements, STATUS, HELP and ORDERS answers, a
refusal, press and a deal, reminders, late notices, an outage's extension, every GM notice
(ADJUST, OBSERVE, EXTEND, BROADCAST, PAUSE, RESUME, ROLLBACK, REPLACE, UNOBSERVE, END), a
HISTORY resend, welcomes and the step reports.  ``MAIL_KINDS`` lists every kind of mail the
moderator sends and either expects it in the run or says why it cannot differ; a new kind fails
the test until it is listed.
"""

from __future__ import annotations

import difflib
import json
from importlib.resources import files
from pathlib import Path

import pytest
from installation import Installation
from players import drop, order_mail, others_mail

from pbem import flood, reports
from pbem.definition import create_game, game_definition
from pbem.game import batches_of
from pbem.moderator import run_gm_command
from pbem.record import GameRecord

AT, FR, HA = "atreides", "fremen", "harkonnen"
GAME = "dune-1"
OBSERVER = "watcher@observers.test"
NEW_FREMEN = "fremen-2@players.test"

# Every kind of mail the moderator queues (``outbox.kind``), and whether this test sees a seat
# other than the Harkonnen get it; the others say why it cannot differ.
MAIL_KINDS = {
    "welcome": "exercised",
    "acknowledgement": "exercised",
    "status": "exercised",
    "history": "exercised",
    "refusal": "exercised",
    "press": "exercised",
    "deal": "exercised",
    "report": "exercised",
    "observer-report": "exercised",
    "reminder": "exercised",
    "late": "exercised",
    "others-late": "exercised",
    "outage": "exercised",
    "gm-adjust": "exercised",
    "gm-observe": "exercised",
    "gm-extend": "exercised",
    "gm-broadcast": "exercised",
    "gm-pause": "exercised",
    "gm-resume": "exercised",
    "gm-rollback": "exercised",
    "gm-replaced": "exercised",
    "gm-unobserve": "exercised",
    "gm-end": "exercised",
    "bribe": "the deal's template and code path (press._declare) with another word",
    "gm-welcome": "to the GM alone, rendered before any card is dealt: the set-up and the "
                  "GM secret",
    "gm-answer": "to the GM alone, who sees every hand (the ADJUST echo shows the card)",
    "preview": "to the GM alone (PREVIEW), who sees every hand",
    "warning": "the rate limit's warning: its template reads only the limit, no game",
    "standings": "league standings, mailed after a game ends: results only, no game state",
    "secret-refusal": "the refusal of a mail without the right secret: reads only that mail",
    "secret-ignored": "to the address a forger used: reads only the count of refused mails",
    "secret-flood": "to the GM about refused mails: reads only the address and the seat",
    "stranger-refusal": "to an address in no game: fixed words for the reason, no game",
    "failed-message": "to the installation's GM about an unreadable mail: no game state",
    "commitment": "sent before the deal (docs/fairness.md): the commitment and the secret, "
                  "no card is dealt yet",
    "salt-reveal": "sent before the deal: the seats' salt commitments, no card is dealt yet",
}
# Each mail template, by the kinds that use it.
TEMPLATE_KINDS = {
    "welcome": ["welcome"], "acknowledgement": ["acknowledgement"], "status": ["status"],
    "refusal": ["refusal", "secret-refusal"], "press": ["press"], "declaration": ["deal", "bribe"],
    "declared": ["deal"], "report": ["report", "observer-report", "history"],
    "notice": ["reminder", "late", "others-late", "outage"],
    "gm_notice": ["gm-adjust", "gm-observe", "gm-extend", "gm-broadcast", "gm-rollback",
                  "gm-replaced", "gm-unobserve", "gm-end", "gm-pause", "gm-resume"],
    "gm_welcome": ["gm-welcome"], "gm_answer": ["gm-answer"], "preview": ["preview"],
    "rate_limited": ["warning"], "secret_flood": ["secret-ignored", "secret-flood"],
    "failed": ["failed-message"], "commitment": ["commitment"], "stranger": ["stranger-refusal"],
    "reveal": ["salt-reveal"],
    "salt_answer": ["acknowledgement"],   # a SALT answered before the deal: no card dealt yet
}


def address(seat: str) -> str:
    return f"{seat}@players.test"


def full_hand(card: str) -> list[str]:
    """Eight cards, the Harkonnen hand limit, so they bid for none: the issue's case."""
    return [card, "Chaumas", "Crysknife", "Shield #1", "Shield #2", "Snooper #1", "Stunner",
            "Kulon"]


def with_card(card: str) -> list[str]:
    """Two cards: the Harkonnen are asked for bids, and may play the card beside them."""
    return [card, "Kulon"]


class Run:
    """One game of three seats, from its set-up through the bidding round's first card and
    back, played by a fixed script; the Harkonnen hand is set by the GM's ADJUST."""

    def __init__(self, root: Path, hand: list[str]):
        self.site = Installation(root)
        definition = game_definition({
            "id": GAME, "game": "dune", "ruleset": "classic", "seed": "differential",
            "auth": "address",
            "deadlines": {"hours": 48, "reminder_hours": 12, "grace_hours": 12,
                          "per_kind": {"truthtrance": 96}},
            "seats": [{"seat": s, "address": address(s), "secret": f"secret-{s}"}
                      for s in (AT, FR, HA)]})
        create_game(self.moderator.store, self.site.config, definition, self.site.clock())
        self.moderator.send_outbox()
        self.hand = hand

    @property
    def moderator(self):
        return self.site.moderator()

    def record(self) -> GameRecord:
        return GameRecord.load(self.moderator.store, GAME)

    def gm(self, line: str) -> None:
        run_gm_command(self.moderator, GAME, line)
        self.moderator.send_outbox()

    def mail(self, sender: str, body: str, subject: str = f"[{GAME}] orders") -> None:
        drop(self.site.inbox, order_mail(sender, body, subject=subject))

    def owed(self, seat: str) -> str:
        """The template lines of the seat's decisions that are not optional: what a player
        sends whatever they hold."""
        return "\n".join(p.template for p in self.record().prompts()
                         if p.seat == seat and not p.optional)

    def tick(self, **clock) -> None:
        self.site.clock.advance(**clock)
        summary = self.moderator.tick()
        assert not summary.errors, summary.errors

    def play(self) -> None:
        """The script: the same mail and commands in every run."""
        self.gm(f"ADJUST /factions/harkonnen/hand = {json.dumps(self.hand)} -- the hand under "
                "test")
        self.gm(f"OBSERVE {OBSERVER}")
        for seat in (AT, FR, HA):                       # the set-up: everyone answers
            self.mail(address(seat), self.owed(seat))
        self.tick(minutes=10)
        assert self.record().state["phase"] == "bidding"
        self.mail(address(AT), self.owed(AT))             # B bids at once
        self.mail(address(FR), "STATUS\nHELP\nORDERS")    # C asks, decides nothing yet
        self.mail(address(FR), "PRESS atreides shall we share the spice?\nDEAL the Fremen "
                               "and the Atreides share their spice")
        self.mail(address(FR), "no game named here", subject="orders")      # a refusal
        self.tick(minutes=10)
        self.tick(hours=36)                               # reminders, 12 hours before
        self.tick(hours=13)                               # late notices: the grace begins
        self.gm("EXTEND 24 the Fremen are travelling")
        self.gm("BROADCAST The bidding goes on.")
        self.gm("PAUSE a short break")
        self.gm("RESUME")
        self.tick(hours=40)                               # no tick over the deadline: outage
        self.mail(address(FR), self.owed(FR))             # C bids; A sends nothing
        self.tick(minutes=10)
        for _ in range(30):                               # the grace ends: defaults
            self.tick(hours=1)
        self.mail(address(FR), "HISTORY 1")
        self.tick(minutes=10)
        self.gm("ROLLBACK 2 -- the set-up again")       # 1 is the ADJUST, 2 the set-up
        self.gm(f"REPLACE fremen {NEW_FREMEN} -- a new player")
        self.mail(NEW_FREMEN, "STATUS")
        self.tick(minutes=10)
        self.gm(f"UNOBSERVE {OBSERVER}")
        self.gm("END none -- the test is over")

    def others_mail(self) -> list[tuple[str, str, str, str]]:
        """Every mail but the Harkonnen's and the GM's command answers, in order: (kind,
        recipients, subject, text), secrets and Message-IDs left out."""
        store = self.moderator.store
        secrets = {row["secret"] for row in store.seats(GAME)}
        secrets.add(self.record().settings["gm_secret"])
        return others_mail(store, HA, address(HA), secrets)


@pytest.mark.parametrize(("hidden", "hand"), [
    ("Karama #1", full_hand), ("Truthtrance #1", with_card), ("Karama #1", with_card)])
def test_a_third_seat_reads_the_same_mail_whatever_another_seat_holds(tmp_path, hidden, hand):
    """DESIGN.md: "no seat ever shown another seat's secrets"; the review (D5): "A leak test
    compares a third seat's mail with and without another seat's hidden card, across every kind
    of mail the moderator sends"."""
    runs = {}
    for card in (hidden, "Baliset"):
        run = Run(tmp_path / card.replace(" ", "-").replace("#", ""), hand(card))
        run.play()
        runs[card] = run.others_mail()
    seen = {kind for kind, *_ in runs["Baliset"]}
    expected = {kind for kind, why in MAIL_KINDS.items() if why == "exercised"}
    assert expected <= seen, f"kinds not exercised: {sorted(expected - seen)}"
    with_hidden, without = runs[hidden], runs["Baliset"]
    for index, (one, other) in enumerate(zip(with_hidden, without, strict=False)):
        assert one == other, (f"mail {index} ({one[0]} to {one[1]}) differs:\n"
                              + changed_lines(one[3], other[3]))
    assert len(with_hidden) == len(without)


def changed_lines(one: str, other: str) -> str:
    """The lines of two mails that differ, as a diff."""
    return "\n".join(line for line in difflib.unified_diff(one.splitlines(),
                                                           other.splitlines(), lineterm="")
                     if line[:1] in "+-")


def test_every_kind_of_mail_is_in_the_differential_test():
    """A new mail template, notice or GM notice fails here until ``MAIL_KINDS`` covers it."""
    templates = {path.name.removesuffix(".txt.j2")
                 for path in Path(str(files("pbem.templates") / "mail")).glob("*.txt.j2")
                 if not path.name.startswith("_")}
    assert templates == set(TEMPLATE_KINDS)
    kinds = {kind for used in TEMPLATE_KINDS.values() for kind in used}
    kinds |= {f"gm-{kind}" for kind in reports.GM_NOTICE_SUBJECTS} | set(reports.NOTICE_SUBJECTS)
    assert kinds <= set(MAIL_KINDS), sorted(kinds - set(MAIL_KINDS))
    assert set(MAIL_KINDS) <= kinds | {"standings"}, sorted(set(MAIL_KINDS) - kinds)
    assert {flood.SECRET_REFUSAL, flood.SECRET_IGNORED, flood.SECRET_FLOOD} <= kinds



# --- every ruleset, every hidden card: step numbers, subjects and archive pages (issue 34) -----

RULESETS = {"classic": ("classic", {}), "classic advanced": ("classic", {"advanced": True}),
            "wbc": ("wbc", {}), "wbc advanced": ("wbc", {"advanced": True}),
            "gf9": ("gf9", {}), "gf9 advanced": ("gf9", {"advanced": True})}
CARDS = ["Weather Control", "Family Atomics", "Karama #1", "Truthtrance #1"]


class TurnRun(Run):
    """The same three seats under a ruleset, from the set-up through turn 1 to turn 2's
    bidding, every seat sending only its owed decisions' templates each tick: the storm round
    of turn 2 asks the holder of Weather Control or Family Atomics (by the Shield Wall: the
    Harkonnen start in Carthag), the bidding rounds the holder of a Karama, every round the
    holder of a Truthtrance."""

    def __init__(self, root: Path, ruleset: str, options: dict, card: str,
                 nexus: str | None = None, seats: tuple[str, ...] = (AT, FR, HA)):
        self.site = Installation(root, maps=False)
        self.seats = seats
        definition = game_definition({
            "id": GAME, "game": "dune", "ruleset": ruleset, "options": options,
            "seed": "differential", "auth": "address",
            "seats": [{"seat": s, "address": address(s)} for s in seats]})
        create_game(self.moderator.store, self.site.config, definition, self.site.clock())
        self.moderator.send_outbox()
        self.hand = [card, "Kulon"]
        self.nexus = nexus
        self.steps: list[int] = []

    def play(self) -> None:
        self.gm(f"ADJUST /factions/harkonnen/hand = {json.dumps(self.hand)} -- the hand under "
                "test")
        if self.nexus:                  # 001 4.03.04: a Nexus card held face down
            records = self.record().state["tokens"]
            for record in records:
                if record["kind"] == "nexus_card" and record["value"] == self.nexus:
                    record.update({"owner": HA, "at": "behind", "face": "down"})
            self.gm(f"ADJUST /tokens = {json.dumps(records)} -- the Nexus card under test")
        # Two Harkonnen forces from the reserve onto the Shield Wall: by it, Family Atomics
        # may be played (player aid B.5), in both runs.
        forces = {**self.record().state["forces"], "Shield Wall": {"8": {HA: {"force": 2}}}}
        self.gm(f"ADJUST /forces = {json.dumps(forces)} -- by the wall")
        reserve = self.record().state["factions"][HA]["reserve"]
        reserve = {**reserve, "force": reserve["force"] - 2}
        self.gm(f"ADJUST /factions/harkonnen/reserve = {json.dumps(reserve)} -- by the wall")
        for _ in range(60):
            state = self.record().state
            if state["turn"] > 2 or (state["turn"] == 2 and state["phase"] == "bidding"):
                return
            pending = self.moderator.store.pending(GAME, self.record().step)
            for seat in self.seats:
                owed = [p for p in self.record().prompts()
                        if p.seat == seat and not p.optional and p.key not in pending]
                if owed:
                    self.mail(address(seat), "\n".join(p.template for p in owed))
            self.tick(minutes=10)
            self.steps.append(self.record().step)
        raise AssertionError("turn 2's bidding never came")

    def decided(self) -> set[str]:
        """The keys of every decision of the log, those of folded moments included."""
        return {key for row in self.moderator.store.decisions(GAME) if row["kind"] == "orders"
                for batch in batches_of(json.loads(row["orders"])) for key in batch}

    def pages(self) -> dict[str, str]:
        """The game's public archive pages: each turn's report and table, and the map."""
        from pbem.archive.site import Archive

        folder = Archive(self.moderator.store, self.site.root / "site",
                         self.site.clock()).write_game(GAME)
        return {page.name: page.read_text(encoding="utf-8")
                for page in sorted(folder.iterdir()) if page.name.startswith(("turn-", "map-"))}


@pytest.mark.whole_game
@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("mix", sorted(RULESETS))
def test_step_numbers_subjects_and_pages_never_tell_who_holds_a_card(tmp_path, mix, card):
    """Issue 34, item 2: holding Weather Control added a step (``storm-card:<holder>``) that
    resolved in the same tick but shifted every later step number: "Step 11 battles" then
    "Step 13 spice blow", and the archive showed an extra "Step 12: Turn 2: storm"; Family
    Atomics by the Shield Wall did the same.  A step that asks only optional decisions is now
    folded into the step before it (``pbem.resolution.apply_step``), so the same game with and
    without the card shows every other reader the same step numbers after each tick, the same
    mail (subjects included) and the same archive pages, under every ruleset."""
    ruleset, options = RULESETS[mix]
    found, runs = {}, []
    for hidden in (card, "Baliset"):
        run = TurnRun(tmp_path / hidden.replace(" ", "-").replace("#", ""), ruleset,
                      dict(options), hidden)
        run.play()
        runs.append(run)
        found[hidden] = (run.steps, run.others_mail(), run.pages(), run.decided())
    (steps, mail, pages, asked), (steps_without, mail_without, pages_without, not_asked) = (
        found.values())
    assert asked > not_asked, "the holder was never asked about the card"
    record = runs[0].record()
    assert record.state == record.replay(runs[0].moderator.store), "the log replays"
    (log,) = run_gm_command(runs[0].moderator, GAME, "LOG")
    assert any(key.partition(":")[0] in log for key in asked - not_asked), log
    assert steps == steps_without, "the step numbers after each tick differ"
    assert [m[:3] for m in mail] == [m[:3] for m in mail_without], "kinds or subjects differ"
    for index, (one, other) in enumerate(zip(mail, mail_without, strict=True)):
        assert one == other, (f"mail {index} ({one[0]} to {one[1]}) differs:\n"
                              + changed_lines(one[3], other[3]))
    assert pages.keys() == pages_without.keys()
    for name, page in pages.items():
        assert page == pages_without[name], f"{name} differs"
    print(f"| {mix} | {card} | {len(steps)} ticks, step {steps[-1]} | {len(mail)} | "
          f"{len(pages)} |")


class AheadRun(TurnRun):
    """``TurnRun`` whose card holder, once turn 1's storm is over, sends Weather Control for
    turn 2 ahead (``FOR STORM``): under WBC it is played after the reveal, a moment that asks
    the holder alone."""

    def tick(self, **clock) -> None:
        state = self.record().state
        if state["turn"] == 1 and state["phase"] == "bidding" and not getattr(self, "sent", 0):
            self.sent = 1
            self.mail(address(HA), "FOR STORM\nWEATHER CONTROL 4")
        super().tick(**clock)


@pytest.mark.whole_game
def test_weather_control_sent_ahead_is_played_in_the_folded_moment_and_adds_no_step(tmp_path):
    """The folded moment takes the order its holder sent ahead (``pbem.ahead``), and playing
    the card adds no step either: the step numbers after each tick are those of the game
    where the Harkonnen hold Baliset (WBC: Weather Control after the reveal, 000 line 1098)."""
    ahead = AheadRun(tmp_path / "ahead", "wbc", {}, "Weather Control")
    ahead.play()
    plain = TurnRun(tmp_path / "plain", "wbc", {}, "Baliset")
    plain.play()
    assert ahead.steps == plain.steps
    rows = ahead.moderator.store.decisions(GAME)
    folded = [json.loads(row["orders"]) for row in rows if row["orders"].startswith("[")]
    played = [batch["storm-card:harkonnen"] for batches in folded for batch in batches
              if "storm-card:harkonnen" in batch]
    assert played == [{"weather_control": 4}]
    events = [e["code"] for row in rows for e in json.loads(row["events"] or "[]")]
    assert "weather-control" in events
    record = ahead.record()
    assert record.state == record.replay(ahead.moderator.store)


def _with_and_without(tmp_path, ruleset: str, options: dict, card: str,
                      nexus: tuple[str, str] | None = None,
                      seats: tuple[str, ...] = (AT, FR, HA)) -> tuple[set[str], set[str]]:
    """The same game played by mail to turn 2's bidding with ``card`` in the Harkonnen hand and
    with a Baliset (and with ``nexus``, the Harkonnen holding the first Nexus card, then the
    second): every mail the others get, the step numbers after each tick and the archive
    pages the same; the decisions the holder was asked in each game."""
    found = {}
    for index, hidden in enumerate((card, "Baliset")):
        held = nexus[index] if nexus else None
        run = TurnRun(tmp_path / f"{hidden.replace(' ', '-')}-{index}", ruleset, options,
                      hidden, held, seats)
        run.play()
        found[index] = (run.steps, run.others_mail(), run.pages(), run.decided())
    (steps, mail, pages, asked), (steps_without, mail_without, pages_without, not_asked) = (
        found.values())
    assert steps == steps_without
    assert [m[:3] for m in mail] == [m[:3] for m in mail_without]
    for index, (one, other) in enumerate(zip(mail, mail_without, strict=True)):
        assert one == other, (f"mail {index} ({one[0]} to {one[1]}) differs in {GAME}:\n"
                              + changed_lines(one[3], other[3]))
    assert pages == pages_without
    return asked, not_asked


# --- the Ixians & Tleilaxu expansion's cards (001 3.02) -------------------------------------
@pytest.mark.whole_game
@pytest.mark.parametrize("card", ["Amal", "Thumper", "Harvester", "Poison Tooth",
                                  "Shield Snooper"])
def test_001_3_02_nobody_else_reads_who_holds_a_new_card(tmp_path, card):
    """Secrets stay secret (TEAM.md): the same GF9 game with the cards in the deck, played
    through the moderator by mail from the set-up to turn 2's bidding, once with the card in
    the Harkonnen hand and once with a Baliset: every mail the others get (step reports,
    prompts, subjects, notices), the step numbers after each tick and the archive pages are the
    same; the holder of Amal, a Harvester or a Thumper was asked about it (an optional decision
    folded into the step)."""
    asked, not_asked = _with_and_without(tmp_path, "gf9", {"ixians_tleilaxu_cards": True}, card)
    if card in ("Amal", "Harvester", "Thumper"):
        assert f"special:{HA}" in asked - not_asked


# --- Dune v3.0's cards set by a standing word (003) -------------------------------------------
@pytest.mark.whole_game
@pytest.mark.parametrize("card", ["Cone of Silence", "Residual Poison"])
def test_003_nobody_reads_who_holds_a_card_set_by_a_standing_word(tmp_path, card):
    """Secrets stay secret (TEAM.md): the same v3 game with the Cone of Silence and the Residual
    Poison in the deck (003 "Expanded Treachery", "Changed Treachery Cards"), played through the
    moderator by mail from the set-up to turn 2's bidding, once with the card in the Harkonnen
    hand and once with a Baliset: every mail the others get, the step numbers after each tick
    and the archive pages are the same, and the standing word was offered to the Harkonnen in
    both games alike (``cards/standing_cards.py``)."""
    asked, not_asked = _with_and_without(tmp_path, "v3",
                                         {"cone_of_silence": True, "residual_poison": True}, card)
    assert f"standing-card:{HA}" in asked & not_asked


# --- the CHOAM & Richese expansion's cards (001 3.03) -----------------------------------------
@pytest.mark.whole_game
@pytest.mark.parametrize("card", ["Desert Seeded Water", "Axolotl Tank", "Ornithopter",
                                  "Residual Poison", "Amtal", "Juice of Sapho", "Semuta Drug"])
def test_001_3_03_nobody_else_reads_who_holds_a_cache_card(tmp_path, card):
    """Secrets stay secret (TEAM.md): the same GF9 game with the CHOAM & Richese expansion's
    cards (text B's cache), played through the moderator by mail from the set-up to turn 2's
    bidding, once with the card in the Harkonnen hand and once with a Baliset: every mail the
    others get, the step numbers after each tick and the archive pages are the same.  Desert
    Seeded Water is offered to its holder in turn 1's rounds between the Nexus and the movement
    (001 3.03.16: an optional decision folded into the step, ``cards/cache_specials.py``); the
    Ornithopter's ORNITHOPTER MOVE (3.03.07) is told in the holder's own movement prompt only;
    the Axolotl Tank (3.03.13) is offered only with a leader of the holder in the tanks; the
    Residual Poison (3.03.09), the Amtal (3.03.12) and the Juice of Sapho (3.03.03) are lines of
    the holder's secret plan.  The Semuta Drug's standing word (3.03.10) is offered to its
    holder in the rounds it is asked in anyway (``cards/semuta.py``), never a round of its own."""
    asked, not_asked = _with_and_without(tmp_path, "gf9",
                                         {"choam_richese": True, "richese_revised": True}, card)
    if card == "Desert Seeded Water":
        assert f"cache-special:{HA}" in asked - not_asked
    if card == "Semuta Drug":
        assert f"semuta:{HA}" in asked - not_asked


# --- the third expansion's cards (001 3.04) ---------------------------------------------------
@pytest.mark.whole_game
@pytest.mark.parametrize("card", ["Recruits", "Harass and Withdraw", "Reinforcements"])
def test_001_3_04_nobody_else_reads_who_holds_a_third_expansion_card(tmp_path, card):
    """Secrets stay secret (TEAM.md): the same GF9 game with the third expansion's cards in the
    deck, played through the moderator by mail from the set-up to turn 2's bidding, once with
    the card in the Harkonnen hand and once with a Baliset: every mail the others get, the step
    numbers after each tick and the archive pages are the same.  Recruits' word (3.04.03) is
    offered to its holder in the rounds it is asked in anyway (``cards/recruits.py``), never a
    round of its own; the Special-Battle cards (3.04.02, 3.04.04) are lines of a secret plan."""
    asked, not_asked = _with_and_without(tmp_path, "gf9", {"ecaz_moritani_cards": True}, card)
    if card == "Recruits":
        assert f"recruits:{HA}" in asked - not_asked


# --- the Landsraad packs' cards (001 3.06-3.09) ------------------------------------------------
NINE = (AT, FR, HA, "bene-gesserit", "emperor", "guild", "tleilaxu", "ecaz", "moritani")


@pytest.mark.whole_game
@pytest.mark.parametrize("card", ["Water of Life", "Life Shield Blanket"])
def test_001_3_06_nobody_else_reads_who_holds_a_landsraad_card(tmp_path, card):
    """Secrets stay secret (TEAM.md): the same nine-seat GF9 game with the 9+ pack (001
    3.06.01), played through the moderator by mail from the set-up to turn 2's bidding, once
    with the card in the Harkonnen hand and once with a Baliset: every mail the others get, the
    step numbers after each tick and the archive pages are the same.  The Water of Life's
    standing word (3.06.07) is offered to its holder in the rounds it is asked in anyway
    (``cards/water_of_life.py``), never a round of its own."""
    _with_and_without(tmp_path, "gf9", {"ixians_tleilaxu": True, "ecaz_moritani": True,
                                        "landsraad_9_cards": True}, card, seats=NINE)


@pytest.mark.whole_game
@pytest.mark.parametrize("card, count, kind", [("Spice Blow", 9, "blow"),
                                               ("Heighliner", 10, "heighliner"),
                                               ("Carryall", 11, "carryall"),
                                               ("Long Live the Fighters", 12, "fighters")])
def test_001_3_07_3_09_nobody_else_reads_who_holds_a_landsraad_word(tmp_path, card, count,
                                                                     kind):
    """Secrets stay secret (TEAM.md): the same GF9 game of ``count`` seats with that Landsraad
    pack (001 3.07.01-3.09.01), played through the moderator by mail from the set-up to turn
    2's bidding, once with the card in the Harkonnen hand and once with a Baliset: every mail
    the others get, the step numbers after each tick and the archive pages are the same.  The
    Spice Blow card's, the Heighliner's, the Carryall's and Long Live the Fighters' standing
    words (3.06.05, 3.07.04, 3.08.02, 3.09.03) are offered to the holder in the rounds it is
    asked in anyway, never a round of their own."""
    seats = (*NINE, "ixians", "choam", "richese")[:count]
    asked, not_asked = _with_and_without(
        tmp_path, "gf9", {"ixians_tleilaxu": True, "ecaz_moritani": True, "choam_richese": True,
                          f"landsraad_{count}_cards": True}, card, seats=seats)
    assert f"{kind}:{HA}" in asked - not_asked


@pytest.mark.whole_game
def test_001_3_05_02_nobody_else_reads_who_holds_the_butlerian_jihad(tmp_path):
    """Secrets stay secret (TEAM.md): the same six-seat GF9 game with the Millennial pack (001
    3.05.01), played through the moderator by mail from the set-up to turn 2's bidding, once
    with the Butlerian Jihad in the Harkonnen hand and once with a Baliset: every mail the
    others get, the step numbers after each tick and the archive pages are the same; its word
    (3.05.02) is offered to the holder in the rounds it is asked in anyway."""
    asked, not_asked = _with_and_without(tmp_path, "gf9", {"millennial_cards": True},
                                         "Butlerian Jihad")
    assert f"jihad:{HA}" in asked - not_asked


# --- the Nexus cards (001 4.03) ----------------------------------------------------------------
@pytest.mark.whole_game
@pytest.mark.parametrize("held", [("ecaz", "atreides"), ("emperor", "bene-gesserit"),
                                  ("guild", "choam"), ("fremen", "tleilaxu")])
def test_001_4_03_nobody_else_reads_which_nexus_card_is_held(tmp_path, held):
    """Secrets stay secret (TEAM.md; 001 4.03.04: "keep it secret until used"): the same GF9
    game with the Nexus cards, played through the moderator by mail from the set-up to turn 2's
    bidding, the Harkonnen holding one Nexus card face down in one run and another in the
    other: a card with a use they may play now (Ecaz's Secret Ally in any round, the Emperor's
    in the Revival phase) and one set for a battle (the Bene Gesserit's Secret Ally), or two
    with uses of different kinds (the Guild's Secret Ally lends a power, CHOAM's is set for the
    end of Spice Collection; the Fremen's Betrayal withholds a seated faction's power, the
    Tleilaxu's Secret Ally revives a leader).  Every mail the
    others get, the step numbers after each tick and the archive pages are the same; the
    holder is offered its optional decision in both games alike (``cards/nexus_cards.py``)."""
    asked, not_asked = _with_and_without(tmp_path, "gf9", {"nexus_cards": True}, "Baliset",
                                         held)
    assert f"nexus-card:{HA}" in asked & not_asked


# --- the discovery tokens (001 4.06) ------------------------------------------------------------
class DiscoveryRun(TurnRun):
    """``TurnRun`` of a game with the discovery tokens, one Smuggler token (``value``) laid face
    down in Pasty Mesa by the GM before the first step: no seat of the three is the Spacing
    Guild, who alone see it (001 4.06.08.01), and none goes there to look."""

    def __init__(self, root: Path, value: str):
        super().__init__(root, "gf9", {"discovery_tokens": True}, "Baliset")
        self.value = value

    def play(self) -> None:
        records = self.record().state["tokens"]
        for record in records:
            if record["value"] == self.value:
                record.update({"at": "board", "territory": "Pasty Mesa", "sector": 7})
        self.gm(f"ADJUST /tokens = {json.dumps(records)} -- the token under test")
        super().play()


@pytest.mark.whole_game
def test_001_4_06_nobody_reads_a_face_down_discovery_token_by_mail(tmp_path):
    """Secrets stay secret (TEAM.md; 001 4.06.04: "face down"): the same GF9 game with the
    discovery tokens, played through the moderator by mail from the set-up to turn 2's
    bidding, once with the Spice Stash face down in Pasty Mesa and once with the Orgiz
    Processing Station there: every mail every seat gets (subjects, waits, notices, the
    DISCOVERY word offered to all alike), the step numbers after each tick and the archive
    pages are the same; the token is in the public report by its type and place alone, and a
    location face down is no place of the board (001 4.06.06.03: only once revealed)."""
    found = {}
    for value in ("spice-stash", "orgiz-processing-station"):
        run = DiscoveryRun(tmp_path / value, value)
        run.play()
        found[value] = (run.steps, run.others_mail(), run.pages(), run.decided())
        assert not (run.record().state.get("places") or {}), value      # none revealed
    (steps, mail, pages, asked), (steps_b, mail_b, pages_b, asked_b) = found.values()
    assert steps == steps_b and asked == asked_b
    assert any(key.startswith("discovery:") for key in asked)
    # the locations' words (001 4.06.06.05, 4.06.07.04) offered to all alike, face down or not
    assert any(key.startswith("location:") for key in asked)
    assert any(key.startswith("station:") for key in asked)
    for index, (one, other) in enumerate(zip(mail, mail_b, strict=True)):
        assert one == other, (f"mail {index} ({one[0]} to {one[1]}) differs:\n"
                              + changed_lines(one[3], other[3]))
    assert len(mail) == len(mail_b) and pages == pages_b
    assert not any("Spice Stash" in m[3] or "Orgiz" in m[3] for m in mail)
    assert any("Smuggler discovery token" in m[3] and "Pasty Mesa" in m[3] for m in mail)
