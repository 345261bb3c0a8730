"""Decisions as players name them: the words a standing order names a kind of decision by,
and ``PASS`` or ``NONE``, which every decision that can be passed understands
(``pbem.game.DecisionKind``; docs/orders.md).

A mail line that is ``PASS`` or ``NONE`` alone (any case), and that the game does not read
as an order, answers each of the seat's open decisions that can be passed and that no other
line of the mail answers, with the order that passes it; with no decision open for the seat
it is taken as "nothing to do", not as an error.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.game import DecisionKind, Game, Order, OrderError, Parsed, Prompt, State

PASS_WORDS = ("PASS", "NONE")


def kinds_by_word(game: Game) -> dict[str, list[DecisionKind]]:
    """The kinds of decision each word names (upper case): the game's words for a kind, and
    the kind's own name as the reports show it (``BID``, ``BIDDING-KARAMA``)."""
    found: dict[str, list[DecisionKind]] = {}
    for kind in game.decision_kinds:
        for word in dict.fromkeys((*kind.words, kind.kind.upper())):
            found.setdefault(word, []).append(kind)
    return found


def decision_kind(game: Game, kind: str) -> DecisionKind:
    """The game's description of a prompt kind."""
    return next(k for k in game.decision_kinds if k.kind == kind)


def is_pass(line: str) -> bool:
    """Whether a line is ``PASS`` or ``NONE`` alone (any case, a full stop allowed)."""
    return line.strip().rstrip(".!").upper() in PASS_WORDS


def read_for(game: Game, state: State, prompt: Prompt, text: str) -> Order | None:
    """Order text read as the answer to one decision: its own orders, or, where every line is
    PASS or NONE and the decision can be passed, the order that passes it; else None."""
    orders = game.parse_decision(state, prompt, text).orders
    if orders:
        return orders[-1]
    passing = decision_kind(game, prompt.kind).passing
    lines = [line for line in text.splitlines() if line.strip()]
    if passing is None or not lines or not all(is_pass(line) for line in lines):
        return None
    passed = game.parse_decision(state, prompt, passing).orders
    return passed[0] if passed else None


def read_orders(game: Game, state: State, seat: str, text: str,
                prompts: list[Prompt]) -> tuple[Parsed, list[str]]:
    """A seat's mail read by the game, with its PASS and NONE lines understood and its
    mistyped order words refused; also the notes for the answer (a PASS with nothing to
    decide)."""
    parsed = mistyped_refused(game, game.parse(state, seat, text), text)
    passes = [line for line in (*parsed.errors, *parsed.unread) if is_pass(line.line)]
    if not passes:
        return parsed, []
    mine = [p for p in prompts if p.seat == seat]
    answered = {order.prompt for order in parsed.orders}
    passed = [read_for(game, state, p, PASS_WORDS[0]) for p in mine if p.key not in answered]
    lines = tuple(line.line_no for line in passes)
    passed = [replace(order, lines=lines) for order in passed if order is not None]
    if not passed and mine:
        return parsed, []                      # nothing open can be passed: the game's error
    notes = [] if mine else [_nothing_to_do(passes)]
    return Parsed(parsed.orders + passed,
                  [error for error in parsed.errors if error not in passes],
                  parsed.not_filed,
                  [line for line in parsed.unread if line not in passes], parsed.left), notes


def _nothing_to_do(passes: list) -> str:
    lines = ", ".join(f"line {error.line_no}" for error in passes)
    return (f"{passes[0].line.strip()} ({lines}): nothing for you to do now; you have no "
            "decision open in this step.")


def mistyped_refused(game: Game, parsed: Parsed, text: str = "") -> Parsed:
    """A line the game did not read whose first word is one letter from an order's word
    (``BDI 10``, ``SHPI 5 TO Arrakeen``) is refused, naming the word meant, rather than set
    aside as no order ("thx").  The decision the line was meant for, read from the mail's other
    lines (a battle plan with ``Wepon Lasgun`` among its lines), is not filed either: a
    decision is filed whole or not at all (docs/orders.md)."""
    verbs = sorted({verb for kind in game.decision_kinds for verb in kind.verbs})
    refused, unread = [], []
    for line in parsed.unread:
        word = (line.line.split() or [""])[0].upper().rstrip(":=")
        meant = [verb for verb in verbs if one_letter_apart(word, verb)]
        if meant:
            refused.append(OrderError(line.line_no, line.line, "unknown-order",
                                      f"unknown order {word!r}: did you mean "
                                      f"{' or '.join(meant)}?", tuple(meant)))
        else:
            unread.append(line)
    if not refused:
        return parsed
    orders, not_filed = list(parsed.orders), list(parsed.not_filed)
    lines = text.splitlines()
    for error in refused:
        order = _meant_for(game, orders, lines, error)
        if order is not None:
            orders.remove(order)
            not_filed += [_not_filed(n, lines[n - 1], error) for n in order.lines
                          if 0 < n <= len(lines)]
    errors = sorted(parsed.errors + refused, key=lambda error: error.line_no)
    return Parsed(orders, errors, not_filed, unread, parsed.left)


def _meant_for(game: Game, orders: list[Order], lines: list[str], error: OrderError
               ) -> Order | None:
    """The order read from the mail that a mistyped line belongs to: of those whose lines take
    the verbs of the kind of decision the word was meant for, the one whose lines span the
    mistyped line, else the last one before it."""
    kinds = [k for k in game.decision_kinds if set(error.valid) & set(k.verbs)]
    verbs = {verb for kind in kinds for verb in kind.verbs}

    def takes(order: Order) -> bool:
        return any(0 < n <= len(lines) and (lines[n - 1].split() or [""])[0].upper()
                   .rstrip(":=") in verbs for n in order.lines)
    mine = sorted((o for o in orders if o.lines and takes(o)), key=lambda o: min(o.lines))
    spanning = [o for o in mine if min(o.lines) < error.line_no < max(o.lines)]
    before = [o for o in mine if max(o.lines) < error.line_no]
    return (spanning or before[-1:] or [None])[0]


def _not_filed(number: int, line: str, refused: OrderError) -> OrderError:
    """A good line of a decision not filed because its mistyped line was refused."""
    return OrderError(number, line, "not-filed", f"not filed: line {refused.line_no} of the "
                      "same decision was refused; send it again whole")


def one_letter_apart(word: str, verb: str) -> bool:
    """Whether ``word`` is ``verb`` with one letter wrong, missing, extra, or two side by side
    swapped (a word of three letters or more)."""
    if word == verb or min(len(word), len(verb)) < 3 or abs(len(word) - len(verb)) > 1:
        return False
    if len(word) == len(verb):
        wrong = [i for i, (a, b) in enumerate(zip(word, verb, strict=True)) if a != b]
        return len(wrong) == 1 or (len(wrong) == 2 and wrong[1] == wrong[0] + 1
                                   and word[wrong[0]] == verb[wrong[1]]
                                   and word[wrong[1]] == verb[wrong[0]])
    short, long = sorted((word, verb), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))
