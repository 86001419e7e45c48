"""The package's version, a leaf: a bank's recipe and a study's stats record it, and reading it
from the package's root would run through the root's names back into the studies."""

__version__ = "0.1.0"
