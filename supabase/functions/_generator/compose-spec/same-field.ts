// A field the prompt names that the records have already, under the user's words: "phone number", "full name",
// "e-mail" of a client are its phone, name and email; "nome ospite", "data di arrivo" a booking's guest and
// arrival; "fecha de caducidad" a pantry item's expiry; "Telefonnummer" a customer's "Telefon". The user's
// words are a word of a field's one-word label (by its stem) and words that add nothing to it (the lexicon's
// `sameField`: "number", "date", "full", "checkbox", "nome", "data", "Nummer"), or its label written without
// its hyphen; the field keeps its key and takes the user's label, and no second field of the same is made.
// A name of a field's word and another word that says something ("date of birth", "temps de préparation") is a
// field of its own.
import type { FieldSpec, FieldType, Language } from "../template/src/types.ts";
import { perLanguage, phrasesPerLanguage } from "../understand/lexicon.ts";
import { stem } from "../understand/stem.ts";
import { words } from "../understand/text.ts";

const wordsOf = (text: string) => words(text).filter((t) => t.kind === "word").map((t) => t.norm);
const GENERIC = phrasesPerLanguage((lex) => lex.sameField);
const STOP = perLanguage((lex) => lex.stop.flatMap(wordsOf), (w) => w);

/** The types a field of another type may be named as: a text holds any, a named number ("phone number") a text. */
const fits = (asked: FieldType, held: FieldType) =>
  asked === held || held === "text" || held === "longtext" || asked === "text";

/** A label's letters and digits only, folded ("E-Mail" → "email"). */
const compact = (label: string) =>
  label.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^a-z0-9]/g, "");

/** The field of `fields` the user's `label` of `type` names by other words, if any. */
export function sameByWords(
  fields: FieldSpec[],
  label: string,
  type: FieldType,
  language: Language,
): FieldSpec | undefined {
  const written = compact(label);
  const spelled = fields.find((f) => compact(f.label) === written && fits(type, f.type));
  if (spelled) return spelled;
  const said = wordsOf(label);
  // The words that add nothing, where they stand, longest first.
  const generic = new Set<number>();
  for (let i = 0; i < said.length; i++) {
    const p = GENERIC[language].find((g) => g.every((w, k) => said[i + k] === w));
    if (p) p.forEach((_, k) => generic.add(i + k));
  }
  let content = said.map((w, i) => ({ w, i })).filter(({ w, i }) =>
    !generic.has(i) && !STOP[language].has(w)
  );
  // (A German compound that ends in such a word is its first part: "Telefonnummer", "Ablaufdatum".)
  if (language === "de" && said.length === 1 && !generic.size) {
    const end = GENERIC.de.find((g) =>
      g.length === 1 && said[0].endsWith(g[0]) && said[0].length > g[0].length + 2
    );
    if (end) content = [{ w: said[0].slice(0, -end[0].length), i: 0 }];
    else return;
  }
  // One word of the field's label, and only words that add nothing besides it (the field's word may be one of
  // those itself: "full name" is the name).
  const named = content.length === 1 ? content : content.length === 0 ? said.map((w, i) => ({ w, i })) : [];
  for (const { w } of named) {
    const own = stem(w, language);
    const found = fields.find((f) => {
      const other = wordsOf(f.label);
      return other.length === 1 && stem(other[0], language) === own && fits(type, f.type);
    });
    if (found) return found;
  }
}
