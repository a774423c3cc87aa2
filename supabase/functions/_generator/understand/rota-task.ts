// What turns are taken of, as a user calls it: the task's noun phrase, not its verb ("taking out the trash" →
// "trash", "portare fuori il cane" → "cane", "mit dem Müll rausbringen" → "Müll"); a verb with no object right
// after it is the doing itself ("cooking", "cucinare", "beim Kochen", "driving to work").
import { LEXICONS, phraseFrom, phraseWords, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { PARTICLES, type Token } from "./text.ts";

interface Span {
  from: number;
  to: number;
}

/** A verb's form that opens a task: the infinitive ("pulire", "sortir", "lavar"), in English the gerund. */
const VERB = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const { endings, clitics } = lex.infinitive;
    const ending = l === "en" ? "ing" : endings.join("|");
    return [l, ending ? new RegExp(`\\p{L}{2}(?:${ending})(?:${clitics.join("|")})?$`, "u") : null];
  }),
) as Record<UiLanguage, RegExp | null>;

/** The German infinitive, which closes its clause after its object ("den Müll rausbringen"). */
const GERMAN_VERB = /\p{L}{2}(?:en|ern|eln)$/u;

/** The words that may stand between a verb and its object: articles, determiners and the lexicon's leads. */
const LEADS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    words: wordSet([...lex.articles, ...lex.determiners]),
    phrases: lex.rotation.objectLead.map(phraseWords),
  }]),
) as Record<UiLanguage, { words: Set<string>; phrases: string[][] }>;

/**
 * The words turns are taken of within `of` (from what follows the turns' cue to the clause's end), where
 * `content(i)` tells a word that may name it: the object right after the verb that opens them (across an
 * article or a lead), in German the words before the verb that closes them, else the first run of content
 * words (the doing itself where it is a verb). `verbal`: only a verb opens a task.
 */
export function taskOf(
  tokens: readonly Token[],
  of: Span,
  content: (i: number) => boolean,
  language: UiLanguage,
  verbal = false,
): Span | undefined {
  // (A separable verb's particle, "ab" of "wechseln uns … ab", is the turns' own.)
  const named = (i: number) => content(i) && !(language === "de" && PARTICLES.has(tokens[i].norm));
  const first = tokens.findIndex((_, i) => i >= of.from && i < of.to && named(i));
  if (first < 0) return undefined;
  const run = (from: number) => {
    let to = from + 1;
    while (to < of.to && named(to)) to++;
    return { from, to };
  };
  if (language === "de") {
    const whole = run(first);
    const last = whole.to - 1;
    return last > first && GERMAN_VERB.test(tokens[last].norm) ? { from: first, to: last } : whole;
  }
  const verb = (i: number) => VERB[language]?.test(tokens[i].norm) === true;
  if (!verb(first)) return verbal ? undefined : run(first);
  // (A verb that leads to another across function words leaves the task to it: "andare a prendere i bimbi",
  // "dare da mangiare al pesce".)
  let last = first;
  for (;;) {
    let n = last + 1;
    while (n < of.to && tokens[n].kind === "word" && !named(n)) n++;
    if (n === last + 1 || n >= of.to || !named(n) || !verb(n)) break;
    last = n;
  }
  const { words, phrases } = LEADS[language];
  let k = last + 1;
  while (k < of.to) {
    const lead = phraseFrom(tokens, k, phrases);
    if (lead) k += lead.length;
    else if (words.has(tokens[k].norm)) k++;
    else break;
  }
  return k < of.to && named(k) ? run(k) : run(last);
}
