"""Issue 16 §3: the optional compiled build (mypyc, ``FORESTSHUFFLE_COMPILE=1 pip install .``).

The whole suite runs in both modes (CI: ``.ci/run`` for the pure package, ``.ci/compiled``
for the compiled one), so its golden and differential tests check that both play the same
games. This module checks what is particular to the compiled build: ``forestshuffle.COMPILED``
tells the truth about every module ``setup.py`` compiles, the CI step really tests the
compiled package, and wrong-type arguments to public entry points still raise the library's
own errors where compiled code would raise ``TypeError`` on its own argument checks.
"""

from __future__ import annotations

import ast
import importlib
import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.core.scoring import score_forest
from forestshuffle.errors import ForestShuffleError

SETUP = Path(__file__).resolve().parent.parent / "setup.py"


def _compiled_modules() -> list[str]:
    """The module names of setup.py's ``COMPILED_MODULES``."""
    tree = ast.parse(SETUP.read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.Assign | ast.AnnAssign) and "COMPILED_MODULES" in
                ast.unparse(node.targets[0] if isinstance(node, ast.Assign) else node.target)):
            paths = ast.literal_eval(node.value)  # type: ignore[arg-type]
            break
    else:  # pragma: no cover - setup.py changed shape
        raise AssertionError("setup.py has no COMPILED_MODULES")
    return [p.removeprefix("src/").removesuffix(".py").removesuffix("/__init__")
            .replace("/", ".") for p in paths]


def _is_extension(module: str) -> bool:
    return (importlib.import_module(module).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))


def test_compiled_is_a_bool_that_holds_for_every_module_setup_compiles() -> None:
    """``COMPILED`` is a bool, and every module the compiled build compiles is an extension
    module exactly when it is True (a half-compiled install would be neither mode)."""
    assert isinstance(fs.COMPILED, bool)
    modules = _compiled_modules()
    assert "forestshuffle.core.machine" in modules and len(modules) >= 10, modules
    assert {m: _is_extension(m) for m in modules} == {m: fs.COMPILED for m in modules}


def test_the_game_module_stays_python_in_both_modes() -> None:
    """``game.py``, the public entry point that checks its arguments, is never compiled
    (see DECISIONS.md, "Optional compiled build")."""
    assert not _is_extension("forestshuffle.core.game")


@pytest.mark.skipif(os.environ.get("FORESTSHUFFLE_EXPECT_COMPILED") != "1",
                    reason="only where the compiled build is expected (.ci/compiled)")
def test_the_compiled_step_tests_the_compiled_package() -> None:
    """In CI's compiled step every test process imports the compiled, installed package."""
    assert fs.COMPILED
    assert "site-packages" in (fs.__file__ or ""), fs.__file__


def test_version_says_which_build_runs() -> None:
    """``forestshuffle --version`` names the compiled build; the pure one prints the version
    alone."""
    from forestshuffle.cli.app import _version

    assert _version() == (f"{fs.__version__} (compiled)" if fs.COMPILED else fs.__version__)


@pytest.fixture(scope="module")
def game() -> fs.Game:
    return fs.new_game("base", players=2, seed=3)


@pytest.mark.parametrize("action", ["draw", 3, None, b"x", ("DrawFromDeck",), object()])
def test_a_wrong_type_action_is_an_illegal_action(game: fs.Game, action: Any) -> None:
    """A value that is no action at all, given to ``apply``, is an IllegalActionError (not a
    TypeError from a compiled module's argument check), and the game is unchanged."""
    before = game.state_key()
    with pytest.raises(fs.IllegalActionError):
        game.apply(action)
    assert game.state_key() == before


@pytest.mark.parametrize("text", [3, None, [], {"format": 1}, 1.5])
def test_a_record_of_the_wrong_type_is_a_record_error(text: Any) -> None:
    """``Game.from_json`` of something that is not text is a RecordError."""
    with pytest.raises(fs.RecordError):
        fs.Game.from_json(text)


@pytest.mark.parametrize("player", ["0", None, 1.0, -1, 7])
def test_a_wrong_player_to_view_is_the_librarys_error(game: fs.Game, player: Any) -> None:
    """``Game.view`` of a seat that is not a player's index raises the library's error."""
    with pytest.raises(ForestShuffleError):
        game.view(player)


@pytest.mark.parametrize("document", [None, 3, "text", [1, 2], {"forests": "x"}])
def test_a_wrong_type_document_is_a_document_error(document: Any) -> None:
    """``score_document`` of a value that is no forest document is a DocumentError."""
    with pytest.raises(fs.DocumentError):
        fs.score_document(document)


def test_score_forest_of_a_finished_game_is_the_same_in_both_modes() -> None:
    """``scoring.score_forest`` (compiled) gives the totals ``Game.scores`` reports."""
    g = fs.new_game("base", players=2, seed=5)
    fs.bots.play_out(g, [fs.bots.RandomBot(i) for i in range(2)])
    forests = g.state.forests
    for p in range(2):
        total, lines = score_forest(g.rules, forests, p)
        assert total == sum(line.points for line in lines)
        assert all(isinstance(line.reason, str) for line in lines)
