"""Long Live the Fighters, a card of the Landsraad pack for 12 or more players (001 3.09.03):
"Play during the Revival Phase. Double your current Free Revival rate. Your revival limit is
increased to 7. Discard after use."

By mail (rulings, docs/rules-coverage.md "001 GF9: big games and the Landsraad card packs"):
Recruits for one faction (``cards.recruits``, 001 3.04.03): every faction orders its revival in
one round at once, so the card is played before that round, as the revival phase begins, by its
holder's standing word ``FIGHTERS`` (``FIGHTERS NONE``, the default, takes it back), an optional
decision riding on any mail round the holder is asked something else in (key
``fighters:<seat>``: nobody waits for it, nobody else learns of it).  Carried out, the card is
discarded (public) and through that revival phase its player's free revival, all its bonuses
counted, is doubled, and the most forces it may revive is 7 (``terms``, read by
``orders.revival_orders``).  A word whose card has left the hand lapses, told to the holder
alone.
"""

from __future__ import annotations

from typing import Any

from pbem.game import Event

from ..codes import EventCode
from ..data import Effect
from ..orders.language import order_kind
from ..state import State
from . import cache_words, recruits

KIND = "fighters"
WORD = "fighters"           # a holder's sheet: its standing word, True (``schema.Sheet``)
PLAYED = "fighters"         # the state: [turn, seat] of the revival phase it was played in


# The Long Live the Fighters card of a hand, if any; asked with the 12+ pack (001 3.09.01)
held = cache_words.holding(Effect.DOUBLES_OWN_FREE_REVIVAL)
rides = cache_words.in_pack("landsraad_12")


def terms(game: Any, seat: str, free: int, most: int | None) -> tuple[int, int | None]:
    """A faction's free revival and its most forces revived, with its Long Live the Fighters
    played this revival phase (001 3.09.03; ``game``: the state or a seat's view: public)."""
    if game.get(PLAYED) != [game["turn"], seat] or game["phase"] != recruits.PHASE:
        return free, most
    return free * recruits.FACTOR, None if most is None else max(most, recruits.LIMIT)


# --- the standing word
_BARE = cache_words.BareWord("FIGHTERS")
_text = _BARE.text


STANDING = _BARE.standing(
    KIND, held,
    ("FIGHTERS: as the next revival phase begins, your Long Live the Fighters played: your free "
     "revival doubled and your most forces revived 7, that phase (001 3.09.03); FIGHTERS NONE: "
     "none."),
    "your Long Live the Fighters", rides)
order_kind(STANDING.order)



# --- played as the revival phase begins
def begins(state: State) -> list[Event]:
    """As the revival phase begins, a holder's word carried out: the card discarded, its free
    revival doubled this phase (public); a word whose card is gone lapses."""
    if state["phase"] != recruits.PHASE:
        return []

    def play(seat: str, card: str) -> Event:
        state[PLAYED] = [state["turn"], seat]
        return Event(EventCode.LONG_LIVE_THE_FIGHTERS,
                     {"faction": seat, "card": card, "limit": recruits.LIMIT})

    return recruits.carry_out(state, WORD, held, _text(state, True), play)
