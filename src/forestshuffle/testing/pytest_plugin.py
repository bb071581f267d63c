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
``--fs-soak[=SIZE]``
    long runs: loads the hypothesis profile ``forestshuffle-soak`` (many examples, long
    state-machine runs) and sets ``FORESTSHUFFLE_SOAK=1``, which
    :class:`~forestshuffle.testing.machine.GameMachine` and
    :func:`~forestshuffle.testing.checks.soak_games` read. *SIZE* sizes each hypothesis
    test and state machine: a time (``90s``, ``10m``, ``1h``; each runs batches of
    examples until its time is spent) or a number of examples (``5000``). Progress is
    printed as the runs go, and a summary (games, actions, states checked) at the end.

Nothing here imports hypothesis unless ``--fs-soak`` is given, so the plugin costs nothing
in projects that only use forestshuffle.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

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
    group.addoption("--fs-soak", nargs="?", const="on", default=None, metavar="SIZE",
                    type=_soak_size,
                    help="long runs: hypothesis profile 'forestshuffle-soak' and "
                         "FORESTSHUFFLE_SOAK=1 (many more games and examples); SIZE: a time "
                         "per test and state machine (90s, 10m, 1h) or a number of examples "
                         "(5000)")


#: examples per batch when a soak is sized by time
BATCH = 10
_UNITS = {"s": 1, "m": 60, "h": 3600}


def _soak_size(text: str) -> str | float | int:
    """``on`` (the profile as it is), seconds (``90s``, ``10m``, ``1h``, ``1h30m``) or a
    number of examples (``5000``)."""
    text = text.strip().lower()
    if text == "on":
        return text
    if text.isdigit() and int(text) > 0:
        return int(text)
    parts = re.findall(r"(\d+(?:\.\d+)?)([smh])", text)
    if parts and "".join(n + u for n, u in parts) == text:
        return sum(float(n) * _UNITS[u] for n, u in parts)
    raise pytest.UsageError(f"--fs-soak takes a time (90s, 10m, 1h) or a number of examples "
                            f"(5000), not {text!r}")


def _size(config: pytest.Config) -> str | float | int | None:
    size: str | float | int | None = config.getoption("fs_soak")
    return size


def pytest_configure(config: pytest.Config) -> None:
    """Switch to long runs on ``--fs-soak``."""
    size = _size(config)
    if size is None:
        return
    os.environ[SOAK_ENV] = "1"
    from hypothesis import settings

    from forestshuffle.testing import machine  # registers the profiles

    examples = size if isinstance(size, int) else BATCH if isinstance(size, float) else None
    profile = machine.SOAK if examples is None else settings(machine.SOAK,
                                                             max_examples=examples)
    settings.register_profile("forestshuffle-soak", profile)
    settings.load_profile("forestshuffle-soak")
    machine.GameMachine.TestCase.settings = profile
    from forestshuffle.testing.soak import TALLY

    TALLY.report = lambda line: _write(config, line)
    TALLY.start = TALLY.last = time.monotonic()


def pytest_report_header(config: pytest.Config) -> str | None:
    """Say when soaking, and how long each test runs."""
    size = _size(config)
    if size is None:
        return None
    if isinstance(size, float):
        return f"forestshuffle: soak, {size:g} s per test and state machine"
    if isinstance(size, int):
        return f"forestshuffle: soak, {size} examples per test and state machine"
    return "forestshuffle: soak (long runs)"


def _write(config: pytest.Config, line: str) -> None:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    capture = config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None:
        return
    with capture.global_and_fixture_disabled():
        reporter.ensure_newline()
        reporter.write_line(line)


def _until_spent(seconds: float, run: Callable[[], object]) -> None:
    """Call *run* (one batch of examples) until *seconds* have passed."""
    start = time.monotonic()
    while True:
        run()
        if time.monotonic() - start >= seconds:
            break


def _machine_class(item: pytest.Item) -> Any:
    cls = getattr(item, "cls", None)
    run = getattr(cls, "runTest", None)
    return getattr(run, "_hypothesis_state_machine_class", None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """A state machine's TestCase, when the soak is sized by time: its runs repeated in
    batches until the time is spent."""
    size = _size(item.config)
    machine_cls = _machine_class(item) if isinstance(size, float) else None
    if machine_cls is None:
        yield
        return
    assert isinstance(size, float)
    from hypothesis.stateful import run_state_machine_as_test

    case_settings = getattr(item, "cls", None).settings  # type: ignore[union-attr]
    original = item.obj  # type: ignore[attr-defined]

    def batches() -> None:
        _until_spent(size, lambda: run_state_machine_as_test(machine_cls,
                                                             settings=case_settings))

    item.obj = batches  # type: ignore[attr-defined]
    try:
        yield
    finally:
        item.obj = original  # type: ignore[attr-defined]


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """A hypothesis test, when the soak is sized by time: called in batches of examples
    until the time is spent."""
    size = _size(pyfuncitem.config)
    test = pyfuncitem.obj
    if not isinstance(size, float) or not getattr(test, "is_hypothesis_test", False):
        return None
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    _until_spent(size, lambda: test(**args))
    return True


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int,
                            config: pytest.Config) -> None:
    """The soak's summary: games dealt, actions applied, states checked."""
    if _size(config) is None:
        return
    from forestshuffle.testing.soak import TALLY

    terminalreporter.write_sep("=", "forestshuffle soak")
    terminalreporter.write_line(f"{TALLY} (states checked: check_game and check_search "
                                "after each step of a state machine, check_game at the end "
                                "of each soak game)")


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
    return _size(request.config) is not None
