"""The documentation stays honest: every hook has its section, every kind its line, and
every Python block of the docs runs.

Code blocks fenced as ```python run, each in a fresh namespace; fence a block that must
not run as ```python skip (or use another fence, such as ```py or ```text). A block with a
``title="path"`` is a file of a tutorial's project, written out and run by
tests/test_tutorials.py.
"""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

import pluggy
import pytest

from forestshuffle.core.ruleset import MODIFIERS, SHARING_RULES
from forestshuffle.core.scoring import CORE_COUNTS, CORE_SCORING
from forestshuffle.plugins import hookspecs
from forestshuffle.plugins.builtin import CoreKinds

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
HOOKS_PAGE = DOCS / "plugins" / "hooks.md"
KINDS_PAGE = DOCS / "kinds.md"

FENCE = re.compile(r"^(?P<indent> *)```(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
                   re.DOTALL | re.MULTILINE)


def _hook_signatures() -> dict[str, str]:
    """Every hook in forestshuffle.plugins.hookspecs, as ``name(arg, ...)``."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    out = {}
    for name, caller in vars(pm.hook).items():
        if name.startswith("_"):
            continue
        spec = caller.spec
        assert spec is not None, name
        params = ", ".join(inspect.signature(spec.function).parameters)
        out[name] = f"{name}({params})"
    return out


def _headings(text: str) -> list[str]:
    """The text of every markdown heading, backticks removed."""
    return [m.group(1).replace("`", "").strip()
            for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.MULTILINE)]


def test_hookspecs_are_found() -> None:
    """Guard the walk below: it sees the hooks (there are about ten)."""
    sigs = _hook_signatures()
    assert "forestshuffle_card_sets" in sigs
    assert len(sigs) >= 10


def test_every_hookspec_is_documented() -> None:
    """docs/plugins/hooks.md has a heading with each hook's exact ``name(args)``."""
    headings = set(_headings(HOOKS_PAGE.read_text(encoding="utf-8")))
    missing = [sig for sig in _hook_signatures().values() if sig not in headings]
    assert not missing, f"hooks without a heading in {HOOKS_PAGE.name}: {missing}"


def test_hooks_page_documents_no_hook_that_does_not_exist() -> None:
    """A heading naming a hook that is gone (or renamed) fails too."""
    sigs = set(_hook_signatures().values())
    stale = [h for h in _headings(HOOKS_PAGE.read_text(encoding="utf-8"))
             if h.startswith("forestshuffle_") and h not in sigs]
    assert not stale, f"headings for unknown hooks in {HOOKS_PAGE.name}: {stale}"


# -- kinds -----------------------------------------------------------------------------------


def _core_kinds() -> dict[str, set[str]]:
    """Every kind name the core registers, by family."""
    core = CoreKinds()
    return {
        "effect": {k.name for k in core.forestshuffle_step_kinds() if k.card_effect},
        "trigger": {"on_play"} | {k.name for k in core.forestshuffle_trigger_kinds()},
        "scoring": {k.name for k in CORE_SCORING},
        "count": {k.name for k in CORE_COUNTS},
        "turn action": {k.name for k in core.forestshuffle_turn_actions()},
        "deck builder": {k.name for k in core.forestshuffle_deck_builders()},
        "end condition": {k.name for k in core.forestshuffle_end_conditions()},
        "site kind": {k.id for k in core.forestshuffle_site_kinds()},
        "slot rule": {*SHARING_RULES, *MODIFIERS},
    }


def _documented_kinds() -> set[str]:
    """Names in the list items of docs/kinds.md that start with a bold code name."""
    text = KINDS_PAGE.read_text(encoding="utf-8")
    return set(re.findall(r"^- \*\*`([a-z_]+)`\*\*", text, re.MULTILINE))


def test_kinds_are_found() -> None:
    """Guard the check below: the core registers effect, scoring and count kinds."""
    kinds = _core_kinds()
    assert {"draw", "free_play"} <= kinds["effect"]
    assert {"per", "set_table"} <= kinds["scoring"]
    assert {"tag", "species"} <= kinds["count"]


@pytest.mark.parametrize("family", sorted(_core_kinds()))
def test_every_core_kind_is_in_kinds_page(family: str) -> None:
    """Every kind the core registers has a line ``- **`name`**`` in docs/kinds.md."""
    missing = sorted(_core_kinds()[family] - _documented_kinds())
    assert not missing, f"{family} kinds missing from {KINDS_PAGE.name}: {missing}"


def test_kinds_page_lists_no_kind_the_core_lacks() -> None:
    """A kind documented but not registered (renamed, removed, misspelt) fails too."""
    known = set().union(*_core_kinds().values())
    extra = sorted(_documented_kinds() - known)
    assert not extra, f"{KINDS_PAGE.name} lists kinds the core does not register: {extra}"


# -- code blocks -------------------------------------------------------------------------------


def _pages() -> list[Path]:
    return sorted(set(DOCS.glob("*.md")) | set(DOCS.glob("**/*.md")) | {ROOT / "README.md"})


def _python_blocks() -> list[tuple[str, str]]:
    """(id, code) of every ```python block of the docs, skipped ones left out. A block marked
    ``python session`` runs after the page's earlier ``session`` blocks, in one namespace, as
    a reader following the page would."""
    out = []
    for page in _pages():
        text = page.read_text(encoding="utf-8")
        session: list[str] = []
        for m in FENCE.finditer(text):
            info = m.group("info").split()
            if not info or info[0] != "python" or "skip" in info[1:]:
                continue
            if any(w.startswith("title=") for w in info[1:]):
                continue  # a file of a tutorial project: tests/test_tutorials.py runs it
            line = text.count("\n", 0, m.start()) + 2
            body = "\n".join(ln[len(m.group("indent")):] for ln in m.group("body").splitlines())
            if "session" in info[1:]:
                session.append(body)
                body = "\n\n".join(session)
            out.append((f"{page.relative_to(ROOT)}:{line}", body))
    return out


BLOCKS = _python_blocks()


def test_docs_have_python_blocks() -> None:
    """Guard the parametrised test below: the fence pattern finds blocks."""
    assert len(BLOCKS) >= 10
    pages = {ident.split(":")[0] for ident, _ in BLOCKS}
    assert {"docs/index.md", "docs/api.md", "docs/rules-engine.md", "README.md"} <= pages


@pytest.mark.parametrize(("ident", "code"), BLOCKS, ids=[ident for ident, _ in BLOCKS])
def test_python_block_runs(ident: str, code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each ```python block of the docs runs without error in a fresh namespace, from the
    repository root (as the docs tell readers to run them)."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "path", list(sys.path))  # undo a block's sys.path.insert
    namespace: dict[str, object] = {"__name__": "__docs__"}
    exec(compile(code, f"docs/{ident}", "exec"), namespace)
