"""Extra CLI commands and benchmarks of each puzzle type: `register(subparsers)`, `BENCHMARKS`."""
