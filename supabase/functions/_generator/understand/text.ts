// Words of a prompt with their offsets, folded for matching: lower case, accents off. Every stage works on
// these tokens so that what it finds can be quoted back from the prompt exactly.
export interface Token {
  /** The word as written. */
  text: string;
  /** Lower case, accents removed: what matching compares. */
  norm: string;
  start: number;
  end: number;
  /** A number written in digits (with its separators), a word, or one punctuation mark. */
  kind: "number" | "word" | "mark";
}

// Digits with separators (4,000 / 4.000 / 12,50 / 4 000), words with inner apostrophes, or a mark. A hyphen
// between letters is dropped: "Babysitter-Stunden" is two words, as its parts are written alone.
const TOKEN =
  /\d+(?:[.,\u00a0\u202f ]\d{3})*(?:[.,]\d+)?|[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*|[^\s\p{L}\p{M}\d]/gu;

export function fold(text: string): string {
  const lower = text.toLowerCase();
  // (Most words are printable ASCII: no mark to take off, no apostrophe to straighten.)
  return PRINTABLE_ASCII.test(lower)
    ? lower
    : lower.normalize("NFD").replace(/\p{M}/gu, "").replace(/’/g, "'");
}
const PRINTABLE_ASCII = /^[ -~]*$/;

export function tokenize(text: string): readonly Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const word = m[0];
    if (word === "-" && /\p{L}/u.test(text[m.index! - 1] ?? "") && /\p{L}/u.test(text[m.index! + 1] ?? "")) {
      continue;
    }
    const kind = /^\d/.test(word) ? "number" : /^[\p{L}\p{M}]/u.test(word) ? "word" : "mark";
    tokens.push({ text: word, norm: fold(word), start: m.index!, end: m.index! + word.length, kind });
  }
  return tokens;
}

// The elided words of Italian and French ("l'", "dell'", "qu'"), a closed class; English contractions
// ("I'm", "don't") stay whole.
const ELIDED = new Set([
  "l",
  "d",
  "j",
  "m",
  "t",
  "s",
  "c",
  "n",
  "qu",
  "jusqu",
  "lorsqu",
  "puisqu",
  "un",
  "dell",
  "all",
  "dall",
  "nell",
  "sull",
  "coll",
  "quell",
  "quest",
  "po",
]);

/** Italian and French elisions ("dell'acqua", "l'heure") are two words for matching: the article and the noun. */
export function splitElision(token: Token): readonly Token[] {
  const at = token.norm.indexOf("'");
  if (token.kind !== "word" || at < 1 || !ELIDED.has(token.norm.slice(0, at))) return [token];
  return [
    {
      ...token,
      text: token.text.slice(0, at + 1),
      norm: token.norm.slice(0, at + 1),
      end: token.start + at + 1,
    },
    { ...token, text: token.text.slice(at + 1), norm: token.norm.slice(at + 1), start: token.start + at + 1 },
  ];
}

/** The particles of German separable verbs ("ein" of "eintragen"), folded. */
export const PARTICLES = new Set([
  "ab",
  "an",
  "auf",
  "aus",
  "bei",
  "ein",
  "fest",
  "her",
  "hin",
  "hinzu",
  "mit",
  "nach",
  "vor",
  "weg",
  "zu",
  "zuruck",
  "zusammen",
  "dazu",
]);

// A German separable verb's infinitive with "zu" ("aufzuschreiben", "einzutragen") matches as the verb
// ("aufschreiben", "eintragen").
const ZU_INFINITIVE = new RegExp(`^(${[...PARTICLES].join("|")})zu(\\p{L}{3,}en)$`, "u");

/** Tokens for matching: elisions split, so "dell'acqua" holds the word "acqua"; a German "zu" infinitive
 * folded to the verb. */
export function words(text: string): readonly Token[] {
  const known = RECENT.get(text);
  if (known) return known;
  const found = Object.freeze(
    tokenize(text).flatMap(splitElision).map((t) => {
      const zu = t.kind === "word" ? ZU_INFINITIVE.exec(t.norm) : null;
      return Object.freeze(zu ? { ...t, norm: zu[1] + zu[2] } : t);
    }),
  ) as readonly Token[];
  if (RECENT.size >= RECENT_TEXTS) RECENT.delete(RECENT.keys().next().value!);
  RECENT.set(text, found);
  return found;
}

// The stages of reading one prompt split the same prompt and sentences again and again: the texts split last
// are kept, their tokens frozen so that no stage changes what another reads.
const RECENT_TEXTS = 64;
const RECENT = new Map<string, readonly Token[]>();

/** The text's sentences as tokens at the text's offsets: a sentence ends at a mark before a space or the end, or
 * at a line's end (a mark inside a number, "$1.08", ends none); sentences without a word are left out. */
export function sentenceTokens(text: string): Token[][] {
  return [...text.matchAll(/(?:[^.!?\n]|[.!?](?!\s|$))+(?:[.!?]|\n|$)/g)].map((sentence) =>
    words(sentence[0]).map((t) => ({ ...t, start: t.start + sentence.index!, end: t.end + sentence.index! }))
  ).filter((tokens) => tokens.length > 0);
}
