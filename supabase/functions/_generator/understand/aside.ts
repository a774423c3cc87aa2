// Words said to someone or about whom an app is for, which ask for nothing: the greetings that open a prompt
// ("Hi!", "Ciao,"), the person it is for ("for grandma", "per la nonna", "für Oma"), what the speaker tells of
// themselves or their people in a clause that asks nothing ("I teach yoga", "Mia sorella lavora in un bar"),
// what a negation that opens a clause refuses ("no login", "keine Werbung"), and the verbs of asking whose
// clause's ask says what they ask ("Help me keep…", "je veux voir le total").
import type { Language } from "../template/src/types.ts";
import { LEXICONS, perLanguage, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import { fold, words } from "./text.ts";
import { stem } from "./stem.ts";

/** The words of purpose, folded: what follows them is whom or what a thing is for ("for my bikes"). */
export const PURPOSE: Record<Language, Set<string>> = {
  en: new Set(["for"]),
  it: new Set(["per"]),
  fr: new Set(["pour"]),
  es: new Set(["para"]),
  de: new Set(["fur", "furs"]),
};

// The word that makes the next one an infinitive ("to log", "per segnare", "pour suivre", "para apuntar").
export const TO: Record<Language, string> = { en: "to", it: "per", fr: "pour", es: "para", de: "zu" };

const GREETINGS = perLanguage((lex) => [...lex.greetings].sort((a, b) => b.length - a.length));
const PERSONS = perLanguage((lex) => lex.persons);
const DETERMINERS = perLanguage((lex) => [...lex.determiners, ...lex.articles]);
const POSSESSIVES = perLanguage((lex) => lex.determiners);
const STOP = perLanguage((lex) => lex.stop);
// A person in the singular or the plural ("sorella", "sorelle"): the lexicon lists either.
const PERSON_STEMS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new Set(lex.persons.map((p) => stem(p, l as Language)))]),
) as Record<Language, Set<string>>;
const person = (word: string, language: Language) => PERSON_STEMS[language].has(stem(word, language));
const SPEAKER = perLanguage((lex) => [...lex.speaker, ...lex.firstPerson]);
const ROLES = perLanguage((lex) => [...lex.roles.article, ...lex.roles.bare]);
const WANT = perLanguage((lex) => lex.want);
const NOT = phrasesPerLanguage((lex) => lex.not);
const RELATIVE = perLanguage((lex) => lex.relative);
const NUMBERS = perLanguage((lex) => Object.keys(lex.numbers));
// The verbs that ask: for the app or help, to note or show, to see or know, and those of the speaker's role
// ("je tiens", "gestisco") once what they govern is an ask's.
const ASKING = perLanguage((lex) => [
  ...lex.request,
  ...lex.verbs,
  ...lex.see,
  // (The verbs of adding ask for what they govern: "add a chart", "aggiungi un grafico".)
  ...lex.changes.add_field.filter((cue) => !cue.includes(" ")),
  ...[...lex.roles.article, ...lex.roles.bare].flatMap((r) => r.split(/\s+/)),
]);

/** Where the greetings that open a prompt end ("Sehr geehrte Damen und Herren,", "Madame, Monsieur,",
 * "Hi there!"): each runs to the mark after it when a few words come before that mark, else it is its own
 * words alone; 0 when the prompt opens on something else. */
export function greeting(prompt: string, language: Language): number {
  let at = 0;
  for (;;) {
    const rest = fold(prompt.slice(at)).replace(/^[^\p{L}]+/u, "");
    const skipped = prompt.slice(at).length - prompt.slice(at).replace(/^[^\p{L}]+/u, "").length;
    const opening = [...GREETINGS[language]].find((g) =>
      rest.startsWith(g) && !/^\p{L}/u.test(rest.slice(g.length))
    );
    if (!opening) return at;
    const mark = rest.slice(opening.length).search(/[,.!?:;\n]/);
    const between = mark < 0
      ? []
      : rest.slice(opening.length, opening.length + mark).split(/\s+/).filter(Boolean);
    at += skipped + opening.length + (mark >= 0 && between.length <= 3 ? mark + 1 : 0);
  }
}

/** The spans of the prompt that ask for nothing: its opening greetings, and each person named right after a
 * word of purpose and a determiner or none ("for my dad", "pour mamie", "para la abuela"). */
export function aside(prompt: string, language: Language): { start: number; end: number }[] {
  const spans = [{ start: 0, end: greeting(prompt, language) }];
  const tokens = words(prompt);
  tokens.forEach((t, i) => {
    if (!PERSONS[language].has(t.norm)) return;
    let k = i - 1;
    if (DETERMINERS[language].has(tokens[k]?.norm ?? "")) k--;
    if (PURPOSE[language].has(tokens[k]?.norm ?? "")) spans.push({ start: t.start, end: t.end });
  });
  return spans;
}

/** Whether a clause opens on the speaker or a person of theirs as its subject: a first-person pronoun or
 * auxiliary, a verb of the speaker's ending ("sposiamo") or role ("sono maestra"), or a determiner before a
 * person, a number between ("Mio padre", "Mes deux fils", "Meine Mutter (79)"), within its first words. */
export function ofTheSpeaker(text: string, language: Language): boolean {
  const tokens = words(text).filter((t) => t.kind === "word").slice(0, 3);
  const folded = fold(text).trim();
  if (ROLES[language].has(folded) || [...ROLES[language]].some((r) => folded.startsWith(`${r} `))) {
    return true;
  }
  return tokens.some((t, i) => {
    if (SPEAKER[language].has(t.norm)) return true;
    const before = tokens[i - 1]?.norm ?? "";
    const own = t.norm.length >= 6 && LEXICONS[language].speakerEndings.some((e) => t.norm.endsWith(e)) &&
      !DETERMINERS[language].has(before) && !RELATIVE[language].has(before);
    if (own) return true;
    if (!POSSESSIVES[language].has(t.norm) || i > 0) return false;
    const next = words(text).filter((w) => w.kind !== "mark").slice(1, 3);
    const who = next[0] && (/^\d/.test(next[0].norm) || NUMBERS[language].has(next[0].norm))
      ? next[1]
      : next[0];
    return who !== undefined && person(who.text, language);
  });
}

/** The clauses that tell of the speaker or their people and ask nothing: no ask quotes a word of them, and
 * no word of intent, no person after their subject and none of the quantities `stated` is in them ("I run a
 * small dog-walking business.", "Ma fille est diabétique.", "Nos casamos en junio."). A prompt of such
 * clauses alone tells what it is about, so none is left out when nothing was asked. */
export function told(
  prompt: string,
  language: Language,
  clauses: { start: number; end: number }[],
  asks: { start: number; end: number }[],
  stated: { start: number; end: number }[],
): { start: number; end: number }[] {
  if (!asks.length) return [];
  return clauses.filter((c) => {
    const text = prompt.slice(c.start, c.end);
    const intent = [...WANT[language]].some((w) => ` ${fold(text)} `.includes(` ${w} `));
    // (Persons it goes on to name, "nos enfants (Léa 9 ans et Tom 6 ans)", "about 15 students", may be
    // whom the app keeps.)
    const persons = words(text).filter((t) => t.kind === "word").slice(3).some((t) =>
      person(t.text, language)
    );
    // (Nor does a clause that states a quantity, "I have 14 goats", "every Sunday": an ask may hold it.)
    const states = stated.some((q) => c.start <= q.start && q.end <= c.end);
    return !intent && !persons && !states && !asks.some((a) => a.start < c.end && c.start < a.end) &&
      ofTheSpeaker(text, language);
  });
}

/** Whether every word of a run is a verb of asking (`request`, `verbs`, `see`, a role's verb): in a clause
 * an ask quotes, that ask is what it asks for ("Help", "fammi", "voir", "tiens"). */
export function asking(run: string, language: Language): boolean {
  const tokens = words(run).filter((t) => t.kind === "word");
  return tokens.length > 0 && tokens.every((t) => ASKING[language].has(t.norm));
}

/** The spans a negation opens, up to the next mark, at the start of a clause or after function words only
 * ("no login, it's only for me", "niente login e niente pubblicità", "keine Bankanbindung"), that no ask
 * quotes a word of: what they refuse, nothing builds. */
export function refused(
  prompt: string,
  language: Language,
  asks: { start: number; end: number }[],
): { start: number; end: number }[] {
  const tokens = words(prompt);
  const spans: { start: number; end: number }[] = [];
  tokens.forEach((t, i) => {
    const phrase = phraseFrom(tokens, i, NOT[language]);
    if (!phrase) return;
    let k = i - 1;
    while (
      k >= 0 && tokens[k].kind === "word" && STOP[language].has(tokens[k].norm)
    ) k--;
    if (k >= 0 && tokens[k].kind !== "mark") return;
    let end = i + phrase.length;
    while (end < tokens.length && tokens[end].kind !== "mark") end++;
    const span = { start: t.start, end: tokens[end - 1].end };
    if (!asks.some((a) => a.start < span.end && span.start < a.end)) spans.push(span);
  });
  return spans;
}
