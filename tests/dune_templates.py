"""Turn sheets read back as written, for the template tests of every ruleset: a whole game
played by the random bot, and each step's templates of each seat (the decisions open now and
those to come, ``FOR ...``) sent back as they are in one mail."""

from __future__ import annotations

import random
from dataclasses import dataclass

from dune_rounds import bot_orders

from pbem.game import step_rng
from pbem.games import dune
from pbem.templating import MAIL_WIDTH


def states_of(ruleset: str, seats: list[str], options: dict, seed: int, turns: int = 4):
    """Every state of a game of ``seats``, the random bot playing each seat."""
    rng = random.Random(seed)
    options = {**options, "turns": turns}
    state = dune.setup(ruleset, options, list(seats), step_rng(str(seed), 0))
    states = [state]
    while dune.result(state) is None:
        state, _ = dune.apply(state, bot_orders(state, rng), step_rng(str(seed), len(states)))
        states.append(state)
    return states


@dataclass
class Checked:
    """What ``read_back`` checked: the seats' steps, the later decisions' templates, and the
    decisions of each kind among the open ones."""

    steps: int = 0
    ahead: int = 0
    kinds: dict[str, int] | None = None


def read_back(states) -> Checked:
    """At every state, each seat's templates (open and later) sent back in one mail give an
    order for each, no error, no line unread but the commented examples, no line wider than
    the mail; each open order's echo reads back to it."""
    checked = Checked(kinds={})
    for state in states:
        prompts = dune.prompts(state)
        for seat in state["seats"]:
            mine = [p for p in prompts if p.seat == seat]
            later = dune.ahead(state, seat)
            if not mine and not later:
                continue
            for prompt in mine:
                checked.kinds[prompt.kind] = checked.kinds.get(prompt.kind, 0) + 1
            text = "\n".join(p.template for p in mine + later)
            parsed = dune.parse(state, seat, text)
            assert parsed.errors == [], (state["turn"], text)
            assert all(u.line.startswith("#") for u in parsed.unread), text   # examples
            assert {o.prompt for o in parsed.orders} == {p.key for p in mine + later}, text
            assert all(len(line) <= MAIL_WIDTH for line in text.splitlines())
            for order in (o for o in parsed.orders if o.prompt in {p.key for p in mine}):
                echo = dune.parse(state, seat, order.text)
                assert [o.value for o in echo.orders if o.prompt == order.prompt] == [
                    order.value], order.text
            checked.steps += 1
            checked.ahead += len(later)
    return checked
