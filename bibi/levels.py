"""Levels for learners: the kit's bots as levels a person can choose and climb, each with what it does in plain words
and its strength measured on one scale.

A level is one of the kit's bots (``bibi.bots``, by the name it is registered under), named for a person
(``beginner`` … ``expert``) with a one-line description in the language in force. Their strengths come from
``bench/levels.py``: each level in one seat of a table of 6 whose other seats are club players, the seat rotating
deal by deal, every level on the same packs; a level's rating is its mean score per deal less the ``club`` level's
in the same seat of the same deal, with its 95 % interval, and each level's margin over the one below it likewise.
The bench writes them to ``bibi/data/levels.toml`` (``ratings``); notebook 06 shows the table (``table``), and the
play table, the app and ``bibi play --level`` let a person choose a level for the other seats.

>>> [level.name for level in LEVELS]
['beginner', 'casual', 'club', 'expert']
>>> find_level("Club").bot
'heuristic'
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, NamedTuple

from bibi.errors import shorten, wrong_type
from bibi.i18n import _, interval, pgettext


class Level(NamedTuple):
    """A level: its ``name`` as typed (``bibi play --level club``) and the ``bot`` it plays as (its name in the
    registry, ``bibi.bots``). What a person reads of it is ``told(level)``."""

    name: str
    bot: str


LEVELS = (Level("beginner", "random"), Level("casual", "greedy"), Level("club", "heuristic"),
          Level("expert", "search"))


def told(level: Level) -> tuple[str, str]:
    """The level's title and what it does in one line, in the language in force."""
    # TRANSLATORS: the levels of the bots a learner plays against, weakest first: a title, then what it does
    if level.name == "beginner":
        return pgettext("level", "beginner"), _("plays any legal card, at random")
    if level.name == "casual":
        return pgettext("level", "casual"), _("says Bi-bi at once and grabs points with its cheapest winner; "
                                              "else throws its cheapest card")
    if level.name == "club":
        return pgettext("level", "club"), _("a sensible player: keeps trumps, kings and queens for later and counts "
                                            "the cards near the end")
    return pgettext("level", "expert"), _("plays each choice out in many deals that fit what it has seen, and "
                                          "keeps the one that scores best")


BY_NAME = {level.name: level for level in LEVELS}


def find_level(name: Any) -> Level:
    """The level called ``name`` (any case), or a ``ValueError`` naming the levels."""
    if not isinstance(name, str):
        raise wrong_type("level", name, "a level's name", typed=False)
    level = BY_NAME.get(name.strip().lower())
    if level is None:
        raise ValueError(f"level: {shorten(name)} is not one of {', '.join(BY_NAME)}")
    return level


def level_bot(name: Any) -> Any:
    """The bot of the level called ``name`` (``bibi.play.get_bot`` of its ``bot``)."""
    from bibi.play import get_bot  # the play layer's registry, which the kit's bots fill (lazily)

    return get_bot(find_level(name).bot)


def level_of(bots: Any) -> Level | None:
    """The level every bot of ``bots`` plays (each the level's bot from the registry, or its name; ``None``, a
    person's seat, is skipped), or ``None`` when they are not one level's."""
    from bibi.play import get_bot  # as level_bot

    seated = [bot for bot in bots if bot is not None]
    for level in LEVELS:
        mine = get_bot(level.bot)
        if seated and all(bot == level.bot or bot is mine for bot in seated):
            return level
    return None


def choice_label(bot: str) -> str:
    """How a choice of bot reads where a person picks the others' bots (the app): a level's bot with the level's
    title first (``club (heuristic)``), any other bot by its own name (``bibi.play.bot_title``)."""
    from bibi.play import bot_title  # the bots' names for the eye

    level = next((level for level in LEVELS if level.bot == bot), None)
    if level is None:
        return bot_title(bot)
    # TRANSLATORS: a choice of bots for the other seats: the level's title, then the bot's name
    return _("{level} ({bot})").format(level=told(level)[0], bot=bot_title(bot))


class Rating(NamedTuple):
    """A level's measured strength under one rules preset (``bench/levels.py``): ``rating`` its mean score per deal
    less the ``club`` level's, paired deal by deal, and ``half`` the half-width of its 95 % interval; ``margin`` its
    lead over the level below it and ``margin_half`` that interval's half-width (0 for the weakest level)."""

    rating: float
    half: float
    margin: float
    margin_half: float


def ratings() -> dict[str, Any]:
    """What ``bench/levels.py`` measured and wrote to ``bibi/data/levels.toml``: ``"players"``, ``"runs"`` (per
    rules preset, the ``command`` that measured it, its number of ``deals`` and its ``seeds``) and, per rules preset,
    a ``Rating`` per level name."""
    raw = tomllib.loads(resources.files("bibi").joinpath("data", "levels.toml").read_text("utf-8"))
    out: dict[str, Any] = {"players": raw["players"], "runs": raw["runs"]}
    for preset, levels in raw["ratings"].items():
        out[preset] = {name: Rating(*values) for name, values in levels.items()}
    return out


def table(preset: str = "russian") -> list[tuple[str, str, str, str]]:
    """The levels as a person reads them, weakest first: ``(title, what it does, rating ± interval, margin over the
    level below ± interval)``, in the language in force, figures from ``ratings()`` for ``preset``."""
    measured = ratings()
    if preset not in measured:
        raise ValueError(f"preset: {shorten(preset)} has no measured levels; measured: "
                         + ", ".join(measured["runs"]))
    rows = []
    for level in LEVELS:
        rating = measured[preset][level.name]
        title, idea = told(level)
        margin = "—" if level is LEVELS[0] else interval(rating.margin, rating.margin_half, sign=True)
        rows.append((title, idea, interval(rating.rating, rating.half, sign=True), margin))
    return rows


__all__ = [
    "BY_NAME", "LEVELS", "Level", "Rating", "choice_label", "find_level", "level_bot", "level_of", "ratings", "table",
    "told",
]
