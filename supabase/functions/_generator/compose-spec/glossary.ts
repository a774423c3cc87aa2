// What the knowledge calls a thing in each UI language: every concept's record names, field labels and
// choices, read as a glossary. A translation relabels a user's own word with it when the concepts name the
// same thing in both languages, and always the same way ("Species" → "Specie", "Brand" → "Marca"); any
// other word stays as the user wrote it, and the result lists it.
import type { Language } from "../template/src/types.ts";
import { CONCEPTS } from "../understand/concepts-index.ts";
import { fold } from "./entities.ts";

type PerLanguage<T> = Record<Language, T>;

const LANGUAGES: Language[] = ["en", "it", "fr", "es", "de"];

function termsOf(): PerLanguage<string>[] {
  return CONCEPTS.flatMap((c) => [
    c.record.label,
    c.record.plural,
    ...c.fields.map((f) => f.label),
    // A choice's options, the same count in each language, the i-th of each the same option.
    ...c.fields.flatMap((f) => {
      const options = f.options;
      return options
        ? options.en.map((_, i) =>
          Object.fromEntries(LANGUAGES.map((l) => [l, options[l][i]])) as PerLanguage<string>
        )
        : [];
    }),
  ]);
}

const cache = new Map<string, Map<string, string>>();

/** From one language to another, each term the concepts render one way only. */
function table(from: Language, to: Language): Map<string, string> {
  const key = `${from}>${to}`;
  let made = cache.get(key);
  if (made) return made;
  const counts = new Map<string, Map<string, number>>();
  for (const term of termsOf()) {
    const source = fold(term[from] ?? "");
    if (!source || !term[to]) continue;
    const seen = counts.get(source) ?? new Map<string, number>();
    seen.set(term[to], (seen.get(term[to]) ?? 0) + 1);
    counts.set(source, seen);
  }
  // A term rendered two ways ("Marca": a brand, or a sports mark) has no one translation: it stays.
  made = new Map(
    [...counts].filter(([, seen]) => seen.size === 1).map(([source, seen]) => [source, [...seen.keys()][0]]),
  );
  cache.set(key, made);
  return made;
}

/** A label in another language, when the knowledge names it in both. */
export function glossary(label: string, from: Language, to: Language): string | undefined {
  return from === to ? label : table(from, to).get(fold(label));
}
