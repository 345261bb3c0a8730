"""Playing a Nexus card, and the choice of drawing one after a Nexus (001 4.03.03-06; the
deck and the draws: ``variants/nexus_cards.py``), as an optional decision riding with a round's
own (``nexus-card:<seat>``), which nobody waits for.

- In a round of a Nexus every faction asked in it is offered the choice of 4.03.03-05 (``NEXUS
  DRAW``, the default, ``REPLACE``, ``KEEP``, ``DISCARD``, ``REDRAW``), holder or not, so that
  nobody learns anything from who is asked; it may be sent ahead with the Nexus orders (``FOR
  NEXUS``).
- In any round a holder asked anything is offered ``NEXUS PLAY [<faction>]``: the use follows
  from the card and the holder (4.03.06.02-04), what it does is its faction's
  (``Faction.nexus_uses``, ``Faction.nexus_played``); a use of a round's own (``NexusUse.phases``:
  the revival) may be sent ahead with that round's orders (``FOR REVIVAL``).  Carried out as the
  round is resolved, after the round's own orders; the card then goes to the discard pile face
  up, and the table learns which it was and for what.
- A use of a moment with no mail round of its own (``NexusPlay.at``: War Continues, the end of
  Spice Collection, a battle lost) is set when played, told to its holder alone, and carried
  out at that moment if the card is still held (``variants.nexus_cards``); set as a round is
  resolved, it stands from the next round on.  A use lending another faction's power
  (``variants.nexus_cards.lend``) lends it to a phase's end, ``factions.has`` answering for it.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import factions
from ..codes import ErrorCode, EventCode
from ..data import NameLookupError
from ..factions.base import CARD, FACTION, HAND_CARD, TANKS_LEADER, TERRITORY
from ..factions.base import words as words_of
from ..orders.language import (
    OrderKind,
    OrderProblem,
    card_among,
    order_kind,
    read_faction,
    read_territory,
)
from ..prompt_key import PromptKey
from ..rules import Rules, rules_of
from ..state import State, ally_of, data, faction_name
from ..variants.nexus_cards import (
    BOUGHT,
    CHOSEN,
    DISCARD,
    DRAW,
    KEEP,
    REDRAW,
    REPLACE,
    card_name,
    discard,
    held,
    played,
    set_for,
    use_of,
)
from .cache_specials import read_card

CHOICE = "nexus-card"               # the kind of the decision (``nexus-card:<seat>``)
PLAY = "play"
_DRAWS = (DRAW, KEEP, REPLACE, DISCARD)
_NEXUS = "nexus"                    # the Nexus order's kind (phases/nexus.py)


def rides(rules: Rules) -> bool:
    return bool(getattr(rules, "nexus_cards", False))


def owns(key: str) -> bool:
    return PromptKey.parse(key).kind == CHOICE


def _in_nexus(state: State, asked: list[str]) -> list[str]:
    """The factions asked in a round of a Nexus, if this is one."""
    return [PromptKey.parse(key).seat for key in asked if PromptKey.parse(key).kind == _NEXUS]


def _offered(state: State, asked_keys: list[str]) -> list[str]:
    if not asked_keys or not rides(rules_of(state)):
        return []
    nexus = _in_nexus(state, asked_keys)
    asked = {PromptKey.parse(key).seat for key in asked_keys}
    return [seat for seat in state["seats"]
            if seat in nexus or (seat in asked and held(state, seat) is not None)]


def keys(state: State, others: list[str]) -> list[str]:
    return [str(PromptKey(CHOICE, seat)) for seat in _offered(state, others)]


def prompts(state: State, others: list[Prompt]) -> list[Prompt]:
    seats = _offered(state, [p.key for p in others])
    nexus = _in_nexus(state, [p.key for p in others])
    return [_prompt(state, seat, seat in nexus) for seat in seats]


def playable(state: State, seat: str) -> tuple[str, Any] | None:
    """The use of ``seat``'s card that may be played now, and its faction's ``NexusUse``."""
    record = held(state, seat)
    if record is None:
        return None
    use = use_of(state, seat, record["value"])
    found = factions.power(record["value"], state).nexus_uses.get(use)
    if found is None or (found.phases and state["phase"] not in found.phases and not found.at):
        return None
    return use, found


def ahead_name(state: State, seat: str, in_nexus: bool, turn: int | None = None) -> str:
    """The name a decision is held under when sent ahead: the Nexus's choice that turn's
    (``FOR NEXUS``, every Nexus of its spice blow, as the Nexus order), a play that round's
    (``FOR REVIVAL``)."""
    when = turn or state["turn"]
    return (f"{CHOICE}@{when}:{seat}" if in_nexus
            else f"{CHOICE}@{state['phase']}-{when}:{seat}")


def nexus_prompt(state: State, seat: str, turn: int) -> Prompt | None:
    """The choice at the Nexus of ``turn``'s spice blow, to send ahead (``FOR NEXUS``)."""
    return _prompt(state, seat, True, turn) if rides(rules_of(state)) else None


def round_prompt(trial: State, seat: str) -> Prompt | None:
    """A card's play in a later round of the turn, projected (``trial``: the game moved to it),
    where the card's use is one of that round's own (its ``NexusUse.phases``)."""
    can = playable(trial, seat) if rides(rules_of(trial)) else None
    return _prompt(trial, seat, False) if can and can[1].phases else None


def _prompt(state: State, seat: str, in_nexus: bool, turn: int | None = None) -> Prompt:
    parts = []
    if in_nexus:
        parts.append("After this Nexus, if an alliance exists and you are in none (001 "
                     "4.03.03-05): NEXUS DRAW to draw a Nexus card (the default; a card held "
                     "is kept), NEXUS REPLACE to discard yours and draw another, NEXUS KEEP to "
                     "draw none, NEXUS DISCARD to discard yours and draw none; NEXUS REDRAW to "
                     "discard your own faction's card if you draw it and draw again, revealed. "
                     "Joining an alliance discards a card held (4.03.02).")
    record = held(state, seat)
    can = playable(state, seat)
    targets: list[str] = []
    if record is not None:
        name = card_name(state, record["value"])
        if can is None:
            parts.append(f"Your {name} has no use that can be played by mail now.")
        else:
            use, found = can
            targets = factions.power(record["value"], state).nexus_targets(state, use, seat)
            choice = words_of(found.names)
            named = (f" [{' or '.join(choice)}]" if choice
                     else f" [<{found.names}>]" if found.names == HAND_CARD
                     else f" <{found.names}>" if found.names else "")
            when = (f", set now, played at the end of the {found.at.replace('_', ' ')} phase"
                    if found.at in rules_of(state).phases else "")
            parts.append(f"NEXUS PLAY{named}: play your {name} for its {use.title()}{when}: "
                         f"{found.text}")
    parts.append("NEXUS NONE: as you are.")
    return Prompt(f"{CHOICE}:{seat}", seat, CHOICE, True, "  ".join(parts), None,
                  "NEXUS NONE", "NEXUS NONE", optional=True,
                  ahead=ahead_name(state, seat, in_nexus, turn),
                  options={"nexus": in_nexus, "targets": targets,
                           "playable": can is not None and (
                               can[1].names in ("", HAND_CARD) or bool(targets))})


def _read(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any] | None:
    rest = [word.upper() for word in words[1:]]
    valid = ("NEXUS DRAW", "NEXUS KEEP", "NEXUS REPLACE", "NEXUS DISCARD", "NEXUS REDRAW",
             "NEXUS PLAY", "NEXUS NONE")
    if rest == ["NONE"]:
        return None
    what = rest[0].lower() if rest else ""
    if what in (*_DRAWS, REDRAW):
        if not prompt.options.get("nexus"):
            raise OrderProblem(ErrorCode.BAD_SPECIAL, "Nexus cards are drawn after a Nexus only "
                               "(001 4.03.04)", valid)
        return {REDRAW: True} if what == REDRAW else {DRAW: what}
    if what != PLAY:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected NEXUS DRAW, KEEP, REPLACE, "
                           "DISCARD, REDRAW, PLAY or NONE", valid)
    can = playable(state, prompt.seat)
    if can is None:
        raise OrderProblem(ErrorCode.NOT_IN_HAND, "you hold no Nexus card with a use that "
                           "can be played by mail now", valid)
    target = None
    if can[1].names == FACTION:
        target = read_faction(state, words[2:], [s for s in state["seats"] if s != prompt.seat])
    elif can[1].names == TERRITORY:
        target = read_territory(state, words[2:])[0].name
    elif can[1].names == HAND_CARD and words[2:]:       # 001 4.03.07.06, .08 (B)
        hand = state["factions"][prompt.seat]["hand"]
        target = card_among(state, " ".join(words[2:]), hand, "card of your hand",
                            tuple(f"NEXUS PLAY {data(state).treachery_card(c).name}"
                                  for c in hand))
    elif can[1].names == TANKS_LEADER:                  # 001 4.03.07.09 (B)
        target = _tanks_leader(state, prompt.seat, words[2:])
    elif can[1].names == CARD:              # 001 4.03.07.11, .13 (B): a card, by its name
        target = _card(state, prompt.seat, words[2:])
    elif choice := words_of(can[1].names):
        said = " ".join(rest[1:]) or choice[0]
        if said not in choice:
            raise OrderProblem(ErrorCode.BAD_SPECIAL, f"expected NEXUS PLAY "
                               f"{' or '.join(choice)}", tuple(f"NEXUS PLAY {w}" for w in choice))
        target = said
    return {PLAY: True, "target": target}


def _tanks_leader(state: State, seat: str, words: list[str]) -> str:
    """The leader a line names of those its card may take from the tanks (its faction's
    ``nexus_targets``)."""
    record = held(state, seat)
    assert record is not None
    found = factions.power(record["value"], state).nexus_targets(
        state, use_of(state, seat, record["value"]), seat)
    valid = tuple(f"NEXUS PLAY {name}" for name in found)
    try:
        name = data(state).leader(" ".join(words)).name
    except NameLookupError:
        raise OrderProblem(ErrorCode.UNKNOWN_LEADER, "expected NEXUS PLAY <leader>, one face "
                           "up in the tanks", valid) from None
    if name not in found:
        raise OrderProblem(ErrorCode.NOT_A_GHOLA, f"{name} is not a leader face up in the "
                           "tanks that the card may take", valid)
    return name


def _card(state: State, seat: str, words: list[str]) -> str:
    """The card a play names, one its use may take now (``nexus_targets``: NULLENTROPY BOX's
    of the discard pile, SABOTAGE's of one's hand)."""
    record = held(state, seat)
    assert record is not None
    use = use_of(state, seat, record["value"])
    choices = factions.power(record["value"], state).nexus_targets(state, use, seat)
    valid = tuple(f"NEXUS PLAY {name}" for name in choices) or ("NEXUS NONE",)
    name = read_card(state, words, valid)
    if name not in choices:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, f"your {card_name(state, record['value'])} "
                           f"cannot be played on {name} now; it may name: "
                           f"{', '.join(choices) or 'none'}", valid)
    return name


def _combine(state: State, prompt: Prompt, parts: list[Any]) -> dict[str, Any] | None:
    found: dict[str, Any] = {}
    for part in parts:
        found.update(part or {})
    return found or None


def _text(game: Any, value: dict[str, Any] | None) -> str:
    if not value:
        return "NEXUS NONE"
    lines = [f"NEXUS {value[DRAW].upper()}"] if DRAW in value else []
    lines += ["NEXUS REDRAW"] if value.get(REDRAW) else []
    if value.get(PLAY):
        target = value.get("target")
        named = "" if not target else (
            f" {faction_name(target, game)}" if target in game["seats"] else f" {target}")
        lines.append("NEXUS PLAY" + named)
    return "\n".join(lines)


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict[str, Any] | None:
    """Bots: mostly the default draw, now and then another choice or the card played."""
    value: dict[str, Any] = {}
    if prompt.options.get("nexus") and rng.random() < 0.3:
        value[DRAW] = rng.choice(_DRAWS)
    if prompt.options.get("nexus") and rng.random() < 0.3:
        value[REDRAW] = True
    if prompt.options.get("playable") and rng.random() < 0.4:
        targets = prompt.options.get("targets") or [None]
        value.update({PLAY: True, "target": rng.choice(targets)})      # one with effect
    return value or None


order_kind(OrderKind(CHOICE, ("NEXUS",), _read, _text, combine=_combine, random=_random,
                     with_verb=True))


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """Each card played, in seat order; in a round of a Nexus, the choices noted for the
    phase's end (``NexusCards.phase_ends``) and the cards of the allied discarded (4.03.02)."""
    events: list[Event] = []
    mine = {PromptKey.parse(key).seat: value for key, value in orders.items() if owns(key)}
    for seat in state["seats"]:
        if (mine.get(seat) or {}).get(PLAY):
            events += _played(state, seat, mine[seat].get("target"), rng)
    state["step"].pop(BOUGHT, None)         # "just bought": this round's purchases only
    if not _in_nexus(state, list(orders)):
        return events
    chosen = state["step"].setdefault(CHOSEN, {})
    for seat, value in mine.items():        # a choice stands through a further round
        given = {k: v for k, v in (value or {}).items() if k in (DRAW, REDRAW)}
        if given or seat not in chosen:
            chosen[seat] = given
    for seat in state["seats"]:
        if ally_of(state, seat):
            events += discard(state, seat)
    return events


def _played(state: State, seat: str, target: str | None, rng: random.Random) -> list[Event]:
    record = held(state, seat)
    can = playable(state, seat)
    if record is None or can is None:
        return [Event(EventCode.NEXUS_CARD_UNPLAYED, {}, to=(seat,))]
    use, found = can
    if found.at and state["phase"] not in found.phases:     # a moment with no round of its own
        moment = factions.power(record["value"], state).nexus_moment(use, target)
        return set_for(state, seat, use, moment, target)
    effect = factions.power(record["value"], state).nexus_played(state, use, seat, target, rng)
    if effect is None:
        return [Event(EventCode.NEXUS_CARD_UNPLAYED, {}, to=(seat,))]
    return [*played(state, record, use), *effect]
