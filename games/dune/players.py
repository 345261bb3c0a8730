"""Playing with two or three (003 "Playing with two or three"): a player runs his primary
faction and one or two allied factions, and at each Nexus the allied factions change hands.

The game file names each allied faction's player by the seat of his primary faction
(``commanded_by``); the moderator hands that to ``setup`` as the option ``commanders`` (each
allied faction -> its player's primary faction), which the state keeps in ``commanders``
(``pbem.game.Commanders``: the moderator routes each faction's mail to whoever commands it
now).  A player's factions "act as an alliance" (``state["alliances"]``: one per player, made
again whenever command changes), and "Alliances win as normal": they count as one player on
003's chart (``victory.party_players``).

At each Nexus, which "replaces the standard nexus" (no alliance is made or broken):

- three players: "control of the three allied factions pass one space to the right", each to
  the player after its own in the order of play (the primary factions in seat order, which is
  the storm's, 003 "Determining First Player": "Play then proceeds ... in seat order");
- two players: "each player picks one faction and swaps it with the other player.  This may
  not be a faction they gained control of last Nexus Round": each player's ``SWAP <faction>``,
  one of his allied factions (ruling: never his primary faction, which is his, 003 "The
  player's originally selected Faction is their Primary Faction"), secret and at once; a
  player with only one faction he may give gives it without being asked.

At the start (003): "Primary Factions must be evenly spaced around the board", and "friendly
allied factions may not be placed adjacent to each other": by mail the seats' order in the
game file is the order of their player dots (set-up 8, ``set_up.new_game``), so a game file
whose order breaks either rule is refused, with an order that keeps both.  "Allied factions
are chosen in reverse order" and "a third faction is then chosen randomly" are the table's
way to choose: the GM writes the choice in the game file.  "The Tleilaxu cannot be used in the
two-player game variant": there are no Tleilaxu in these rules (000's six factions).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .codes import ErrorCode, EventCode
from .orders.language import OrderKind, OrderProblem, order_kind, read_faction
from .prompt_key import PromptKey
from .rules import Rules
from .state import POLAR_SINK, State, faction_name

SWAP = "swap"                           # the decision of a two-player Nexus
FACTIONS_A_PLAYER = {2: 3, 3: 2}        # 003: "one or two allied factions"; six in play


# --- set-up
def checked(rules: Rules, seats: list[str], commanders: dict[str, str]) -> dict[str, str]:
    """The allied factions of a game and who runs each (the option ``pbem.command.OPTION``);
    ValueError says what breaks 003's rules, and for an order of seats, one that keeps them."""
    if not commanders:
        return {}
    if not rules.several_factions_per_player:
        raise ValueError(f"commanded_by: under the {rules.ruleset} ruleset each faction has a "
                         "player of its own (v3 lets one player run several: 003 \"Playing "
                         "with two or three\")")
    for seat, chief in commanders.items():
        if seat not in seats or chief not in seats or chief in commanders or chief == seat:
            raise ValueError(f"{seat} cannot be run by {chief}: both must be factions of the "
                             "game, the second a player's primary faction")
    primaries = [seat for seat in seats if seat not in commanders]
    each = FACTIONS_A_PLAYER.get(len(primaries))
    counts = {chief: 1 + list(commanders.values()).count(chief) for chief in primaries}
    if each is None or set(counts.values()) != {each}:
        raise ValueError("003 \"Playing with two or three\": two players run three factions "
                         "each, three players two each (a primary faction and its allied "
                         f"ones); here {counts}")
    if not _seated_well(seats, commanders):
        raise ValueError("003 \"Playing with two or three\": the primary factions evenly "
                         "spaced round the board and no player's factions side by side; the "
                         "seats' order is the order of their player dots, so seat them for "
                         "example: " + ", ".join(_seating(seats, commanders)))
    return dict(commanders)


def _seated_well(seats: list[str], commanders: dict[str, str]) -> bool:
    """Whether a seating keeps 003's two rules (module docstring)."""
    size = len(seats)
    chief = [commanders.get(seat, seat) for seat in seats]
    places = [i for i, seat in enumerate(seats) if seat not in commanders]
    spaced = all((b - a) % size == size // len(places)
                 for a, b in zip(places, places[1:] + places[:1], strict=True))
    return spaced and all(chief[i] != chief[(i + 1) % size] for i in range(size))


def _seating(seats: list[str], commanders: dict[str, str]) -> list[str]:
    """A seating that keeps 003's rules, the factions of players A, B (and C) with their
    allied ones a1, a2...: two players A b1 a1 B a2 b2, three A c1 B a1 C b1."""
    primaries = [seat for seat in seats if seat not in commanders]
    own = {p: [s for s in seats if commanders.get(s) == p] for p in primaries}
    if len(primaries) == 2:
        a, b = primaries
        return [a, own[b][0], own[a][0], b, own[a][1], own[b][1]]
    a, b, c = primaries
    return [a, own[c][0], b, own[a][0], c, own[b][0]]


def new_command(state: State, commanders: dict[str, str]) -> None:
    """Keep who runs which allied faction in the state, and make each player's factions an
    alliance (003: they "act as an alliance")."""
    if commanders:
        state["commanders"] = dict(commanders)
        state["received"] = {}          # player -> the faction he gained at the last Nexus
        state["alliances"] = alliances(state)
        state["met"] = []


# --- who runs what
def commanders(state: State) -> dict[str, str]:
    """Each allied faction to the primary faction of the player running it now."""
    return dict(state.get("commanders", {}))


def in_command(state: State) -> bool:
    """Whether players run several factions in this game."""
    return bool(state.get("commanders"))


def primaries(state: State) -> list[str]:
    """The players' primary factions, in seat order: the players, in the order of play."""
    return [seat for seat in state["seats"] if seat not in state.get("commanders", {})]


def run_by(state: State, player: str) -> list[str]:
    """The factions a player runs now, in seat order, his primary one among them."""
    chiefs = state.get("commanders", {})
    return [seat for seat in state["seats"] if chiefs.get(seat, seat) == player]


def alliances(state: State) -> list[list[str]]:
    """Each player's factions, one alliance a player (003: they "act as an alliance")."""
    return [run_by(state, player) for player in primaries(state)]


def allied(state: State, player: str) -> list[str]:
    """The allied factions a player runs now."""
    return [seat for seat in run_by(state, player) if seat != player]


# --- the Nexus
def may_give(state: State, player: str) -> list[str]:
    """The allied factions a player may give at a two-player Nexus: not the one he gained at
    the last (003)."""
    gained = state["received"].get(player)
    return [seat for seat in allied(state, player) if seat != gained]


def choosers(state: State) -> list[str]:
    """The players with a choice at this Nexus: in a two-player game those who may give more
    than one faction."""
    if len(primaries(state)) != 2:
        return []
    return [player for player in primaries(state) if len(may_give(state, player)) > 1]


def prompts(state: State) -> list[Prompt]:
    """The players' swaps at a two-player Nexus, each asked of his primary faction."""
    return [prompt(state, player) for player in choosers(state)]


def prompt(state: State, player: str) -> Prompt:
    """A player's ``SWAP <faction>`` at a two-player Nexus (003 "Playing with two or three")."""
    choices = may_give(state, player)
    names = ", ".join(faction_name(seat, state) for seat in choices)
    return Prompt(str(PromptKey(SWAP, player)), player, SWAP, True,
                  f"Nexus (003 \"Playing with two or three\"): SWAP <faction>, "
                  f"the allied faction you give the other player for one of his; one of: "
                  f"{names}", choices[0], f"SWAP {faction_name(choices[0], state)}",
                  f"SWAP {faction_name(choices[0], state)}", options={"factions": choices})


def change(state: State, orders: dict[str, Any]) -> list[Event]:
    """Command changes at a Nexus (module docstring); the alliances follow it."""
    players = primaries(state)
    chiefs = state["commanders"]
    if len(players) == 3:
        after = {seat: players[(players.index(chief) + 1) % 3] for seat, chief in chiefs.items()}
        state["received"] = {after[seat]: seat for seat in chiefs}
    else:
        given = {player: orders.get(str(PromptKey(SWAP, player))) or may_give(state, player)[0]
                 for player in players}
        after = dict(chiefs)
        for player, seat in given.items():
            after[seat] = next(other for other in players if other != player)
        state["received"] = {after[seat]: seat for seat in given.values()}
    state["commanders"] = {seat: after[seat] for seat in state["seats"] if seat in after}
    state["alliances"] = alliances(state)
    state["met"] = met(state)
    return [Event(EventCode.COMMAND_CHANGED, {"commanders": dict(state["commanders"]),
                                              "received": dict(state["received"])})]


def met(state: State) -> list[str]:
    """The territories (but the Polar Sink) where factions of one player are together as
    command changes: they stay there, never battling (``nexus`` module docstring), and the
    rule that allies never share a territory (003 "How an Alliance Functions") stands
    everywhere else; neither may enter where the other is."""
    found = []
    for territory, sectors in state["forces"].items():
        present = {seat for by_faction in sectors.values() for seat in by_faction}
        if territory != POLAR_SINK and any(len(present & set(group)) > 1
                                           for group in state["alliances"]):
            found.append(territory)
    return sorted(found)


def _read_swap(state: State, prompt_: Prompt, words: list[str]) -> str:
    choices = may_give(state, prompt_.seat)
    if not words:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected SWAP <faction>",
                           tuple(f"SWAP {faction_name(s, state)}" for s in choices))
    seat = read_faction(state, words, list(state["seats"]))
    if seat not in choices:
        raise OrderProblem(ErrorCode.NOT_YOURS_TO_SWAP,
                           f"the {faction_name(seat, state)} are not an allied faction you "
                           "may give (not your primary faction, nor the one you gained at the "
                           "last Nexus)", tuple(f"SWAP {faction_name(s, state)}" for s in choices))
    return seat


def _random_swap(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str:
    return rng.choice(prompt_.options["factions"])


order_kind(OrderKind(SWAP, ("SWAP",), _read_swap,
                     lambda game, seat: f"SWAP {faction_name(seat, game)}",
                     random=_random_swap))

