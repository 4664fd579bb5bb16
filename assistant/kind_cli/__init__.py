"""Each puzzle type's part of the command line, one module per type named as its engine.

A module may offer `BENCHMARKS` (a list of `assistant.bench.Benchmark`, run by
`puzzle-assistant bench`) and `register(parser)`, which adds the type's own
subcommands to `puzzle-assistant <type>` (`puzzle-assistant peg openings ...`;
the command's help line is the type's `commands` in `assistant.kinds`), and
`kept(puzzle)`, the keyword arguments `solve` takes from what the app keeps on
disk (peg's tables), so `puzzle-assistant solve` answers as the screen does.
All are optional.  A module is imported only when its type is solved, benched
or named on the command line, so it may import its engine at the top.
"""
