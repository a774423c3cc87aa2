// Things the speaker wants, lacks, has or has still to do are kept, not logged: "movies i want to watch", "i
// libri che voglio leggere", "cromos que me faltan", "les films à voir", "Bücher, die ich noch lesen will",
// "las herramientas que tengo" are a list of them. Only an occurrence (a time, "each time", "when") would make what the speaker does to them a log.
import { EVERY_TIME, LEXICONS, perLanguage, phraseAt, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";
import { measureWord, type Quantity } from "./quantities.ts";
import type { AskType } from "./asks.ts";

const OPENS = perLanguage((lex) => lex.wanted.opens);
const WANTING = phrasesPerLanguage((lex) => lex.wanted.words);
const OWNING = perLanguage((lex) => lex.wanted.owning);
const TO_DO = perLanguage((lex) => lex.wanted.toDo);
const SAYING = perLanguage((lex) => lex.wanted.saying);
const SPEAKER = perLanguage((lex) => lex.speaker);
const WHENEVER = perLanguage((lex) => lex.whenever);
const OCCURRING = new Set<Quantity["kind"]>(["time", "frequency", "date"]);
const TIME_UNITS = perLanguage((lex) => Object.keys(lex.timeUnits));
/** The words a noun phrase opens after: an article, a determiner, the speaker's possessive. */
const NOUN_OPENERS = perLanguage((lex) =>
  [...lex.articles, ...lex.determiners, ...lex.mine].map((w) => w.split(" ").at(-1)!)
);
/** How many words the clause of the speaker runs to before its word of wanting ("die ich noch lesen will"). */
const CLAUSE_WORDS = 4;
/** How many words the noun phrase of the things runs to before its clause ("board games", "idee regalo"). */
const NOUN_WORDS = 2;

/** Whether a clause says when something happens: a time, a frequency or a date, a word of when or of every
 * time ("i film che voglio vedere ogni volta che vado al cinema" are watched, a log). */
export function occurs(tokens: readonly Token[], quantities: Quantity[], language: UiLanguage): boolean {
  return quantities.some((q) => OCCURRING.has(q.kind)) ||
    tokens.some((t, i) =>
      WHENEVER[language].has(t.norm) || EVERY_TIME[language].some((p) => phraseAt(tokens, i, p))
    );
}

export interface Wanted {
  /** The noun phrase of the things. */
  noun: { from: number; to: number };
  /** The noun phrase with the words that say it is wanted. */
  phrase: { from: number; to: number };
}

/**
 * The first noun phrase of things wanted, opening its clause or after an article, a determiner or the
 * speaker's possessive: a content word (no time unit, no unit), a comma at most, then a clause the lexicon's
 * `wanted.opens` opens with a word of wanting, needing or lacking within four words and no mark, no article
 * after it ("cards i'm still missing", "figurine che mi mancano", "séries que je veux voir", "Filme, die ich
 * sehen möchte"; not "for feedings I want the time"), or a `toDo` word and an infinitive ("libri da leggere",
 * "películas por ver", no `cued` one: "cases à cocher"; English "to" and German "zu" open too much else): no
 * `cued` word of recording or ticking in the clause or right after it but its word of wanting ("the expenses I
 * have to log").
 */
export function wantedAt(
  tokens: readonly Token[],
  content: (i: number) => boolean,
  cued: (i: number) => boolean,
  language: UiLanguage,
): Wanted | undefined {
  const endings = LEXICONS[language].infinitive.endings;
  const word = (k: number) => tokens[k]?.kind === "word";
  for (let i = 0; i < tokens.length; i++) {
    const norm = tokens[i].norm;
    if (!content(i) || measureWord(norm) || TIME_UNITS[language].has(norm)) continue;
    // (A comma sets off a relative clause, "Filme, die ich sehen will", not the speaker's own: "60 payments, I
    // want to tick each one".)
    const at = tokens[i + 1]?.norm === "," && !SPEAKER[language].has(tokens[i + 2]?.norm ?? "")
      ? i + 2
      : i + 1;
    let end = -1;
    let wanting = { from: 0, to: 0 };
    if (TO_DO[language].has(tokens[at]?.norm ?? "") && word(at + 1) && !cued(at + 1)) {
      const verb = tokens[at + 1].norm;
      if (!endings.length || endings.some((e) => verb.endsWith(e))) end = at + 2;
    } else if (OPENS[language].has(tokens[at]?.norm ?? "")) {
      for (let k = at; k <= at + CLAUSE_WORDS && word(k); k++) {
        const p = phraseFrom(tokens, k, WANTING[language]);
        if (p && !NOUN_OPENERS[language].has(tokens[k + p.length]?.norm ?? "")) {
          wanting = { from: k, to: k + p.length };
          end = wanting.to;
          break;
        }
        // (A verb of having ends what the speaker says of them: "i vini che ho in cantina"; an auxiliary has
        // its verb around it: "i libri che ho letto", "die Bücher, die ich gelesen habe".)
        const had = OWNING[language].has(tokens[k].norm) && !content(k + 1) &&
          [...Array(Math.max(0, k - at - 1)).keys()].every((n) => !content(at + 1 + n));
        if (had) {
          wanting = { from: k, to: k + 1 };
          end = k + 1;
          break;
        }
      }
    }
    // (What the speaker needs to note is a log: "spese che devo registrare".)
    const noted = (k: number) => (k < wanting.from || k >= wanting.to) && cued(k);
    if (end < 0 || [...Array(end + 1 - at).keys()].some((k) => noted(at + k))) continue;
    // (A verb of saying or thinking ends no noun phrase: what "il mio medico dice che devo" says is no thing.)
    if (SAYING[language].has(norm)) continue;
    let from = i;
    while (from > i - NOUN_WORDS && content(from - 1)) from--;
    // (A noun phrase opens its clause or follows an article: "after each practice I want to save" says when.)
    const before = tokens[from - 1];
    if (before && before.kind !== "mark" && !NOUN_OPENERS[language].has(before.norm)) continue;
    // (Things a verb of noting or ticking governs are its records: "segnare i cani che tengo".)
    if (cued(before && before.kind !== "mark" ? from - 2 : from - 1)) continue;
    return { noun: { from, to: i + 1 }, phrase: { from, to: end } };
  }
}

/** Where the things wanted are said, the asks of acts, dates or figures whose words start in theirs are none, and
 * the things are a list's records, its quote the words that say they are wanted ("séries à regarder"), unless
 * the clause has a list already. */
export function keepWanted(
  found: Map<AskType, { start: number; end: number }[]>,
  named: Map<AskType, { from: number; to: number }>,
  wanted: Wanted,
  tokens: readonly Token[],
  add: (type: AskType, where: { from: number; to: number }) => void,
) {
  const [start, end] = [tokens[wanted.phrase.from].start, tokens[wanted.phrase.to - 1].end];
  for (const type of NOT_WANTED) {
    const left = (found.get(type) ?? []).filter((o) => o.start < start || o.start >= end);
    if (left.length) found.set(type, left);
    else if (found.delete(type)) named.delete(type);
  }
  if (found.has("list")) return;
  add("list", wanted.phrase);
  named.set("list", wanted.noun);
}

/** The asks that things wanted are not: a log of them, a countdown or a plan of them, a figure over them. */
const NOT_WANTED: AskType[] = ["log", "countdown", "schedule", "aggregate"];
