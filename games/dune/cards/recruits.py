"""Recruits (001 3.04.03; the gf9 option ``ecaz_moritani_cards``): "Play during the Revival
Phase.  All factions double their current Free Revival rates.  The normal revival limit is
increased to 7.  Discard after use."

By mail (rulings, docs/rules-coverage.md "001 GF9 expansions: the third expansion's treachery
cards"): every faction orders its revival in one round at once, so the card is played before
that round, as the revival phase begins, by its holder's standing word ``RECRUITS`` (``RECRUITS
NONE``, the default, takes it back), an optional decision riding on any mail round the holder
is asked something else in (key ``recruits:<seat>``, as the cache's words: nobody waits for
it, nobody else learns of it).  Carried out, the card is discarded (public) and through that
revival phase every faction's free revival, all its bonuses counted, is doubled, and the most
forces it may revive is 7 (``terms``, read by ``orders.revival_orders``); each faction's prompt
then says so.  A word whose card has left the hand lapses, told to the holder alone.  A second
word the same phase (the card is one of a kind) cannot happen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pbem.game import Event

from ..codes import EventCode
from ..data import Effect
from ..discard_pile import discard
from ..orders.language import order_kind
from ..state import State
from . import cache_words

KIND = "recruits"
WORD = "recruits"           # a holder's sheet: its standing word, True (``schema.Sheet``)
PLAYED = "recruits"         # the state: the turn whose revival phase it was played in
PHASE = "revival"
LIMIT = 7                   # 001 3.04.03: "The normal revival limit is increased to 7"
FACTOR = 2                  # 001 3.04.03: "double their current Free Revival rates"


# The Recruits card of a hand, if any; asked with the third expansion's cards in the deck
held = cache_words.holding(Effect.DOUBLES_FREE_REVIVAL)
rides = cache_words.in_pack("ecaz_moritani")


def terms(game: Any, free: int, most: int | None) -> tuple[int, int | None]:
    """A faction's free revival and its most forces revived, with Recruits played this revival
    phase (``game``: the state or a seat's view, where it is public)."""
    if game.get(PLAYED) != game["turn"] or game["phase"] != PHASE:
        return free, most
    return free * FACTOR, None if most is None else max(most, LIMIT)


# --- the standing word
_BARE = cache_words.BareWord("RECRUITS")
_text = _BARE.text


STANDING = _BARE.standing(
    KIND, held,
    ("RECRUITS: as the next revival phase begins, your Recruits played: every faction's free "
     "revival doubled and the most forces revived 7, that phase (001 3.04.03); RECRUITS NONE: "
     "none."),
    "your Recruits", rides)
order_kind(STANDING.order)



# --- played as the revival phase begins
def carry_out(state: State, word: str, holds: Callable[[Any, list[str]], str | None],
              said: str, play: Callable[[str, str], Event]) -> list[Event]:
    """Each seat's standing ``word`` (its sheet's key) taken up as a phase begins: the card
    ``holds`` finds discarded and ``play`` told of it (its event); a word whose card has left
    the hand lapses, told to the holder alone (``said``, the word's text)."""
    events: list[Event] = []
    for seat in state["seats"]:
        own = state["factions"][seat]
        if not own.pop(word, None):
            continue
        card = holds(state, own["hand"])
        if card is None:
            events.append(Event(EventCode.USE_LAPSED, {"order": said}, to=(seat,)))
            continue
        own["hand"].remove(card)
        discard(state, seat, card)
        events.append(play(seat, card))
    return events


@dataclass(frozen=True)
class KeptPlay:
    """A card played by its holder's standing word (its sheet's ``word``) as the ``phase``
    begins (``carry_out``; ``said``, the word's text, should it lapse), what it was played with
    kept in the state under ``played`` through that phase, public: its turn, its player and the
    word's ``kept`` fields, told with the card by a ``code`` event showing those ``shown`` (the
    Carryall's, the Heighliner's)."""

    word: str
    played: str
    phase: str
    held: Callable[[Any, list[str]], str | None]
    said: str
    code: EventCode
    kept: Callable[[Any], dict[str, Any]]
    shown: tuple[str, ...] = ()

    def by(self, game: Any, seat: str) -> dict[str, Any] | None:
        """What the seat played the card with this phase, if it did (``game``: the state or a
        seat's view)."""
        played = game.get(self.played)
        if played and played["turn"] == game["turn"] and played["faction"] == seat \
                and game["phase"] == self.phase:
            return played
        return None

    def begins(self, state: State) -> list[Event]:
        """As the phase begins, a holder's word carried out: the card discarded and what it
        was played with kept (public); a word whose card is gone lapses."""
        if state["phase"] != self.phase:
            return []
        words = {seat: state["factions"][seat].get(self.word) for seat in state["seats"]}

        def play(seat: str, card: str) -> Event:
            kept = self.kept(words[seat])
            state[self.played] = {"turn": state["turn"], "faction": seat, **kept}
            return Event(self.code, {"faction": seat, "card": card,
                                     **{key: kept[key] for key in self.shown}})

        return carry_out(state, self.word, self.held, self.said, play)


def begins(state: State) -> list[Event]:
    """As the revival phase begins, a holder's word carried out: the card discarded, every
    free revival doubled this phase (public); a word whose card is gone lapses (a second word
    the same phase cannot be: the card is one of a kind)."""
    if state["phase"] != PHASE:
        return []

    def play(seat: str, card: str) -> Event:
        state[PLAYED] = state["turn"]
        return Event(EventCode.RECRUITS, {"faction": seat, "limit": LIMIT})

    return carry_out(state, WORD, held, _text(state, True), play)
