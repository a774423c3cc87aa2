// The everyday words of a prompt in another language (foreign.ts) that ask for nothing but name what an app
// keeps: people, things, places, field words, small numbers and a few verbs of doing ("klusjes" chores,
// "tegenstander" opponent, "tamanho" size, "adet" quantity, "spelare" players), one data file per language
// (foreign-words/<language>.json), each word mapped to the English word for it. The gloss (gloss.ts) writes
// them in English where its own entries hold no such word, so that the English reader reads the records and
// fields of the prompt as it reads them in an English prompt ("lijst van klusjes met wie het doet" → "list
// chores with who"), and the app is named in English rather than in the prompt's words kept as written.
// Matched as the gloss matches its own entries: by Snowball stems; Polish, which Snowball has no stemmer for,
// by folded whole forms and then by the word less its case ending (`endings`: "czasem" is "czas").
// Dutch and the Scandinavian languages join two words into one ("hardloopschema", "beställningslista"): the
// linking letters they put between the parts are `links`.
import type { OtherLanguage } from "./foreign.ts";
import NL from "./foreign-words/nl.json" with { type: "json" };
import SV from "./foreign-words/sv.json" with { type: "json" };
import PL from "./foreign-words/pl.json" with { type: "json" };
import PT from "./foreign-words/pt.json" with { type: "json" };
import TR from "./foreign-words/tr.json" with { type: "json" };
import { fold } from "./text.ts";
import GLOSS from "./gloss.json" with { type: "json" };

interface Everyday {
  words: Record<string, string>;
  links?: string[];
  endings?: string[];
}

const DATA: Partial<Record<OtherLanguage, Everyday>> = { nl: NL, sv: SV, pl: PL, pt: PT, tr: TR };

/** The language's everyday words, as written, and the English word for each (none for a language without). */
export function everydayWords(language: OtherLanguage): [string, string][] {
  return Object.entries(DATA[language]?.words ?? {});
}

/** The letters a compound of the language may put between its two words ("verjaardag|s|kalender"). */
export function compoundLinks(language: OtherLanguage): readonly string[] {
  return DATA[language]?.links ?? [];
}

const endings = new Map<OtherLanguage, string[]>();
/** The fewest letters a word keeps once its ending is cut. */
const KEEP = 3;

/** A folded word less the longest case ending of the language it ends with, three letters kept at least; the
 * word itself where the language lists no endings. */
export function withoutEnding(word: string, language: OtherLanguage): string {
  let list = endings.get(language);
  if (!list) {
    list = (DATA[language]?.endings ?? []).map(fold).sort((a, b) => b.length - a.length);
    endings.set(language, list);
  }
  const cut = list.find((e) => word.endsWith(e) && word.length - e.length >= KEEP);
  return cut ? word.slice(0, word.length - cut.length) : word;
}

const held = new Map<OtherLanguage, Set<string>>();

/** Whether a folded word is written, as it is, as a word of the gloss (gloss.json) or an everyday word: a word
 * of its own, which names no concept it only shares a stem with ("toplam" is total, not "toplantı"). */
export function isHeldWord(norm: string, language: OtherLanguage): boolean {
  let set = held.get(language);
  if (!set) {
    const gloss = (GLOSS as Record<string, Record<string, string>>)[language] ?? {};
    set = new Set([...Object.keys(gloss), ...Object.keys(DATA[language]?.words ?? {})].map(fold));
    held.set(language, set);
  }
  return set.has(norm);
}
