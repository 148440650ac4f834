// Front-end entry for the anywidget boards. For now it draws a plain-text
// summary of the synced position; the SVG board comes with the widgets issue.

export interface Position {
  game: "kisolo" | "kiothi";
  to_move: "south" | "north";
  board: number[][];
  status: "playing" | "won" | "draw";
  winner: "south" | "north" | null;
  reason: string | null;
}

export interface Model {
  get(name: "position"): Position;
  on(event: "change:position", callback: () => void): void;
  off(event: "change:position", callback: () => void): void;
}

/** One line per row, counts separated by spaces, built only with textContent. */
export function summary(position: Position): string {
  const rows = position.board.map((row) => row.join(" "));
  const state =
    position.status === "playing"
      ? `${position.to_move} to move`
      : `${position.status}${position.winner ? ` (${position.winner})` : ""}`;
  return [`${position.game}: ${state}`, ...rows].join("\n");
}

function render({ model, el }: { model: Model; el: HTMLElement }): () => void {
  const pre = document.createElement("pre");
  pre.className = "mancala-summary";
  const draw = () => {
    pre.textContent = summary(model.get("position"));
  };
  draw();
  el.appendChild(pre);
  model.on("change:position", draw);
  return () => {
    model.off("change:position", draw);
    pre.remove();
  };
}

export default { render };
