// The board's words come from Python's catalogue for the board's language (the
// `strings` trait): this file only fills in templates. It holds no text.

/** A catalogue entry: a template, one form for 1 and another for the rest
 * ({one, other}), or a table of texts by key. */
export type Entry = string | { [key: string]: string };
export type Catalogue = Record<string, Entry>;

/** Fill `{name}` fields of a template; a `{one, other}` entry is chosen by `n`: "one"
 * for the counts in `ones` (the language's rule, from Python: French says "0 graine"). */
export function fill(
  entry: Entry | undefined,
  fields: Record<string, string | number> = {},
  ones: readonly number[] = [1],
): string {
  if (entry === undefined) return "";
  let template: string;
  if (typeof entry === "string") template = entry;
  else if ("one" in entry && "other" in entry) {
    template = typeof fields.n === "number" && ones.includes(fields.n) ? entry.one : entry.other;
  } else return "";
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in fields ? String(fields[name]) : whole));
}

export class Words {
  /** The counts a plural's "one" form is for (the catalogue's `one_counts`, "0 1"). */
  private ones: number[];

  constructor(private catalogue: Catalogue) {
    const said = catalogue.one_counts;
    this.ones = typeof said === "string" && said.trim() ? said.trim().split(/\s+/).map(Number) : [1];
  }

  /** The text at `key`, with its fields filled in. */
  get(key: string, fields?: Record<string, string | number>): string {
    return fill(this.catalogue[key], fields, this.ones);
  }

  /** A text from a nested table, e.g. the reasons a game ended. */
  lookup(table: string, key: string): string {
    const t = this.catalogue[table];
    return typeof t === "object" && key in t ? t[key] : key;
  }
}

/** A player's name short enough for a jail's label. */
export function shortName(name: string): string {
  return name.length > 8 ? `${name.slice(0, 7)}\u2026` : name;
}
