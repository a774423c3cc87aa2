// The questions that name a record's fields ("who has it and since when", "dove e con chi", "qui et depuis
// quand", "a qué hora", "wie heiß und wie lange"): the lexicon's `questionFields`, each a field's type and
// name.
import units from "./units.json" with { type: "json" };
import type { FieldType } from "./asks.ts";
import type { UiLanguage } from "./language.ts";
import { type CueIndex, cueIndex, type CueMatch, CUES, LEXICONS, matchCues, stemTokens } from "./lexicon.ts";
import { fold, type Token } from "./text.ts";

const QUESTIONS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const { fields } = lex.questionFields;
    const types = Object.entries(fields).flatMap(([type, names]) =>
      Object.keys(names).map((name) => [name, type as FieldType] as const)
    );
    const phrases = Object.fromEntries(Object.values(fields).flatMap((names) => Object.entries(names)));
    return [l, { index: cueIndex(phrases, l as UiLanguage), types: new Map(types) }];
  }),
) as Record<UiLanguage, { index: CueIndex; types: Map<string, FieldType> }>;

/** Each unit word's unit and dimension ("lbs": lb, mass), to read the unit a prompt measures in. */
const UNIT_OF = new Map(
  Object.entries(units).flatMap(([unit, data]) =>
    data.words.map((w) => [fold(w), { unit, ...data }] as const)
  ),
);

/** The most content words after a question that name its field ("when I went to bed"); more tell a story. */
const NAMING_WORDS = 3;

export interface QuestionField {
  name: string;
  type: FieldType;
  unit?: string;
}

/**
 * The question that opens a field's words, if one of the lexicon's `questionFields` does: as written ("with
 * whom", "since when", "a che ora") or across the function words between its first word and the rest
 * ("quanto era calda", "how cold it was" as "how cold"). The field is named by what the question asks
 * ("person", "luogo", "Datum"), unless two or three content words follow it, which name it ("when I went
 * to bed"); a measure is in the unit of its dimension the clause writes, else the lexicon's.
 */
export function questionField(
  head: readonly Token[],
  clause: readonly Token[],
  language: UiLanguage,
): QuestionField | undefined {
  const opening = head.findIndex((t) => t.kind === "word");
  if (opening < 0) return undefined;
  const { index, types } = QUESTIONS[language];
  const stop = CUES[language].stop;
  const stems = stemTokens(head, language);
  let found = matchCues(stems, index).find((m) => m.from === opening);
  if (!found) {
    // (Across function words: the question's first word, then the content words after it.)
    const kept = head.flatMap((t, i) => i === opening || (i > opening && !stop.has(t.norm)) ? [i] : []);
    const m = matchCues(kept.map((i) => stems[i]), index).find((m) => m.from === 0 && m.to > 1);
    if (m) found = { key: m.key, from: opening, to: kept[m.to - 1] + 1 };
  }
  if (!found) return undefined;
  const type = types.get(found.key)!;
  const after = head.slice(found.to).filter((t) => t.kind === "word" && !stop.has(t.norm));
  const words = head.slice(head.indexOf(after[0]), head.indexOf(after[after.length - 1]) + 1);
  const name = after.length > 1 && after.length <= NAMING_WORDS
    ? words.map((t) => t.text).join(" ")
    : found.key;
  const unit = measuredIn(found.key, clause, language);
  return { name, type, ...(unit ? { unit } : {}) };
}

/** The unit of a measure a question asks ("how far": km; "how heavy": kg, lb where the clause says lbs). */
export function measuredIn(name: string, clause: readonly Token[], language: UiLanguage): string | undefined {
  const usual = LEXICONS[language].questionFields.units[name];
  const dimension = usual && UNIT_OF.get(fold(usual))?.dimension;
  const stated = dimension &&
    clause.map((t) => UNIT_OF.get(t.norm)).find((u) => u?.dimension === dimension);
  return stated ? stated.unit : usual;
}

/** The marks after which a records' noun lists its fields without a verb or a "with". */
const OPENING_MARKS = new Set([",", "-", "–", "—"]);

/**
 * Where fields named as questions start when no verb of noting or "with" opens them: right after the first
 * comma or dash that follows a word ("sauna sessions, how long and how hot", "verliehene Sachen, wer
 * es hat und seit wann"), unless a verb of seeing or knowing comes before it, whose question asks a figure
 * ("show me my spending, how much this month"). -1 where there is none.
 */
export function enumerationStart(tokens: readonly Token[], seeing: CueMatch[]): number {
  const mark = tokens.findIndex((t, i) => OPENING_MARKS.has(t.norm) && tokens[i - 1]?.kind === "word");
  return mark < 0 || seeing.some((m) => m.from < mark) ? -1 : mark + 1;
}

/** Whether a word joins listed items: one of the language's `and` words, though not one written with an
 * accent the joiner lacks, a question ("où" beside "ou"). */
export const joinsItems = (token: Token, and: Set<string>) =>
  and.has(token.norm) && fold(token.text) === token.text.toLowerCase();
