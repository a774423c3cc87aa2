// A prompt's clauses: sentences, `;` parts, the items of a `:` list, bullet and numbered lines, and verb
// phrases joined by "and" or a comma ("log every X with Y and Z, show me how many today"). A clause keeps
// its offsets in the prompt, so nothing is lost or rewritten: every word is in exactly one clause.
import { eachOpening, eachRecord } from "./each-records.ts";
import { CUES, LEXICONS, matchCues, stemTokens, VERBS, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { quantities } from "./quantities.ts";
import { opensKind, otherKind } from "./kind-row.ts";
import { type Token, words } from "./text.ts";

export interface Clause {
  text: string;
  start: number;
  end: number;
  /** For the items of a `:` list, the index of the clause that introduces them. */
  head?: number;
  /** One of two kinds of records or more named in a row, each with its fields ("products with price and
   * orders with date and customer"): records even with one field. */
  records?: boolean;
}

// Hard breaks: a line, a sentence end before a space, a semicolon. A bullet or number opening a line is
// dropped with the break.
const HARD = /\n+[ \t]*(?:[-*•·]|\d+[.)])?[ \t]*|[.!?]+(?=\s|$)\s*|;\s*/g;

function trimmed(text: string, start: number, end: number): Clause | null {
  while (start < end && /[\s,:\-*•·]/.test(text[start])) start++;
  while (end > start && /[\s,:]/.test(text[end - 1])) end--;
  // A line's number ("1." before a sentence break) is a marker, not a clause.
  if (end <= start || /^\d+$/.test(text.slice(start, end))) return null;
  return { text: text.slice(start, end), start, end };
}

const JOINERS = Object.fromEntries(
  Object.entries(LEXICONS).map(([language, lex]) => [language, wordSet([",", ...lex.and])]),
) as Record<UiLanguage, Set<string>>;

/** The words that open examples and hold a dot ("e.g.", "p. ex.", "z. B."), lower case. */
const ABBREVIATED = Object.fromEntries(
  Object.entries(LEXICONS).map((
    [language, lex],
  ) => [language, lex.examples.filter((p) => p.includes(".")).map((p) => p.toLowerCase())]),
) as Record<UiLanguage, string[]>;

/** Whether the dot at `at` is one of an abbreviation that opens examples ("type e.g. cardio, yoga"). */
function abbreviated(prompt: string, at: number, language: UiLanguage): boolean {
  return ABBREVIATED[language].some((p) =>
    [...p].some((c, d) =>
      c === "." && prompt.slice(at - d, at - d + p.length).toLowerCase() === p &&
      !/\p{L}/u.test(prompt[at - d - 1] ?? "")
    )
  );
}

export function clauses(prompt: string, language: UiLanguage): Clause[] {
  const out: Clause[] = [];
  let from = 0;
  const pieces: [number, number][] = [];
  // A day's ordinal dot inside a date ("am 12. Juni") ends no sentence, nor, in German, one before a word
  // in lower case ("am 3. jedes Monats"): the dates are read only when a dot follows a number.
  let dates: { start: number; end: number }[] | undefined;
  const ordinal = (at: number, next: string) =>
    (language === "de" && /(?:^|\D)\d{1,2}$/.test(prompt.slice(Math.max(0, at - 3), at)) &&
      /^\p{Ll}/u.test(next)) ||
    (dates ??= quantities(prompt, language).filter((q) => q.kind === "date")).some((d) =>
      d.start <= at && at < d.end
    );
  for (const m of prompt.matchAll(HARD)) {
    const at = m.index!;
    if (
      m[0].startsWith(".") && /\d/.test(prompt[at - 1] ?? "") && ordinal(at, prompt.slice(at + m[0].length))
    ) {
      continue;
    }
    if (m[0].startsWith(".") && abbreviated(prompt, at, language)) continue;
    pieces.push([from, m.index!]);
    from = m.index! + m[0].length;
  }
  pieces.push([from, prompt.length]);
  const read = (start: number, end: number) => {
    const colon = listColon(prompt, start);
    // "track my books: title, author, rating" — a colon before words (not a clock time 20:30).
    const listed = colon >= 0 && colon < end && !/\d/.test(prompt[colon + 1] ?? "");
    const head = listed ? trimmed(prompt, start, colon) : null;
    const label = head && stated(prompt.slice(colon + 1, end), language)
      ? goalLabel(head, language)
      : undefined;
    if (label !== undefined) {
      // A goal named as a label ("goal: walk 10000 steps a day", "Ziel: 2 Liter Wasser am Tag trinken") is
      // stated by the amount that follows it: they are one clause.
      out.push(...verbPhrases(prompt, trimmed(prompt, start, label), language));
      out.push(...verbPhrases(prompt, trimmed(prompt, label, end), language));
    } else if (listed) {
      // The records a title names after its last comma are the items' ("Werkstatt-App, Kunden: Name, Auto").
      const named = head ? namedLast(head, language) : undefined;
      const heads = named === undefined ? verbPhrases(prompt, head, language) : [
        ...verbPhrases(prompt, trimmed(prompt, head!.start, named), language),
        trimmed(prompt, named, colon)!,
      ];
      const at = head ? out.push(...heads) - 1 : undefined;
      // Only the first verb phrase after the colon is its items: one a verb opens after a comma or "and"
      // ("For my dog: his weight, and remind me of the vaccine") asks on its own.
      const [first, ...more] = verbPhrases(prompt, trimmed(prompt, colon + 1, end), language);
      // What a verb opens ("Marathon training: log every run with distance and pace", "Preparo la
      // maratona: segnare ogni corsa…"), or a German infinitive ends, is a request of its own, not items.
      if (first && requests(first, language)) {
        out.push(first, ...more);
        return;
      }
      // Items that open on each record of a noun, or on a noun and a colon of their own ("Colo : pour chaque
      // enfant : nom, âge", "Mi equipo: jugadores: nombre, dorsal"), are that noun's records, with their list.
      const inner = listColon(prompt, colon + 1);
      if (
        first && (eachOpening(words(first.text), language, first.text) ||
          (inner >= 0 && inner < end && shortNoun(words(prompt.slice(colon + 1, inner)), language)))
      ) {
        return read(colon + 1, end);
      }
      // A noun with its fields after "with" ("My shop: products with size, colour and price") under a title
      // that asks for nothing of its own is those records, which the title only names: not its fields.
      // (Under one that asks for something, items that are several kinds of records in a row, each with fields
      // of its own, are those records all the same: "per la squadra di pallavolo: partite con data e
      // risultato, allenamenti (data, durata) e infortuni", `kind-row.ts`.)
      const records = first !== undefined &&
        (first.records || recordsWith(words(first.text), language) >= 0) &&
        (!owns(head, language) ||
          (first.records === true && opensKind(words(first.text), language) && more.some((p) => p.records)));
      for (const phrase of first ? [first] : []) {
        for (const item of asked(prompt, phrase, language)) {
          const clause = phrase.records ? { ...item.clause, records: true } : item.clause;
          out.push(at === undefined || !item.fields || records ? clause : { ...clause, head: at });
        }
      }
      // (A phrase after them with a colon of its own is read as one: "…, and for each runner: name, age".)
      for (const phrase of more) {
        const own = listColon(prompt, phrase.start);
        if (own >= 0 && own < phrase.end) read(phrase.start, phrase.end);
        else out.push(phrase);
      }
    } else out.push(...verbPhrases(prompt, trimmed(prompt, start, end), language));
  };
  for (const [start, end] of pieces) read(start, end);
  return out;
}

/** The first colon from `start` outside brackets: one inside them labels a field's values ("(name, diet:
 * none, vegan)"), no list of the clause. */
function listColon(prompt: string, start: number): number {
  let depth = 0;
  for (let i = start; i < prompt.length; i++) {
    if (prompt[i] === "(") depth++;
    else if (prompt[i] === ")") depth = Math.max(0, depth - 1);
    else if (prompt[i] === ":" && !depth) return i;
  }
  return -1;
}

/** Whether words are a noun phrase of up to three words, content words and articles or determiners only, a
 * content word among them ("jugadores", "the kids"; not "which kind"): what records are called. */
function shortNoun(tokens: readonly Token[], language: UiLanguage): boolean {
  const stop = CUES[language].stop;
  const opener = (t: Token) => ARTICLES[language].has(t.norm) || DETERMINERS[language].has(t.norm);
  return tokens.length > 0 && tokens.length <= RECORD_WORDS &&
    tokens.every((t) =>
      t.kind === "word" && !VERBS[language].has(t.norm) && (!stop.has(t.norm) || opener(t))
    ) &&
    tokens.some((t) => !stop.has(t.norm));
}

/** Where a `:` list's head names records after its last comma, past words before it ("Werkstatt-App, Kunden"),
 * or undefined; not a cue, which names a field or an ask ("log what i spend, categories: bills, food"). */
function namedLast(head: Clause, language: UiLanguage): number | undefined {
  const tokens = words(head.text);
  const comma = tokens.findLastIndex((t) => t.norm === ",");
  const stop = CUES[language].stop;
  const before = tokens.slice(0, comma).some((t) => t.kind === "word" && !stop.has(t.norm));
  const part = tokens.slice(comma + 1);
  const stems = stemTokens(part, language);
  const cued = matchCues(stems, CUES[language].fields).length + matchCues(stems, CUES[language].asks).length;
  return comma > 0 && before && !cued && shortNoun(part, language) ? head.start + part[0].start : undefined;
}

/** Whether a phrase opens on one of the lexicon's verbs, or in German ends on one, as a request does. */
function requests(phrase: Clause, language: UiLanguage): boolean {
  const tokens = words(phrase.text).filter((t) => t.kind === "word");
  const verb = (i: number) => VERBS[language].has(tokens.at(i)?.norm ?? "");
  return tokens.length > 1 && (verb(0) || (language === "de" && verb(-1)));
}

const ARTICLES = Object.fromEntries(
  Object.entries(LEXICONS).map(([language, lex]) => [language, wordSet(lex.articles)]),
) as Record<UiLanguage, Set<string>>;

const DETERMINERS = Object.fromEntries(
  Object.entries(LEXICONS).map(([language, lex]) => [language, wordSet(lex.determiners)]),
) as Record<UiLanguage, Set<string>>;

const WITH = Object.fromEntries(
  Object.entries(LEXICONS).map(([language, lex]) => [language, wordSet(lex.with)]),
) as Record<UiLanguage, Set<string>>;
/** How many words name the records before their "with" at most ("libri letti insieme con…"). */
const RECORD_WORDS = 3;

/**
 * Where a phrase that opens on records' noun and then lists their fields after "with" says "with"
 * ("productos con talla, color y precio", "des vins avec région, année et note", "jeder Hund mit Name und
 * Rasse"): up to three words, a content word among them, then two fields or more joined by a comma or "and",
 * before an item an indefinite article opens and none with fields of its own in brackets ("visits with
 * parents (date, time), school reports" are records).
 * -1 when the phrase is no such thing.
 */
export function recordsWith(tokens: readonly Token[], language: UiLanguage): number {
  const at = tokens.findIndex((t) => WITH[language].has(t.norm));
  if (at < 1 || at > RECORD_WORDS) return -1;
  const noun = tokens.slice(0, at);
  const stop = CUES[language].stop;
  if (
    noun.some((t) => t.kind !== "word" || VERBS[language].has(t.norm)) || noun.every((t) => stop.has(t.norm))
  ) {
    return -1;
  }
  let depth = 0;
  let open = 0;
  let joined = false;
  for (let k = at + 2; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.norm === "(" && !depth++) open = k;
    else if (t.norm === ")" && !--depth) {
      if (matchCues(stemTokens(tokens.slice(open + 1, k), language), CUES[language].fields).length) return -1;
    } else if (!depth && JOINERS[language].has(t.norm)) {
      // (An item an indefinite article opens is a thing of its own: "programme with times, a kitty".)
      if (ARTICLES[language].has(tokens[k + 1]?.norm ?? "")) break;
      joined = true;
    }
  }
  return joined ? at : -1;
}

/** Asks with records or a screen of their own, which an item of a `:` list may ask for ("a checklist" is a
 * list of ticks). */
const OWN = new Set([
  "list",
  "yesno",
  "log",
  "schedule",
  "quiz",
  "countdown",
  "goal",
  "timer",
  "catalog",
  "order",
  "split",
  "people",
  "calculator",
  "convert",
]);

/** Whether words name an ask with records or a screen of its own; English cues count in every language, as
 * they do for asks ("une checklist"). */
function ownAsk(tokens: readonly Token[], language: UiLanguage): boolean {
  const compounds = language === "de" ? tokens.map((t) => t.norm) : undefined;
  return [
    ...matchCues(stemTokens(tokens, language), CUES[language].asks, compounds),
    ...(language === "en" ? [] : matchCues(stemTokens(tokens, "en"), CUES.en.asks)),
  ].some((m) => OWN.has(m.key));
}

/** Whether a clause asks for something of its own. */
const owns = (clause: Clause | null, language: UiLanguage) =>
  clause !== null && ownAsk(words(clause.text), language);

/**
 * The items of a `:` list, as fields of the clause before, except an item that an indefinite article opens
 * and that names an ask of its own ("For the wedding: a guest list, a budget of 8000 € and a countdown"),
 * which is a clause of its own; the items after it without one go with it.
 */
function asked(prompt: string, items: Clause, language: UiLanguage): { clause: Clause; fields: boolean }[] {
  const tokens = words(items.text);
  const joiners = JOINERS[language];
  const cuts: number[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].norm === "(") depth++;
    else if (tokens[i].norm === ")") depth--;
    else if (
      !depth && ARTICLES[language].has(tokens[i].norm) && (i === 0 || joiners.has(tokens[i - 1].norm))
    ) {
      let at = i;
      while (at > 0 && joiners.has(tokens[at - 1].norm)) at--;
      cuts.push(at);
    }
  }
  const own = (from: number, to: number) => {
    const part = tokens.slice(from, to);
    const open = part.findIndex((t) => t.norm === "(");
    return ownAsk(open >= 0 ? part.slice(0, open) : part, language);
  };
  const out = [{ from: 0, to: cuts[0] ?? tokens.length, fields: true }];
  for (const [k, cut] of cuts.entries()) {
    const to = cuts[k + 1] ?? tokens.length;
    if (own(cut, to)) out.push({ from: cut, to, fields: false });
    else out[out.length - 1].to = to;
  }
  const offset = (i: number) => items.start + (tokens[i]?.start ?? items.text.length);
  return out.flatMap(({ from, to, fields }) => {
    const clause = trimmed(prompt, offset(from), to < tokens.length ? offset(to) : items.end);
    return clause && to > from ? [{ clause, fields }] : [];
  });
}

const AMOUNTS = new Set(["money", "measure", "number", "duration"]);
const stated = (text: string, language: UiLanguage) =>
  quantities(text, language).some((q) => AMOUNTS.has(q.kind));

/** Where a goal named as a label before a colon starts: the words after the last comma of the clause
 * before it, when they are a goal's cue and function words only ("goal", "mon objectif", "reading log, Ziel").
 */
function goalLabel(head: Clause, language: UiLanguage): number | undefined {
  const tokens = words(head.text);
  let from = tokens.length;
  while (from > 0 && tokens[from - 1].norm !== ",") from--;
  const part = tokens.slice(from);
  const compounds = language === "de" ? part.map((t) => t.norm) : undefined;
  const goals = matchCues(stemTokens(part, language), CUES[language].asks, compounds).filter((m) =>
    m.key === "goal"
  );
  const stop = CUES[language].stop;
  const label = goals.length > 0 &&
    part.every((t, i) => stop.has(t.norm) || goals.some((m) => m.from <= i && i < m.to));
  return label ? head.start + part[0].start : undefined;
}

/**
 * Whether the words from `i`, after "and" or a comma in a clause that already said "with", name other records
 * with fields of their own ("products with price and orders with customer and date", "soci con quota e le
 * uscite con data", "Mitglieder mit Beitrag und Termine mit Datum"): an article or a possessive at most, up to
 * three words with a content word and no verb, "with", then a word.
 */
function moreRecords(tokens: readonly Token[], i: number, language: UiLanguage): boolean {
  let from = i;
  while (
    ARTICLES[language].has(tokens[from]?.norm ?? "") || DETERMINERS[language].has(tokens[from]?.norm ?? "")
  ) {
    from++;
  }
  const at = tokens.findIndex((t, k) => k >= from && WITH[language].has(t.norm));
  if (at <= from || at - from > RECORD_WORDS || tokens[at + 1]?.kind !== "word") return false;
  const noun = tokens.slice(from, at);
  const stop = CUES[language].stop;
  return noun.every((t) =>
    t.kind === "word" && !VERBS[language].has(t.norm) && !JOINERS[language].has(t.norm)
  ) &&
    noun.some((t) => !stop.has(t.norm));
}

/** Splits a clause before a verb that follows a comma or "and": a new verb phrase starts there; and so do
 * other records named with their fields after the fields of the first, and the fields said of each record of
 * a noun ("…, and for each book: title, author"), which are that noun's records. */
function verbPhrases(prompt: string, clause: Clause | null, language: UiLanguage): Clause[] {
  if (!clause) return [];
  const tokens = words(clause.text);
  const joiners = JOINERS[language];
  const cuts: { at: number; records: boolean; each?: boolean }[] = [];
  let from = 0;
  for (let i = 2; i < tokens.length; i++) {
    if (!joiners.has(tokens[i - 1].norm)) continue;
    const records = !VERBS[language].has(tokens[i].norm) &&
      ((tokens.slice(from, i - 1).some((t) => WITH[language].has(t.norm)) &&
        moreRecords(tokens, i, language)) ||
        otherKind(tokens, i, from, cuts.some((c) => c.records), language));
    const each = !records && eachRecord(tokens, i, language, clause.text) !== undefined;
    if (!records && !each && !VERBS[language].has(tokens[i].norm)) continue;
    // "and" right after a comma belongs with it: cut before the comma.
    const at = tokens[i - 2].norm === "," ? i - 2 : i - 1;
    cuts.push({ at: clause.start + tokens[at].start, records, each });
    from = i;
  }
  const parts: Clause[] = [];
  let start = clause.start;
  for (const [k, cut] of [...cuts, { at: clause.end, records: false }].entries()) {
    const piece = trimmed(prompt, start, cut.at);
    // Both sides of a cut before other records name records with their fields; the side after a cut before
    // "each" does.
    if (piece && (cut.records || cuts[k - 1]?.records || cuts[k - 1]?.each)) piece.records = true;
    if (piece) parts.push(piece);
    start = cut.at;
  }
  // The joining word ("and") opens the next part, so no word is lost.
  return parts;
}
