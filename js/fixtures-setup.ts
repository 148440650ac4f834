// Vitest's global set-up: writes js/__fixtures__/geometry.json, the geometry trait
// Python sends (mancala_widgets/drawing.py) for every board the tests draw, so
// the front-end tests draw from the real geometry, never from a copy of it.
// tests/make_js_fixtures.py writes the other fixtures (traces, words, names).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "..");
const OUT = join(__dirname, "__fixtures__", "geometry.json");
const SCRIPT = `
import json, sys
from mancala_widgets.drawing import board_geometry
shapes = {"kisolo-7": ("kisolo", {"columns": 7}), "kisolo-6": ("kisolo", {"columns": 6}), "kiothi": ("kiothi", {})}
json.dump({f"{name}-{side}" + ("-numbers" if numbers else ""): board_geometry(game, variant, side, numbers)
           for name, (game, variant) in shapes.items() for side in ("south", "north")
           for numbers in (False, True)}, sys.stdout)
`;

export default function setup(): void {
  const pythons = [process.env.MW_PYTHON, join(ROOT, ".venv", "bin", "python"), "python3"];
  for (const python of pythons) {
    if (!python) continue;
    try {
      const json = execFileSync(python, ["-c", SCRIPT], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      mkdirSync(join(__dirname, "__fixtures__"), { recursive: true });
      writeFileSync(OUT, json);
      return;
    } catch {
      // Not this Python: try the next.
    }
  }
  // A copy of the project (StrykerJS's sandbox) has the file but no Python set up.
  if (!existsSync(OUT)) throw new Error(`no Python with mancala_widgets to write ${OUT}: run python3 dev.py test once, or set MW_PYTHON`);
}
