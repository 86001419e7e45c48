"""pencilbox: Sukoro, Slant, Ripple Effect and Fill-a-Pix with a human-style solver ladder,
independent counters, generators, banks, studies and a browser player."""

__version__ = "0.1.0"
