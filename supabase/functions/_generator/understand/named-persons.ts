// Persons a prompt names one by one, who act in the app (do chores, are paid, play, are looked after, work
// shifts), are the people it keeps: two names or more after a noun of persons or a number of them, in brackets
// or after a comma or a colon ("2 gesellen (Tobi und Marco)", "nos enfants (Léa 9 ans et Tom 6 ans)",
// "3 camerieri: Luca, Giulia e Paolo", "my twins, Ava and Zoe"), each after its own noun ("mia nonna Rosa e mio
// nonno Gino"), or after the speaker's own word ("me, Dan, Chris and Mo", "yo, Paco, Manolo y Rafa"). A name
// may carry its age ("Hugo, 8 años"). They are one people ask whose person field offers those names (its
// records' samples), called by the noun; the names are no fields of other asks, no choice of values, and the
// counted noun is no list of its own.
import { CUES, OF_WORDS, perLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { fold, type Token, words } from "./text.ts";
import type { Ask, Field } from "./asks.ts";
import { stem } from "./stem.ts";

/** The nouns of persons: relatives, children, students and the like (`persons`), groups of them, and those
 * who act in an app besides (`namedPersons.nouns`). */
const NOUNS = perLanguage((lex) => [...lex.persons, ...lex.group.collectives, ...lex.namedPersons.nouns]);
/** "With", which opens names another reading already takes for persons ("avec Paul, Marie et Luc"). */
const WITH = perLanguage((lex) => lex.with);
/** Nouns of persons of no kind ("people", "persone", "Leute"). */
const ANYONE = perLanguage((lex) => lex.anyone);
const AGE = perLanguage((lex) => lex.namedPersons.age);
const ME = perLanguage((lex) => lex.namedPersons.me);
/** "And" between names; not "or", which offers values. */
const AND = perLanguage((lex) => lex.and.filter((w) => !lex.or.includes(w)));
/** The words that open a noun of persons after "and" ("e mio nonno Gino", "und meinen Vater Werner"). */
const OPENERS = perLanguage((lex) => [...lex.articles, ...lex.determiners, ...lex.mine]);
/** Number words, for the count before a noun ("trois enfants", "zwei Kinder"). */
const NUMBERS = perLanguage((lex) => Object.keys(lex.numbers));
/** The most names a list holds: more is a list of something else. */
const MOST_NAMES = 12;

export interface NamedPersons {
  /** The names as written, each once. */
  names: string[];
  /** The noun that calls them, as written, if one does. */
  noun?: string;
  /** The count before the noun ("2", "trois"). */
  count?: Token;
  start: number;
  end: number;
}

const isNoun = (t: Token | undefined, language: UiLanguage) =>
  t?.kind === "word" && (NOUNS[language].has(t.norm) || NOUNS[language].has(fold(t.text)));

const capital = (t: Token) => /^\p{Lu}/u.test(t.text);

/** Whether a word is one of the language's closed classes (a function word in lower case, "and", a number, an
 * age, a noun of persons, an article or a determiner), no name; in German, whose nouns are capitalized as names are, outside brackets also a cue of an
 * ask or a field's word the lexicon knows. */
function known(t: Token, language: UiLanguage, bracketed: boolean): boolean {
  const cues = CUES[language];
  // (A capital makes a function word a name: "Nello", "Dora".)
  if (
    (cues.stop.has(t.norm) && !capital(t)) || AND[language].has(t.norm) || NUMBERS[language].has(t.norm) ||
    AGE[language].has(t.norm) || NOUNS[language].has(t.norm) || OPENERS[language].has(t.norm)
  ) return true;
  if (language !== "de" || bracketed) return false;
  const s = stem(t.text, language);
  return cues.asks.has(s) || cues.fields.has(s);
}

/** The names from token `i` on: each a word (capitalized unless `bracketed`), maybe with its age, joined by
 * commas and "and"; where a name's own noun comes between ("e mio nonno Gino"), after it. */
function namesFrom(tokens: readonly Token[], i: number, bracketed: boolean, language: UiLanguage) {
  const names: Token[] = [];
  // (How many names come after a noun of their own: "e mio nonno Gino".)
  let nouns = 0;
  let j = i;
  const name = (t: Token | undefined) =>
    t?.kind === "word" && t.text.length > 1 && !known(t, language, bracketed) && (bracketed || capital(t));
  while (names.length < MOST_NAMES && name(tokens[j])) {
    names.push(tokens[j]);
    let k = j + 1;
    // Its age: "Léa 9 ans", "Hugo, 8 años", "Mia (11)".
    const age = (at: number) =>
      tokens[at]?.kind === "number" ? at + (AGE[language].has(tokens[at + 1]?.norm) ? 2 : 1) : at;
    if (tokens[k]?.text === "," && tokens[k + 1]?.kind === "number") k = age(k + 1);
    else k = age(k);
    const end = k;
    j = end;
    // The mark or "and" before the next name, and the next name's own noun.
    if (tokens[k]?.text === ",") k++;
    if (AND[language].has(tokens[k]?.norm ?? "")) k++;
    if (k === end) break;
    let n = k;
    while (OPENERS[language].has(tokens[n]?.norm ?? "")) n++;
    if (n > k && isNoun(tokens[n], language)) k = n + 1;
    else if (isNoun(tokens[k], language)) k++;
    if (k > end + 1 && isNoun(tokens[k - 1], language)) nouns++;
    if (!name(tokens[k])) break;
    j = k;
  }
  return { names, to: names.length ? j : i, nouns };
}

/** The persons a prompt names one by one, each group once; after "with" only where `persons` says the words
 * at an offset are persons already (`opens`: persons read from that offset on). */
export function namedPersons(
  prompt: string,
  language: UiLanguage,
  persons: (at: number, opens: boolean) => boolean = () => false,
): NamedPersons[] {
  const tokens = words(prompt);
  const found: NamedPersons[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const noun = isNoun(t, language);
    // (The speaker's word opens a list only before a comma and a name: "me, Dan, Chris and Mo".)
    const me = !noun && ME[language].has(t.norm) && tokens[i + 1]?.text === ",";
    // (In German, whose nouns after "mit" are capitalized as names are, only where the persons read open on the
    // first name: "mit Klaus, Dieter und Horst", not "Mitglieder mit Name und Beitrag".)
    const held = !noun && WITH[language].has(t.norm) && tokens[i + 1] &&
      persons(tokens[i + 1].start, language === "de");
    if (!noun && !me && !held) continue;
    let at = i + 1;
    // (A noun's complement comes before the names: "compañeros de piso, Laura, Marta y Dani".)
    if (noun && OF_WORDS[language].has(tokens[at]?.norm ?? "") && tokens[at + 2]?.text === ",") at += 2;
    const mark = tokens[at]?.text;
    const bracketed = noun && mark === "(";
    if (held && mark !== undefined && tokens[at].kind === "mark") continue;
    if (mark === "(" || mark === "," || mark === ":" || mark === "-") at++;
    // (After a colon or a comma, a German noun is capitalized as a name is: only in brackets there; and a noun of
    // persons of no kind, "people", "Personen", is a field's word there: "number of people, arrival".)
    if ((mark === ":" || mark === ",") && (language === "de" || ANYONE[language].has(t.norm))) continue;
    const { names, to, nouns } = namesFrom(tokens, at, bracketed, language);
    if (names.length < 2) continue;
    const before = tokens[i - 1];
    const count = noun && before && (before.kind === "number" || NUMBERS[language].has(before.norm))
      ? before
      : undefined;
    const end = tokens[to]?.text === ")" ? tokens[to].end : tokens[to - 1].end;
    const seen = new Set<string>();
    found.push({
      names: names.map((n) => n.text[0].toUpperCase() + n.text.slice(1)).filter((n) =>
        !seen.has(fold(n)) && seen.add(fold(n))
      ),
      // (Names each after a noun of its own are called by none: "mia nonna Rosa e mio nonno Gino".)
      ...(noun && !nouns ? { noun: t.text } : {}),
      ...(count ? { count } : {}),
      start: (count ?? t).start,
      end,
    });
    i = to;
  }
  return found;
}

/** The asks with the persons a prompt names one by one as a people ask of theirs (above). */
export function namedPersonsAsks(prompt: string, language: UiLanguage, asks: Ask[]): Ask[] {
  const persons = (at: number, opens: boolean) =>
    asks.some((a) => a.type === "people" && (opens ? a.start === at : a.start <= at && at < a.end));
  const groups = namedPersons(prompt, language, persons);
  if (!groups.length) return asks;
  const names = new Set(groups.flatMap((g) => g.names.map(fold)));
  // A field that is a name, or opens on one ("Horst mittwoch"), is no field; a choice of names is none either.
  const isName = (f: Field) => names.has(fold(f.name.split(" ")[0]));
  const ofNames = (f: Field) => (f.options?.length ?? 0) > 0 && f.options!.every((o) => names.has(fold(o)));
  let out = asks.flatMap((a) => {
    const fields = a.fields.filter((f) => !isName(f) && !(a.type !== "people" && ofNames(f)));
    return a.type === "choice" && !fields.length && a.fields.some(ofNames) ? [] : [{ ...a, fields }];
  });
  for (const g of groups) {
    const person: Field = { name: "person", type: "choice", options: g.names };
    const within = (a: Ask) => a.start < g.end && g.start < a.end;
    // (The counted noun is the people, no list of them: "2 baristas", "trois enfants".)
    const counted = (a: Ask) =>
      a.type === "list" && a.start >= g.start && a.end <= g.end && g.noun !== undefined &&
      fold(a.quote).endsWith(fold(g.noun));
    out = out.filter((a) => !counted(a));
    const people = out.find((a) => a.type === "people" && within(a)) ??
      out.find((a) => a.type === "people" && !a.fields.some((f) => f.options?.length));
    if (people) {
      const own = people.fields.find((f) => f.type === "choice" && f.name === "person");
      if (own) own.options = g.names;
      else people.fields.push(person);
      // (The noun right before the names calls them: "équipe de 3 infirmières (Julie, …)" are nurses.)
      if (g.noun) people.subject = g.noun;
      continue;
    }
    out.push({
      type: "people",
      quote: prompt.slice(g.start, g.end),
      start: g.start,
      end: g.end,
      ...(g.noun ? { subject: g.noun } : {}),
      fields: [person],
      quantities: [],
      named: true,
    });
  }
  return out;
}
