"""The arithmetic of a battle, pure: what a dial may be, the forces a winner loses, which leader
a weapon kills, and who wins (000 X.B-D, lines 381-421; XXII advanced combat, lines 578-589;
Q&A XXV.B.4-5, lines 660-664; the player aid's battle cards A.1-7, lines 918-932; the
starred forces, lines 806, 982, 1000; the Kwisatz Haderach, lines 762, 1008; WBC clarification
X, lines 1266-1272).

Nothing here reads or changes a game: ``battle.py`` gives the facts and applies the outcome.

Strength.  A force counts one; a starred force (Sardaukar, Fedaykin, with the optional
advantages) two "in battle and in taking losses", a Sardaukar one against the Fremen (lines 806,
1000).  X.B.1 has a side dial "from zero to the number of tokens he has": here, their worth.
With advanced combat (XXII.A.1) a force counts full only when one spice backs it, one spice for
a starred force too (Q&A B.4), and half otherwise, so dials go in half steps (XXII.B).  Spice
beyond the forces it can back is refused when the plan is read, spice beyond the forces used is
simply spent.

Losses.  The winner loses forces worth his dial (X.C.6), in any mix that agrees with the dial and
the spice he paid (XXII.C, line 589: the Fedaykin example).  Where no mix makes the dial
exactly (a lone Sardaukar and a dial of 1), the mixes worth the least above it do: the dial may
not be cut, so the forces are lost beyond it.  The winner names his mix (``LOSE``); otherwise
he keeps his starred forces as long as he can, then loses as few forces as he can.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Any

from pbem.frozen import record

from .data import DuneData, Effect
from .variants.cheap_hero_traitor import matched

KWISATZ_HADERACH = 2        # 000 line 762: "add its +2 strength to any one leader"

Number = int | float


def number(value: float) -> Number:
    """A dial as an int when it is whole (7), a float on a half step (7.5)."""
    return int(value) if value == int(value) else value


NORMAL = 1                  # what a normal force is worth (000 X.B.1); a Karama on a kind's
#                             bonus makes it count so (player aid B.6)


@record
class Troop:
    """One kind of a side's forces in a battle: how many, what one is worth against the
    opponent, and whether spice backs it (``ForceKind``)."""

    kind: str
    count: int
    worth: Number
    spiced: bool = True


@record
class Strength:
    """The forces one side has in a battle and how they count, kind by kind in the order of
    its faction's kinds.

    ``free``: every force counts full without spice (advanced combat with WBC house rule 6, the
    Fremen and their ally); ``advanced``: XXII, spice backs forces.
    """

    troops: tuple[Troop, ...]
    advanced: bool
    free: bool = False

    @property
    def backing(self) -> bool:
        """Spice backs forces in this battle (XXII.A.1), so dials go in half steps (XXII.B)."""
        return self.advanced and not self.free

    @property
    def count(self) -> int:
        """How many forces, of every kind."""
        return sum(troop.count for troop in self.troops)

    @property
    def special(self) -> tuple[Troop, ...]:
        """Its kinds worth more than a normal force here, some of them in the battle: a bonus a
        Karama may cancel (player aid B.6)."""
        return tuple(t for t in self.troops if t.count and t.worth > NORMAL)

    def most_spice(self, spice: int) -> int:
        """The most spice that can back forces: one a force that spice backs, within the spice
        held."""
        return min(spice, sum(t.count for t in self.troops if t.spiced)) if self.backing else 0

    def most(self, spice: int) -> Number:
        """The highest dial the forces and ``spice`` support (X.B.1; XXII.A.1): every force
        used, the spice backing the forces worth most first."""
        if not self.backing:
            return number(sum(t.worth * t.count for t in self.troops))
        left, value = self.most_spice(spice), 0.0
        for troop in sorted(self.troops, key=lambda t: -t.worth):
            if not troop.spiced:
                value += troop.worth * troop.count
                continue
            backed = min(left, troop.count)
            left -= backed
            value += troop.worth * troop.count / 2 + troop.worth * backed / 2
        return number(value)

    def dial_ok(self, dial: Number, spice: int) -> bool:
        """A dial the side may make: a whole number (a half step in advanced combat) from 0 to
        what its forces and spice support."""
        return self.on_step(dial) and 0 <= dial <= self.most(spice)

    @property
    def half_steps(self) -> bool:
        """Dials go in half steps: spice backs forces (XXII.B), or a kind is worth a half."""
        return self.backing or any(t.worth != int(t.worth) for t in self.troops if t.count)

    def on_step(self, dial: Number) -> bool:
        """A whole number, or a half step (``half_steps``)."""
        return (dial * 2) == int(dial * 2) if self.half_steps else dial == int(dial)

    def losses(self, dial: Number, spice: int) -> list[dict[str, int]]:
        """The mixes a winner may lose, per kind: worth the dial with the spice paid (XXII.C),
        or if none is, those worth the least above it."""
        worths = _mix_worths(tuple(t.count for t in self.troops),
                             tuple(t.worth for t in self.troops),
                             tuple(t.spiced for t in self.troops), spice if self.backing else -1)
        exact = sorted(mix for mix, values in worths.items() if dial in values)
        if not exact:
            above = [min(v for v in values if v > dial) for values in worths.values()
                     if any(v > dial for v in values)]
            if not above:
                exact = [tuple(t.count for t in self.troops)]
            else:
                least = min(above)
                exact = sorted(mix for mix, values in worths.items() if least in values)
        return [self._counts(mix) for mix in exact]

    def default_losses(self, options: list[dict[str, int]]) -> dict[str, int]:
        """The mix lost when the winner names none: the fewest of its last kinds first (he
        keeps his starred forces as long as he can), then the fewest forces."""
        later = [t.kind for t in self.troops[1:]][::-1]
        return min(options, key=lambda mix: (tuple(mix.get(k, 0) for k in later),
                                             sum(mix.values())))

    def _counts(self, mix: tuple[int, ...]) -> dict[str, int]:
        """The mix per kind: a kind in two troops (some of it worth more, 001 4.03.07.04)
        summed."""
        found: dict[str, int] = {}
        for troop, n in zip(self.troops, mix, strict=True):
            if n:
                found[troop.kind] = found.get(troop.kind, 0) + n
        return found


@cache
def _mix_worths(counts: tuple[int, ...], worths: tuple[Number, ...], spiced: tuple[bool, ...],
                spice: int) -> dict[tuple[int, ...], frozenset[Number]]:
    """Every mix (so many of each kind) and what it can be worth: whole values, or with spice
    (``spice`` >= 0, advanced combat) as many forces backed as the spice pays for among those
    spice backs, each backed force full and the others half (XXII.A.1, XXII.C)."""
    found: dict[tuple[int, ...], frozenset[Number]] = {}
    for mix in product(*(range(count + 1) for count in counts)):
        if spice < 0:
            found[mix] = frozenset({number(sum(w * m for w, m in zip(worths, mix, strict=True)))})
            continue
        fixed = sum(w * m for w, m, s in zip(worths, mix, spiced, strict=True) if not s)
        backable = [(w, m) for w, m, s in zip(worths, mix, spiced, strict=True) if s]
        backed = min(spice, sum(m for _, m in backable))
        found[mix] = frozenset(number(fixed + value) for value in _backed(tuple(backable), backed))
    return found


def _backed(backable: tuple[tuple[Number, int], ...], backed: int) -> set[float]:
    """What forces (worth, how many) count with exactly ``backed`` of them backed by spice,
    in every way the backing may fall among them."""
    if not backable:
        return {0.0} if backed == 0 else set()
    (worth, count), rest = backable[0], backable[1:]
    return {worth * full + worth * (count - full) / 2 + value
            for full in range(max(0, backed - sum(m for _, m in rest)), min(count, backed) + 1)
            for value in _backed(rest, backed - full)}


# --- the cards
def kills(deck: DuneData, weapon: str | None, defense: str | None, snooper: bool = False
          ) -> bool:
    """Whether a weapon kills the leader it is played against (X.C.3): a projectile unless a
    shield stops it, a poison unless a snooper does, the lasgun always (player aid A.1-5);
    a worthless card never (A.7).  The cards' effects are the game's deck's (001 3.01.07: the
    Ellaca Drug, a poison, is stopped by a shield; 3.02: the first expansion's weapons); a
    ``snooper`` defense stops poison too (001 4.04.04.03, the Carthag stronghold card)."""
    if weapon is None:
        return False
    effects = deck.card_named(weapon).effects
    if not effects & {Effect.KILLS_LEADER, Effect.KILLS_BOTH_LEADERS, Effect.KILLS_AFTER_BATTLE}:
        return False
    return not _stopped(deck, effects, defense, snooper)


def stuns(deck: DuneData, weapon: str | None, defense: str | None, snooper: bool = False
          ) -> bool:
    """Whether a weapon stuns the leader it is played against, who then adds nothing to the
    total and lives, unless its defense stops it (001 3.06.06, the Stun Gas)."""
    if weapon is None:
        return False
    effects = deck.card_named(weapon).effects
    return Effect.STUNS_LEADER in effects and not _stopped(deck, effects, defense, snooper)


def projectile(deck: DuneData, weapon: str | None) -> bool:
    """Whether a weapon is a projectile weapon: one a projectile defense stops (as the leader
    skills read it, 001 4.07.15; the Atomic Snooper's question, 3.07.02)."""
    return weapon is not None and bool(deck.card_named(weapon).effects & {
        Effect.STOPPED_BY_SHIELD, Effect.STOPPED_BY_BOTH})


def kills_later(deck: DuneData, weapon: str | None) -> bool:
    """Whether a weapon that kills lets its victim fight on and die once the battle is
    resolved (003 "Changed Treachery Cards", the Semuta Drug)."""
    return weapon is not None and Effect.KILLS_AFTER_BATTLE in deck.card_named(weapon).effects


def kills_own(deck: DuneData, weapon: str | None, defense: str | None, snooper: bool = False
              ) -> bool:
    """Whether a weapon kills its own player's leader too, whom the player's own ``defense``
    may protect (001 3.02.03 the Artillery Strike, 3.02.09 the Poison Tooth: "Kills both
    leaders"; 1.07.07.02)."""
    if weapon is None:
        return False
    effects = deck.card_named(weapon).effects
    return Effect.KILLS_BOTH_LEADERS in effects and not _stopped(deck, effects, defense, snooper)


def _stopped(deck: DuneData, effects: frozenset[Effect], defense: str | None,
             snooper: bool = False) -> bool:
    """Whether a defense stops a weapon of these effects: a shield a projectile, a snooper a
    poison (player aid A.1-4); under 001 3.02 only a defense stopping both the Poison Blade
    (3.02.08), only a Shield or Shield Snooper the Artillery Strike (3.02.03), only Chemistry
    the Poison Tooth (3.02.09); nothing the lasgun (A.5)."""
    if Effect.UNSTOPPABLE in effects:
        return False
    stops = deck.card_named(defense).effects if defense else frozenset()
    if defense and snooper:
        stops |= {Effect.STOPS_POISON}
    if Effect.STOPPED_BY_BOTH in effects:
        return Effect.STOPS_PROJECTILE in stops and Effect.STOPS_POISON in stops
    if Effect.STOPPED_BY_A_SHIELD in effects:
        return Effect.COUNTS_AS_SHIELD in stops
    if Effect.STOPPED_BY_ANTIDOTE in effects:
        return Effect.ANTIDOTE in stops
    return ((Effect.STOPPED_BY_SHIELD in effects and Effect.STOPS_PROJECTILE in stops)
            or (Effect.STOPPED_BY_SNOOPER in effects and Effect.STOPS_POISON in stops))


def explodes(deck: DuneData, plans: list[dict[str, Any]]) -> bool:
    """A lasgun and a shield in the same battle, in either plan (player aid A.5, line 928); a
    Shield Snooper counts as a shield (001 3.01.15, 3.02.11), a Weirding Way played as a
    defense does not (3.02.14).  An Atomic Snooper and any projectile weapon make the same
    explosion (001 3.07.02: all in the territory lost, both lose, both leaders die, no spice
    for them, every card discarded)."""
    weapons = [deck.card_named(p["weapon"]) for p in plans if p["weapon"]]
    defenses = [deck.card_named(p["defense"]) for p in plans if p["defense"]]
    return ((any(Effect.EXPLODES_WITH_SHIELD in w.effects for w in weapons)
             and any(Effect.COUNTS_AS_SHIELD in d.effects for d in defenses))
            or (any(Effect.EXPLODES_WITH_PROJECTILE in d.effects for d in defenses)
                and any(projectile(deck, p["weapon"]) for p in plans)))


def withheld(deck: DuneData, plan: dict[str, Any], opposing: dict[str, Any]) -> bool:
    """Whether a plan's weapon that may be left unused is not used at the reveal (001 3.02.09,
    the Poison Tooth): by its player's standing choice (``plan["tooth"]``): ``use`` (the
    default), ``hold``, or ``if_it_kills`` (used only if it kills the opposing leader)."""
    weapon = plan["weapon"]
    if weapon is None or Effect.MAY_BE_WITHHELD not in deck.card_named(weapon).effects:
        return False
    choice = plan.get("tooth", USE)
    if choice == HOLD:
        return True
    return choice == IF_IT_KILLS and not (
        (opposing["leader"] or opposing["cheap_hero"])
        and kills(deck, weapon, opposing["defense"], opposing.get("snooper", False)))


USE, HOLD, IF_IT_KILLS = "use", "hold", "if_it_kills"      # the Poison Tooth's choices


def counts(deck: DuneData, name: str | None) -> bool:
    """Whether a card in a plan's weapon or defense place counts as one: not a card played
    there "in place of a weapon or defense, but does not count as either" (001 3.04.02, .04)."""
    return name is not None and Effect.COUNTS_AS_NEITHER not in deck.card_named(name).effects


def mirrored(deck: DuneData, weapon: dict[str, str | None], other: dict[str, str]
             ) -> dict[str, str | None]:
    """Each side's weapon as it acts: a Mirror Weapon is the opponent's weapon revealed, none
    if they reveal no weapon (a card that does not count as one, 001 3.04.02, .04) or a Mirror
    Weapon too (001 3.03.05: "Copies your opponent's weapon, if they reveal one")."""
    def copies(name: str | None) -> bool:
        return name is not None and Effect.MIRRORS_WEAPON in deck.card_named(name).effects

    return {s: (weapon[other[s]] if counts(deck, weapon[other[s]])
                and not copies(weapon[other[s]]) else None) if copies(name)
            else name for s, name in weapon.items()}


def leader_value(deck: DuneData, plan: dict[str, Any], against: dict[str, Any]) -> int:
    """The leader's fighting strength in the game's data (a cheap hero's is 0, player aid A.6),
    with the Kwisatz Haderach's +2 (line 762) and a leader skill's bonus (``leader_bonus``, 001
    4.07.15).  A leader worth the opposing leader's disc
    (``Leader.opposing``: Zoal, 001 2.08.15) is worth that disc's printed value, before any
    bonus: 0 against a Cheap Hero or no leader."""
    value = 0
    if plan["leader"]:
        leader = deck.leader(plan["leader"])
        value = leader.strength
        if leader.opposing:
            other = deck.leader(against["leader"]) if against.get("leader") else None
            value = other.strength if other is not None and not other.opposing else 0
    return value + (KWISATZ_HADERACH if plan["kh"] else 0) + plan.get("leader_bonus", 0)


# --- the outcome
@record
class Outcome:
    """How a battle ended.

    ``kind``: ``battle`` (totals compared), ``traitor`` (one traitor called), ``traitors``
    (both sides' leaders betray them), ``explosion`` (lasgun and shield); ``winner`` None when
    nobody wins; ``killed``: the sides whose leader (or cheap hero) died; ``callers``: the sides
    that called a traitor; ``withheld``: the sides that did not use a weapon they played (001
    3.02.09); ``no_leader_spice``: no spice is paid for the leaders killed (001 3.02.03);
    ``killed_after``: the sides whose leader fought on and dies once the battle is resolved
    (003 "Changed Treachery Cards", the Semuta Drug); ``leaders_decided``: an Amtal decided it
    (001 3.03.12: the loser's forces go home, the winner loses none, no spice is paid);
    ``leader_spice``: what the winner collects for each side's killed leader, times its
    value (0: nothing, 001 3.06.02-03, 3.08.07; 2: twice, 3.09.05), one by default;
    ``probed``: the sides whose leader a defense protected from an Ixian Probe, whose value its
    player collects if he wins (001 3.08.04).
    """

    kind: str
    winner: str | None
    loser: str | None
    killed: tuple[str, ...]
    totals: dict[str, Number]
    callers: tuple[str, ...] = ()
    withheld: tuple[str, ...] = ()
    no_leader_spice: bool = False
    killed_after: tuple[str, ...] = ()
    leaders_decided: bool = False
    leader_spice: tuple[tuple[str, int], ...] = ()
    probed: tuple[str, ...] = ()


def discards(plan: dict[str, Any]) -> list[str]:
    """The plan's DISCARD names that are cards of the plan (its weapon, its defense, and its
    Cheap Hero, which a winner by a traitor keeps under GF9, 001 1.07.07.07.01), each once."""
    return [name for name in dict.fromkeys(plan["discard"])
            if name in (plan["weapon"], plan["defense"], plan["cheap_hero"])]


def betrays(plan: dict[str, Any], traitors: set[str]) -> bool:
    """The plan's leader is one of ``traitors`` and may turn: not a cheap hero but with the
    Cheap Hero traitor card (001 4.09.02, ``variants.cheap_hero_traitor.matched``), not with
    the Kwisatz Haderach (line 762: "A leader accompanied by Kwisatz Haderach cannot turn
    traitor")."""
    card = matched(plan)
    return card is not None and not plan["kh"] and card in traitors


def resolve(deck: DuneData, aggressor: str, defender: str, plans: dict[str, dict[str, Any]],
            traitors: dict[str, set[str]], undialed: dict[str, int] | None = None,
            storm_first: str | None = None) -> Outcome:
    """The outcome of two revealed plans, their cards read from the game's ``deck``.
    ``traitors``: the leaders each side may call as traitors (its own, and the Harkonnen's for
    their ally).  A traitor call comes before an explosion (WBC X, line 1272); both traitors:
    both lose (X.D.4); the explosion has no winner (line 1270); a plan's ``defense_as`` defends
    in place of its defense (001 4.07.15.03, the Diplomat), its ``opponent_bonus`` is added to
    the other side's total unless its own leader is killed (4.07.15.02, the Bureaucrat); else
    the higher total of dial and surviving leader wins, the aggressor on a tie (X.C.1-3).  The
    Richese cache's weapons change the totals: a Stone Burner the forces each side left
    ``undialed`` (001 3.03.11), an Amtal the leaders alone (3.03.12); against each other, or an
    Amtal against an Artillery Strike, the card of the side ``storm_first`` acts (3.03.12)."""
    sides = (aggressor, defender)
    other = {aggressor: defender, defender: aggressor}
    callers = tuple(s for s in sides if plans[s]["call"] and betrays(plans[other[s]], traitors[s]))
    if len(callers) == 2:
        return Outcome("traitors", None, None, sides, {}, callers)
    if callers:
        winner = callers[0]
        return Outcome("traitor", winner, other[winner], (other[winner],), {}, callers)
    if explodes(deck, [plans[s] for s in sides]):
        return Outcome("explosion", None, None,
                       tuple(s for s in sides if plans[s]["leader"] or plans[s]["cheap_hero"]),
                       {})
    held = tuple(s for s in sides if withheld(deck, plans[s], plans[other[s]]))
    snooper = {s: plans[s].get("snooper", False) for s in sides}        # 001 4.04.04.03
    weapon = first_acts(deck, mirrored(deck, {s: None if s in held else plans[s]["weapon"]
                                              for s in sides}, other), storm_first or aggressor)
    defense = {s: plans[s].get("defense_as") or plans[s]["defense"] for s in sides}  # 4.07.15.03
    effects = [deck.card_named(w).effects for w in weapon.values() if w]
    led = {s for s in sides if plans[s]["leader"] or plans[s]["cheap_hero"]}
    burnt = any(Effect.MAY_BURN_LEADERS in deck.card_named(weapon[s]).effects
                and plans[s].get("burn") for s in sides if weapon[s])          # 001 3.03.11
    struck = tuple(s for s in sides if s in led and (
        burnt or kills(deck, weapon[other[s]], defense[s], snooper[s])
        or kills_own(deck, weapon[s], defense[s], snooper[s])))
    later = tuple(s for s in struck if not burnt and (
        kills_later(deck, weapon[other[s]])
        or (kills_later(deck, weapon[s]) and kills_own(deck, weapon[s], defense[s], snooper[s])
            and not kills(deck, weapon[other[s]], defense[s], snooper[s]))))  # 001 3.08.06
    killed = tuple(s for s in struck if s not in later)
    stunned = {s for s in led if stuns(deck, weapon[other[s]], defense[s], snooper[s])}
    dials_only = any(Effect.LEADERS_ADD_NOTHING in e for e in effects)     # 001 3.02.03
    leaders_only = any(Effect.LEADERS_DECIDE in e for e in effects)        # 001 3.03.12
    if any(Effect.UNDIALED_DECIDE in e for e in effects) and undialed is not None:
        totals = {s: number(undialed[s]) for s in sides}                   # 001 3.03.11
    else:
        totals = {s: number((0 if leaders_only
                             else plans[s]["dial"] + plans[s].get("dial_bonus", 0)  # 1.14.12
                             + plans[s].get("partner_bonus", 0))                    # 2.11.20
                            + (0 if s in killed or s in stunned or dials_only
                               else leader_value(deck, plans[s], plans[other[s]]))
                            + (0 if other[s] in killed
                               else plans[other[s]].get("opponent_bonus", 0)))
                  for s in sides}
    winner = aggressor if totals[aggressor] >= totals[defender] else defender
    if totals[aggressor] == totals[defender] and plans[defender].get("wins_ties"):
        winner = defender                                               # 001 4.04.04.04
    if leaders_only and other[winner] in led and other[winner] not in killed:
        killed += (other[winner],)          # 001 3.03.12: "the loser's leader is killed"
    return Outcome("battle", winner, other[winner], killed, totals, (), held,
                   any(Effect.NO_LEADER_SPICE in e for e in effects), later, leaders_only,
                   _leader_spice(deck, killed, weapon, defense, other),
                   _probed(deck, led, killed, weapon, defense, other, snooper))


def _leader_spice(deck: DuneData, killed: tuple[str, ...], weapon: dict[str, str | None],
                  defense: dict[str, str | None], other: dict[str, str]
                  ) -> tuple[tuple[str, int], ...]:
    """The times of its value a killed leader pays the winner where a card changes it: none
    for a leader a Flamethrower killed (001 3.06.03) or one a Life Shield Blanket or a Shere
    defended (3.06.02, 3.08.07), twice for one an Inkvine Extract killed (3.09.05)."""
    rates = []
    for seat in killed:
        by = deck.card_named(weapon[other[seat]]).effects if weapon[other[seat]] else frozenset()
        own = deck.card_named(defense[seat]).effects if defense[seat] else frozenset()
        if Effect.NO_SPICE_FOR_ITS_KILL in by or Effect.NO_SPICE_FOR_OWN_LEADER in own:
            rates.append((seat, 0))
        elif Effect.DOUBLE_LEADER_SPICE in by:
            rates.append((seat, 2))
    return tuple(rates)


def _probed(deck: DuneData, led: set[str], killed: tuple[str, ...],
            weapon: dict[str, str | None], defense: dict[str, str | None],
            other: dict[str, str], snooper: dict[str, bool]) -> tuple[str, ...]:
    """The sides whose leader its defense protected from an Ixian Probe (001 3.08.04): the
    probe would kill it without the defense and does not with it."""
    return tuple(s for s in sorted(led) if s not in killed and weapon[other[s]]
                 and Effect.SPICE_FOR_A_PROTECTED_LEADER in deck.card_named(
                     weapon[other[s]]).effects
                 and kills(deck, weapon[other[s]], None)
                 and not kills(deck, weapon[other[s]], defense[s], snooper[s]))


def first_acts(deck: DuneData, weapon: dict[str, str | None], first: str
               ) -> dict[str, str | None]:
    """Each side's weapon as it acts where an Amtal meets an Artillery Strike or a Stone
    Burner: "use Storm Order to decide which effect to apply" (001 3.03.12), read as the card
    of the side ``first`` in storm order acting and the other card doing nothing."""
    def amtal(name: str | None) -> bool:
        return name is not None and Effect.LEADERS_DECIDE in deck.card_named(name).effects

    def rival(name: str | None) -> bool:
        return name is not None and bool(deck.card_named(name).effects & {
            Effect.LEADERS_ADD_NOTHING, Effect.UNDIALED_DECIDE})

    names = list(weapon.values())
    if not (any(amtal(n) for n in names) and any(rival(n) for n in names)):
        return weapon
    beaten = rival if amtal(weapon[first]) else amtal
    return {s: None if beaten(name) else name for s, name in weapon.items()}
