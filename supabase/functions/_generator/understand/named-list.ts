// A list named as a thing, with what it lists after its word of "of" ("a checklist of all 110 messier objects",
// "una lista de tareas pendientes", "une liste des films", "eine Liste der Bücher"), keeps those things: they
// are the list's subject, even where another ask's words come before it ("registro de mis gastos y también una
// lista de tareas": the tasks, not the expenses) or its things are words of a list's cue ("tareas"). A list noun
// no list cue reads ("checklist", asked as a tick) is a list of those things of its own, beside the clause's
// other records, its tick their field. A German compound that ends in a list noun ("Packliste", "Einkaufsliste")
// names its things itself: what follows it ("für den Urlaub") is what they are for.
import { CUES, perLanguage, phraseAt, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { type Token, words } from "./text.ts";
import type { Ask } from "./asks.ts";
import { stemPhrase } from "./stem.ts";

const NOUNS = phrasesPerLanguage((lex) => lex.namedList.nouns);
const OF = phrasesPerLanguage((lex) => lex.namedList.of);
/** The words a noun phrase opens with before its noun: articles, determiners, the speaker's possessives. */
const OPENERS = perLanguage((lex) =>
  [...lex.articles, ...lex.determiners, ...lex.mine].flatMap((w) => w.split(" "))
);
/** The words that say which of the things are meant ("upcoming", "migliori", "besten"): no part of them. */
const SELECTING = perLanguage((lex) => lex.selecting);
/** The words that end the things' noun phrase: a relative ("where i tick"), "with" (their fields), the
 * speaker ("books i want to read"). */
const ENDS = perLanguage((lex) => [...lex.relative, ...lex.with, ...lex.speaker]);
/** "And" ends it before another noun phrase ("a list of gifts and a budget"), not between its words ("safe and
 * unsafe foods"). */
const AND = perLanguage((lex) => lex.and);
/** The most words the things' noun phrase runs to ("things to pack for", "tareas pendientes"). */
const THING_WORDS = 4;
/** The shortest first part of a German compound list noun ("Pack|liste"): shorter is no word of its own. */
const COMPOUND_PART = 3;

interface NamedList {
  /** The list noun's token. */
  at: number;
  /** The things it lists, as written. */
  things: string;
  start: number;
  end: number;
}

/** The noun phrase that starts at `i`, after the words that open it, up to a mark or a word that ends it. */
function thingsFrom(tokens: readonly Token[], i: number, language: UiLanguage) {
  const stop = CUES[language].stop;
  // (A quantifier before a number or an article opens it too: "all 110 objects", "tutti i libri".)
  const opens = (k: number) => tokens[k]?.kind === "number" || OPENERS[language].has(tokens[k]?.norm ?? "");
  const selects = (k: number) => SELECTING[language].has(tokens[k]?.norm ?? "");
  while (i < tokens.length && (opens(i) || selects(i) || (stop.has(tokens[i].norm) && opens(i + 1)))) i++;
  let j = i;
  while (
    j < tokens.length && j - i < THING_WORDS && tokens[j].kind === "word" &&
    !ENDS[language].has(tokens[j].norm) &&
    !(AND[language].has(tokens[j].norm) && opens(j + 1))
  ) j++;
  while (j > i && stop.has(tokens[j - 1].norm)) j--;
  const content = tokens.slice(i, j).some((t) => !stop.has(t.norm));
  return content ? { from: i, to: j } : undefined;
}

/** The lists the prompt names as things, each with what it lists. */
export function namedLists(prompt: string, language: UiLanguage): NamedList[] {
  const tokens = words(prompt);
  const found: NamedList[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const noun = NOUNS[language].find((p) => phraseAt(tokens, i, p));
    const last = tokens[i].norm;
    const compound = !noun && language === "de" &&
      NOUNS.de.some((p) =>
        p.length === 1 && last.endsWith(p[0]) && last.length >= p[0].length + COMPOUND_PART
      );
    if (!noun && !compound) continue;
    const after = i + (noun?.length ?? 1);
    if (compound) {
      found.push({ at: i, things: tokens[i].text, start: tokens[i].start, end: tokens[i].end });
      continue;
    }
    // An elided "of" is written with the noun's first word ("d'objets").
    const elided = OF[language].find((p) =>
      p.length === 1 && p[0].endsWith("'") &&
      tokens[after]?.norm.startsWith(p[0]) && tokens[after].norm.length > p[0].length
    );
    const of = elided ? undefined : OF[language].find((p) => phraseAt(tokens, after, p));
    if (!of && !elided) continue;
    const span = thingsFrom(tokens, after + (of?.length ?? 0), language);
    if (!span) continue;
    const from = tokens[span.from];
    const start = elided && span.from === after ? from.start + elided[0].length : from.start;
    const end = tokens[span.to - 1].end;
    found.push({ at: i, things: prompt.slice(start, end), start, end });
  }
  return found;
}

/** The words of the prompt from `start` to `end`, without the function words that end them. */
function withinWords(prompt: string, start: number, end: number, language: UiLanguage): string | undefined {
  const stop = CUES[language].stop;
  const within = words(prompt).filter((t) => t.start >= start && t.end <= end);
  while (within.length && stop.has(within[within.length - 1].norm)) within.pop();
  return within.length ? prompt.slice(start, within[within.length - 1].end) : undefined;
}

/**
 * The prompt's asks with its named lists read: a list ask whose words hold a list noun keeps the things it
 * lists as its subject; a list noun no list ask holds (a tick's "checklist"), opened by an article or a
 * determiner, is a list of its own. Not a list of things: a list noun another ask's cue holds ("price list").
 */
export function namedListAsks(prompt: string, language: UiLanguage, asks: Ask[]): Ask[] {
  const tokens = words(prompt);
  const stems = (s: string) => stemPhrase(s, language);
  const added: Ask[] = [];
  for (const named of namedLists(prompt, language)) {
    const t = tokens[named.at];
    const holds = (a: Ask) => a.start <= t.start && t.end <= a.end;
    const list = asks.find((a) => a.type === "list" && holds(a));
    if (list) {
      // (Where its words say other things than the subject read so far, or more of them: "cose da riparare"
      // rather than "riparare"; not "spesa" for "lista della spesa", which says the same.)
      // (Within the list's own words: "lista della spesa ma in inglese" lists "spesa".)
      const things = named.end > list.end
        ? withinWords(prompt, named.start, list.end, language)
        : named.things;
      if (!things) continue;
      const own = stems(things);
      const held = stems(list.subject ?? "");
      const more = own.length > held.length && held.every((s) => own.includes(s));
      if (more || !held.some((s) => own.includes(s))) list.subject = things;
      continue;
    }
    if (asks.some((a) => a.type !== "yesno" && holds(a))) continue;
    const opened = named.at > 0 && OPENERS[language].has(tokens[named.at - 1].norm);
    if (!opened) continue;
    const start = Math.min(t.start, named.start);
    const end = Math.max(t.end, named.end);
    added.push({
      type: "list",
      quote: prompt.slice(start, end),
      start,
      end,
      subject: named.things,
      fields: [],
      quantities: [],
    });
  }
  return [...asks, ...added];
}
