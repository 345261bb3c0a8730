"""What the mail of a GF9 game by mail with CHOAM (001 2.09) or Richese (001 2.10) seated must
show, and show only to them, once the bots have played it to its end: the whole-game tests of
either faction and of both together ask these of every seat's mail."""

from __future__ import annotations

import re

from pbem.games.dune import tokens

# The view's line of a seat's face-down tokens, when it names a No-Field (2.10.10).
NO_FIELDS_SEEN = re.compile(r"Your face-down tokens, their values seen by you alone:[^\n]*"
                            r"No-Field")


def choam_mail_holds(seat: str, mails: str) -> None:
    """001 2.09.05: CHOAM's income before the Charity is told to all; 2.09.07: its standing
    sale on the Open Market to CHOAM alone."""
    assert "spice from the bank before the charity" in mails, seat
    assert ("Your sale on the Open Market" in mails) == (seat == "choam"), seat


def richese_mail_holds(seat: str, mails: str) -> None:
    """001 2.10.10: Richese's mail lists their No-Fields' values, no other seat's."""
    assert bool(NO_FIELDS_SEEN.search(mails)) == (seat == "richese"), seat


def richese_played(states, events: list[list[dict]]) -> None:
    """Richese's powers happened in the game: a cache card offered (2.10.06), a No-Field out
    of their supply (2.10.11, 2.10.03 B), shipments made."""
    assert any(token["kind"] == "no_field" and token["at"] != "behind"
               for state in states for token in tokens.of(state)), "a No-Field left the supply"
    assert {"offer-made", "shipment"} <= {event["code"] for step in events for event in step}
