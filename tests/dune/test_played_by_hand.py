"""A six-seat WBC game played by hand by mail (the issue "A real game by mail, tried as players
would"): the turns that went wrong, played again through the moderator, order mail in and
answers out."""

from __future__ import annotations

import json

import pytest
from dune_mail import game_at, send
from dune_seats import CLASSIC
from installation import Installation


def flat(text: str) -> str:
    """A mail's text with its lines joined (long lines are wrapped at 78 columns)."""
    return " ".join(text.split())

SIX = ["harkonnen", "atreides", "bene-gesserit", "emperor", "fremen", "guild"]
# Each faction at home in turn 2: the position the game by hand had reached.
HOMES = {"Carthag": {"harkonnen": 10}, "Arrakeen": {"atreides": 10},
         "Tuek's Sietch": {"guild": 5}, "Sietch Tabr": {"fremen": 10},
         "Polar Sink": {"bene-gesserit": 1}, "Habbanya Sietch": {"emperor": 5}}


# --- P5: a territory of several sectors, where the order makes the sector clear
@pytest.fixture
def harkonnen_turn(tmp_path):
    """Turn 2's movement round, the storm over sector 12; the Guild lets the Harkonnen go
    first.  The spice lies in The Minor Erg (sectors 5-8, its spice in 8)."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {
        "game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "by-hand",
        "position": {"turn": 2, "phase": "movement", "storm": {"sector": 12, "marker": 1},
                     "forces": HOMES,
                     "spice": {"The Minor Erg": 8}}})
    send(site, "guild", "DEFER")
    send(site, "bene-gesserit", "ADVISORS SINK")
    return site


def test_ix_c_2_d_the_sector_is_clear_where_one_only_is_open_or_the_spice_lies(harkonnen_turn):
    """000 IX.C.2.d (line 345): a player ending in a territory of several sectors "must make
    clear in which sector"; one turn, one mail: the shipment lands where the spice is (The
    Minor Erg 8), the move into Arsunt (11, 12) in the one sector out of the storm (11), and
    the answer says so.  Played by hand, it took the Harkonnen three mails."""
    site = harkonnen_turn
    answer = flat(send(site, "harkonnen",
                       "SHIP 5 TO The Minor Erg\nMOVE 4 FROM Carthag TO Arsunt"))
    assert "Not accepted" not in answer
    assert "(SHIP 5 TO The Minor Erg: read as sector 8, where the spice is)" in answer
    assert ("(MOVE 4 FROM Carthag TO Arsunt: read as sector 11, the only one open to it)"
            in answer)
    forces = site.record("dune-1").state["forces"]
    assert forces["The Minor Erg"]["8"]["harkonnen"] == {"force": 5}
    assert forces["Arsunt"]["11"]["harkonnen"] == {"force": 4}


def test_ix_c_2_d_a_real_choice_is_asked_with_the_sectors_open(harkonnen_turn):
    """000 IX.C.2.d (line 345): with no spice there and two sectors out of the storm, Plastic
    Basin's sector must be named; the answer lists the two open (IX.C.1.c: none into the
    storm)."""
    answer = flat(send(harkonnen_turn, "harkonnen", "SHIP 5 TO Plastic Basin"))
    assert ("Plastic Basin spans sectors 12, 13, 14, of which 13, 14 are open to you: name the "
            "sector (000 IX.C.2.d)") in answer
    assert "Valid here: Plastic Basin SECTOR 13, Plastic Basin SECTOR 14" in answer


def test_the_report_shows_the_sector_of_the_spice_and_the_sectors_in_reach(harkonnen_turn):
    """000 VII.A.1 (line 269): spice lies in its territory's spice blow sector, which the report
    names; the movement prompt names the sectors in reach of a territory lying in several."""
    report = flat(send(harkonnen_turn, "harkonnen", "STATUS"))
    assert "The Minor Erg (8)" in report
    assert "from Carthag: Arsunt (sector 11), Imperial Basin (sectors 9, 10, 11)" in report


# --- P7: the Bene Gesserit's template keeps advisors advisors
def template_of(mail: str) -> str:
    """The order template a mail offers, as the player would send it back."""
    return mail.split("this template is accepted as it is:\n\n")[1].split("\n\n")[0]


@pytest.fixture
def advisors(tmp_path):
    """Turn 2's movement round under WBC: the Bene Gesserit ended turn 1 as advisors beside
    the Atreides in Arrakeen, and as advisors alone in Rim Wall West, next to it."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {
        "game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "by-hand",
        "position": {"turn": 2, "phase": "movement", "storm": {"sector": 12, "marker": 2},
                     "forces": {"Carthag": {"harkonnen": 10},
                                "Arrakeen": {"atreides": 10, "bene-gesserit": 2},
                                "Rim Wall West": {"bene-gesserit": 3},
                                "Tuek's Sietch": {"guild": 5}, "Sietch Tabr": {"fremen": 10},
                                "Habbanya Sietch": {"emperor": 5}},
                     "coexisting": ["Arrakeen", "Rim Wall West"]}})
    return site


def test_wbc_xv_the_template_sent_back_unchanged_keeps_advisors_advisors(advisors):
    """WBC clarification XV (000 line 1304; 004 XV.4): a territory not declared this turn is
    not coexisting, so the template must declare what stands.  Sent back unchanged, the
    advisors beside the Atreides in Arrakeen stay advisors.  Played by hand, the template
    held no COEXIST line and they became fighters."""
    status = send(advisors, "bene-gesserit", "STATUS")
    send(advisors, "bene-gesserit", template_of(status))
    assert advisors.record("dune-1").state["factions"]["bene-gesserit"]["coexisting"] == [
        "Arrakeen"]


def test_wbc_xv_a_territory_held_alone_is_named_and_entered_as_declared(advisors):
    """000 XV.B.5 (line 508: "another player moves his tokens into a territory only you
    occupy, you must announce immediately"): the prompt names Rim Wall West, which the Bene
    Gesserit hold alone, with its status; the template sent back unchanged keeps them
    advisors there, and the Atreides walking in find them so (no battle).  Played by hand,
    the territory was not named and a battle followed."""
    site = advisors
    status = flat(send(site, "bene-gesserit", "STATUS"))
    assert "Rim Wall West: you alone, advisors should another faction enter" in status
    send(site, "bene-gesserit", template_of(send(site, "bene-gesserit", "STATUS")))
    send(site, "guild", "DEFER LAST")
    for seat in ("harkonnen", "emperor", "bene-gesserit", "fremen"):
        send(site, seat, "PASS")
    answer = flat(send(site, "atreides", "MOVE 4 FROM Arrakeen TO Rim Wall West"))
    assert "Not accepted" not in answer
    state = site.record("dune-1").state
    assert state["forces"]["Rim Wall West"]["9"]["atreides"] == {"force": 4}
    assert state["factions"]["bene-gesserit"]["coexisting"] == ["Arrakeen", "Rim Wall West"]


def test_xv_b_4_the_table_marks_advisors(advisors):
    """000 XV.B.4 (line 506): coexisting forces "are treated as if they are not even on the
    board"; the text table says which Bene Gesserit are advisors."""
    table = flat(send(advisors, "atreides", "STATUS"))
    assert "Arrakeen (10) Atreides 10, Bene Gesserit 2 advisors" in table
    assert "Rim Wall West (9) Bene Gesserit 3 advisors" in table
    assert "Carthag (11) Harkonnen 10 Habbanya" in table            # others unmarked


def test_xv_b_3_advisors_with_a_faction_stands_from_turn_to_turn(tmp_path):
    """000 XV.B.3 (line 504) and Bene Gesserit shield 2 (line 782): whenever another faction
    ships from off-planet the Bene Gesserit "may" send an advisor, an optional choice (WBC
    line 1313; 004 XV.10) the rules tie to no turn: by mail their ADVISORS WITH Atreides,
    given in turn 2, stands in turn 3 (template and default), and the Atreides' shipment
    then takes an advisor along (who coexists there, 000 XV.B.5: no battle follows).  Played
    by hand, it had to be sent again each turn."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {
        "game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "by-hand",
        "position": {"turn": 2, "phase": "movement", "storm": {"sector": 12, "marker": 2},
                     "forces": HOMES}})
    for seat in SIX:                                # the rest of the turn passes by itself
        send(site, seat, "\n".join(f"SET STANDING {kind} PASS" for kind in (
            "MOVE", "BID", "REVIVE", "NEXUS", "KARAMA", "TRUTHTRANCE")))
    send(site, "bene-gesserit", "ADVISORS WITH Atreides")
    send(site, "atreides", "SET STANDING MOVE NONE")
    state = site.record("dune-1").state
    assert (state["turn"], state["phase"]) == (3, "movement")
    status = send(site, "bene-gesserit", "STATUS")
    assert template_of(status) == "GAME dune-1\nADVISORS WITH Atreides"
    assert "If you send nothing: ADVISORS WITH Atreides" in status
    send(site, "bene-gesserit", template_of(status))
    answer = flat(send(site, "atreides", "SHIP 2 TO Rim Wall West"))
    assert "Not accepted" not in answer
    state = site.record("dune-1").state               # the game goes on to turn 4's bidding
    assert state["forces"]["Rim Wall West"]["9"] == {"atreides": {"force": 2},
                                                     "bene-gesserit": {"force": 1}}
    assert "Rim Wall West" in state["factions"]["bene-gesserit"]["coexisting"]


# --- P8: a battle plan the WBC rules correct at the reveal
def battle_in_carthag(tmp_path, ruleset):
    """Turn 3's battles: the Atreides (3 forces, Chaumas and Crysknife in hand) against the
    Harkonnen (10 forces, 10 spice) in Carthag; no traitors."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {
        "game": "dune", "seats": SIX, "ruleset": ruleset, "seed": "by-hand",
        "position": {"turn": 3, "phase": "battle", "storm": {"sector": 1, "marker": 2},
                     "forces": {"Carthag": {"atreides": 3, "harkonnen": 10}},
                     "factions": {"atreides": {"traitors": [], "hand": ["Chaumas", "Crysknife"]},
                                  "harkonnen": {"traitors": [], "hand": [], "spice": 10}}}})
    return site


PLAN = "DIAL 9\nWEAPON Chaumas\nWEAPON Crysknife"


def test_wbc_x_7_8_a_plan_is_accepted_and_corrected_at_the_reveal(tmp_path):
    """000 clarification X (lines 1252-1256; 004 X.7-8): at the reveal a missing leader is the
    lowest available, a dial above what is supported is cut to the most supported, and of two
    weapons one is chosen at random, the other going back to the hand.  By mail the plan is
    accepted as sent, the answer saying how it will be corrected; at the reveal it is."""
    site = battle_in_carthag(tmp_path, "wbc")
    answer = flat(send(site, "atreides", PLAN))
    assert "Not accepted" not in answer
    assert ("no leader: at the reveal your lowest available, Dr. Wellington Yueh (1), is "
            "played (000 clarification X, line 1252; 004 X.7)") in answer
    assert ("DIAL 9: at the reveal it is cut to 1.5, the most your forces in Carthag and the 0 "
            "spice you pay support (000 clarification X, line 1254; 004 X.8)") in answer
    assert ("two weapons, Chaumas and Crysknife: at the reveal one is chosen at random and the "
            "other goes back to your hand (000 clarification X, line 1256)") in answer
    assert "send your whole plan again before the deadline" in answer
    send(site, "harkonnen", "LEADER Feyd-Rautha\nDIAL 10\nSPICE 10\nNO CAPTURE")
    record = site.record("dune-1")
    (row,) = [r for r in site.moderator().store.decisions("dune-1")
              if '"battle-plans"' in (r["events"] or "")]
    events = {e["code"]: e["data"] for e in json.loads(row["events"])}
    shown = events["battle-plans"]["plans"]["atreides"]
    assert (shown["leader"], shown["dial"]) == ("Dr. Wellington Yueh", 1.5)
    assert shown["weapon"] in ("Chaumas", "Crysknife")
    assert events["plan-corrected"]["corrections"] == [
        "weapon-chosen-at-random", "leader-added", "dial-reduced"]
    other = ({"Chaumas", "Crysknife"} - {shown["weapon"]}).pop()
    hand = [CLASSIC.treachery_card(c).name
            for c in record.state["factions"]["atreides"]["hand"]]
    discard = [CLASSIC.treachery_card(c).name
               for c in record.state["decks"]["treachery_discard"]]
    assert hand == [other] and shown["weapon"] in discard      # the loser's card discarded


def test_x_b_classic_refuses_what_the_wbc_rules_would_correct(tmp_path):
    """The AH rules have no clarification X: a plan must hold a leader (000 X.C.9), a dial its
    forces support (X.B.1) and one weapon (X.B): such a plan is refused when read."""
    answer = flat(send(battle_in_carthag(tmp_path, "classic"), "atreides", PLAN))
    assert "line 1: DIAL 9 DIAL 0 to 3: your 3 forces in Carthag (000 X.B.1)" in answer
    assert "line 3: WEAPON Crysknife one weapon a plan" in answer


# --- P6: every line of a mail echoed: read, refused on the line at fault, or not an order
def harkonnen_battle(tmp_path):
    """Turn 3's battles in Carthag: the Harkonnen (10 forces, 10 spice; Feyd-Rautha, a Lasgun
    and a Snooper) against the Atreides (3 forces), under the WBC rules (advanced combat)."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {
        "game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "by-hand",
        "position": {"turn": 3, "phase": "battle", "storm": {"sector": 1, "marker": 2},
                     "forces": {"Carthag": {"atreides": 3, "harkonnen": 10}},
                     "factions": {"atreides": {"traitors": [], "hand": ["Chaumas"]},
                                  "harkonnen": {"traitors": [], "spice": 10,
                                                "hand": ["Lasgun", "Snooper"]}}}})
    return site


def standing_plan(site) -> dict:
    (row,) = [r for r in site.moderator().store.pending("dune-1", site.record("dune-1").step)
              .values() if r["seat"] == "harkonnen"]
    return json.loads(row["value"])


def test_p6_dial_written_as_in_a_mail_is_the_dial(tmp_path):
    """"line 2: Leader Feyd: a battle plan needs a DIAL", when the plan had its dial: written
    ``Dial: 5.`` (a colon after the word, a full stop after the number), the line was refused
    and the plan, checked without it, blamed its first line.  Now it is read as the DIAL."""
    site = harkonnen_battle(tmp_path)
    answer = send(site, "harkonnen", "Hi Moderator,\nLeader Feyd\nDial: 5.\nSpice 5")
    assert "Not accepted" not in answer
    assert "from line 3: Dial: 5." in answer
    assert "Not read as orders" in answer and "line 1: Hi Moderator," in answer
    assert (standing_plan(site)["dial"], standing_plan(site)["spice"]) == (5, 5)


def test_p6_a_refused_plan_line_is_blamed_and_the_others_are_said_not_filed(tmp_path):
    """A dial the forces cannot support is refused on its own line; the plan's other lines
    (DEFENSE and SPICE after it too) are each said not filed, naming it; no line is blamed for
    a missing DIAL."""
    site = harkonnen_battle(tmp_path)
    answer = flat(send(site, "harkonnen",
                       "Leader Feyd\nDial 25\nWeapon Lasgun\nDefense Snooper\nSpice 5"))
    assert "line 2: Dial 25 DIAL 0 to 10" in answer
    assert "needs a DIAL" not in answer
    for number, line in ((1, "Leader Feyd"), (3, "Weapon Lasgun"), (4, "Defense Snooper"),
                         (5, "Spice 5")):
        assert (f"line {number}: {line} not filed: the DIAL on line 2 was refused, send all 5 "
                "lines again") in answer
    assert "Your orders now standing" not in answer


def test_p6_an_accepted_plan_echoes_every_line_and_what_now_stands(tmp_path):
    """CAPTURE KILL (the default, so not in the plan's text) is echoed as read; a plan sent
    again with a bad line leaves the plan before standing, and the answer shows it."""
    site = harkonnen_battle(tmp_path)
    answer = send(site, "harkonnen", "LEADER Feyd-Rautha\nDIAL 5\nCAPTURE KILL")
    assert "from line 3: CAPTURE KILL" in answer
    answer = flat(send(site, "harkonnen", "LEADER Feyd-Rautha\nDIAL 7\nWEAPON Crysknife"))
    assert "line 2: DIAL 7 not filed: the WEAPON on line 3 was refused" in answer
    assert "Your orders now standing for this step: LEADER Feyd-Rautha DIAL 5 " in answer
    assert standing_plan(site)["dial"] == 5


def test_p6_chatty_lines_are_listed_once_as_not_read_and_refuse_nothing(tmp_path):
    """"thx" and "sorry for the delay" are not orders: listed once, under their own heading,
    not as refused lines with the list of orders."""
    site = harkonnen_battle(tmp_path)
    answer = send(site, "harkonnen", "sorry for the delay\nLEADER Feyd-Rautha\nDIAL 5\nthx")
    assert "Not accepted" not in answer
    assert ("Not read as orders (the order template below shows how orders are written):\n"
            "  line 1: sorry for the delay\n  line 4: thx\n") in answer
    assert standing_plan(site)["dial"] == 5


def test_p6_a_mistyped_order_word_is_refused_naming_the_word_meant(tmp_path):
    """A typing slip in an order's word is no chatty line: it is refused on its line, with
    the word meant, and the other lines are read."""
    site = harkonnen_battle(tmp_path)
    answer = send(site, "harkonnen", "LEADER Feyd-Rautha\nDAIL 5\nthx")
    assert "line 2: DAIL 5" in answer and "unknown order 'DAIL': did you mean DIAL?" in answer
    assert "line 3: thx" in answer.split("Not read as orders")[1]


@pytest.fixture
def movement_turn(tmp_path):
    """Turn 2's movement round (sequential), the Harkonnen's turn: 10 forces in Carthag."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {
        "game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "by-hand",
        "position": {"turn": 2, "phase": "movement", "storm": {"sector": 12, "marker": 3},
                     "forces": HOMES}})
    send(site, "guild", "DEFER")
    send(site, "bene-gesserit", "ADVISORS SINK")
    return site


@pytest.mark.parametrize("move", ["MOVE 14 FROM Carthag TO Arsunt",
                                  "MOVE 4 FROM Carthag TO Nowhere"])
def test_p6_a_good_ship_beside_a_bad_move_is_said_not_filed(movement_turn, move):
    """One shipment and movement is one decision (000 IX.C): a SHIP beside a MOVE refused is
    not filed, and the answer says so on its line; the turn waits for both again.  Before,
    the SHIP vanished unsaid (a MOVE the forces cannot make), or was filed alone and the turn
    taken without the move (a MOVE that could not be read)."""
    site = movement_turn
    answer = flat(send(site, "harkonnen", f"SHIP 5 TO Arrakeen\n{move}"))
    assert ("line 1: SHIP 5 TO Arrakeen not filed: the MOVE on line 2 was refused, send both "
            "again") in answer
    assert f"line 2: {move} " in answer
    forces = site.record("dune-1").state["forces"]
    assert "harkonnen" not in forces["Arrakeen"]["10"]
    answer = flat(send(site, "harkonnen", "SHIP 5 TO Arrakeen\nPASS"))
    assert "Not accepted" not in answer
    assert "SHIP 5 TO Arrakeen from line 1: SHIP 5 TO Arrakeen from line 2: PASS" in answer
