"""The Great Maker (001 4.06.09), the seventh spice card of the discovery tokens' variant (001
4.06.02; the gf9 option ``discovery_tokens``, ``Rules.extra_spice_cards``).

- 4.06.09.01: "treated like a normal Shai-Hulud card": it is a worm card of the spice deck
  (``GreatMaker.spice_card``: no territory), so every rule of a worm holds
  (set aside on turn 1, 1.02.03; the last spice territory devoured, the Fremen spared, their
  riding).
- 4.06.09.02: "Then there is a vote to determine whether or not a Nexus occurs. Going in Storm
  Order, each player votes yes or no for a Nexus. Unless a majority vote yes, there is no
  Nexus" (``GreatMaker.nexus_vote``, asked by ``spice_blow.worm_turned`` through
  ``variants.nexus_vote``).  By
  mail each faction's vote is a standing word, ``GREAT MAKER NEXUS YES`` or ``GREAT MAKER
  NEXUS NO`` (the default), offered to every faction alike in any round it is asked something
  in: the vote costs no round and the moderator tallies it the moment the card is turned; the
  votes are then told to all, in storm order.

Rulings (docs/rules-coverage.md, "001 GF9 variants: discovery tokens"): a faction that never
gave the word votes no ("Unless a majority vote yes"); a tie is no majority; the vote decides
the Nexus this worm would bring (another worm of the blow may still bring one).
- 4.06.09.03: "Afterward, the Fremen may use any number of their Forces in reserves to 'ride the
  worm', moving to any Territory in accordance with storm and occupancy rules (instead of riding
  from a Territory on the board or placing the Sandworm token)" (``GreatMaker.reserve_ride``,
  asked by ``spice_blow``): their ride of the Great Maker, upon conclusion of its Nexus as every
  ride (2.04.09), is either ``RIDE <forces> <territory>`` from its territory or ``RIDE RESERVES
  <forces> <territory> [SECTOR <n>]``, forces of their reserves landing where a ride may.
- 4.06.09.04: "A Karama played on the Fremen Forces in the Territory will destroy those Forces,
  but not prevent them from riding the worm with reserves": the Karama against their control
  (``spice_blow._control``) devours their forces there, and the ride from the reserves is still
  asked.

Rulings: a Great Maker the Fremen placed as an additional worm (2.04.16) gives no ride from the
reserves ("instead of ... placing the Sandworm token"); the ride from the reserves may land in
the worm's own territory too (it is "any Territory"), never under the storm nor where
occupancy bars them (``reach.entry_problem``).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..cards import cache_words
from ..codes import ErrorCode, EventCode
from ..data import SpiceCard
from ..orders.language import OrderProblem, order_kind
from ..rules import GREAT_MAKER
from ..state import State, storm_order
from .base import Variant

KIND = "maker"                      # the standing word's decision kind, and its key in a
#                                     sheet: True for a yes


class GreatMaker(Variant):
    """001 4.06.09, as the module docstring says: a part of the discovery tokens' variant."""

    option = "discovery_tokens"

    def spice_card(self, card_id: str) -> SpiceCard | None:
        """4.06.09.01: a worm card."""
        return SpiceCard(card_id) if card_id == GREAT_MAKER else None

    def reserve_ride(self, card_id: str) -> bool:
        """4.06.09.03: the Fremen may ride it with forces of their reserves."""
        return card_id == GREAT_MAKER

    def nexus_vote(self, state: State, card: SpiceCard) -> tuple[bool, list[Event]] | None:
        """4.06.09.02: the Great Maker's Nexus by a vote."""
        return vote(state) if card.id == GREAT_MAKER else None


def vote(state: State) -> tuple[bool, list[Event]]:
    """4.06.09.02: whether a majority of the factions votes yes, and the public word of the
    votes, in storm order."""
    votes = {seat: bool(state["factions"][seat].get(KIND)) for seat in storm_order(state)}
    yes = sum(votes.values())
    held = yes * 2 > len(votes)
    return held, [Event(EventCode.GREAT_MAKER_VOTE, {"votes": votes, "nexus": held})]


# --- the standing word
def _read(state: State, prompt: Prompt, words: list[str]) -> bool | None:
    said = [w.upper() for w in words]
    if said[:2] != ["MAKER", "NEXUS"] or said[2:] not in (["YES"], ["NO"]):
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected GREAT MAKER NEXUS YES or NO",
                           ("GREAT MAKER NEXUS YES", "GREAT MAKER NEXUS NO"))
    return True if said[2] == "YES" else None


def _text(game: Any, value: bool | None) -> str:
    return "GREAT MAKER NEXUS YES" if value else "GREAT MAKER NEXUS NO"


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> Any:
    """Now and then a yes (bots)."""
    return True if rng.random() < 0.5 else None


STANDING = cache_words.everyones(
    KIND, "discovery_tokens",
    ("GREAT MAKER NEXUS YES or NO (the default): your vote, should the Great Maker be turned, "
     "on whether a Nexus follows it; there is none unless a majority votes yes (001 "
     "4.06.09.02)."),
    _text, "your vote at a Great Maker", "GREAT", _read, _random)
order_kind(STANDING.order)
