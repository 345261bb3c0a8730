"""The Ecaz Ambassador's alliance with the mover (001 2.11.17.12, text A), by mail.

2.11.17.12: the Ecaz Ambassador makes Duke Vidal one of Ecaz's Active Leaders "or form an
alliance with the faction triggering the token (if neither of you are allied and they agree to
form an alliance)".  A mail moderator cannot stop a move to ask two players in turn: both
decide ahead, so the alliance costs nobody a mail round and nobody learns a face-down
Ambassador from a wait.

- Ecaz's choice, in their standing answer for the token: ``TRIGGER Ecaz ALL ALLIANCE`` (the
  choice ``alliance``, ``ecaz.CHOICES``); without it Duke Vidal, as before.
- Every other faction's consent: ``AMBASSADOR ALLIANCE ACCEPT`` or ``REFUSE``, an optional
  decision riding on its mail rounds of the movement round while neither it nor Ecaz is allied
  and Ecaz's own Ambassador lies on the board (``Faction.standing_prompts``), kept in its own
  sheet, seen by nobody else (its order kind in ``ecaz``: a power's module imports no order
  language, docs/architecture.md).

Rulings (docs/rules-coverage.md, "001 GF9 expansions: Ecaz"): with no consent given nothing
ahead answers, and the mover refuses (asking then would hold the movement round for the whole
table).  Refused, or either side allied, the token gives Duke Vidal instead where it can (Ecaz
chose ahead, the alliance first; 2.11.08 "you may" keeps it face down where neither can be
had).  Whether Ecaz's own Ambassador lies on the board is public: their supply lies face up in
front of their shield (2.11.04) and their own token never goes aside (2.11.17.12), so the
prompt tells nobody anything.  The alliance and who accepted it are public, as a Nexus's are.
"""

from __future__ import annotations

from typing import Any

from pbem.game import Event, Prompt

from ..codes import EventCode
from ..prompt_key import PromptKey
from ..state import State, ally_of

KIND = "ambassador-alliance"    # the others' consent, ``ambassador-alliance:<seat>``
CONSENT = "ecaz_alliance"       # its place in the mover's sheet
PHASE = "movement"              # where Ambassadors trigger (2.11.08): the consent rides there
ANSWERS = ("AMBASSADOR ALLIANCE ACCEPT", "AMBASSADOR ALLIANCE REFUSE")


def eligible(game: Any, ecaz: str, seat: str) -> bool:
    """Whether ``seat`` may be offered Ecaz's alliance by their Ambassador: another faction,
    neither allied.  The class asks the rest (its Ambassadors in play, their own on the board:
    a module under ``ecaz_ambassadors`` stays shallow, docs/architecture.md)."""
    return seat != ecaz and not ally_of(game, ecaz) and not ally_of(game, seat)


def key(seat: str) -> str:
    return str(PromptKey(KIND, seat))


def prompt(state: State, seat: str) -> Prompt:
    """A faction's consent, optional, riding on its mail of the movement round."""
    now = bool(state["factions"][seat].get(CONSENT))
    said = ANSWERS[0] if now else ANSWERS[1]
    return Prompt(key(seat), seat, KIND, True,
                  "AMBASSADOR ALLIANCE ACCEPT or AMBASSADOR ALLIANCE REFUSE: should your forces "
                  "set off the Ecaz Ambassador and Ecaz offer you their alliance with it, "
                  "accepted, the two of you are allied at once (001 2.11.17.12).  It stands "
                  f"until changed; now {said} (REFUSE until you say).  Never waited for.",
                  now, said, said, optional=True, title="Ecaz's alliance offer")


def consented(state: State, seat: str, value: bool) -> list[Event]:
    """The consent kept in the faction's own sheet (its alone: no event); refusal, the
    default, leaves none there."""
    if value:
        state["factions"][seat][CONSENT] = True
    else:
        state["factions"][seat].pop(CONSENT, None)
    return []


def formed(state: State, ecaz: str, mover: str, territory: str) -> list[Event] | None:
    """2.11.17.12: the alliance made, where both may ally and the mover agreed ahead; else
    None (the token gives Duke Vidal instead, ``ecaz_ambassadors._ecaz``)."""
    if not eligible(state, ecaz, mover) or not state["factions"][mover].get(CONSENT):
        return None
    pair = [s for s in state["seats"] if s in (ecaz, mover)]
    state["alliances"].append(pair)
    return [Event(EventCode.AMBASSADOR_ALLIANCE, {"faction": ecaz, "to": mover,
                                                  "territory": territory}),
            Event(EventCode.ALLIANCE_FORMED, {"alliance": pair}, concerns=tuple(pair))]
