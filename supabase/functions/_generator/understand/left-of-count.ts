// A question of how many are left of a number of records the prompt states ("10-class packs… how many classes
// each client has left", "pacchetto da 20 ingressi, quanti me ne restano", "bono de 8 sesiones, cuántas le
// quedan", "10er Karte, wie viele Eintritte habe ich noch") measures the records against that number: a count,
// where `remaining.ts` finds no sum, measure or duration to count down from. A pack bought ahead (the
// lexicon's `leftOfCount.pack`) is spent down, a limit; any other number is a count to reach. In a question
// of how many, a word of still (`leftOfCount.still`: "still", "ancora", "encore", "todavía", "noch") asks what
// is left as the words of what is left do.
import type { UiLanguage } from "./language.ts";
import { CUES, OF_WORDS, perLanguage, phraseAt, phrasesPerLanguage } from "./lexicon.ts";
import type { Quantity } from "./quantities.ts";
import { fold, type Token, words } from "./text.ts";
import { stem } from "./stem.ts";
import type { Ask } from "./asks.ts";

const HOW_MANY = phrasesPerLanguage((lex) => lex.howMany);
const STILL = perLanguage((lex) => lex.leftOfCount.still);
const PACK = perLanguage((lex) => lex.leftOfCount.pack);
const TIME_WORDS = perLanguage((lex) => [...Object.keys(lex.periods), ...Object.keys(lex.timeUnits)]);
const EACH = perLanguage((lex) => lex.group.each);

/** Whether the question's words ask how many. */
export function asksHowMany(question: readonly Token[], language: UiLanguage): boolean {
  return question.some((_, i) => HOW_MANY[language].some((p) => phraseAt(question, i, p)));
}

/** Whether the word at `i` asks what is left as a word of still in a question of how many. */
export function stillLeft(
  tokens: readonly Token[],
  i: number,
  question: readonly Token[],
  language: UiLanguage,
) {
  return STILL[language].has(tokens[i].norm) && asksHowMany(question, language);
}

/** Whether a word of a pack bought ahead stands within three words of a quantity ("un forfait de 20 cours",
 * "10er Karte", "ein Paket mit 10 Stunden"): what it states is spent down. */
export function packNear(tokens: readonly Token[], q: Quantity, language: UiLanguage): boolean {
  const first = tokens.findIndex((t) => t.start >= q.start);
  const last = tokens.findLastIndex((t) => t.end <= q.end);
  return tokens.some((t, i) => PACK[language].has(t.norm) && (i < first ? first - i : i - last) <= 3);
}

export interface CountWhole {
  whole: Quantity;
  /** What is counted, as written: the noun the question of how many governs ("classes", "eintritte"), else
   * the one after the number ("ingressi"). */
  counts?: string;
  /** The persons or things each of whom has their own count, as written: the noun after a word of each in
   * the question ("each client", "à chaque client", "a cada paciente"). */
  per?: string;
  /** The number is a pack bought ahead: spent down, not reached. */
  pack: boolean;
}

/**
 * The number of records a question of how many are left counts down from: the only number the prompt states
 * outside the question, neither a rate nor a time (`free` says which quantities are neither), with a noun or a
 * pack word next to it.
 */
export function countWhole(
  question: readonly Token[],
  free: Quantity[],
  tokens: readonly Token[],
  language: UiLanguage,
  still: boolean,
): CountWhole | undefined {
  if (!asksHowMany(question, language)) return undefined;
  const word = (t: Token | undefined) =>
    t?.kind === "word" && !CUES[language].stop.has(t.norm) && !TIME_WORDS[language].has(t.norm) &&
    !STILL[language].has(t.norm);
  // (The question's own noun: right after its words of how many, across "of": "combien de séances". How many
  // days or weeks are left counts down to a day, no records, but of a pack: "cuántos días faltan", "20er Karte
  // … wie viele Stunden habe ich noch".)
  const nouns = question.flatMap((_, i) => {
    const p = HOW_MANY[language].find((p) => phraseAt(question, i, p));
    if (!p) return [];
    const j = i + p.length + (OF_WORDS[language].has(question[i + p.length]?.norm ?? "") ? 1 : 0);
    return question[j]?.kind === "word" ? [question[j]] : [];
  });
  const timeAsked = nouns.some((t) => TIME_WORDS[language].has(t.norm));
  const asked = nouns.filter(word).map((t) => t.text)[0];
  const each = question.findIndex((t) => EACH[language].has(t.norm));
  const per = each >= 0 && word(question[each + 1]) ? question[each + 1].text : undefined;
  const found = free.flatMap((q) => {
    if (q.kind !== "number" || question.some((t) => t.start <= q.start && q.end <= t.end)) return [];
    const at = tokens.findIndex((t) => t.start >= q.end);
    // (The noun right after it, across a hyphen or "of": "10-class", "20 ingressi", "10 séances", "8 de".)
    let k = at;
    while (
      k >= 0 && k < tokens.length && (tokens[k].norm === "-" || OF_WORDS[language].has(tokens[k].norm))
    ) k++;
    const noun = k >= 0 && word(tokens[k]) ? tokens[k] : undefined;
    const pack = packNear(tokens, q, language);
    if (timeAsked && !pack) return [];
    const counts = asked ?? (noun && !PACK[language].has(noun.norm) ? noun.text : undefined);
    // (A number is the whole of a pack, or of the records the question counts by name, or, where the question
    // names none, "how many are left", of whatever it numbers; never after a word of still alone, which asks
    // what is still owed or to do as often: "quanto deve ancora pagare" of "8 appartamenti".)
    const same = asked !== undefined && noun !== undefined &&
      stem(fold(asked), language) === stem(noun.norm, language);
    return pack || same || (noun && asked === undefined && !still) ? [{ whole: q, counts, per, pack }] : [];
  });
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The words of a count of what is left that name no records, kept from the concepts the prompt names: the pack
 * the records are counted against ("10-class packs" keep no packing list) and the one each count is per, a
 * field of the records ("à chaque client": the sessions are the records, each of a client).
 */
export function countedAgainst(
  prompt: string,
  asks: Ask[],
  language: UiLanguage,
): { start: number; end: number }[] {
  const tokens = words(prompt);
  const pack = asks.filter((a) => a.type === "goal" && a.limit && a.counts).flatMap((goal) => {
    const at = tokens.findIndex((t) => t.start >= goal.end);
    return tokens.filter((t, i) => PACK[language].has(t.norm) && Math.abs(i - at) <= 3);
  });
  // (Wherever the prompt names them: "clients buy packs of 10 sessions… how many each client has left".)
  const per = asks.filter((a) => a.type === "aggregate" && a.remaining && a.per).flatMap((a) => {
    const one = stem(fold(a.per!), language);
    return tokens.filter((t) => t.kind === "word" && stem(t.norm, language) === one);
  });
  return [...pack, ...per].map(({ start, end }) => ({ start, end }));
}
