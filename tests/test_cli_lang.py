"""The ``bibi`` command in Russian and Italian: transcripts of ``bibi --lang it deal``, ``LANG=ru_RU.UTF-8 bibi deal``,
``bibi --lang ru practice`` and ``bibi --lang ru play``, the help texts, the moves a player types in each language, and
the sentences a refusal cites, quoted with a translation.

Each command runs as ``python -m bibi`` in an environment of its own: tests/conftest.py pins the suite to English
with ``LANGUAGE=en``, so a test of another language takes LANGUAGE, LC_ALL and LC_MESSAGES out and says what it
wants itself.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from helpers import english_words_in

from bibi.actions import EVERY_ACTION, Action
from bibi.cards import Card
from bibi.deal import Deal
from bibi.errors import NotationError
from bibi.i18n import language
from bibi.notation import action_text, read_action
from bibi.render.text import quotes
from bibi.rules import ITALIAN
from bibi.terminal import command_word, read_command
from bibi.texts import sentence

pytestmark = pytest.mark.fast

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def bibi(*args: str, stdin: str | None = None, **env: str) -> subprocess.CompletedProcess:
    """``bibi ARGS`` with no locale variable set but those given (``LANG="ru_RU.UTF-8"``)."""
    clean = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    done = subprocess.run([sys.executable, "-m", "bibi", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, env={**clean, "PYTHONIOENCODING": "utf-8", **env})
    assert "Traceback" not in done.stderr, done.stderr
    return done


def words_left(text: str) -> dict[str, list[str]]:
    """Each line of ``text`` that still holds an English game word, with those words."""
    return {line: english_words_in(line) for line in text.splitlines() if english_words_in(line)}


# -- the transcripts -----------------------------------------------------------------------------------------


@pytest.mark.subprocess
def test_bibi_lang_it_deal_is_an_italian_transcript():
    done = bibi("--lang", "it", "deal", "--rules", "it", "--players", "4", "--seed", "3", "--draws")
    assert done.returncode == 0
    out = done.stdout
    assert out.startswith("codice 3; bot: euristico\nregole italiane, 4 giocatori; mazziere: giocatore ")
    for term in ("presa 1 (briscola ", "giocatore 0: ", "pesca", "punti: giocatore 0", "tallone"):
        assert term in out, term
    assert ("vincitore: giocatore" in out) or ("vittoria condivisa" in out)
    assert any(letter in out for letter in ("R♠", "D♥", "F♣", "A♦"))  # the cards as an Italian writes them
    assert words_left(out) == {}


@pytest.mark.subprocess
def test_lang_ru_in_the_environment_makes_a_russian_transcript():
    done = bibi("deal", "--players", "5", "--seed", "7", LANG="ru_RU.UTF-8")
    assert done.returncode == 0
    out = done.stdout
    assert out.startswith("зерно 7; боты: эвристический\nправила: русские, 5 игроков; сдаёт игрок ")
    for term in ("взятка 1 (козырь ", "игрок 0: ", "очки: игрок 0", "магазин"):
        assert term in out, term
    assert "«Би-би»" in out and ("победитель: игрок" in out or "победу делят" in out or "ничья" in out)
    assert words_left(out) == {}
    assert bibi("--lang", "ru", "deal", "--players", "5", "--seed", "7").stdout == out  # --lang says the same


@pytest.mark.subprocess
def test_a_game_and_its_score_sheet_in_italian():
    done = bibi("--lang", "it", "game", "--rules", "it", "--players", "3", "--seed", "4", "--deals")
    assert done.returncode == 0
    out = done.stdout
    assert "smazzata 1: mazziere il giocatore" in out and "origine: il taglio (il giocatore" in out
    assert "3 giocatori, 1 giro: 3 smazzate" in out and "\ntotale " in out and "\nvincitore: giocatore" in out
    assert words_left(out) == {}


@pytest.mark.subprocess
@pytest.mark.parametrize("env", [{}, {"LANG": "de_DE.UTF-8"}, {"LANG": "C.UTF-8"}, {"LC_ALL": "C", "LANG": "ru_RU"}])
def test_without_a_language_of_the_kit_the_command_speaks_english(env):
    done = bibi("deal", "--players", "4", "--seed", "2", **env)
    assert done.returncode == 0
    assert done.stdout.startswith("seed 2; bots: heuristic\nrussian rules, 4 players; seat ")
    assert done.stdout == bibi("--lang", "en", "deal", "--players", "4", "--seed", "2", LANG="ru_RU.UTF-8").stdout


@pytest.mark.subprocess
def test_the_order_of_the_environment_is_gettexts():
    first = {"LANGUAGE": "it:ru", "LANG": "ru_RU.UTF-8"}
    assert bibi("deal", "--players", "4", "--seed", "2", **first).stdout.startswith("codice 2; bot: euristico\nregole")
    assert bibi("deal", "--players", "4", "--seed", "2", LC_MESSAGES="it_IT.UTF-8", LANG="ru_RU.UTF-8").stdout \
        .startswith("codice 2; bot: euristico\nregole")
    assert bibi("--lang", "ru", "deal", "--players", "4", "--seed", "2", LANGUAGE="it").stdout \
        .startswith("зерно 2")  # --lang first


@pytest.mark.subprocess
def test_bibi_lang_ru_practice_asks_and_answers_in_russian():
    done = bibi("--lang", "ru", "practice", "--seed", "3", "-n", "3", stdin="1\n2\n1\n")
    assert done.returncode == 0
    out = done.stdout
    assert out.startswith("3 упражнения, правила: русские, 4 игрока, зерно 3.")
    assert "взятк" in out and "козыр" in out
    assert words_left(out) == {}


@pytest.mark.parametrize(("lang", "word"), [("ru", "выход"), ("ru", "Выход"), ("it", "esci"), ("ru", "quit"),
                                           ("en", "quit"), ("it", "exit")])
def test_the_practice_quiz_stops_at_quit_typed_in_the_language_or_in_english(lang, word):
    from bibi.practice import exercises
    from bibi.terminal import quiz

    lines, said = iter([word]), []

    def ask(prompt: str) -> str:
        return next(lines)  # a second question would be an error: StopIteration

    with language(lang):
        assert quiz(exercises(3, "russian", 4, 2), ask=ask, say=said.append) == (0, 0)
    assert said[-1] == {"ru": "до свидания: верно 0 из 0", "it": "ciao: risposte giuste 0 su 0",
                        "en": "bye: 0 of 0 right"}[lang]


@pytest.mark.subprocess
@pytest.mark.parametrize(("lang", "word", "told"), [("ru", "выход", "«выход» (или Ctrl-D) — закончить"),
                                                    ("it", "esci", "«esci» (o Ctrl-D) per smettere")])
def test_bibi_practice_says_the_languages_word_to_stop_and_stops_at_it(lang, word, told):
    done = bibi("--lang", lang, "practice", "--seed", "3", "-n", "3", stdin=f"1\n{word}\n")
    assert done.returncode == 0
    first, *rest = done.stdout.splitlines()
    assert told in first and "quit" not in first
    bye = {"ru": "ответ> до свидания", "it": "risposta> ciao"}[lang]
    assert done.stdout.count("> ") == 2 and rest[-1].startswith(bye)


# -- a game in the terminal -----------------------------------------------------------------------------------


def an_illegal_card(deal: Deal) -> Card | None:
    legal = set(deal.legal_actions())
    return next((c for c in deal.hand(deal.to_act) if c not in legal), None)


def first_choice(seed: int) -> Deal:
    """The Italian deal as ``bibi play --rules it --seed SEED`` shows it at seat 0's first choice."""
    from bibi.bots import heuristic_bot
    from bibi.play import bots_rng
    from bibi.terminal import Terminal

    deal = Deal.new(ITALIAN, 4, seed=seed)

    def ask(prompt: str) -> str:
        raise EOFError

    Terminal(deal, 0, [None, heuristic_bot, heuristic_bot, heuristic_bot], bots_rng(seed), ask=ask,
             say=lambda text: None).run()
    return deal


@pytest.mark.subprocess
def test_bibi_lang_ru_play_refuses_in_russian_and_quotes_the_italian_sentence_with_a_translation():
    seed = next(s for s in range(1, 200) if an_illegal_card(first_choice(s)))
    wrong = an_illegal_card(first_choice(seed))
    assert wrong is not None
    typed = wrong.display("ru")[:-1] + wrong.suit.letter("ru")  # ДЧ: the card in Russian letters
    script = f"помощь\nxx\n{typed}\n99\nсчёт\nподсказка\nпочему\nвыход\n"
    done = bibi("--lang", "ru", "play", "--rules", "it", "--players", "4", "--seed", str(seed), stdin=script)
    assert done.returncode == 0
    out = done.stdout
    assert out.startswith("«Би-би!», правила: итальянские; игра из 4 сдач, 4 игрока, зерно")
    assert "== сдача 1 из 4: сдаёт игрок" in out and "  у вас на руках: " in out and "  варианты: 1) " in out
    assert "Как идёт взятка" in out  # помощь
    assert "> не понимаю «xx»" in out and "так нельзя — не понимаю" not in out  # a typo is no refused move
    assert "нет такого варианта: выберите от 1 до" in out
    refusal = next(line for line in out.splitlines() if "так нельзя" in line and "(I7)" in line)
    after = out.split(refusal, 1)[1].splitlines()
    i7 = sentence("I7")
    assert after[1] == f"    I7: «{i7.original}»"  # the Italian text's own words
    assert after[2] == f"        (в переводе: {i7.translated('ru')})"  # and what they say in Russian
    assert "боты: эвристический, эвристический, эвристический." in out
    assert "подсказка (поисковый): " in out and " (эвристический) выбрал " in out  # the bots' names, read in Russian
    assert out.count("игрок 0> ") == 8 and out.rstrip().endswith("до свидания")
    assert words_left(out) == {}


@pytest.mark.subprocess
def test_bibi_lang_it_play_a_whole_deal_typed_in_italian():
    done = bibi("--lang", "it", "play", "--players", "3", "--seat", "2", "--seed", "8", "--bots", "random",
                "--deals", "1", stdin="1\n" * 120 + "\n")
    assert done.returncode == 0
    out = done.stdout
    assert "== mazziere: giocatore" in out and "giocatore 2> " in out and "presa 1: " in out
    assert "smazzata finita: «revisione»" in out and "punti: giocatore 0" in out
    assert words_left(out) == {}


@pytest.mark.subprocess
@pytest.mark.parametrize(("lang", "words", "english"), [
    ("ru", ["число игроков, от 2 до 12", "зерно генератора", "показывать и каждую карту"], "number of players"),
    ("it", ["numero di giocatori, da 2 a 12", "il codice (seed)", "mostra anche ogni carta"], "number of players"),
])
def test_the_help_texts_speak_the_language(lang, words, english):
    done = bibi("--lang", lang, "deal", "--help")
    usage = {"ru": "использование: bibi deal", "it": "uso: bibi deal"}[lang]  # argparse's own words too
    assert done.returncode == 0 and usage in done.stdout and "show this help" not in done.stdout
    text = " ".join(done.stdout.split())
    assert all(word in text for word in words) and english not in text
    top = bibi("--lang", lang, "--help", LANG="en_US.UTF-8")
    said = {"ru": "одна сдача, которую разыгрывают боты", "it": "una smazzata giocata dai bot"}[lang]
    assert said in " ".join(top.stdout.split())
    simulate = bibi("--lang", lang, "simulate", "--help").stdout  # a percent stays one, as each language writes it
    assert {"ru": "(95\N{NO-BREAK SPACE}%)", "it": "(95%)"}[lang] in simulate and "%%" not in simulate


# -- what a player types ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_every_move_reads_back_as_shown_and_with_the_languages_letters(lang):
    for action in EVERY_ACTION:
        shown = action_text(action, lang)
        assert read_action(shown, lang) is action, shown
        if lang != "en" and action.suit is not None:
            lettered = shown.replace(action.suit.symbol, action.suit.letter(lang))  # ДЧ, би-би Ч, briscola C
            assert read_action(lettered, lang) is action, lettered
            assert read_action(lettered.lower(), lang) is action, lettered


@pytest.mark.parametrize(("typed", "lang", "action"), [
    ("би-би ч", "ru", "bibi H"), ("Би-би черви", "ru", "bibi H"), ("bibi H", "ru", "bibi H"), ("пас", "ru", "pass"),
    ("pass", "ru", "pass"), ("козырь П", "ru", "trump S"), ("ТТ", "ru", "AC"), ("QH", "ru", "QH"),
    ("bip bip C", "it", "bibi H"), ("bip bip cuori", "it", "bibi H"), ("passo", "it", "pass"),
    ("briscola F", "it", "trump C"), ("FF", "it", "JC"), ("10q", "it", "TD"),
])
def test_moves_typed_in_each_language(typed, lang, action):
    assert str(read_action(typed, lang)) == action


@pytest.mark.parametrize(("typed", "lang", "said"), [
    ("xx", "ru", "не понимаю «xx»: наберите карту"), ("би-би Z", "ru", "не понимаю масть «z»"),
    ("QH", "it", "non riconosco «QH»: scrivi una carta"), ("bip bip H", "it", "non riconosco il seme «h»"),
    ("", "it", "non riconosco «»"), ("xx", "en", "cannot read “xx”: type a card"),
    ("bibi Z", "en", "cannot read “bibi Z”"),
    ("x" * 80, "ru", "не понимаю «x{20,}…»"),  # what is typed is quoted as the language quotes, a long line cut
])
def test_a_move_a_language_cannot_read_is_refused_in_that_language(typed, lang, said):
    with pytest.raises(NotationError, match=said):
        read_action(typed, lang)


@pytest.mark.parametrize(("typed", "lang", "command", "rest"), [
    ("выход", "ru", "quit", ""), ("quit", "ru", "quit", ""), ("подсказка подробнее", "ru", "hint", "подробнее"),
    ("счет", "ru", "score", ""), ("СЧЁТ", "ru", "score", ""), ("почему 2", "ru", "why", "2"),
    ("perche 1", "it", "why", "1"), ("perché", "it", "why", ""), ("esci", "it", "quit", ""), ("q", "it", "quit", ""),
    ("annulla", "it", "undo", ""), ("DC", "it", None, ""),
])
def test_commands_typed_in_each_language(typed, lang, command, rest):
    with language(lang):
        assert read_command(typed) == (command, rest)


def test_each_command_has_its_own_word_in_each_language():
    for lang in ("en", "ru", "it"):
        words = [command_word(name, lang) for name in ("quit", "help", "hint", "more", "why", "score", "rules",
                                                          "undo", "review")]
        assert len(set(words)) == len(words)
        assert not any(isinstance(read_action_or_none(word, lang), (Card, Action)) for word in words)


def read_action_or_none(text: str, lang: str) -> Card | Action | None:
    try:
        return read_action(text, lang)
    except NotationError:
        return None


# -- the sentences a refusal or a hint cites ------------------------------------------------------------------


def test_a_cited_sentence_is_quoted_in_its_language_with_a_translation_into_the_readers():
    with language("ru"):
        lines = quotes("так нельзя — нужно ответить в масть или бить козырем (I7)")
        assert lines == [f"    I7: «{sentence('I7').original}»",
                         f"        (в переводе: {sentence('I7').translated('ru')})"]
        assert quotes("(R13)") == [f"    R13: «{sentence('R13').original}»"]  # a Russian reads it as it is
    with language("it"):
        lines = quotes("non è permesso (R13; R15–R16)")
        assert [line.split(":")[0].strip() for line in lines[::2]] == ["R13", "R15", "R16"]
        assert lines[1] == f"        (in traduzione: {sentence('R13').translated('it')})"
    with language("en"):
        assert quotes("must follow suit (R13)")[1] == f"        (in translation: {sentence('R13').translated('en')})"
    assert quotes("no sentence here, nor R99") == []


@pytest.mark.parametrize(("lang", "said"), [("ru", "bibi play: прервано\n"), ("it", "bibi play: interrotto\n")])
def test_ctrl_c_is_told_in_the_players_language(monkeypatch, capsys, lang, said):
    import dataclasses

    from bibi.cli import SUBCOMMANDS, main

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setitem(SUBCOMMANDS, "play", dataclasses.replace(SUBCOMMANDS["play"], run=interrupted))
    assert main(["--lang", lang, "play"]) == 130
    assert capsys.readouterr().err == said


@pytest.mark.subprocess
@pytest.mark.parametrize("lang", ["ru", "it"])
@pytest.mark.parametrize("args", [["rules", "it"], ["rules", "--diff", "ru", "it"], ["rules"]], ids=" ".join)
def test_the_rules_are_told_in_the_language_with_the_options_notation_kept(lang, args):
    from bibi.rules import OPTIONS, PRESETS

    done = bibi("--lang", lang, *args)
    assert done.returncode == 0
    notation = set(OPTIONS) | {str(p.options()[o]) for p in PRESETS.values() for o in OPTIONS} | set(PRESETS)
    said = " ".join(word for word in done.stdout.split() if word.strip("(),:;=*'") not in notation)
    assert english_words_in(said) == []
    assert {"ru": "Смысл значений:", "it": "Cosa significano i valori:"}[lang] in done.stdout or args != ["rules", "it"]


@pytest.mark.parametrize(("lang", "points", "silent"), [
    ("ru", "очки за карты: 2:11 Т:10 К:5 Д:4 В:3;",
     "I3 (итальянские правила: в тексте не сказано, взято из русского (английского) текста)"),
    ("it", "punti delle carte: 2:11 A:10 R:5 D:4 F:3;",
     "I3 (regole italiane: il testo non lo dice, preso dal testo russo/inglese)"),
    ("en", "card points: 2:11 A:10 K:5 Q:4 J:3;", "I3 (italian: not stated, taken from the Russian/English text)"),
])
def test_the_rules_in_force_at_the_table_write_ranks_and_rules_as_the_language_does(lang, points, silent):
    from bibi.render.text import rules_summary

    with language(lang):
        said = rules_summary(ITALIAN)
    assert points in said and silent in said
    if lang != "en":
        assert "(italian:" not in said and " K:5 " not in said


@pytest.mark.parametrize(("lang", "head"), [
    ("ru", "<Симуляция, правила: итальянские; игроков: 3, сдач: 2, зерно 1, боты: жадный эвристический>"),
    ("it", "<Simulazione con le regole italiane (giocatori: 3; smazzate: 2; codice 1; bot: avido euristico)>"),
    ("en", "<Simulation italian, 3 players, 2 deals, seed 1, bots greedy heuristic>"),
])
def test_a_simulations_heading_names_the_rules_and_bots_in_the_language(lang, head):
    from bibi.simulation import simulate

    run = simulate("it", 3, deals=2, bots=["greedy", "heuristic", "greedy"], seed=1, progress=False)
    with language(lang):
        assert run.report().splitlines()[0] == head  # what ``bibi simulate`` prints
        assert repr(run) == "<Simulation italian, 3 players, 2 deals, seed 1, bots greedy heuristic>"  # in any


@pytest.mark.parametrize(("lang", "rules", "said"), [
    ("en", "it", "seat 3 says bip bip: K+Q ♠ (mandatory)"),
    ("ru", "it", "игрок 3 объявляет «bip bip»: К+Д ♠ (обязательно)"),
    ("it", "it", "il giocatore 3 dice «bip bip»: R+D ♠ (obbligatorio)"),
    ("en", "ru", "seat 2 says Bi-bi: K+Q ♦"),
    ("ru", "ru", "игрок 2 объявляет «Би-би»: К+Д ♦"),
    ("it", "ru", "il giocatore 2 dice «Bi-bi»: R+D ♦"),
])
def test_a_call_in_the_transcript_names_what_the_rules_have_the_caller_say(lang, rules, said):
    from bibi.notation import transcript
    from bibi.play import play_seeded

    deal = play_seeded(rules, 4, seed=1, bots="heuristic")  # seat 3 must call under the Italian rules, seat 2 may
    with language(lang):
        lines = [line.strip() for line in transcript(deal).splitlines()]
    assert said in lines


@pytest.mark.parametrize(("lang", "names"), [("en", ("russian", "italian")), ("ru", ("русские", "итальянские")),
                                             ("it", ("russe", "italiane"))])
def test_compared_rules_line_their_values_up_and_wrap_between_words_at_the_terminals_width(
        monkeypatch, capsys, lang, names):
    from bibi.cli import main
    from bibi.render.text import shown_width

    def shown(columns: str | None) -> str:  # what a terminal of that many columns shows; None: a pipe
        monkeypatch.setattr(sys.stdout, "isatty", lambda: columns is not None)
        monkeypatch.setenv("COLUMNS", columns or "60")
        assert main(["--lang", lang, "rules", "--diff", "ru", "it"]) == 0
        return capsys.readouterr().out

    wide, narrow = shown(None), shown("60")
    sides = [line for line in wide.splitlines() if line.startswith(("    " + names[0], "    " + names[1]))]
    assert len(sides) == 20  # 9 options that differ and 1 with no effect, each with both sides, a line each
    values = {len(line) - len(line[4:].split(" ", 1)[1].lstrip()) for line in sides}
    assert len(values) == 1, sides  # every value starts in one column, whichever side's name is wider
    assert " ".join(narrow.split()) == " ".join(wide.split())  # the same words, none cut in two
    assert all(shown_width(line) <= 60 or " " not in line.strip() for line in narrow.splitlines()), narrow
    column, meaning = values.pop(), False
    for line in narrow.splitlines():  # a meaning goes on under its value
        if meaning and line.startswith("     "):
            assert len(line) - len(line.lstrip()) == column, line
        meaning = line.startswith(("    " + names[0], "    " + names[1])) or (meaning and line.startswith("     "))


@pytest.mark.parametrize(("args", "lang", "said"), [
    (("--seed", "99999999999999999999999"), "ru", "'99999999999999999999999' — целое число вне пределов ±2**64"),
    (("--seed", "99999999999999999999999"), "it", "è fuori dall’intervallo ±2**64 dei codici numerici"),
    (("--seed", " "), "ru", "зерно не может быть пустым"),
    (("--seed", " "), "it", "il codice non può essere vuoto"),
    (("--seed", "99999999999999999999999"), "en", "is outside ±2**64, the whole-number seeds"),
])
@pytest.mark.subprocess
def test_a_seed_the_command_cannot_take_is_refused_in_the_language(args, lang, said):
    done = bibi("--lang", lang, "play", "--deals", "1", *args, stdin="")
    assert done.returncode == 2 and said in done.stderr, done.stderr
    if lang != "en":
        assert "outside" not in done.stderr and "blank" not in done.stderr and "seeds" not in done.stderr


@pytest.mark.parametrize(("lang", "said"), [("ru", "seed: 1180591620717411303424 — вне пределов ±2**64"),
                                            ("it", "seed: 1180591620717411303424 è fuori dall’intervallo ±2**64"),
                                            ("en", "seed: 1180591620717411303424 is outside ±2**64")])
def test_a_seed_the_engine_cannot_take_is_refused_in_the_language(lang, said):
    """``check_seed``'s range, the one every surface reaches (a seed box, ``Deal.new``): its words in the language
    (``bibi.errors`` speaks through ``bibi.i18n``'s ``_``, handed over as it loads), the parameter's name and the
    value as they are."""
    with language(lang), pytest.raises(ValueError) as refused:
        Deal.new("russian", 4, seed=2**70)
    assert str(refused.value) == said
