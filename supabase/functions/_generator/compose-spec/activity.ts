// An activity the prompt says only by its verb ("meditate 10 minutes every morning", "nadar 2 veces por
// semana", "jeden Tag 30 Minuten lesen") is named by its noun in the prompt's language ("Meditation",
// "Natación", "Lesen"), not by the verb, a general word ("Einträge") or a fragment; records no concept knows
// are its sessions. Users name what they do by doing it; an app names it as a thing.
import type { Language } from "../template/src/types.ts";
import { APP_WORDS, LEXICONS, perLanguage } from "../understand/lexicon.ts";
import { isCue } from "./head.ts";
import { type Token, words } from "../understand/text.ts";
import { TO } from "../understand/aside.ts";
import { capitalized, fold } from "./entities.ts";
import { saysNothing } from "./general-name.ts";
import { WORDS } from "./words.ts";

/** Each verb form's folded words, longest first, with the activity's noun. */
const FORMS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    Object.entries(lex.activities?.nouns ?? {})
      .map(([verb, noun]) => ({ verb: normsOf(verb), noun }))
      .sort((a, b) => b.verb.length - a.verb.length),
  ]),
) as Record<Language, { verb: string[]; noun: string }[]>;

// The words after which an English word that may be a noun too ("run", "swim", "practice") is a verb: "to",
// the speaker and the words of wanting or having to.
const VERB_OPENERS = perLanguage((lex) => [
  ...lex.speaker,
  ...[...lex.want, ...lex.must].map((w) => w.split(/\s+/).at(-1)!),
]);
const ARTICLES = perLanguage((lex) => [...lex.articles, ...lex.determiners]);
const FIGURES = perLanguage((lex) => [...Object.keys(lex.numbers), ...Object.keys(lex.timeUnits)]);

function normsOf(text: string): string[] {
  return words(text).filter((t) => t.kind === "word").map((t) => t.norm);
}

/** The activity form that opens `tokens` at `i`, if any. */
function formAt(
  tokens: string[],
  i: number,
  language: Language,
): { verb: string[]; noun: string } | undefined {
  return FORMS[language].find((f) => f.verb.every((w, k) => tokens[i + k] === w));
}

/** Whether the word at `i` of the prompt is used as a verb: in English only after "to", the speaker or a word
 * of wanting, or opening a sentence; elsewhere an infinitive or a first person is one already. */
function asVerb(tokens: readonly Token[], i: number, language: Language): boolean {
  if (language !== "en") return true;
  const before = tokens[i - 1];
  return !before || before.kind !== "word" || before.norm === TO[language] ||
    VERB_OPENERS[language].has(before.norm);
}

/** The noun of the first activity the prompt says by its verb, if any ("Lesen" of "jeden Tag 30 Minuten
 * lesen"). */
export function activityIn(prompt: string, language: Language): string | undefined {
  const tokens = words(prompt);
  const norms = tokens.map((t) => t.norm);
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind !== "word") continue;
    const form = formAt(norms, i, language);
    // (Not a verb an article follows, whose object is what is kept: "I run a cleaning business".)
    const next = norms[i + (form?.verb.length ?? 1)];
    if (form && asVerb(tokens, i, language) && !(next && ARTICLES[language].has(next))) return form.noun;
  }
  return undefined;
}

/** The noun joined to what the activity is done to, in the language's order ("Piano practice", "Estudio de
 * inglés", "Klavierüben"); the object's articles and any amount or period after it are left out. */
function joinedTo(noun: string, object: string[], language: Language): string {
  const kept: string[] = [];
  for (const w of object) {
    const f = fold(w);
    if (/\d/.test(w) || normsOf(w).some((n) => FIGURES[language].has(n))) break;
    if (kept.length === 0 && ARTICLES[language].has(f)) continue;
    kept.push(w);
  }
  if (!kept.length) return noun;
  const of = LEXICONS[language].activities.of;
  if (language === "de") return capitalized(kept.join("")) + noun.toLowerCase();
  if (!of) return `${capitalized(kept.join(" "))} ${noun.toLowerCase()}`;
  return `${noun} ${of} ${kept.join(" ").toLowerCase()}`;
}

/**
 * The name of an app about an activity said by its verb: a name that opens on the verb ("Meditate",
 * "Estudiar inglés", "Joggen gehen") is its noun, joined to what follows it; a general one ("Items",
 * "Einträge") is the noun of the activity the prompt says. Any other name is kept. The cue words of a kind of
 * app after the verb ("run log", "practice journal") say the verb was a noun already.
 */
export function activityName(name: string, prompt: string, language: Language): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const folded = parts.map((p) => normsOf(p).join(" "));
  const form = formAt(folded, 0, language);
  if (form) {
    const tokens = words(prompt);
    const at = tokens.findIndex((_, i) => form.verb.every((w, k) => tokens[i + k]?.norm === w));
    if (at < 0 || !asVerb(tokens, at, language)) return name;
    const rest = parts.slice(form.verb.length);
    if (rest.some((w) => cueWord(w, language))) return name;
    return joinedTo(form.noun, rest, language);
  }
  if (saysNothing(name, language) || fold(name) === fold(WORDS[language].items)) {
    return activityIn(prompt, language) ?? name;
  }
  // (A name that is what the verb is done to, the verb before it in the prompt: "Inglese" of "studiare inglese
  // un'ora al giorno" is "Studio di inglese"; only a name the amount or period after the object was left in,
  // a fragment: "Chitarra" stays.)
  const noun = activityBefore(name, prompt, language);
  const figure = (w: string) => /\d/.test(w) || normsOf(w).some((n) => FIGURES[language].has(n));
  if (noun && parts.some(figure) && !figure(parts[0])) return joinedTo(noun, parts, language);
  return name;
}

// (Any word of an ask or of an app after the verb, "study planner", "run log", "practice journal".)
function cueWord(word: string, language: Language): boolean {
  return APP_WORDS.has(fold(word)) || isCue(fold(word), language);
}

/** The noun of the activity whose verb the prompt says right before `name`, across articles ("Lettura" of
 * "Libri" in "leggere i libri", "Pratique" of "Piano" in "pratiquer le piano"): `name` is what it is done to. */
export function activityBefore(name: string, prompt: string, language: Language): string | undefined {
  const first = normsOf(name)[0];
  if (!first) return undefined;
  const tokens = words(prompt);
  const norms = tokens.map((t) => t.norm);
  for (let i = 1; i < tokens.length; i++) {
    if (norms[i] !== first) continue;
    let at = i - 1;
    while (at > 0 && ARTICLES[language].has(norms[at])) at--;
    const before = FORMS[language].find((f) =>
      f.verb.every((w, k) => norms[at - f.verb.length + 1 + k] === w)
    );
    if (before && asVerb(tokens, at - before.verb.length + 1, language)) return before.noun;
  }
  return undefined;
}

/** The word of one session of an activity and of several ("Sessione", "Sessioni"). */
export function sessionWords(language: Language): { label: string; plural: string } {
  const [label, plural] = LEXICONS[language].activities.session;
  return { label, plural };
}
