"""The suite's output is English whatever the machine's locale: ``LANG=ja_JP.UTF-8`` on a
developer's machine would otherwise make the command line answer in Japanese (the tests of
other languages choose theirs explicitly)."""

from __future__ import annotations

import os

os.environ["FORESTSHUFFLE_LANG"] = "en"
