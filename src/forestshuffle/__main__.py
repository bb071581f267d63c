"""``python -m forestshuffle``: the command line (see :mod:`forestshuffle.cli.app`)."""

import sys

from forestshuffle.cli.app import main

if __name__ == "__main__":
    sys.exit(main())
