"""The strength benchmark's pairing with an earlier run (``bench/bot_strength.py --against``): a bot read back from
its ``--scores`` file pairs with a bot run now exactly as if both had been run together."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.subprocess, pytest.mark.slow]

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bot_strength.py"
COMMON = ["--presets", "russian", "--workers", "1"]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCH), *COMMON, *args], capture_output=True, text=True, timeout=300)


def _table(out: str) -> list[str]:
    """The printed rows of the bots and the exact paired differences, without the CPU column."""
    rows = [line.rsplit("|", 2)[0] for line in out.splitlines() if line.startswith("| russian")]
    return sorted(rows + [line for line in out.splitlines() if "points over" in line])


def test_a_bot_read_back_pairs_as_if_run_now(tmp_path):
    together = _run("--deals", "8", "--players", "4", "--bots", "heuristic", "greedy")
    earlier = tmp_path / "heuristic.csv"
    _run("--deals", "8", "--players", "4", "--bots", "heuristic", "--scores", str(earlier))
    later = tmp_path / "greedy.csv"
    apart = _run("--deals", "8", "--players", "4", "--bots", "greedy", "--against", str(earlier),
                 "--scores", str(later))
    assert together.returncode == apart.returncode == 0, apart.stderr
    assert len(_table(together.stdout)) == 3 and any("greedy − heuristic" in r for r in _table(together.stdout))
    assert _table(apart.stdout) == _table(together.stdout)
    files = _run("--deals", "8", "--players", "4", "--against", str(earlier), "--against", str(later))  # none run
    assert _table(files.stdout) == _table(together.stdout), files.stderr


def test_a_scores_file_of_other_deals_or_players_is_refused(tmp_path):
    earlier = tmp_path / "heuristic.csv"
    _run("--deals", "4", "--players", "4", "--bots", "heuristic", "--scores", str(earlier))
    for args, message in ((["--deals", "5", "--players", "4", "--bots", "greedy"], "lacks 1 of deals 0…4, the first 4"),
                          (["--deals", "4", "--players", "3", "--bots", "greedy"], "run with other than 3 players"),
                          (["--deals", "4", "--players", "4", "--bots", "heuristic"], "both give heuristic"),
                          (["--deals", "4", "--players", "4", "--bots", "greedy", "--duplicate"],
                           "was dealt ordinary draws, this run duplicate ones")):
        refused = _run(*args, "--against", str(earlier))
        assert refused.returncode == (2 if "both" in message else 1)  # argparse.error, sys.exit
        assert message in refused.stderr, refused.stderr


def test_duplicate_draws_deal_duplicate_deals_and_pair_only_with_their_kind(tmp_path):
    # ``--duplicate``: deal i is ``Deal.new(..., duplicate=True)`` played as ever, its file marked so, read back
    # only by a duplicate run.
    from bibi.bots import heuristic_bot
    from bibi.deal import Deal
    from bibi.play import bots_rng, play

    duplicate = tmp_path / "duplicate.csv"
    dup = _run("--deals", "6", "--players", "4", "--bots", "heuristic", "greedy", "--duplicate", "--scores",
               str(duplicate))
    assert dup.returncode == 0, dup.stderr
    assert "duplicate draws" in dup.stdout
    rows = [line.split(",") for line in duplicate.read_text().splitlines()[1:]]
    seed = 20260  # bench/bot_strength.py's SEED
    expected = [play(Deal.new("russian", 4, seed=seed + i, duplicate=True), [heuristic_bot] * 4,
                     bots_rng(seed + i)).scores[i % 4] for i in range(6)]
    assert [int(r[4]) for r in rows if r[1] == "heuristic"] == expected
    assert {r[5] for r in rows} == {"duplicate"}
    again = _run("--deals", "6", "--players", "4", "--duplicate", "--against", str(duplicate))
    assert _table(again.stdout) == _table(dup.stdout), again.stderr
    refused = _run("--deals", "6", "--players", "4", "--against", str(duplicate))
    assert refused.returncode == 1 and "was dealt duplicate draws, this run ordinary ones" in refused.stderr


def test_the_race_at_a_budget_of_its_first_look_chooses_as_the_every_world_search():
    """``bench/search_agreement.py``: with a budget of ``_FIRST`` worlds the race looks only at the budget, over
    the very worlds of the search that plays every world, so at every position and every ``--hope`` both choose
    alike and the race loses nothing by the other's means; one row per preset and hope."""
    from bibi.bots import _FIRST

    done = subprocess.run([sys.executable, str(BENCH.parent / "search_agreement.py"), "--deals", "2", "--players",
                           "4", "--worlds", str(_FIRST), "--hope", "0", "1000"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    rows = [[cell.strip() for cell in line.split("|")[1:-1]] for line in done.stdout.splitlines()
            if line.startswith(("| russian", "| italian"))]
    assert sorted((row[0], row[1]) for row in rows) == [("italian", "0"), ("italian", "1000"),
                                                        ("russian", "0"), ("russian", "1000")]
    for preset, _hope, decisions, same, lost, *_ in rows:
        assert int(decisions) > 10 and same == f"{decisions} (100 %)" and lost == "0.00 ± 0.00", preset
