"""The mail the moderator writes: welcomes, answers to orders, refusals and
step reports.  Each is rendered from one seat's view (or the public view for
the GM), never from the full state.

Every mail has a plain text version within 78 columns and an HTML version made
from it (``pbem.mail.html``), and stays in its reader's thread of the game: a
seat's welcome opens the seat's thread (its Message-ID is the seat's
``thread_id``), the GM's welcome the GM's, and every later mail answers the
thread's first mail (``In-Reply-To`` and ``References``), with the subject
prefix ``[game]``.
"""

from __future__ import annotations

import io
import json
from dataclasses import replace
from datetime import datetime
from email.message import EmailMessage
from enum import Enum
from typing import Any

from pbem import chain, reply_token
from pbem.ahead import ahead_prompts
from pbem.command import commanded_with
from pbem.config import Config
from pbem.echo import Echo
from pbem.game import Event, MapPicture, OrderError, Prompt, capability, waiting_for
from pbem.mail.compose import Mail, Picture, compose, new_message_id, reply_subject
from pbem.mail.html import text_to_html
from pbem.mail.text import body_text
from pbem.record import GameRecord
from pbem.store import parse_utc
from pbem.templating import render, wrap_lines


def order_template(record: GameRecord, seat: str, prompts: list[Prompt],
                   standing: dict[str, str], form: list[Prompt] = ()) -> str:
    """Order text for a seat's open prompts that the moderator accepts as it is.

    A prompt already answered shows the standing order, so that the template
    can be sent back with only what the player wants to change.  The decisions to come of
    the turn form (``form``) follow, each under its header with its lines commented out: sent
    as it is, such a block holds nothing, and its decision is asked when it opens.
    """
    lines = [f"GAME {record.id}"]
    if len(commanded_with(record.seats, seat)) > 1:
        lines.append(f"SEAT {seat}")        # a player of several seats names the one
    if record.settings["auth"] != "address":
        lines.append(f"SECRET {record.seat(seat)['secret']}")
    lines.extend(standing.get(p.key, p.template) for p in prompts)
    lines.extend(form_block(p) for p in form)
    return "\n".join(lines)


def form_block(prompt: Prompt) -> str:
    """A decision to come in the turn form: its header, then its template commented out."""
    header, *lines = prompt.template.splitlines()
    return "\n".join(["", header, *(f"# {line.removeprefix('# ')}" for line in lines)])


def _seat_context(record: GameRecord, seat: str | None, deadline: datetime | None,
                  answered: frozenset[str] = frozenset(),
                  standing: dict[str, str] | None = None, again: bool = False) -> dict:
    """What every mail to a seat shows: its view, its prompts, who the step waits for
    (``waiting_for``: never a seat for an optional decision), the turn form and the decisions
    still to come it may send ahead (the turn sheet) and its held orders (``pbem.ahead``).

    ``answered`` names the prompts of this step that have orders (any seat's);
    ``standing`` maps the reader's own answered prompts to their order text: such a prompt
    is shown as answered, not as asked.  The turn form (``form``) asks the seat's decisions
    to come that no mail has offered it yet and that are no optional ones (a card its holder
    may keep: those stay offered in "Later this turn", with what was offered before);
    ``again``: the whole form, as if no mail had offered any (STATUS asks for it).
    """
    standing = standing or {}
    prompts = [p for p in record.prompts() if p.seat == seat]
    held = record.held_by(seat)
    holding = {row["name"] for row in held if row["refused"] is None}
    coming = [p for p in ahead_prompts(record.rules, record.state, seat)
              if p.key not in holding]
    shown = (set(json.loads(record.seat(seat).get("ahead_shown") or "[]"))
             if seat and not again else set())
    form = [p for p in coming if not p.optional and p.key not in shown]
    return {
        "game": record,
        "seat": seat,
        "view": record.rules.view(record.state, seat),
        "prompts": prompts,
        "asked": [p for p in prompts if p.key not in standing],
        "standing_text": standing,
        "waiting_for": waiting_for(record.prompts(), answered),
        "template": (order_template(record, seat, prompts, standing, form)
                     if prompts or form else ""),
        "form": form,
        "ahead": [p for p in coming if p not in form],
        "ahead_new": {p.key for p in coming if p.key not in shown},
        "held": [row for row in held if row["refused"] is None],
        "held_refused": [row for row in held if row["refused"] is not None],
        "deadline": deadline,
        "timezone": record.timezone_of(seat),
        "result": record.result(),
        "command": commanded_with(record.seats, seat) if seat is not None else [],
    }


def _subject(record: GameRecord, what: str) -> str:
    return f"[{record.id}] {what}"


# Below this many characters of text a report's map goes as an attachment, not inline: mail
# filters score an HTML part that is mostly a picture as spam (SpamAssassin's default rules
# HTML_IMAGE_ONLY_04 to _32 score an inline image with fewer than 3200 bytes of words, up to
# 2.8 points; issue 33, item 12).  The rendered text of the HTML part is about the text's.
INLINE_TEXT = 3400


def _mail(config: Config, record: GameRecord, seat: str | None, subject: str, text: str,
          now: datetime, in_reply_to: str | None = None, opens_thread: bool = False,
          observer: str | None = None, template: str = "",
          pictures: tuple[Picture, ...] = (), digest: tuple[int, str] | None = None) -> Mail:
    """A mail in the seat's thread of the game (for ``seat=None``: the GM's thread, or the
    observers' thread when an ``observer`` address is given), in plain text and HTML, with
    the game's running digest at its foot and in a header (``pbem.chain``; ``digest``: another
    than the game's now, as (decision, digest)).

    ``template`` is the order template in ``text`` (kept preformatted in the HTML);
    ``pictures`` go with it, a picture with a Content-ID shown inline in the HTML where the
    text is long enough (``INLINE_TEXT``), else attached.
    """
    if observer is not None:
        to, thread = [observer], f"<pbem.{record.id}.observers@{config.moderator.domain}>"
    elif seat is None:
        to = [record.settings["gm_address"]]
        thread = f"<pbem.{record.id}@{config.moderator.domain}>"
    else:
        to, thread = [record.seat(seat)["address"]], record.seat(seat)["thread_id"]
        if len(commanded_with(record.seats, seat)) > 1:   # which of the player's seats
            subject = subject.replace(f"[{record.id}]", f"[{record.id}] {seat}:", 1)
    if len(text) < INLINE_TEXT:      # a picture with little text reads as spam: attached
        pictures = tuple(replace(p, cid=None) for p in pictures)
    extra: tuple[tuple[str, str], ...] = ()
    if (digest or record.chain) is not None:    # the game's running digest (docs/fairness.md)
        step, link = digest or record.chain
        text = f"{text.rstrip()}\n\n{chain.digest_line(record.id, step, link)}\n"
        extra = ((chain.DIGEST_HEADER, f"{record.id} {step} {link[:chain.DIGEST_CHARS]}"),)
    shown = next(((p.cid, f"The map: {record.step_name()}") for p in pictures if p.cid), None)
    html = text_to_html(text, subject, verbatim=(template,) if template else (), picture=shown)
    if opens_thread:
        return compose(config.moderator, to, subject, wrap_lines(text), now, thread, html=html,
                       pictures=pictures, extra=extra)
    # Only a seat's own mail carries its reply token (``pbem.reply_token``).
    mail_id = (reply_token.message_id(config.moderator.domain, record.id,
                                      record.reply_token(seat))
               if seat is not None and observer is None
               else new_message_id(config.moderator.domain, record.id))
    return compose(config.moderator, to, subject, wrap_lines(text), now, mail_id,
                   in_reply_to=in_reply_to or thread, references=[thread], html=html,
                   pictures=pictures, extra=extra)


def welcome(config: Config, record: GameRecord, seat: str, deadline: datetime | None,
            now: datetime, replacing: bool = False, reason: str | None = None,
            opens_thread: bool = True) -> Mail:
    """The first mail to a seat's player: how to play by mail, the secret, the view and
    prompts, the commitment to the seed (``replacing``: the player takes over a seat of a
    game under way; ``opens_thread`` False: a commitment mail opened the seat's thread)."""
    context = _seat_context(record, seat, deadline)
    text = render(record.row["game"], "mail/welcome.txt.j2", moderator=config.moderator,
                  secret=record.seat(seat)["secret"], events=[], notes=[],
                  replacing=replacing, reason=reason, salts=_salts(record), **context)
    return _mail(config, record, seat, _subject(record, "Welcome"), text, now,
                 opens_thread=opens_thread, template=context["template"])


def _salts(record: GameRecord) -> dict[str, str | None]:
    return json.loads(record.row.get("salts") or "{}")


def commitment(config: Config, record: GameRecord, seat: str, now: datetime) -> Mail:
    """The first mail to a seat of a game with a salt window: the commitment to the GM's seed,
    the invitation to salt it, the secret (docs/fairness.md)."""
    text = render(record.row["game"], "mail/commitment.txt.j2", moderator=config.moderator,
                  game=record, seat=seat, secret=record.seat(seat)["secret"],
                  deal_at=parse_utc(record.row["deal_at"]),
                  position=[s["seat"] for s in record.seats].index(seat) + 1,
                  timezone=record.timezone_of(seat))
    return _mail(config, record, seat, _subject(record, "Commitment: send your salt"), text,
                 now, opens_thread=True)


def salt_reveal(config: Config, record: GameRecord, seat: str, now: datetime) -> Mail:
    """The mail that closes the commitments: each seat's commitment, and the call to reveal
    the salt committed to (docs/fairness.md)."""
    text = render(record.row["game"], "mail/reveal.txt.j2", moderator=config.moderator,
                  game=record, seat=seat,
                  digests=json.loads(record.row["salt_digests"] or "{}"),
                  salts=_salts(record), reveal_at=parse_utc(record.row["reveal_at"]),
                  timezone=record.timezone_of(seat))
    return _mail(config, record, seat, _subject(record, "Commitments closed: reveal your salt"),
                 text, now)


def before_deal_answer(config: Config, record: GameRecord, seat: str, answers: list[str],
                       errors: list[OrderError], in_reply_to: str, now: datetime
                       ) -> Mail:
    """The answer to a seat's mail before the deal: its SALT noted, or what was not read."""
    text = render(record.row["game"], "mail/salt_answer.txt.j2", moderator=config.moderator,
                  game=record, seat=seat, answers=answers, errors=errors,
                  deal_at=parse_utc(record.row["reveal_at"] or record.row["deal_at"]),
                  timezone=record.timezone_of(seat))
    return _mail(config, record, seat, _subject(record, "Your salt"), text, now,
                 in_reply_to=in_reply_to)


def step_report_text(config: Config, record: GameRecord, seat: str | None,
                     events: list[Event], notes: list[str], deadline: datetime | None,
                     pending: dict[str, dict] | None = None) -> str:
    """The text of a step report for one seat (None: the public report).

    ``pending``: the step's orders already in (``Store.pending``: held, standing), so that the
    report asks none that is answered and names only the seats still waited for.
    """
    return _step_report(config, record, seat, events, notes, deadline, pending)[0]


def _step_report(config: Config, record: GameRecord, seat: str | None,
                 events: list[Event], notes: list[str], deadline: datetime | None,
                 pending: dict[str, dict] | None) -> tuple[str, str]:
    """A step report's text and the order template in it."""
    pending = pending or {}
    visible = [e for e in events if e.visible_to(seat)]
    context = _seat_context(record, seat, deadline, frozenset(pending),
                            {key: row["text"] for key, row in pending.items()
                             if row["seat"] == seat})
    text = render(record.row["game"], "mail/report.txt.j2", moderator=config.moderator,
                  events=visible, notes=notes, **context)
    return text, context["template"] if seat else ""


def step_report(config: Config, record: GameRecord, seat: str | None, events: list[Event],
                notes: list[str], deadline: datetime | None, now: datetime,
                observer: str | None = None,
                pictures: tuple[Picture, ...] | None = None,
                published: dict[str, Any] | None = None,
                pending: dict[str, dict] | None = None) -> Mail:
    """The report of the steps just resolved, for one seat (None: the public report, to the
    GM or to an ``observer``) with the ``pictures`` given, by default the map of the board
    unless the configuration says ``reports: {map: false}``; ``pending`` as for
    ``step_report_text``; ``published``: the game record of a finished game, attached
    (docs/fairness.md)."""
    text, template = _step_report(config, record, seat, events, notes, deadline, pending)
    if pictures is None:
        pictures = map_pictures(record) if config.reports.map else ()
    mail = _mail(config, record, seat, _subject(record, record.step_title()), text, now,
                 observer=observer, template=template, pictures=pictures)
    if published is not None:
        _attach_record(mail, record, published)
    return mail


def _attach_record(mail: Mail, record: GameRecord, published: dict[str, Any]) -> None:
    """The game record of a finished game, as ``<id>.json`` (``pbem verify`` reads it)."""
    mail.add_attachment(json.dumps(published, indent=1, sort_keys=True).encode("utf-8"),
                        "application", "json", filename=f"{record.id}.json")


def map_drawing(record: GameRecord) -> bytes | None:
    """The SVG of the board now, or None if the game draws no map (its ``MapPicture``, drawn
    from the public view only); drawn once per state: every seat's report of a step asks."""
    drawn = capability(record.rules, MapPicture)
    if drawn is None:
        return None
    if _painted.get("state") is not record.state:
        svg = drawn.map_svg(record.state).encode()
        if svg != _painted.get("svg"):
            _painted.pop("png", None)
        _painted.update(state=record.state, svg=svg)
    return _painted["svg"]


def map_pictures(record: GameRecord, svg: bool = True) -> tuple[Picture, ...]:
    """The map of the board now, for a report: a PNG that the HTML version shows inline (a
    named part, which mail clients also offer as a file, and which clients that show no SVG
    show), and the SVG attached unless ``svg`` is false; none if the game draws no map.  The
    PNG goes once, not also as an attachment, as it is the larger file.  The PNG, slow to
    paint, is painted again only when the drawing changed: every seat's report of a step,
    and the reports of steps that change nothing on the map, show the same picture."""
    drawing = map_drawing(record)
    if drawing is None:
        return ()
    if "png" not in _painted:
        _painted["png"] = palette_png(capability(record.rules, MapPicture).map_png(record.state))
    name = f"map-{record.id}-{record.step}"
    png = Picture(_painted["png"], "png", f"{name}.png", cid=f"{name}@map")
    return (png, Picture(drawing, "svg+xml", f"{name}.svg")) if svg else (png,)


# The last map drawn: the state it was drawn from (a state is never changed in place, so the
# same object draws the same map), its SVG, and its PNG, painted again only for a new drawing.
_painted: dict[str, Any] = {}


def palette_png(png: bytes, colours: int = 128) -> bytes:
    """A PNG picture in at most ``colours`` colours: a map in flat colours looks the same and
    takes a third of the room in every report.  A picture the game paints in a palette
    already (Dune's map) is returned as it is: only its header is read."""
    from PIL import Image  # here: an idle tick paints nothing and need not load Pillow

    image = Image.open(io.BytesIO(png))
    if image.mode == "P":
        return png
    out = io.BytesIO()
    image.convert("RGB").quantize(colours, method=Image.Quantize.FASTOCTREE).save(out, "PNG")
    return out.getvalue()


def acknowledgement(config: Config, record: GameRecord, seat: str, lines: Echo,
                    standing: list[dict], deadline: datetime | None,
                    in_reply_to: str | None, now: datetime, answers: list[str] = ()
                    ) -> Mail:
    """The answer to a seat's order mail: every line of it, as read into an order, refused
    or not read as an order (``lines``); the orders standing; what is still open.

    ``standing`` holds every order pending in this step (of all seats: the
    others' are used only to say whom the step still waits for).
    """
    answered = frozenset(row["prompt"] for row in standing)
    standing = [row for row in standing if row["seat"] == seat]
    context = _seat_context(record, seat, deadline, answered,
                            {row["prompt"]: row["text"] for row in standing})
    text = render(record.row["game"], "mail/acknowledgement.txt.j2", moderator=config.moderator,
                  read=lines.read, errors=lines.refused, unread=lines.unread, left=lines.left,
                  standing=standing, answers=list(answers),
                  held_for={row["name"]: row["title"] for row in context["held"]},
                  still_open=[p for p in context["prompts"] if p.key not in answered],
                  **context)
    return _mail(config, record, seat, _subject(record, "Orders received"), text, now,
                 in_reply_to=in_reply_to, template=context["template"])


def gm_answer(config: Config, record: GameRecord, answers: list[str], errors: list[OrderError],
              in_reply_to: str | None, now: datetime) -> Mail:
    """The answer to a GM's mail of commands."""
    text = render(record.row["game"], "mail/gm_answer.txt.j2", moderator=config.moderator,
                  game=record, answers=answers, errors=errors)
    return _mail(config, record, None, _subject(record, "GM commands"), text, now,
                 in_reply_to=in_reply_to)


def gm_welcome(config: Config, record: GameRecord, now: datetime) -> Mail:
    """The GM's first mail of a game: the GM secret and how to give commands."""
    text = render(record.row["game"], "mail/gm_welcome.txt.j2", moderator=config.moderator,
                  game=record)
    return _mail(config, record, None, _subject(record, "GM welcome"), text, now,
                 opens_thread=True)


def status(config: Config, record: GameRecord, seat: str, standing: list[dict],
           deadline: datetime | None, now: datetime) -> Mail:
    """A seat's view and open prompts again, like a report without events (STATUS).

    ``standing`` holds every order pending in this step (the others' only say
    whom the step still waits for).
    """
    answered = frozenset(row["prompt"] for row in standing)
    mine = {row["prompt"]: row["text"] for row in standing if row["seat"] == seat}
    context = _seat_context(record, seat, deadline, answered, mine, again=True)
    text = render(record.row["game"], "mail/status.txt.j2", moderator=config.moderator,
                  **context)
    return _mail(config, record, seat, _subject(record, f"Status: {record.step_title()}"),
                 text, now, template=context["template"])


def resend(config: Config, record: GameRecord, seat: str, original: EmailMessage,
           now: datetime) -> Mail:
    """A mail sent to the seat before, again: its subject and text, a new Message-ID, in the
    seat's thread, to the seat's address now (HISTORY n); the digest it showed, not today's."""
    text, kept = body_text(original), str(original.get(chain.DIGEST_HEADER) or "").split()
    if len(kept) != 3 or not kept[1].isdigit():
        return _mail(config, record, seat, str(original["Subject"]), text, now)
    text = text.rpartition("\n\nGame digest of ")[0] or text
    return _mail(config, record, seat, str(original["Subject"]), text, now,
                 digest=(int(kept[1]), kept[2]))


def press(config: Config, record: GameRecord, seat: str, text: str, to: str,
          sender: str | None, now: datetime) -> Mail:
    """Press relayed to one seat: the text, and who sent it (None: anonymous) to whom.

    Only the moderator's headers and the press text go out: nothing of the
    sender's mail, and nothing of the game but its name.
    """
    body = render(record.row["game"], "mail/press.txt.j2", moderator=config.moderator,
                  game=record, text=text, to=to, sender=sender)
    what = f"Press from {sender}" if sender else "Anonymous press"
    return _mail(config, record, seat, _subject(record, what), body, now)


def declaration(config: Config, record: GameRecord, seat: str | None, kind: str, sender: str,
                text: str, now: datetime) -> Mail:
    """A deal or bribe (``kind``) declared by ``sender``, for one seat (None: the GM)."""
    body = render(record.row["game"], "mail/declaration.txt.j2", moderator=config.moderator,
                  game=record, kind=kind, sender=sender, text=text)
    return _mail(config, record, seat, _subject(record, f"{kind.capitalize()} declared by "
                                                        f"{sender}"), body, now)


def preview(config: Config, record: GameRecord, sections: list[tuple[str, str]],
            now: datetime) -> Mail:
    """What resolving the step now would mail, each report under its title, for the GM."""
    text = render(record.row["game"], "mail/preview.txt.j2", moderator=config.moderator,
                  game=record, sections=sections)
    return _mail(config, record, None, _subject(record, "PREVIEW, nothing resolved"), text, now)


GM_NOTICE_SUBJECTS = {
    "extend": "Deadline extended by the GM",
    "pause": "The GM paused the game",
    "resume": "The GM resumed the game",
    "rollback": "The GM rolled the game back",
    "adjust": "The GM adjusted the game",
    "broadcast": "Message from the GM",
    "end": "Game over",
    "replaced": "You no longer play in this game",
    "observe": "You observe this game",
    "unobserve": "You no longer observe this game",
}


def gm_notice(config: Config, record: GameRecord, seat: str | None, kind: str, now: datetime,
              deadline: datetime | None, pending: dict[str, dict] | None = None,
              reason: str | None = None, observer: str | None = None,
              published: dict[str, Any] | None = None, **details) -> Mail:
    """What the GM did (``kind``, with its ``details``), told to one seat from its own view,
    or to an ``observer`` from the public view; ``pending`` holds the step's orders;
    ``published``: the record of a game the GM ended, attached (docs/fairness.md)."""
    pending = pending or {}
    standing = {key: row["text"] for key, row in pending.items() if row["seat"] == seat}
    context = _seat_context(record, seat, deadline, frozenset(pending), standing)
    text = render(record.row["game"], "mail/gm_notice.txt.j2", moderator=config.moderator,
                  kind=kind, reason=reason, observer=observer, published=published is not None,
                  **details, **context)
    mail = _mail(config, record, seat, _subject(record, GM_NOTICE_SUBJECTS[kind]), text, now,
                 observer=observer, template=context["template"])
    if published is not None:
        _attach_record(mail, record, published)
    return mail


NOTICE_SUBJECTS = {
    "reminder": "Reminder: your orders are due",
    "late": "Late: your orders are overdue",
    "others-late": "Waiting for late orders",
    "outage": "Deadline extended",
}


def notice(config: Config, record: GameRecord, seat: str, kind: str, now: datetime,
           deadline: datetime, late: list[str] = (), down_since: datetime | None = None
           ) -> Mail:
    """A reminder, a late notice, a note of who is late, or a deadline extended after an
    outage of the moderator, for one seat."""
    context = _seat_context(record, seat, deadline)
    text = render(record.row["game"], "mail/notice.txt.j2", moderator=config.moderator,
                  kind=kind, late=list(late), down_since=down_since, now=now, **context)
    return _mail(config, record, seat, _subject(record, NOTICE_SUBJECTS[kind]), text, now,
                 template=context["template"])


def refusal(config: Config, to: str, reason: Enum | str, subject: str, now: datetime,
            in_reply_to: str | None = None, game: str | None = None, sender: str = "",
            games: list[str] = (), seat: str | None = None, shown: str = "") -> Mail:
    """A message that could not be filed, and why (a ``Refusal`` or ``SenderProblem``, or a
    code); it never repeats the message's orders."""
    code = reason.value if isinstance(reason, Enum) else reason
    text = render("_", "mail/refusal.txt.j2", moderator=config.moderator, reason=code,
                  game=game, sender=sender, games=games, seat=seat, shown=shown)
    tag = f"[{game}] " if game and f"[{game}]" not in subject else ""
    subject = reply_subject(subject, tag)
    return compose(config.moderator, [to], subject, wrap_lines(text), now,
                   new_message_id(config.moderator.domain), in_reply_to=in_reply_to,
                   html=text_to_html(text, subject))


def stranger_refusal(config: Config, to: str, reason: Enum | str, now: datetime) -> Mail:
    """The refusal to an address that is in no game: fixed words for the reason, whatever the
    mail said, no subject,
    game or line of it repeated and no reference to it, so that a forged From cannot make the
    moderator carry a stranger's text to a victim (issue 34, item 6)."""
    code = reason.value if isinstance(reason, Enum) else reason
    text = render("_", "mail/stranger.txt.j2", moderator=config.moderator, reason=code)
    subject = f"Your mail to {config.moderator.name} was not read"
    return compose(config.moderator, [to], subject, wrap_lines(text), now,
                   new_message_id(config.moderator.domain), html=text_to_html(text, subject))


def failed_message(config: Config, message: dict, reason: str, now: datetime) -> Mail:
    """The installation's GM told that an inbound ``message`` (its archive row, without
    the raw bytes) could not be read, and why."""
    text = render("_", "mail/failed.txt.j2", moderator=config.moderator, message=message,
                  reason=reason)
    subject = f"A message could not be read (message {message['id']})"
    return compose(config.moderator, [config.gm_address], subject, wrap_lines(text), now,
                   new_message_id(config.moderator.domain), html=text_to_html(text, subject))


def secret_flood(config: Config, to: str, subject: str, now: datetime, game: str,
                 seat: str | None, address: str, in_reply_to: str | None = None
                 ) -> Mail:
    """The notice that further mails refused for a missing or wrong secret, told to
    ``address``, are not answered for a while: to ``address`` itself, or to the GM."""
    text = render("_", "mail/secret_flood.txt.j2", moderator=config.moderator, game=game,
                  seat=seat, address=address, gm=to != address,
                  minutes=config.mail_in.rate_limit.per_minutes)
    subject = (reply_subject(subject, f"[{game}] ") if to == address
               else f"[{game}] Mail refused for its secret: {seat or address}")
    return compose(config.moderator, [to], subject, wrap_lines(text), now,
                   new_message_id(config.moderator.domain), in_reply_to=in_reply_to,
                   html=text_to_html(text, subject))
