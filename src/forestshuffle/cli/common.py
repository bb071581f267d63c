"""What the command line's modules share (:mod:`forestshuffle.cli.app`,
:mod:`~forestshuffle.cli.play`, :mod:`~forestshuffle.cli.simulate`): :func:`say`, the rich
console, the one-line error, and the options several commands take."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, TypeVar

import click
from rich.console import Console

from forestshuffle.plugins.manager import available_rulesets
from forestshuffle.safety import MAX_RECORD_BYTES, InputError, printable, read_file


def say(text: str = "", file: IO[str] | None = None) -> None:
    """Print *text*, each of its lines made terminal-safe by
    :func:`~forestshuffle.safety.printable`."""
    print("\n".join(printable(line) for line in str(text).split("\n")),
          file=file if file is not None else sys.stdout)


def error(message: str) -> int:
    """Print ``forestshuffle: error: MESSAGE`` on standard error; returns the exit code 2."""
    say(f"forestshuffle: error: {message}", file=sys.stderr)
    return 2


class Fail(Exception):
    """An error of the command line's own (a file it cannot read or write): one line,
    exit code 2."""


def console(stderr: bool = False) -> Console:
    """A rich console on standard output (or error): colours only on a terminal without
    ``NO_COLOR``, no markup or highlighting of its own, 120 columns when not a terminal."""
    stream = sys.stderr if stderr else sys.stdout
    return Console(stderr=stderr, highlight=False, soft_wrap=False,
                   width=None if stream.isatty() else 120)


def say_json(data: Any) -> int:
    """Print *data* as JSON (terminal-safe, still valid JSON); returns 0."""
    say(json.dumps(data, indent=2, ensure_ascii=False))
    return 0


def read(file: str) -> bytes:
    """The bytes of *file*, within the record size limit (Fail if it cannot be read)."""
    try:
        return read_file(file, limit=MAX_RECORD_BYTES)
    except OSError as exc:
        raise Fail(f"cannot read {file}: {exc.strerror or type(exc).__name__}") from None
    except InputError as exc:
        raise Fail(f"cannot read {file}: {exc}") from None


def save(path: Path, text: str) -> None:
    """Write *text* to *path* (Fail if it cannot be written)."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise Fail(f"cannot write {path}: {exc.strerror or type(exc).__name__}") from None


def option(text: str) -> tuple[str, object]:
    """``NAME=VALUE``: ``true``/``false``, a whole number, or a text."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise click.BadParameter(f"expected NAME=VALUE, not {text!r}",
                                 param_hint="'--option'")
    low = value.strip().lower()
    if low in ("true", "false"):
        return name, low == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value


def options(values: Sequence[str] | None) -> dict[str, object]:
    """Every ``--option NAME=VALUE``, as a mapping."""
    return dict(option(v) for v in values or ())


def lineup(text: str) -> tuple[str, ...]:
    """``--bots random,heuristic`` as bot names, each checked."""
    from forestshuffle.simulate.runner import parse_bots

    return parse_bots(text)


def complete_bots(incomplete: str) -> list[str]:
    """Shell completion of ``--bots``: the bot names, after the last comma."""
    from forestshuffle.simulate.runner import bot_factories

    head, _, last = incomplete.rpartition(",")
    return [f"{head},{n}" if head else n for n in sorted(bot_factories()) if n.startswith(last)]


def complete_games(incomplete: str) -> list[str]:
    """Shell completion of ``--game``: the installed rulesets."""
    return [r for r in available_rulesets() if r.startswith(incomplete)]


# -- options several commands take ----------------------------------------------------------

F = TypeVar("F", bound=Callable[..., Any])


def _complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    return complete_games(incomplete)


def _complete_bots(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    return complete_bots(incomplete)


def game_option(f: F) -> F:
    """``--game ID`` (default ``base``)."""
    return click.option("--game", default="base", metavar="ID", shell_complete=_complete_games,
                        help="ruleset id (forestshuffle rulesets lists them)")(f)


def players_option(default: int | None, help: str = "number of players") -> Callable[[F], F]:
    """``--players N``."""
    return click.option("--players", type=click.IntRange(min=1), default=default,
                        show_default=default is not None, help=help)


def bots_option(default: str, help: str) -> Callable[[F], F]:
    """``--bots NAME,NAME...`` (completed from the bot registry; its help names the bundled
    bots)."""
    from forestshuffle.bots import BOTS

    return click.option("--bots", default=default, metavar="NAMES",
                        help=f"{help} (bots: {', '.join(BOTS)})", shell_complete=_complete_bots)


def seed_option(f: F) -> F:
    """``--seed N`` (default: from the operating system's randomness)."""
    return click.option("--seed", type=int, default=None, show_default=False,
                        help="deal from this seed (default: from the operating system's "
                             "randomness; a seed is not a secret)")(f)


def expansion_option(f: F) -> F:
    """``--expansion NAME``, repeatable."""
    return click.option("--expansion", multiple=True, metavar="NAME",
                        help="add an expansion (repeatable; forestshuffle rulesets lists "
                             "them)")(f)


def option_option(f: F) -> F:
    """``--option NAME=VALUE``, repeatable."""
    return click.option("--option", multiple=True, metavar="NAME=VALUE",
                        help="set a ruleset option (repeatable; forestshuffle rulesets lists "
                             "them)")(f)


def overrides_option(f: F) -> F:
    """``--overrides FILE``."""
    return click.option("--overrides", default=None, metavar="FILE",
                        help="card-data override file (TOML/JSON)")(f)


def json_option(help: str = "print the result as JSON") -> Callable[[F], F]:
    """``--json``."""
    return click.option("--json", "as_json", is_flag=True, help=help)
