// Records kept as units of a thing ("log every bottle of wine we open", "segnare ogni bottiglia di vino",
// "jede Flasche Wein notieren") are called by the unit the prompt counts them in, not by the word the concept
// calls its records by: a bottle of wine is a wine, so the concept's fields and samples stay and only the
// records' label and plural change ("Bottles", "Bottiglie", "Flaschen"). The units are the lexicon's
// `countNouns`; a heap ("a load of", "un paio di", the lexicon's `amounts`) counts nothing.
import type { Language } from "../template/src/types.ts";
import type { Concept } from "../understand/concepts.ts";
import { LEXICONS, OF_WORDS } from "../understand/lexicon.ts";
import { words } from "../understand/text.ts";
import { capitalized, type Entity, fold } from "./entities.ts";

interface Unit {
  singular: string;
  plural: string;
}

/** Each language's units by their folded singular and plural. */
const UNITS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const heaps = new Set(lex.amounts.map(fold));
    const units = new Map<string, Unit>();
    for (const [singular, plural] of Object.entries(lex.countNouns)) {
      if (heaps.has(fold(singular)) || heaps.has(fold(plural))) continue;
      units.set(fold(singular), { singular, plural }).set(fold(plural), { singular, plural });
    }
    return [l, units];
  }),
) as Record<Language, Map<string, Unit>>;

/** The unit a subject counts its thing in and the words of that thing: the unit before an "of" word in every
 * language ("bottle of wine", "bottiglia di vino", "botella de vino", "Kiste von Äpfeln"), or before the
 * thing with none between in German ("Flasche Wein"); after it in English, in the plural ("wine bottles"); a German
 * compound's last part ("Weinflaschen"). */
export function unitOf(subject: string, language: Language): { unit: Unit; thing: string } | undefined {
  const units = UNITS[language];
  if (!units) return undefined;
  const tokens = words(subject).filter((t) => t.kind === "word");
  const [first, second] = tokens;
  if (!first) return undefined;
  const lead = units.get(first.norm);
  if (lead && second) {
    const of = OF_WORDS[language].has(second.norm);
    if (!of && language !== "de") return undefined;
    const from = of ? tokens[2] : second;
    return from ? { unit: lead, thing: subject.slice(from.start) } : undefined;
  }
  const last = tokens.at(-1)!;
  // (Only a plural there counts records: "wine bottles", not a "lunch box".)
  if (language === "en" && tokens.length > 1 && fold(units.get(last.norm)?.plural ?? "") === last.norm) {
    return { unit: units.get(last.norm)!, thing: subject.slice(tokens[0].start, tokens.at(-2)!.end) };
  }
  if (language === "de" && tokens.length === 1) {
    // (A compound's first part is a word of three letters or more: "Weinflaschen", "Apfelkisten".)
    for (const [form, unit] of units) {
      if (first.norm.length - form.length >= 3 && first.norm.endsWith(form)) {
        return { unit, thing: first.text.slice(0, first.text.length - form.length) };
      }
    }
  }
  return undefined;
}

/**
 * Calls records of `concept` kept as the units their subject counts them in by those units, where the thing
 * counted names that concept (`names`) and the records still bear the concept's own label: "log every bottle of
 * wine" keeps wines, as "Bottles", with a wine's fields and samples.
 */
export function countNoun(
  entity: Entity,
  concept: Concept,
  subject: string,
  language: Language,
  names: (words: string) => Concept | undefined,
) {
  const found = unitOf(subject, language);
  if (!found || entity.spec.label !== concept.record.label[language]) return;
  if (names(found.thing) !== concept) return;
  entity.spec.label = capitalized(found.unit.singular);
  entity.spec.plural = capitalized(found.unit.plural);
}
