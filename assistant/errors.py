"""The one error the command line turns into a one-line refusal; here so commands import it without a cycle."""


class CommandError(Exception):
    """A refusal the CLI prints as one line and exit status 2."""
