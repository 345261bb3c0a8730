"""The auction game: the sealed-bid practice game the moderator runs before Dune exists.

Rules quoted from the auction brief: seats bid in secret, the highest bid wins
(ties drawn by the game's seeded generator) and pays its bid, then the winner
keeps the lot or gifts it; a score is the valuations of the lots held plus
coins/10.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from pbem.game import Event, load_game, replay, step_rng
from pbem.games import auction
from pbem.games.auction import ErrorCode, EventCode

SEATS = ["north", "east", "south"]
SEED = "auction-test"
TEMPLATES = Path(auction.__file__).parent / "templates"


def new_game(seats: list[str] = SEATS, seed: str = SEED, **options: Any) -> dict[str, Any]:
    return auction.setup("standard", options, list(seats), step_rng(seed, 0))


def bids(state: dict[str, Any], **coins: int) -> dict[str, int]:
    """A batch of bids for the lot on the block; seats not named bid 0."""
    lot = state["lot"]
    return {f"lot{lot}.bid.{seat}": coins.get(seat, 0) for seat in state["seats"]}


def only_order(state: dict[str, Any], seat: str, text: str) -> Any:
    parsed = auction.parse(state, seat, text)
    assert parsed.errors == []
    [order] = parsed.orders
    return order


def play(seats: list[str], seed: str, **options: Any) -> list[dict[str, Any]]:
    """A whole game of bots; a seat sometimes sends nothing and gets its default.

    Returns one record per step: the state before, the batch applied, the
    events and the state after.
    """
    state = new_game(seats, seed, **options)
    steps = []
    while auction.result(state) is None:
        number = len(steps) + 1
        batch = {}
        for prompt in auction.prompts(state):
            bot_rng = random.Random(f"bot/{seed}/{number}/{prompt.seat}")
            if bot_rng.random() < 0.2:
                batch[prompt.key] = prompt.default
                continue
            text = auction.bot_order(auction.view(state, prompt.seat), prompt, bot_rng)
            order = only_order(state, prompt.seat, text)
            assert order.prompt == prompt.key
            batch[prompt.key] = order.value
        after, events = auction.apply(state, batch, step_rng(seed, number))
        steps.append({"before": state, "batch": batch, "events": events, "after": after})
        state = after
    return steps


@pytest.fixture(scope="module")
def game() -> list[dict[str, Any]]:
    return play(SEATS, SEED)


def template_env() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_view(state: dict[str, Any], seat: str | None) -> str:
    template = template_env().get_template("view.txt.j2")
    return template.render(view=auction.view(state, seat), seat=seat)


def render_events(events: list[Event], seat: str | None) -> str:
    template = template_env().get_template("events.txt.j2")
    return template.render(events=[e for e in events if e.visible_to(seat)], seat=seat)


def with_marked_secrets(state: dict[str, Any], seat: str | None) -> tuple[dict, list[str]]:
    """A copy of ``state`` whose secrets hidden from ``seat`` are unique marker numbers."""
    marked = copy.deepcopy(state)
    markers = iter(range(7_000_001, 8_000_000))
    for other, cards in marked["valuations"].items():
        if other != seat:
            cards[:] = [next(markers) for _ in cards]
    for deck in marked["decks"]:
        deck[:] = [next(markers) for _ in deck]
    return marked, [str(n) for n in range(7_000_001, next(markers))]


# Setup


def test_game_is_registered() -> None:
    assert load_game("auction") is auction
    assert auction.name == "auction"
    assert auction.rulesets == ("standard",)
    assert auction.rules_version == "1"


def test_setup_is_deterministic_for_a_seed() -> None:
    assert new_game() == new_game()
    assert new_game()["valuations"] != new_game(seed="another seed")["valuations"]


def test_setup_deals_each_seat_coins_and_one_valuation_card_per_lot() -> None:
    """Each seat gets `coins` coins and, per lot, a card from a shuffled deck of 1..20."""
    state = new_game(lots=4, coins=50)
    assert state["coins"] == {seat: 50 for seat in SEATS}
    for lot in range(4):
        dealt = [state["valuations"][seat][lot] for seat in SEATS]
        assert len(set(dealt)) == len(SEATS), "values differ between seats"
        assert sorted(dealt + state["decks"][lot]) == list(range(1, 21))
    assert auction.step_name(state) == "Lot 1 of 4: bidding"


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"lots": 0}, "lots"),
        ({"lots": 11}, "lots"),
        ({"lots": "3"}, "lots"),
        ({"lots": True}, "lots"),
        ({"coins": -1}, "coins"),
        ({"coins": 2.5}, "coins"),
        ({"reserve": 5}, "reserve"),
    ],
)
def test_setup_rejects_bad_options_by_name(options: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        new_game(**options)


@pytest.mark.parametrize(
    "seats",
    [
        ["north"],
        ["north", "east", "south", "west", "up", "down", "north"],
        ["north", "centre"],
        ["north", "north"],
    ],
)
def test_setup_rejects_bad_seats(seats: list[str]) -> None:
    with pytest.raises(ValueError):
        new_game(seats)


def test_setup_rejects_unknown_ruleset() -> None:
    with pytest.raises(ValueError, match="ruleset"):
        auction.setup("advanced", {}, SEATS, step_rng(SEED, 0))


# Prompts and step names


def test_every_seat_has_a_secret_bid_prompt() -> None:
    state = new_game(coins=57)
    prompts = auction.prompts(state)
    assert [p.key for p in prompts] == ["lot1.bid.north", "lot1.bid.east", "lot1.bid.south"]
    for prompt in prompts:
        assert (prompt.kind, prompt.secret, prompt.legal) == ("bid", True, "BID 0 to 57")
        assert (prompt.default, prompt.default_text) == (0, "BID 0")
        assert only_order(state, prompt.seat, prompt.template).value == prompt.default


def test_only_the_winner_has_a_keep_prompt() -> None:
    state, _ = auction.apply(new_game(), bids(new_game(), east=9), step_rng(SEED, 1))
    [prompt] = auction.prompts(state)
    assert (prompt.key, prompt.seat) == ("lot1.keep.east", "east")
    assert (prompt.kind, prompt.secret) == ("keep", False)
    assert prompt.legal == "KEEP, or GIFT one of: north, south"
    assert (prompt.default, prompt.default_text) == ("east", "KEEP")
    assert only_order(state, "east", prompt.template).value == prompt.default
    assert auction.step_name(state) == "Lot 1 of 3: keep or gift"


# Parsing orders


def test_orders_are_read_in_any_case_with_extra_spaces() -> None:
    state = new_game()
    assert only_order(state, "north", "   bid    12  ").text == "BID 12"
    assert only_order(state, "north", "pass").value == 0


def test_last_line_answering_a_prompt_wins() -> None:
    parsed = auction.parse(new_game(), "north", "BID 5\n# changed my mind\nbid 7\n")
    [order] = parsed.orders
    assert (order.prompt, order.value, order.text, order.lines) == (
        "lot1.bid.north", 7, "BID 7", (3,))
    [replaced] = parsed.errors
    assert (replaced.line_no, replaced.code) == (1, ErrorCode.REPLACED)
    assert "replaced by line 3" in replaced.message
    assert [(u.line_no, u.line) for u in parsed.unread] == [(2, "# changed my mind")]


def test_a_line_that_is_no_order_is_not_read_and_refuses_nothing() -> None:
    parsed = auction.parse(new_game(), "north", "BUY 5\nBID 3\nthanks!")
    assert parsed.errors == [] and [o.value for o in parsed.orders] == [3]
    assert [(u.line_no, u.line) for u in parsed.unread] == [(1, "BUY 5"), (3, "thanks!")]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("BID ten", ErrorCode.BAD_NUMBER),
        ("BID -3", ErrorCode.BAD_NUMBER),
        ("BID", ErrorCode.BAD_NUMBER),
        ("BID 5 6", ErrorCode.EXTRA_WORDS),
        ("PASS now", ErrorCode.EXTRA_WORDS),
        ("KEEP", ErrorCode.NOT_YOUR_TURN),
        ("GIFT east", ErrorCode.NOT_YOUR_TURN),
    ],
)
def test_bad_bid_lines_are_quoted_with_their_code(line: str, code: ErrorCode) -> None:
    parsed = auction.parse(new_game(), "north", f"# my orders\n\n{line}\nBID 3")
    [error] = parsed.errors
    assert (error.line_no, error.line, error.code) == (3, line, code)
    assert [order.value for order in parsed.orders] == [3], "the good line is kept"


def test_a_bid_above_the_coins_says_the_maximum() -> None:
    """A seat bids 0..its coins."""
    [error] = auction.parse(new_game(coins=57), "north", "BID 58").errors
    assert (error.line, error.code) == ("BID 58", ErrorCode.BID_TOO_HIGH)
    assert "57" in error.message
    assert error.valid == ("BID 0 to 57",)


@pytest.mark.parametrize(
    ("seat", "line", "code"),
    [
        ("east", "GIFT centre", ErrorCode.NO_SUCH_SEAT),
        ("east", "GIFT west", ErrorCode.NO_SUCH_SEAT),
        ("east", "GIFT", ErrorCode.NO_SUCH_SEAT),
        ("east", "GIFT east", ErrorCode.GIFT_TO_SELF),
        ("east", "KEEP it", ErrorCode.EXTRA_WORDS),
        ("east", "BID 5", ErrorCode.NOT_YOUR_TURN),
        ("north", "KEEP", ErrorCode.NOT_YOUR_TURN),
    ],
)
def test_bad_keep_lines_are_quoted_with_their_code(seat: str, line: str, code: ErrorCode) -> None:
    state, _ = auction.apply(new_game(), bids(new_game(), east=9), step_rng(SEED, 1))
    [error] = auction.parse(state, seat, line).errors
    assert (error.line_no, error.line, error.code) == (1, line, code)
    if seat == "east":
        assert error.valid == ("KEEP", "GIFT north", "GIFT south")


@given(st.integers(min_value=0, max_value=100), st.sampled_from(["bid", "BID", "Bid"]))
def test_an_order_read_back_from_its_text_is_the_same_order(coins: int, verb: str) -> None:
    state = new_game()
    order = only_order(state, "south", f"{verb} {coins}")
    assert only_order(state, "south", order.text) == order


# Resolving


def test_the_highest_bid_wins_and_pays_its_bid() -> None:
    state = new_game()
    after, [sold] = auction.apply(state, bids(state, north=30, east=40), step_rng(SEED, 1))
    assert sold == Event(
        EventCode.LOT_SOLD,
        {
            "lot": 1,
            "winner": "east",
            "price": 40,
            "bids": {"north": 30, "east": 40, "south": 0},
            "tied": [],
        },
    )
    assert after["coins"] == {"north": 100, "east": 60, "south": 100}


def test_ties_are_broken_by_the_seeded_generator() -> None:
    state = new_game(["north", "east"])
    tie = bids(state, north=10, east=10)

    def winner(seed: str) -> str:
        after, [sold] = auction.apply(state, tie, step_rng(seed, 1))
        assert sold.data["tied"] == ["north", "east"]
        assert after["coins"][sold.data["winner"]] == 90
        return sold.data["winner"]

    seeds = [f"seed {n}" for n in range(20)]
    assert [winner(seed) for seed in seeds] == [winner(seed) for seed in seeds]
    assert {winner(seed) for seed in seeds} == {"north", "east"}


def test_a_gifted_lot_scores_the_receivers_valuation() -> None:
    state = new_game(["north", "east"], lots=1)
    state, _ = auction.apply(state, bids(state, north=25), step_rng(SEED, 1))
    gift = only_order(state, "north", "gift EAST")
    assert (gift.value, gift.text) == ("east", "GIFT east")
    state, events = auction.apply(state, {gift.prompt: gift.value}, step_rng(SEED, 2))
    east_value = state["valuations"]["east"][0]
    assert events[:2] == [
        Event(EventCode.LOT_GIFTED, {"lot": 1, "giver": "north", "receiver": "east"}),
        Event(EventCode.LOT_SCORED, {"lot": 1, "seat": "east", "value": east_value}, ("east",)),
    ]
    result = auction.result(state)
    assert result is not None
    assert result["scores"] == {"north": 75 // 10, "east": east_value + 100 // 10}
    assert result["winners"] == ["east"]
    assert events[2] == Event(EventCode.GAME_FINISHED, result)


def test_equal_scores_share_the_win() -> None:
    state = new_game(["north", "east"], lots=1)
    state, _ = auction.apply(state, bids(state, north=1), step_rng(SEED, 1))
    state["valuations"]["north"] = [10]  # north: 10 + 99 // 10 = 19
    state["coins"]["east"] = 190  # east: 190 // 10 = 19
    state, _ = auction.apply(state, {"lot1.keep.north": "north"}, step_rng(SEED, 2))
    assert auction.result(state) == {
        "winners": ["north", "east"],
        "scores": {"north": 19, "east": 19},
        "reason": "north and east share the win with 19 points",
    }


def test_apply_leaves_the_given_state_unchanged() -> None:
    state = new_game()
    before = copy.deepcopy(state)
    auction.apply(state, bids(state, south=5), step_rng(SEED, 1))
    assert state == before


def test_apply_asserts_the_orders_answer_the_open_prompts() -> None:
    state = new_game()
    with pytest.raises(AssertionError):
        auction.apply(state, {"lot1.bid.north": 5}, step_rng(SEED, 1))


# Whole games


@pytest.mark.parametrize(("seats", "lots"), [(2, 1), (3, 3), (6, 10)])
def test_a_bot_game_finishes_and_replays_to_the_same_state(seats: int, lots: int) -> None:
    names = list(auction.seating("standard", {}).names[:seats])
    seed = f"whole game {seats}"
    steps = play(names, seed, lots=lots)
    final = steps[-1]["after"]
    assert len(steps) == 2 * lots
    assert auction.prompts(final) == []
    assert auction.step_name(final) == "Finished"
    result = auction.result(final)
    assert result is not None
    assert set(result["scores"]) == set(names)
    best = max(result["scores"].values())
    assert result["winners"] == [seat for seat in names if result["scores"][seat] == best]
    batches = [step["batch"] for step in steps]
    assert replay(auction, "standard", {"lots": lots}, names, seed, batches) == final


def test_every_state_survives_a_json_round_trip(game: list[dict[str, Any]]) -> None:
    for step in game:
        assert json.loads(json.dumps(step["after"])) == step["after"]
        assert json.loads(json.dumps(step["batch"])) == step["batch"]


def test_views_show_no_other_seats_valuations_nor_the_deck(game: list[dict[str, Any]]) -> None:
    """Every view and rendered view, at every step, is the same whatever is hidden from it."""
    states = [game[0]["before"]] + [step["after"] for step in game]
    for state in states:
        for seat in [*SEATS, None]:
            marked, markers = with_marked_secrets(state, seat)
            text = json.dumps(auction.view(marked, seat)) + render_view(marked, seat)
            assert not [marker for marker in markers if marker in text]
            assert auction.view(marked, seat) == auction.view(state, seat)
        assert "valuations" not in auction.view(state, None)


def test_events_tell_a_valuation_only_to_the_lots_holder(game: list[dict[str, Any]]) -> None:
    """Events seen by a seat do not depend on secrets hidden from it (until the final score)."""
    for number, step in enumerate(game[:-1], start=1):
        for seat in [*SEATS, None]:
            marked, _ = with_marked_secrets(step["before"], seat)
            _, marked_events = auction.apply(marked, step["batch"], step_rng(SEED, number))
            seen = [e for e in step["events"] if e.visible_to(seat)]
            assert [e for e in marked_events if e.visible_to(seat)] == seen
    for step in game:
        for event in step["events"]:
            if event.code == EventCode.LOT_SCORED:
                assert event.to == (event.data["seat"],)
            else:
                assert event.to is None


# Templates


def test_event_and_view_templates_render_for_each_seat_and_the_public(
    game: list[dict[str, Any]],
) -> None:
    for step in game:
        for seat in [*SEATS, None]:
            text = render_events(step["events"], seat) + render_view(step["after"], seat)
            assert all(len(line) < 78 for line in text.splitlines())
            assert (seat is not None) == ("Your valuations" in text)
            assert ("Private to" in text) == any(
                e.to is not None and seat in e.to for e in step["events"]
            )


def test_the_view_template_shows_the_table_and_own_valuations() -> None:
    state = new_game(coins=57)
    state, _ = auction.apply(state, bids(state, east=7), step_rng(SEED, 1))
    state, _ = auction.apply(state, {"lot1.keep.east": "east"}, step_rng(SEED, 2))
    north = render_view(state, "north")
    assert "Lot 2 of 3: bidding" in north
    assert "north      57  -  (you)" in north
    assert "east       50  1" in north
    values = state["valuations"]["north"]
    assert f"  Lot 1: {values[0]:2d}\n" in north
    public = render_view(state, None)
    assert "(you)" not in public and "valuations" not in public


def test_the_events_template_has_words_for_every_event() -> None:
    state = new_game(["north", "east"], lots=1)
    state, sold = auction.apply(state, bids(state, north=12, east=12), step_rng(SEED, 1))
    winner = sold[0].data["winner"]
    loser = "east" if winner == "north" else "north"
    state, handed = auction.apply(state, {f"lot1.keep.{winner}": loser}, step_rng(SEED, 2))
    events = sold + handed
    assert {e.code for e in events} == set(EventCode) - {EventCode.LOT_KEPT,
                                                        EventCode.COMMAND_PASSED}
    text = render_events(events, loser)
    assert f"Lot 1 is sold to {winner} for 12 coins." in text
    assert "north, east tied at 12; the winner was drawn by lot." in text
    assert "Bids: north 12, east 12\n" in text
    assert f"{winner} gifts lot 1 to {loser} (you)." in text
    value = state["valuations"][loser][0]
    assert f"Private to {loser} (you): lot 1 is worth {value} points." in text
    assert "The auction is over." in text
    assert "Private" not in render_events(events, winner)
    kept = render_events([Event(EventCode.LOT_KEPT, {"lot": 2, "seat": "north"})], None)
    assert kept == "north keeps lot 2.\n"
