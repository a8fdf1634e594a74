"""The examples of python/examples run as a user runs them (small)."""
import os
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(os.environ["ARENA_SOURCE_DIR"]) / "python" / "examples"


def run_example(name, *args, cwd):
    done = subprocess.run([sys.executable, EXAMPLES / name, *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_tournament(tmp_path):
    out = run_example("tournament.py", 240, tmp_path / "chart.png", cwd=tmp_path)
    assert "counting" in out and (tmp_path / "results" / "tournament-example" / "report.html").exists()
    try:
        import matplotlib  # noqa: F401  (the chart needs it)
    except ImportError:
        assert "python3-matplotlib" in out
    else:
        assert (tmp_path / "chart.png").stat().st_size > 10_000


def test_go_fish_strategy(tmp_path):
    out = run_example("go_fish_strategy.py", 240, cwd=tmp_path)
    assert "last-asker wins" in out and "against random" in out


def test_bench_python_strategy(tmp_path):
    out = run_example("bench_python_strategy.py", 50, 1, cwd=tmp_path)
    assert "in process / line protocol: median" in out


def test_mcts_chinese_checkers(tmp_path):
    out = run_example("mcts_chinese_checkers.py", 2, "--iterations", 50, "--plies", 120,
                      cwd=tmp_path)
    assert "mcts" in out and "alphabeta" in out


def test_random_playouts_bench(tmp_path):
    out = run_example("random_playouts_bench.py", "--seconds", 0.5, cwd=tmp_path)
    assert "moves/s" in out
