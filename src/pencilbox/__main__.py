"""``python -m pencilbox``."""

import sys

from pencilbox.cli import main

sys.exit(main())
