"""Orders ahead for the later battles of a battle round (docs/orders.md, "Battles ahead";
issue 18, "All battles of a turn in one round"): 000 X.A.3 (the first player is the aggressor
until all his battles are fought, then the next), X.B (a battle plan for each battle), X.C.3
(a weapon kills a leader without the proper defense) and VI.B (the last two to have used the
wheels dial the next storm)."""

from __future__ import annotations

import importlib
import random

from dune_mail import GAME, address, game_at, send
from installation import Installation
from players import text

from pbem.ahead import read_held
from pbem.games import dune
from pbem.games.dune.orders import battle_orders
from pbem.games.dune.phases import battle
from pbem.games.dune.scenario import load_scenario

ahead = importlib.import_module("pbem.games.dune.ahead")
AT, HA, FR = "atreides", "harkonnen", "fremen"


def scenario(forces, hands):
    """Three factions at the start of a battle round; storm order Atreides, Harkonnen,
    Fremen."""
    return {"game": "dune", "seats": [AT, HA, FR], "ruleset": "classic",
            "seed": "battles-ahead",
            "position": {"turn": 3, "phase": "battle", "storm": {"sector": 1},
                         "forces": forces,
                         "factions": {seat: {"traitors": [], "hand": hands.get(seat, []),
                                             "spice": 10} for seat in (AT, HA, FR)}}}


# The Fremen defend Arrakeen against the Atreides (the first aggressor), then Carthag against
# the Harkonnen (the next); the Atreides hold a Crysknife.
TWO_FOR_THE_FREMEN = scenario({"Arrakeen": {AT: 5, FR: 3}, "Carthag": {HA: 4, FR: 6}},
                              {AT: ["Crysknife"]})
STILGAR_KILLED = "LEADER Duncan Idaho\nDIAL 1\nWEAPON Crysknife"       # the Atreides' plan


def position(definition=TWO_FOR_THE_FREMEN):
    return load_scenario(definition).state


def battle_of(state):
    found = state["step"]["battle"]
    return found["territory"], found["aggressor"], found["defender"]


def fight(state, mails):
    """One mail round of the battle round: each seat's mail read as the moderator reads it
    (``dune.parse``); the open decisions it answers filed, defaults for the rest; returns the
    orders read for decisions to come."""
    orders, held = {}, []
    for seat, mail in mails.items():
        for order in dune.parse(state, seat, mail).orders:
            if order.prompt in {p.key for p in battle.prompts(state)}:
                orders[order.prompt] = order.value
            else:
                held.append(order)
    for prompt in battle.prompts(state):
        orders.setdefault(prompt.key, prompt.default)
    battle.apply(state, orders, random.Random(3))
    return held


def held_text(mail, order):
    """The lines of a mail an order was read from, as ``pbem.ahead.hold`` keeps them."""
    lines = mail.splitlines()
    return "\n".join(lines[n - 1].strip() for n in order.lines)


def plan_prompt(state, seat):
    return next(p for p in battle.prompts(state) if p.seat == seat
                and p.kind == battle_orders.PLAN)


def test_x_a_3_a_later_battle_is_a_decision_to_come_named_as_its_plan_will_be():
    """000 X.A.3: the Atreides fight all their battles first, then the Harkonnen.  While the
    Arrakeen battle is under way, the Fremen's and the Harkonnen's plans for Carthag are
    decisions to come, named as their plans will be when that battle opens."""
    state = position()
    assert battle_of(state) == ("Arrakeen", AT, FR)
    coming = {seat: [p for p in dune.ahead(state, seat) if p.kind == battle_orders.PLAN]
              for seat in (AT, HA, FR)}
    assert coming[AT] == []
    (fremen,) = coming[FR]
    assert fremen.key == "battle-plan@Carthag#harkonnen:fremen"
    assert fremen.title == "your battle plan in Carthag against the Harkonnen"
    assert fremen.template.startswith("FOR BATTLE CARTHAG\n")
    assert "against the Harkonnen" in fremen.legal
    assert [p.key for p in coming[HA]] == ["battle-plan@Carthag#fremen:harkonnen"]
    assert plan_prompt(state, FR).held_as == "battle-plan@Arrakeen#atreides:fremen"


def test_x_b_both_plans_in_one_mail_the_later_one_filed_when_its_battle_opens():
    """000 X.B: a plan for each battle.  The Fremen send the plan of the battle under way and,
    under FOR BATTLE CARTHAG, the plan of the next; when Carthag opens, the held plan answers
    it as it stands, without asking."""
    state = position()
    mail = "LEADER Otheym\nDIAL 0\n\nFOR BATTLE CARTHAG\nLEADER Stilgar\nDIAL 6"
    (later,) = fight(state, {FR: mail})
    assert later.prompt == "battle-plan@Carthag#harkonnen:fremen"
    assert battle_of(state) == ("Carthag", HA, FR)
    prompt = plan_prompt(state, FR)
    assert prompt.held_as == later.prompt
    order, reason = read_held(dune, state, prompt, held_text(mail, later))
    assert reason == "" and order.prompt == prompt.key
    assert (order.value["leader"], order.value["dial"]) == ("Stilgar", 6)


def test_x_c_3_a_held_plan_whose_leader_was_killed_is_refused_and_else_gives_another():
    """000 X.C.3: Stilgar, without a defense against the Atreides' Crysknife, dies in Arrakeen;
    the plan held for Carthag that names him is not filed and says why; with an ELSE line
    its fallback, another leader, is filed instead."""
    state = position()
    mail = ("LEADER Stilgar\nDIAL 0\nFOR BATTLE CARTHAG\nLEADER Stilgar\nDIAL 6\nELSE\n"
            "LEADER Otheym\nDIAL 5")
    (later,) = fight(state, {AT: STILGAR_KILLED, FR: mail})
    assert state["factions"][FR]["leaders"]["Stilgar"] == "tanks"
    assert later.value["leader"] == "Stilgar", "the first fallback is the order read now"
    prompt = plan_prompt(state, FR)
    order, reason = read_held(dune, state, prompt, "LEADER Stilgar\nDIAL 6")
    assert order is None and reason.startswith("LEADER Stilgar:")
    order, reason = read_held(dune, state, prompt, held_text(mail, later))
    assert (order.value["leader"], order.value["dial"], reason) == ("Otheym", 5, "")


def test_atreides_3_prescience_and_an_if_asked_line_held_for_a_later_battle():
    """000 Atreides shield 3 (line 760) and the IF ASKED lines (docs/orders.md, "Before the
    plans"): while the Atreides still owe the order of their battles (X.A.3), every battle is
    to come; their question for Carthag rides in the same FOR BATTLE section as their plan,
    and the Harkonnen's held plan answers it ahead with an IF ASKED line."""
    state = position(scenario({"Arrakeen": {AT: 5, FR: 3}, "Carthag": {HA: 4, AT: 6}},
                              {HA: ["Shield", "Chaumas"]}))
    atreides = ("BATTLE Arrakeen\nFOR BATTLE CARTHAG\nPRESCIENCE DEFENSE\nLEADER Duncan Idaho\n"
                "DIAL 4")
    harkonnen = ("FOR BATTLE CARTHAG\nLEADER Feyd-Rautha\nDIAL 2\nDEFENSE Shield\n"
                 "IF ASKED DEFENSE: DEFENSE NONE")
    held = fight(state, {AT: atreides, HA: harkonnen})
    assert sorted(o.prompt for o in held) == [
        "battle-plan@Carthag#atreides:harkonnen", "battle-plan@Carthag#harkonnen:atreides",
        "prescience@Carthag#harkonnen:atreides"]
    fight(state, {})                                    # Arrakeen, on the defaults
    assert battle_of(state) == ("Carthag", AT, HA)
    mails = {AT: atreides, HA: harkonnen}
    for prompt in battle.prompts(state):
        order = next(o for o in held if o.prompt == prompt.held_as)
        filed, reason = read_held(dune, state, prompt, held_text(mails[prompt.seat], order))
        assert reason == "" and filed.value == order.value
    answer = next(o for o in held if o.prompt.startswith("battle-plan@Carthag#atreides"))
    assert answer.value["if"] == [[["asked", "defense"], {"defense": None}]]


def test_vi_b_the_combatants_of_later_battles_may_send_the_next_storm_dial():
    """000 VI.B: the two who last used the wheels dial the next storm; each battle's
    combatants use them, so a faction that fights later in the round may send its dial."""
    state = position()
    state["storm"]["dialers"] = [AT, FR]
    assert "storm-dial:harkonnen" in [p.key for p in dune.ahead(state, HA)]


def test_by_mail_the_later_plan_is_filed_or_refused_with_the_reason(tmp_path):
    """By mail (X.B, X.C.3): the Fremen send both plans in one mail, their Carthag plan naming
    Stilgar with no fallback; Stilgar dies in Arrakeen, so when Carthag opens they are asked
    as usual and told why; the Harkonnen's held plan is filed unasked."""
    site = Installation(tmp_path, maps=False)
    game_at(site, TWO_FOR_THE_FREMEN)
    answer = send(site, FR, "LEADER Stilgar\nDIAL 0\nFOR BATTLE CARTHAG\nLEADER Stilgar\n"
                            "DIAL 6")
    assert "held for your battle plan in Carthag against the Harkonnen" in " ".join(
        answer.split())
    send(site, HA, "FOR BATTLE CARTHAG\nLEADER Feyd-Rautha\nDIAL 3")
    send(site, AT, STILGAR_KILLED)
    record = site.record(GAME)
    assert battle_of(record.state) == ("Carthag", HA, FR)
    pending = site.moderator().store.pending(GAME, record.step)
    assert list(pending) == ["battle-plan:harkonnen"]
    report = " ".join(text(site.sent(address(FR))[-1]).split())
    assert ("Your orders held for your battle plan in Carthag against the Harkonnen were not "
            "filed: LEADER Stilgar:") in report


def test_by_mail_an_else_fallback_is_filed_and_the_round_ends_unasked(tmp_path):
    """By mail (X.C.3): Stilgar dies in Arrakeen; the Fremen's held Carthag plan falls back to
    Otheym, the Harkonnen's held plan is filed too, and Carthag is fought with nobody asked."""
    site = Installation(tmp_path, maps=False)
    game_at(site, TWO_FOR_THE_FREMEN)
    send(site, FR, "LEADER Stilgar\nDIAL 0\nFOR BATTLE CARTHAG\nLEADER Stilgar\nDIAL 6\n"
                   "ELSE\nLEADER Otheym\nDIAL 5")
    send(site, HA, "FOR BATTLE CARTHAG\nLEADER Feyd-Rautha\nDIAL 3")
    send(site, AT, STILGAR_KILLED)
    state = site.record(GAME).state
    assert state["phase"] != "battle" or battle.done(state)
    assert state["factions"][FR]["leaders"]["Stilgar"] == "tanks"
    report = " ".join(text(site.sent(address(HA))[-1]).split())
    assert "Fremen: Otheym, dial 5" in report and "Harkonnen: Feyd-Rautha, dial 3" in report


# The Emperor (first in storm order) fights in Arrakeen, then twice in False Wall South, where
# the Atreides fight the Harkonnen after; the Tleilaxu fight nowhere.
EM, TL = "emperor", "tleilaxu"
ONE_AGGRESSOR_TWICE = {
    "game": "dune", "seats": [EM, AT, HA, TL, FR], "ruleset": "gf9",
    "options": {"ixians_tleilaxu": True}, "seed": "battles-ahead",
    "position": {"turn": 3, "phase": "battle", "storm": {"sector": 1},
                 "forces": {"False Wall South SECTOR 4": {EM: 3, AT: 3, HA: 3},
                            "Arrakeen": {EM: 2, FR: 3}},
                 "factions": {**{seat: {"traitors": [], "spice": 10} for seat in (EM, AT, HA, FR)},
                              TL: {"face_dancers": [], "spice": 5}}}}


def test_001_2_08_06_one_aggressors_two_battles_in_a_territory_name_one_face_dancer_word():
    """001 2.08.06 (the Tleilaxu's word on revealing their Face Dancers, asked in every battle
    and standing until they send another; named after a battle's aggressor): the Emperor's two
    battles in False Wall South would name it twice (docs/reliability.md, issue 31's thousand
    games).  Each name is one decision to come: the word sent ahead under its header answers
    the first of those battles and stands for the second; while the first is under way the
    second's is not a decision to come (its name is the open one's)."""
    state = load_scenario(ONE_AGGRESSOR_TWICE).state
    coming = [(d.header, d.prompt.key) for d in ahead.decisions(state, TL)]
    assert len({key for _, key in coming}) == len(coming)
    assert [c for c in coming if c[1].startswith("reveal@")] == [
        ("BATTLE ARRAKEEN", "reveal@Arrakeen#emperor:tleilaxu"),
        ("BATTLE FALSE WALL SOUTH AGAINST EMPEROR", "reveal@False Wall South#emperor:tleilaxu"),
        ("BATTLE FALSE WALL SOUTH AGAINST ATREIDES",
         "reveal@False Wall South#atreides:tleilaxu")]
    state["step"]["orders"][EM] = [["False Wall South", AT], ["False Wall South", HA]]
    state["step"]["asked"].append(EM)
    battle.next_battle(state, random.Random(1))
    assert battle_of(state) == ("False Wall South", EM, AT)
    (open_word,) = [p.held_as for p in battle.prompts(state) if p.seat == TL]
    assert open_word == "reveal@False Wall South#emperor:tleilaxu"
    assert open_word not in {d.prompt.key for d in ahead.decisions(state, TL)}
