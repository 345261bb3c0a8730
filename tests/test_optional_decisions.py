"""Optional decisions (``Prompt.optional``: playing a card that may be kept for later) never
hold a step up once their seat has answered its other decisions."""

from __future__ import annotations

from pbem.game import Prompt
from pbem.resolution import answered


def prompt(key, seat, optional=False):
    return Prompt(key, seat, key.split(":")[0], True, "", None, "NONE", "NONE", optional)


def test_an_optional_decision_counts_once_the_seat_answered_another():
    bid, karama = prompt("bid:atreides", "atreides"), prompt("karama:atreides", "atreides",
                                                            optional=True)
    alone = prompt("karama:harkonnen", "harkonnen", optional=True)
    prompts = [bid, karama, alone]
    assert not answered(karama, {}, prompts)
    assert answered(karama, {"bid:atreides": {}}, prompts)
    assert not answered(bid, {"karama:atreides": {}}, prompts)
    assert not answered(alone, {"bid:atreides": {}}, prompts)     # its seat's only decision
    assert answered(alone, {"karama:harkonnen": {}}, prompts)
