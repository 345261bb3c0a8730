"""The round, one module per phase (002 GAME ROUND): ``start`` (the draws of the start of the
round), ``vehicles`` (Phase 1), ``roll`` and ``actions`` (Phase 2), ``hazards`` (Phase 3),
``harvest`` (Phase 4) and ``end`` (the End of the Round).  Each provides ``begin(ctx)``,
``run(ctx)`` (go on as far as no decision is open; True once the phase is over),
``prompts(state)`` and ``apply(ctx, orders)``."""
