"""Player commands by mail (docs/commands.md)."""

from __future__ import annotations

from pbem.commands import PLAYER_COMMANDS, CommandContext, player_command


@player_command("HELP", "HELP", "this list, and the orders open to you now")
def help_(context: CommandContext, args: str) -> None:
    prompts = [p for p in context.record.prompts() if p.seat == context.seat]
    lines = ["Orders open to you now:"]
    lines += [f"  {p.kind}: {p.legal}" for p in prompts] or ["  none"]
    lines.append("Commands:")
    lines += [f"  {c.usage}: {c.summary}" for c in PLAYER_COMMANDS.values()]
    context.answer("\n".join(lines))
