"""Every string a person reads goes through the catalogs: the kit under a pseudo-language.

Under the test-only language ``qps`` (``bibi.i18n.pseudo``, after Android's ``en-XA`` and Mozilla Fluent's
pseudolocalization) every message of the catalogs comes out visibly transformed: each ASCII letter accented, the
message in ``⟦ ⟧``. Every surface is then read as a person reads it, and any plain ASCII word left is text that went
around the catalogs: an English word written into the code, a value shown raw, a word of Python's own.

The surfaces: the engine's texts (a deal, its events, the refusals of every illegal move, a trick's and a trump's
reason, a game and its score sheet), the bots' reasons and the hints, practice (questions, answers, feedback,
refusals), the lesson, the rules listings, every command of ``bibi`` (its help too), every view at several positions
(its controls, what it shows, the answer to a click), and the notebooks of the learner's path.

What may stay as it is, because it is the same in every language: the sentence ids (``R13``), the source texts'
own words (marked ``lang="ru"``/``lang="it"`` in HTML), the notation a person types (``<code>`` spans, option names
and values such as ``trump_change=next_deal``, rules' labels, the bots' registered names in ``--bots``), and the
command line's syntax (``--players N``).
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import control_words

import bibi
import bibi.texts
from bibi import i18n, render
from bibi.cards import Card
from bibi.deal import Deal
from bibi.i18n import PSEUDO, language
from bibi.play import explain, play_seeded, public_reason, review, snapshots, why_move
from bibi.rules import OPTIONS, PRESETS

pytestmark = pytest.mark.fast

# -- reading a surface as a person does -------------------------------------------------------------------------

NOTATION = re.compile(
    r"\b[RI]\d+(?:[–-][RI]?\d+)?\b"  # sentence ids and ranges: R13, R17–R20
    r"|\b[a-z_]+=[\w.]+"  # an option and its value as typed: trump_change=next_deal
    r"|\b[a-z]+(?:_[a-z]+)+\b"  # an option's name or value: must_follow, hand_size
    r"|'(?:russian|italian|english|custom)[\w:=,.]*'"  # a rules' label, quoted
    r"|\b(?:russian|italian|english|custom):[a-z_]+=[\w.]+(?:,[a-z_]+=[\w.]+)*"  # a rules' label
)


def visible(markup: str) -> str:
    """The text of ``markup`` a person reads: style and script out, the source texts' own words out (``lang=``),
    the notation out (``<code>``), tags and attributes out, entities read; tooltips (``title=``) in."""
    text = re.sub(r"<(style|script)\b[^>]*>.*?</\1>", " ", markup, flags=re.S)
    while True:  # innermost first: an element in the texts' own language, with nothing of its kind inside
        shorter = re.sub(r'<(\w+)\b[^>]*\blang="(?:ru|it)"[^>]*>(?:(?!<\1\b).)*?</\1>', " ", text, flags=re.S)
        if shorter == text:
            break
        text = shorter
    text = re.sub(r"<code>.*?</code>", " ", text, flags=re.S)
    titles = " ".join(re.findall(r'\btitle="([^"]*)"', text))
    return html.unescape(re.sub(r"<[^>]+>", " ", text) + " " + titles)


# The options' names and values, which a plain-text listing of the rules shows as a label types them.
OPTION_WORDS = re.compile(r"\b(?:" + "|".join(sorted({*OPTIONS, *(v for o in OPTIONS.values() for v in o.values),
                                                      "true", "false"}, key=len, reverse=True)) + r")\b")


def leaks(text: str) -> list[str]:
    """The plain ASCII words of ``text`` that no catalog transformed, the notation left aside."""
    return sorted(set(re.findall(r"[A-Za-z]+", NOTATION.sub(" ", text))))


def listing_leaks(text: str) -> list[str]:
    """``leaks`` of a plain-text listing of the rules, whose rows begin with an option's name and value."""
    return leaks(OPTION_WORDS.sub(" ", NOTATION.sub(" ", text)))


@pytest.fixture(autouse=True)
def pseudo() -> Iterator[None]:
    i18n.use_pseudo()
    try:
        with language(PSEUDO):
            yield
    finally:
        i18n.use_pseudo(False)


def test_the_pseudo_language_transforms_every_message_and_only_when_asked():
    assert i18n._("the deal is over") == "⟦ţĥé ðéåļ îš öṽéŕ⟧"
    assert i18n.ngettext("{n} trick", "{n} tricks", 2).format(n=2) == "⟦2 ţŕîçķš⟧"
    assert Card("QH").display() == "Ǫ♥" and leaks(Card("QH").spoken()) == []
    assert i18n.number(1234.5, 1) == "1\u00a0234,5"  # a decimal point would be a number the formatter missed
    assert leaks("⟦šéåţ 2⟧ holds R13 trump_change=next_deal") == ["holds"]
    i18n.use_pseudo(False)
    with pytest.raises(i18n.UnknownLanguage):
        i18n.find_language(PSEUDO)
    assert PSEUDO not in i18n.LANGUAGES


def test_the_check_finds_what_goes_around_the_catalogs(monkeypatch):
    """The check reads what is shown: a message of ``Rules.citation`` sent around the catalogs shows up at once."""
    assert listing_leaks(rules_listings()) == []
    real = i18n._

    def around(message: str, lang: str | None = None) -> str:
        return message if message == "{rules}: not stated" else real(message, lang)

    monkeypatch.setattr(bibi.rules, "_", around)
    assert "stated" in listing_leaks(rules_listings())


# -- the engine's texts -----------------------------------------------------------------------------------------


def positions(deal: Deal) -> list[Deal]:
    """``deal`` at every decision, from the deal to its end."""
    return snapshots(deal)


def engine_texts(rules: str, seed: int, players: int = 4) -> str:
    deal = play_seeded(rules, players, seed, "heuristic")
    said = [str(deal), "\n".join(str(e) for e in deal.events), str(deal.outcome())]
    for state in positions(deal)[::3]:
        said.append(str(state))
        said += [str(t) for t in state.tricks[-1:]]
        said += [state.why_won(len(state.tricks) - 1)] if state.tricks else []
        said.append(state.why_trump())
        for seat in range(players):
            said += [state.why_illegal(a, seat) or "" for a in [*state.hand(seat), *bibi.actions.EVERY_ACTION]]
        for seat in range(players):
            said.append("\n".join(str(e) for e in state.events_for(seat)))
    return "\n".join(said)


@pytest.mark.parametrize(("rules", "seed"), [("russian", 1), ("italian", 2), ("english", 3),
                                             ("russian:trump_change=next_deal", 4)])
def test_the_engines_texts(rules, seed):
    assert leaks(engine_texts(rules, seed)) == []


def test_a_game_its_score_sheet_and_its_trumps():
    for rules in ("russian", "italian", "russian:trump_change=next_deal"):
        game = bibi.Game.new(rules, 3, seed=4).play("greedy")
        said = [str(game), str(game.outcome()), *(game.trump_source(i) for i in range(len(game.deals)))]
        said.append(visible(render.game_html(game)))
        assert leaks("\n".join(said)) == [], rules


# -- the bots' reasons, hints, reviews ---------------------------------------------------------------------------


@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", "sampling", "search"])
def test_the_bots_reasons(bot):
    import random

    deal = play_seeded("italian", 4, 5, "heuristic")
    said = []
    for at, state in list(enumerate(positions(deal)))[::9]:
        if state.is_over:
            continue
        view = state.view(state.to_act)
        said.append(explain(bot, view, random.Random(at)).in_words())
        said.append(why_move(deal, at, bot, random.Random(at)))
    said += [public_reason(a, b) for a, b in zip(positions(deal)[:20], positions(deal)[1:21], strict=False)]
    said += [r.why for r in review(deal, [bot] * 4)]
    assert leaks("\n".join(said)) == []


def test_the_hints_and_the_sessions_words():
    from bibi.play import bot_title
    from bibi.session import Session

    said = []
    for rules in ("russian", "italian"):
        session = Session(Deal.new(rules, 4, seed=6), seat=0, bots="heuristic", seed=6, hint_bot="heuristic")
        for _ in range(30):
            session.advance()
            if session.deal.is_over:
                break
            hint = session.hint()
            if hint is not None:
                said += [hint.words, hint.details]
                said.append(visible(render.hint_html(bot_title(hint.bot), hint.words, hint.details)))
            told = session.why()
            if told is not None:
                said.append(told.words)
            session.move(session.deal.legal_actions()[-1])
        session.advance()
    assert leaks("\n".join(said)) == []


# -- practice and the lesson --------------------------------------------------------------------------------------


def test_practice():
    from bibi import practice

    said = []
    for rules in ("russian", "italian"):
        for kind in practice.ALL_KINDS:
            ex = practice.exercise(kind, rules, 4, 3)
            said += [practice.title(kind), str(ex), visible(ex.html())]
            said += [practice.shown(c) for c in ex.choices]
            answers = list(ex.choices) or ["0", "7", "12"]
            for given in answers[:3]:
                feedback = ex.check(given)
                said += [feedback.reason, visible(feedback.html())]
            with pytest.raises(ValueError) as refused:
                ex.check("≈")
            said.append(str(refused.value))
    assert leaks("\n".join(said)) == []


@pytest.mark.slow
def test_the_lesson():
    from bibi.lesson import lesson

    table = lesson("russian", "italian", players=4, deals=12, seed=1)
    assert leaks(str(table) + "\n" + visible(table._repr_html_())) == []


def test_the_worked_examples_and_their_summary():
    """Every difference between the texts worked on one position, and the summary: the option names beside them
    are notation (``<code>`` in HTML, the option's name ending a line of text)."""
    from bibi import worked

    examples = worked.examples("russian", "italian")
    assert leaks(visible(render.summary_html(examples)) + visible(render.examples_html(examples))) == []
    assert listing_leaks(render.summary_text(examples) + "\n".join(map(str, examples))) == []


# -- the rules listings ----------------------------------------------------------------------------------------


def rules_listings() -> str:
    said = []
    for rules in (*PRESETS.values(), bibi.rules.parse_rules("italian:trump_change=next_deal,dealt_pairs=false")):
        said.append(visible(render.rules_html(rules, sentences=True)))
        said.append(rules.describe())
        for name in OPTIONS:
            said += [rules.citation(name), rules.explain(name), rules.no_effect(name), bibi.rules.rules_name(rules)]
    said.append(visible(render.rules_html(bibi.RUSSIAN, other=bibi.ITALIAN, sentences=True)))
    said.append(visible(render.sentences_html(bibi.texts.sentences())))
    return "\n".join(said)


def test_the_rules_listings():
    assert listing_leaks(rules_listings()) == []


# What a refusal of the rules quotes as notation: the parameter it names (``Rules.card_points[A]:``, ``rules
# 'ru:x=1':``), a value as typed (``'klondike'``), the presets' short and long names a label takes.
REFUSAL_NOTATION = re.compile(r"^(?:Rules\.)?[\w.\[\]]+(?: '[^']*')?: |\bRules\.\w+|'[^']*'"
                              r"|\b(?:ru|it|en|russian|italian|english|custom)\b", re.M)


def rules_refusals() -> list[str]:
    """Every refusal of the rules and of a pair deal (``test_bad_input.LANGUAGE_REFUSALS``: bad values, labels and
    card points, as the rules panel and the play table show them)."""
    from test_bad_input import LANGUAGE_REFUSALS

    said = []
    for act, *_rest in LANGUAGE_REFUSALS:
        with pytest.raises(ValueError) as refused:
            act()
        said.append(str(refused.value))
    return said


def test_the_rules_refusals():
    assert listing_leaks(REFUSAL_NOTATION.sub(" ", "\n".join(rules_refusals()))) == []


def test_the_wrong_type_refusals():
    """Every refusal of a value of the wrong type (``test_bad_input.WRONG_TYPES``): past the parameter it names, the
    value it quotes and the value's type, every word went through the catalogs."""
    from test_bad_input import WRONG_TYPES

    said = {}
    for act, name, value in WRONG_TYPES:
        with pytest.raises(bibi.WrongType) as refused:
            act()
        text = str(refused.value)
        assert text.startswith(name), text
        rest = re.sub(r"\(\w+\)(?=⟧?$)", " ", text.removeprefix(name).replace(bibi.shorten(value), " "))
        said[text] = leaks(rest)
    assert {text: words for text, words in said.items() if words} == {}


@pytest.mark.widgets
def test_the_rules_panels_frame_around_another_refusal():
    from bibi.widgets.rules_panel import _option_error

    players = rules_refusals()[-1]  # "players: 13 is outside 2…12 (R2; max_players)", in the pseudo-language
    said = _option_error("hand_size", 30, ValueError(players))
    assert players in said and leaks(REFUSAL_NOTATION.sub(" ", said.replace(players, " "))) == []


def test_the_same_pack_under_two_rules():
    from bibi.parting import compare_lines

    lines = compare_lines(bibi.RUSSIAN, bibi.ITALIAN, 4, 2, "greedy")
    said = [visible(render.comparison_html(lines.a[-1], lines.b[-1])),
            visible(render.parting_html(lines.parting, labels=(bibi.rules.rules_name("russian"),
                                                                bibi.rules.rules_name("italian"))))]
    assert leaks("\n".join(said)) == []


# -- every command --------------------------------------------------------------------------------------------

COMMANDS = [
    ["--help"],
    *[[name, "--help"] for name in ("rules", "deal", "game", "replay", "play", "simulate", "compare", "practice",
                                                      "profile")],
    ["--version"],
    ["rules"],
    ["rules", "it"],
    ["rules", "--diff", "ru", "it"],
    ["rules", "--diff", "ru", "en"],
    ["deal", "--rules", "it", "--players", "4", "--seed", "3", "--draws"],
    ["deal", "--players", "5", "--seed", "7", "--bots", "search"],
    ["game", "--rules", "it", "--players", "3", "--seed", "4", "--deals"],
    ["simulate", "--rules", "it", "--players", "3", "--deals", "6", "--no-progress"],
    ["compare", "ru", "it", "--players", "3", "--deals", "6", "--no-progress"],
    ["profile", "ru", "--players", "3", "--deals", "6", "--no-progress"],
    ["profile", "ru", "it", "--players", "3", "--deals", "6", "--no-progress"],
    ["deal", "--players"],  # refused by argparse: its words are the catalogs' too
]


def run(capsys, monkeypatch, args: list[str], stdin: str = "") -> str:
    from bibi import cli

    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        cli.main(["--lang", PSEUDO, *args])
    except SystemExit:  # --help, and argparse's refusals
        pass
    out = capsys.readouterr()
    return out.out + "\n" + out.err


def typed_words() -> re.Pattern[str]:
    """What a person types at the command line, which a help text quotes as it is: the commands, the presets and
    their short names, the bots' registered names, the levels' names, the languages' codes."""
    from bibi import cli
    from bibi.levels import LEVELS
    from bibi.play import BOTS, get_bot

    get_bot("random")  # the registry filled
    words = {"bibi", *cli.SUBCOMMANDS, *PRESETS, *bibi.rules.ALIASES, *BOTS, *(level.name for level in LEVELS),
             *i18n.LANGUAGES}
    return re.compile(r"\b(?:" + "|".join(sorted(words, key=len, reverse=True)) + r")\b")


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_every_command(capsys, monkeypatch, args):
    from bibi.simulation import MEASURES, SEAT_COLUMNS

    said = run(capsys, monkeypatch, args)
    said = re.sub(r"(?<![\w-])--?[a-z][\w-]*|\b[A-Z][A-Z_]*\b", " ", said)  # the syntax: --players N
    said = re.sub(r"\bbibi/[\w/]+\.py\b", " ", said)  # a module's file (--version on a stale build names them)
    said = re.sub(r"\bbibi(?: [a-z]+)?\b", " ", said)  # the command's name: bibi deal
    if "--help" in args:
        said = typed_words().sub(" ", said)
    if args[0] in ("simulate", "compare"):  # the frame's own ids, which the legend under it explains
        ids = {*MEASURES, *SEAT_COLUMNS, *PRESETS, "measure", "mean", "ci_low", "ci_high", "variant", "diff"}
        said = re.sub(r"\b(?:" + "|".join(ids) + r")\b", " ", said)
    assert listing_leaks(said) == []


@pytest.mark.parametrize("rules", ["ru", "it"])
def test_playing_and_practising_at_the_terminal(capsys, monkeypatch, rules):
    # what a person types, the words in the pseudo-language (its letters are no notation); typed text that is
    # quoted back is no ASCII, so what is left is the kit's
    typed = "\n".join(["help", "hint", "hint more", "why", "score", "rules", "undo", "≈≈", "99", "Ķ♠",
                       *["1"] * 60, "quit"]) + "\n"
    said = run(capsys, monkeypatch, ["play", "--rules", rules, "--players", "3", "--seed", "2", "--deals", "1"],
               stdin=typed)
    said += run(capsys, monkeypatch, ["play", "--rules", rules, "--seed", "3", "--pair"], stdin="quit\n")
    said += run(capsys, monkeypatch, ["practice", "--rules", rules, "--seed", "2"],
                stdin="\n".join(["1", "≈?", "2", "3", "1", "2", "1", "quit"]) + "\n")
    said = re.sub(r"(?<![\w-])--?[a-z][\w-]*", " ", said)
    assert leaks(said) == []


# -- every view ----------------------------------------------------------------------------------------------


def view_words(view) -> str:
    """Everything a view shows (its HTML, its picture) and the words of its controls."""
    return "\n".join([visible(view.picture_html()), *control_words(view, html=visible)])


def _table_positions() -> Iterator[str]:
    from bibi.widgets import PlayTable

    table = PlayTable("italian", 4, bots="heuristic", seed=5, delay=0)
    yield view_words(table)
    for step in range(60):
        deal = table.deal
        if deal.is_over:
            break
        bad = next((c for c in deal.hand(0) if deal.why_illegal(c, 0)), None)
        if bad is not None and deal.to_act == 0:
            table.hand_row.button_for(bad).click()  # a refusal
            yield view_words(table)
        if step % 7 == 0:
            table.hint()
            table.why(1)
            yield view_words(table)
        table.play(deal.legal_actions()[-1])
        if step == 4:
            table.undo()
            yield view_words(table)
    table.review()
    yield view_words(table)
    table.next_deal()
    yield view_words(table)
    for rules, seed in (("italian", 6), ("russian", 3)):  # a deal with a pair to call: the note, a pass, the end
        table = PlayTable(rules, 4, bots="heuristic", seed=seed, delay=0, keep=False)
        table.deal_pair()
        yield view_words(table)
        while not table.deal.is_over:
            table.play("pass" if "pass" in map(str, table.deal.legal_actions()) else table.deal.legal_actions()[0])
            yield view_words(table)


def _other_views() -> Iterator[str]:
    from bibi.widgets import CompareView, DealExplorer, PlayApp, Practice, RulesPanel, ScoreInspector

    explorer = DealExplorer("russian", 4, seed=3)
    for position in (0, 9, 30, explorer.length):
        explorer.go(position)
        yield view_words(explorer)
    explorer.seat_select.value = 2
    explorer.go(9)
    if explorer.deal.to_act == 2:
        explorer.choose(explorer.deal.hand(2)[0])
    yield view_words(explorer)
    compare = CompareView("russian", "italian", 4, seed=2)
    compare.to_parting()
    yield view_words(compare)
    compare.to_end()
    yield view_words(compare)
    panel = RulesPanel("russian", 4, seed=2)
    panel.compare_rules("russian", "italian")
    panel.set_option("follow", "follow_or_trump")
    yield view_words(panel)
    game = bibi.Game.new("russian", 3, 1, seed=4).play("greedy")
    inspector = ScoreInspector(game)
    inspector.show_deal(0)
    for index in range(0, len(inspector.lines), 5):
        inspector.show_line(index)
        yield view_words(inspector)
    quiz = Practice("italian", 4, n=7, seed=3)
    for _ in range(7):
        quiz.answer(quiz.exercise.choices[-1] if quiz.exercise.choices else "3")
        yield view_words(quiz)
        quiz.answer_button.click()  # answered already
        yield view_words(quiz)
        quiz.next()
    app = PlayApp("italian", 3, seat=0, bots="greedy", seed=3, delay=0)
    yield view_words(app)
    for _ in range(200):
        if app.table.deal.is_over:
            break
        app.table.play(app.table.deal.legal_actions()[0])
    yield view_words(app)


@pytest.mark.widgets
def test_the_play_table_at_every_kind_of_position():
    assert [leaks(words) for words in _table_positions()] == [[]] * len(list(_table_positions()))


@pytest.mark.widgets
def test_every_other_view_at_several_positions():
    endonyms = re.compile(r"\b(?:" + "|".join([*i18n.NAMES.values(), PSEUDO]) + r")\b")  # the language menu
    found = [leaks(endonyms.sub(" ", words)) for words in _other_views()]
    assert found == [[]] * len(found)


# -- the notebooks of the learner's path ----------------------------------------------------------------------

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
# A Python value a notebook prints as it is (a repr: ``Call(seat=0, suit=<Suit.HEARTS: 'H'>, …)``, ``True``): the same
# in every language, as reprs are.
PYTHON_VALUE = re.compile(r"\b[A-Z]\w*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)"  # Name(…), two levels deep
                          r"|<\w+\.\w+: '\w*'>|\b(?:True|False|None)\b")
# What a notebook prints as one types it: cards, suits, ranks and actions in the notation (``JH``, ``bibi H``, ``pass``)
# and the numbers of a seat, as the notebook's code takes them (``attempt(table, "JD")``).
TYPED = re.compile(r"\b(?:(?:bibi|trump) [SHDC]|pass|(?:[2-9TJQKA]|10)?[SHDC]|[2-9TJQKA])\b")


def notebook_leaks(path: Path) -> tuple[dict[int, list[str]], dict[int, str]]:
    """Run the translated notebook ``path`` with the pseudo-language in place of its own (its first cell's
    ``set_language``) and read its outputs as a person does: the words in each cell's output that no catalog
    transformed, the notebook's own words (those of its code) and the source texts' sentences aside. Returns
    those words by cell, and the errors by cell."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        cell.source = re.sub(r'set_language\("(?:ru|it)"\)', f'set_language("{PSEUDO}")', cell.source)
    NotebookClient(nb, timeout=600, allow_errors=True, resources={"metadata": {"path": str(path.parent)}}).execute()
    own = set(re.findall(r"[A-Za-z]+", "\n".join(c.source for c in nb.cells if c.cell_type == "code")))
    quoted = sorted((s.original for s in bibi.texts.sentences()), key=len, reverse=True)
    found, errors = {}, {}
    for number, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []) if cell.cell_type == "code" else ():
            data = out.get("data", {})
            if out["output_type"] == "error":
                errors[number] = f"{out['ename']}: {out['evalue']}"
                continue
            if "application/vnd.jupyter.widget-view+json" in data:  # a live view: the views' test reads them
                continue
            # what a person reads: the HTML; else a picture (a plot), whose text/plain is only its repr; else the text
            text = out.get("text", "") + (visible(data["text/html"]) if "text/html" in data else
                                          "" if any(kind.startswith("image/") for kind in data) else
                                          data.get("text/plain", ""))  # fmt: skip
            for sentence in quoted:
                text = text.replace(sentence, " ")
            words = [w for w in listing_leaks(TYPED.sub(" ", PYTHON_VALUE.sub(" ", text))) if w not in own]
            if words:
                found.setdefault(number, []).extend(words)
    return found, errors


@pytest.mark.notebooks
@pytest.mark.slow
@pytest.mark.parametrize("name", ["01-learn-to-play-ru.ipynb", "03-russian-vs-italian-ru.ipynb",
                                  "02-step-through-a-deal-ru.ipynb", "04-scoring-ru.ipynb",
                                  "05-explore-the-rules-ru.ipynb", "06-play-ru.ipynb",
                                  "07-practice-ru.ipynb"])
def test_the_learners_notebooks(name, monkeypatch):
    """The learner's path, as its Russian notebooks run it (their code is the Italian's and the English's), with
    the pseudo-language in force: every word it shows went through the catalogs. A cell that reads a card typed in
    Russian letters stops (the pseudo-language reads its own), its refusal in the catalogs' words; no other does."""
    monkeypatch.setenv("BIBI_PSEUDO", "1")  # for the notebook's kernel
    found, errors = notebook_leaks(NOTEBOOKS / "ru" / name)
    assert found == {}
    assert all(e.startswith("NotationError: card: ⟦") for e in errors.values()), errors  # said in the catalogs' words
