"""The level chosen on the play table (``bibi.widgets.PlayTable``) and in the app (``PlayApp``): a level's title in
the reader's language, what it does beside it, and a new game against it."""

from __future__ import annotations

import pytest

from bibi.levels import find_level, told
from bibi.play import get_bot

pytest.importorskip(
    "ipywidgets", reason="ipywidgets is not installed: pip install 'bibi-kit[notebooks]' (make test installs it)")
from bibi.widgets import PlayApp, PlayTable  # noqa: E402  (after the skip: it needs ipywidgets)


def test_the_play_table_shows_its_level_and_a_level_chosen_starts_a_new_game_against_it():
    table = PlayTable("russian", 4, bots="heuristic", seat=1, seed=3)
    assert table.level_select.value == "club"
    title, what = told(find_level("club"))
    assert what in table.level_note.value
    table.seed_box.value = 9
    table.level_select.value = "casual"
    greedy = get_bot("greedy")
    assert table.session.bots == [greedy, None, greedy, greedy]
    assert table.session.seed == 9  # a new game, from the seed in the box
    assert told(find_level("casual"))[1] in table.level_note.value
    table.set_language("it")
    assert table.level_select.value == "casual" and table.level_select.description == "livello"
    assert [label for label, _ in table.level_select.options] == ["principiante", "dilettante",
                                                                  "giocatore di circolo", "esperto"]
    assert "Livello «dilettante»" in table.level_note.value


def test_a_table_of_no_one_level_offers_the_levels_with_none_chosen():
    table = PlayTable("italian", 3, bots=["greedy", "random"], seat=0, seed=2)
    assert table.level_select.value == "" and table.level_note.value == ""
    assert table.level_select.options[0] == ("—", "")


def test_the_app_offers_the_bots_by_level_and_leaves_the_choice_to_its_own_row():
    app = PlayApp("russian", 4, seat=0, bots="search", lang="ru")
    labels = dict((value, label) for label, value in app.bots_select.options)
    assert labels["search"] == "эксперт (поисковый)" and labels["random"].startswith("новичок (")
    assert app.table.level_select.layout.display == "none"
    assert "Уровень «эксперт»" in app.table.level_note.value
