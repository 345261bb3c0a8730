"""GF9: the Karama that cancels one use of a faction ability (001 3.01.12.02-03; "How To Use
This Guide", line 7; 2 item 5), for the abilities no other Karama line reaches.

Which abilities a Karama reaches is the ✷ glyph, lost from 001's text: we follow the published
guide's marks (docs/rules-coverage.md, the rows of 2.02, 2.04 and 2.06).  Those played in a
battle, in the bidding round or on a worm the Fremen control have their own lines
(``battle_karama``, ``bidding_karama``, ``spice_blow``); this module has the rest:

- in a faction's movement turn: the Fremen's move of two territories (2.04.07) and their
  storm migration (2.04.18); the Guild's payment for a shipment (2.06.05), cross-ship
  (2.06.06.02, their ally's too, 2.06.11), shipping back to the reserves (2.06.06.03) and half
  price (2.06.07, their ally's too, 2.06.10); the Bene Gesserit's intrusion (2.02.16);
- in the storm round, the Fremen's halved storm losses (2.04.17); in the charity round, the
  Bene Gesserit's charity (2.02.10); in the revival round, the free revival of 3 the Fremen
  give their ally (2.04.12); at a worm, the Fremen's protection of their ally (2.04.11).

Ruling (by mail): a Karama is played "when another player attempts to use" the ability
(3.01.12.02), so it is ordered ahead, a line ``KARAMA <WORD> [<faction>]`` of the player's
movement turn (the one mail of each turn every faction writes; ``KARAMA FREE-REVIVAL`` also
in the revival round, ``KARAMA PROTECTION`` also on the worm, where they act), and stands
ready, unseen but by its player, until the named faction next uses that ability (this turn or
a later one); the card is played then, if the player still holds one (else the line lapses),
and the use is cancelled.  Cancelling and preventing
(3.01.12.03: "before that faction uses that ability") come to the same by mail: the ability
is not used, and the faction "may recalculate and retake that same action without the
ability" (3.01.12.02, 2 item 5).  How it retakes it: a movement turn in the sequential mode
and a revival are asked again, with the cancellation in force (unless its own Karama
cancelled it: it knew); a turn in the
batched mode goes on to its fallback plans (``ELSE``), which are its retaking; charity, storm
losses and a worm have no action to retake.  One use: a cancelled turn ability is lifted once
that turn is over, the others once their round has used them.  Each line takes a card of
its own; the first player in storm order standing ready plays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pbem.game import Event

from .. import factions
from ..data import Ability
from ..orders.language import read_faction
from ..rules import rules_of
from ..state import State, ally_of, copy_state, faction_name, sheet
from . import karama

TURN = "turn"           # played in a movement turn (``cancel_in_turn``)


@dataclass(frozen=True)
class Reach:
    """A faction ability a Karama line cancels: its word, its 001 section, what it is, where
    it acts (``TURN`` or a round's name), and who may be named (state, player) -> seats."""

    word: str
    section: str
    what: str
    at: str
    targets: Callable[[State, str], list[str]]


def _others(found: Callable[[State, str], bool]) -> Callable[[State, str], list[str]]:
    return lambda state, player: [s for s in state["seats"] if s != player and found(state, s)]


def _has(ability: Ability) -> Callable[[State, str], list[str]]:
    return _others(lambda state, seat: factions.has(state, seat, ability))


def _ally_has(ability: Ability) -> Callable[[State, str], list[str]]:
    return _others(lambda state, seat: _lent(state, seat, ability))


def _lent(state: State, seat: str, *abilities: Ability) -> bool:
    """An ally of the seat lends it one of the alliance powers."""
    return any(factions.has(state, ally, ability) for ally in ally_of(state, seat)
               for ability in abilities)


def _guild_way(own: Ability, *lent: Ability) -> Callable[[State, str], list[str]]:
    """The factions shipping the Guild's way: their own ability or their ally's lent one
    (001 2.06.06-07, 2.06.10-11; the shipments of ``board.reach``)."""
    return _others(lambda state, seat: factions.has(state, seat, own)
                   or _lent(state, seat, Ability.ALLY_GUILD_SHIPMENT, *lent))


def _shippers(state: State, player: str) -> list[str]:
    """Whose shipment from the reserves pays the Guild: any faction but the Guild themselves
    and the natives, who ship free (the shipper may cancel its own payment: the Guild are the
    ones using the ability)."""
    guild = factions.holder(state, Ability.SHIPMENT_PAYMENTS)
    if guild is None or player == guild:
        return []
    return [s for s in state["seats"] if s != guild and sheet(s, state).native_arrival is None]


REACHES = {reach_.word: reach_ for reach_ in (
    Reach("movement", "001 2.04.07", "move of two territories", TURN,
          _others(lambda state, seat: sheet(seat, state).movement > 1)),
    Reach("migration", "001 2.04.18", "storm migration", TURN,
          _has(Ability.STORM_HALF_LOSSES)),
    Reach("payment", "001 2.06.05", "shipment paid to the Guild", TURN, _shippers),
    Reach("cross-ship", "001 2.06.06.02, 2.06.11", "cross-ship", TURN,
          _guild_way(Ability.GUILD_SHIPMENT, Ability.ALLY_CROSS_SHIP)),
    Reach("off-planet", "001 2.06.06.03", "shipment back to the reserves", TURN,
          _guild_way(Ability.GUILD_SHIPMENT)),
    Reach("half-price", "001 2.06.07, 2.06.10", "half price shipping", TURN,
          _guild_way(Ability.HALF_PRICE_SHIPMENT, Ability.ALLY_HALF_PRICE_SHIPMENT)),
    Reach("intrusion", "001 2.02.16", "intrusion", TURN,
          _others(lambda state, seat: factions.has(state, seat, Ability.COEXISTENCE)
                  and factions.power(seat, state).advisor_sides)),
    Reach("storm", "001 2.04.17", "halved storm losses", "storm",
          _has(Ability.STORM_HALF_LOSSES)),
    Reach("charity", "001 2.02.10", "charity of at least 2", "charity",
          _others(lambda state, seat: factions.has(state, seat, Ability.CHARITY_ALWAYS)
                  and rules_of(state).advantages)),
    Reach("free-revival", "001 2.04.12", "free revival of 3 from the Fremen", "revival",
          _ally_has(Ability.ALLY_FREE_REVIVAL)),
    Reach("protection", "001 2.04.11", "protection from worms by the Fremen", "worm",
          _ally_has(Ability.ALLY_WORM_IMMUNITY)),
)}
LINES = {word: f"KARAMA {word.upper()} [<faction>]" for word in REACHES}


# --- ordering one
def uses(state: State, player: str) -> list[str]:
    """The words the player may order now: a Karama in hand, GF9, someone to name."""
    if not rules_of(state).karama_cancels_abilities or not karama.playable(state, player):
        return []
    return [word for word, found in REACHES.items() if found.targets(state, player)]


def read(state: State, player: str, word: str, words: list[str]) -> list[str]:
    """The faction named after ``KARAMA <WORD>`` (or the only one it may be): the part
    ``[word, target]``."""
    among = REACHES[word].targets(state, player)
    if words or len(among) != 1:
        return [word, read_faction(state, words, among)]
    return [word, among[0]]


def refusal(word: str) -> str:
    """Why ``KARAMA <WORD>`` is not open."""
    found = REACHES[word]
    return (f"only under GF9, with a Karama card, against a faction that has its "
            f"{found.what} ({found.section}, 3.01.12.02)")


def text(game: Any, part: list[str]) -> str:
    """A line as canonical order text, its faction named (``game``: a state or a view)."""
    return f"KARAMA {part[0].upper()} {faction_name(part[1], game)}"


def targets(state: State, player: str) -> dict[str, list[str]]:
    """Word -> the factions the player may name, for each word open to it (bots' options)."""
    return {word: REACHES[word].targets(state, player) for word in uses(state, player)}


def stand_ready(state: State, player: str, parts: list[list]) -> None:
    """The player's lines stand ready until their use (module docstring)."""
    for part in [part for part in parts if part[0] in REACHES]:
        ready = state.setdefault("karamas", [])     # only where one is given: stored games
        if [player, *part] not in ready:
            ready.append([player, *part])


def standing(state: State, seat: str) -> list[list[str]]:
    """The seat's own lines standing ready, [word, target] (its private view)."""
    return [line[1:] for line in state.get("karamas", []) if line[0] == seat]


# --- playing one (``karama.play_against``)
def cancel_in_turn(state: State, mover: str, turn: Callable[[State], list[Event]],
                   retakes: bool) -> tuple[list[Event], bool]:
    """Before the mover's turn is carried out: each Karama standing ready against an ability
    this turn would use (the turn carried out on a copy with and without it gives different
    events) is played.  Returns its events and whether the mover retakes the turn (one of its
    own abilities cancelled, ``retakes`` allowing it)."""
    ready = [line for line in state.get("karamas", []) if REACHES[line[1]].at == TURN
             and (line[2] == mover or line[1] == "intrusion")]
    events: list[Event] = []
    retake = False
    for _line_player, word, target in ready:
        player = karama.ready_against(state, word, target)
        if karama.cancelled(state, word, target) or player is None:
            continue
        without = copy_state(state)
        karama.cancel(without, word, target)
        if turn(copy_state(state)) == turn(without):
            continue
        own = target == mover != player and retakes     # its own Karama: it knew
        events += karama.play_against(state, word, target, own)
        retake = retake or (own and karama.cancelled(state, word, target))
    return events, retake


def cancelled_for(state: State, seat: str) -> list[str]:
    """The words of the faction's uses a Karama cancels now (its own view)."""
    if not state.get("prevented"):          # nothing cancelled: most states (issue 20)
        return []
    return [word for word in REACHES if karama.cancelled(state, word, seat)]


def notes(state: State, seat: str) -> list[str]:
    """What a Karama cancels for the faction now, for its prompt: it retakes without it."""
    if not state.get("prevented"):
        return []
    return [f"A Karama cancels your {found.what} ({found.section}, 3.01.12.02): take this "
            "action without it." for word, found in REACHES.items()
            if karama.cancelled(state, word, seat)]


def lift_turn(state: State) -> None:
    """The turn's cancelled uses are over: their one use is done (none in most states)."""
    if not state["prevented"]:
        return
    for word, found in REACHES.items():
        if found.at == TURN:
            karama.lift(state, word)
