"""Write real traces from the rules engine for the front-end unit tests.

    python tests/make_js_fixtures.py   # writes js/__fixtures__/traces.json

The TypeScript tests replay each trace from its position before and must land
on the engine's position after: the browser follows the same events Python
computed. It also writes the interface words and hole names Python sends a
board (js/__fixtures__/text.json), so the front-end tests read the real
catalogues. The files are generated (git-ignored); `python3 dev.py test` makes them."""

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from mancala_widgets.rules import new_state, play  # noqa: E402
from mancala_widgets.text import LOCALES, catalogue  # noqa: E402
from mancala_widgets.text.names import cell_names  # noqa: E402

from helpers import VARIANTS, random_move  # noqa: E402

OUT = HERE.parent / "js" / "__fixtures__" / "traces.json"
TEXT = OUT.parent / "text.json"
SHAPES = {"kisolo-7": ("kisolo", 4, 7), "kisolo-6": ("kisolo", 4, 6), "kiothi": ("kiothi", 2, 10)}


def main():
    cases = []
    for f in sorted((HERE / "vectors").glob("*.json")):
        for case in json.loads(f.read_text()):
            if "position" in case["expect"]:
                after, trace = play(case["position"], case["move"])
                cases.append(
                    {
                        "name": case["name"],
                        "before": case["position"],
                        "trace": trace,
                        "after": after,
                    }
                )
    rng = random.Random(7)
    for game, options in VARIANTS:
        state = new_state(game, **options)
        for i in range(60):
            if state.status != "playing":
                break
            before = state.to_dict()
            trace = []
            state = state.play(random_move(state, rng), trace)
            cases.append(
                {
                    "name": f"{game}-{options}-move-{i}",
                    "before": before,
                    "trace": trace,
                    "after": state.to_dict(),
                }
            )
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(cases))
    print(f"wrote {len(cases)} traces to {OUT.relative_to(HERE.parent)}")
    text = {
        "strings": {loc: catalogue(loc)["ui"] for loc in LOCALES},
        "names": {
            loc: {k: cell_names(g, r, c, loc) for k, (g, r, c) in SHAPES.items()} for loc in LOCALES
        },
    }
    TEXT.write_text(json.dumps(text, ensure_ascii=False))
    print(f"wrote the interface words to {TEXT.relative_to(HERE.parent)}")


if __name__ == "__main__":
    main()
