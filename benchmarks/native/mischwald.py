"""Instructions per random 2-player base game beside the Rust engine ``lem-solutions/mischwald``,
counted by valgrind (cachegrind) for 1, 201 and 1001 games of each engine: a game costs
(I(1001) - I(201)) / 800, so start-up and loading cancel out. Theirs is built from a scratch
copy of their crate (``git archive`` of a mirror) with the random player of
``benchmarks/native/mischwald/`` added as a module and an example; ours is the engine alone
(``native/examples/selfplay.rs``). Each is built with its own release profile.

    python benchmarks/native/mischwald.py [--mirror PATH] [--commit 4e61804]
"""

from __future__ import annotations

import argparse
import glob
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from _valgrind import unavailable

HERE = Path(__file__).resolve().parent
NATIVE = HERE.parent.parent / "native"
GAMES = (1, 201, 1001)


def cachegrind(cmd: list[str]) -> tuple[int, str]:
    """(instructions, stdout) of *cmd* under ``valgrind --tool=cachegrind --cache-sim=no``."""
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=/dev/null", *cmd],
                          capture_output=True, text=True, check=True)
    m = re.search(r"I\s+refs:\s*([\d,]+)", done.stderr)
    if m is None:
        raise RuntimeError(done.stderr[-2000:])
    return int(m.group(1).replace(",", "")), done.stdout


def per_game(cmd: list[str], decisions: str) -> tuple[float, float]:
    """(instructions, decisions) per game of *cmd* N, the decisions read from its output by
    the pattern *decisions*."""
    runs = {}
    for n in GAMES:
        instructions, out = cachegrind([*cmd, str(n)])
        m = re.search(decisions, out)
        if m is None:
            raise RuntimeError(f"no decisions in {out!r}")
        runs[n] = (instructions, int(m.group(1)))
    span = GAMES[2] - GAMES[1]
    return ((runs[GAMES[2]][0] - runs[GAMES[1]][0]) / span,
            (runs[GAMES[2]][1] - runs[GAMES[1]][1]) / span)


def find_mirror(given: str | None) -> Path | None:
    """Their git directory: *given*, else a mirror under /work/.mirror."""
    found = [given] if given else sorted(glob.glob("/work/.mirror/lem-solutions+mischwald*"))
    for d in map(Path, found):
        for git_dir in (d / "repo", d / ".git", d):
            if (git_dir / "HEAD").is_file():
                return git_dir
    return None


def build_theirs(git_dir: Path, commit: str, tmp: Path) -> tuple[Path | None, str]:
    """(their example with our random player, None if it did not build; what was built or why
    not)."""
    git = ["git", f"--git-dir={git_dir}"]
    if subprocess.run([*git, "cat-file", "-e", f"{commit}^{{commit}}"],
                      capture_output=True).returncode != 0:
        commit = "HEAD"
    sha = subprocess.run([*git, "rev-parse", "--short", commit],
                         capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run([*git, "archive", f"--output={tmp / 'src.tar'}", sha], check=True)
    subprocess.run(["tar", "-xf", str(tmp / "src.tar"), "-C", str(tmp)], check=True)
    crate = next(p.parent for p in sorted(tmp.glob("**/Cargo.toml")))
    shutil.copy(HERE / "mischwald" / "zufall.rs", crate / "src" / "zufall.rs")
    with open(crate / "src" / "lib.rs", "a") as lib:
        lib.write("\npub mod zufall;\n")
    (crate / "examples").mkdir(exist_ok=True)
    shutil.copy(HERE / "mischwald" / "main.rs", crate / "examples" / "zufall.rs")
    done = subprocess.run(["cargo", "build", "--release", "--example", "zufall"], cwd=crate,
                          capture_output=True, text=True)
    if done.returncode != 0:
        last = [line for line in done.stderr.splitlines() if line.startswith("error")]
        return None, f"their build failed at commit {sha}: {(last or ['?'])[0]}"
    return crate / "target" / "release" / "examples" / "zufall", f"commit {sha}"


def build_ours(tmp: Path) -> list[str]:
    """The command of the engine alone on the base ruleset, less the number of games."""
    import forestshuffle as fs
    from forestshuffle import native

    rules = tmp / "base.json"
    rules.write_text(native.export(fs.get_ruleset("base")))
    subprocess.run(["cargo", "build", "--release", "--example", "selfplay"], cwd=NATIVE,
                   capture_output=True, check=True)
    return [str(NATIVE / "target" / "release" / "examples" / "selfplay"), str(rules)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mirror", help="their git directory (default: under /work/.mirror)")
    ap.add_argument("--commit", default="4e61804", help="theirs to build (else their newest)")
    args = ap.parse_args()
    why = unavailable() or (None if shutil.which("cargo") else "cargo is not installed")
    git_dir = find_mirror(args.mirror)
    if why is None and git_dir is None:
        why = "no mirror of lem-solutions/mischwald (--mirror PATH)"
    if why is not None or git_dir is None:
        print(f"mischwald skipped: {why}")
        return 0
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        theirs, built = build_theirs(git_dir, args.commit, tmp)
        if theirs is None:
            print(f"mischwald skipped: {built}")
            return 0
        rows = {f"mischwald ({built})": per_game([str(theirs)], r"decisions (\d+)"),
                "ours, the engine alone": per_game(build_ours(tmp), r"(\d+) actions")}
    per_decision = []
    for engine, (instructions, decisions) in rows.items():
        per_decision.append(instructions / decisions)
        print(f"{engine}: {instructions:,.0f} instructions/game, {decisions:.1f} decisions/game, "
              f"{per_decision[-1]:,.0f} instructions/decision")
    print(f"theirs/ours per decision: {per_decision[0] / per_decision[1]:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
