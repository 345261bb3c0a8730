"""Optional decisions (``Prompt.optional``: playing a card that may be kept for later) are the
holder's alone to know of: they never make a seat waited for, nor set a step's deadline."""

from __future__ import annotations

from pbem.game import Prompt, owed, waiting_for


def prompt(key, seat, optional=False):
    return Prompt(key, seat, key.split(":")[0], True, "", None, "NONE", "NONE", optional)


BID, KARAMA = prompt("bid:atreides", "atreides"), prompt("karama:atreides", "atreides", True)
ALONE = prompt("karama:harkonnen", "harkonnen", optional=True)


def test_a_step_waits_only_for_seats_owing_a_decision_that_is_not_optional():
    """The review's D5: a Harkonnen hand holding a Karama made the others read "Waiting for:
    atreides, harkonnen."; an optional decision never names its seat."""
    prompts = [BID, KARAMA, ALONE]
    assert waiting_for(prompts, set()) == ["atreides"]
    assert waiting_for(prompts, {"karama:atreides"}) == ["atreides"]
    assert waiting_for(prompts, {"bid:atreides"}) == []
    assert waiting_for([ALONE], set()) == []


def test_the_decisions_owed_leave_the_optional_ones_out():
    assert owed([BID, KARAMA, ALONE]) == [BID]
