"""The ``bibi`` command, run as ``python -m bibi`` in a subprocess: output and exit status of each command."""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from bibi.bots import heuristic_bot
from bibi.cards import Card
from bibi.cli import SUBCOMMANDS, build_parser, main, seed_arg
from bibi.deal import Deal
from bibi.i18n import reading
from bibi.play import bots_rng, play, snapshots
from bibi.rules import ITALIAN, RUSSIAN
from bibi.terminal import Terminal


def bibi(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bibi", *args], input=stdin, capture_output=True, text=True,
                          timeout=60)


def test_help_for_bibi_and_every_command():
    top = bibi("--help")
    assert top.returncode == 0
    for name in ("rules", "deal", "game", "replay", "play"):
        assert name in top.stdout
    for name in SUBCOMMANDS:
        done = bibi(name, "--help")
        assert done.returncode == 0 and f"usage: bibi {name}" in done.stdout


def test_no_command_is_a_usage_error():
    done = bibi()
    assert done.returncode == 2 and "usage: bibi" in done.stderr


def test_rules_lists_every_option_in_every_preset():
    done = bibi("rules")
    assert done.returncode == 0
    for word in ("russian", "italian", "english", "follow", "must_follow", "follow_or_trump", "R13; I7"):
        assert word in done.stdout


def test_rules_of_a_preset_cite_the_sentences_and_say_what_values_mean():
    done = bibi("rules", "it")
    assert done.returncode == 0
    assert "Rules 'italian'" in done.stdout
    assert "not stated" in done.stdout  # the Italian text is silent on the packs, among others
    assert "follow_or_trump: play the suit led or a trump" in done.stdout
    assert "multi_call    = last: no effect under trump_change=holder_chooses" in done.stdout
    assert "turn_up       = failed_draw: at the first draw that cannot be made" in done.stdout


def test_rules_diff_shows_only_the_differences():
    done = bibi("rules", "--diff", "ru", "it")
    assert done.returncode == 0
    assert done.stdout.startswith("9 option(s) differ between russian and italian")
    assert "draw (Drawing; R15; I9)" in done.stdout and "decks" not in done.stdout
    assert "turn_up (Turn-up; R24; R25; I9; I15; I16)" in done.stdout
    # multi_call differs in value, but has no effect under the Italian holder_chooses: said so, apart (R20).
    live, _, inert = done.stdout.partition("1 more set differently, with no effect")
    assert "multi_call" not in live and "multi_call" in inert
    assert "italian  last: no effect under trump_change=holder_chooses" in inert
    assert "the same rules" in bibi("rules", "--diff", "ru", "en").stdout


def test_an_unknown_preset_is_a_one_line_error():
    done = bibi("rules", "klondike")
    assert done.returncode == 2
    assert "unknown rules preset 'klondike'" in done.stderr and "Traceback" not in done.stderr


def test_deal_prints_a_transcript_trick_by_trick_with_calls_and_scores():
    done = bibi("deal", "--rules", "ru", "--players", "6", "--seed", "7")
    assert done.returncode == 0
    out = done.stdout
    assert out.startswith("seed 7; bots: heuristic\nrussian rules, 6 players")
    assert all(f"trick {n} (trump " in out for n in range(1, 18)) and "trick 18" not in out
    assert "says Bi-bi!" in out and "trump is now" in out and "stock turned up" in out
    assert "scores: seat 0" in out and ("winner: seat" in out or "shared win" in out)
    assert bibi("deal", "--rules", "ru", "--players", "6", "--seed", "7").stdout == out  # same seed, same deal


def test_deal_json_writes_a_record_that_replays_to_the_same_transcript(tmp_path):
    path = tmp_path / "deal.json"
    shown = bibi("deal", "--rules", "it", "--players", "4", "--seed", "3", "--bots", "greedy", "--json", str(path))
    assert shown.returncode == 0
    record = json.loads(path.read_text())
    assert record["format"] == "bibi-deal/1" and record["players"] == 4
    to_stdout = bibi("deal", "--rules", "it", "--players", "4", "--seed", "3", "--bots", "greedy", "--json")
    assert json.loads(to_stdout.stdout) == record
    replayed = bibi("replay", str(path))
    assert replayed.returncode == 0
    assert shown.stdout.split("\n", 1)[1] == replayed.stdout  # all but the "seed …; bots …" line


def test_game_plays_to_the_end_and_its_record_replays(tmp_path):
    path = tmp_path / "game.json"
    done = bibi("game", "--players", "3", "--seed", "4", "--bots", "greedy,random,heuristic", "--json", str(path))
    assert done.returncode == 0
    assert "deal 3: seat" in done.stdout and "total" in done.stdout
    replayed = bibi("replay", str(path))
    assert replayed.returncode == 0
    assert done.stdout.splitlines()[-4:] == replayed.stdout.splitlines()[-4:]  # the same score sheet
    assert "trick 34 (trump" in replayed.stdout


@pytest.mark.parametrize("content, message", [
    ("not json", "not JSON"),
    ('{"format": "chess-pgn"}', "not a bibi record (format 'chess-pgn'"),
    ('{"format": "bibi-deal/1", "rules": "russian"}', "missing field 'players'"),
    ('{"format": "bibi-game/1", "rules": "russian", "players": 3, "rounds": 1, "draws": [], "deals": []}',
     "game record"),
])
def test_replay_of_a_bad_file_is_a_clear_one_line_error(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    done = bibi("replay", str(path))
    assert done.returncode == 1
    assert message in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("bibi replay: error: ")


def test_replay_of_a_missing_file():
    done = bibi("replay", "no/such/file.json")
    assert done.returncode == 1 and "cannot read it" in done.stderr


def test_bad_numbers_are_errors_naming_the_value():
    done = bibi("deal", "--players", "13", "--seed", "1")
    assert done.returncode == 1 and "players: 13 is outside 2…12" in done.stderr
    done = bibi("deal", "--bots", "clever")
    assert done.returncode == 2 and "unknown bot 'clever'" in done.stderr
    done = bibi("play", "--seat", "4", "--players", "4", stdin="")
    assert done.returncode == 1 and "--seat: 4 is not a seat 0…3" in done.stderr


def first_prompt(seed: int, players: int = 4, seat: int = 0) -> Deal:
    """The deal as ``bibi play --rules it --seed SEED`` shows it at the player's first choice."""
    deal = Deal.new(ITALIAN, players, seed=seed)
    bots = [None if s == seat else heuristic_bot for s in range(players)]

    def ask(prompt: str) -> str:
        raise EOFError

    Terminal(deal, seat, bots, bots_rng(seed), ask=ask, say=lambda text: None).run()
    return deal


def an_illegal_card(deal: Deal) -> str | None:
    legal = {str(a) for a in deal.legal_actions()}
    return next((str(c) for c in deal.hand(deal.to_act) if str(c) not in legal), None)


def test_play_refuses_an_illegal_card_with_the_rules_reason_and_asks_again():
    seed = next(s for s in range(1, 200) if an_illegal_card(first_prompt(s)))
    deal = first_prompt(seed)
    wrong = an_illegal_card(deal)
    done = bibi("play", "--rules", "it", "--players", "4", "--seed", str(seed), stdin=f"{wrong}\nquit\n")
    assert done.returncode == 0
    with reading(0):  # the player's own hand is spoken of as his: "you hold …"
        reason = deal.why_illegal(wrong)
    assert f"not allowed: {reason}" in done.stdout and "(I7)" in reason and "you hold" in reason
    assert done.stdout.count("seat 0> ") == 2 and done.stdout.rstrip().endswith("bye")
    assert "your hand:" in done.stdout and "trump" in done.stdout and "choices: 1)" in done.stdout


def test_play_shows_the_state_and_leaves_cleanly_on_end_of_input():
    done = bibi("play", "--rules", "it", "--players", "4", "--seed", "5", stdin="help\nzz\n99\n")
    assert done.returncode == 0 and done.stdout.rstrip().endswith("bye")
    assert "bibi H: say bip bip with" in done.stdout  # help: the call as the Italian rules name it
    assert "> cannot read action 'zz'" in done.stdout  # a typo is no refused move
    assert "not a choice: pick 1…" in done.stdout
    assert "Traceback" not in done.stderr


def test_play_a_whole_deal_by_choice_numbers():
    done = bibi("play", "--rules", "ru", "--players", "3", "--seat", "2", "--seed", "8", "--bots", "random",
                "--deals", "1", stdin="1\n" * 120)
    assert done.returncode == 0
    assert "scores: seat 0" in done.stdout and "bye" not in done.stdout


def test_play_keeps_other_players_draws_and_passes_face_down():
    done = bibi("play", "--rules", "it", "--players", "4", "--seed", "5", stdin="1\n" * 80)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert any(line.startswith("you draw ") for line in lines)
    assert not any(line.startswith("seat ") and " draws " in line for line in lines)
    assert not any(line.startswith("seat ") and line.endswith(" passes") for line in lines)


def test_the_parser_is_built_from_the_registry():
    parser = build_parser()
    args = parser.parse_args(["deal", "--rules", "it", "--players", "4", "--bots", "random,greedy,heuristic,random"])
    assert args.run is SUBCOMMANDS["deal"].run and args.rules == ITALIAN
    assert args.bots == ["random", "greedy", "heuristic", "random"]


def test_play_transcript_hint_undo_why_and_a_whole_game():
    """A game of 3 deals typed from a script: a hint, a reason, a take-back, then choice 1 to the end."""
    script = "rules\nhint\nwhy\n1\nundo\nscore\n" + "1\n" * 400
    done = bibi("play", "--players", "3", "--seed", "4", stdin=script)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    out = done.stdout
    assert out.startswith("Bi-bi! with the russian rules: a game of 3 deals, 3 players, seed 4.")  # the default
    headers = [line for line in out.splitlines() if line.startswith("== deal ")]
    assert len(headers) == 3 and all(" deals; trump " in line for line in headers)
    assert "Rules in force: russian" in out and "(R13)" in out
    assert "hint (search): " in out  # the strongest bot registered gives the hints
    assert "seat 2 (heuristic) chose " in out or "seat 1 (heuristic) chose " in out
    assert out.count("taken back: your move again") == 1
    assert "(in progress)" in out  # the score sheet, asked for mid-deal
    assert "bye" not in out and out.rstrip().splitlines()[-1].startswith(("winner: seat", "shared win: seat"))
    tricks = [line for line in out.splitlines() if line.startswith("trick ") and " wins, " in line or "you win" in line]
    russian = "(R4; not stated, taken from I8)"  # the Russian text ranks the cards; the trick's rule is I8's
    reasons = {f"highest trump {russian}", f"highest card of the suit led {russian}",
               "second of two identical cards wins (R14)"}
    assert tricks and all(line.rsplit(": ", 1)[1] in reasons for line in tricks)
    # Undo restores the bots' stream too: the game typed with the take-back is the game typed without it.
    plain = bibi("play", "--players", "3", "--seed", "4", stdin="1\n" * 400)
    assert plain.stdout.splitlines()[-6:] == out.splitlines()[-6:]


def test_play_shows_cards_one_way_and_answers_in_plain_words():
    done = bibi("play", "--seed", "3", "--deals", "1", stdin="trump H\nKX\n")
    out = done.stdout
    assert done.returncode == 0
    assert "trump_change" not in out and "the called suit is trump from the next trick on" in out
    choices = next(line for line in out.splitlines() if "choices:" in line)
    hand = next(line for line in out.splitlines() if "your hand:" in line).split(": ", 1)[1].split()
    shown = [part.split(") ")[1] for part in choices.split(": ", 1)[1].split("  ")]
    assert [c for c in shown if c in hand] == [c for c in hand if c in shown]  # the hand's order
    shows = [line for line in out.splitlines()[1:] if "cannot read" not in line]  # not the typing hints
    assert shows and not any(c in line for line in shows for c in ("TC", "TD", "TH", "TS"))  # 10♣, never TC
    assert "seat 1 deals; trump" in out or " deals; trump " in out


def test_play_deals_must_give_everyone_equal_deals():
    done = bibi("play", "--players", "4", "--deals", "3", stdin="")
    assert done.returncode == 1 and "--deals: 3 is neither 1 nor a game" in done.stderr


def test_rules_table_columns_do_not_run_together():
    lines = bibi("rules").stdout.splitlines()
    card_points = next(line for line in lines if line.startswith("card_points"))
    assert card_points.count("2:11 A:10 K:5 Q:4 J:3  ") == 3  # each value followed by room


def test_a_closed_pipe_ends_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "bibi", "rules", "it"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()  # `| head -1`
    _, err = proc.communicate(timeout=60)
    assert b"Broken pipe" not in err and b"Traceback" not in err


def test_play_announces_a_mandatory_call_as_yours_and_undo_needs_a_move_first():
    from helpers import new_deal

    deal = new_deal(ITALIAN, ["", "KH"], stock="2C 3C 4C QH", players=4)  # seat 1 draws the queen after trick 1
    first = [None if s == 1 else (lambda view, rng: view.legal_actions[0]) for s in range(4)]
    answers = iter(["undo", next(str(c) for c in deal.hand(1) if str(c) != "KH")])
    said = []

    def ask(prompt: str) -> str:
        answer = next(answers, None)
        if answer is None:
            raise EOFError  # the script ends: the player leaves
        return answer

    Terminal(deal, 1, first, bots_rng(1), ask=ask, say=said.append).run()
    assert "nothing to take back in this deal" in said
    assert "you must say bip bip: K♥ Q♥ laid down, +50 (I11)" in said
    assert deal.calls[0].seat == 1 and deal.calls[0].mandatory


def test_compare_of_one_rules_set_is_refused_with_what_to_type():
    for args in (["ru"], ["ru", "russian"]):
        result = bibi("compare", *args, "--deals", "2", "--no-progress")
        assert result.returncode == 1 and result.stdout == ""
        assert "variants: russian alone would be compared with itself" in result.stderr
        assert "bibi compare ru it" in result.stderr


def test_play_tells_an_only_choice_once():
    deal = Deal.new("russian", 3, seed=4)
    turns = iter(["1"] * 200)
    said: list[str] = []
    Terminal(deal, 0, [None, heuristic_bot, heuristic_bot], bots_rng(4), ask=lambda prompt: next(turns, ""),
          say=said.append).run()
    states = snapshots(deal)[:-1]
    mine = [(state, action) for state, action in zip(states, deal.actions, strict=True)
            if state.to_act == 0 and isinstance(action, Card)]
    forced = [action for state, action in mine if len(state.legal_actions()) == 1]
    plays = [line for line in said if line.startswith("you play ")]
    assert forced and len(plays) == len(mine)  # each of the person's cards told once
    assert [line for line in plays if line.endswith(": your only choice")] == [
        f"you play {card.unicode}: your only choice" for card in forced]


def test_play_tells_why_in_the_present_tense_and_reviews_the_deal_at_its_end():
    deal = Deal.new("russian", 3, seed=4)
    bots = [None, heuristic_bot, heuristic_bot]
    turns = iter(["why", "1"] * 200)  # at every turn: why did the last bot play so? then the first choice
    after = iter(["review", ""])  # once the deal is over: the review, then Enter
    said: list[str] = []

    def ask(prompt: str) -> str:
        return next(after) if prompt.startswith("deal over") else next(turns)

    assert Terminal(deal, 0, bots, bots_rng(4), ask=ask, say=said.append).run() == 0
    told = [line for line in said if re.match(r"seat [12] \(heuristic\) chose ", line)]
    assert told and all("told when the deal is over" in line for line in told)
    reviewed = [line for line in said if re.match(r"trick \d+, seat [12] \(heuristic\): ", line)]
    assert len(reviewed) == sum(1 for state in snapshots(deal)[:-1] if state.to_act != 0)
    assert not any("told when the deal is over" in line for line in reviewed)
    assert said.index(reviewed[0]) > said.index(next(line for line in said if line.startswith("scores: ")))


@pytest.mark.parametrize("argv", [["simulate"], ["compare", "ru", "it"], ["game"], ["play"], ["deal"],
                                  ["replay", "-"], ["practice"], ["rules"]], ids=lambda argv: argv[0])
def test_ctrl_c_ends_a_command_with_one_line_and_status_130(monkeypatch, capsys, argv):
    def interrupted(args):
        print("half a line", end="")
        raise KeyboardInterrupt

    monkeypatch.setitem(SUBCOMMANDS, argv[0], dataclasses.replace(SUBCOMMANDS[argv[0]], run=interrupted))
    assert main(argv) == 130
    out, err = capsys.readouterr()
    assert out == "half a line" and err == f"bibi {argv[0]}: interrupted\n"


def test_ctrl_c_in_a_terminal_stops_simulate_and_its_workers_quietly():
    """A terminal's Ctrl-C goes to the whole process group: the command and its worker processes."""
    # Ctrl-C handled as in a terminal's foreground, even when these tests run where SIGINT is ignored
    command = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); from bibi.cli import main; "
               "raise SystemExit(main(['simulate', '--deals', '1000000', '--players', '4', '--workers', '2']))")
    proc = subprocess.Popen([sys.executable, "-c", command], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        shown, deadline = b"", time.monotonic() + 30
        while not re.search(rb"[1-9]\d*/1000000", shown) and time.monotonic() < deadline:
            shown += os.read(proc.stderr.fileno(), 4096) or b""  # the bar, once a chunk has been played
            assert proc.poll() is None, shown
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=10)  # returns once the workers, holding the pipes, are gone too
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    err = (shown + err).decode()
    assert proc.returncode == 130, err
    assert err.splitlines()[-1] == "bibi simulate: interrupted"
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert out == b""


def _bibi_in(folder, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bibi", *args], capture_output=True, text=True, timeout=60,
                          cwd=folder)


@pytest.mark.parametrize("option, columns, rows", [("--out", "SEAT_COLUMNS", 4 * 30),
                                                   ("--deals-out", "DEAL_COLUMNS", 30)])
def test_simulate_writes_a_table_to_standard_output_for_a_dash(tmp_path, option, columns, rows):
    import pandas as pd

    from bibi import simulation

    done = _bibi_in(tmp_path, "simulate", "--players", "4", "--deals", "30", "--seed", "1", "--no-progress",
                    option, "-")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert list(tmp_path.iterdir()) == []  # no file named '-'
    frame = pd.read_csv(io.StringIO(done.stdout))  # the table alone: the summary is left out
    assert tuple(frame.columns) == getattr(simulation, columns) and len(frame) == rows
    sim = simulation.simulate("ru", players=4, deals=30, seed=1, progress=False)
    expected = sim.seats if option == "--out" else sim.deals
    assert list(frame["calls"]) == list(expected["calls"]) and list(frame["deal"]) == list(expected["deal"])


def test_simulate_writes_only_one_table_to_standard_output(tmp_path):
    done = _bibi_in(tmp_path, "simulate", "--deals", "5", "--no-progress", "--out", "-", "--deals-out", "-")
    assert done.returncode == 1 and done.stdout == "" and list(tmp_path.iterdir()) == []
    assert done.stderr == "bibi simulate: error: --out and --deals-out: only one of them can be standard output " \
                          "('-'); write the other to a file\n"


def test_compare_writes_its_table_to_standard_output_for_a_dash(tmp_path):
    import pandas as pd

    done = _bibi_in(tmp_path, "compare", "ru", "it", "--deals", "20", "--players", "5", "--no-progress", "--out", "-")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert list(tmp_path.iterdir()) == []
    table = pd.read_csv(io.StringIO(done.stdout))
    assert list(table.columns) == ["measure", "variant", "mean", "diff", "ci_low", "ci_high"]
    assert set(table.variant) == {"russian", "italian"} and len(table) == 2 * 9


# -- no keystroke ends a session; one seed, one deal --------------------------------------------------------


def strict_bibi(*args: str, stdin: bytes) -> tuple[int, str, bytes]:
    """``bibi`` with a standard input that decodes strictly, as under LANG=en_US.UTF-8."""
    done = subprocess.run([sys.executable, "-m", "bibi", *args], input=stdin, capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    return done.returncode, done.stdout.decode(), done.stderr


def test_play_reads_on_after_a_byte_that_is_not_utf8():
    status, out, err = strict_bibi("play", "--rules", "it", "--seed", "5", stdin=b"\xff\nzz\n\xe2\x99\nquit\n")
    assert status == 0 and err == b""
    assert out.count("could not read that line (byte 0xff is not utf-8 text); type it again") == 1
    assert out.count("could not read that line (byte 0xe2 is not utf-8 text); type it again") == 1
    assert "> cannot read action 'zz'" in out  # the line after the bad one is read as typed
    assert out.count("seat 0> ") == 4 and out.rstrip().endswith("bye")


def test_play_asks_again_on_an_undecodable_line_and_an_odd_number():
    deal = Deal.new(ITALIAN, 4, seed=5)
    typed = iter([None, "²", "9" * 5000, "٣", "quit"])
    said: list[str] = []

    def ask(prompt: str) -> str:
        line = next(typed)
        return b"\xff".decode("utf-8") if line is None else line

    bots = [None, heuristic_bot, heuristic_bot, heuristic_bot]
    assert Terminal(deal, 0, bots, bots_rng(5), ask=ask, say=said.append).run() == 0
    assert "could not read that line (byte 0xff is not utf-8 text); type it again" in said
    assert sum(line.startswith("not a choice: pick 1…") for line in said) == 3 and said[-1] == "bye"


@pytest.mark.parametrize("typed, seed", [("7", 7), ("-3", -3), ("0", 0), ("007", "007"), ("-0", "-0"),
                                         ("+3", "+3"), (" 7", " 7"), ("٧", "٧"), ("bibi/0/5", "bibi/0/5"),
                                         (str(2**64), 2**64)])
def test_a_seed_is_a_whole_number_only_as_python_writes_one(typed, seed):
    got = seed_arg(typed)
    assert got == seed and type(got) is type(seed)


def test_a_seed_out_of_range_or_blank_is_refused():
    for typed, message in [(str(2**64 + 1), r"is outside ±2\*\*64"), ("9" * 5000, r"is outside ±2\*\*64"),
                           ("", "cannot be blank"), ("  ", "cannot be blank")]:
        with pytest.raises(argparse.ArgumentTypeError, match=message):
            seed_arg(typed)
    done = bibi("deal", "--seed", "9" * 5000)
    assert done.returncode == 2 and "is outside ±2**64" in done.stderr and len(done.stderr) < 1000


def test_seed_007_is_the_text_007_as_everywhere():
    done = bibi("deal", "--seed", "007", "--json")
    assert done.returncode == 0
    record = json.loads(done.stdout)
    text = play(Deal.new(RUSSIAN, 6, seed="007"), ["heuristic"], bots_rng("007")).record()
    number = play(Deal.new(RUSSIAN, 6, seed=7), ["heuristic"], bots_rng(7)).record()
    assert record == text and record != number
    assert json.loads(bibi("deal", "--seed", "7", "--json").stdout) == number
    assert "'007' and 'bibi/0/5' are texts" in " ".join(bibi("deal", "--help").stdout.split())
    from bibi.practice import exercises

    asked = bibi("practice", "--seed", "007", "-n", "1", stdin="quit\n").stdout
    assert "seed 007." in asked and str(exercises(1, RUSSIAN, 4, "007")[0]) in asked


def test_play_hints_in_plain_words_with_the_figures_one_word_away():
    deal = Deal.new("russian", 3, seed=4)
    answers = iter(["hint", "hint more", "1", "why 2", "why 0", "why 99999", "quit"])
    said: list[str] = []
    bots = [None, heuristic_bot, heuristic_bot]
    Terminal(deal, 0, bots, bots_rng(4), ask=lambda prompt: next(answers), say=said.append, hint_bot="heuristic",
          seed=4).run()
    hint = next(line for line in said if line.startswith("hint (heuristic): "))
    assert re.match(r"hint \(heuristic\): (play|lead) \S+", hint) and hint.endswith(
        "('hint more': the bot's own reasons and figures)")
    more = next(line for line in said if "in the bot's own words: " in line)
    assert more.startswith(hint.split(" ('hint more'")[0])  # the same plain words, then the bot's own
    assert any(line.startswith("seat 2 (heuristic) chose ") or line == "seat 2 has not moved yet" for line in said)
    assert said.count("not a bot's seat: pick one of 1, 2") == 2
