// A name whose every content word is a general noun ("Results", "Obiettivo", "Séance", "Datos", "Einträge")
// says nothing of what the app is about: such a noun needs a complement to mean anything, and a user calls the
// app by that complement ("the results of my thyroid tests" is "Thyroid Tests", "obiettivo 3000 euro per il
// matrimonio" is "Matrimonio").
import type { Language } from "../template/src/types.ts";
import { CUES, perLanguage } from "../understand/lexicon.ts";
import { type Token, words } from "../understand/text.ts";
import { PURPOSE } from "../understand/aside.ts";
import { stem } from "../understand/stem.ts";

// (So do the words of a field any record holds, "Due Dates", "Scadenze".)
const GENERAL = perLanguage((lex) => [...lex.generalNouns, ...lex.nameFieldWords]);
const GENERAL_STEMS = Object.fromEntries(
  Object.entries(GENERAL).map(([l, ws]) => [l, new Set([...ws].map((w) => stem(w, l as Language)))]),
) as Record<Language, Set<string>>;
// What opens a complement: an "of", a "for", a "from" or an "about" word ("results of", "cose per", "data
// from", "Übersicht über").
const OPENS = perLanguage((lex, l) =>
  [...lex.of, ...PURPOSE[l], ...lex.time.from, ...lex.about].filter((w) => !w.includes(" "))
);
// German says "of" by the genitive of the article or possessive that opens the complement ("die Ergebnisse
// meiner Blutwerte").
const GENITIVE = perLanguage((lex) => [...lex.articles, ...lex.determiners, ...lex.mine]);
// A verb of purpose after its preposition ("things to buy for", "trucs à acheter pour", "cose da portare"): an
// infinitive by its ending, else any word after English "to" or German "zu".
const INFINITIVE = perLanguage((lex) => lex.infinitive.endings);
const TO = perLanguage((lex) => lex.plans.to);
// The marks that end a clause: a complement never reaches across them.
const ENDS = /^[,.;!?()[\]]$/;

const general = (word: string, language: Language) =>
  GENERAL[language].has(word) || GENERAL_STEMS[language].has(stem(word, language));

/** Whether every content word of a name is a general noun ("Practice Tests", "Resultados"). */
export function saysNothing(name: string, language: Language): boolean {
  const own = words(name).filter((t) => t.kind === "word" && !CUES[language].stop.has(t.norm));
  return own.length > 0 && own.every((t) => general(t.norm, language));
}

/**
 * The complement the prompt gives the general nouns of a name, as written, to the end of its clause: the
 * words after them and an "of", "for" or "from" word (in German a genitive's article or possessive too), or
 * after the amount they state with its verb and unit ("goal: save 5000 for a trip", "obiettivo 3000 euro per
 * il matrimonio", "Ziel: 800 € sparen für ein neues Handy"). "" when the prompt gives none.
 */
export function complementOf(name: string, prompt: string, language: Language): string {
  const own = words(name).filter((t) => t.kind === "word").map((t) => t.norm);
  const tokens = words(prompt);
  const amount = (t: Token | undefined) =>
    t !== undefined && (t.kind === "number" || /^\p{Sc}$/u.test(t.text));
  const stop = (t: Token | undefined) => t?.kind === "word" && CUES[language].stop.has(t.norm);
  const infinitive = (k: number) =>
    tokens[k]?.kind === "word" && stop(tokens[k - 1]) &&
    (TO[language].has(tokens[k - 1].norm) ||
      [...INFINITIVE[language]].some((e) =>
        tokens[k].norm.length > e.length + 2 && tokens[k].norm.endsWith(e)
      ));
  // Between the noun and its complement: an amount, its unit or verb beside it, other general nouns, a colon,
  // a verb of purpose and its preposition.
  const between = (k: number) =>
    amount(tokens[k]) || tokens[k].text === ":" || infinitive(k) || (stop(tokens[k]) && infinitive(k + 1)) ||
    (tokens[k].kind === "word" &&
      (general(tokens[k].norm, language) || amount(tokens[k - 1]) || amount(tokens[k + 1])));
  for (let p = 0; p + own.length <= tokens.length; p++) {
    if (!own.every((w, i) => tokens[p + i].norm === w)) continue;
    let k = p + own.length;
    while (k < tokens.length && !OPENS[language].has(tokens[k].norm) && between(k)) k++;
    const opener = tokens[k];
    if (!opener || opener.kind !== "word") continue;
    if (OPENS[language].has(opener.norm)) k++;
    else if (!(language === "de" && k === p + own.length && GENITIVE.de.has(opener.norm))) continue;
    const end = tokens.findIndex((t, e) => e >= k && t.kind === "mark" && ENDS.test(t.text));
    if (k >= tokens.length || (end >= 0 && end <= k)) continue;
    return prompt.slice(tokens[k].start, end < 0 ? prompt.length : tokens[end - 1].end);
  }
  return "";
}
