"""The Harkonnen's capture of leaders (games/dune/factions/harkonnen_capture.py): 000 Harkonnen
shield 3 (line 884), additional advantages Harkonnen 1 (line 1004), Karama B.6.A.2 (line 952), WBC
clarification X (lines 1260-1268; 004 X.9-13), WBC player aid (line 1412; 004 player aid 19),
WBC XV (line 1300; 004 XV.2) and 004 dropouts (line 193)."""

from __future__ import annotations

import json
import random

from pbem.game import Event
from pbem.games import dune
from pbem.games.dune.factions import harkonnen_capture as capture
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders import battle_plan
from pbem.games.dune.scenario import load_scenario
from pbem.templating import environment

AT, EM, FR, HA = "atreides", "emperor", "fremen", "harkonnen"
ATREIDES_LEADERS = ["Dr. Wellington Yueh", "Duncan Idaho", "Gurney Halleck", "Lady Jessica",
                    "Thufir Hawat"]


def battle_state(forces, factions=None, seats=(AT, HA), **options):
    """A game at the start of its battle round, with the optional advantages."""
    scenario = {"game": "dune", "seats": list(seats), "seed": "capture",
                "options": {"advantages": True, **options},
                "position": {"turn": 3, "phase": "battle", "storm": {"sector": 1},
                             "forces": forces, "factions": factions or {}}}
    return load_scenario(scenario).state


def fight(state, seed=0, **texts):
    """One mail round: the seats' mails, defaults for the others; the state after it and
    the events."""
    orders = {}
    for prompt in dune.prompts(state):
        text = texts.get(prompt.seat)
        if text is None:
            orders[prompt.key] = prompt.default
            continue
        parsed = dune.parse(state, prompt.seat, text)
        assert not parsed.errors, parsed.errors
        found = [o.value for o in parsed.orders if o.prompt == prompt.key]
        orders[prompt.key] = found[0] if found else prompt.default
    state, events = dune.apply(state, orders, random.Random(seed))
    assert violations(state) == []
    return state, events


def errors(state, seat, text):
    return [e.code for e in dune.parse(state, seat, text).errors]


def of(events, code, public=None):
    return [e.data for e in events if e.code == code
            and (public is None or (e.to is None) == public)]


def hold(state, name, owner):
    """The Harkonnen hold ``name`` captured."""
    state["factions"]["harkonnen"].setdefault("captured", {})[name] = owner
    state["factions"][owner]["leaders"][name] = "captured"


def one_left():
    """The Atreides against the Harkonnen in Arrakeen; of the Atreides' leaders only Lady
    Jessica and Dr. Yueh are free: Duncan Idaho and Thufir Hawat are dead, Gurney Halleck
    fought in Carthag this round."""
    state = battle_state({"Arrakeen": {AT: 2, HA: 5}},
                         {AT: {"leaders_in_tanks": ["Duncan Idaho", "Thufir Hawat"]},
                          HA: {"hand": ["Crysknife"], "spice": 5}})
    state["step"]["fought"] = {AT: {"Gurney Halleck": "Carthag"}}
    return state


def test_harkonnen_3_the_winner_draws_a_free_leader_of_the_loser_and_kills_him_for_2_spice():
    """Line 884: "select randomly one leader from the loser (including the leader used in the
    battle, if not killed, but excluding all leaders already used elsewhere that turn)"; WBC X
    (line 1264; 004 X.11): killing him earns the Harkonnen 2 spice.  Dr. Yueh dies in the
    battle, Gurney Halleck fought elsewhere, the others are dead: Lady Jessica is drawn."""
    state = one_left()
    state, events = fight(state, atreides="LEADER Yueh\nDIAL 1",
                          harkonnen="LEADER Feyd-Rautha\nDIAL 2\nWEAPON Crysknife")
    assert of(events, "leader-captured", public=True) == [{"faction": AT, "leader": None}]
    (private,) = [e for e in events if e.code == "leader-captured" and e.to]
    assert private.to == (HA, AT) and private.data["leader"] == "Lady Jessica"
    assert of(events, "captured-leader-killed") == [{"faction": AT, "leader": "Lady Jessica",
                                                     "spice": 2}]
    assert state["factions"][AT]["leaders"]["Lady Jessica"] == "tanks"
    assert state["factions"][HA]["spice"] == 5 + 1 + 2      # Yueh's value (X.C.4), the kill
    assert capture.held(state) == {}


def test_harkonnen_3_the_battle_leader_who_lives_may_be_drawn_the_others_used_elsewhere_not():
    """Line 884: the leader of the battle, alive, is among those drawn; a leader used in
    another territory this turn is not; every draw is one of them."""
    state = one_left()
    assert capture.candidates(state, AT, "Arrakeen") == ["Lady Jessica", "Dr. Wellington Yueh"]
    drawn = set()
    for seed in range(8):
        after, events = fight(state, seed, atreides="LEADER Yueh\nDIAL 1",
                              harkonnen="LEADER Feyd-Rautha\nDIAL 2\nCAPTURE KEEP")
        drawn |= set(capture.held(after))
    assert drawn == {"Lady Jessica", "Dr. Wellington Yueh"}


def test_wbc_x_9_the_capture_is_optional():
    """WBC X (line 1260; 004 X.9): "The Harkonnen's capture ... is optional": NO CAPTURE."""
    state = one_left()
    state, events = fight(state, atreides="LEADER Yueh\nDIAL 1",
                          harkonnen="LEADER Feyd-Rautha\nDIAL 2\nNO CAPTURE")
    assert of(events, "leader-captured") == [] and capture.held(state) == {}
    assert state["factions"][AT]["leaders"]["Lady Jessica"] == "alive"


def test_harkonnen_3_only_with_the_optional_advantages_and_only_the_harkonnen():
    """Line 884 is "(optional)": without the advantages nobody captures, and CAPTURE is refused
    to a faction that is not the Harkonnen."""
    state = battle_state({"Arrakeen": {AT: 2, HA: 5}}, advantages=False)
    assert errors(state, HA, "LEADER Feyd-Rautha\nDIAL 2\nCAPTURE KEEP") == ["no-capture"]
    state, events = fight(state, atreides="LEADER Yueh\nDIAL 1",
                          harkonnen="LEADER Feyd-Rautha\nDIAL 2")
    assert of(events, "leader-captured") == []
    assert errors(one_left(), AT, "LEADER Yueh\nDIAL 1\nCAPTURE KILL") == ["no-capture"]


def test_wbc_x_10_a_kept_leader_is_seen_by_the_harkonnen_and_his_owner_only():
    """WBC X (line 1262; 004 X.10): who was captured need not be public.  The Harkonnen see
    him among their captured leaders and may play him (line 884: "use the leader once in a
    battle"); the owner sees his leader's place; a third faction sees neither."""
    state = one_left()
    state["seats"] = [*state["seats"]]
    state, events = fight(state, atreides="LEADER Yueh\nDIAL 1",
                          harkonnen="LEADER Feyd-Rautha\nDIAL 2\nWEAPON Crysknife\n"
                                    "CAPTURE KEEP")
    assert of(events, "captured-leader-kept") == [{"faction": AT}]
    assert capture.held(state) == {"Lady Jessica": AT}
    assert dune.view(state, HA)["own"]["captured"] == {"Lady Jessica": AT}
    assert dune.view(state, AT)["own"]["leaders"]["Lady Jessica"] == "captured"
    public = json.dumps(dune.view(state, AT)["factions"])
    assert "Lady Jessica" not in public


def test_harkonnen_3_a_kept_leader_fights_once_for_the_harkonnen_then_goes_home():
    """Line 884: "use the leader once in a battle after which you must return him"; a leader
    fights in one territory a round (000 X.C.8), for his owner too once home."""
    state = battle_state({"Arrakeen": {AT: 2, HA: 5}, "Carthag": {FR: 2, EM: 2}},
                         {HA: {"spice": 5}}, seats=(AT, HA, FR, EM))
    while state["step"]["battle"]["territory"] != "Arrakeen":
        state, _ = fight(state)                     # the other battle, if it comes first
    hold(state, "Lady Jessica", AT)
    side = battle_plan.side_of_state(state, HA)
    assert "Lady Jessica" in side.leaders and side.captured == ("Lady Jessica",)
    assert errors(state, AT, "LEADER Lady Jessica\nDIAL 1")[0] == "leader-in-tanks"
    state, events = fight(state, atreides="LEADER Yueh\nDIAL 0\nNO TRAITOR CALL",
                          harkonnen="LEADER Lady Jessica\nDIAL 2\nNO CAPTURE")
    assert of(events, "captured-leader-returned") == [{"faction": AT,
                                                       "leader": "Lady Jessica"}]
    assert state["factions"][AT]["leaders"]["Lady Jessica"] == "alive"
    assert capture.held(state) == {}
    assert state["step"]["fought"][AT]["Lady Jessica"] == "Arrakeen"


def test_wbc_x_12_a_captured_leader_against_his_owner_is_always_a_traitor():
    """WBC X (line 1266; 004 X.12): played against his owner he "may always be called as a
    traitor"; line 884: "automatically in the pay of the original owner".  He dies into his
    owner's tanks (line 884) and the owner is paid his value (X.C.4)."""
    state = battle_state({"Arrakeen": {AT: 2, HA: 5}}, {AT: {"traitors": [], "spice": 0}})
    hold(state, "Lady Jessica", AT)
    state, events = fight(state, atreides="LEADER Yueh\nDIAL 0",
                          harkonnen="LEADER Lady Jessica\nDIAL 5")
    assert of(events, "traitor-called") == [{"faction": AT, "leader": "Lady Jessica",
                                             "holder": AT}]
    assert of(events, "battle-result")[0]["winner"] == AT
    assert state["factions"][AT]["leaders"]["Lady Jessica"] == "tanks"
    assert capture.held(state) == {} and state["factions"][AT]["spice"] == 5


def test_wbc_x_13_a_captured_leader_against_his_traitor_holder_is_called_as_usual():
    """WBC X (line 1268; 004 X.13): against a player who chose him as traitor he "may still be
    called as a traitor, as normal"; WBC XV (line 1300): the Harkonnen have no Kwisatz
    Haderach for him."""
    state = battle_state({"Arrakeen": {FR: 2, HA: 5}}, {FR: {"traitors": ["Lady Jessica"]}},
                         seats=(AT, HA, FR))
    hold(state, "Lady Jessica", AT)
    state["factions"]["atreides"]["kwisatz_haderach"]["losses"] = 9
    assert errors(state, HA, "LEADER Lady Jessica\nDIAL 1\nKH") == ["no-kwisatz-haderach"]
    state, events = fight(state, fremen="LEADER Chani\nDIAL 0",
                          harkonnen="LEADER Lady Jessica\nDIAL 5")
    assert of(events, "traitor-called") == [{"faction": FR, "leader": "Lady Jessica",
                                             "holder": FR}]
    assert state["factions"][AT]["leaders"]["Lady Jessica"] == "tanks"


def test_player_aid_b_6_a_2_a_karama_cancels_the_capture_once_the_leader_is_known():
    """Karama B.6.A.2 (line 952): "prevents Harkonnen from capturing a leader once"; WBC line
    1412 (004 player aid 19): after the leader is known, before he is kept or killed.  By mail
    the loser's plan says it ahead, for any leader or only those named."""
    state = one_left()
    state["factions"][AT]["hand"] = []
    assert errors(state, AT, "LEADER Yueh\nDIAL 1\nKARAMA CAPTURE") == ["no-karama-capture"]
    state = battle_state({"Arrakeen": {AT: 2, HA: 5}},
                         {AT: {"hand": ["Karama"],
                               "leaders_in_tanks": ["Duncan Idaho", "Thufir Hawat",
                                                    "Gurney Halleck"]},
                          HA: {"hand": ["Crysknife"]}})
    mail = {"harkonnen": "LEADER Feyd-Rautha\nDIAL 2\nWEAPON Crysknife\nCAPTURE KEEP"}
    after, events = fight(state, atreides="LEADER Yueh\nDIAL 1\nKARAMA CAPTURE Gurney Halleck",
                          **mail)
    assert capture.held(after) == {"Lady Jessica": AT} and of(events, "karama") == []
    after, events = fight(state, atreides="LEADER Yueh\nDIAL 1\nKARAMA CAPTURE Jessica OR "
                                           "Gurney Halleck", **mail)
    assert of(events, "karama") == [{"faction": AT, "use": "capture", "worthless": False}]
    assert capture.held(after) == {} and after["factions"][AT]["hand"] == []
    assert after["factions"][AT]["leaders"]["Lady Jessica"] == "alive"


def test_harkonnen_3_with_all_their_own_leaders_dead_the_captured_go_home_at_once():
    """Line 884: "If all of your own leaders have been killed, you must return all captured
    leaders immediately to their original owners"."""
    state = battle_state({"Arrakeen": {AT: 5, HA: 1}},
                         {HA: {"leaders_in_tanks": ["Feyd-Rautha", "Beast Rabban",
                                                    "Piter DeVries", "Captain Iakin Nefud"]},
                          AT: {"hand": ["Crysknife"]}})
    hold(state, "Thufir Hawat", AT)
    state, events = fight(state, atreides="LEADER Duncan\nDIAL 3\nWEAPON Crysknife",
                          harkonnen="LEADER Umman Kudu\nDIAL 0")
    assert state["factions"][AT]["leaders"]["Thufir Hawat"] == "alive"
    assert of(events, "captured-leader-returned", public=True) == [{"faction": AT,
                                                                    "leader": None}]
    assert of(events, "captured-leader-returned", public=False) == [
        {"faction": AT, "leader": "Thufir Hawat"}]


def test_004_dropouts_a_harkonnen_dropout_returns_the_captured_leaders():
    """004 dropouts (line 193): "If the Harkonnen drops out, any captured leaders will be
    returned to their owners" (``capture.release_captured``)."""
    state = battle_state({"Arrakeen": {AT: 5, HA: 1}}, seats=(AT, HA, FR))
    hold(state, "Thufir Hawat", AT)
    hold(state, "Chani", FR)
    events = capture.release_captured(state)
    assert capture.held(state) == {} and violations(state) == []
    assert {e.data["leader"] for e in events if e.to} == {"Thufir Hawat", "Chani"}
    assert state["factions"][FR]["leaders"]["Chani"] == "alive"


def test_the_invariants_hold_every_captured_leader_in_one_place():
    """Each leader in exactly one place (000 II.B.1.b; line 884): held by the Harkonnen when
    and only when his owner's sheet says so."""
    state = battle_state({"Arrakeen": {AT: 5, HA: 1}})
    state["factions"][AT]["leaders"]["Lady Jessica"] = "captured"
    assert any("captured leaders" in v for v in violations(state))
    state["factions"]["harkonnen"]["captured"] = {"Lady Jessica": AT}
    assert violations(state) == []
    assert sorted(state["factions"][AT]["leaders"]) == ATREIDES_LEADERS


def test_every_capture_event_renders_in_its_own_words():
    """The capture's events in the report: the name only where the event carries it."""
    template = environment("dune").get_template("events.txt.j2")
    jessica = {"faction": AT, "leader": "Lady Jessica"}
    lines = [
        (Event("leader-captured", {"faction": AT, "leader": None}),
         "The Harkonnen capture a leader of the Atreides."),
        (Event("leader-captured", jessica, to=(HA, AT)),
         "The Harkonnen capture Lady Jessica of the Atreides."),
        (Event("captured-leader-killed", {**jessica, "spice": 2}),
         "The Harkonnen kill the captured Lady Jessica (Atreides), who goes to the tanks, for 2 "
         "spice."),
        (Event("captured-leader-kept", {"faction": AT}),
         "The Harkonnen keep the leader captured from the Atreides."),
        (Event("captured-leader-returned", {"faction": AT, "leader": None}),
         "A captured leader goes back from the Harkonnen to the Atreides."),
        (Event("karama", {"faction": AT, "use": "capture", "worthless": False}),
         "The Atreides play a Karama card: the Harkonnen do not capture the leader.")]
    for event, words in lines:
        assert words in template.render(events=[event], seat=AT), event


def test_001_2_05_11_02_which_leader_lies_face_down_is_secret_from_the_other_seats():
    """GF9 001 2.05.11.02 (line 427): the leader killed after a capture is placed "face down"
    in the tanks.  Differentially: the Harkonnen kill Lady Jessica in one game and Duncan Idaho,
    the Atreides' other Active Leader, in the other (the draw's only difference); the Fremen's
    report and the public one (the tanks' table, the events) read the same in both, while the
    Atreides, whose leader it is, and the Harkonnen, who drew him, read his name."""
    scenario = {"game": "dune", "seats": [AT, HA, FR], "ruleset": "gf9", "seed": "face-down",
                "options": {"advanced": True},
                "position": {"turn": 3, "phase": "battle", "storm": {"sector": 1, "marker": 2},
                             "forces": {"Arrakeen": {AT: 2, HA: 5}, "Sietch Tabr": {FR: 5}},
                             "factions": {AT: {"leaders_in_tanks": ["Thufir Hawat",
                                                                    "Gurney Halleck"]},
                                          HA: {"hand": ["Crysknife"]}}}}
    state = load_scenario(scenario).state
    after, events = fight(state, **{AT: "LEADER Dr. Wellington Yueh\nDIAL 1",
                                    HA: "LEADER Feyd-Rautha\nDIAL 2\nWEAPON Crysknife\n"
                                        "CAPTURE KILL"})
    drawn = next(e.data["leader"] for e in events
                 if e.code == "captured-leader-killed" and e.to)
    other = ({"Lady Jessica", "Duncan Idaho"} - {drawn}).pop()
    swapped = json.loads(json.dumps(after).replace(drawn, "@").replace(other, drawn)
                         .replace("@", other))
    swapped_events = [Event(e.code, json.loads(json.dumps(e.data).replace(drawn, other)), e.to)
                      for e in events]
    env = environment("dune")

    def read(game, happened, seat):
        view = dune.view(game, seat)
        return (env.get_template("view.txt.j2").render(view=view, seat=seat),
                env.get_template("events.txt.j2").render(
                    events=[e for e in happened if e.visible_to(seat)], seat=seat, view=view))

    assert after["factions"][AT]["leaders"][drawn] == "face down"
    for seat in (FR, None):
        assert read(after, events, seat) == read(swapped, swapped_events, seat)
    for seat in (AT, HA):
        assert read(after, events, seat) != read(swapped, swapped_events, seat)
    assert "face down" in read(after, events, FR)[0] + read(after, events, FR)[1]
