"""The play table's end of a deal (``bibi.widgets.finish``), headless: the row that appears once a deal is over, the
record saved beside the notebook (read back by ``Deal.replay`` / ``Game.replay``, as ``bibi replay`` and
``bibi analyse`` read it), the deal opened in the explorer (the app's own, in the app), in each language."""

from __future__ import annotations

import json

import pytest

pytest.importorskip(
    "ipywidgets", reason="ipywidgets is not installed: pip install 'bibi-kit[notebooks]' (make test installs it)")

from bibi import widgets as views  # noqa: E402  (after the skip: it needs ipywidgets)
from bibi.deal import Deal  # noqa: E402
from bibi.game import Game  # noqa: E402
from bibi.widgets.finish import record_path  # noqa: E402

pytestmark = pytest.mark.widgets

WORDS = {  # the row's words, and the message after saving, in each language
    "en": ("Save the record", "Open in the explorer", "The deal is over", "Saved the record in"),
    "ru": ("Сохранить запись", "Открыть в обозревателе", "Сдача окончена", "Запись сохранена в"),
    "it": ("Salva la registrazione", "Apri nell’esploratore", "La smazzata è finita", "Registrazione salvata in"),
}


def finish(table) -> None:
    """Play the person's seat by its first legal action until the deal is over."""
    while not table.deal.is_over:
        table.play(table.deal.view(table.seat).legal_actions[0])


def test_the_row_shows_only_once_the_deal_is_over_and_refuses_before(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = views.PlayTable("russian", players=4, seat=1, seed=3, delay=0, game=False, keep=False)
    assert table.finish_row.children == () and table.finish_note.value == ""
    with pytest.raises(ValueError, match="Finish the deal first"):
        table.save_record()
    table.save_button.click()  # a click (from code: the button is not shown) is answered in the message line
    assert "Finish the deal first" in table.message.value and list(tmp_path.iterdir()) == []
    table.explore_button.click()
    assert "Finish the deal first" in table.message.value and table.explore_box.children == ()
    finish(table)
    assert table.finish_row.children == (table.finish_note, table.save_button, table.explore_button)
    assert "The deal is over" in table.finish_note.value
    table.new_game()  # a deal under way again: the row goes
    assert table.finish_row.children == ()


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_finished_deal_is_saved_beside_the_notebook_and_opened_in_the_explorer(lang, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = views.PlayTable("italian", players=3, seat=0, seed=7, delay=0, game=False, keep=False, lang=lang)
    finish(table)
    save, explore, note, said = WORDS[lang]
    assert (table.save_button.description, table.explore_button.description) == (save, explore)
    assert note in table.finish_note.value
    path = table.save_record()
    assert path.parent == tmp_path and path == record_path(table.deal.record(), tmp_path)
    assert said in table.message.value and path.name in table.message.value
    replayed = Deal.replay(json.loads(path.read_text(encoding="utf-8")))
    assert replayed.record() == table.deal.record() and replayed.is_over
    assert table.save_record() == path and len(list(tmp_path.iterdir())) == 1  # the same game: the same file
    explorer = table.explore()
    assert table.explore_box.children == (explorer,)
    assert explorer.final.record() == table.deal.record() and explorer.lang == lang
    assert explorer.seed_box.layout.display == "none"  # the seed's deal is not this one
    assert table.coach_button.disabled is False  # and the review of your moves is there


def test_a_game_saves_the_games_record_and_explores_its_last_deal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = views.PlayTable("russian", players=3, seat=0, seed=2, delay=0, keep=False)
    finish(table)
    game = Game.replay(json.loads(table.save_record().read_text(encoding="utf-8")))
    assert game.record() == table.game.record() and len(game.deals) == 1
    explorer = table.explore()
    assert "Deal 1 of your game" in explorer.message.value
    explorer.go(9)
    assert len(explorer.deal.actions) == 9
    table.set_language("ru")  # the explorer opened at the table speaks its language, at the same step
    (explorer,) = table.explore_box.children
    assert explorer.lang == "ru" and "Сдача 1 вашей игры" in explorer.message.value
    assert len(explorer.deal.actions) == 9
    assert "Сохранить запись" in table.save_button.description
    table.next_deal()  # the next deal: the row and the explorer go
    assert table.finish_row.children == () and table.explore_box.children == ()


def test_in_the_app_the_deal_opens_in_the_apps_own_explorer(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = views.PlayApp("russian", players=3, seat=0, bots="random", seed=4, delay=0)
    finish(app.table)
    assert app.explorer is not None  # the app replays each deal over by itself
    app.explorer = None
    assert app.table.explore() is None and app.table.explore_box.children == ()
    assert app.explorer is not None and app.explorer.final.record() == app.table.deal.record()
    assert app.table.save_record().exists()


def test_in_the_browsers_python_the_saved_record_is_said_to_be_in_the_browsers_storage(tmp_path, monkeypatch):
    """In the JupyterLite site (Pyodide: ``sys.platform`` is ``emscripten``) no terminal runs: the message says where
    the file is (the browser's storage, in the file browser) instead of a command to type."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.platform", "emscripten")
    table = views.PlayTable("russian", players=3, seat=0, seed=9, delay=0, game=False, keep=False, lang="ru")
    finish(table)
    path = table.save_record()
    assert "в хранилище этого браузера" in table.message.value and path.name in table.message.value
    assert "--seat" not in table.message.value


def test_the_offer_of_a_kept_game_is_said_again_in_another_language(tmp_path, monkeypatch):
    """The app starts in English and its language menu says it again in Russian: the offer to resume a kept game
    too (it stayed English)."""
    monkeypatch.chdir(tmp_path)
    first = views.PlayTable("russian", players=3, seat=0, seed=6, delay=0)
    first._repr_mimebundle_()  # on show: it keeps its game
    first.play(first.deal.view(0).legal_actions[0])
    again = views.PlayTable("russian", players=3, seat=0, seed=6, delay=0, lang="en")
    assert "A game at this table is kept in" in again.kept_offer.value
    again.set_language("ru")
    offer = again.kept_offer.value
    assert "Игра за этим столом сохранена в" in offer and again.kept_path.name in offer
    assert again.resume_box.layout.display == "flex"
