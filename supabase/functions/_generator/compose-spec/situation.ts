// The situation a prompt's story opens on, what the speaker has, does, takes up, runs or goes through ("I just
// bought an old camper van", "ho appena comprato un vecchio trattore", "je viens d'adopter un cheval", "me he
// comprado una autocaravana", "wir haben uns ein Segelboot gekauft"), names an app whose records are of a
// general kind (expenses, sessions, jobs, visits, weights): any situation has those, a user calls the app by
// its own. A person by their trade or a body that gives the story its context ("my vet says") names nothing.
import type { Language } from "../template/src/types.ts";
import { CUES, LEXICONS, perLanguage } from "../understand/lexicon.ts";
import { words } from "../understand/text.ts";
import { trade } from "../understand/audience.ts";
import { stem } from "../understand/stem.ts";
import { fold } from "./entities.ts";
import { APP_WORDS } from "./head.ts";
import { HEAD_FIRST } from "../understand/language.ts";

const GENERAL = perLanguage((lex) => lex.generalRecords);
const GENERAL_STEMS = Object.fromEntries(
  Object.entries(GENERAL).map(([l, ws]) => [l, new Set([...ws].map((w) => stem(w, l as Language)))]),
) as Record<Language, Set<string>>;
// What opens a noun phrase: an article, a determiner or a possessive ("an old camper van", "notre chienne").
const OPENS = perLanguage((lex) => [...lex.articles, ...lex.determiners, ...lex.mine]);
// A German participle, which ends its clause.
const PARTICIPLE = new RegExp(LEXICONS.de.whether.participle, "u");

/** Whether a name says only records of a general kind: its head ("Practice Sessions", "Séance de travail",
 * "Reparaturen", in German the end of a compound too, "Reparaturkosten") is one of the lexicon's. */
export function ofGeneralRecords(name: string, language: Language): boolean {
  // (Words as written, hyphens and all: "rendez-vous".)
  const own = name.split(/\s+/).map((w) => fold(w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "")))
    .filter((w) => w && !CUES[language].stop.has(w));
  const head = HEAD_FIRST.has(language) ? own[0] : own.at(-1);
  if (!head) return false;
  return GENERAL[language].has(head) || GENERAL_STEMS[language].has(stem(head, language)) ||
    (language === "de" && [...GENERAL.de].some((w) => head.length > w.length + 2 && head.endsWith(w)));
}

/** The words of the story the prompt tells before its request, in its first sentence up to the main ask, from
 * each noun phrase an article, a determiner or a possessive opens, in order ("my vet says our cat is
 * overweight so" → "vet", "cat is overweight so"): the caller takes the first whole noun phrase that is
 * no person. None when the prompt opens on its request. */
export function situations(prompt: string, from: number, askStart: number, language: Language): string[] {
  const sentence = prompt.slice(from).split(/[.!?;\n]/)[0];
  const story = prompt.slice(from, Math.min(from + sentence.length, askStart));
  if (!/\p{L}/u.test(story) || askStart <= from) return [];
  const tokens = words(story);
  // (A sentence that names the app is the request, "une appli qui me dit", not the story.)
  if (tokens.some((t) => APP_WORDS.has(t.norm))) return [];
  const opens = (i: number) => OPENS[language].has(fold(tokens[i]?.text ?? ""));
  const number = (i: number) =>
    tokens[i]?.kind === "number" || Object.hasOwn(LEXICONS[language].numbers, tokens[i]?.norm ?? "");
  // A phrase ends on the verb of its clause: one that takes an object after it ("our family shares one car",
  // "la gatta aspetta i cuccioli") or, German putting it last, a participle ("einen alten Käfer gekauft").
  const verb = (i: number) =>
    language === "de"
      ? PARTICIPLE.test(tokens[i].text)
      : !CUES[language].stop.has(tokens[i].norm) && (opens(i + 1) || number(i + 1));
  return tokens.flatMap((_, i) => {
    if (!opens(i) || tokens[i + 1]?.kind !== "word") return [];
    const end = tokens.findIndex((_, k) => k > i + 1 && tokens[k].kind === "word" && verb(k));
    return [story.slice(tokens[i + 1].start, end < 0 ? story.length : tokens[end].start)];
  });
}

// The bodies that ask for records ("the agency", "das Jugendamt").
const BODIES = perLanguage((lex) => lex.bodies);

/** Whether a noun phrase names a person by their trade or a body ("my vet says", "mi médico de cabecera me
 * ha detectado", "the agency wants records"): who gives the story its context, not what the app is about,
 * unless the speaker says they are one. */
export function byTrade(text: string, language: Language): boolean {
  const own = words(text).filter((t) => t.kind === "word" && !CUES[language].stop.has(t.norm)).map((t) =>
    t.norm
  );
  const head = HEAD_FIRST.has(language) ? own[0] : own.at(-1);
  // (A body of two words: "servizi sociali", "social worker".)
  const pair = (HEAD_FIRST.has(language) ? own.slice(0, 2) : own.slice(-2)).join(" ");
  return head !== undefined &&
    (trade(head, language) || BODIES[language].has(head) || BODIES[language].has(pair));
}
