"""Golden playthroughs: deals and games played from a seed, checked in as records and transcripts.

Two sets, each in a folder of its own under ``tests/golden/``:

- ``engine/``: the engine's rules alone. Every seat plays at random (``play.random_bot``, the engine's fast path),
  under each preset, one pack and a mix of options, from 3 to 12 players, deals and whole games. A change here is
  a change of the rules, the set-up or the record, never of a bot.
- ``bots/``: how the kit's bots play (heuristic, greedy, sampling, search) on the same kinds of tables. Retuning a
  bot rewrites these and only these.

Each case is a pair: ``NAME.json`` (how it was played — rules, players, seed, bots — and the record the engine
wrote) and ``NAME.txt`` (the transcript a person reads: the hands dealt, every trick, draw, call, trump change and
the scores). The test plays each case again through the play layer from its seed and compares both, and replays
the record and compares the transcript: a change of behaviour, even one consistent with itself, shows up here as a
readable diff.

Regenerate a set after a deliberate change of behaviour (and read the diff before committing it):

    BIBI_REGENERATE_GOLDEN=bots .venv/bin/python -m pytest tests/test_golden.py     # after retuning a bot
    BIBI_REGENERATE_GOLDEN=engine .venv/bin/python -m pytest tests/test_golden.py   # after changing a rule
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bibi.deal import Deal
from bibi.game import Game
from bibi.kinds import EventKind
from bibi.notation import game_text, transcript
from bibi.play import play_seeded
from bibi.rules import parse_rules

pytestmark = pytest.mark.fast

HERE = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("BIBI_REGENERATE_GOLDEN", "")

MIX = "ru:follow=follow_or_trump,draw=after_trick,bibi_call=mandatory"
# name: (kind, rules label, players, seed, bots one per seat or one for all, rounds for a game)
SETS: dict[str, dict[str, tuple]] = {
    "engine": {
        "russian-6p-random": ("deal", "ru", 6, 31, ["random"], None),
        "italian-4p-random": ("deal", "it", 4, 3, ["random"], None),
        "english-3p-random": ("deal", "en", 3, 5, ["random"], None),
        "mix-6p-random": ("deal", MIX, 6, 11, ["random"], None),
        "russian-12p-random": ("deal", "ru", 12, 12, ["random"], None),
        "one-pack-5p-random": ("deal", "ru:decks=1,max_players=7", 5, 8, ["random"], None),
        "italian-6p-random": ("deal", "it", 6, 2, ["random"], None),
        "russian-4p-random": ("deal", "ru", 4, 17, ["random"], None),
        "russian-3p-2rounds-game-random": ("game", "ru", 3, 7, ["random"], 2),
        "italian-4p-game-random": ("game", "it", 4, 9, ["random"], 1),
    },
    "bots": {
        "russian-6p-heuristic": ("deal", "ru", 6, 31, ["heuristic"], None),
        "italian-4p-heuristic": ("deal", "it", 4, 3, ["heuristic"], None),
        "english-3p-greedy": ("deal", "en", 3, 5, ["greedy"], None),
        "mix-6p-bots": ("deal", MIX, 6, 11, ["heuristic", "greedy", "sampling", "heuristic", "greedy", "heuristic"],
                        None),
        "russian-12p-heuristic": ("deal", "ru", 12, 12, ["heuristic"], None),
        "one-pack-5p-greedy": ("deal", "ru:decks=1,max_players=7", 5, 8, ["greedy"], None),
        "italian-6p-sampling": ("deal", "it", 6, 2, ["sampling", "heuristic"] * 3, None),
        "russian-3p-2rounds-game": ("game", "ru", 3, 7, ["heuristic"], 2),
        "italian-4p-game": ("game", "it", 4, 9, ["greedy", "heuristic", "greedy", "heuristic"], 1),
    },
}
CASES = [(kind, name) for kind, cases in SETS.items() for name in sorted(cases)]


def play_case(kind: str, name: str) -> tuple[dict, str, dict]:
    """Play a case afresh: its record, its transcript, and how it was played."""
    what, label, players, seed, bots, rounds = SETS[kind][name]
    rules = parse_rules(label)
    seats = bots if len(bots) == players else bots * players
    how = {"kind": what, "rules": label, "players": players, "seed": seed, "bots": seats}
    if what == "deal":
        deal = play_seeded(rules, players, seed, seats)
        return deal.record(), transcript(deal, draws=True) + "\n", how
    game = Game.new(rules, players, rounds, seed=seed).play(seats)
    return game.record(), game_text(game, deals=True) + "\n", {**how, "rounds": rounds}


def _paths(kind: str, name: str) -> tuple[Path, Path]:
    return HERE / kind / f"{name}.json", HERE / kind / f"{name}.txt"


@pytest.mark.parametrize("kind, name", CASES)
def test_golden_playthrough_plays_again_the_same(kind, name):
    record, text, how = play_case(kind, name)
    data_path, text_path = _paths(kind, name)
    if REGENERATE in (kind, "all"):
        data_path.parent.mkdir(parents=True, exist_ok=True)
        data_path.write_text(json.dumps({"playthrough": how, "record": record}, ensure_ascii=False, indent=1) + "\n",
                             encoding="utf-8")
        text_path.write_text(text, encoding="utf-8")
    stored = json.loads(data_path.read_text(encoding="utf-8"))
    assert stored["playthrough"] == how, "the case's settings changed: regenerate it"
    assert text == text_path.read_text(encoding="utf-8")
    assert record == stored["record"]


@pytest.mark.parametrize("kind, name", CASES)
def test_golden_record_replays_to_its_transcript(kind, name):
    data_path, text_path = _paths(kind, name)
    stored = json.loads(data_path.read_text(encoding="utf-8"))
    record = stored["record"]
    if stored["playthrough"]["kind"] == "deal":
        text = transcript(Deal.replay(record), draws=True)
    else:
        text = game_text(Game.replay(record), deals=True)
    assert text + "\n" == text_path.read_text(encoding="utf-8")


def test_golden_cases_are_all_checked_in_each_in_its_set():
    stored = {(p.parent.name, p.stem) for p in HERE.glob("*/*") if p.suffix in (".json", ".txt")}
    assert stored == set(CASES)


def test_the_engines_goldens_are_played_at_random_and_show_every_kind_of_event():
    """No bot's tuning reaches the engine's set; together its cases show every event, every preset, a game."""
    assert all(set(case[4]) == {"random"} for case in SETS["engine"].values())
    assert not any(set(case[4]) == {"random"} for case in SETS["bots"].values())
    kinds: set[str] = set()
    for name in SETS["engine"]:
        record = json.loads(_paths("engine", name)[0].read_text(encoding="utf-8"))["record"]
        deals = [Deal.replay(record)] if "deck" in record else Game.replay(record).deals
        kinds |= {str(event.kind) for deal in deals for event in deal.events}
    assert kinds == {str(kind) for kind in EventKind}
    assert {parse_rules(case[1]).name for case in SETS["engine"].values()} >= {"russian", "italian", "english"}
    assert {case[0] for case in SETS["engine"].values()} == {"deal", "game"}
