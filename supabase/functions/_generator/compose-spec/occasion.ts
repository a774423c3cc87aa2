// The occasion or project an app of several kinds of records is for: the event the prompt frames its asks by
// ("we're getting married", "il trasloco", "mon semi-marathon", "el viaje de fin de curso", "die
// Klassenfahrt"), which names the app rather than one of its lists or whom the records are shown to.
import OCCASIONS from "../understand/occasions.json" with { type: "json" };
import { CUES, OF_WORDS, perLanguage } from "../understand/lexicon.ts";
import { PURPOSE } from "../understand/aside.ts";
import { type Token, words } from "../understand/text.ts";
import type { Language } from "../template/src/types.ts";
import { APP_WORDS } from "./head.ts";

const norms = (phrase: string) => words(phrase).map((t) => t.norm);

/** Each language's occasion nouns, the speaker's verbs of one with the noun they stand for, longest first, and
 * the speaker's words of going to a place ("andiamo in", "wir fahren nach"), whose place is the occasion. */
const KNOWN = Object.fromEntries(
  Object.entries(OCCASIONS).map(([language, { nouns, verbs, going }]) => [language, {
    nouns: nouns.map(norms).sort((a, b) => b.length - a.length),
    going: going.map(norms),
    verbs: Object.entries(verbs).map(([verb, noun]) => ({ verb: norms(verb), noun }))
      .sort((a, b) => b.verb.length - a.verb.length),
  }]),
) as Record<Language, { nouns: string[][]; going: string[][]; verbs: { verb: string[]; noun: string }[] }>;

/** What an occasion's noun stands after: a determiner, an article or the app's "for" (or a sentence's start). */
const OPENERS = perLanguage((lex) => [...lex.determiners, ...lex.articles]);
const TIME_UNITS = perLanguage((lex) => Object.keys(lex.timeUnits));
// English and German put the words that qualify a noun before it ("kids football tournament", "ersten
// Halbmarathon"), the Romance languages at most an adjective ("nostro primo viaggio").
const BEFORE: Record<Language, number> = { en: 2, de: 2, it: 1, fr: 1, es: 1 };
// A Romance adjective after the noun, told by its ending ("gita scolastica", "voyage scolaire", "viaje escolar").
const ADJECTIVE: Partial<Record<Language, RegExp>> = {
  it: /(?:ale|ali|are|ari|ari[ao]|ic[ao]|ich[ei]|iv[ao])$/,
  fr: /(?:aire|ale|ique|elle|el|ive|if)s?$/,
  es: /(?:ar|al|ari[ao]|ic[ao]|iv[ao])s?$/,
};

const matches = (tokens: readonly Token[], at: number, phrase: string[]) =>
  phrase.every((w, k) => tokens[at + k]?.kind === "word" && tokens[at + k].norm === w);

/** The occasion the prompt frames its asks by, in the prompt's words, or "": said before its first ask (at
 * `asked`), or, for records of several kinds, up to the end of that ask's sentence; one occasion, a singular
 * after a determiner, never records ("each trip", "my trips"). Not a noun before the English noun it
 * qualifies ("wedding planner"), nor what "for" aims another act at ("raccogliere i soldi per la gita"):
 * "for" opens it only after the app's word or at a sentence's start ("Pour la rénovation de la maison").
 * `nouns`: the German nouns known, folded. */
export function occasionOf(
  prompt: string,
  asked: number,
  several: boolean,
  language: Language,
  nouns: ReadonlySet<string> = new Set(),
): string {
  const ends = [".", "!", "?", ";", "\n"].map((m) => prompt.indexOf(m, asked)).filter((i) => i >= 0);
  const end = several ? (ends.length ? Math.min(...ends) : prompt.length) : asked;
  // (The words after it are read whatever the scope: "road trip fuel costs" qualifies the costs.)
  const tokens = words(prompt);
  const stop = CUES[language].stop;
  const opens = (k: number): boolean => {
    const t = tokens[k];
    if (!t || /[,:(.!?;]/.test(t.text)) return true;
    if (OPENERS[language].has(t.norm)) {
      return !PURPOSE[language].has(tokens[k - 1]?.norm ?? "") || opens(k - 1);
    }
    return PURPOSE[language].has(t.norm) &&
      (k === 0 || tokens[k - 1].kind === "mark" || APP_WORDS.has(tokens[k - 1].norm));
  };
  for (let i = 0; i < tokens.length && tokens[i].end <= end; i++) {
    const verb = KNOWN[language].verbs.find((v) => matches(tokens, i, v.verb));
    if (verb) return verb.noun;
    const going = KNOWN[language].going.find((g) => matches(tokens, i, g));
    const place = going ? placeAt(prompt, tokens, i + going.length, language) : "";
    if (place) return place;
    const noun = KNOWN[language].nouns.find((n) => matches(tokens, i, n)) ??
      // (A German compound ends on its head, "Klassenfahrt", "Sommerfest", "Halbmarathon", unless it ends
      // on a longer noun the knowledge writes: "Spritpreise" on "Preise", not "Reise".)
      (language === "de"
        ? KNOWN.de.nouns.find((n) =>
          n.length === 1 && tokens[i].norm.length > n[0].length + 2 && tokens[i].norm.endsWith(n[0]) &&
          ![...nouns].some((h) => h.length > n[0].length && tokens[i].norm.endsWith(h))
        )
        : undefined);
    if (!noun || tokens[i].kind !== "word") continue;
    let last = i + noun.length - 1;
    const next = tokens[last + 1];
    if (language === "en" && next?.kind === "word" && !stop.has(next.norm)) continue;
    // What a hyphen joins to it is the noun's own ("semi-marathon"); the words before that qualify it
    // reach back to what opens its phrase, across a number of days or weeks ("a 9-day road trip").
    const head = i > 0 && prompt[tokens[i].start - 1] === "-" && tokens[i - 1].kind === "word" ? i - 1 : i;
    let from = head;
    const qualifies = (t: Token) =>
      t.kind === "word" && !stop.has(t.norm) && !OPENERS[language].has(t.norm) &&
      !PURPOSE[language].has(t.norm) && !TIME_UNITS[language].has(t.norm);
    while (from > 0 && head - from < BEFORE[language] && qualifies(tokens[from - 1])) from--;
    const timed = TIME_UNITS[language].has(tokens[from - 1]?.norm ?? "") && tokens[from - 2]?.kind !== "word";
    if (!opens(timed ? -1 : from - 1)) continue;
    // A Romance noun keeps an adjective after it and what "of" joins to it, each a word that is no function
    // word: "festa di laurea", "viaje de fin de curso" (not "rénovation de la maison").
    const adjective = ADJECTIVE[language];
    if (
      adjective && next?.kind === "word" && !stop.has(next.norm) && adjective.test(next.norm)
    ) last++;
    while (
      adjective && OF_WORDS[language].has(tokens[last + 1]?.norm ?? "") &&
      tokens[last + 2]?.kind === "word" &&
      !stop.has(tokens[last + 2].norm) && !OPENERS[language].has(tokens[last + 2].norm)
    ) last += 2;
    // (English names keep what qualifies the noun: "family reunion", "company summer picnic".)
    return prompt.slice(tokens[language === "en" ? from : head].start, tokens[last].end);
  }
  return "";
}

// An infinitive after a word of going says what is done there, not where ("vado a correre", "vamos a
// comprar").
const INFINITIVE: Partial<Record<Language, RegExp>> = { it: /(?:are|ere|ire)$/, es: /(?:ar|er|ir)$/ };

/** The place a word of going names from token `k`: its words up to a function word, a mark or a number, the
 * parts a hyphen joins counted as one, at most three; capitalized when the prompt writes names so. */
function placeAt(prompt: string, tokens: readonly Token[], k: number, language: Language): string {
  const stop = CUES[language].stop;
  // (A prompt typed in lower case writes its places so too.)
  const cased = /[.!?]\s*\S[^.!?]*\s\p{Lu}\p{Ll}/u.test(` . ${prompt}`);
  let last = k - 1;
  for (let n = 0; n < 3; n++) {
    const t = tokens[last + 1];
    if (t?.kind !== "word" || stop.has(t.norm) || (cased && !/^\p{Lu}/u.test(t.text))) break;
    last++;
    while (prompt[tokens[last].end] === "-" && tokens[last + 1]?.kind === "word") last++;
  }
  if (last < k || INFINITIVE[language]?.test(tokens[k].norm)) return "";
  return prompt.slice(tokens[k].start, tokens[last].end);
}
