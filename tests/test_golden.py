"""Golden playthroughs: deals and games played by bots from a seed, checked in as records and transcripts.

Each case under ``tests/golden/playthroughs/`` is a pair: ``NAME.json`` (how it was played — rules, players,
seed, bots — and the record the engine wrote) and ``NAME.txt`` (the transcript a person reads: the hands
dealt, every trick, draw, call, trump change and the scores). The test plays each case again through the
play layer from its seed and compares both, and replays the record and compares the transcript: a change
of the engine's behaviour, even one consistent with itself, shows up here as a readable diff.

Regenerate after a deliberate change of behaviour (and read the diff before committing it):

    BIBI_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bibi.deal import Deal
from bibi.game import Game
from bibi.notation import game_text, transcript
from bibi.play import play_seeded
from bibi.rules import parse_rules

HERE = Path(__file__).parent / "golden" / "playthroughs"
REGENERATE = os.environ.get("BIBI_REGENERATE_GOLDEN") == "1"

# name: (kind, rules label, players, seed, bots one per seat or one for all, rounds for a game)
CASES = {
    "russian-6p-heuristic": ("deal", "ru", 6, 31, ["heuristic"], None),
    "italian-4p-heuristic": ("deal", "it", 4, 3, ["heuristic"], None),
    "english-3p-greedy": ("deal", "en", 3, 5, ["greedy"], None),
    "mix-6p-bots": ("deal", "ru:follow=follow_or_trump,draw=after_trick,bibi_call=mandatory", 6, 11,
                    ["heuristic", "greedy", "sampling", "heuristic", "greedy", "heuristic"], None),
    "russian-12p-heuristic": ("deal", "ru", 12, 12, ["heuristic"], None),
    "one-pack-5p-greedy": ("deal", "ru:decks=1,max_players=7", 5, 8, ["greedy"], None),
    "italian-6p-sampling": ("deal", "it", 6, 2, ["sampling", "heuristic"] * 3, None),
    "russian-4p-random": ("deal", "ru", 4, 17, ["random"], None),
    "russian-3p-2rounds-game": ("game", "ru", 3, 7, ["heuristic"], 2),
    "italian-4p-game": ("game", "it", 4, 9, ["greedy", "heuristic", "greedy", "heuristic"], 1),
}


def play_case(name: str) -> tuple[dict, str, dict]:
    """Play a case afresh: its record, its transcript, and how it was played."""
    kind, label, players, seed, bots, rounds = CASES[name]
    rules = parse_rules(label)
    seats = bots if len(bots) == players else bots * players
    how = {"kind": kind, "rules": label, "players": players, "seed": seed, "bots": seats}
    if kind == "deal":
        deal = play_seeded(rules, players, seed, seats)
        return deal.record(), transcript(deal, draws=True) + "\n", how
    game = Game.new(rules, players, rounds, seed=seed).play(seats)
    return game.record(), game_text(game, deals=True) + "\n", {**how, "rounds": rounds}


def _paths(name: str) -> tuple[Path, Path]:
    return HERE / f"{name}.json", HERE / f"{name}.txt"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough_plays_again_the_same(name):
    record, text, how = play_case(name)
    data_path, text_path = _paths(name)
    if REGENERATE:
        HERE.mkdir(parents=True, exist_ok=True)
        data_path.write_text(json.dumps({"playthrough": how, "record": record}, ensure_ascii=False, indent=1) + "\n",
                             encoding="utf-8")
        text_path.write_text(text, encoding="utf-8")
    stored = json.loads(data_path.read_text(encoding="utf-8"))
    assert stored["playthrough"] == how, "the case's settings changed: regenerate it"
    assert text == text_path.read_text(encoding="utf-8")
    assert record == stored["record"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_record_replays_to_its_transcript(name):
    data_path, text_path = _paths(name)
    stored = json.loads(data_path.read_text(encoding="utf-8"))
    record = stored["record"]
    if stored["playthrough"]["kind"] == "deal":
        text = transcript(Deal.replay(record), draws=True)
    else:
        text = game_text(Game.replay(record), deals=True)
    assert text + "\n" == text_path.read_text(encoding="utf-8")


def test_golden_cases_are_all_checked_in():
    stored = {p.stem for p in HERE.glob("*.json")} | {p.stem for p in HERE.glob("*.txt")}
    assert stored == set(CASES)
