"""The one error type bad input raises: a message that names what is wrong and where."""


class BoardError(ValueError):
    """Malformed or impossible input; the CLI prints it as one line and exits 2."""
