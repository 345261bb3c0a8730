"""The orders of the bidding round (``bidding``): a secret maximum per card (``per_card``), a
maximum for every card of the row and a budget (``whole_round``), and an ally's ``SUPPORT``
(000 VIII.B-C, XII.E.3; the player aid's Karama, line 958; the mail modes in ``bidding``'s
docstring and docs/orders.md).

A Karama bid is ``BID KARAMA`` (``KARAMA``, "infinity") under AH, and under GF9 ``BID <n>
KARAMA`` (``[KARAMA, n]``: a maximum of n, more than the faction has if it likes, the card
won with it bought for nothing, 001 3.01.12.05; ``Rules.karama_overbid``).  Ruling: by mail n
is at most ``OVERBID_MOST``, or the faction's own means where they are more (a big table's
rich faction may bid its spice with its Karama too: ``karama_most``), and a faction that would
rather pay and keep its Karama bids without it.
"""

from __future__ import annotations

import random
import re
from typing import Any

from pbem.game import Prompt

from .. import transfers
from ..cards import karama
from ..codes import ErrorCode
from ..factions.base import hand_limit
from ..rules import cite, rules_of
from ..state import State, faction_name
from .language import OrderKind, OrderProblem, order_kind, read_number

KARAMA = "KARAMA"
OVERBID_MOST = 99       # the highest GF9 Karama bid by mail (module docstring)


def card_number(state: State) -> int:
    """The number (from 1) of the card up for bid, or of the next one."""
    step = state["step"]
    return step["dealt"] - len(step["row"]) + 1


def most_bid(state: State, seat: str) -> int:
    """The highest bid an order may name: the faction's spice and all its supporters' spice
    (what they could promise in the same mail round)."""
    return state["factions"][seat]["spice"] + sum(state["factions"][s]["spice"]
                                                  for s in transfers.supporters(state, seat))


def karama_most(state: State, seat: str) -> int:
    """The highest ``BID <n> KARAMA`` by mail: ``OVERBID_MOST``, or the faction's own means
    where they are more (ruling, module docstring; its own, never another's hidden spice)."""
    return max(OVERBID_MOST, most_bid(state, seat))


# --- the orders: per card
def bid_prompt(state: State, seat: str) -> Prompt:
    number, step = card_number(state), state["step"]
    left = len(step["row"]) - 1
    return Prompt(f"bid:{seat}", seat, "bid", True,
                  lambda: f"Card {number} of {step['dealt']} is up for bid, opened by "
                  f"{faction_name(step['opener'], state)}; {left} more after it this round.  "
                  f"BID <n> (1 to {most_bid(state, seat)}): the most you will pay; the "
                  "moderator bids for you in turn, one spice over the last bid, up to it.  "
                  f"{_karama_text(state, seat)}PASS: no bid.  {_means_text(state, seat)}",
                  None, "PASS", "PASS", optional=only_karama(state, seat),
                  ahead=f"bid@{number}:{seat}")


def only_karama(state: State, seat: str) -> bool:
    """Whether the faction could bid only with a Karama card (no spice, none from allies):
    its bid is then an optional decision (``Prompt.optional``), which nobody else learns of,
    so the others never wait for a faction because it holds a Karama."""
    return most_bid(state, seat) == 0


def _karama_text(state: State, seat: str, on: str = "") -> str:
    if not karama.playable(state, seat):
        return ""
    if rules_of(state).karama_overbid:
        return (f"BID <n> KARAMA{on} (n 1 to {karama_most(state, seat)}): bid up to n, more "
                "than you have if you like, and if you win take the card with your Karama "
                "card, paying nothing (001 3.01.12.05).  ")
    return (f"BID KARAMA{on}: take it with your Karama card, paying nothing (the first in "
            "turn to bid Karama wins).  ")


def _means_text(state: State, seat: str) -> str:
    own = state["factions"][seat]
    text = (f"You hold {own['spice']} spice and {len(own['hand'])} of "
            f"{hand_limit(state, seat)} cards")
    allies = transfers.supporters(state, seat)
    if allies:
        text += (f"; the {', '.join(faction_name(s, state) for s in allies)} may pay up to "
                 f"{most_bid(state, seat) - own['spice']} more if they SUPPORT you: a bid "
                 "counts up to what you can pay with the support promised")
    return text + "."


def _read_bid(state: State, prompt: Prompt, words: list[str]) -> int | str | None:
    """PASS (None), BID KARAMA, or BID n: the most the faction pays for the card up."""
    verb, rest = words[0], words[1:]
    number = card_number(state)
    if len(rest) >= 2 and rest[-2].upper() == "ON":
        if rest[-1] != str(number):
            raise OrderProblem(ErrorCode.NOT_UP, f"card {number} is up for bid now, not {rest[-1]}",
                               _legal_bids(state, prompt.seat, f" ON {number}"))
        rest = rest[:-2]
    return _read_amount(state, prompt.seat, verb, rest, "")


def _legal_bids(state: State, seat: str, on: str) -> tuple[str, ...]:
    """The bids a faction may give now (``on``: " ON <card>", or "")."""
    most = most_bid(state, seat)
    with_karama = (f"BID 1 to {karama_most(state, seat)} KARAMA{on}"
                   if rules_of(state).karama_overbid
                   else f"BID KARAMA{on}")
    return tuple([f"BID 1 to {most}{on}"] * (most > 0)
                 + [with_karama] * bool(karama.playable(state, seat))
                 + [f"PASS{on}"])


def _read_amount(state: State, seat: str, verb: str, rest: list[str], on: str
                 ) -> int | str | None:
    """The maximum of a BID or PASS line (without its ``ON n``)."""
    most = most_bid(state, seat)
    valid = _legal_bids(state, seat, on)
    if verb == "PASS":
        if rest:
            raise OrderProblem(ErrorCode.BAD_PASS, f"PASS takes no amount: {' '.join(rest)!r}",
                               valid)
        return None
    if rules_of(state).karama_overbid:
        return _read_overbid(state, seat, rest, most, valid)
    if len(rest) != 1:
        raise OrderProblem(ErrorCode.BAD_BID, "expected BID <n>, BID KARAMA or PASS", valid)
    if rest[0].upper() == KARAMA:
        if not karama.playable(state, seat):
            raise OrderProblem(ErrorCode.NO_KARAMA, "you hold no Karama card", valid)
        return KARAMA
    if not re.fullmatch(r"\d+", rest[0]):
        raise OrderProblem(ErrorCode.BAD_NUMBER, f"expected the bid as a number, got {rest[0]!r}",
                           valid)
    if int(rest[0]) > most:
        rule = cite(state, "000 VIII.C; with your allies' spice, XII.E.3")
        raise OrderProblem(ErrorCode.OVER_MEANS,
                           f"you can pay at most {most} ({rule}), not {rest[0]}", valid)
    return int(rest[0]) or None


def _read_overbid(state: State, seat: str, rest: list[str], most: int,
                  valid: tuple[str, ...]) -> int | list | None:
    """GF9: BID <n> within the faction's means, or BID <n> KARAMA up to ``karama_most``
    (001 3.01.12.05)."""
    if not rest or len(rest) > 2 or (len(rest) == 2 and rest[1].upper() != KARAMA):
        raise OrderProblem(ErrorCode.BAD_BID, "expected BID <n>, BID <n> KARAMA (001 "
                           "3.01.12.05: a Karama bids more than you have) or PASS", valid)
    if len(rest) == 2 and not karama.playable(state, seat):
        raise OrderProblem(ErrorCode.NO_KARAMA, "you hold no Karama card", valid)
    if rest[0].upper() == KARAMA:
        raise OrderProblem(ErrorCode.BAD_BID, "a Karama bid names its amount, BID <n> KARAMA: "
                           "it bids more than you have, and others may top it (001 "
                           "3.01.12.05)", valid)
    if not re.fullmatch(r"\d+", rest[0]):
        raise OrderProblem(ErrorCode.BAD_NUMBER, f"expected the bid as a number, got {rest[0]!r}",
                           valid)
    amount = int(rest[0])
    if len(rest) == 2:
        if not 1 <= amount <= karama_most(state, seat):
            raise OrderProblem(ErrorCode.BAD_NUMBER, "a Karama bid is 1 to "
                               f"{karama_most(state, seat)}, not {amount}", valid)
        return [KARAMA, amount]
    if amount > most:
        more = ("; BID <n> KARAMA bids more with your Karama card (3.01.12.05)"
                if karama.playable(state, seat) else "")
        raise OrderProblem(ErrorCode.OVER_MEANS,
                           f"you can pay at most {most} (001 1.04.07.04; with your allies' "
                           f"spice, 1.10.03.05), not {amount}{more}", valid)
    return amount or None


def _bid_text(value: int | str | list | None) -> str:
    if isinstance(value, list):
        return f"BID {value[1]} KARAMA"
    return "PASS" if value is None else f"BID {value}"


def _random_bid(view: dict[str, Any], prompt: Prompt, rng: random.Random
                ) -> int | str | list | None:
    """A bot's bid: sometimes its Karama (under GF9 a number, 001 3.01.12.05), sometimes
    PASS, else up to its own spice."""
    own = view["own"]
    if karama.of_view(view) and rng.random() < 0.2:
        if rules_of(view).karama_overbid:
            return [KARAMA, rng.randint(1, min(own["spice"] + 10,
                                               max(OVERBID_MOST, own["spice"])))]
        return KARAMA
    if own["spice"] == 0 or rng.random() < 0.3:
        return None
    return rng.randint(1, own["spice"])


order_kind(OrderKind("bid", ("BID", "PASS"), _read_bid, lambda _, v: _bid_text(v),
                     random=_random_bid, with_verb=True))


# --- the orders: the whole round at once
def bids_prompt(state: State, seat: str) -> Prompt:
    dealt = state["step"]["dealt"]
    default = {"bids": [None] * dealt, "budget": None}
    return Prompt(f"bids:{seat}", seat, "bids", True,
                  f"{dealt} cards are up for bid, auctioned in order (cards 1 to {dealt}).  "
                  f"For each card: BID <n> ON <card> (1 to {most_bid(state, seat)}): "
                  "the most you will pay; the moderator bids for you in turn, one spice over the "
                  f"last bid, up to it.  {_karama_text(state, seat, ' ON <card>')}PASS ON <card>: "
                  "no bid.  BID <n> or PASS alone: every card.  BUDGET <n>: at most n spice in "
                  "all this round.  Once your hand is full or your spice (or budget) runs out "
                  "you pass on the rest.  " + _means_text(state, seat),
                  default, _bids_text(default), _bids_text(default),
                  optional=only_karama(state, seat))


def _read_bids_line(state: State, prompt: Prompt, words: list[str]) -> tuple:
    """One line of a whole-round order: ("budget", n) or ("bid", card or None, maximum)."""
    verb, rest = words[0], words[1:]
    dealt = state["step"]["dealt"]
    if verb == "BUDGET":
        return ("budget", read_number(rest[0] if len(rest) == 1 else " ".join(rest), 0,
                                      most_bid(state, prompt.seat), "the budget"))
    card = None
    if len(rest) >= 2 and rest[-2].upper() == "ON":
        card = read_number(rest[-1], 1, dealt, "the card")
        rest = rest[:-2]
    on = " ON <card>" if card is None else f" ON {card}"
    return ("bid", card, _read_amount(state, prompt.seat, verb, rest, on))


def _combine_bids(state: State, prompt: Prompt, parts: list[tuple]) -> dict[str, Any]:
    """The lines in order: a line for every card, then lines for one card, override."""
    value: dict[str, Any] = {"bids": [None] * state["step"]["dealt"], "budget": None}
    for part in parts:
        if part[0] == "budget":
            value["budget"] = part[1]
            continue
        _, card, bid = part
        for index in range(len(value["bids"])) if card is None else [card - 1]:
            value["bids"][index] = bid
    return value


def _bids_text(value: dict[str, Any]) -> str:
    lines = [f"{_bid_text(bid)} ON {number}" for number, bid in enumerate(value["bids"], 1)]
    if value["budget"] is not None:
        lines.append(f"BUDGET {value['budget']}")
    return "\n".join(lines)


def _random_bids(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """A bot's bids: a random bid or PASS on each card up, sometimes a budget."""
    spice = view["own"]["spice"]
    budget = rng.randint(0, spice) if rng.random() < 0.3 else None
    return {"bids": [_random_bid(view, prompt, rng) for _ in view["bidding"]["up"]],
            "budget": budget}


order_kind(OrderKind("bids", ("BID", "PASS", "BUDGET"), _read_bids_line,
                     lambda _, v: _bids_text(v),
                     combine=_combine_bids, random=_random_bids, with_verb=True))


# --- the orders: allies' support
def support_prompt(state: State, seat: str) -> Prompt:
    step = state["step"]
    paid = step["paid"].get(seat, 0)
    # the standing promise, within what the supporter could still promise (``_read_support``):
    # its spice may have gone elsewhere since
    promised = min(step["promised"].get(seat, 0), paid + state["factions"][seat]["spice"])
    allies = [s for s in state["seats"] if seat in transfers.supporters(state, s)]
    return Prompt(f"card-support:{seat}", seat, "card-support", True,
                  f"SUPPORT <n>: the most you will pay in all this round towards the cards "
                  f"the {', '.join(faction_name(s, state) for s in allies)} buy; they pay their "
                  "own "
                  f"spice first ({cite(state, '000 XII.E.3')}).  You hold "
                  f"{state['factions'][seat]['spice']} "
                  f"spice and paid {paid} so far this round; SUPPORT 0: nothing",
                  promised, f"SUPPORT {promised}", f"SUPPORT {promised}",
                  optional=seat in step["promised"])


def _read_support(state: State, prompt: Prompt, words: list[str]) -> int:
    paid = state["step"]["paid"].get(prompt.seat, 0)
    most = paid + state["factions"][prompt.seat]["spice"]
    return read_number(words[0] if len(words) == 1 else " ".join(words), 0, most,
                       "the support")


order_kind(OrderKind("card-support", ("SUPPORT",), _read_support, lambda _, v: f"SUPPORT {v}",
                     random=lambda view, prompt, rng: rng.randint(0, view["own"]["spice"])))
