"""The Tleilaxu's Face Dancers (001 2.08.04, 2.08.06-08).

- NO ONE IS SAFE (2.08.04): dealt no traitors, once every other faction has its traitors the
  Tleilaxu shuffle the traitor deck with the traitor cards the others set aside and draw three:
  their Face Dancers, secret.
- FACE DANCERS (2.08.06): when another faction wins a battle with a leader who is one of them,
  the Tleilaxu may reveal him.  The battle stays that faction's win (cards, losses, spice for
  killed leaders as usual); the Face Dancer goes to the tanks if still alive, no spice paid for
  him; the winner's forces left in the battle go back to its reserve and the Tleilaxu put as
  many of their own in their place.
- RESUPPLY (2.08.07): all three revealed, they go back into the traitor deck, shuffled, and the
  Tleilaxu draw three new ones.
- REPLACEMENT (2.08.08): at War Continues (the Mentat Pause, 1.09.05) the Tleilaxu may
  shuffle one unrevealed Face Dancer back and draw another.

Rulings (docs/rules-coverage.md, "001 2.08"):

- By mail the reveal costs no mail round: the Tleilaxu's standing word says which Face Dancers
  they reveal when such a leader wins (``REVEAL ALL``, the default, ``REVEAL NONE`` or
  ``REVEAL <leader>, <leader>``).  They may give it in every battle's first mail round, an
  optional decision of theirs whatever they hold and whoever fights, or ahead for the battles
  to come (``FOR BATTLE``); it stands until they give another.  So nobody waits for the
  Tleilaxu after a battle, and who is waited for never tells whether a winner's leader is a
  Face Dancer.
- Their forces come "from your reserves and/or from anywhere on the planet": by mail from the
  sources their standing word names, in order, up to the number sent back: ``REVEAL ALL FROM
  RESERVE`` (the default), ``REVEAL ALL FROM Arrakeen, RESERVE`` (their forces in Arrakeen
  first, any sector, then the reserve).  The battle's own territory is no source.  Their plain
  forces only (the Tleilaxu have no other kind).
- The replacement costs no mail round either: ``SHUFFLE <leader>`` (or ``SHUFFLE NONE``, the
  default) is an optional decision of the Tleilaxu at War Continues, secret, never waited for;
  as War Continues asks nobody else, it is sent ahead (``FOR MENTAT PAUSE``, from any round
  of the turn) and carried out when the war continues (nobody has won).  That they replaced
  one is public (the table sees the shuffle), which one and whom they drew is not.  The
  leader shuffled back may be drawn again: 001 says "shuffle ... and Draw".
- They take the sectors the winner's forces left, in board order.
- A Face Dancer who is the Tleilaxu's own leader (the traitor deck holds their leaders too)
  never wins against them: 2.08.06 reveals only another faction's winning leader.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import NameLookupError
from ..forces import add, add_forces, plain, remove_forces, total
from ..leaders import ALIVE, TANKS
from ..orders.language import OrderKind, OrderProblem, order_kind, read_territory
from ..rules import rules_of
from ..state import State, data, forces_at

TLEILAXU = "tleilaxu"
DRAWN = 3                   # 2.08.04: "draw the top 3 cards"
ALL = "ALL"                 # the standing word: reveal every Face Dancer (the default)
RESERVE = "RESERVE"         # where the forces that replace the winner's come from by default
REVEAL = "reveal"           # the decision's kind, and its key ``reveal:tleilaxu``
KEY = f"{REVEAL}:{TLEILAXU}"


def own(state: State) -> dict[str, Any]:
    """The Tleilaxu's sheet."""
    return state["factions"][TLEILAXU]


def draw(state: State, rng: random.Random) -> list[Event]:
    """NO ONE IS SAFE (2.08.04): the traitor deck and the others' set-aside traitor cards
    shuffled, three drawn, told to the Tleilaxu alone."""
    deck = state["decks"]["traitors"]
    for seat in state["seats"]:
        sheet_ = state["factions"][seat]
        deck += [name for name in sheet_["traitor_draw"] if name not in sheet_["traitors"]]
    rng.shuffle(deck)
    own(state)["face_dancers"] = [deck.pop() for _ in range(min(DRAWN, len(deck)))]
    return [Event(EventCode.FACE_DANCERS_DRAWN, {"faction": TLEILAXU}),
            Event(EventCode.FACE_DANCERS, {"leaders": list(own(state)["face_dancers"])},
                  to=(TLEILAXU,))]


def revealable(game: State | dict[str, Any], held: list[str]) -> list[str]:
    """The Face Dancers of ``held`` the Tleilaxu could reveal: their leaders, not a traitor
    card that is none (001 4.09.02, the Cheap Hero's: 2.08.06 reveals "their leader")."""
    return [name for name in held if name not in rules_of(game).traitor_cards]


def revealed_by(state: State, winner: str | None, plans: dict[str, dict[str, Any]]
                ) -> str | None:
    """The winner's leader, if he is a Face Dancer the Tleilaxu reveal (their standing word)."""
    if winner is None or winner == TLEILAXU or TLEILAXU not in state["seats"]:
        return None
    leader = plans[winner].get("leader")
    word = own(state).get("reveal", ALL)
    if leader not in own(state)["face_dancers"]:
        return None
    return leader if word == ALL or leader in word else None


def reveal(state: State, winner: str, leader: str, territory: str, sectors: list[int],
           rng: random.Random) -> list[Event]:
    """FACE DANCERS (2.08.06): the leader to the tanks if alive, no spice for him; the winner's
    forces there back to its reserve; as many Tleilaxu forces from their reserve in their
    place; RESUPPLY when the third is revealed (2.08.07)."""
    sheet_ = own(state)
    sheet_["face_dancers"].remove(leader)
    sheet_["revealed"].append(leader)
    places = state["factions"][winner]["leaders"]
    killed = places.get(leader) == ALIVE
    if killed:
        places[leader] = TANKS
    sent: dict[str, int] = {}
    left: list[tuple[int, int]] = []
    for sector, by_faction in sorted(forces_at(state, territory).items(), key=lambda e: int(e[0])):
        if int(sector) in sectors and winner in by_faction:
            mix = dict(by_faction[winner])
            add(sent, mix)
            left.append((int(sector), total(mix)))
            remove_forces(state, winner, territory, int(sector), mix)
    add(state["factions"][winner]["reserve"], sent)
    kind = plain(state, TLEILAXU)
    moved = _gathered(state, kind, total(sent), territory)
    placed = sum(count for _, count in moved)
    room = placed
    for sector, count in left:
        here = min(room, count)
        if here:
            add_forces(state, TLEILAXU, territory, sector, {kind: here})
            room -= here
    events = [Event(EventCode.FACE_DANCER_REVEALED, {
        "faction": TLEILAXU, "leader": leader, "winner": winner, "territory": territory,
        "killed": killed, "sent": sent, "placed": {kind: placed} if placed else {},
        **({"moved": [[where, count] for where, count in moved if where != RESERVE]}
           if any(where != RESERVE for where, _ in moved) else {})})]
    if not sheet_["face_dancers"]:
        events += resupply(state, rng)
    return events


def _gathered(state: State, kind: str, wanted: int, battle: str) -> list[tuple[str, int]]:
    """Up to ``wanted`` of their forces taken from their sources, in the order their word names
    them (``RESERVE`` or a territory, any of its sectors, but the battle's): (source, count)."""
    found: list[tuple[str, int]] = []
    for source in own(state).get("reveal_from", [RESERVE]):
        if wanted <= 0:
            break
        if source == RESERVE:
            reserve = state["factions"][TLEILAXU]["reserve"]
            here = min(wanted, reserve.get(kind, 0))
            if here:
                reserve[kind] -= here
                if not reserve[kind]:
                    del reserve[kind]
                found.append((RESERVE, here))
                wanted -= here
            continue
        if source == battle:
            continue
        taken = 0
        for sector, by_faction in sorted(forces_at(state, source).items(),
                                         key=lambda e: int(e[0])):
            here = min(wanted - taken, by_faction.get(TLEILAXU, {}).get(kind, 0))
            if here:
                remove_forces(state, TLEILAXU, source, int(sector), {kind: here})
                taken += here
        if taken:
            found.append((source, taken))
            wanted -= taken
    return found


def resupply(state: State, rng: random.Random) -> list[Event]:
    """RESUPPLY (2.08.07): the three revealed back into the traitor deck, shuffled, three new."""
    sheet_ = own(state)
    state["decks"]["traitors"] += sheet_["revealed"]
    sheet_["revealed"] = []
    rng.shuffle(state["decks"]["traitors"])
    deck = state["decks"]["traitors"]
    sheet_["face_dancers"] = [deck.pop() for _ in range(min(DRAWN, len(deck)))]
    return [Event(EventCode.FACE_DANCERS_DRAWN, {"faction": TLEILAXU}),
            Event(EventCode.FACE_DANCERS, {"leaders": list(sheet_["face_dancers"])},
                  to=(TLEILAXU,))]


def replace(state: State, leader: str, rng: random.Random) -> list[Event]:
    """REPLACEMENT (2.08.08): one unrevealed Face Dancer shuffled back, another drawn."""
    sheet_ = own(state)
    if leader not in sheet_["face_dancers"]:
        return []
    deck = state["decks"]["traitors"]
    sheet_["face_dancers"].remove(leader)
    deck.append(leader)
    rng.shuffle(deck)
    sheet_["face_dancers"].append(deck.pop())
    return [Event(EventCode.FACE_DANCER_REPLACED, {"faction": TLEILAXU}),
            Event(EventCode.FACE_DANCERS, {"leaders": list(sheet_["face_dancers"])},
                  to=(TLEILAXU,))]


# --- the replacement, by mail (2.08.08)
REPLACE = "replace"         # the decision's kind, and its key ``replace:tleilaxu``
REPLACE_KEY = f"{REPLACE}:{TLEILAXU}"


def replacement(state: State) -> Prompt | None:
    """The Tleilaxu's replacement of one unrevealed Face Dancer at War Continues, optional and
    secret (``SHUFFLE NONE`` by default); none while they hold no unrevealed one."""
    held = own(state)["face_dancers"]
    if not held:
        return None
    legal = ("SHUFFLE <leader> or SHUFFLE NONE: shuffle one of your unrevealed Face Dancers ("
             f"{', '.join(held)}) back into the traitor deck and draw a new one, at War "
             "Continues (001 2.08.08, 1.09.05); never waited for, carried out if nobody wins "
             "this turn.")
    return Prompt(REPLACE_KEY, TLEILAXU, REPLACE, True, legal, None, "SHUFFLE NONE",
                  "SHUFFLE NONE", optional=True, title="your Face Dancer replacement")


def read_replace(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    """``NONE`` or one unrevealed Face Dancer's name."""
    held = own(state)["face_dancers"]
    valid = ("SHUFFLE NONE", *(f"SHUFFLE {name}" for name in held))
    said = " ".join(words).strip()
    if said.upper() == "NONE":
        return None
    try:
        name = data(state).leader(said).name
    except NameLookupError:
        raise OrderProblem(ErrorCode.NOT_A_FACE_DANCER, f"no leader is called {said!r}; your "
                           f"Face Dancers: {', '.join(held) or 'none'}", valid) from None
    if name not in held:
        raise OrderProblem(ErrorCode.NOT_A_FACE_DANCER, f"{name} is not one of your unrevealed "
                           f"Face Dancers ({', '.join(held) or 'none'})", valid)
    return name


def replace_text(game: Any, value: str | None) -> str:
    """The order for a replacement."""
    return f"SHUFFLE {value}" if value else "SHUFFLE NONE"


def random_replace(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    """A bot's replacement: now and then one of its Face Dancers (an index drawn whatever
    their names, so the draws are the same whichever it holds)."""
    held = view["own"].get("face_dancers", [])
    pick = rng.randrange(max(1, len(held)))
    return held[pick] if held and rng.random() < 0.25 else None


order_kind(OrderKind(REPLACE, ("SHUFFLE",), read_replace, replace_text, random=random_replace))


# --- the standing word, by mail
def decision(state: State, battle: dict[str, Any]) -> tuple[Prompt, str]:
    """The Tleilaxu's word on revealing their Face Dancers, optional in every battle's first
    mail round (named after its aggressor for orders given ahead)."""
    word = own(state).get("reveal", ALL)
    held = revealable(state, own(state)["face_dancers"])
    legal = ("REVEAL ALL, REVEAL NONE or REVEAL <leader>, <leader>: which of your Face Dancers "
             f"({', '.join(held) or 'none'}) you reveal if he wins this battle or a later one for "
             "another faction (001 2.08.06); your word stands until you send "
             "another.")
    template = text(state, word)
    return Prompt(KEY, TLEILAXU, REVEAL, True, legal, word, template, template,
                  optional=True, title="your word on revealing your Face Dancers"
                  ), battle["aggressor"]


def given(state: State, orders: dict[str, Any]) -> None:
    """Their word given in this battle's round, kept as their standing word (secret); with
    ``FROM`` the sources of their forces too."""
    if KEY in orders:
        value = orders[KEY]
        if isinstance(value, dict):
            own(state)["reveal_from"] = list(value["from"])
            value = value["word"]
        own(state)["reveal"] = value


def read(state: State, prompt_: Prompt, words: list[str]) -> Any:
    """``ALL``, ``NONE``, or their Face Dancers' names (commas between them are optional: each
    name is the longest run of words naming a leader); with ``FROM <source>, ...`` the sources
    of their forces (``RESERVE`` or territories)."""
    upper = [w.upper() for w in words]
    if "FROM" in upper:
        at = upper.index("FROM")
        return {"word": read(state, prompt_, words[:at]),
                "from": _sources(state, words[at + 1:])}
    said = " ".join(words).strip()
    if said.upper() in ("ALL", "NONE"):
        return ALL if said.upper() == ALL else []
    held = revealable(state, own(state)["face_dancers"])
    valid = ("REVEAL ALL", "REVEAL NONE", *(f"REVEAL {name}" for name in held))
    names = {word.lower(): leader.name for leader in data(state).leaders
             for word in (leader.name, *leader.synonyms)}
    named, start = [], 0
    while start < len(words):
        end = next((end for end in range(len(words), start, -1)
                    if " ".join(words[start:end]).lower() in names), None)
        if end is None:
            raise OrderProblem(ErrorCode.NOT_A_FACE_DANCER, f"no leader is called "
                               f"{' '.join(words[start:])!r}; your Face Dancers: "
                               f"{', '.join(held) or 'none'}", valid)
        name = names[" ".join(words[start:end]).lower()]
        if name not in held:
            raise OrderProblem(ErrorCode.NOT_A_FACE_DANCER, f"{name} is not one of your Face "
                               f"Dancers ({', '.join(held) or 'none'})", valid)
        named.append(name)
        start = end
    if not named:
        raise OrderProblem(ErrorCode.NOT_A_FACE_DANCER, "expected ALL, NONE or your Face "
                           "Dancers' names", valid)
    return named


def _sources(state: State, words: list[str]) -> list[str]:
    """``RESERVE`` and territories, in order, each the longest run of words naming one."""
    found, start = [], 0
    while start < len(words):
        if words[start].upper() == RESERVE:
            found.append(RESERVE)
            start += 1
            continue
        end = next((end for end in range(len(words), start, -1)
                    if _territory(state, words[start:end])), None)
        if end is None:
            raise OrderProblem(ErrorCode.NOT_A_FACE_DANCER, "expected RESERVE or territories "
                               f"after FROM, not {' '.join(words[start:])!r}",
                               ("REVEAL ALL FROM RESERVE", "REVEAL ALL FROM Arrakeen, RESERVE"))
        found.append(_territory(state, words[start:end]))
        start = end
    if not found:
        raise OrderProblem(ErrorCode.NOT_A_FACE_DANCER, "expected RESERVE or territories after "
                           "FROM", ("REVEAL ALL FROM RESERVE",))
    return list(dict.fromkeys(found))


def _territory(state: State, words: list[str]) -> str | None:
    """The territory the words name, or None."""
    try:
        return read_territory(state, words)[0].name
    except OrderProblem:
        return None


def text(game: Any, value: Any) -> str:
    """The order for a standing word."""
    if isinstance(value, dict):
        return f"{text(game, value['word'])} FROM {', '.join(value['from'])}"
    if value == ALL:
        return "REVEAL ALL"
    return f"REVEAL {', '.join(value)}" if value else "REVEAL NONE"


def random_word(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> Any:
    """A bot's word: mostly every Face Dancer, now and then none or some; now and then its
    forces from a territory where it has some before its reserve."""
    held = revealable(view, view["own"].get("face_dancers", []))
    roll = rng.random()
    if roll < 0.6 or not held:
        word: Any = ALL
    elif roll < 0.8:
        word = []
    else:
        word = sorted(rng.sample(held, rng.randint(1, len(held))))
    mine = sorted(territory for territory, sectors in view["forces"].items()
                  if any(TLEILAXU in by_faction for by_faction in sectors.values()))
    if mine and rng.random() < 0.2:          # their forces "from anywhere on the planet"
        return {"word": word, "from": [rng.choice(mine), RESERVE]}
    return word


order_kind(OrderKind(REVEAL, ("REVEAL",), read, text, random=random_word))
