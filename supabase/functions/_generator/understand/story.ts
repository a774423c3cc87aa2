// The story a prompt tells before its request ("I rent out 3 flats. Can you make an app where I mark the rent
// as paid?", "Mia madre ha il diabete. Vorrei un'app per le misurazioni", "Unsere Eltern sind über 80. Ich
// will sehen, wer dran ist"): its sentences state a situation, the request's say what the app keeps. The
// request's first ask is the main one; a story's ask stays where the request refers to it, counts what the
// records are about ("3 flats", "deux appartements") or says more than a name.
import type { Language } from "../template/src/types.ts";
import type { Ask } from "./asks.ts";
import { ofTheSpeaker } from "./aside.ts";
import { CUES, perLanguage } from "./lexicon.ts";
import { stem } from "./stem.ts";
import { words } from "./text.ts";
import { APP_WORDS } from "../compose-spec/head.ts";

type Span = { start: number; end: number };

// The words of asking: wanting, needing, asking to make or help, and the verbs that ask for what an app does.
const ASKING = perLanguage((lex) => [...lex.want, ...lex.need, ...lex.request]);
// The first-person words a sentence of the speaker's situation holds ("my", "nous", "abbiamo", "unsere").
const SPEAKER = perLanguage((lex) => [...lex.mine, ...lex.speaker, ...lex.firstPerson]);
const NUMBERS = perLanguage((lex) => Object.keys(lex.numbers));

/** The prompt's sentences, each from its first letter to the mark that ends it before a space, a line's end or
 * the prompt's end. */
function sentences(prompt: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    const from = start + prompt.slice(start, end).search(/\S|$/);
    if (from < end) out.push({ start: from, end });
    start = end;
  };
  for (const m of prompt.matchAll(/[.!?\n]+(?=\s|$)|\n/g)) push(m.index! + m[0].length);
  push(prompt.length);
  return out;
}

/** Whether a sentence asks: a question, a verb of wanting, needing or asking for an app, or an app named. */
function asks(text: string, language: Language): boolean {
  const folded = ` ${words(text).map((t) => t.norm).join(" ")} `;
  return /\?\s*$/.test(text) || [...ASKING[language]].some((w) => folded.includes(` ${w} `)) ||
    words(text).some((t) => APP_WORDS.has(t.norm));
}

/** Whether a sentence tells of the speaker's situation: it opens on them, their people or what is theirs. */
function tells(text: string, language: Language): boolean {
  const first = words(text).find((t) => t.kind === "word");
  return ofTheSpeaker(text, language) || (first !== undefined && SPEAKER[language].has(first.norm));
}

/** Where the request starts after the story's sentences, which all tell and none asks; none when the prompt
 * opens on its request or never asks. */
export function storyEnd(prompt: string, language: Language): number | undefined {
  const all = sentences(prompt);
  const at = all.findIndex((s) => asks(prompt.slice(s.start, s.end), language));
  if (at <= 0) return undefined;
  return all.slice(0, at).every((s) => tells(prompt.slice(s.start, s.end), language))
    ? all[at].start
    : undefined;
}

// The asks of records, which a story's noun opens by being named ("I rent out 3 flats", "mi médico").
const RECORDS = new Set<Ask["type"]>(["list", "log", "people", "catalog", "order"]);
// The asks of an aim, which the request's records work towards ("I'm saving $4,000", "je marche jusqu'à Rome").
const AIMS = new Set<Ask["type"]>(["goal", "countdown"]);

/**
 * The asks in the order the app takes them: where a story comes before a request that asks for records, a
 * story's ask the request refers to (a word of its subject, or an ask of its kind with no subject: "repartir"
 * after "somos cuatro compañeros") or an aim the request works towards comes first, as what the request's
 * records are about; then the request's asks, whose first is the main one; then the story's asks that say
 * more than a name: a number or a quantity ("3 flats", "25 Cent pro Flasche"), the things they list ("3 kids:
 * Mia, Leo"), or no records (a timer, a choice). A story's other records are its context, no ask.
 */
export function storyAsks(prompt: string, language: Language, asks: Ask[], stated: Span[]): Ask[] {
  const end = storyEnd(prompt, language);
  if (end === undefined) return asks;
  const story = asks.filter((a) => a.end <= end);
  const request = asks.filter((a) => a.end > end);
  if (!story.length || !request.some((a) => a.subject && !a.mention && !a.derived)) return asks;
  const said = new Set(
    words(prompt.slice(end)).filter((t) => t.kind === "word").map((t) => stem(t.text, language)),
  );
  const refers = (a: Ask) =>
    words(a.subject ?? "").some((t) =>
      t.kind === "word" && !CUES[language].stop.has(t.norm) && said.has(stem(t.text, language))
    ) || request.some((b) => b.type === a.type && !b.subject);
  const more = (a: Ask) =>
    !RECORDS.has(a.type) || /^\s*[(:]/.test(prompt.slice(a.end)) ||
    stated.some((q) => a.start <= q.start && q.end <= a.end) ||
    words(a.quote).some((t) => t.kind === "number" || NUMBERS[language].has(t.norm));
  const about = story.filter((a) => refers(a) || AIMS.has(a.type));
  const after = story.filter((a) => !about.includes(a) && more(a));
  return [...about, ...request, ...after];
}
