// A verb of keeping things ("save my recipes", "conservare gli scontrini", "garder mes tickets", "guardar mis
// recetas", "Quittungen aufbewahren") keeps records of what it governs: a list of them, not a savings goal
// ("save" shares its stem with "saving") nor an act done again and again ("annaffiare le piante"). Only money
// kept, an amount or a purpose after the verb ("save 3000 for a trip", "save money for a car", "save for a
// bike") is saving: a goal. Things kept each time something happens ("after each practice i want to save my
// wpm") are what a log of those events notes.
import { AFTER_EACH, EVERY_TIME, OF_WORDS, perLanguage, phraseAt } from "./lexicon.ts";
import { PURPOSE } from "./aside.ts";
import type { UiLanguage } from "./language.ts";
import { type Token, words } from "./text.ts";

const VERBS = perLanguage((lex) => lex.storing.verbs);
const MONEY = perLanguage((lex) => lex.storing.money);
const OPENERS = perLanguage((lex) => [...lex.determiners, ...lex.mine]);
const MINE = perLanguage((lex) => lex.mine);
// (Saving each month or every week puts money aside by the period: "how much to save each month".)
const EACH = perLanguage((lex) => lex.group.each);

/** Whether the word at `i` is a verb of keeping things. */
export const storingAt = (tokens: readonly Token[], i: number, language: UiLanguage): boolean =>
  tokens[i]?.kind === "word" && VERBS[language].has(tokens[i].norm);

/**
 * What the verb of keeping at `verb` keeps: the words after it to the next mark (in German, before it, back
 * to a mark, where it ends its clause), with `money` where they open on an amount, an "each" word ("save each
 * month"), a word of money or a purpose ("for", "per", "pour", "para", "für"), or hold a word of money;
 * undefined where it governs nothing.
 */
export function storedObject(
  tokens: readonly Token[],
  verb: number,
  language: UiLanguage,
): { from: number; to: number; money: boolean } | undefined {
  const inClause = (k: number) => tokens[k] !== undefined && tokens[k].kind !== "mark";
  let from = verb + 1;
  let to = from;
  while (inClause(to)) to++;
  if (to === from && language === "de") {
    to = verb;
    from = verb;
    while (inClause(from - 1)) from--;
  }
  // (A noun's complement is governed by no verb: "la garde de nos enfants".)
  if (from < to && OF_WORDS[language].has(tokens[from].norm)) return undefined;
  while (from < to && OPENERS[language].has(tokens[from].norm)) from++;
  if (from >= to) return undefined;
  // (A noun phrase an "of" word and the speaker's possessive open is the records' owner, no part of them:
  // "los resultados de mis partidos".)
  for (let k = from + 1; k < to - 1; k++) {
    if (OF_WORDS[language].has(tokens[k].norm) && MINE[language].has(tokens[k + 1].norm)) to = k;
  }
  const first = tokens[from];
  const money = first.kind === "number" || PURPOSE[language].has(first.norm) ||
    EACH[language].has(first.norm) ||
    tokens.slice(from, to).some((t) => MONEY[language].has(t.norm));
  return { from, to, money };
}

/** Whether a cue of one word at `i` is a verb of keeping that governs things, no money: it keeps them. */
export function keepsThings(tokens: readonly Token[], i: number, language: UiLanguage): boolean {
  if (!storingAt(tokens, i, language)) return false;
  const object = storedObject(tokens, i, language);
  return object !== undefined && !object.money;
}

/** What keeping things asks: a log where the clause keeps them each time something happens ("after each
 * practice", "ogni volta", "à chaque fois", "cada vez", "jedes Mal"), else a list of them. */
export function storedAs(tokens: readonly Token[], language: UiLanguage): "log" | "list" {
  const phrases = [...AFTER_EACH[language], ...EVERY_TIME[language]];
  return tokens.some((_, i) => phrases.some((p) => phraseAt(tokens, i, p))) ? "log" : "list";
}

/** Where the prompt's verbs of keeping things are, as no concept's word: "save" names no savings goal in
 * "save the kids drawings". */
export function keepingVerbs(prompt: string, language: UiLanguage): { start: number; end: number }[] {
  const tokens = words(prompt);
  return tokens.flatMap((t, i) => keepsThings(tokens, i, language) ? [{ start: t.start, end: t.end }] : []);
}
