// A follow-up's operands: which of the app's labels the words of a change name, by stem, and a rename as users
// phrase it, with any quote marks: a verb of replacing, the old words, a word of "to" and the new ("replace
// « cousins » with « joueurs »", "cambia 'valor' por 'valor estimado'"), or the new and the old across a word
// of "instead" ("call them cups instead of tallies", "statt „Striche“ bitte „Tassen“").
import type { AppSpec } from "../template/src/types.ts";
import type { UiLanguage } from "./language.ts";
import { CUES, LEXICONS, perLanguage, phraseAt, phraseWords } from "./lexicon.ts";
import { stem } from "./stem.ts";
import { fold, PARTICLES, type Token, words } from "./text.ts";

interface Span {
  from: number;
  to: number;
}

export interface Renaming {
  /** The verb or the word of "instead", the old words (none for the app: "rename it to Film Night") and the
   * new, as token spans of the clause. */
  cue: Span;
  old?: Span;
  to: Span;
}

/** The words that say a field is meant, not its name ("the price field", "il campo note"). */
export const FIELD_WORDS = new Set([
  "field",
  "campo",
  "champ",
  "feld",
  "column",
  "colonna",
  "colonne",
  "columna",
  "spalte",
]);

/** The stems of a phrase's content words: its function words and the words for a field left out. */
function contentStems(phrase: string, language: UiLanguage): string[] {
  const stop = CUES[language].stop;
  return words(phrase).filter((t) => t.kind === "word" && !stop.has(t.norm) && !FIELD_WORDS.has(t.norm))
    .map((t) => stem(t.norm, language));
}

/** The label a change's words name: the one written the same, else the one whose content words, by stem,
 * are all among them or hold all of them ("the pages thing" is "Pages", "lo de la hora" is "Hora", "il numero
 * della dose" is "Dose"); the one sharing most stems wins. -1 when none does. */
export function labelOf(phrase: string, labels: string[], language: UiLanguage): number {
  const exact = labels.findIndex((l) => fold(l) === fold(phrase.trim()));
  if (exact >= 0) return exact;
  const asked = new Set(contentStems(phrase, language));
  if (!asked.size) return -1;
  let best = -1;
  let shared = 0;
  labels.forEach((label, i) => {
    const own = contentStems(label, language);
    const all = own.length > 0 &&
      (own.every((s) => asked.has(s)) || [...asked].every((s) => own.includes(s)));
    const count = own.filter((s) => asked.has(s)).length;
    if (all && count > shared) [best, shared] = [i, count];
  });
  return best;
}

/** The labels of an app a change may name: its fields', its records' and its own name. */
export function labelsOf(spec: AppSpec): string[] {
  // (A stored spec may be partial: a project's starting template has no records.)
  const records = (spec.entities ?? []).flatMap((e) => [...e.fields.map((f) => f.label), e.label, e.plural]);
  return spec.name ? [...records, spec.name] : records;
}

const AND = perLanguage((lex) => lex.and);
const QUOTES = /^["'«»“”„‘’‹›]$/;
const RENAMING = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const phrases = (list: string[]) => list.map(phraseWords);
    const language = l as UiLanguage;
    return [language, {
      verbs: new Set(lex.renaming.verbs.map((v) => stem(fold(v), language))),
      // The verbs of renaming alone ("rename", "rinomina", "benenne"), not of changing.
      rename: new Set(lex.changes.rename.filter((p) => !p.includes(" ")).map((v) => stem(fold(v), language))),
      to: phrases(lex.renaming.to),
      instead: phrases(lex.renaming.instead),
    }];
  }),
) as Record<
  UiLanguage,
  { verbs: Set<string>; rename: Set<string>; to: string[][]; instead: string[][] }
>;

const at = (tokens: readonly Token[], i: number, phrase: string[]) => phraseAt(tokens, i, phrase);

/** The words of an operand from `from`: a quoted run, else up to a mark, an "and" or the end, at most five
 * words, without the function words that open or close it (nor, in German, a verb's particle that ends it);
 * of `parts` names, across "/" and "and" ("systolic/diastolic", "top number and bottom number"). */
function operand(
  tokens: readonly Token[],
  from: number,
  language: UiLanguage,
  until = tokens.length,
  parts = 1,
): Span | undefined {
  const stop = CUES[language].stop;
  let i = from;
  while (i < until && (stop.has(tokens[i].norm) || FIELD_WORDS.has(tokens[i].norm))) i++;
  if (i < until && QUOTES.test(tokens[i].norm)) {
    const close = tokens.findIndex((t, k) => k > i && QUOTES.test(t.norm));
    return close > i + 1 && close <= until ? { from: i + 1, to: close } : undefined;
  }
  let to = i;
  for (let left = parts, count = 0; to < until; to++) {
    const apart = tokens[to].norm === "/" || AND[language].has(tokens[to].norm);
    if (apart && --left > 0) count = 0;
    else if (apart || tokens[to].kind === "mark" || ++count > 5) break;
  }
  while (
    to > i &&
    (stop.has(tokens[to - 1].norm) || (language === "de" && PARTICLES.has(tokens[to - 1].norm)))
  ) to--;
  return to > i ? { from: i, to } : undefined;
}

/** How many names an operand holds, across "/" and "and". */
const partsOf = (tokens: readonly Token[], s: Span, language: UiLanguage) =>
  1 + tokens.slice(s.from, s.to).filter((t) => t.norm === "/" || AND[language].has(t.norm)).length;

/** The words right before `end` back to a mark or a verb of the clause, as an operand. */
function before(
  tokens: readonly Token[],
  end: number,
  language: UiLanguage,
  verbs: Set<string>,
): Span | undefined {
  let i = end;
  while (i > 0 && tokens[i - 1].kind !== "mark" && !verbs.has(stem(tokens[i - 1].norm, language))) i--;
  if (QUOTES.test(tokens[end - 1]?.norm ?? "")) {
    const open = tokens.findLastIndex((t, k) => k < end - 1 && QUOTES.test(t.norm));
    return open >= 0 ? operand(tokens, open, language, end) : undefined;
  }
  return operand(tokens, i, language, end);
}

/** A rename the clause states, its old words quoted or naming one of `labels`, or none after a verb of
 * renaming (the app's name), neither operand holding a word of `taken` (another change's cue: "change the
 * colours to navy", "change it to Spanish"). */
export function renaming(
  tokens: readonly Token[],
  language: UiLanguage,
  labels: string[],
  taken: Set<number>,
): Renaming | undefined {
  const lex = RENAMING[language];
  const text = (s: Span) => tokens.slice(s.from, s.to).map((t) => t.text).join(" ");
  const quoted = (s: Span) => QUOTES.test(tokens[s.from - 1]?.norm ?? "");
  // (Quoted words are the user's name for something; others must be a label's: "euros instead of dollars"
  // is no rename.)
  const named = (s: Span) => quoted(s) || labelOf(text(s), labels, language) >= 0;
  const free = (s: Span) =>
    !Array.from({ length: s.to - s.from }, (_, k) => s.from + k).some((i) => taken.has(i));
  const isVerb = (i: number) => lex.verbs.has(stem(tokens[i].norm, language));
  const stop = CUES[language].stop;
  // "instead of": the new words before it, else (German "statt X bitte Y") after the old.
  for (let i = 0; i < tokens.length; i++) {
    const instead = lex.instead.find((p) => at(tokens, i, p));
    const old = instead && operand(tokens, i + instead.length, language);
    if (!instead || !old) continue;
    const to = before(tokens, i, language, lex.verbs) ??
      operand(tokens, old.to + (quoted(old) ? 1 : 0), language);
    if (to && named(old) && free(old) && free(to)) {
      return { cue: { from: i, to: i + instead.length }, old, to };
    }
  }
  // A verb of replacing, the old words, a word of "to", the new.
  for (let v = 0; v < tokens.length; v++) {
    if (!isVerb(v)) continue;
    for (let i = v + 1; i < tokens.length; i++) {
      const word = lex.to.find((p) => at(tokens, i, p));
      const old = word && operand(tokens, v + 1, language, i, Infinity);
      const to = word &&
        operand(tokens, i + word.length, language, tokens.length, old ? partsOf(tokens, old, language) : 1);
      // (A number is no name: "change the time to 8" moves a time.)
      if (!word || !to || !free(to) || tokens.slice(to.from, to.to).some((t) => t.kind === "number")) {
        continue;
      }
      // (Only function words between a verb of renaming and the word of "to" name the app: "rename it to Film
      // Night".)
      const app = lex.rename.has(stem(tokens[v].norm, language)) &&
        tokens.slice(v + 1, i).every((t) => stop.has(t.norm));
      if (!old && app) return { cue: { from: v, to: v + 1 }, to };
      if (old && named(old) && free(old)) return { cue: { from: v, to: v + 1 }, old, to };
    }
  }
  return undefined;
}
