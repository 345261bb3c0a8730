"""The Heighliner, a card of the Landsraad pack for 10 or more players (001 3.07.04): "Play
during the Shipment and Movement Phase to do one of these options when appropriate, then
discard: You may ignore occupancy limits in a single Territory for this Phase. Ship into any
Non-stronghold territory at stronghold rates."

By mail (rulings, docs/rules-coverage.md "001 GF9: big games and the Landsraad card packs"):
its holder's standing word, an optional decision riding on any mail round it is asked something
else in (key ``heighliner:<seat>``, as Recruits': nobody waits for it, nobody else learns of
it): ``HEIGHLINER <stronghold>`` (only strongholds have occupancy limits) or ``HEIGHLINER
RATES``, ``HEIGHLINER NONE`` (the default) taking it back.  It stands until carried out as the
next shipment and movement phase begins, ahead of anyone's turn (so the option is known when
the holder ships or moves): the card discarded (public, with the option), and through that phase
the holder ships and moves into and through the stronghold named whoever occupies it
(``ignores``, read by ``board.reach.blocked_stronghold`` and the invariants), or ships into any
territory at a stronghold's rate, 1 spice a force (``stronghold_rate``, read by
``board.reach``).  A word whose card has left the hand lapses, told to the holder alone.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Prompt

from ..codes import EventCode
from ..data import Effect
from ..orders.language import order_kind, read_territory
from ..state import State, data
from . import cache_words, recruits

KIND = "heighliner"
WORD = "heighliner"         # a holder's sheet: its standing word, a stronghold or ``RATES``
PLAYED = "heighliner"       # the state: the turn, seat and option it was played with
PHASE = "movement"
RATES = "RATES"


# The Heighliner of a hand, if any; asked with the 10+ pack in play (001 3.07.01)
held = cache_words.holding(Effect.LIFTS_LIMITS_OR_RATES)
rides = cache_words.in_pack("landsraad_10")


# Played as the shipment and movement phase begins (the card discarded, public), its option kept
_PLAY = recruits.KeptPlay(WORD, PLAYED, PHASE, held, "HEIGHLINER", EventCode.HEIGHLINER,
                          lambda option: {"option": option}, ("option",))
begins = _PLAY.begins


def _option(game: Any, seat: str) -> str | None:
    played = _PLAY.by(game, seat)
    return played["option"] if played else None


def ignores(game: Any, seat: str, territory: str) -> bool:
    """Whether the seat ignores the occupancy limit of the territory this phase (001
    3.07.04)."""
    return _option(game, seat) == territory


def ignored_by(game: Any, seat: str) -> str | None:
    """The territory whose occupancy limit the seat ignores this phase, if any (``ignores``)."""
    option = _option(game, seat)
    return None if option == RATES else option


def ignored(game: Any, territory: str) -> bool:
    """Whether anyone's Heighliner lifts the territory's occupancy limit this turn (for the
    invariants: the battles settle it)."""
    played = game.get(PLAYED)
    return bool(played) and played["turn"] == game["turn"] and played["option"] == territory


def stronghold_rate(game: Any, seat: str) -> bool:
    """Whether the seat ships into any territory at a stronghold's rate this phase (001
    3.07.04)."""
    return _option(game, seat) == RATES


# --- the standing word
def _read(state: State, prompt: Prompt, words: list[str]) -> str | None:
    said = [w.upper() for w in words]
    if said in (["NONE"], ["RATES"]):
        return None if said == ["NONE"] else RATES
    strongholds = [t.name for t in data(state).board.strongholds]
    return read_territory(state, words, strongholds)[0].name


def _text(game: Any, value: str | None) -> str:
    return f"HEIGHLINER {value or 'NONE'}"



def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> Any:
    """Now and then the word, the rates or a stronghold (bots)."""
    if rng.random() >= 0.3:
        return prompt.default
    return rng.choice([RATES, *sorted(t.name for t in data(view).board.strongholds)])


STANDING = cache_words.StandingWord(
    KIND, held,
    ("HEIGHLINER <stronghold>: as the next shipment and movement begins, your Heighliner "
     "played: that phase you ship and move into and through the stronghold whoever occupies "
     "it; HEIGHLINER RATES: that phase you ship into any territory at 1 spice a force (001 "
     "3.07.04); HEIGHLINER NONE: none."),
    _text, "your Heighliner", rides,
    verbs=("HEIGHLINER",), read=_read, random=_random)
order_kind(STANDING.order)

