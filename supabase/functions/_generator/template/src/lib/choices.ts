// What a choice field can be, in every block that edits or filters by one. Kept free of imports (the types are
// the shapes it reads) so a test can run it.

type Field = { key: string; type: string; options?: string[] };
type Row = { [field: string]: unknown };

/**
 * What a choice can be: its named options, then the other values its records hold (a spec may name none, and
 * a value typed in a form is one more) from A to Z, so chips keep their places as records come and go.
 */
export function choiceValues(field: Field, records: Row[]): string[] {
  const held = records.map((record) => String(record[field.key] ?? "")).filter((value) => value !== "");
  return [...new Set([...(field.options ?? []), ...held.sort((a, b) => a.localeCompare(b))])];
}

/** The value a list is filtered by: the one picked while the choice still has it, else none (every record). */
export function pickedValue(values: string[], picked: string | null): string | null {
  return picked !== null && values.includes(picked) ? picked : null;
}

/** A record as saved: a typed choice is kept trimmed, so it is the same filter as the value tapped later. */
export function trimChoices<T extends Row>(fields: Field[], record: T): T {
  const trimmed = fields.filter((field) => field.type === "choice" && typeof record[field.key] === "string");
  return { ...record, ...Object.fromEntries(trimmed.map((field) => [field.key, String(record[field.key]).trim()])) };
}
