"""A turn in days, not weeks (issue 33): what six people playing Dune by mail ran into, each
played again by mail in the shape it was met, and the turn form that asks a seat for the
rest of its turn in its first mail."""

from __future__ import annotations

import yaml
from click.testing import CliRunner
from dune_mail import GAME, SIX, address, flat, game_at, open_prompts, send
from dune_mail import bidding_of_turn_2 as at_bidding
from installation import Installation
from players import GM, text

from pbem.cli import main
from pbem.definition import create_game, game_definition
from pbem.games.dune.state import storm_order
from pbem.moderator import run_gm_command

AT, HA, FR = "atreides", "harkonnen", "fremen"


def last(site, seat: str) -> str:
    return flat(text(site.sent(address(seat))[-1]))


def battles(hands: dict) -> dict:
    """Three factions at the start of a battle round (storm order Atreides, Harkonnen,
    Fremen): the Fremen defend Arrakeen against the Atreides, then Carthag against the
    Harkonnen."""
    return {"game": "dune", "seats": [AT, HA, FR], "ruleset": "classic", "seed": "in-days",
            "position": {"turn": 3, "phase": "battle", "storm": {"sector": 1},
                         "forces": {"Arrakeen": {AT: 5, FR: 3}, "Carthag": {HA: 4, FR: 6}},
                         "factions": {seat: {"traitors": [], "hand": hands.get(seat, []),
                                             "spice": 10} for seat in (AT, HA, FR)}}}


# --- the turn form
def test_the_first_mail_of_the_bidding_asks_the_rest_of_the_turn_in_its_template(tmp_path):
    """The first mail the Harkonnen get in the bidding round (000 VIII) asks each later card,
    the revival (000 IX.B) and the turn of shipment and movement (000 IX.C) in its template,
    each block commented out; the next mail names them without repeating their text."""
    site = at_bidding(tmp_path, factions={HA: {"tanks": 4}})
    first = send(site, HA, "BID 1")
    assert "== The rest of your turn: fill in what you can now ==" in first
    template = first.split("Order template:")[1]
    assert "\nFOR CARD 2\n# PASS\n" in template
    assert "\nFOR REVIVAL\n# REVIVE" in template and "\nFOR MOVEMENT\n# " in template
    second = send(site, HA, "BID 2")
    assert "The rest of your turn" not in second
    assert "your bid on card 2 (FOR CARD 2)" in flat(second)


def test_the_template_sent_back_as_it_is_holds_nothing_and_leaves_each_block_for_later(
        tmp_path):
    """A player replies with the template unchanged: the open bid is filed, every block of
    the form is left to be asked when it opens (nothing held, nothing refused, no "not read"
    line for the headers or the commented lines)."""
    site = at_bidding(tmp_path, factions={HA: {"tanks": 4}})
    first = send(site, HA, "STATUS")
    (status,) = [text(m) for m in site.sent(address(HA)) if "Status:" in str(m["Subject"])]
    template = status.split("this template is accepted as it is:")[1].split(
        "You may send orders again")[0]
    assert "FOR CARD 2" in template and "The rest of your turn" in status
    answer = send(site, HA, template)
    assert "Not accepted" not in answer and "Not read as orders" not in answer
    assert "Left for later (you are asked when each opens):" in answer
    assert "FOR CARD 2" in answer.split("Left for later")[1]
    assert site.record(GAME).held_by(HA) == []
    assert "The rest of your turn" in first


# --- item 2: orders already answered look open
def test_item_2_a_standing_order_set_by_mail_is_in_at_once(tmp_path):
    """``SET STANDING BID PASS`` (docs/commands.md): the answer shows the bid in, not "Still
    to decide", and no seat's mail names the seat as waited for."""
    site = at_bidding(tmp_path)
    answer = flat(send(site, FR, "SET STANDING BID PASS"))
    assert "Still to decide" not in answer
    assert "All your orders for this step are in." in answer
    waiting = answer.split("Waiting for: ")[1].split(".")[0]
    assert FR not in waiting
    other = flat(send(site, "guild", "PASS"))
    assert "fremen" not in other.split("Waiting for: ")[1].split(".")[0]


def test_item_2_a_bid_held_for_a_later_card_asks_nothing_when_the_card_comes_up(tmp_path):
    """``FOR CARD 2`` / ``PASS`` sent with the first bid (000 VIII.D): when card 2 comes up,
    the seat is not asked (no mail for it alone), and nobody reads it among those waited
    for."""
    site = at_bidding(tmp_path)
    send(site, FR, "PASS\nFOR CARD 2\nPASS")
    before = len(site.sent(address(FR)))
    for seat in SIX:
        if seat != FR and open_prompts(site, seat):
            send(site, seat, "BID 1" if seat == "emperor" else "PASS")
    site.clock.advance(minutes=30)
    site.moderator().tick()
    record = site.record(GAME)
    assert "Card 2 of" in flat(text(site.sent(address("emperor"))[-1]))
    assert site.moderator().store.pending(GAME, record.step)["bid:fremen"]["text"] == "PASS"
    assert [m for m in site.sent(address(FR))[before:] if "Card 2" in text(m)] == []
    for seat in SIX:
        mail = flat(text(site.sent(address(seat))[-1]))
        if "Waiting for" in mail or "waiting for" in mail:
            assert " fremen" not in mail.lower().split("waiting for")[1].split(".")[0]


# --- item 3: a typo inside a battle plan
def test_item_3_a_typo_inside_a_plan_sent_ahead_files_none_of_the_plan(tmp_path):
    """000 X.B: a battle plan is one decision.  The Harkonnen send their Carthag plan ahead
    with ``Wepon Lasgun``: the answer refuses that line (did you mean WEAPON?) and files
    none of the plan, so that Carthag asks them again rather than being fought with no
    weapon."""
    site = Installation(tmp_path, maps=False)
    game_at(site, battles({HA: ["Lasgun"]}))
    answer = flat(send(site, HA, "FOR BATTLE CARTHAG\nLEADER Feyd-Rautha\nDIAL 3\n"
                                 "Wepon Lasgun\nDEFENSE NONE"))
    assert "did you mean WEAPON?" in answer
    assert "held for your battle plan" not in answer
    assert "not filed: line 4 of the same decision was refused" in answer
    assert site.record(GAME).held_by(HA) == []


def test_item_9_a_typo_names_the_word_meant_and_not_every_order_word(tmp_path):
    """A mistyped word is answered with the word meant, not the fifty words of the game."""
    site = at_bidding(tmp_path)
    answer = flat(send(site, FR, "BDI 2"))
    assert "unknown order 'BDI': did you mean BID?" in answer
    assert "Valid here: BID Your" in answer or answer.count("Valid here:") == 1
    assert "SHIP" not in answer.split("unknown order")[1].split("Order template")[0]


# --- item 9: headers
def test_item_9_a_header_names_its_battle_loosely(tmp_path):
    """``FOR BATTLE TUEKS SIETCH`` names Tuek's Sietch as an order would: the plan under it
    is held for that battle."""
    scenario = battles({})
    scenario["position"]["forces"] = {"Arrakeen": {AT: 5, FR: 3},
                                      "Tuek's Sietch": {HA: 4, FR: 6}}
    site = Installation(tmp_path, maps=False)
    game_at(site, scenario)
    answer = flat(send(site, HA, "FOR BATTLE TUEKS SIETCH\nLEADER Feyd-Rautha\nDIAL 3"))
    assert "Not accepted" not in answer
    assert "held for your battle plan in Tuek's Sietch against the Fremen" in answer


def test_item_9_the_lines_under_a_header_naming_nothing_are_refused_with_it(tmp_path):
    """A header that names no decision to come is refused, and the plan under it is not
    held for another decision."""
    site = Installation(tmp_path, maps=False)
    game_at(site, battles({}))
    answer = flat(send(site, HA, "FOR BATTLE ARRAKIS CITY\nLEADER Feyd-Rautha\nDIAL 3"))
    assert "no decision to come by that name" in answer
    assert "not held: the header on line 1 names no decision to come" in answer
    assert site.record(GAME).held_by(HA) == []


def test_item_9_a_header_whose_only_line_is_refused_is_refused_too(tmp_path):
    """``FOR CARD 2`` / ``BID 99``: the bid is refused, and the header with it, not set
    aside as "Not read as orders"."""
    site = at_bidding(tmp_path)
    answer = send(site, FR, "PASS\nFOR CARD 2\nBID 99")
    assert "Not read as orders" not in answer
    assert "nothing held: line 3 under it was refused" in flat(answer)


# --- item 8: repetition
def test_item_8_a_held_pass_for_a_card_that_never_came_up_is_dropped_unsaid(tmp_path):
    """000 VIII.E: a card everyone passes ends the round.  The Fremen's ``FOR CARD 6`` /
    ``PASS`` is dropped with it, and no mail tells them it "was not filed"."""
    site = at_bidding(tmp_path)
    send(site, FR, "PASS\nFOR CARD 6\nPASS")
    for seat in SIX:
        if seat != FR and open_prompts(site, seat):
            send(site, seat, "PASS")
    site.clock.advance(minutes=30)
    assert not site.moderator().tick().errors
    assert site.record(GAME).state["phase"] != "bidding"
    assert site.record(GAME).held_by(FR) == []
    assert not [m for m in site.sent(address(FR)) if "were not filed" in text(m)]


def test_item_8_an_extension_by_the_gm_mails_only_the_seats_still_to_answer(tmp_path):
    """The GM's ``EXTEND``: the Fremen, whose bid is in, are not mailed; the Guild is."""
    site = at_bidding(tmp_path)
    send(site, FR, "PASS")
    fremen, guild = len(site.sent(address(FR))), len(site.sent(address("guild")))
    (answer,) = run_gm_command(site.moderator(), GAME, "EXTEND 24 travelling")
    site.moderator().send_outbox()
    assert len(site.sent(address(FR))) == fremen
    assert [str(m["Subject"]) for m in site.sent(address("guild"))[guild:]] == [
        f"[{GAME}] Deadline extended by the GM"]
    assert "Told: 5 seats" in answer


def gm_copies(tmp_path, **settings) -> list:
    """The GM's copies of a WBC game's reports from its set-up to turn 1, maps on."""
    site = Installation(tmp_path, maps=True)
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition({
        "id": GAME, "game": "dune", "ruleset": "wbc", "seed": "gm-copy", "auth": "address",
        "deadlines": {"resolve_delay_minutes": 1}, **settings,
        "seats": [{"seat": s, "address": address(s)} for s in SIX]}), site.clock())
    moderator.send_outbox()
    for _ in range(3):
        for seat in SIX:
            if open_prompts(site, seat):
                send(site, seat, "\n".join(p.template for p in open_prompts(site, seat)))
        site.clock.advance(minutes=5)
        assert not site.moderator().tick().errors
    return [m for m in site.sent(GM) if "public report" in text(m)]


def test_item_8_the_gm_gets_a_text_copy_unless_the_game_file_asks_for_maps(tmp_path):
    """The GM's copy of each public report: text only (14 copies with a map of 260 kB made
    3.6 MB a turn); ``gm_maps: true`` in the game file brings the map back."""
    plain = gm_copies(tmp_path / "plain")
    assert plain and not [m for m in plain if m.get_content_maintype() == "multipart"
                          and any(p.get_content_maintype() == "image" for p in m.walk())]
    mapped = gm_copies(tmp_path / "maps", gm_maps=True)
    assert [m for m in mapped if any(p.get_content_maintype() == "image" for p in m.walk())]


# --- item 4: where the Fremen may ship, and the sector their forces stand in
def fremen_turn(tmp_path):
    """GF9, turn 2's movement round: the Fremen's turn is up, their forces in False Wall West
    (sector 16) and Sietch Tabr."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": [FR, AT], "ruleset": "gf9", "seed": "in-days",
                   "position": {"turn": 2, "phase": "movement", "storm": {"sector": 1},
                                "forces": {"False Wall West SECTOR 16": {FR: 3},
                                           "Sietch Tabr": {FR: 4}, "Arrakeen": {AT: 10}}}})
    return site


def test_item_4_gf9_2_04_06_the_fremen_prompt_names_where_they_may_ship(tmp_path):
    """001 2.04.06: the Fremen bring forces within two territories of the Great Flat; their
    turn names those territories and cites GF9, not the classic shield."""
    site = fremen_turn(tmp_path)
    mail = flat(send(site, FR, "STATUS"))
    (status,) = [flat(text(m)) for m in site.sent(address(FR)) if "Status:" in str(m["Subject"])]
    terms = status.split("within two of the Great Flat (001 2.04.06): ")[1].split(". ")[0]
    assert "The Great Flat" in terms and "Sietch Tabr" in terms
    assert "Fremen shield" not in status and "Guild shield" not in status
    assert "Not accepted" not in mail


def test_item_4_a_shipment_joins_the_sector_the_fremen_stand_in(tmp_path):
    """001 1.06.05.09 asks the sector of a territory lying in several; the Fremen stand in
    one of False Wall West's (16): a shipment there without SECTOR joins them."""
    site = fremen_turn(tmp_path)
    answer = flat(send(site, FR, "SHIP 2 TO False Wall West"))
    assert "name the sector" not in answer
    assert "read as sector 16, where your forces are" in answer


# --- item 5: what a winner loses
def test_item_5_gf9_1_07_07_06_the_plan_says_what_winning_costs(tmp_path):
    """001 1.07.07.06 and 1.13.05: the winner loses forces worth its dial, an unbacked force
    worth half; the Atreides' prompt says what the largest dial costs, with and without
    spice."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": [AT, HA, FR], "ruleset": "gf9",
                   "options": {"advanced": True}, "seed": "in-days",
                   "position": {"turn": 3, "phase": "battle", "storm": {"sector": 1, "marker": 2},
                                "forces": {"Arrakeen": {AT: 14, FR: 3}},
                                "factions": {AT: {"spice": 2}}}})
    send(site, AT, "STATUS")
    (status,) = [flat(text(m)) for m in site.sent(address(AT)) if "Status:" in str(m["Subject"])]
    assert ("If you win, you lose forces worth your dial (001 1.07.07.06): a force backed by "
            "spice counts 1, another half, so DIAL 8 with SPICE 2 costs 14 forces") in status
    assert "paid to the bank win or lose (001 1.13.05)" in status


# --- item 6: allies told of their alliance
def test_item_6_xii_c_both_allies_are_mailed_the_alliance_at_once(tmp_path):
    """000 XII.C: the Emperor and the Fremen name each other at a Nexus; the Emperor, who has
    nothing to decide next (both allies' hands full: no bid, no support), is mailed the
    alliance with the step that formed it, not a step later (the last turn: no decision to
    come appears that its mails have not offered)."""
    full = ["Lasgun", "Shield", "Snooper", "Chaumas"]
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": ["emperor", FR, HA], "ruleset": "classic",
                   "seed": "worm-nexus", "options": {"turns": 2},
                   "position": {"turn": 2, "phase": "spice_blow",
                                "storm": {"sector": 1, "dialers": ["emperor", HA]},
                                "forces": {"Red Chasm": {HA: 4}},
                                "decks": {"spice_discard": ["Red Chasm"],
                                          "spice": ["Shai-Hulud", "Old Gap"]},
                                "factions": {"emperor": {"hand": full},
                                             FR: {"hand": ["Crysknife", "Kulon", "Baliset",
                                                           "Jubba Cloak"]}}}})
    before = len(site.sent(address("emperor")))
    send(site, HA, "PASS")
    send(site, FR, "ALLY Emperor")
    send(site, "emperor", "ALLY Fremen")
    site.clock.advance(minutes=30)
    assert not site.moderator().tick().errors
    record = site.record(GAME)
    assert record.state["alliances"] == [["emperor", FR]]
    assert not [p for p in record.prompts() if p.seat == "emperor"]
    told = [m for m in site.sent(address("emperor"))[before:]
            if "Alliance formed: Emperor + Fremen." in flat(text(m))]
    assert told


# --- item 10: text slips
def test_item_10_a_phase_with_nothing_in_it_has_no_heading(tmp_path):
    """The report of a tick that passes a round in which nothing the reader may see happened
    (no revival) shows no empty "-- Turn 2: revival" heading."""
    site = at_bidding(tmp_path)
    for seat in SIX:
        if open_prompts(site, seat):
            send(site, seat, "PASS")
    site.clock.advance(minutes=30)
    assert not site.moderator().tick().errors
    reports = [text(m) for seat in SIX for m in site.sent(address(seat))
               if "== What happened ==" in text(m)]
    assert [r for r in reports if "-- Turn 2: shipment and movement" in r]
    for body in reports:
        lines = body.split("== What happened ==")[1].split("==")[0].splitlines()
        for line, after in zip(lines, lines[1:], strict=False):
            assert not (line.startswith("-- Turn") and after.startswith("-- Turn")), body


def test_item_10_the_first_in_storm_order_is_told_only_of_the_guild(tmp_path):
    """001 2.06.13: only the Spacing Guild may take its turn before the first faction in storm
    order; that faction's turn sent ahead says so, not "Other factions may move before
    you"."""
    site = at_bidding(tmp_path)
    first = storm_order(site.record(GAME).state)[0]
    send(site, first, "STATUS")
    (status,) = [flat(text(m)) for m in site.sent(address(first))
                 if "Status:" in str(m["Subject"])]
    movement = status.split("your shipment and movement:")[1][:3000]
    if first == "guild":
        return
    assert "Other factions may move before you" not in movement
    assert "The Spacing Guild may take its turn before yours" in movement


def test_item_10_the_guild_is_told_its_turn_sent_ahead_gives_up_waiting(tmp_path):
    """000 Guild shield 5: the Guild's turn sent ahead is played at its first chance; its
    prompt says it gives up waiting."""
    site = at_bidding(tmp_path)
    send(site, "guild", "STATUS")
    (status,) = [flat(text(m)) for m in site.sent(address("guild"))
                 if "Status:" in str(m["Subject"])]
    assert "Sent ahead, your turn is played at your first chance" in status
    assert "you give up waiting to see the others move" in status


def test_item_10_gf9_1_02_07_the_nexus_to_come_is_named_as_gf9_holds_it(tmp_path):
    """001 1.02.07: under GF9 a Nexus comes at the end of the spice blow (after a pile that
    turned a worm), not at each worm."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": SIX, "ruleset": "gf9", "seed": "in-days",
                   "position": {"turn": 2, "phase": "bidding", "storm": {"sector": 12}}})
    send(site, FR, "STATUS")
    (status,) = [flat(text(m)) for m in site.sent(address(FR)) if "Status:" in str(m["Subject"])]
    assert "the Nexus at each worm" not in status
    assert "the Nexus after a spice blow pile that turns a worm" in status


# --- per-card decisions asked only of the seats that have not answered
def test_xii_e_3_a_promise_of_support_is_asked_once_a_round(tmp_path):
    """000 XII.E.3: an ally promises the spice it will pay towards its ally's cards "in all,
    this round".  The Fremen promise with the first card; the later cards neither wait for
    them nor mail them for it, the promise standing (it was asked again with every card)."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "by-hand",
                   "position": {"turn": 2, "phase": "bidding",
                                "storm": {"sector": 12, "marker": 2},
                                "alliances": [["emperor", FR]],
                                "factions": {FR: {"spice": 6}}}})
    send(site, FR, "PASS\nSUPPORT 3\nFOR CARD 2\nPASS\nFOR CARD 3\nPASS")
    fremen = len(site.sent(address(FR)))
    for seat in SIX:
        if seat != FR and open_prompts(site, seat):
            send(site, seat, "BID 1\nSUPPORT 0" if seat == "emperor" else "PASS")
    site.clock.advance(minutes=30)
    assert not site.moderator().tick().errors
    record = site.record(GAME)
    assert "Card 2 of" in flat(text(site.sent(address("emperor"))[-1]))
    pending = site.moderator().store.pending(GAME, record.step)
    assert [p.key for p in record.prompts() if p.seat == FR and p.key not in pending] == [
        "card-support:fremen"]
    assert "card-support:fremen" in {p.key for p in record.prompts() if p.optional}
    assert site.sent(address(FR))[fremen:] == []
    assert record.state["step"]["promised"][FR] == 3


# --- item 1: the pace of each mode, told to the GM
def test_item_1_game_new_and_the_gm_welcome_state_the_pace_of_each_mode(tmp_path):
    """``pbem game new`` and the GM's welcome name the game's mail modes, what each mode of
    bidding and movement costs in mail rounds and changes in what players know, and the
    option that chooses the other (docs/game-files.md, "Mail modes and their pace")."""
    site = Installation(tmp_path, maps=False)
    path = tmp_path / "dune-9.yaml"
    path.write_text(yaml.safe_dump({
        "id": "dune-9", "game": "dune", "ruleset": "gf9", "options": {"movement": "batched"},
        "seats": [{"seat": s, "address": address(s)} for s in SIX]}))
    result = CliRunner().invoke(main, ["--config", str(site.config_path), "game", "new",
                                       str(path)], obj=site.clock)
    assert result.exit_code == 0, result.output
    (welcome,) = [flat(text(m)) for m in site.sent(GM) if "GM welcome" in str(m["Subject"])]
    for told in (flat(result.output), welcome):
        assert ("Mail modes: bidding per_card, movement batched (a mode the GM chose: it "
                "changes what players know when they decide)") in told
        assert "- bidding whole_round (option bidding: whole_round): the Atreides see" in told
        assert "- movement sequential (option movement: sequential): the rules exactly" in told
        assert "- movement batched (this game): every turn is given before anyone moves" in told
        assert "mail rounds a turn" in told
