"""``python -m forestshuffle``: the command line (see :mod:`forestshuffle.cli`)."""

import sys

from .cli import main

sys.exit(main())
