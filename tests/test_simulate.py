"""Issue 13: ``forestshuffle simulate``: seeded tournaments between bots whose results do not
depend on the workers (one process, a process pool, a Dask LocalCluster), interrupted runs
that keep what finished, the statistics, the output files and the charts."""

from __future__ import annotations

import contextlib
import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import forestshuffle as fs
from forestshuffle.cli.app import main
from forestshuffle.simulate import runner as sim
from forestshuffle.simulate.runner import GameResult, SimConfig, run
from forestshuffle.simulate.stats import summarize, wilson

EXE = Path(sys.executable).parent / "forestshuffle"
CONFIG = SimConfig(game="base", players=2, bots=("random", "heuristic"), seed=7)


def results(config: SimConfig, n: int, **kw: object) -> list[GameResult]:
    out = [r for batch in run(config, range(n), **kw) for r in batch]  # type: ignore[arg-type]
    return sorted(out, key=lambda r: r.index)


def test_a_game_of_a_run_is_its_seed_and_line_up_alone():
    """Game i is the same game whether it is played alone or in a run, in any batch."""
    one = sim.play_one(CONFIG, 5)
    again = results(CONFIG, 8, batch=3)[5]
    assert one == again
    g = fs.new_game("base", 2, seed=sim.game_seed(7, 5))
    lineup = CONFIG.lineup(5)
    fs.bots.play_out(g, [sim.make_bot(b, sim.bot_seed(g.seed, p)) for p, b in enumerate(lineup)])
    assert one.scores == g.scores().totals and one.actions == len(g.actions)


def test_the_line_up_rotates_a_seat_each_game_and_fills_the_seats():
    c = SimConfig(players=3, bots=("a", "b"))
    assert [c.lineup(i) for i in range(4)] == [("a", "b", "a"), ("a", "a", "b"),
                                                ("b", "a", "a"), ("a", "b", "a")]
    assert SimConfig(players=3, bots=("a", "b"), rotate=False).lineup(1) == ("a", "b", "a")


def test_the_same_seed_gives_the_same_results_with_two_worker_processes():
    assert results(CONFIG, 12, workers=1) == results(CONFIG, 12, workers=2)


def test_dask_local_cluster_of_two_workers_gives_the_single_process_results(tmp_path):
    """``simulate --scheduler local --workers 2``: a Dask LocalCluster of two worker
    processes plays the same games as one process."""
    pytest.importorskip("distributed")
    out = tmp_path / "dask.json"
    assert main(["simulate", "--games", "10", "--seed", "7", "--scheduler", "local",
                 "--workers", "2", "--out", str(out), "--json"]) == 0
    data = json.loads(out.read_text())
    assert data["complete"] and data["games"] == 10
    assert [GameResult.from_dict(d) for d in data["results"]] == results(CONFIG, 10)


def test_an_unreachable_scheduler_is_a_one_line_error(capsys):
    pytest.importorskip("distributed")
    os.environ["FORESTSHUFFLE_DASK_TIMEOUT"] = "1s"
    try:
        code = main(["simulate", "--games", "2", "--scheduler", "tcp://127.0.0.1:9"])
    finally:
        del os.environ["FORESTSHUFFLE_DASK_TIMEOUT"]
    err = capsys.readouterr().err
    assert code == 2 and "cannot reach the Dask scheduler" in err and "Traceback" not in err


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(5, 10)
    assert round(lo, 4) == 0.2366 and round(hi, 4) == 0.7634
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def _r(i: int, bots: tuple[str, ...], scores: tuple[int, ...], winners: tuple[int, ...],
       species: tuple[dict[str, tuple[int, int]], ...]) -> GameResult:
    return GameResult(i, i, bots, scores, (0,) * len(bots), winners, 10 + i, 20 + i,
                      "third_winter", species)


def test_the_statistics_count_wins_ties_and_the_balance_lab():
    """Game 0: a beats b, a played two wolves (10 points); game 1: a tie (both win), only b
    played a wolf (0 points)."""
    rs = [_r(0, ("a", "b"), (50, 40), (0,), ({"x.wolf": (2, 10)}, {})),
          _r(1, ("b", "a"), (30, 30), (0, 1), ({"x.wolf": (1, 0)}, {"x.oak": (1, 3)}))]
    s = summarize(rs, {"x.wolf": "Wolf"})
    by_bot = {b["bot"]: b for b in s["by_bot"]}
    assert (by_bot["a"]["wins"], by_bot["a"]["n"], by_bot["b"]["wins"]) == (2, 2, 1)
    assert by_bot["a"]["score"]["mean"] == 40 and by_bot["b"]["score"]["max"] == 40
    assert [(r["seat"], r["wins"]) for r in s["by_seat"]] == [(0, 2), (1, 1)]
    wolf = next(r for r in s["species"] if r["species"] == "x.wolf")
    assert wolf["name"] == "Wolf" and wolf["played_in"] == 0.5 and wolf["cards"] == 3
    assert wolf["mean_points"] == 10 / 3
    assert (wolf["with"]["wins"], wolf["with"]["n"]) == (2, 2)
    assert (wolf["without"]["wins"], wolf["without"]["n"]) == (1, 2)
    assert s["length"]["turns"]["mean"] == 10.5 and s["end_reasons"] == {"third_winter": 2}


def test_the_outputs_hold_every_game_and_seat(tmp_path):
    rs = results(CONFIG, 4)
    s = summarize(rs)
    js, = sim.save_results(tmp_path / "r.json", CONFIG, rs, s)
    data = json.loads(Path(js).read_text())
    assert [GameResult.from_dict(d) for d in data["results"]] == rs and data["complete"]
    files = sim.save_results(tmp_path / "r.csv", CONFIG, rs, s)
    with open(files[0], newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 8 and [int(r["score"]) for r in rows[:2]] == list(rs[0].scores)
    assert json.loads(Path(files[1]).read_text())["stats"] == json.loads(json.dumps(s))
    pq = pytest.importorskip("pyarrow.parquet")
    files = sim.save_results(tmp_path / "r.parquet", CONFIG, rs, s)
    table = pq.read_table(files[0]).to_pylist()
    assert [(r["game"], r["seat"], r["score"], r["won"]) for r in table] == [
        (int(r["game"]), int(r["seat"]), int(r["score"]), r["won"] == "True") for r in rows]


def test_the_charts_are_png_files(tmp_path):
    pytest.importorskip("matplotlib")
    from forestshuffle.simulate.stats import plot

    rs = results(CONFIG, 4)
    files = plot(rs, summarize(rs), tmp_path / "plots")
    assert {f.name for f in files} == {"scores.png", "species_points.png", "game_length.png"}
    assert all(f.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for f in files)


def test_the_command_prints_json_statistics_equal_to_the_runs(capsys):
    assert main(["simulate", "--games", "6", "--seed", "7", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["complete"] and out["stats"] == json.loads(json.dumps(
        summarize(results(CONFIG, 6), {sid: sp.name for sid, sp in
                                       fs.get_ruleset("base").species.items()})))


def test_an_interrupted_run_keeps_and_writes_the_games_that_finished(tmp_path, monkeypatch,
                                                                    capsys):
    real = sim.play_batch
    calls = []

    def stop_on_the_third(config: SimConfig, indices: list[int]) -> list[GameResult]:
        calls.append(indices)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(config, indices)

    monkeypatch.setattr(sim, "play_batch", stop_on_the_third)
    out = tmp_path / "r.json"
    code = main(["simulate", "--games", "8", "--seed", "7", "--out", str(out)])
    assert code == 130
    data = json.loads(out.read_text())
    assert data["complete"] is False and data["games"] == 2
    assert [GameResult.from_dict(d) for d in data["results"]] == results(CONFIG, 2)
    assert "2 of 8 games finished" in capsys.readouterr().err


def _cpu_seconds(children: Path) -> list[float]:
    """The CPU seconds (user + system) of each child process listed in *children*, once
    there are two."""
    try:
        pids = children.read_text().split()
        if len(pids) < 2:
            return []
        ticks = os.sysconf("SC_CLK_TCK")
        out = []
        for pid in pids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            out.append((int(fields[11]) + int(fields[12])) / ticks)
        return out
    except (OSError, ValueError, IndexError):
        return []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_stops_a_pool_of_workers_and_keeps_what_finished(tmp_path, sig):
    """A real SIGINT (Ctrl-C) or SIGTERM (kill) to a running command with two worker
    processes."""
    out = tmp_path / "r.json"
    # a shell's background job (CI run with `&`) starts with SIGINT ignored, and Python keeps
    # an ignored SIGINT ignored: the command is started as from a terminal, SIGINT default
    proc = subprocess.Popen([str(EXE), "simulate", "--games", "100000", "--seed", "3",
                             "--workers", "2", "--out", str(out)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        deadline = time.monotonic() + 120
        # until the pool's two workers have each worked a few CPU seconds (a batch of 16
        # games takes about one): counted in CPU time, so a loaded machine only makes it slower
        while time.monotonic() < deadline and min(_cpu_seconds(children), default=0.0) < 4:
            time.sleep(0.2)
        time.sleep(0.5)
        proc.send_signal(sig)
        _, stderr = proc.communicate(timeout=60)
    finally:  # a command that did not stop takes its workers (its own session) with it
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    data = json.loads(out.read_text())
    assert data["complete"] is False and 0 < data["games"] < 100000
    kept = [GameResult.from_dict(d) for d in data["results"]]
    c = SimConfig(seed=3)
    assert all(r == sim.play_one(c, r.index) for r in kept[:3])


def test_every_bot_of_the_registry_in_forestshuffle_bots_is_named_by_simulate(monkeypatch,
                                                                             capsys):
    """The CLI's bots are :data:`forestshuffle.bots.BOTS` (issue 13: ``--bots
    random,greedy,...``): each bundled one by name, and a bot registered there later too."""
    assert set(fs.bots.BOTS) <= set(sim.bot_factories())
    assert {"random", "heuristic", "greedy", "ismcts"} <= set(sim.bot_factories())
    for name, factory in fs.bots.BOTS.items():
        assert type(sim.make_bot(name, 1)) is type(factory(1))

    class First(fs.bots.RandomBot):
        def act(self, situation: fs.bots.Situation) -> fs.Action:
            return situation.legal[0]

    monkeypatch.setitem(fs.bots.BOTS, "First", First)
    assert isinstance(sim.make_bot("first", 0), First)
    r = sim.play_one(SimConfig(bots=("first", "random"), seed=1), 0)
    assert r.bots == ("first", "random")
    monkeypatch.undo()
    assert "first" not in fs.bots.BOTS
    assert main(["simulate", "--games", "1", "--bots", "first"]) == 2
    assert "unknown bot 'first'" in capsys.readouterr().err


def test_simulate_plays_every_bundled_bot_with_an_expansion(tmp_path, capsys, monkeypatch):
    """``simulate --expansion woodland_edge --bots random,heuristic,greedy,ismcts`` (issue
    13): every bot of the registry takes a seat of a game of the expansion's ruleset, and the
    statistics name each. (ISMCTS with a tenth of its iterations, to keep the test short.)"""
    names = ["random", "heuristic", "greedy", "ismcts"]
    assert set(names) == set(fs.bots.BOTS)
    monkeypatch.setitem(fs.bots.BOTS, "ismcts",
                        lambda seed: fs.bots.ISMCTSBot(seed, iterations=20))
    out = tmp_path / "r.json"
    assert main(["simulate", "--expansion", "woodland_edge", "--players", "4", "--bots",
                 ",".join(names), "--games", "1", "--seed", "2", "--out", str(out),
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["config"]["expansions"] == ["woodland_edge"]
    assert data["stats"]["games"] == 1
    (r,) = [GameResult.from_dict(d) for d in json.loads(out.read_text())["results"]]
    assert sorted(r.bots) == sorted(names)
    # the expansion's cards are in the deal
    dealt = fs.new_game("base", 4, seed=r.seed, expansions=["woodland_edge"])
    assert len(dealt.state.deck) > len(fs.new_game("base", 4, seed=r.seed).state.deck)
    # one game, a seat each: each bot's mean score is its seat's score in that game
    mean = {b["bot"]: b["score"]["mean"] for b in data["stats"]["by_bot"]}
    assert mean == {n: r.scores[r.bots.index(n)] for n in names}


def test_a_terminal_shows_a_progress_bar_with_games_per_second_and_eta():
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    env["TERM"] = "xterm-256color"
    child = pexpect.spawn(str(EXE), ["simulate", "--games", "40", "--seed", "1"],
                          encoding="utf-8", timeout=120, env=env, dimensions=(30, 140))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "40/40" in child.before and "games/s" in child.before and "eta" in child.before
