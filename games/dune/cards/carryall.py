"""The Carryall, a card of the Landsraad pack for 11 or more players (001 3.08.02): "Play at
the start of the Spice Collection Phase. Double your Collection rate this Phase. At the end of
this phase return any number of your forces from one territory to your reserves."

By mail (rulings, docs/rules-coverage.md "001 GF9: big games and the Landsraad card packs"):
the collection phase asks nothing, so the card is played by its holder's standing word, an
optional decision riding on any mail round it is asked something else in (key
``carryall:<seat>``, as Recruits': nobody waits for it, nobody else learns of it):
``CARRYALL`` (the rate doubled, no forces back), ``CARRYALL <territory>`` (and at the end of the
phase every force of its there back to its reserves) or ``CARRYALL <n> <territory>`` (up to n
of them, its plain kind first), ``CARRYALL NONE`` (the default) taking it back.  It stands
until carried out as the next collection phase begins: the card discarded (public), that phase
its collection rate doubled (``rate``, read by ``phases.collection``), and as the phase ends
the forces it names back from the territory, all its sectors (public; none there, none back).
A word whose card has left the hand lapses, told to the holder alone.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import Effect
from ..forces import add, count_in, first_of, remove_forces, spread, total
from ..orders.language import OrderProblem, order_kind, read_number, read_territory
from ..state import State, forces_at
from . import cache_words, recruits

KIND = "carryall"
WORD = "carryall"           # a holder's sheet: its standing word (``schema.Sheet``)
PLAYED = "carryall"         # the state: the turn, seat and word it was played with this phase
PHASE = "collection"
FACTOR = 2                  # 001 3.08.02: "Double your Collection rate this Phase"


# The Carryall of a hand, if any; asked with the 11+ pack in play (001 3.08.01)
held = cache_words.holding(Effect.DOUBLES_COLLECTION)
rides = cache_words.in_pack("landsraad_11")


# Played as the collection phase begins (the card discarded, public), its word kept
_PLAY = recruits.KeptPlay(WORD, PLAYED, PHASE, held, "CARRYALL", EventCode.CARRYALL, dict)
begins = _PLAY.begins


def rate(state: State, seat: str, base: int) -> int:
    """A faction's collection rate, doubled by its Carryall played this phase (001 3.08.02)."""
    return base * FACTOR if _PLAY.by(state, seat) else base


# --- the standing word
def _read(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any] | None:
    if [w.upper() for w in words] == ["NONE"]:
        return None
    count = None
    if words and words[0].isdigit():
        count = read_number(words[0], 1, 99, "the forces")
        words = words[1:]
        if not words:
            raise OrderProblem(ErrorCode.MISSING_TERRITORY, "expected CARRYALL <n> <territory>",
                               ("CARRYALL", "CARRYALL Arrakeen", "CARRYALL 3 Arrakeen"))
    territory = read_territory(state, words)[0].name if words else None
    return {"territory": territory, "count": count}


def _text(game: Any, value: dict[str, Any] | None) -> str:
    if not value:
        return "CARRYALL NONE"
    return " ".join(["CARRYALL", *([str(value["count"])] if value["count"] else []),
                     *([value["territory"]] if value["territory"] else [])])



def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> Any:
    """Now and then the word, naming a territory of the seat's forces or none (bots)."""
    if rng.random() >= 0.3:
        return prompt.default
    mine = sorted(name for name, sectors in view["forces"].items()
                  if any(prompt.seat in by_faction for by_faction in sectors.values()))
    return {"territory": rng.choice(mine) if mine and rng.random() < 0.5 else None,
            "count": None}


STANDING = cache_words.StandingWord(
    KIND, held,
    ("CARRYALL [<n>] [<territory>]: as the next spice collection begins, your Carryall "
     "played: your collection rate doubled that phase, and as it ends your forces in the "
     "territory (all, or up to n) back to your reserves (001 3.08.02); CARRYALL NONE: none."),
    _text, "your Carryall", rides,
    verbs=("CARRYALL",), read=_read, random=_random)
order_kind(STANDING.order)


# --- the forces back as the collection phase ends
def ends(state: State) -> list[Event]:
    """As the collection phase ends, the forces its player named back from the territory to
    its reserves, all its sectors (public)."""
    if state["phase"] != PHASE or not (played := state.get(PLAYED)) \
            or played["turn"] != state["turn"] or not played["territory"]:
        return []
    seat, territory = played["faction"], played["territory"]
    here = count_in(state, seat, territory)
    going = first_of(state, seat, here, played["count"] or total(here))
    if not total(going):
        return []
    places = [(int(sector), by_faction[seat])
              for sector, by_faction in forces_at(state, territory).items() if seat in by_faction]
    for sector, part in spread(going, places):
        remove_forces(state, seat, territory, sector, part)
    add(state["factions"][seat]["reserve"], going)
    return [Event(EventCode.CARRIED_HOME, {"faction": seat, "territory": territory,
                                           "forces": dict(going)})]
