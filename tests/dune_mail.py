"""A game of Dune by mail at a position: the moderator plays it from there, mail in and mail
out, as a game that reached the position by play (the scenario machinery builds the position,
``games/dune/scenario``)."""

from __future__ import annotations

import json

from dune_leaks import secrets_over, shown_in_battles
from installation import Installation
from players import DIGEST_LINE, addressed_to, drop, order_mail, text

from pbem.definition import create_game, game_definition
from pbem.games.dune.scenario import load_scenario
from pbem.moderator import run_gm_command

GAME = "dune-1"
SIX = ["harkonnen", "atreides", "bene-gesserit", "emperor", "fremen", "guild"]


def flat(mail: str) -> str:
    """A mail's text with its lines joined (long lines are wrapped at 78 columns)."""
    return " ".join(mail.split())


def bidding_of_turn_2(tmp_path, factions=None, seed="by-hand"):
    """A six-seat WBC game at the start of turn 2's bidding round."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": SIX, "ruleset": "wbc", "seed": seed,
                   "position": {"turn": 2, "phase": "bidding",
                                "storm": {"sector": 12, "marker": 2},
                                "factions": factions or {}}})
    return site


def bot_game(root, game_id: str, seed: str, options: dict, seats: list[str],
             ruleset: str = "gf9") -> Installation:
    """A site with a game of ``seats`` every one of which the bots play (their digests off),
    a step a minute: the whole-game secrecy tests drive it tick by tick."""
    site = Installation(root, maps=False)
    moderator = site.moderator()
    definition = game_definition({
        "id": game_id, "game": "dune", "ruleset": ruleset, "seed": seed,
        "options": options, "auth": "address", "deadlines": {"resolve_delay_minutes": 1},
        "seats": [{"seat": s, "address": f"{s}@players.test"} for s in seats]})
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.store.db.execute("update seats set disorder = 'bot', preferences = ? "
                               "where game_id = ?", (json.dumps({"digest": "off"}), game_id))
    return site



class BotTable:
    """A GF9 game of ``seats`` every one of which the basic bots play (digests off), a step a
    minute: the differential tests play it twice and compare what the other seats got."""

    def __init__(self, root, game_id: str, seed: str, seats: list[str], options: dict) -> None:
        self.game_id = game_id
        self.site = Installation(root, maps=False)
        moderator = self.site.moderator()
        definition = game_definition({
            "id": game_id, "game": "dune", "ruleset": "gf9", "seed": seed,
            "options": options, "auth": "address", "deadlines": {"resolve_delay_minutes": 1},
            "seats": [{"seat": s, "address": f"{s}@players.test"} for s in seats]})
        create_game(moderator.store, self.site.config, definition, self.site.clock())
        moderator.store.db.execute("update seats set disorder = 'bot:basic', preferences = ? "
                                   "where game_id = ?", (json.dumps({"digest": "off"}), game_id))

    def record(self):
        return self.site.record(self.game_id)

    def gm(self, line: str) -> None:
        moderator = self.site.moderator()
        run_gm_command(moderator, self.game_id, line)
        moderator.send_outbox()

    def play(self, before=None) -> int:
        """Ticks a minute apart to the game's end; ``before`` once the set-up is over."""
        steps = 0
        while not self.record().finished:
            if before is not None and self.record().state["phase"] != "setup":
                before(self)
                before = None
            self.site.clock.advance(minutes=1)
            summary = self.site.moderator().tick()
            assert not summary.errors and summary.steps <= 1
            steps += summary.steps
            assert steps < 600
        return steps

    def secrets(self, seats: list[str]) -> tuple[dict[str, set], set, list[list[dict]]]:
        """Over the game played: each seat's secrets, what was shown openly (battle plans
        too), and each step's events as stored (``dune_leaks``)."""
        store = self.site.moderator().store
        held, played = secrets_over(list(self.record().replay_states(store)), seats)
        played |= shown_in_battles(store, self.game_id)
        return held, played, [json.loads(row["events"] or "[]")
                              for row in store.decisions(self.game_id)]

    def text_of(self, seat: str) -> str:
        """Every mail the seat got, as one text."""
        return "\n".join(text(m) for m in addressed_to(self.site.sent(), f"{seat}@players.test"))

    def mails(self, seat: str) -> list[tuple[str, str]]:
        """The seat's mail: (subject, text), the digest lines left out (the running digest
        commits to the whole log, secrets too, docs/fairness.md: it differs by design)."""
        return [(m["Subject"], DIGEST_LINE.sub("", text(m)))
                for m in addressed_to(self.site.sent(), f"{seat}@players.test")]

    def pages(self) -> dict[str, str]:
        """The game's public archive pages: each turn's report and table."""
        from pbem.archive.site import Archive

        folder = Archive(self.site.moderator().store, self.site.root / "site",
                         self.site.clock()).write_game(self.game_id)
        return {page.name: page.read_text(encoding="utf-8")
                for page in sorted(folder.iterdir()) if page.name.startswith(("turn-", "map-"))}


def open_prompts(site, seat):
    """The seat's decisions open now that have no order yet."""
    record = site.record(GAME)
    pending = site.moderator().store.pending(GAME, record.step)
    return [p for p in record.prompts() if p.seat == seat and p.key not in pending]


def address(seat: str) -> str:
    return f"{seat}@players.test"


def game_at(site, scenario: dict) -> None:
    """Create the game of a scenario (its seats, ruleset, options and seed) from a game file,
    then put it at the scenario's position: its state replaced, outside the decision log (such
    a game is not replayed from its seed).  The welcome mails are sent and forgotten."""
    definition = game_definition({
        "id": GAME, "game": "dune", "ruleset": scenario["ruleset"], "seed": scenario["seed"],
        "options": scenario.get("options", {}), "auth": "address",
        "seats": [{"seat": s, "address": address(s)} for s in scenario["seats"]]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    state = load_scenario(scenario).state
    with moderator.store.atomic() as store:
        store.db["games"].update(GAME, {"state": json.dumps(state, sort_keys=True)})
    moderator.send_outbox()


def send(site, seat: str, body: str) -> str:
    """A seat's mail, read at a tick; the text of the moderator's answer to it."""
    before = len(site.sent(address(seat)))
    drop(site.inbox, order_mail(address(seat), body, subject=f"[{GAME}] orders"))
    summary = site.moderator().tick()
    assert not summary.errors, summary.errors
    (answer,) = site.sent(address(seat))[before:before + 1]
    return text(answer)
