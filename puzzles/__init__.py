"""Pure puzzle engines: one module per puzzle type, no UI, no printing.

Every engine module offers the same few names, so the CLI and the app can treat
them alike (see `puzzles.core` for the shared types; a type's title and summary,
what the home screen and ``--help`` show, are its entry in `assistant.kinds`):

- ``SOLVE_OPTIONS``: extra ``solve`` flags, as `puzzles.core.Option` values;
- ``parse(text) -> Puzzle``, raising `puzzles.core.PuzzleError` with a place;
- ``format(puzzle) -> str``, the inverse of ``parse``;
- ``BUDGET``: the default `puzzles.core.Budget` of ``analyse`` and ``solve``,
  counted in work steps so answers are the same on every machine (None for
  engines that are always exact);
- ``solve(puzzle, *, limit, budget, should_stop, **options) -> Report``,
  where the report has ``to_json()`` (at least ``count`` and ``solutions``)
  and ``to_text()``; ``budget=None`` means no limit.

Bundled examples (the seed instances) are text files in ``puzzles/examples``.
"""
