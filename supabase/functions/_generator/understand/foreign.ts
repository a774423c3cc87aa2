// Prompts in a language the reader does not read (Portuguese, Dutch, Polish, Swedish, Danish, Norwegian,
// Turkish, Japanese, Russian): the subject is read by the words the knowledge names each concept with in that
// language (knowledge/README.md), the words that carry asks by a word-for-word gloss into English (gloss.ts);
// the app is the one the glossed English text gets, and the words the gloss does not hold are listed as unmet
// rather than guessed. The five UI languages never come here.
import { CONCEPTS } from "./concepts-index.ts";
import type { Concept } from "./concepts.ts";
import { findConcepts } from "./concepts.ts";
import { lexiconVote } from "./lexicon.ts";
import { memoizedStem, snowballStemmer } from "./stem.ts";
import { fold, words } from "./text.ts";
import OTHER from "./foreign.json" with { type: "json" };
import { type Gloss, glossOf } from "./gloss.ts";
import { isHeldWord } from "./foreign-words.ts";

export const OTHER_LANGUAGES = ["pt", "nl", "pl", "sv", "da", "no", "tr", "ja", "ru"] as const;
export type OtherLanguage = (typeof OTHER_LANGUAGES)[number];

export function isOtherLanguage(code: string): code is OtherLanguage {
  return (OTHER_LANGUAGES as readonly string[]).includes(code);
}

// Snowball has no Polish or Japanese stemmer: Polish words are matched as folded whole forms (the knowledge
// writes the inflected forms people type), Japanese, written without spaces, by the concept's words found
// anywhere in the text.
const ALGORITHM: Partial<Record<OtherLanguage, string>> = {
  pt: "portuguese",
  nl: "dutch",
  sv: "swedish",
  da: "danish",
  no: "norwegian",
  tr: "turkish",
  ru: "russian",
};

/** A word's stem in the language: stemmed as written in lower case (Turkish and Russian endings carry their
 * letters' marks), then folded, so a word typed without its marks meets the same stem where it can. */
export function otherStem(word: string, language: OtherLanguage): string {
  return memoizedStem(word, language, () => {
    const algorithm = ALGORITHM[language];
    const lower = word.toLocaleLowerCase(language);
    if (!algorithm || lower.length <= 3) return fold(lower);
    return fold(snowballStemmer(algorithm).stem(lower));
  });
}

const folded = (list: string[], l: OtherLanguage) => new Set(list.map((w) => fold(w.toLocaleLowerCase(l))));
/** The function words (articles, prepositions, pronouns), per language: they name no subject. */
const FUNCTION = Object.fromEntries(
  OTHER_LANGUAGES.map((l) => [l, folded(OTHER[l].function, l)]),
) as Record<OtherLanguage, Set<string>>;
/** Whether a folded word is one of the language's function words. */
export const isFunctionWord = (norm: string, language: OtherLanguage): boolean =>
  FUNCTION[language].has(norm);
/** The words app prompts use most besides ("I want", "app", "every month"): they tell the language too. */
const COMMON = Object.fromEntries(
  OTHER_LANGUAGES.map((l) => [l, folded(OTHER[l].common, l)]),
) as Record<OtherLanguage, Set<string>>;
/** Whether a folded word is one app prompts use most ("quero", "app", "każdy"): no noun of the app's own. */
export const isCommonWord = (norm: string, language: OtherLanguage): boolean => COMMON[language].has(norm);

/** The language's English name, as the result says it. */
export function languageName(language: OtherLanguage): string {
  return OTHER[language].name;
}

interface Name {
  id: string;
  stems: readonly string[];
  /** As written, folded: what Japanese text is searched for. */
  folded: string;
}

const indexes = new Map<OtherLanguage, Map<string, Name[]>>();

/** Per language, each concept's names by the stem of their first word (Japanese: all under ""). */
function indexOf(language: OtherLanguage): Map<string, Name[]> {
  let index = indexes.get(language);
  if (index) return index;
  index = new Map();
  for (const c of CONCEPTS) {
    for (const w of c.words[language] ?? []) {
      const tokens = words(w).filter((t) => t.kind === "word");
      const stems = language === "ja" ? [] : tokens.map((t) => otherStem(t.text, language));
      const key = stems[0] ?? "";
      index.set(key, [...(index.get(key) ?? []), { id: c.id, stems, folded: fold(w) }]);
    }
  }
  indexes.set(language, index);
  return index;
}

// Dutch and the Scandinavian languages write a compound as one word ("treningsdagbok", "boodschappenlijst"),
// Turkish adds its endings to the word ("harcamalarimi" typed without its marks): a word no name matches names
// the concept whose one-word name opens it, or in the compounding languages ends it, at half weight.
const COMPOUNDING = new Set<OtherLanguage>(["nl", "sv", "da", "no"]);
const SUFFIXING = new Set<OtherLanguage>(["tr"]);
/** The shortest one-word name a word may open or end with, and the fewest letters left beside it. */
const PART = 4;
const REST = 3;
const PART_WEIGHT = 0.5;
/** What a word weighs that only shares its stem with a name, and the longest stem that must be written. */
const LOOSE = 0.5;
const SHORT_STEM = 3;
const parts = new Map<OtherLanguage, Name[]>();

function partOf(word: string, language: OtherLanguage): string | undefined {
  if (!COMPOUNDING.has(language) && !SUFFIXING.has(language)) return undefined;
  let names = parts.get(language);
  if (!names) {
    names = [...indexOf(language).values()].flat()
      .filter((n) => n.stems.length === 1 && n.folded.length >= PART && !/\s/.test(n.folded))
      .sort((a, b) => b.folded.length - a.folded.length);
    parts.set(language, names);
  }
  const fits = (n: Name) =>
    word.length >= n.folded.length + REST &&
    (word.startsWith(n.folded) || COMPOUNDING.has(language) && word.endsWith(n.folded));
  return names.find(fits)?.id;
}

const JAPANESE = new Intl.Segmenter("ja", { granularity: "word" });

export interface OtherMatch {
  id: string;
  score: number;
  /** The spans of the text that name it. */
  spans: { start: number; end: number }[];
}

/** The concepts a text in one of the other languages names by that language's words, best first: each name
 * covering the most words (Japanese: the most characters) at its place, the longest first. */
export function otherConcepts(text: string, language: OtherLanguage): OtherMatch[] {
  const index = indexOf(language);
  const found = new Map<string, OtherMatch>();
  const add = (id: string, score: number, start: number, end: number) => {
    const m = found.get(id) ?? { id, score: 0, spans: [] };
    if (m.spans.some((s) => s.start < end && start < s.end)) return;
    m.score += score;
    m.spans.push({ start, end });
    found.set(id, m);
  };
  if (language === "ja") {
    // The longest names first, each place of the text taken once. A name of one character ("薬") is found
    // only as a word of its own (Intl.Segmenter), not within another ("本" of "日本").
    const taken: { start: number; end: number }[] = [];
    const names = (index.get("") ?? []).slice().sort((a, b) => b.folded.length - a.folded.length);
    const folded = fold(text);
    const single = new Set(
      [...JAPANESE.segment(folded)].filter((s) => s.isWordLike && s.segment.length === 1).map((s) => s.index),
    );
    for (const n of names) {
      for (let at = folded.indexOf(n.folded); at >= 0; at = folded.indexOf(n.folded, at + 1)) {
        const end = at + n.folded.length;
        if (taken.some((s) => s.start < end && at < s.end) || n.folded.length === 1 && !single.has(at)) {
          continue;
        }
        taken.push({ start: at, end });
        // A name of one or two characters says less than a longer one.
        add(n.id, Math.min(n.folded.length / 2, 2), at, end);
      }
    }
  } else {
    const tokens = words(text).filter((t) => t.kind === "word");
    const stems = tokens.map((t) => otherStem(t.text, language));
    for (let i = 0; i < tokens.length;) {
      const best = (index.get(stems[i]) ?? [])
        .filter((n) => n.stems.every((s, k) => stems[i + k] === s))
        .sort((a, b) => b.stems.length - a.stems.length);
      const said = (n: Name) => tokens.slice(i, i + n.stems.length).map((t) => t.norm).join(" ");
      // A word that only shares its stem with a name counts half (the stemmers cut hard: "toplam" and
      // "toplantı"), and not at all where that stem is of three letters or fewer ("adını", "adım"), nor does a
      // function or common word alone ("per" is no "pers").
      // Nor does a word written as a word of the gloss or an everyday word of its own (foreign-words.ts).
      const fits = best.filter((n) =>
        said(n) === n.folded || !n.stems.some((x) => x.length <= SHORT_STEM) &&
          !(n.stems.length === 1 &&
            (FUNCTION[language].has(tokens[i].norm) || COMMON[language].has(tokens[i].norm) ||
              isHeldWord(tokens[i].norm, language)))
      );
      if (!fits.length) {
        const word = tokens[i].norm;
        const part = FUNCTION[language].has(word) || COMMON[language].has(word)
          ? undefined
          : partOf(word, language);
        if (part) add(part, PART_WEIGHT, tokens[i].start, tokens[i].end);
        i++;
        continue;
      }
      const length = fits[0].stems.length;
      for (const n of fits.filter((n) => n.stems.length === length)) {
        add(n.id, length * (said(n) === n.folded ? 1 : LOOSE), tokens[i].start, tokens[i + length - 1].end);
      }
      i += length;
    }
  }
  return [...found.values()].sort((a, b) => b.score - a.score || a.spans[0].start - b.spans[0].start);
}

/** The share of a text's words a language knows, its function and common words or the words of its concepts'
 * names found in it: in a short prompt it tips the balance between a UI language and a neighbour ("lista de
 * compras do mercado" is Portuguese). */
export function otherVote(text: string): (language: string) => number {
  const tokens = words(text).filter((t) => t.kind === "word");
  const memo = new Map<string, number>();
  return (language) => {
    if (!isOtherLanguage(language) || language === "ja" || !tokens.length) return 0;
    let share = memo.get(language);
    if (share === undefined) {
      const spans = otherConcepts(text, language).flatMap((m) => m.spans);
      const known = tokens.filter((t) =>
        FUNCTION[language].has(t.norm) || COMMON[language].has(t.norm) ||
        spans.some((s) => s.start <= t.start && t.end <= s.end)
      );
      share = known.length / tokens.length;
      memo.set(language, share);
    }
    return share;
  };
}

/** What a prompt in another language is read as: the concept it names, and the English text its words are
 * glossed as (gloss.ts), the subject's names written as the concept's English name. */
export interface OtherReading {
  language: OtherLanguage;
  /** The concept the prompt names; none where it names no subject the knowledge holds (its words are then
   * kept as written in the gloss, and read as the English reader reads words it does not know). */
  concept?: string;
  /** The concept's English name: the first of its English words that names it first. */
  english?: string;
  /** Where the prompt names the concept, first first. */
  spans: { start: number; end: number }[];
  /** The prompt glossed in English: what the English reader reads. */
  gloss: Gloss;
  /** The runs of the prompt's words the gloss does not hold, each saying it was not read. */
  unmet: string[];
}

const englishNames = new Map<string, string>();

function englishName(concept: Concept): string {
  let name = englishNames.get(concept.id);
  if (name === undefined) {
    name = concept.words.en.find((w) => findConcepts(w, "en")[0]?.id === concept.id) ?? concept.words.en[0];
    englishNames.set(concept.id, name);
  }
  return name;
}

/** The reading of a prompt in one of the other languages, or undefined when it is in none of them. */
export function otherReading(prompt: string, language: string): OtherReading | undefined {
  if (!isOtherLanguage(language)) return undefined;
  const [best] = otherConcepts(prompt, language);
  const concept = best && CONCEPTS.find((c) => c.id === best.id);
  // (Japanese words the gloss does not hold cannot be kept as written: the text has no spaces to part them.
  // And where no subject is named and English knows some of the words, the language's own must outnumber
  // them, so an English prompt the detector took for Dutch by one "van" is read as English: "Loans: van $4,000
  // at 5%".)
  const inEnglish = lexiconVote(prompt)("en");
  if (!concept && (language === "ja" || (inEnglish > 0 && otherVote(prompt)(language) <= inEnglish))) {
    return undefined;
  }
  const spans = concept ? [...best.spans].sort((a, b) => a.start - b.start) : [];
  const english = concept && englishName(concept);
  const gloss = glossOf(prompt, language, spans, english);
  const said = concept ? "not read" : "kept as written, not translated";
  return {
    language,
    ...(concept ? { concept: concept.id, english } : {}),
    spans,
    gloss,
    unmet: gloss.unread.map((r) => `${prompt.slice(r.start, r.end)} (${said} in ${languageName(language)})`),
  };
}
