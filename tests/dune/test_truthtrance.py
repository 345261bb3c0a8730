"""The Truthtrance (000 player aid B.1, line 936; WBC player-aid clarifications, lines
1376-1384; WBC miscellaneous, line 1426): asked in any mail round its holder answers, answered in
a round of its own before the game goes on, question and answer public.  The flow is pinned by
the scenario truthtrance_b1_a_question_answered_before_the_game_goes_on.yaml."""

from __future__ import annotations

import random

from dune_rounds import mail_round
from dune_seats import SEAT_FACTIONS

from pbem.games import dune
from pbem.games.dune.cards import truthtrance
from pbem.games.dune.orders.language import KINDS
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import storm_order
from pbem.games.dune.view import seat_view

AT, BG, EM, HA = "atreides", "bene-gesserit", "emperor", "harkonnen"


def storm_round(hands, seats=(AT, HA, EM)):
    """Turn 3's storm round, dialed by the Atreides and the Harkonnen."""
    return load_scenario({
        "game": "dune", "seats": list(seats), "seed": "truthtrance",
        "position": {"turn": 3, "storm": {"sector": 1, "dialers": [AT, HA]},
                     "factions": {seat: {"hand": cards} for seat, cards in hands.items()},
                     "decks": {"spice": ["Habbanya Erg"]}}}).state


def step(state, **texts):
    """One mail round: the given orders by seat (``_`` for ``-``), defaults for the rest."""
    return mail_round(state, texts, 3)


def keys(state):
    return [p.key for p in dune.prompts(state)]


def test_player_aid_b1_only_a_holder_asked_something_else_may_ask_in_a_round():
    """By mail the Truthtrance rides along with a holder's other decisions of the round: the
    Emperor, asked nothing in the storm round, gets no decision for his."""
    state = storm_round({AT: ["Truthtrance"], HA: ["Snooper"], EM: ["Truthtrance"]})
    assert keys(state) == ["storm-dial:atreides", "storm-dial:harkonnen", "truthtrance:atreides"]


def test_wbc_1378_the_answer_comes_before_anything_else_and_both_are_public():
    """WBC lines 1376-1378: public; answered immediately, no other play until then.  The round's
    own orders are carried out, then only the answer is asked for, then the game goes on."""
    state = storm_round({AT: ["Truthtrance"], HA: ["Snooper"]})
    state, events = step(state, atreides="DIAL 1\nTRUTHTRANCE Harkonnen Do you hold a lasgun?",
                         harkonnen="DIAL 1")
    assert [e.code for e in events] == ["storm-dials", "storm-moves", "truthtrance"]
    assert all(e.to is None for e in events)
    assert state["phase"] == "storm" and state["factions"][AT]["hand"] == []
    (prompt,) = dune.prompts(state)
    assert prompt.key == "truthtrance-answer:harkonnen" and prompt.seat == HA
    assert '"Do you hold a lasgun?"' in prompt.legal
    state, events = step(state, harkonnen="ANSWER NO")
    assert events[0].code == "truthtrance-answer" and events[0].data["answer"] is False
    assert events[0].to is None and state["phase"] == "bidding"


def test_wbc_1426_questions_of_one_round_are_put_in_player_dot_order_and_answered_together():
    state = storm_round({AT: ["Truthtrance #1"], HA: ["Truthtrance #2"]})
    state, events = step(state, atreides="DIAL 1\nTRUTHTRANCE Emperor Will you ally with me?",
                         harkonnen="DIAL 1\nTRUTHTRANCE Emperor Will you ally with them?")
    order = [seat for seat in storm_order(state) if seat in (AT, HA)]    # the storm moved
    assert [e.data["faction"] for e in events if e.code == "truthtrance"] == order
    (prompt,) = dune.prompts(state)
    assert prompt.key == "truthtrance-answer:emperor"
    assert prompt.template == "\n".join(f"ANSWER {SEAT_FACTIONS[s]} NONE" for s in order)
    (error,) = dune.parse(state, EM, "ANSWER YES").errors
    assert error.code == "which-question"
    state, events = step(state, emperor="ANSWER atreides YES")
    answers = {e.data["asker"]: e.data["answer"] for e in events
               if e.code == "truthtrance-answer"}
    assert answers == {AT: True, HA: None}       # one left unanswered: published so


def test_a_truthtrance_no_longer_in_hand_is_not_played():
    """The card left the hand while the round was carried out (a Harkonnen steal): the
    question is not put and its asker is told."""
    state = storm_round({AT: ["Truthtrance"], HA: ["Snooper"]})
    state["factions"][AT]["hand"] = []
    state["decks"]["treachery_discard"].append("Truthtrance #1")
    (unplayed,) = truthtrance.apply(state, {"truthtrance:atreides": [HA, "Anything?"]})
    assert unplayed.code == "truthtrance-unplayed" and unplayed.to == (AT,)
    assert state["truthtrance"] == []


def test_truthtrance_orders_read_loosely_refuse_and_print_canonically():
    state = storm_round({AT: ["Truthtrance"], HA: ["Snooper"]}, seats=(AT, HA, BG))
    kind = KINDS["truthtrance"]
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "truthtrance"]
    for text in ("TRUTHTRANCE NONE", "TRUTHTRANCE Bene Gesserit Do you predict me?",
                 "TRUTHTRANCE Harkonnen Is Piter your traitor?"):
        assert kind.text(state, kind.read(state, prompt, text.split()[1:])) == text
    assert kind.read(state, prompt, ["bg", "will", "you", "coexist"]) == [BG, "will you coexist"]
    (error,) = dune.parse(state, AT, "TRUTHTRANCE Atreides Am I?").errors
    assert error.code == "faction-not-allowed"
    (error,) = dune.parse(state, AT, "TRUTHTRANCE Harkonnen").errors
    assert error.code == "missing-question"
    (error,) = dune.parse(state, AT, "TRUTHTRANCE Who are you?").errors
    assert error.code == "missing-faction"


def test_bots_ask_and_answer_legally():
    state = storm_round({AT: ["Truthtrance"], HA: ["Snooper"]})
    (ask,) = [p for p in dune.prompts(state) if p.kind == "truthtrance"]
    for seed in range(30):
        text = dune.bot_order(seat_view(state, AT), ask, random.Random(seed))
        assert not dune.parse(state, AT, text).errors, text
    state, _ = step(state, atreides="TRUTHTRANCE Harkonnen Well?")
    (answer,) = dune.prompts(state)
    assert answer.template == "ANSWER NONE"
    for seed in range(5):
        text = dune.bot_order(seat_view(state, HA), answer, random.Random(seed))
        assert dune.parse(state, HA, text).orders[0].value[AT] in (True, False)
