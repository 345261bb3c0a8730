"""The Moritani Terror tokens (001 2.12.06, 2.12.08-14), text A, by mail.

- Supply (2.12.06): six tokens behind their shield, face down, theirs alone to know.
- TERRORIZE (2.12.08, text A): at War Continues (the Mentat Pause, 1.09.05) they may place one
  token face down in a stronghold that holds none (not the Ixians' HMS; the storm does not
  matter), or move one already placed to a stronghold that holds none.  By mail, ``TERROR
  <token> IN <stronghold>`` or ``TERROR MOVE <stronghold> TO <stronghold>``, an optional
  decision of the round, never waited for (sent ahead: ``FOR MENTAT PAUSE``).
- TERRORIZE (2.12.08.01-04, text B, ``Ability.PLOT_PLAN_SCHEME``): at the end of the revival
  round up to three actions in the order written: PLOT a token face down in any territory of
  the board holding none, PLAN one on the board to such a territory, SCHEME one from in front
  of their shield back behind it (``schemed``).
- ORGANIZED STRIKE (2.12.09 B, in place of the trigger on entering): a token revealed as a
  battle they or their ally fight opens (``struck``), text B's effects in
  ``moritani_strike``; a revealed token lies face up in front of their shield (2.12.10 B).
- The trigger (2.12.09): when another faction (not their ally) enters a stronghold holding one,
  ending a shipment or a move there, advisors included, they may reveal it and apply its
  effect to that faction.  By mail they decide ahead (``token_triggers``: ``TRIGGER ...``
  lines, part of the same decision), so a trigger costs the mover no mail round and nobody
  learns the token from a wait.  Revealed, a token leaves the game (2.12.12), Extortion going
  face up in front of their shield (2.12.14.04).
- The effects (2.12.14, text A): Assassination, Atomics, Extortion, Robbery, Sabotage, Sneak
  Attack.

Rulings (docs/rules-coverage.md, "001 GF9 expansions: Moritani"):

- 2.12.14's choices made in the middle of another's move are not asked: Robbery takes the
  spice, or the top treachery card where their standing word says ``ROBBERY CARD`` and their
  hand has room (no discard asked); Sabotage gives back the card their standing word names
  (``SABOTAGE GIVE <card>``), none without one; Assassination's
  random leader and every random pick come from a generator seeded from the whole state, whose
  hidden parts (the decks' order) no player knows (as ``ecaz_ambassadors``).
- Extortion's 5 spice go on the token in front of their shield and are theirs at the Mentat
  Pause; at War Continues the token goes back behind their shield unless one player pays them
  3 spice: every other faction holding 3 has an optional decision then (``EXTORTION PAY``,
  sent ahead, never waited for; the token lies face up, so the decision tells nothing), and
  the first in storm order who said so pays; the token then leaves the game.
- Atomics (2.12.14.03): every force in the territory goes to the tanks (a No-Field there is
  revealed first, as by an explosion, 2.10.15), the Atomics Aftermath token lies there for the
  rest of the game and no force ships into it (``board/reach``); from then on the Moritani's
  hand limit, and their ally's, is one lower (a hand over it discards at random, at once).
"""

from __future__ import annotations

import math
from typing import Any

from pbem.game import Event, Prompt

from .. import leaders, tokens
from ..codes import EventCode
from ..data import Ability, TokenKind
from ..decks import draw_treachery
from ..discard_pile import discard
from ..forces import add, add_forces, plain, remove_forces, to_tanks
from ..state import State, ally_of, data, faction_name, forces_at, occupants, state_rng, storm_order
from .base import answers, hand_limit, has, lent

TERROR_ANYWHERE = "terror_anywhere"     # lent by the Moritani card's Cunning (001 4.03.07.13)

ROUND = "mentat_pause"      # the round whose War Continues places them (2.12.08)
ANSWERS_ROUND = "revival"   # the round before the movement round: their answers given again
KIND = "terror"             # the decision's kind, and its key ``terror:moritani``
TOKEN = "terror"            # their kind on the token layer (data/moritani/tokens.yaml)
AFTERMATH = "aftermath"     # the Atomics Aftermath's kind (2.12.14.03)
EXTORTION_SPICE = 5         # 2.12.14.04
EXTORTION_PAYMENT = 3       # 2.12.14.04
EXTORTION = "extortion"     # the others' decision's kind, and its key ``extortion:<payer>``
SNEAK_ATTACK = 5            # 2.12.14.07
STRONGHOLD_LIMIT = 2        # 000 IX.C.1.c: no third faction in a stronghold
SPICE, CARD = "spice", "card"   # Robbery's standing word (2.12.14.05)
PLOT, PLAN, SCHEME = "plot", "plan", "scheme"   # text B's Terrorize actions (2.12.08.02-04 B)
TERRORIZE_ACTIONS = 3       # 2.12.08 (B): "up to three Terrorize actions"
PLOTTED = "terrorize"       # the revival round's step: their actions, carried out at its end
RIDES = "terror_moves"      # their sheet's standing word: tokens move with their forces (2.12.15 B)


def kind_of(game: Any) -> TokenKind:
    """Their kind of token in the game's data."""
    return data(game).token_kind(TOKEN)


def supply(state: State, seat: str) -> list[str]:
    """The values of the tokens behind ``seat``'s shield (its own to know)."""
    return [t["value"] for t in tokens.of(state)
            if t["kind"] == TOKEN and t["owner"] == seat and t["at"] == tokens.BEHIND]


def placed(game: Any) -> list[str]:
    """The strongholds holding a Terror token (public: the tokens lie there face down)."""
    return [t["territory"] for t in tokens.of(game)
            if t["kind"] == TOKEN and t["at"] == tokens.BOARD]


def front(game: Any, seat: str) -> list[str]:
    """The values of ``seat``'s Terror tokens face up in front of its shield (public)."""
    return [t["value"] for t in tokens.of(game)
            if t["kind"] == TOKEN and t["owner"] == seat and t["at"] == tokens.FRONT]


def open_territories(game: Any) -> list[str]:
    """Text B's PLOT and PLAN (001 2.12.08.02-03 B): the territories of the board (the HMS, a
    place of the board layer, none of them) holding no Terror token, in board order.  Ruling:
    one token a territory, as text A's one a stronghold (the Grumman homeworld's high threshold,
    001 4.10, is what lets a second one in)."""
    taken = set(placed(game))
    return [t.name for t in data(game).board.territories if t.name not in taken]


def open_strongholds(game: Any) -> list[str]:
    """The strongholds holding no Terror token, in board order; the storm does not matter and
    the Ixians' HMS, a place of the board layer, is none of them (2.12.08)."""
    taken = set(placed(game))
    return [s.name for s in data(game).board.strongholds if s.name not in taken]


def open_places(game: Any, seat: str) -> list[str]:
    """Where ``seat`` may Place a Terror token (2.12.08): a stronghold holding none, or, while
    the Moritani card's Cunning is lent to it (001 4.03.07.13: "in any Territory on Arrakis,
    even one that already has a Terror token"), any territory of the board, in board order."""
    if lent(game, seat, TERROR_ANYWHERE):
        return [t.name for t in data(game).board.territories]
    return open_strongholds(game)


def empty() -> dict[str, Any]:
    return {"place": None, "move": None, "trigger": [], "robbery": None, "sabotage": None,
            "assassinate": None, "offer": None, "bounty": False, "cash": None}


# --- the decision of War Continues
def decision(state: State, seat: str, standing: str, terrorize: bool) -> Prompt | None:
    """At War Continues (``terrorize``) one Terrorize action (text A), or under text B up to
    three at the end of the revival round (2.12.08.01-04 B); then and in the revival round
    their standing answers and Robbery's word (``standing``: the answers given, in words):
    optional, sendable ahead."""
    if not has(state, seat, Ability.TERROR):
        return None
    kind = kind_of(state)
    held = supply(state, seat)
    free = open_strongholds(state)
    places = open_places(state, seat)
    names = ", ".join(kind.token(v).name for v in held) or "none"
    robbery = state["factions"][seat].get("robbery", SPICE).upper()
    gift = state["factions"][seat].get("sabotage") or "NONE"
    text_b = has(state, seat, Ability.PLOT_PLAN_SCHEME)
    plot = text_b and not terrorize
    where = ("in any territory, by your Moritani Nexus card's Cunning (001 4.03.07.13)"
             if places != free
             else f"in a stronghold that holds none ({', '.join(free) or 'none'})")
    action = (f"TERROR <token> IN <stronghold>: a Terror token behind your shield ({names}) "
              f"placed face down {where}; "
              f"or TERROR MOVE <stronghold> TO <stronghold>: one already placed moved to such a "
              f"stronghold (001 2.12.08, one of the two a Mentat Pause). "
              if terrorize and not text_b else _plot_legal(state, seat, names) if plot else "")
    legal = (f"{action}TRIGGER <token or ALL> ALL | NONE | EXCEPT <faction>, ... | ONLY "
             f"<faction>, ...: your standing answers {_when(state, seat)}; now: {standing}. "
             f"{'' if has(state, seat, Ability.ORGANIZED_STRIKE) else _robbery_legal(robbery)}"
             f"SABOTAGE GIVE <card> | NONE: the "
             f"card of your hand Sabotage gives back (001 2.12.14.06); now {gift}. "
             f"{_assassinate_legal(state, seat)}{_offer_legal(state, seat)}"
             f"{_bounty_legal(state, seat, terrorize)}{_rides_legal(state, seat)}"
             f"{_karama_legal(state, seat)}TERROR NONE: "
             f"none of these. Never waited for.")
    # sent ahead, War Continues' decision is held apart from the revival round's (the same
    # key): each answered by its own header's orders (``FOR MENTAT PAUSE``, ``FOR REVIVAL``)
    return Prompt(f"{KIND}:{seat}", seat, KIND, True, legal, empty(), "TERROR NONE",
                  "TERROR NONE", optional=True, title="your Terror tokens",
                  ahead=f"{KIND}@{ROUND}:{seat}" if terrorize else "",
                  options={"supply": held, "strongholds": free, "placed": placed(state),
                           **({"places": places} if places != free else {}),
                           "terrorize": terrorize, "text_b": text_b,
                           "rides": has(state, seat, Ability.TERROR_MOVES),
                           "karama": has(state, seat, Ability.KARAMA_STRIKE),
                           **({"plot": True, "front": front(state, seat),
                               "territories": open_territories(state)} if plot else {}),
                           "assassinate": has(state, seat, Ability.ASSASSINATE),
                           "offer": has(state, seat, Ability.ENEMY_OF_MY_ENEMY),
                           "bounty": terrorize and has(state, seat, Ability.BOUNTY_BOARD),
                           "cash": has(state, seat, Ability.BOUNTY)})


def _when(state: State, seat: str) -> str:
    """When a standing answer is asked, in words: as a faction enters (text A, 2.12.09), or as
    a battle opens (text B's Organized Strike, 2.12.09 B and 2.12.18 B)."""
    if has(state, seat, Ability.ORGANIZED_STRIKE):
        return ("against the opponent as a battle you or your ally fight opens where your "
                "token lies (001 2.12.09 B, 2.12.18 B)")
    return "when another faction enters a stronghold with your token (001 2.12.09)"


def _robbery_legal(robbery: str) -> str:
    """Text A's ROBBERY line, in words (text B's Robbery takes no choice)."""
    return (f"ROBBERY SPICE | CARD: what Robbery takes (001 2.12.14.05); now {robbery}. ")


def _plot_legal(state: State, seat: str, names: str) -> str:
    """Text B's three Terrorize actions at the end of the revival round, in words (001
    2.12.08.01-04 B)."""
    kind = kind_of(state)
    shown = ", ".join(kind.token(v).name for v in front(state, seat)) or "none"
    return (f"Up to {TERRORIZE_ACTIONS} Terrorize actions at the end of the revival round, in "
            f"the order written, one a line (001 2.12.08.01-04 B): TERROR PLOT <token> IN "
            f"<territory>: a token behind your shield ({names}) placed face down in a territory "
            f"of the board that holds none (not the HMS); TERROR PLAN <territory> TO "
            f"<territory>: one on the board moved to such a territory; TERROR SCHEME <token>: "
            f"one in front of your shield ({shown}) back behind it. ")


def _karama_legal(state: State, seat: str) -> str:
    """Text B's Karama standing word, in words (001 1.14.13 B)."""
    if not has(state, seat, Ability.KARAMA_STRIKE):
        return ""
    named = ", ".join(faction_name(s, state)
                      for s in state["factions"][seat].get("karama_strike", [])) or "NONE"
    return (f"TERROR KARAMA FOR <faction>, ... | NONE: a Karama you hold played as a battle one "
            f"of them fights opens, where your token lies and neither you nor your ally fight, "
            f"to set the token off for it against its opponent (001 1.14.13 B); now {named}. ")


def _rides_legal(state: State, seat: str) -> str:
    """Text B's TERROR MOVES standing word, in words (001 2.12.15 B)."""
    if not has(state, seat, Ability.TERROR_MOVES):
        return ""
    now = "ALL" if state["factions"][seat].get(RIDES) else "NONE"
    return (f"TERROR MOVES ALL | NONE: whether a Terror token lying where your forces move "
            f"from goes with them, free, to where they arrive if it holds none (001 2.12.15 B); "
            f"now {now}. ")


def _bounty_legal(state: State, seat: str, now: bool) -> str:
    """Text B's BOUNTY DRAW line at War Continues (001 2.12.17 B) and the advanced Bounty's
    standing word (2.12.19 B), in words."""
    found = ""
    if now and has(state, seat, Ability.BOUNTY_BOARD):
        found = ("BOUNTY DRAW: a new traitor card from your Bounty Board, the one you hold set "
                 "aside first and shuffled back in after (001 2.12.17 B). ")
    if has(state, seat, Ability.BOUNTY):
        ways = " AND ".join(w.upper() for w in state["factions"][seat].get("bounty", []))
        found += ("BOUNTY ALIVE | DEAD | ALIVE AND DEAD | HOLD: how you cash your traitor card: "
                  "ALIVE as its leader dies in a battle, for the spice paid for it; DEAD in the "
                  "collection round, its leader in the tanks, for its strength (001 2.12.19 B); "
                  f"now {ways or 'HOLD'}. ")
    return found


def _offer_legal(state: State, seat: str) -> str:
    """Text A's OFFER ALLIANCE line, in words (001 2.12.15-16)."""
    if not has(state, seat, Ability.ENEMY_OF_MY_ENEMY):
        return ""
    word = state["factions"][seat].get("alliance_offer") or {"*": False}
    now = ("ALL" if word.get("*") else "NONE") + (" (with exceptions)" if len(word) > 1 else "")
    return (f"OFFER ALLIANCE ALL | NONE | EXCEPT <faction>, ... | ONLY <faction>, ...: to whom "
            f"you offer an alliance as they are about to set off one of your tokens (001 "
            f"2.12.15-16; accepted by their own standing terms, the token comes back "
            f"unrevealed); now {now}. ")


def _assassinate_legal(state: State, seat: str) -> str:
    """The advanced game's ASSASSINATE line, in words (001 2.12.20)."""
    own = state["factions"][seat]
    if not has(state, seat, Ability.ASSASSINATE) or own.get("assassin_lost"):
        return ""
    word = own.get("assassinate") or {"*": True}
    now = ("ALL" if word.get("*", True) else "NONE") + (" (with exceptions)" if len(word) > 1
                                                       else "")
    return (f"ASSASSINATE ALL | NONE | EXCEPT <faction>, ... | ONLY <faction>, ...: against "
            f"whom you reveal a traitor card to kill that leader when you lose a battle by its "
            f"totals (001 2.12.20, once a faction); now {now}. ")


def decided(state: State, seat: str, value: dict[str, Any]) -> list[Event]:
    """The Terrorize action carried out, if still possible: a token placed or moved."""
    free = open_strongholds(state)
    if value.get("place"):
        token_value, territory = value["place"]
        if token_value not in supply(state, seat) or territory not in open_places(state, seat):
            return []
        token = tokens.find(state, TOKEN, token_value)
        tokens.place(token, seat, tokens.BOARD, territory, _sector(state, territory))
        tokens.turn(token, tokens.DOWN)
        return [Event(EventCode.TERROR_PLACED, {"faction": seat, "territory": territory})]
    if value.get("move"):
        source, territory = value["move"]
        found = [t for t in tokens.of(state) if t["kind"] == TOKEN and t["owner"] == seat
                 and t["at"] == tokens.BOARD and t["territory"] == source]
        if not found or territory not in free:
            return []
        (sector,) = data(state).board[territory].sectors
        tokens.place(found[0], seat, tokens.BOARD, territory, sector)
        return [Event(EventCode.TERROR_MOVED, {"faction": seat, "from": source,
                                               "territory": territory})]
    return []


def schemed(state: State, seat: str, actions: list[list[str]]) -> list[Event]:
    """Text B's Terrorize actions (001 2.12.08.01-04 B), carried out at the end of the revival
    round in the order written, each only if still possible then: PLOT a token from behind
    their shield face down in a territory holding none, PLAN one on the board to such a
    territory, SCHEME one from in front of their shield back behind it, face down."""
    events = []
    for verb, what, *where in actions[:TERRORIZE_ACTIONS]:
        free = open_territories(state)
        if verb == PLOT and what in supply(state, seat) and where[0] in free:
            token = tokens.find(state, TOKEN, what)
            tokens.place(token, seat, tokens.BOARD, where[0], _sector(state, where[0]))
            tokens.turn(token, tokens.DOWN)
            events.append(Event(EventCode.TERROR_PLACED, {"faction": seat,
                                                          "territory": where[0]}))
        elif verb == PLAN and what in placed(state) and where[0] in free:
            token = next(t for t in tokens.of(state) if t["kind"] == TOKEN
                         and t["at"] == tokens.BOARD and t["territory"] == what)
            tokens.place(token, seat, tokens.BOARD, where[0], _sector(state, where[0]))
            events.append(Event(EventCode.TERROR_MOVED, {"faction": seat, "from": what,
                                                         "territory": where[0]}))
        elif verb == SCHEME and what in front(state, seat):
            token = tokens.find(state, TOKEN, what)
            tokens.place(token, seat, tokens.BEHIND)
            tokens.turn(token, tokens.DOWN)
            events.append(Event(EventCode.TERROR_SCHEMED, {
                "faction": seat, "token": kind_of(state).token(what).name}))
    return events


def rode(state: State, seat: str, source: str | None, territory: str) -> list[Event]:
    """2.12.15 (B) TERROR MOVES: "When making a Force Movement or Shipment action you may
    move/ship any amount of Terror tokens with your Forces if it has the same starting and
    ending destination for free."  By mail their standing word (``TERROR MOVES ALL``) moves
    the token lying where their forces leave to where they arrive.  Rulings: a shipment from
    their reserves starts in no territory, so carries no token (their supply is PLOT's,
    2.12.08.02 B); one token a territory (``open_territories``): none rides into a territory
    holding one; a move within a territory carries nothing."""
    if (source is None or source == territory or not state["factions"][seat].get(RIDES)
            or territory not in open_territories(state)):
        return []
    token = next((t for t in tokens.of(state) if t["kind"] == TOKEN and t["owner"] == seat
                  and t["at"] == tokens.BOARD and t["territory"] == source), None)
    if token is None:
        return []
    tokens.place(token, seat, tokens.BOARD, territory, _sector(state, territory))
    return [Event(EventCode.TERROR_RODE, {"faction": seat, "from": source,
                                          "territory": territory})]


def _sector(state: State, territory: str) -> int:
    """Where a token lies in a territory: its first sector (0 in the Polar Sink); ruling: a
    Terror token lies in a territory, whatever its sector (001 2.12.09 B: "in the same
    Territory")."""
    return (data(state).board[territory].sectors or (0,))[0]


def extorted(game: Any, seat: str) -> bool:
    """Whether their Extortion token lies in front of their shield (public)."""
    return any(t["kind"] == TOKEN and t["owner"] == seat and t["at"] == tokens.FRONT
               and t["value"] == "extortion" for t in tokens.of(game))


def payment(state: State, seat: str, payer: str) -> Prompt:
    """Another faction's optional payment of 3 spice to keep the Extortion token away."""
    return Prompt(f"{EXTORTION}:{payer}", payer, EXTORTION, True,
                  f"EXTORTION PAY or EXTORTION NONE: pay the Moritani {EXTORTION_PAYMENT} spice "
                  f"at War Continues so that their Extortion token does not come back to them "
                  f"(001 2.12.14.04; the first in storm order who pays); never waited for.",
                  False, "EXTORTION NONE", "EXTORTION NONE", optional=True,
                  title="the Moritani's Extortion")


def payers(state: State, seat: str) -> list[str]:
    """The factions who may pay to keep Extortion away: every other with 3 spice."""
    if not extorted(state, seat):
        return []
    return [s for s in state["seats"] if s != seat
            and state["factions"][s]["spice"] >= EXTORTION_PAYMENT]


def paid(state: State, payer: str, value: bool) -> None:
    """A payment offered, kept for the Moritani's own decision, which comes after."""
    if value:
        state["step"].setdefault("extortion", []).append(payer)


def war_continues(state: State, seat: str) -> list[Event]:
    """Extortion in front of their shield: its spice theirs, the token back behind their
    shield unless the first in storm order of those who offered pays 3 (2.12.14.04)."""
    offered = state["step"].pop("extortion", [])
    events = []
    for token in tokens.of(state):
        if (token["kind"] == TOKEN and token["owner"] == seat and token["at"] == tokens.FRONT
                and token["value"] == "extortion"):
            spice = token.pop("spice", 0)
            state["factions"][seat]["spice"] += spice
            events.append(Event(EventCode.EXTORTION_COLLECTED, {"faction": seat,
                                                                "spice": spice}))
            payer = next((s for s in storm_order(state) if s in offered and
                          state["factions"][s]["spice"] >= EXTORTION_PAYMENT), None)
            if payer is None:
                tokens.place(token, seat, tokens.BEHIND)
                tokens.turn(token, tokens.DOWN)
                continue
            state["factions"][payer]["spice"] -= EXTORTION_PAYMENT
            state["factions"][seat]["spice"] += EXTORTION_PAYMENT
            tokens.place(token, None, tokens.ASIDE)
            events.append(Event(EventCode.EXTORTION_PAID, {"faction": payer, "to": seat,
                                                           "spice": EXTORTION_PAYMENT}))
    return events


# --- the trigger (2.12.09) and the effects (2.12.14)
def entered(state: State, seat: str, token: dict[str, Any], mover: str) -> list[Event]:
    """Another faction entered the stronghold of one of their tokens, and their standing
    answers want it revealed: revealed and applied to that faction if the rules let it
    (advisors entering trigger it too, 2.12.09)."""
    value = token["value"]
    if (token["kind"] != TOKEN or mover in ally_of(state, seat)
            or not has(state, seat, Ability.TERROR)):
        return []
    territory = token["territory"]
    tokens.turn(token, tokens.UP)
    events = [Event(EventCode.TERROR_TRIGGERED, {
        "faction": seat, "token": kind_of(state).token(value).name, "by": mover,
        "territory": territory})]
    if value == "extortion":
        tokens.place(token, seat, tokens.FRONT)
    else:
        tokens.place(token, None, tokens.ASIDE)             # 2.12.12: out of the game
    return events + EFFECTS[value](state, seat, mover, territory, token)


def lying(state: State, seat: str, territory: str) -> dict[str, Any] | None:
    """Their Terror token on the board in ``territory`` (one a territory), or None."""
    return next((t for t in tokens.of(state) if t["kind"] == TOKEN and t["owner"] == seat
                 and t["at"] == tokens.BOARD and t["territory"] == territory), None)


def struck(state: State, seat: str, token: dict[str, Any], benefactor: str, opponent: str
           ) -> list[Event]:
    """2.12.09 (B) ORGANIZED STRIKE: their token in the battle's territory revealed as the
    battle opens, against the opponent for the benefactor (its effect ``Moritani.
    battle_opened``'s); it lies face up in front of their shield (2.12.10 B), but the Atomics,
    set aside (2.12.14.03 B), and Extortion, back behind their shield (2.12.14.04 B)."""
    value = token["value"]
    events = [Event(EventCode.TERROR_STRUCK, {
        "faction": seat, "token": kind_of(state).token(value).name, "against": opponent,
        "for": benefactor, "territory": token["territory"]})]
    tokens.turn(token, tokens.DOWN if value == "extortion" else tokens.UP)
    if value == "atomics":
        tokens.place(token, None, tokens.ASIDE)
    else:
        tokens.place(token, seat, tokens.BEHIND if value == "extortion" else tokens.FRONT)
    return events


def back_behind(state: State, seat: str) -> int:
    """2.12.14.03 (B): "Put all other Terror tokens on the board into your supply": how many."""
    found = [t for t in tokens.of(state) if t["kind"] == TOKEN and t["owner"] == seat
             and t["at"] == tokens.BOARD]
    for token in found:
        tokens.place(token, seat, tokens.BEHIND)
        tokens.turn(token, tokens.DOWN)
    return len(found)


def _assassination(state: State, seat: str, mover: str, territory: str,
                   token: dict[str, Any]) -> list[Event]:
    """2.12.14.02: a random active leader of that faction to the tanks; the Moritani collect
    spice for it (its strength; Zoal's price, 3)."""
    own = state["factions"][mover]["leaders"]
    alive = sorted(leaders.available(own))
    if not alive:
        return [Event(EventCode.TERROR_ASSASSINATION, {"faction": seat, "of": mover,
                                                       "leader": None, "spice": 0})]
    name = state_rng(state).choice(alive)
    own[name] = leaders.TANKS
    spice = leaders.killed_price(data(state).leader(name))
    state["factions"][seat]["spice"] += spice
    return [Event(EventCode.TERROR_ASSASSINATION, {"faction": seat, "of": mover, "leader": name,
                                                   "spice": spice})]


def _atomics(state: State, seat: str, mover: str, territory: str,
             token: dict[str, Any]) -> list[Event]:
    """2.12.14.03: every force there to the tanks, the Aftermath placed, the hand limits cut."""
    sectors = list(data(state).board[territory].sectors)
    events = [e for other in state["seats"]
              for e in answers(other, state).exposed(state, {territory: sectors}, "atomics")]
    lost: dict[str, dict[str, int]] = {}
    for sector, faction, counts in [(int(sector), faction, dict(counts))
                                    for sector, by_faction in forces_at(state, territory).items()
                                    for faction, counts in by_faction.items()]:
        remove_forces(state, faction, territory, sector, counts)
        to_tanks(state, faction, counts)
        add(lost.setdefault(faction, {}), counts)
    (aftermath,) = [t for t in tokens.of(state) if t["kind"] == AFTERMATH]
    tokens.place(aftermath, None, tokens.BOARD, territory, sectors[0])
    tokens.turn(aftermath, tokens.UP)
    state["factions"][seat]["atomics"] = True
    events.append(Event(EventCode.TERROR_ATOMICS, {
        "faction": seat, "territory": territory,
        "forces": {s: lost[s] for s in state["seats"] if s in lost}}))
    return events + over_the_limit(state)


def hand_limit_cut(state: State, seat: str, moritani: str) -> int:
    """1 for the Moritani and their ally once their Atomics went off (2.12.14.03), else 0."""
    if not state["factions"][moritani].get("atomics"):
        return 0
    return 1 if seat == moritani or seat in ally_of(state, moritani) else 0


def over_the_limit(state: State) -> list[Event]:
    """A hand over its limit discards at random, at once (2.12.14.03)."""
    events = []
    for seat in state["seats"]:
        hand = state["factions"][seat]["hand"]
        while len(hand) > hand_limit(state, seat):
            card = hand.pop(state_rng(state).randrange(len(hand)))
            discard(state, seat, card)
            events.append(Event(EventCode.HAND_LIMIT_DISCARD, {"faction": seat, "card": card}))
    return events


def _extortion(state: State, seat: str, mover: str, territory: str,
               token: dict[str, Any]) -> list[Event]:
    """2.12.14.04: 5 spice from the bank on the token, in front of their shield."""
    token["spice"] = EXTORTION_SPICE
    return [Event(EventCode.TERROR_EXTORTION, {"faction": seat, "spice": EXTORTION_SPICE})]


def _robbery(state: State, seat: str, mover: str, territory: str,
             token: dict[str, Any]) -> list[Event]:
    """2.12.14.05: half that faction's spice, rounded up, or (their standing word) the top
    treachery card while their hand has room."""
    own = state["factions"][seat]
    if (own.get("robbery") == CARD and len(own["hand"]) < hand_limit(state, seat)):
        card, events = draw_treachery(state, state_rng(state))
        if card is not None:
            own["hand"].append(card)
            return events + [
                Event(EventCode.TERROR_ROBBERY, {"faction": seat, "of": mover, "spice": 0,
                                                 "card": True}),
                Event(EventCode.TERROR_CARD_DRAWN, {"faction": seat, "card": card}, to=(seat,))]
    spice = math.ceil(state["factions"][mover]["spice"] / 2)
    state["factions"][mover]["spice"] -= spice
    own["spice"] += spice
    return [Event(EventCode.TERROR_ROBBERY, {"faction": seat, "of": mover, "spice": spice,
                                             "card": False})]


def _sabotage(state: State, seat: str, mover: str, territory: str,
              token: dict[str, Any]) -> list[Event]:
    """2.12.14.06: a random card of that faction's hand discarded; then the card their
    standing word names (``SABOTAGE GIVE <card>``), if they hold it and that hand has room,
    given to that faction (the table sees a card given, the two factions which)."""
    hand = state["factions"][mover]["hand"]
    card = hand.pop(state_rng(state).randrange(len(hand))) if hand else None
    if card is not None:
        discard(state, mover, card)
    events = [Event(EventCode.TERROR_SABOTAGE, {"faction": seat, "of": mover, "card": card})]
    own = state["factions"][seat]["hand"]
    gift = next((c for c in own if data(state).treachery_card(c).name
                 == state["factions"][seat].get("sabotage")), None)
    if gift is None or len(hand) >= hand_limit(state, mover):
        return events
    own.remove(gift)
    hand.append(gift)
    return events + [Event(EventCode.TERROR_GIFT, {"faction": seat, "to": mover}),
                     Event(EventCode.TERROR_GIFT_CARD, {"faction": seat, "to": mover,
                                                        "card": gift}, to=(seat, mover))]


def _sneak_attack(state: State, seat: str, mover: str, territory: str,
                  token: dict[str, Any]) -> list[Event]:
    """2.12.14.07: up to 5 of their reserves into that territory free, where the storm and the
    occupancy limit let them (never beside their ally, 1.10.02.05; the Aftermath does not stop
    them).  Text B's tokens lie in any territory (2.12.08.01 B): the forces go to its first
    sector the storm does not cover (the Polar Sink's 0), and only a stronghold has a limit."""
    place = data(state).board[territory]
    sector = next((s for s in place.sectors if s != state["storm"]["sector"]),
                  None if place.sectors else 0)
    others = [f for f in occupants(state, territory) if f != seat]
    reserve = state["factions"][seat]["reserve"]
    count = min(SNEAK_ATTACK, reserve.get(plain(state, seat), 0))
    if (sector is None or place.is_stronghold and len(others) >= STRONGHOLD_LIMIT
            or set(others) & set(ally_of(state, seat)) or count == 0):
        count = 0
    else:
        forces = {plain(state, seat): count}
        reserve[plain(state, seat)] -= count
        if not reserve[plain(state, seat)]:
            del reserve[plain(state, seat)]
        add_forces(state, seat, territory, sector, forces)
    return [Event(EventCode.TERROR_SNEAK_ATTACK, {"faction": seat, "territory": territory,
                                                  "forces": count})]


EFFECTS = {"assassination": _assassination, "atomics": _atomics, "extortion": _extortion,
           "robbery": _robbery, "sabotage": _sabotage, "sneak_attack": _sneak_attack,
           "ambush": _sneak_attack}                  # 2.12.14.07 B: Sneak Attack renamed
