// Values listed after a noun of a kind of value are that kind's values, not fields of one record: "topics:
// antibiotics, diuretics, statins", "argomenti: romani, medioevo", "postes : buvette (3 personnes), jeux (5)",
// "tareas: cocina, baño, salón", "Themen: Essen, Reisen, Schule" are a choice of topic, role or task among them
// (the lexicon's `valueLabels`), of the records the app keeps, rather than a list of records whose fields are
// those words. A list whose items are typed fields ("Aufgaben: Titel, Datum, erledigt") stays one.
import type { Ask } from "./asks.ts";
import type { UiLanguage } from "./language.ts";
import { perLanguage } from "./lexicon.ts";
import { fold, words } from "./text.ts";

const LABELS = perLanguage((lex) => lex.valueLabels);
/** The most words a value takes: more is a field's description, or a clause. */
const VALUE_WORDS = 3;

/** The asks, with each list of a value noun's values made a choice among them. */
export function valueLabelAsks(language: UiLanguage, asks: Ask[]): Ask[] {
  return asks.map((ask) => {
    const label = ask.subject ? words(ask.subject).filter((t) => t.kind === "word") : [];
    const values = ask.fields;
    if (
      ask.type !== "list" || label.length !== 1 || !LABELS[language].has(fold(label[0].text)) ||
      values.length < 2 ||
      values.some((f) => f.type !== "text" || f.options?.length || f.name.split(/\s+/).length > VALUE_WORDS)
    ) {
      return ask;
    }
    return {
      ...ask,
      type: "choice",
      subject: undefined,
      fields: [{ name: label[0].text, type: "choice", options: values.map((f) => f.name) }],
    };
  });
}
