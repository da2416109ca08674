"""The terminal speaks to its width: at 60 columns (``COLUMNS=60``, standard output a terminal) every line of
``bibi play``, ``bibi practice``, ``bibi deal``, ``bibi replay`` and ``bibi analyse`` fits, from the command's first
line on, and no word is split across two lines ("How m|any points", "he|uristic"):
the words are the very words said at full width, in the same order, in each language."""

from __future__ import annotations

import io
import sys

import pytest
from helpers import asking

from bibi.bots import heuristic_bot
from bibi.deal import Deal
from bibi.i18n import language
from bibi.play import bots_rng
from bibi.practice import exercises
from bibi.rules import RUSSIAN
from bibi.terminal import Terminal, fold_to_width, quiz

pytestmark = pytest.mark.fast

WIDTH = 60


def _said(capsys, monkeypatch, columns: int, lang: str, run) -> str:
    """What ``run`` prints under ``lang`` to a terminal ``columns`` wide."""
    monkeypatch.setenv("COLUMNS", str(columns))
    capsys.readouterr()
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    with language(lang):
        run()
    return capsys.readouterr().out


def _play():
    bots = [None, heuristic_bot, heuristic_bot, heuristic_bot]
    moves = ["hint", "why", "1", "score", "rules", "help", "1", "2", "hint", "1", "review"] + ["1"] * 60
    Terminal(Deal.new(RUSSIAN, 4, seed=7), 0, bots, bots_rng(7), ask=asking(moves, []), seed=7).run()


def _practice():
    quiz(exercises(5, RUSSIAN, 4, seed=3), ask=asking(["1", "x", "2", "K♠", "0", "3"], []))


class _Typed(io.StringIO):
    """A keyboard at a terminal: what is typed is echoed, so the answer ends the prompt's line."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline(size)
        sys.stdout.write(line)
        return line


def _command(*argv: str, typed: str = ""):
    """A run of ``bibi ARGV`` as typed at a prompt, ``typed`` its keyboard."""
    from bibi.cli import main
    from bibi.i18n import get_language

    def run():  # in the language of the moment, as a command is told it
        stdin, sys.stdin = sys.stdin, _Typed(typed)
        try:
            assert main(["--lang", get_language(), *argv]) == 0
        finally:
            sys.stdin = stdin
    return run


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("record") / "deal.json"
    from bibi.cli import main

    assert main(["deal", "--players", "4", "--seed", "3", "--json", str(path)]) == 0
    return str(path)


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
@pytest.mark.parametrize("run", [_play, _practice,
                                 _command("play", "--players", "4", "--seed", "11", "--level", "club", "--deals", "1",
                                          typed="\n".join(["1"] * 60 + ["quit"]) + "\n"),
                                 _command("play", "--pair", "dealt", "--seed", "3", typed="pass\n1\nquit\n"),
                                 _command("practice", "-n", "2", "--seed", "3", typed="1\n2\n"),
                                 _command("deal", "--players", "4", "--seed", "3")],
                         ids=["play", "practice", "bibi-play", "bibi-play-pass", "bibi-practice", "bibi-deal"])
def test_the_terminal_folds_at_its_width_and_never_inside_a_word(lang, run, capsys, monkeypatch):
    wide = _said(capsys, monkeypatch, 1000, lang, run)
    narrow = _said(capsys, monkeypatch, WIDTH, lang, run)
    long_lines = [line for line in wide.splitlines() if len(line) > WIDTH]
    assert long_lines, "nothing said is longer than the width: the test would prove nothing"
    too_wide = [line for line in narrow.splitlines() if len(line) > WIDTH and " " in line.strip()]
    assert too_wide == []
    assert narrow.split() == wide.split()  # the same words, none cut in two


@pytest.mark.parametrize(("lang", "words"), [("en", "You did not say Bi-bi with"), ("ru", "Вы не сказали «Би-би» с")])
def test_the_words_after_a_pass_with_a_pair_fold_at_the_width(lang, words, capsys, monkeypatch):
    """``bibi play --pair``: a pass with the pair callable is answered, at the terminal's width like every line."""
    run = _command("play", "--pair", "dealt", "--seed", "3", typed="pass\n1\nquit\n")
    wide = _said(capsys, monkeypatch, 1000, lang, run)
    narrow = _said(capsys, monkeypatch, WIDTH, lang, run)
    told = next(line for line in wide.splitlines() if line.startswith(words))
    assert len(told) > WIDTH and " ".join(told.split()) in " ".join(narrow.split())
    assert [line for line in narrow.splitlines() if len(line) > WIDTH and " " in line.strip()] == []


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
@pytest.mark.parametrize("command", [("replay",), ("analyse", "--seat", "0", "--worlds", "4")],
                         ids=["replay", "analyse"])
def test_a_record_is_told_at_the_terminals_width(lang, command, record, capsys, monkeypatch):
    run = _command(command[0], record, *command[1:])
    wide = _said(capsys, monkeypatch, 1000, lang, run)
    narrow = _said(capsys, monkeypatch, WIDTH, lang, run)
    assert [line for line in wide.splitlines() if len(line) > WIDTH]
    assert [line for line in narrow.splitlines() if len(line) > WIDTH and " " in line.strip()] == []
    assert narrow.split() == wide.split()


def test_a_word_longer_than_the_width_stands_alone():
    assert fold_to_width("a " + "x" * 12 + " b", 5) == "a\n" + "x" * 12 + "\nb"


def test_a_pipe_gets_the_lines_whole(capsys, monkeypatch):
    """Output to a pipe or a file is read by programs line by line: it is not folded."""
    monkeypatch.setenv("COLUMNS", "20")
    from bibi.terminal import say_folded

    say_folded("a line longer than twenty columns")
    assert capsys.readouterr().out == "a line longer than twenty columns\n"
