/**
 * Toolbar icons drawn as small SVGs, so they look the same on every machine
 * (the pause sign, for one, is missing from many fonts and showed as a box).
 * Each icon is a 16x16 drawing in the button's text colour.
 */
const SVG = "http://www.w3.org/2000/svg";

export type IconName = "replay" | "back" | "play" | "pause" | "forward" | "end";

/** Filled outlines, one path per icon; "replay" also has a stroked arc. */
const SHAPES: Record<IconName, string> = {
  replay: "M8.5 0.8 L12 3.5 L8.5 6.2 Z",
  back: "M3 3 H5 V13 H3 Z M13 3 V13 L5.5 8 Z",
  play: "M4 2.5 L13.5 8 L4 13.5 Z",
  pause: "M3.5 3 H6.5 V13 H3.5 Z M9.5 3 H12.5 V13 H9.5 Z",
  forward: "M3 3 L10.5 8 L3 13 Z M11 3 H13 V13 H11 Z",
  end: "M1 3 L7 8 L1 13 Z M7 3 L13 8 L7 13 Z M13 3 H15 V13 H13 Z",
};

export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", `mw-icon mw-icon-${name}`);
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  if (name === "replay") {
    const arc = document.createElementNS(SVG, "path");
    arc.setAttribute("d", "M9 3.5 A5 5 0 1 0 13 8");
    arc.setAttribute("fill", "none");
    arc.setAttribute("stroke", "currentColor");
    arc.setAttribute("stroke-width", "2");
    svg.append(arc);
  }
  const shape = document.createElementNS(SVG, "path");
  shape.setAttribute("d", SHAPES[name]);
  shape.setAttribute("fill", "currentColor");
  svg.append(shape);
  return svg;
}

/** Replaces what a button shows with an icon (its label stays in aria-label). */
export function setIcon(button: HTMLElement, name: IconName): void {
  button.replaceChildren(icon(name));
  button.dataset.icon = name;
}
