"""``python -m forestshuffle``: the command line (see :mod:`forestshuffle.cli.main`)."""

import sys

from forestshuffle.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
