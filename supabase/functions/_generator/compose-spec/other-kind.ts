// Records of another kind than the concept their own words name: the concept calls its records by no word
// of theirs, and the prompt lists the fields it keeps of them, none of which the concept holds, not by their
// words nor by what they hold ("sourdough bake log: flour, hydration %, how it came out" names a bakery's
// products, priced and baked per day; "protokoll meiner sauerteigbrote: mehl, hydration, ergebnis"). The
// concept's samples would be another subject's records with every field asked for blank: the records are
// those of the concept the fields are, if any ("water tests: pH, ammonia, nitrite" are an aquarium's, not a
// houseplant's watering), else the prompt's own, with its fields and no samples.
import type { Field as AskedField } from "../understand/index.ts";
import type { Concept } from "../understand/concepts.ts";
import type { FieldType, Language } from "../template/src/types.ts";
import { CUES, LEXICONS } from "../understand/lexicon.ts";
import UNITS from "../understand/units.json" with { type: "json" };
import { stem } from "../understand/stem.ts";
import { capitalized, fold, fromConcept } from "./entities.ts";
import { callsRecords } from "./own-noun.ts";
import { PERSONS } from "./head.ts";

// What an asked field holds that a field of the concept holding the same is (an amount paid, a time, a
// date, a score, a picture): "cost" is a purchase's "Amount". A number is no such sign: any count is one.
const HOLDS: Partial<Record<AskedField["type"], FieldType>> = {
  money: "money",
  duration: "duration",
  date: "date",
  time: "time",
  rating: "rating",
  photo: "photo",
};

const UNIT_TABLE = UNITS as Record<string, { dimension: string; words: string[] }>;
const dimension = (unit: string) => UNIT_TABLE[unit]?.dimension ?? unit;

/** The fewest fields a prompt lists for its records before what they are can be told by them. */
const LISTED = 2;

/** Whether the records `subject` names, for which the prompt lists `asked`, are of another kind than
 * `concept`, which their words name. */
export function otherKind(
  concept: Concept,
  subject: string,
  asked: AskedField[],
  language: Language,
): boolean {
  // (Records the concept calls by the prompt's own noun are its records, whatever fields are listed: "wine
  // tastings: producer, grape, year" are wines.)
  // (Nor do persons listed say what the records hold: "Füttern … Papa, Mama, Lena und Tim" are who feeds.)
  if (
    asked.length < LISTED || callsRecords(concept, subject, language) ||
    asked.some((f) => PERSONS[language].has(fold(f.name)))
  ) return false;
  const entity = fromConcept(concept, language);
  if (!entity.spec.samples.length) return false;
  const stop = CUES[language].stop;
  const split = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter((w) => w && !stop.has(w));
  const own = new Set(entity.spec.fields.flatMap((f) => split(f.label)).map((w) => stem(w, language)));
  // (A field that names the concept itself says the records are its: "schede di allenamento" of a gym's
  // workouts; so does a choice offering a value of one of its choices: "stato: da imparare, pronto".)
  const named = new Set(
    concept.words[language].filter((w) => !/\s/.test(w)).map((w) => stem(fold(w), language)),
  );
  const offered = new Set(
    entity.spec.fields.flatMap((f) => f.type === "choice" ? f.options ?? [] : []).map(fold),
  );
  // (A measure in a unit of one the concept keeps, or named by such a unit, is that measure: "km" and
  // "Minuten" of "Radtouren" are a ride's distance and time.)
  const dimensions = new Set(concept.fields.flatMap((f) => f.unit ? [dimension(f.unit)] : []));
  const durations = entity.spec.fields.some((e) => e.type === "duration");
  const measured = (f: AskedField) => {
    const name = fold(f.name);
    const unit = f.unit ??
      Object.keys(UNIT_TABLE).find((u) => u === name || UNIT_TABLE[u].words.includes(name));
    return (unit !== undefined && dimensions.has(dimension(unit))) ||
      (durations && LEXICONS[language].timeUnits[name] !== undefined);
  };
  const held = (f: AskedField) =>
    measured(f) ||
    entity.sameAs(capitalized(f.name), "text") !== undefined ||
    split(f.name).some((w) => own.has(stem(w, language)) || named.has(stem(w, language))) ||
    (f.options ?? []).some((o) => offered.has(fold(o))) ||
    (HOLDS[f.type] !== undefined && entity.spec.fields.some((e) => e.type === HOLDS[f.type]));
  return !asked.some(held);
}
