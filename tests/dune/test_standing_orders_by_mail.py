"""Standing orders and decisions that can be passed, played by mail as the two-turn game by hand
met them (the issue "A real game by mail, tried as players would", P1 and P3)."""

from __future__ import annotations

from dune_mail import GAME, SIX, address, bidding_of_turn_2, flat, open_prompts, send
from players import text


def test_a_standing_bid_pass_answers_the_bids_and_the_fremen_are_asked_their_movement(tmp_path):
    """P1: the Fremen's standing PASS answered their bids, and then their shipment and
    movement and the Nexus, unasked.  A standing order now names the kind of decision it
    answers; its confirmation says which; every other decision is asked."""
    site = bidding_of_turn_2(tmp_path)
    refused = flat(send(site, "fremen", "SET STANDING PASS"))
    assert "SET STANDING PASS" in refused and "name the kind of decision" in refused
    assert "BID" in refused and "MOVE" in refused and "NEXUS" in refused
    assert "fremen" not in str(site.moderator().store.seat(GAME, "fremen")["preferences"])
    answer = flat(send(site, "fremen", "SET STANDING BID PASS\nSET STANDING NEXUS PASS\nSET"))
    assert "Standing order for BID: PASS. It answers: bid (your bid on each card" in answer
    assert "Standing order for NEXUS: PASS. It answers: nexus (whether you make or break" in answer
    assert "Every other decision is asked of you." in answer
    assert "STANDING BID PASS; NEXUS PASS" in answer, "both lines are kept"
    for seat in SIX:
        if seat != "fremen":
            send(site, seat, "SET STANDING BID PASS")
    for _ in range(40):                          # bidding, revival, then the movement round
        if site.record(GAME).state["phase"] == "movement" and open_prompts(site, "fremen"):
            break
        for seat in SIX:
            if asked := open_prompts(site, seat):
                send(site, seat, "\n".join(p.template for p in asked))
    (move,) = open_prompts(site, "fremen")
    assert move.kind == "move", "the Fremen's movement is theirs to decide, not their PASS's"
    report = text(site.sent(address("fremen"))[-1])
    assert "== Your orders ==" in report and "- move" in report


def test_two_standing_orders_of_one_kind_the_later_replaces_the_earlier(tmp_path):
    """P1: two SET STANDING lines in one mail were both confirmed, the second alone kept; now
    each kind keeps its own, and a later line for the same kind says what it replaces."""
    site = bidding_of_turn_2(tmp_path)
    answer = flat(send(site, "fremen", "SET STANDING BID 1\nSET STANDING BID PASS\nSET"))
    assert "Standing order for BID: PASS (it replaces BID 1)" in answer
    assert "STANDING BID PASS" in answer
    answer = flat(send(site, "fremen", "SET STANDING BID NONE\nSET"))
    assert "You have no standing order for BID now." in answer
    assert "STANDING none" in answer


def test_a_full_hand_holding_a_karama_holds_no_card_up_and_pass_is_understood(tmp_path):
    """P3: the Atreides, a full hand with a Karama, had only the optional bidding Karama to
    decide; the card waited for them and their PASS was refused.  Now the card does not wait,
    their report says their hand is full (000 VIII.G, line 299: "If he has a full hand, he
    must pass on all cards up for bid"), and PASS answers the Karama decision."""
    full = ["Karama", "Lasgun", "Shield", "Snooper"]
    site = bidding_of_turn_2(tmp_path, {"atreides": {"hand": full}})
    assert [p.kind for p in open_prompts(site, "atreides")] == ["bidding-karama"]
    report = flat(send(site, "atreides", "STATUS"))
    assert "Your hand is full: you may not bid on the cards of this round" in report
    answer = flat(send(site, "atreides", "PASS"))
    assert "Not accepted" not in answer and "not a decision open to you" not in answer
    assert "KARAMA NONE" in answer
    step = site.record(GAME).step
    for seat in SIX:
        if seat != "atreides":
            send(site, seat, "pass")
    assert site.record(GAME).step > step, "the card did not wait for the Atreides"


def test_pass_or_none_with_nothing_to_decide_is_taken_as_nothing_to_do(tmp_path):
    """P3: a PASS or NONE from a seat with no decision open (the Emperor's hand is full, no
    Karama in it) is not an error that refuses the mail: the answer says there is nothing
    to do."""
    full = ["Lasgun", "Shield", "Snooper", "Chaumas"]
    site = bidding_of_turn_2(tmp_path, {"emperor": {"hand": full}})
    assert not [p for p in site.record(GAME).prompts() if p.seat == "emperor"]
    answer = flat(send(site, "emperor", "none"))
    assert "Not accepted" not in answer and "no decision to make now" not in answer
    assert "nothing for you to do now" in answer



def test_a_standing_pass_stored_before_kinds_were_named_passes_nothing_unasked(tmp_path):
    """P1, for games under way: a plain standing PASS stored before orders named their kind
    answered every kind it could; PASS answers many kinds and names none, so it now answers
    nothing and the Fremen are asked their bids (and, later, their movement)."""
    site = bidding_of_turn_2(tmp_path)
    site.moderator().store.db["seats"].update((GAME, "fremen"),
                                              {"preferences": '{"standing": ["PASS"]}'})
    answer = flat(send(site, "fremen", "SET"))
    assert "STANDING none" in answer
    assert [p.kind for p in open_prompts(site, "fremen")] == ["bid"]
