"""The one error type bad input raises: a message that names what is wrong and where."""


class BoardError(ValueError):
    """Malformed or impossible input; the CLI prints it as one line and exits 2."""


DIGITS = 9  # the longest number any format reads: sizes, givens and values stay far below 10^9


def natural(tok: str) -> int | None:
    """``tok`` as a non-negative int when it is 1..DIGITS ASCII digits, else None: Unicode
    digits such as '²' or '٤' are refused, not read, and no huge string is converted."""
    if 0 < len(tok) <= DIGITS and tok.isascii() and tok.isdigit():
        return int(tok)
    return None
