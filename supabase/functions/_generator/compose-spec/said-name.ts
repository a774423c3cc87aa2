// The app is called what the user calls its subject. A concept is often found by a more specific word than
// the one it writes its records with: a place or an activity the speaker goes to or does ("the gym", "la
// salle de sport", "ins Fitnessstudio"), which the concept lists among its words. When the name composed is
// only the concept's own generic word ("Workouts", "Entraînement", "Trainings"), which the prompt never
// says, the word the prompt named the concept by names the app instead ("Gym", "Salle de sport",
// "Fitnessstudio"), where the prompt says it as a noun: after an article, a determiner or a preposition,
// not after the speaker, an "and", a relative word, a question's words nor the "to" of an English
// infinitive. A short form the lexicon knows (`nameAbbreviations`: "bday", "anniv", "cumples") is written
// out in the name and the records' labels ("Birthday Reminders", not "Bday Reminders"). A name that is only
// a unit of length or mass ("Miles", "Km") is the activity measured ("Cycling" of "the miles i cycle to
// work"); one that is only an activity's verb in the speaker's clause ("Corro" of "i km che corro") is the
// activity's noun ("Corsa").
import type { AppSpec, Language } from "../template/src/types.ts";
import type { Understanding } from "../understand/index.ts";
import { CUES, LEXICONS, perLanguage } from "../understand/lexicon.ts";
import { fold, words } from "../understand/text.ts";
import type { Concept } from "../understand/concepts.ts";
import { titled } from "./names.ts";
import { activityIn } from "./activity.ts";
import { HEAD_FIRST } from "../understand/language.ts";
import UNITS from "../understand/units.json" with { type: "json" };

/** The words of the units of a length or a mass, folded ("km", "miles", "kilómetros"; not a count's
 * "steps" or "pages", which are what is counted). */
const UNIT_WORDS = new Set(
  Object.values(UNITS).filter((u) => u.dimension === "length" || u.dimension === "mass")
    .flatMap((u) => u.words.map(fold)),
);

const SPEAKER = perLanguage((lex) => lex.speaker);
const AND = perLanguage((lex) => lex.and);
const RELATIVE = perLanguage((lex) => [...lex.relative, ...lex.infinitive.clitics]);
const DETERMINERS = perLanguage((lex) => [...lex.articles, ...lex.determiners]);
const ENDINGS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, lex.infinitive.endings]),
) as Record<string, string[]>;
const GENERAL = perLanguage((lex) => [...lex.generalNouns, ...lex.nameFieldWords]);
const AUXILIARIES = perLanguage((lex) => lex.whether.done);
const QUESTIONS = perLanguage((lex) => [...lex.questions, ...lex.howMany.map((q) => q.split(/\s+/)[0])]);

const ACTIVITY = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    new Map(Object.entries(lex.activities.nouns).map(([k, v]) => [fold(k), v])),
  ]),
) as Record<string, Map<string, string>>;

/** Where the prompt says `word` (folded, one or more words) as a noun: the text as written, else "". */
function saidAsNoun(prompt: string, word: string, language: Language): string {
  const tokens = words(prompt).filter((t) => t.kind === "word");
  const parts = word.split(/\s+/);
  // (A question of how much is asked in words that do not name the subject: "quanto spendo"; an activity's
  // verb is no place: "quanto corro".)
  if (QUESTIONS[language].has(parts[0]) || ACTIVITY[language].has(word)) return "";
  for (let i = 1; i + parts.length <= tokens.length; i++) {
    if (!parts.every((p, k) => tokens[i + k].norm === p)) continue;
    const before = tokens[i - 1].norm;
    if (!DETERMINERS[language].has(before)) {
      // (After another function word, not a verb: the speaker's, a relative clause's, an infinitive's.)
      if (!CUES[language].stop.has(before) || SPEAKER[language].has(before) || AND[language].has(before)) {
        continue;
      }
      if (RELATIVE[language].has(before) || QUESTIONS[language].has(before)) continue;
      // (Nor after an auxiliary, where it is a participle: "si se ha tomado las pastillas" names no app.)
      if (HEAD_FIRST.has(language) && AUXILIARIES[language].has(before)) continue;
      if (language === "en" && before === "to") continue;
      if (ENDINGS[language].some((e) => parts.at(-1)!.endsWith(e))) continue;
    }
    return prompt.slice(tokens[i].start, tokens[i + parts.length - 1].end);
  }
  return "";
}

/** Whether the prompt says `word` (folded, one word) only as the verb of a clause the speaker or a relative
 * word opens a few words before it, no determiner between ("i km che corro", "die km die ich jede woche
 * laufe"). */
function verbOfClause(prompt: string, word: string, language: Language): boolean {
  const tokens = words(prompt);
  let seen = false;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].norm !== word) continue;
    seen = true;
    let opened = false;
    for (let k = i - 1; k >= Math.max(0, i - 4); k--) {
      const t = tokens[k];
      if (t.kind !== "word" || DETERMINERS[language].has(t.norm)) break;
      if (SPEAKER[language].has(t.norm) || RELATIVE[language].has(t.norm)) {
        opened = true;
        break;
      }
    }
    if (!opened) return false;
  }
  return seen;
}

/** The name of an app whose name is only its concept's generic word: the word the prompt named it by. */
export function saidName(
  name: string,
  prompt: string,
  u: Understanding,
  concept: Concept | undefined,
  language: Language,
): string {
  if (u.detected !== language) return name;
  // A name that is only a unit of length or mass ("Miles", "Km") says what is measured, not of what: the activity the
  // prompt says by its verb names the app, else the records of the concept the prompt names.
  const parts = words(name).filter((t) => t.kind === "word");
  if (parts.length && parts.every((t) => UNIT_WORDS.has(t.norm))) {
    return activityIn(prompt, language) ?? (concept ? concept.record.plural[language] : name);
  }
  // A name that is only an activity's verb in the speaker's clause ("Corro" of "i km che corro ogni settimana")
  // is the activity's noun ("Corsa").
  // (So is the activity's verb the prompt does not say as written: "Correr" of "que corro".)
  const verb = parts.length === 1 ? parts[0].norm : "";
  const noun = ACTIVITY[language].get(verb);
  if (noun && (verbOfClause(prompt, verb, language) || !words(prompt).some((t) => t.norm === verb))) {
    return noun;
  }
  if (!concept) return name;
  const own = [concept.record.label[language], concept.record.plural[language]].map(fold);
  const generic = new Set([...own, ...(concept.words[language] ?? []).map(fold)]);
  const folded = fold(name);
  // (A name the prompt says itself is the user's word already; one of more words says more than the generic.)
  if (!generic.has(folded) || /\s/.test(folded) || fold(prompt).includes(folded)) return name;
  const said = u.concepts.find((m) => m.id === concept.id)?.words ?? [];
  // (Nor when the prompt says the concept's own record word too: "log each workout".)
  const norms = new Set(words(prompt).map((t) => t.norm));
  if (own.some((w) => norms.has(w))) return name;
  const other = said.map(fold).filter((w) =>
    !own.includes(w) && !w.split(/\s+/).some((p) => GENERAL[language].has(p))
  )
    .sort((a, b) => b.length - a.length);
  for (const word of other) {
    const written = saidAsNoun(prompt, word, language);
    if (written) return titled(written, language);
  }
  return name;
}

const SHORT = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    new Map(Object.entries(lex.nameAbbreviations).map(([k, v]) => [fold(k), v])),
  ]),
) as Record<string, Map<string, string>>;

/** A short form the lexicon knows written out, with the capital it was written with. */
export function writtenOut(text: string, language: Language): string {
  const short = SHORT[language];
  if (!short?.size) return text;
  return text.replace(/[\p{L}\p{M}'-]+/gu, (word) => {
    const long = short.get(fold(word));
    if (!long) return word;
    return word.charAt(0) === word.charAt(0).toLocaleUpperCase()
      ? long.charAt(0).toLocaleUpperCase() + long.slice(1)
      : long;
  });
}

/** The app's name (unless it was given), its records' labels and its screens' titles with the short forms
 * written out. */
export function withoutShortForms(spec: AppSpec, given: boolean): void {
  const language = spec.language;
  if (!given) spec.name = writtenOut(spec.name, language);
  for (const entity of spec.entities) {
    entity.label = writtenOut(entity.label, language);
    entity.plural = writtenOut(entity.plural, language);
  }
  for (const screen of spec.screens) if (screen.title) screen.title = writtenOut(screen.title, language);
}
