"""The levels for learners (``bibi.levels``): named, told in three languages, found by name, measured, and chosen
with ``bibi play --level``."""

from __future__ import annotations

import io

import pytest

from bibi.cli import main
from bibi.errors import WrongType
from bibi.i18n import language
from bibi.levels import LEVELS, choice_label, find_level, level_bot, level_of, ratings, table, told
from bibi.play import get_bot

pytestmark = pytest.mark.fast


def test_four_levels_from_the_weakest_each_a_bot_of_the_registry():
    assert [(level.name, level.bot) for level in LEVELS] == [
        ("beginner", "random"), ("casual", "greedy"), ("club", "heuristic"), ("expert", "search")]
    assert all(level_bot(level.name) is get_bot(level.bot) for level in LEVELS)
    assert find_level(" Expert ") is LEVELS[-1]


@pytest.mark.parametrize(("name", "error", "words"), [
    ("master", ValueError, "level: 'master' is not one of beginner, casual, club, expert"),
    (3, WrongType, "level: expected a level's name, not 3"),
])
def test_a_level_that_is_none_is_named(name, error, words):
    with pytest.raises(error, match=words):
        find_level(name)


@pytest.mark.parametrize("lang", ["ru", "it"])
def test_every_level_is_told_in_the_readers_language(lang):
    english = [told(level) for level in LEVELS]
    with language(lang):
        translated = [told(level) for level in LEVELS]
    for (title, what), (title_en, what_en) in zip(translated, english, strict=True):
        assert title and what and title != title_en and what != what_en
    assert len({title for title, _ in translated}) == len(LEVELS)


def test_the_level_a_table_plays_is_the_one_every_other_seat_plays():
    heuristic = get_bot("heuristic")
    assert level_of([None, heuristic, "heuristic", heuristic]) is find_level("club")
    assert level_of([get_bot("random")] * 3) is find_level("beginner")
    assert level_of([None, heuristic, get_bot("greedy")]) is None
    assert level_of([None]) is None


def test_a_choice_of_bots_reads_as_a_level_where_it_is_one():
    with language("ru"):
        assert choice_label("heuristic") == "клубный игрок (эвристический)"
        assert choice_label("sampling") == "выборочный"  # no level's bot: its own name alone
    assert choice_label("search").startswith("expert (")


def test_the_levels_table_reads_the_measured_ratings_in_the_readers_numbers():
    measured = ratings()
    assert measured["players"] == 6
    for preset in ("russian", "italian"):
        run = measured["runs"][preset]
        assert run["deals"] >= 100 and run["command"].startswith("nice -n 10 .venv/bin/python bench/levels.py")
        assert measured[preset]["club"].rating == 0.0  # the scale's zero
        assert measured[preset]["beginner"].margin == 0.0  # no level below it
        rows = table(preset)
        assert [row[0] for row in rows] == [told(level)[0] for level in LEVELS]
    with language("ru"):
        rows = table("italian")
    for row, level in zip(rows, LEVELS, strict=True):
        rating = measured["italian"][level.name]
        # the reader's decimal comma, "±" held to both numbers by no-break spaces
        assert row[2] == f"{rating.rating:+.1f}\u00a0±\u00a0{rating.half:.1f}".replace(".", ",")
    with pytest.raises(ValueError, match="preset: 'english' has no measured levels"):
        table("english")


def test_bibi_play_at_a_level_seats_its_bot_and_says_what_it_does(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    main(["play", "--players", "3", "--seed", "4", "--deals", "1", "--level", "Casual"])
    out = capsys.readouterr().out
    title, what = told(find_level("casual"))
    assert f"Level: {title}: {what}." in out and "bots: greedy, greedy" in out


@pytest.mark.parametrize(("argv", "words"), [
    (["--level", "master"], "--level: 'master' is not one of beginner, casual, club, expert"),
    (["--level", "club", "--bots", "random"], "--level: 'club' and --bots 'random': give one of them"),
])
def test_bibi_play_names_a_bad_level(argv, words, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--players", "3", *argv]) != 0
    assert words in capsys.readouterr().err
