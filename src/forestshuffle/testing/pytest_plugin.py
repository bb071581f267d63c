"""pytest plugin of forestshuffle (entry point ``pytest11``), active wherever forestshuffle is
installed.

Fixtures:

``fs_ruleset``
    the id of a ruleset; a test using it runs once per ruleset named by ``--fs-ruleset``
    (repeatable, or comma-separated), by default once per installed ruleset.
``fs_game``
    a new game of ``fs_ruleset`` at its first decision (the ruleset's fewest players,
    seed 0).
``fs_soak``
    True when ``--fs-soak`` was given: scale loops (games played, examples) up with it.

Options:

``--fs-ruleset ID``
    the rulesets ``fs_ruleset`` runs over.
``--fs-soak``
    long runs: loads the hypothesis profile ``forestshuffle-soak`` (many examples, long
    state-machine runs) and sets ``FORESTSHUFFLE_SOAK=1``, which
    :class:`~forestshuffle.testing.machine.GameMachine` and
    :func:`~forestshuffle.testing.checks.soak_games` read.

Nothing here imports hypothesis unless ``--fs-soak`` is given, so the plugin costs nothing
in projects that only use forestshuffle.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from forestshuffle.core.game import Game

#: the environment variable ``--fs-soak`` sets (``forestshuffle.testing.checks.SOAK_ENV``)
SOAK_ENV = "FORESTSHUFFLE_SOAK"


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--fs-ruleset`` and ``--fs-soak``."""
    group = parser.getgroup("forestshuffle", "forestshuffle rules-engine testing")
    group.addoption("--fs-ruleset", action="append", default=[], metavar="ID",
                    help="ruleset(s) the fs_ruleset fixture runs over (repeatable or "
                         "comma-separated; default: every installed ruleset)")
    group.addoption("--fs-soak", action="store_true", default=False,
                    help="long runs: hypothesis profile 'forestshuffle-soak' and "
                         "FORESTSHUFFLE_SOAK=1 (many more games and examples)")


def pytest_configure(config: pytest.Config) -> None:
    """Switch to long runs on ``--fs-soak``."""
    if config.getoption("fs_soak"):
        os.environ[SOAK_ENV] = "1"
        from hypothesis import settings

        from forestshuffle.testing import machine  # registers the profiles

        settings.load_profile("forestshuffle-soak")
        machine.GameMachine.TestCase.settings = machine.SOAK


def pytest_report_header(config: pytest.Config) -> str | None:
    """Say when soaking, and which rulesets fs_ruleset covers."""
    if config.getoption("fs_soak"):
        return "forestshuffle: soak (long runs)"
    return None


def _selected(config: pytest.Config) -> list[str]:
    wanted = [r.strip() for opt in config.getoption("fs_ruleset") for r in opt.split(",")
              if r.strip()]
    if wanted:
        return wanted
    from forestshuffle.plugins.manager import available_rulesets

    return available_rulesets()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise ``fs_ruleset`` over the selected rulesets."""
    if "fs_ruleset" in metafunc.fixturenames:
        ids = _selected(metafunc.config)
        metafunc.parametrize("fs_ruleset", ids, ids=ids, indirect=True, scope="session")


@pytest.fixture(scope="session")
def fs_ruleset(request: pytest.FixtureRequest) -> str:
    """The id of the ruleset under test (see ``--fs-ruleset``)."""
    rid = getattr(request, "param", None)
    if rid is None:  # pragma: no cover - only when used without parametrisation
        rid = _selected(request.config)[0]
    from forestshuffle.plugins.manager import get_ruleset

    get_ruleset(str(rid))  # fail early, naming the ruleset, if it does not compile
    return str(rid)


@pytest.fixture
def fs_game(fs_ruleset: str) -> Game:
    """A new game of ``fs_ruleset`` (fewest players, seed 0) at its first decision."""
    from forestshuffle.core.game import new_game
    from forestshuffle.plugins.manager import get_ruleset

    rules = get_ruleset(fs_ruleset)
    return new_game(rules, players=rules.spec.min_players, seed=0)


@pytest.fixture(scope="session")
def fs_soak(request: pytest.FixtureRequest) -> bool:
    """Whether ``--fs-soak`` was given."""
    return bool(request.config.getoption("fs_soak"))
