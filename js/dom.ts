// Small DOM builders. Text always goes in with textContent: lesson texts, player
// names and labels come from users and are never parsed as markup.

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, parent?: HTMLElement, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = cls;
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

/** A button named for screen readers by `label`, showing `text`. */
export function button(parent: HTMLElement, cls: string, label: string, text: string, onClick: () => void): HTMLButtonElement {
  const b = el("button", `mw-btn ${cls}`, parent, text);
  b.type = "button";
  b.title = label;
  b.setAttribute("aria-label", label);
  b.addEventListener("click", onClick);
  return b;
}
