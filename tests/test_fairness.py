"""Fairness every player can check (issue 21, docs/fairness.md): the GM's seed committed at
``game new``, the seats' salts by mail before the deal, the record published at the end, and
``pbem verify`` that checks it offline and names what failed."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from installation import Installation, player
from players import GM, drop, order_mail, text

from pbem import fairness
from pbem.archive import build_archive, game_file
from pbem.chain import digest_line
from pbem.cli import main
from pbem.definition import create_game, game_definition
from pbem.game import Adjustment, apply_logged, load_game, step_rng
from pbem.moderator import run_gm_command
from pbem.verify import chains, read_mail, verify_record

SEATS = ("north", "east", "south")


def new_game(site: Installation, seats: list[dict], salt_hours: int = 24, **settings):
    moderator = site.moderator()
    record = create_game(moderator.store, site.config, game_definition({
        "id": "auction-1", "game": "auction", "options": {"lots": 2}, "seats": seats,
        "salt_hours": salt_hours, **settings}), site.clock())
    moderator.send_outbox()
    return record


def subjects(site: Installation, seat: str) -> list[str]:
    return [str(mail["Subject"]) for mail in site.sent(player(seat))]


def commitment_in(mail) -> str:
    return re.search(r"^\s+([0-9a-f]{64})$", text(mail), re.MULTILINE).group(1)


def play_to_the_end(site: Installation) -> None:
    """The seats played by people send a bot's orders by mail until the game is over."""
    rng = random.Random(7)
    for _ in range(30):
        record = site.record()
        if record.finished:
            return
        for prompt in record.prompts():
            if not (record.seat(prompt.seat)["disorder"] or "").startswith("bot"):
                order = record.rules.bot_order(record.rules.view(record.state, prompt.seat),
                                               prompt, rng)
                drop(site.inbox, order_mail(player(prompt.seat), order))
        assert not site.moderator().tick().errors
    raise AssertionError("the game did not end")


def test_every_seat_is_mailed_the_commitment_and_salts_it_by_mail_before_the_deal(tmp_path):
    site = Installation(tmp_path)
    record = new_game(site, [{"seat": s, "address": player(s)} for s in SEATS])
    assert record.dealing and record.prompts() == []
    committed = fairness.commitment(record.row["gm_seed"], "auction-1", "auction",
                                    record.row["ruleset"], {"lots": 2},
                                    record.row["rules_version"])
    mails = {seat: site.sent(player(seat))[0] for seat in SEATS}
    for mail in mails.values():
        assert str(mail["Subject"]) == "[auction-1] Commitment: send your salt"
        assert commitment_in(mail) == committed == record.row["commitment"]
        assert "SALT <any text you like>" in text(mail)

    for seat, line in (("north", "SALT apples and pears"), ("east", "salt none")):
        drop(site.inbox, order_mail(player(seat), line, subject="Re: [auction-1] Commitment",
                                    in_reply_to=mails[seat]["Message-ID"]))
    drop(site.inbox, order_mail(player("south"), "BID 3", subject="Re: [auction-1] Commitment",
                                in_reply_to=mails["south"]["Message-ID"]))
    site.cron(hours=0.5)
    assert site.record().dealing                              # south has not salted yet
    (answer,) = [m for m in site.sent(player("north")) if "Your salt" in str(m["Subject"])]
    assert "Your salt is noted: 'apples and pears'." in text(answer)
    (refused,) = [m for m in site.sent(player("south")) if "Your salt" in str(m["Subject"])]
    assert "line 1: BID 3" in text(refused) and "not dealt yet" in text(refused)

    drop(site.inbox, order_mail(player("south"), "SALT 42", subject="Re: [auction-1] Commitment",
                                in_reply_to=mails["south"]["Message-ID"]))
    site.cron(hours=0.5)
    record = site.record()
    assert record.row["status"] == "active"
    assert record.row["seed"] == fairness.played_seed(
        record.row["gm_seed"], {"north": "apples and pears", "east": None, "south": "42"})
    assert record.row["seed"] != record.row["gm_seed"]
    for seat in SEATS:
        (welcome,) = [m for m in site.sent(player(seat)) if str(m["Subject"]) ==
                      "[auction-1] Welcome"]
        assert commitment_in(welcome) == committed
        assert "derived from it and the salts of north, south" in text(welcome)
        assert welcome["In-Reply-To"] == mails[seat]["Message-ID"]   # in the seat's thread


def test_the_window_passing_deals_with_the_salts_received_and_the_seat_draw_follows_the_seed(
        tmp_path):
    site = Installation(tmp_path)
    record = new_game(site, [{"seat": s, "address": player(s)} for s in SEATS],
                      draw_seats=True, seed="gm-seed", auth="address")
    assert "which seat is drawn at the deal" in text(site.sent(player("north"))[0])
    assert "You are player 2 of 3 in the draw" in text(site.sent(player("east"))[0])
    drop(site.inbox, order_mail(player("east"), "SALT e"))
    site.cron(hours=23)
    assert site.record().dealing
    status = site.run("status", "auction-1").stdout
    assert "waiting for salts from north, south, until" in status
    site.cron(hours=1.5)
    record = site.record()
    seed = fairness.played_seed("gm-seed", {"east": "e"})
    assert record.row["seed"] == seed and not record.dealing
    drawn = fairness.seat_draw(3, seed)
    assert [s["address"] for s in record.seats] == [player(SEATS[i]) for i in drawn]


def test_a_zero_window_deals_at_once_with_the_gms_seed_still_committed(tmp_path):
    site = Installation(tmp_path)
    site.new_game(seed="fixed")
    record = site.record()
    assert record.row["seed"] == record.row["gm_seed"] == "fixed"
    (welcome,) = site.sent(player("north"))
    assert commitment_in(welcome) == record.row["commitment"]
    assert "No seat gave a salt: the seed played is the moderator's own." in text(welcome)


@pytest.fixture
def finished(tmp_path):
    """A game of one player and two bots: north salts by mail, the GM extends a deadline and
    adjusts a seat's coins, the game is played to its end and archived."""
    site = Installation(tmp_path)
    new_game(site, [{"seat": "north", "address": player("north")},
                    {"seat": "east", "bot": "random"}, {"seat": "south", "bot": "random"}],
             auth="address")
    committed = commitment_in(site.sent(player("north"))[0])
    drop(site.inbox, order_mail(player("north"), "SALT my own"))
    site.cron(hours=0.5)
    moderator = site.moderator()
    run_gm_command(moderator, "auction-1", "EXTEND 24 north is travelling")
    run_gm_command(moderator, "auction-1", "ADJUST /coins/east = 12 -- a payment was missed")
    play_to_the_end(site)
    record = site.record()
    data = game_file(moderator.store, record)
    build_archive(moderator.store, tmp_path / "site", site.clock())
    return site, data, committed


def test_a_whole_game_verifies_with_its_interventions_listed(finished):
    site, data, committed = finished
    assert data["salts"] == {"north": "my own"}
    assert [i["command"] for i in data["interventions"]] == ["EXTEND", "ADJUST"]
    found = verify_record(data, committed, site.root / "site" / "auction-1")
    assert found.ok, found.failed
    assert {c.what for c in found.checks} >= {"commitment", "commitment mailed", "seed",
                                              "replay", "result", "archive"}
    assert "ADJUST at step 1" in found.interventions[1]
    assert "a payment was missed" in found.interventions[1]


def test_the_final_report_brings_the_record_and_pbem_verify_passes_on_it(finished, tmp_path):
    site, data, committed = finished
    for reader in (GM, player("north")):
        (final,) = [part for mail in site.sent(reader) for part in mail.iter_attachments()
                    if part.get_filename() == "auction-1.json"]
        assert json.loads(final.get_payload(decode=True)) == json.loads(json.dumps(data))
        assert "pbem verify auction-1.json --commitment" in " ".join(
            text(mail) for mail in site.sent(reader)).replace("\n", " ")
    path = tmp_path / "auction-1.json"
    path.write_bytes(final.get_payload(decode=True))
    result = CliRunner().invoke(main, ["verify", str(path), "--commitment", committed])
    assert result.exit_code == 0, result.output
    assert "GM interventions: 2" in result.output
    assert result.output.rstrip().endswith("verified: auction-1 was dealt and played as committed")
    folder = CliRunner().invoke(main, ["verify", str(site.root / "site" / "auction-1")])
    assert folder.exit_code == 0, folder.output and "archive: ok" in folder.output


def _first_bid(data):
    return next(e for e in data["log"] if "orders" in e and e["orders"])


@pytest.mark.parametrize(("alter", "named"), [
    (lambda d: d.update(seed="0" * 32), "seed"),
    (lambda d: d["salts"].update(north="not my own"), "seed"),
    (lambda d: d.update(gm_seed="re-rolled"), "commitment"),
    (lambda d: _first_bid(d)["orders"].update(
        {k: 0 for k in _first_bid(d)["orders"]}), "step"),
    (lambda d: next(e for e in d["log"] if "adjustment" in e)["adjustment"].update(value=99),
     "step 1"),
    (lambda d: d.update(rules_version="0"), "rules version"),    # no pbem plays it
])
def test_an_altered_record_fails_verification_and_names_what_failed(finished, alter, named):
    site, data, committed = finished
    altered = copy.deepcopy(data)
    alter(altered)
    found = verify_record(altered, committed)
    assert not found.ok
    assert any(check.what.startswith(named) for check in found.failed), found.failed


def test_a_gm_who_rerolls_the_seed_after_the_commitment_is_caught(tmp_path):
    """The GM draws a new seed after the commitment was mailed and commits to it in the
    store: the record verifies on its own, but not against the welcome mail's commitment."""
    site = Installation(tmp_path)
    new_game(site, [{"seat": "north", "address": player("north")},
                    {"seat": "east", "bot": "random"}], auth="address")
    mailed = commitment_in(site.sent(player("north"))[0])
    store = site.moderator().store
    row = store.game("auction-1")
    store.db["games"].update("auction-1", {"gm_seed": "chosen", "commitment": fairness.commitment(
        "chosen", "auction-1", "auction", row["ruleset"], {"lots": 2}, row["rules_version"])})
    site.cron(hours=25)
    play_to_the_end(site)
    data = game_file(store, site.record())
    assert verify_record(data).ok
    found = verify_record(data, mailed)
    assert [check.what for check in found.failed] == ["commitment mailed"]
    path = tmp_path / "auction-1.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["verify", str(path), "--commitment", mailed])
    assert result.exit_code == 1
    assert "commitment mailed: FAILED" in result.output
    assert "NOT verified: auction-1 failed on commitment mailed" in result.output


def test_an_observer_is_mailed_the_commitment(tmp_path):
    site = Installation(tmp_path)
    record = site.new_game()
    run_gm_command(site.moderator(), "auction-1", "OBSERVE fan@example.org")
    site.moderator().send_outbox()
    (notice,) = site.sent("fan@example.org")
    assert commitment_in(notice) == record.row["commitment"]


def test_a_rollback_replays_with_the_same_seed_and_is_listed_in_the_record(tmp_path):
    site = Installation(tmp_path)
    new_game(site, [{"seat": "north", "address": player("north")},
                    {"seat": "east", "bot": "random"}], auth="address", salt_hours=0)
    seed = site.record().row["seed"]
    drop(site.inbox, order_mail(player("north"), "BID 2"))
    site.cron(hours=0.5)
    run_gm_command(site.moderator(), "auction-1", "ROLLBACK 1 north's bid was misread")
    assert site.record().row["seed"] == seed
    play_to_the_end(site)
    data = game_file(site.moderator().store, site.record())
    (rollback,) = [i for i in data["interventions"] if i["command"] == "ROLLBACK"]
    assert rollback["details"]["to"] == 1 and rollback["details"]["dropped"]
    assert verify_record(data).ok


def test_a_game_that_cannot_be_dealt_fails_alone_and_the_others_are_dealt(tmp_path):
    """Nothing lost (docs/reliability.md): one game whose deal fails (its stored salts were
    damaged) is named in the tick's errors; another game due in the same tick is dealt."""
    site = Installation(tmp_path)
    seats = [{"seat": s, "address": player(s)} for s in SEATS]
    new_game(site, seats, salt_hours=1)
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition({
        "id": "auction-2", "game": "auction", "options": {"lots": 2}, "seats": seats,
        "salt_hours": 1}), site.clock())
    with moderator.store.atomic() as store:
        store.db["games"].update("auction-1", {"salts": "{not json"})
    site.clock.advance(hours=2)
    summary = site.moderator().tick()
    assert len(summary.errors) == 1 and "auction-1" in summary.errors[0]
    assert site.record("auction-1").dealing and not site.record("auction-2").dealing


@pytest.mark.whole_game
def test_a_whole_six_faction_dune_game_of_bots_verifies_with_its_archive(tmp_path):
    """The issue's "a whole bot game verifies", for the game pbem is for: six WBC factions,
    every seat the basic bot, one seat's salt by mail, played to its end; the record and the
    archive's pages verify."""
    site = Installation(tmp_path, maps=False)
    factions = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition({
        "id": "dune-1", "game": "dune", "ruleset": "wbc", "seed": "verify-dune",
        "salt_hours": 1, "auth": "address", "draw_seats": True,
        "seats": [{"seat": "atreides", "address": player("atreides")}]
        + [{"seat": s, "bot": "basic"} for s in factions[1:]]}), site.clock())
    moderator.send_outbox()
    drop(site.inbox, order_mail(player("atreides"), "SALT spice must flow",
                                subject="[dune-1] salt"))
    site.moderator().tick()
    record = site.record("dune-1")
    assert not record.dealing
    (human,) = [s["seat"] for s in record.seats if s["address"] == player("atreides")]
    run_gm_command(site.moderator(), "dune-1", f"DROPOUT {human} -- gone to Caladan")
    for _ in range(400):
        if site.record("dune-1").finished:
            break
        site.clock.advance(hours=1)
        assert not site.moderator().tick().errors
    record = site.record("dune-1")
    assert record.finished
    data = game_file(moderator.store, record)
    build_archive(moderator.store, tmp_path / "site", site.clock())
    found = verify_record(data, record.row["commitment"], tmp_path / "site" / "dune-1")
    assert found.ok, found.failed
    assert [i.split()[1] for i in found.interventions] == ["DROPOUT"]
    (draw,) = [c.detail for c in found.checks if c.what == "seat draw"]
    assert f"player 1 got {human}" in draw          # the player listed first is the human


def test_a_game_the_gm_ends_mails_its_record_and_it_verifies_with_the_end_listed(tmp_path):
    """A game ended by the GM's END (or ADJUDICATE, which ends through it) is published as a
    game that ends by the rules is: every seat's notice brings the record, and it verifies,
    the GM's declared result included."""
    site = Installation(tmp_path)
    new_game(site, [{"seat": s, "address": player(s)} for s in SEATS], salt_hours=0,
             auth="address")
    committed = site.record().row["commitment"]
    run_gm_command(site.moderator(), "auction-1", "END east -- concession: north resigned")
    site.moderator().send_outbox()
    (notice,) = [m for m in site.sent(player("north")) if "ended" in text(m)]
    (attached,) = [part for part in notice.iter_attachments()
                   if part.get_filename() == "auction-1.json"]
    assert "pbem verify auction-1.json" in " ".join(text(notice).split())
    found = verify_record(json.loads(attached.get_payload(decode=True)), committed, None)
    assert found.ok, found.failed
    assert [line.split()[1] for line in found.interventions] == ["END"]


# --- the running digest: a rewritten record against a kept mail (issue 34, item 3) ---------

def rewritten(data: dict, change) -> dict:
    """The record rewritten after the fact, and made consistent: ``change`` edits it, then
    each step's public events and the result are made again by replaying the edited log, so
    that the record verifies on its own, as a careful forger would leave it."""
    altered = copy.deepcopy(data)
    change(altered)
    rules = load_game(altered["game"])
    state = rules.setup(altered["ruleset"], altered["options"], altered["seats"],
                        step_rng(altered["seed"], 0))
    for number, entry in enumerate(altered["log"], start=1):
        if "adjustment" in entry:
            state = Adjustment.from_json(entry["adjustment"]).apply(state)
            continue
        state, events = apply_logged(rules, state, entry["orders"],
                                     step_rng(altered["seed"], number))
        entry["public"] = [e.to_json() for e in events if e.visible_to(None)]
    altered["result"] = rules.result(state)
    return altered


def _rebid(data):
    bid = _first_bid(data)
    key = next(k for k in bid["orders"] if ".bid." in k)
    bid["orders"][key] = 1 if bid["orders"][key] != 1 else 2


def _readjust(data):
    entry = next(e for e in data["log"] if "adjustment" in e)
    entry["adjustment"]["value"] = 40
    next(i for i in data["interventions"] if i["command"] == "ADJUST")["details"]["value"] = 40


def last_mail(site, reader, tmp_path) -> Path:
    """The last mail ``reader`` got, as the file a mail program saves."""
    path = tmp_path / f"{reader.partition('@')[0]}.eml"
    path.write_bytes(site.sent(reader)[-1].as_bytes())
    return path


def test_every_mail_carries_the_games_running_digest(finished):
    site, data, _ = finished
    made = chains(data)[0][1]
    for reader in (player("north"), GM):
        for mail in site.sent(reader):
            if "Game digest" not in text(mail):
                assert "deal" in text(mail).lower()       # before the deal: no seed yet
                continue
            kept = read_mail(mail.as_bytes(), "kept")
            assert made[kept.step].startswith(kept.digest)
            assert digest_line("auction-1", kept.step, made[kept.step]) in text(mail)


@pytest.mark.parametrize("change", [_rebid, _readjust], ids=["a bid", "an ADJUST value"])
def test_a_record_rewritten_after_a_mail_fails_against_that_mail(finished, tmp_path, change):
    """Issue 34, item 3: a rewritten bid and a changed ADJUST value, each with the record made
    consistent again, both verified against the welcome's commitment.  They still do (the
    record alone cannot tell), but every player holding a mail written after the change
    catches it: the mail's digest is not the rewritten log's."""
    site, data, committed = finished
    altered = rewritten(data, change)
    assert altered != data and verify_record(altered, committed).ok
    for reader in (player("north"), GM):
        kept = read_mail(last_mail(site, reader, tmp_path).read_bytes(), reader)
        assert verify_record(data, committed, mails=[kept]).ok
        found = verify_record(altered, committed, mails=[kept])
        assert [check.what for check in found.failed] == [f"mail {reader}"]
        assert "the record was changed after the mail" in found.failed[0].detail
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(altered))
    mail = last_mail(site, player("north"), tmp_path)
    result = CliRunner().invoke(main, ["verify", str(path), "--commitment", committed,
                                       "--mail", str(mail)])
    assert result.exit_code == 1, result.output
    assert f"mail {mail}: FAILED: its digest after decision" in result.output
    assert "not checked: the archive's turn pages" in result.output
    assert result.output.rstrip().endswith(f"NOT verified: auction-1 failed on mail {mail}")


@pytest.mark.parametrize("strip", ["public", "interventions", "defaulted", "was"])
def test_a_record_missing_a_part_fails_and_names_it(finished, strip):
    """Issue 34, item 3: with the public events stripped from the log, ``pbem verify`` still
    said each step's public events were verified; with ``interventions`` stripped, the check
    that every adjustment was announced was skipped."""
    site, data, committed = finished
    altered = copy.deepcopy(data)
    if strip == "interventions":
        del altered["interventions"]
    for entry in altered["log"]:
        entry.pop(strip, None)
    found = verify_record(altered, committed)
    assert [check.what for check in found.failed] == ["record"]
    assert "parts missing" in found.failed[0].detail and strip in found.failed[0].detail


def test_what_was_not_checked_is_said(finished, tmp_path):
    site, data, _ = finished
    path = tmp_path / "auction-1.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    assert "record: ok: every part there" in result.output
    for missing in ("(give --commitment)", "(give --mail with a mail of the game you kept)",
                    "(give the game's archive folder)"):
        assert f"{missing}" in result.output
    mail = last_mail(site, player("north"), tmp_path)
    result = CliRunner().invoke(main, ["verify", str(path), "--mail", str(mail)])
    assert result.exit_code == 0 and f"mail {mail}: ok: its digest after decision" in (
        result.output)
    assert "--mail with" not in result.output


def test_a_mail_from_before_a_rollback_verifies_against_the_log_it_was_written_from(tmp_path):
    """A ROLLBACK drops decisions the seats were mailed about; the record keeps them, so a
    mail from before it still checks, against the log as it stood then."""
    site = Installation(tmp_path)
    new_game(site, [{"seat": "north", "address": player("north")},
                    {"seat": "east", "bot": "random"}, {"seat": "south", "bot": "random"}],
             auth="address", salt_hours=0)
    drop(site.inbox, order_mail(player("north"), "BID 3"))
    site.moderator().tick()
    before = read_mail(site.sent(player("north"))[-1].as_bytes(), "before")
    assert before.step >= 1
    run_gm_command(site.moderator(), "auction-1", "ROLLBACK 1 -- again")
    play_to_the_end(site)
    data = game_file(site.moderator().store, site.record())
    found = verify_record(data, mails=[before])
    assert found.ok, found.failed
    assert "the log before the ROLLBACK" in found.checks[-1].detail


# --- salts committed by digest, then revealed (issue 34, item 4) ----------------------------

def salt_mail(site, seat: str, line: str) -> None:
    drop(site.inbox, order_mail(player(seat), line, subject="Re: [auction-1] Commitment"))


def test_salts_committed_by_digest_are_revealed_once_every_commitment_is_in(tmp_path):
    """Each seat commits to its salt's digest; once all have answered, one mail shows every
    commitment and asks for the reveals; the deal mixes the salts revealed.  A seat that
    trusts the moderator sends its salt in plain, commitment and reveal in one."""
    site = Installation(tmp_path)
    new_game(site, [{"seat": s, "address": player(s)} for s in SEATS], auth="address")
    assert "SALT COMMIT <the SHA-256 of your salt>" in text(site.sent(player("north"))[0])
    digest = fairness.salt_digest("the dune sea at dawn")
    salt_mail(site, "north", f"SALT COMMIT {digest.upper()}")
    salt_mail(site, "east", "SALT e in plain")
    salt_mail(site, "south", "SALT NONE")
    site.cron(hours=0.5)
    record = site.record()
    assert record.dealing and record.row["reveal_at"] is not None
    for seat in SEATS:
        (reveal,) = [m for m in site.sent(player(seat)) if "reveal your salt" in
                     str(m["Subject"])]
        assert f"north: {digest}" in text(reveal) and "south: no salt" in text(reveal)
        assert (f"east: {fairness.salt_digest('e in plain')}\n    (sent in plain, revealed)"
                in text(reveal))
        assert ("Reveal your salt now" in text(reveal)) == (seat == "north")
    salt_mail(site, "north", "SALT the dune sea   at dawn")        # runs of spaces: one
    site.cron(hours=0.5)
    record = site.record()
    assert record.row["seed"] == fairness.played_seed(
        record.row["gm_seed"], {"north": "the dune sea at dawn", "east": "e in plain"})
    play_to_the_end(site)
    data = game_file(site.moderator().store, site.record())
    assert data["salt_digests"]["north"] == digest and data["salt_digests"]["south"] is None
    found = verify_record(data)
    assert found.ok, found.failed
    assert "each salt revealed has the digest its seat committed to" in " ".join(
        c.detail for c in found.checks)


def test_no_salt_can_be_chosen_once_the_commitments_close(tmp_path):
    """Issue 34, item 4: the salts came in plain and the moderator knew its own seed, so with
    the last salt (a friend's, or its own seat's) it found in 9 tries one that dealt two
    players the seats it wanted.  Now the salts are fixed by their digests before any is
    revealed: once the commitments close, no new salt is taken, a reveal must match its
    digest, and a seat that committed and does not reveal is dealt as if it sent none."""
    site = Installation(tmp_path)
    new_game(site, [{"seat": s, "address": player(s)} for s in SEATS], auth="address",
             draw_seats=True, seed="gm-seed")
    salt_mail(site, "north", f"SALT COMMIT {fairness.salt_digest('honest')}")
    salt_mail(site, "south", f"SALT COMMIT {fairness.salt_digest('mine')}")
    site.cron(hours=24.5)                    # east (the friend) waited: the window passed
    assert site.record().row["reveal_at"] is not None
    status = site.run("status", "auction-1").stdout
    assert "waiting for reveals from north, south, until" in status
    for seat, line, refused in (
            ("east", "SALT try-1", "you committed to no salt"),
            ("east", f"SALT COMMIT {fairness.salt_digest('try-2')}", "commitments are closed"),
            ("north", "SALT not honest", "not the salt you committed to")):
        salt_mail(site, seat, line)
        site.moderator().tick()
        assert refused in " ".join(text(site.sent(player(seat))[-1]).split())
    salt_mail(site, "north", "SALT honest")
    site.cron(hours=24.5)                    # south never reveals
    record = site.record()
    assert not record.dealing
    assert record.row["seed"] == fairness.played_seed("gm-seed", {"north": "honest"})
    play_to_the_end(site)
    found = verify_record(game_file(site.moderator().store, site.record()))
    assert found.ok, found.failed
    assert "committed and not revealed, so dealt without: south" in " ".join(
        c.detail for c in found.checks)


def test_a_record_whose_salt_is_not_the_one_committed_fails(finished):
    site, data, committed = finished
    altered = copy.deepcopy(data)
    altered["salts"]["north"] = "another"
    altered["seed"] = fairness.played_seed(altered["gm_seed"], altered["salts"])
    found = verify_record(altered, committed)
    assert "salts" in [check.what for check in found.failed]
