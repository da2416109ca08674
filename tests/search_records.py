"""Seeded deals played by the registered search (the expert level: inference, the careful fallback, the last tricks
judged exactly) beside the heuristic, one line per deal: the rules, the seed and a hash of the deal's record. The
same on every build: run as it is by tests/test_inference.py on the compiled and the pure build, and by
tests/browser/test_lite_records.py in the browser's pure build (Pyodide). A small budget keeps it quick in the
browser; the rest is the registered search's own."""

import hashlib
import json

from bibi.bots import SEARCH_ENDGAME, make_search_bot
from bibi.play import play_seeded


def main() -> None:
    search = make_search_bot(40, infer=True, careful=True, endgame=SEARCH_ENDGAME)
    for rules, seed in (("russian", 7), ("italian", 8)):
        deal = play_seeded(rules, 6, seed, [search, "heuristic", "greedy", search, "heuristic", "random"])
        digest = hashlib.sha256(json.dumps(deal.record(), sort_keys=True).encode()).hexdigest()[:16]
        print(rules, seed, digest, deal.scores)


if __name__ == "__main__":
    main()
