"""Each puzzle type's part of the command line, one module per type named as its engine.

A module may offer `BENCHMARKS` (a list of `assistant.bench.Benchmark`, run by
`puzzle-assistant bench`) and `register(subparsers)`, which adds the type's own
subcommands (`puzzle-assistant peg openings ...`), and `kept(puzzle)`, the
keyword arguments `solve` takes from what the app keeps on disk (peg's
tables), so `puzzle-assistant solve` answers as the screen does.  All are
optional.
"""
