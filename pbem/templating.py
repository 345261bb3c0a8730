"""Rendering mail from Jinja2 templates.

One environment per game: the game's own templates (``games/<name>/templates``)
come first, so a game can override a shared template, then the shared ones in
``templates/``.  Undefined variables are errors, and plain-text blocks are
trimmed.  Templates only ever receive a seat's view, never the full state.

Plain text mail keeps within ``MAIL_WIDTH`` columns: ``wrap_lines`` breaks the
longer lines of a rendered mail (and, as the ``wrap`` filter, a table whose
rows may run long), continuing them indented.  The ``plural`` and ``agree`` filters write
"1 force", "2 forces" and "the Emperor plays" (``pbem.wording``); a game may give its templates
globals of its own (``template_globals()``).
"""

from __future__ import annotations

import functools
import textwrap
from datetime import UTC, datetime
from importlib.resources import files
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from pbem.wording import agree, plural

if TYPE_CHECKING:
    import jinja2


def format_deadline(moment: datetime | None, timezone: str) -> str:
    """A deadline in the reader's time zone, with UTC beside it."""
    if moment is None:
        return "none set"
    local = moment.astimezone(ZoneInfo(timezone))
    text = local.strftime("%a %d %b %Y %H:%M %Z")
    if local.utcoffset() != moment.astimezone(UTC).utcoffset():
        text += moment.astimezone(UTC).strftime(" (%H:%M UTC)")
    return text


MAIL_WIDTH = 78


def wrap_lines(text: str, width: int = MAIL_WIDTH, indent: int | None = None) -> str:
    """``text`` with every line longer than ``width`` broken at spaces; a line's continuations
    are indented ``indent`` columns (by default two more than the line itself).  A word longer
    than the width is never broken."""
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        own = len(line) - len(line.lstrip(" "))
        hang = " " * (own + 2 if indent is None else indent)
        lines.extend(textwrap.wrap(line, width, subsequent_indent=hang, break_long_words=False,
                                   break_on_hyphens=False))
    return "\n".join(lines)


def _quote(text: str, prefix: str = "> ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())


@functools.cache
def environment(game: str) -> jinja2.Environment:
    """The template environment for one game."""
    import jinja2  # here: an idle tick renders nothing and need not load Jinja

    loaders = []
    game_templates = files("pbem.games").joinpath(game, "templates")
    if game_templates.is_dir():
        loaders.append(jinja2.FileSystemLoader(str(game_templates)))
    loaders.append(jinja2.FileSystemLoader(str(files("pbem.templates"))))
    env = _environment_class()(
        loader=jinja2.ChoiceLoader(loaders),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # templates do not change under a process: no stat per render
        autoescape=jinja2.select_autoescape(enabled_extensions=("html",),
                                            default_for_string=False),
    )
    env.filters["deadline"] = format_deadline
    env.filters["quote"] = _quote
    env.filters["wrap"] = wrap_lines
    env.filters["plural"] = plural
    env.filters["agree"] = agree
    env.globals.update(_game_globals(game))
    return env


@functools.cache
def _environment_class() -> type[jinja2.Environment]:
    import jinja2

    class Environment(jinja2.Environment):
        """Templates whose globals are one plain mapping, copied at once into each render's
        context (issue 20: Jinja's default chain of mappings is walked key by key in Python
        for every render and include); every global is set before the first template
        loads (``environment``)."""

        def make_globals(self, d):
            return {**self.globals, **(d or {})}

    return Environment


def _game_globals(game: str) -> dict:
    """What the game gives its templates (its optional ``template_globals()``), for a game
    installed under that name; nothing for the shared templates."""
    from pbem.game import TemplateGlobals, UnknownGame, capability, load_game

    try:
        module = load_game(game)
    except UnknownGame:
        return {}
    given = capability(module, TemplateGlobals)
    return given.template_globals() if given is not None else {}


def render(game_name: str, template: str, /, **context) -> str:
    """Render ``template`` for the game named ``game_name`` with ``context``."""
    return environment(game_name).get_template(template).render(**context)
