"""``python -m forestshuffle``: the command line (see :mod:`forestshuffle.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
