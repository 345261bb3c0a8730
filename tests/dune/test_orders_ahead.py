"""Orders ahead (issue 18; docs/orders.md, "Orders ahead"): a seat sends orders for decisions
of the turn not open yet; they are held, filed when the decision opens if legal then, and
otherwise the seat is asked, told why, with the held text quoted."""

from __future__ import annotations

from dune_mail import GAME, SIX, address, flat, open_prompts, send
from dune_mail import bidding_of_turn_2 as at_bidding
from players import text

from pbem.ahead import fallbacks, read_held
from pbem.games import dune
from pbem.games.dune.scenario import load_scenario


def open_for(site, seat):
    return open_prompts(site, seat)


def play_until(site, phase, answer=lambda seat, prompts: "\n".join(p.template for p in prompts)):
    """Every asked seat answers with its templates until the game reaches ``phase`` (or a
    round after it, this turn or the next)."""
    order = ["bidding", "revival", "movement", "battle", "collection"]
    for _ in range(60):
        state = site.record(GAME).state
        if state["turn"] > 2 or order.index(state["phase"]) >= order.index(phase):
            return
        for seat in SIX:
            if asked := open_for(site, seat):
                send(site, seat, answer(seat, asked))
    raise AssertionError(f"never reached {phase}")


def test_the_turn_sheet_offers_the_decisions_to_come_with_templates(tmp_path):
    """Item 2 of the issue: a prompt mail shows what is open now, then each decision of the
    turn still to come, with a template from the seat's own position (000 IX: revival, then
    shipment and movement)."""
    site = at_bidding(tmp_path, seed="ahead", factions={"harkonnen": {"tanks": 4}})
    send(site, "harkonnen", "STATUS")
    (mail,) = [flat(text(m)) for m in site.sent(address("harkonnen"))
               if "Status:" in str(m["Subject"])]
    assert "The rest of your turn: fill in what you can now" in mail
    assert "FOR REVIVAL" in mail and "FOR MOVEMENT" in mail and "FOR CARD 2" in mail
    assert "your shipment and movement" in mail


def test_a_mail_for_the_whole_turn_is_held_and_filed_as_each_decision_opens(tmp_path):
    """The bids on later cards (000 VIII), the revival (000 IX.B) and the turn of shipment
    and movement (000 IX.C) sent in the first bidding mail: the answer says each is held; none
    of those decisions asks the Harkonnen again."""
    site = at_bidding(tmp_path, seed="ahead", factions={"harkonnen": {"tanks": 4, "spice": 10}})
    answer = flat(send(site, "harkonnen", "PASS\nFOR CARD 2\nPASS\nREVIVE 2\n"
                                          "FOR MOVEMENT\nPASS"))
    assert "held for your revival" in answer
    assert "held for your bid on card 2" in answer
    assert "held for your shipment and movement" in answer
    asked_harkonnen = []

    def answer_all(seat, prompts):
        if seat == "harkonnen":
            asked_harkonnen.extend(p.kind for p in prompts)
        return "\n".join(p.template for p in prompts)
    play_until(site, "battle", answer_all)
    assert site.record(GAME).state["phase"] != "movement"
    assert "revival" not in asked_harkonnen and "move" not in asked_harkonnen
    record = site.record(GAME)
    assert record.held_by("harkonnen") == []
    log = site.moderator().store.decisions(GAME)
    revivals = [row for row in log if '"revival:harkonnen"' in row["orders"]]
    assert revivals and '"revival:harkonnen": {' in revivals[0]["orders"]


def test_held_orders_no_longer_legal_are_asked_again_with_the_reason(tmp_path):
    """A held revival the Harkonnen can no longer pay (000 IX.B: 2 spice a force beyond the
    free ones) is not filed: the revival asks them as usual, and their mail says why and
    quotes what they had sent."""
    site = at_bidding(tmp_path, seed="ahead", factions={"harkonnen": {"tanks": 5, "spice": 4},
                                        "emperor": {"spice": 10}})
    answer = flat(send(site, "harkonnen", "BID 4\nFOR REVIVAL\nREVIVE 3"))
    assert "held for your revival" in answer
    send(site, "emperor", "BID 2")           # the Harkonnen pay 3 for the card (000 VIII)

    def spend(seat, prompts):
        return "\n".join("PASS" if p.kind == "bid" else p.template for p in prompts)
    play_until(site, "revival", spend)
    assert site.record(GAME).state["factions"]["harkonnen"]["spice"] < 2
    (asked,) = open_for(site, "harkonnen")
    assert asked.kind == "revival"
    mail = flat(text(site.sent(address("harkonnen"))[-1]))
    assert "Your orders held for your revival were not filed" in mail
    assert "You had sent: FOR REVIVAL REVIVE 3" in mail
    assert "spice" in mail.split("were not filed")[1][:300]


def test_a_fallback_after_else_is_filed_when_the_first_is_not_legal():
    """ELSE splits a held order into fallbacks tried in turn (docs/orders.md)."""
    assert fallbacks("REVIVE 3\nELSE\nREVIVE 1") == ["REVIVE 3", "REVIVE 1"]
    assert fallbacks("REVIVE 3") == []
    state = load_scenario({"game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "ahead",
                           "position": {"turn": 2, "phase": "revival",
                                        "storm": {"sector": 12, "marker": 2},
                                        "factions": {"harkonnen": {"tanks": 5,
                                                                   "spice": 0}}}}).state
    (prompt,) = [p for p in dune.prompts(state) if p.seat == "harkonnen"]
    order, reason = read_held(dune, state, prompt, "REVIVE 3\nELSE\nREVIVE 2")
    assert order is not None and order.text == "REVIVE 2"
    order, reason = read_held(dune, state, prompt, "REVIVE 3")
    assert order is None and "spice" in reason


def test_a_line_for_a_decision_to_come_without_its_header_goes_to_it():
    """REVIVE is no order of the bidding round, and only the revival to come takes it."""
    state = load_scenario({"game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "ahead",
                           "position": {"turn": 2, "phase": "bidding",
                                        "storm": {"sector": 12, "marker": 2},
                                        "factions": {"harkonnen": {"tanks": 3}}}}).state
    parsed = dune.parse(state, "harkonnen", "PASS\nREVIVE 2\nFOR NOWHERE")
    assert [o.prompt for o in parsed.orders] == ["bid:harkonnen", "revival:harkonnen"]
    (error,) = parsed.errors
    assert error.line_no == 3 and "FOR REVIVAL" in error.message


def test_replace_drops_the_orders_the_old_player_sent_ahead(tmp_path):
    """Issue 34, item 5: the leaver's ``FOR CARD 2 / BID 1`` was filed for the new player.  A
    new player starts afresh: REPLACE clears the orders held for the seat as it clears its
    standing and pending ones, and card 2 asks the new player."""
    from pbem.moderator import run_gm_command

    site = at_bidding(tmp_path, seed="ahead", factions={"harkonnen": {"spice": 10}})
    answer = flat(send(site, "harkonnen", "PASS\nFOR CARD 2\nBID 1"))
    assert "held for your bid on card 2" in answer
    assert site.record(GAME).held_by("harkonnen")
    run_gm_command(site.moderator(), GAME, "REPLACE harkonnen new.harkonnen@players.test left")
    assert site.record(GAME).held_by("harkonnen") == []
    for _ in range(10):                               # to card 2, nobody else bidding
        record = site.record(GAME)
        if any(p.kind == "bid" and p.seat == "harkonnen" for p in record.prompts()):
            break
        for seat in SIX:
            if seat != "harkonnen" and (asked := open_for(site, seat)):
                send(site, seat, "\n".join(p.template for p in asked))
    record = site.record(GAME)
    pending = site.moderator().store.pending(GAME, record.step)
    bids = [p.key for p in record.prompts() if p.seat == "harkonnen" and p.kind == "bid"]
    assert bids and not any(key in pending for key in bids)
