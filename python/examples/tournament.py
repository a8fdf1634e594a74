#!/usr/bin/env python3
"""A tournament from Python, as a notebook would run it: play a config,
read its results as data, draw a chart.

    PYTHONPATH=build/python python3 python/examples/tournament.py [GAMES] [OUT.png]

Plays configs/gofish-strategies-4p.yaml (five Go Fish strategies, four at a
table) and plots each one's win rate with its 95% interval. With matplotlib
installed (Debian: python3-matplotlib) the chart is a PNG; without it, text.
In a notebook, `results` alone shows the table (Results._repr_html_).
GAMES must be a multiple of 24: each deal is played once in each of the 24
seat orders of four players.
"""
import sys
from pathlib import Path

import arena

ROOT = Path(__file__).resolve().parents[2]
games = int(sys.argv[1]) if len(sys.argv) > 1 else 2400
chart = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("tournament.png")

results = arena.run(ROOT / "configs" / "gofish-strategies-4p.yaml", games=games, seed=1,
                    out="results/tournament-example", progress=True)
print(results)

# Best first: the win rate and its 95% interval per variant.
variants = sorted(results.variants, key=lambda v: v["win_rate"], reverse=True)
names = [v["name"] for v in variants]
rates = [100 * v["win_rate"] for v in variants]
low = [100 * (v["win_rate"] - v["win_rate_ci95"][0]) for v in variants]
high = [100 * (v["win_rate_ci95"][1] - v["win_rate"]) for v in variants]

# Rows of games.csv: the mean books each variant laid (a pandas DataFrame when pandas is installed).
rows = results.games()
if hasattr(rows, "groupby"):
    print(rows.groupby("variant")["books"].mean().round(2).to_string())

try:
    import matplotlib
    matplotlib.use("Agg")  # a file, no display needed
    import matplotlib.pyplot as plt
except ImportError:
    for name, rate in zip(names, rates):
        print(f"{name:>12} {'#' * round(rate / 2)} {rate:.1f}%")
    print("(install python3-matplotlib for a chart)")
else:
    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.barh(names[::-1], rates[::-1], xerr=[low[::-1], high[::-1]], color="#4477aa", capsize=3)
    ax.set_xlabel("win rate, % (95% interval)")
    ax.set_title(f"Go Fish, four at a table, {results.summary['games']} games")
    fig.tight_layout()
    fig.savefig(chart, dpi=120)
    print(f"chart: {chart}")
print(f"report: {results.report}")
