"""Auction orders: the open prompts, their legal choices, reading order text, and bots.

Order values: a bid is the number of coins bid; a keep-or-gift decision is the
seat that receives the lot (the winner itself for KEEP).  The legal choices
are read from a ``table``, a state or a view: only its public ``seats`` and
``coins`` are used, so the bots see no more than their seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum
from typing import Any

from pbem.game import DecisionKind, NotRead, Order, OrderError, Parsed, Prompt, State

from .table import BID, KEEP, step_name


class ErrorCode(StrEnum):
    """Why a line of order text was rejected."""

    NOT_YOUR_TURN = "not-your-turn"
    EXTRA_WORDS = "extra-words"
    BAD_NUMBER = "bad-number"
    BID_TOO_HIGH = "bid-too-high"
    NO_SUCH_SEAT = "no-such-seat"
    GIFT_TO_SELF = "gift-to-self"
    REPLACED = "replaced"


class Rejected(Exception):
    """A line that is not a legal order; ``parse`` adds the line and its number."""

    def __init__(self, code: ErrorCode, message: str, valid: tuple[str, ...] = ()):
        super().__init__(message)
        self.code = code
        self.message = message
        self.valid = valid


def prompt_key(lot: int, kind: str, seat: str) -> str:
    """The key of a decision, such as "lot2.bid.north"."""
    return f"lot{lot}.{kind}.{seat}"


def most_bid(table: dict[str, Any], seat: str) -> int:
    """The highest bid ``seat`` may make: all its coins."""
    return table["coins"][seat]


def gift_receivers(table: dict[str, Any], seat: str) -> list[str]:
    """The seats ``seat`` may gift a lot to: all the others."""
    return [other for other in table["seats"] if other != seat]


def legal_bids(table: dict[str, Any], seat: str) -> str:
    """The legal bids of ``seat``, as the player would read them."""
    return f"BID 0 to {most_bid(table, seat)}"


def legal_choices(table: dict[str, Any], prompt: Prompt) -> tuple[str, ...]:
    """The legal answers to ``prompt``, as the player would write them."""
    if prompt.kind == BID:
        return (legal_bids(table, prompt.seat),)
    return ("KEEP", *(f"GIFT {other}" for other in gift_receivers(table, prompt.seat)))


def bid_order(key: str, coins: int) -> Order:
    """A bid of ``coins`` for the prompt ``key``."""
    return Order(key, coins, f"BID {coins}")


def keep_order(prompt: Prompt, receiver: str) -> Order:
    """The winner's choice: keep the lot (``receiver`` is itself) or gift it."""
    text = "KEEP" if receiver == prompt.seat else f"GIFT {receiver}"
    return Order(prompt.key, receiver, text)


def prompts(state: State) -> list[Prompt]:
    """The decisions open now: a secret bid from every seat, or the winner's keep or gift."""
    if state["step"] == BID:
        return [bid_prompt(state, seat) for seat in state["seats"]]
    if state["step"] == KEEP:
        return [keep_prompt(state, state["sales"][-1]["winner"])]
    return []


def bid_prompt(state: State, seat: str) -> Prompt:
    """A seat's sealed bid on the lot on the block."""
    return Prompt(
        key=prompt_key(state["lot"], BID, seat),
        seat=seat,
        kind=BID,
        secret=True,
        legal=legal_bids(state, seat),
        default=0,
        default_text="BID 0",
        template="BID 0",
    )


def keep_prompt(state: State, winner: str) -> Prompt:
    """The winner's choice to keep the lot or gift it to another seat."""
    return Prompt(
        key=prompt_key(state["lot"], KEEP, winner),
        seat=winner,
        kind=KEEP,
        secret=False,
        legal="KEEP, or GIFT one of: " + ", ".join(gift_receivers(state, winner)),
        default=winner,
        default_text="KEEP",
        template="KEEP",
    )


def parse(state: State, seat: str, text: str) -> Parsed:
    """Read every line of ``seat``'s order text; the last line answering a prompt wins, the
    lines before it are refused as replaced.

    Blank lines are skipped; a line whose first word is no order ("thanks", a ``#``
    comment) is not read; line numbers count every line of ``text``.
    """
    assert seat in state["seats"], f"no seat {seat!r} in this game"
    open_prompts = {prompt.kind: prompt for prompt in prompts(state) if prompt.seat == seat}
    orders: dict[str, Order] = {}
    parsed = Parsed()
    for line_no, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words:
            continue
        if words[0].upper() not in VERBS:
            parsed.unread.append(NotRead(line_no, line))
            continue
        try:
            order = read_line(state, open_prompts, words)
        except Rejected as rejected:
            parsed.errors.append(
                OrderError(line_no, line.strip(), rejected.code, rejected.message, rejected.valid)
            )
            continue
        if order.prompt in orders:
            before = orders.pop(order.prompt)
            parsed.errors.append(OrderError(
                before.lines[0], text.splitlines()[before.lines[0] - 1].strip(),
                ErrorCode.REPLACED, f"replaced by line {line_no}: the last line for a "
                "decision counts"))
        orders[order.prompt] = replace(order, lines=(line_no,))
    parsed.orders = list(orders.values())
    parsed.errors.sort(key=lambda error: error.line_no)
    return parsed


def read_line(state: State, open_prompts: dict[str, Prompt], words: list[str]) -> Order:
    """One line's order (its first word one of ``VERBS``), or Rejected saying why not."""
    verb, arguments = words[0].upper(), words[1:]
    open_choices = tuple(
        choice for prompt in open_prompts.values() for choice in legal_choices(state, prompt)
    )
    kind, arity, reader = VERBS[verb]
    prompt = open_prompts.get(kind)
    if prompt is None:
        raise Rejected(
            ErrorCode.NOT_YOUR_TURN,
            f"you have no {kind} decision now ({step_name(state)})",
            open_choices,
        )
    valid = legal_choices(state, prompt)
    if len(arguments) > arity:
        raise Rejected(
            ErrorCode.EXTRA_WORDS, f"{verb} takes {('nothing', 'one word')[arity]} after it", valid
        )
    return reader(state, prompt, arguments, valid)


def read_bid(state: State, prompt: Prompt, arguments: list[str], valid: tuple[str, ...]) -> Order:
    """BID <coins>: a whole number from 0 to the seat's coins."""
    most = most_bid(state, prompt.seat)
    if not arguments or not (arguments[0].isascii() and arguments[0].isdigit()):
        raise Rejected(ErrorCode.BAD_NUMBER, f"a bid is a whole number from 0 to {most}", valid)
    coins = int(arguments[0])
    if coins > most:
        raise Rejected(
            ErrorCode.BID_TOO_HIGH,
            f"you have {most} coins, so the most you can bid is {most}",
            valid,
        )
    return bid_order(prompt.key, coins)


def read_pass(state: State, prompt: Prompt, arguments: list[str], valid: tuple[str, ...]) -> Order:
    """PASS: a bid of nothing."""
    return bid_order(prompt.key, 0)


def read_keep(state: State, prompt: Prompt, arguments: list[str], valid: tuple[str, ...]) -> Order:
    """KEEP: the winner keeps the lot."""
    return keep_order(prompt, prompt.seat)


def read_gift(state: State, prompt: Prompt, arguments: list[str], valid: tuple[str, ...]) -> Order:
    """GIFT <seat>: the winner gives the lot to another seat."""
    receivers = gift_receivers(state, prompt.seat)
    if not arguments:
        raise Rejected(
            ErrorCode.NO_SUCH_SEAT, f"GIFT needs a seat: one of {', '.join(receivers)}", valid
        )
    receiver = arguments[0].lower()
    if receiver == prompt.seat:
        raise Rejected(
            ErrorCode.GIFT_TO_SELF, "you cannot gift a lot to yourself; write KEEP", valid
        )
    if receiver not in receivers:
        raise Rejected(
            ErrorCode.NO_SUCH_SEAT,
            f"no seat {arguments[0]!r} in this game; GIFT one of: {', '.join(receivers)}",
            valid,
        )
    return keep_order(prompt, receiver)


Reader = Callable[[State, Prompt, list[str], tuple[str, ...]], Order]

# verb: (the kind of prompt it answers, how many words may follow, its reader)
VERBS: dict[str, tuple[str, int, Reader]] = {
    "BID": (BID, 1, read_bid),
    "PASS": (BID, 0, read_pass),
    "KEEP": (KEEP, 0, read_keep),
    "GIFT": (KEEP, 1, read_gift),
}


# The kinds of decision as players name them (SET STANDING), and the order that passes one.
DECISION_KINDS = (
    DecisionKind(BID, ("BID", "BIDS", "LOT"), "your sealed bid on each lot",
                 ("BID", "PASS"), "PASS"),
    DecisionKind(KEEP, ("KEEP", "GIFT"), "whether you keep or gift each lot you win",
                 ("KEEP", "GIFT")),
)


def parse_decision(state: State, prompt: Prompt, text: str) -> Parsed:
    """Order text read for one open decision alone (a seat has one decision at a time)."""
    parsed = parse(state, prompt.seat, text)
    return Parsed([o for o in parsed.orders if o.prompt == prompt.key], parsed.errors)


def bot_order(view: dict[str, Any], prompt: Prompt, rng: random.Random,
              style: str = "random") -> str:
    """A random legal order for ``prompt``, chosen from the seat's view alone (the auction's
    only bot ``style``)."""
    if prompt.kind == BID:
        return bid_order(prompt.key, rng.randint(0, most_bid(view, prompt.seat))).text
    return keep_order(prompt, rng.choice([prompt.seat, *gift_receivers(view, prompt.seat)])).text
