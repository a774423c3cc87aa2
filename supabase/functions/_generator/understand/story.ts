// The story a prompt tells before its request ("I rent out 3 flats. Can you make an app where I mark the rent
// as paid?", "Mia madre ha il diabete. Vorrei un'app per le misurazioni", "Unsere Eltern sind über 80. Ich
// will sehen, wer dran ist"): its sentences state a situation, the request's say what the app keeps. The
// request's first ask is the main one; a story's ask stays where the request refers to it, counts what the
// records are about ("3 flats", "deux appartements") or says more than a name.
import type { Language } from "../template/src/types.ts";
import type { Ask } from "./asks.ts";
import { greeting, ofTheSpeaker } from "./aside.ts";
import { APP_WORDS, CUES, OF_WORDS, perLanguage, phraseAt } from "./lexicon.ts";
import { stem } from "./stem.ts";
import { words } from "./text.ts";

type Span = { start: number; end: number };

// The words of asking: wanting, needing, asking to make or help, and the verbs that ask for what an app does.
const ASKING = perLanguage((lex) => [...lex.want, ...lex.need, ...lex.must, ...lex.request]);
const ASKING_WORDS = Object.fromEntries(
  Object.entries(ASKING).map(([l, cues]) => [l, [...cues].map((c) => c.split(" "))]),
) as Record<Language, string[][]>;
const AND = perLanguage((lex) => lex.and);
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

/** Where, in the sentence that asks, a request joined to a story by a comma or "and" starts ("wir wechseln
 * uns ab mit Einkaufen, und ich will sehen…", "me voy de erasmus y quiero controlar el dinero"): after the
 * joint last before its first word of asking, where the words before it open on the speaker or their people
 * and none asks. */
function joint(prompt: string, sentence: Span, language: Language): number | undefined {
  const text = prompt.slice(sentence.start, sentence.end);
  const tokens = words(text);
  const cue = tokens.findIndex((_, i) => ASKING_WORDS[language].some((c) => phraseAt(tokens, i, c)));
  let k = cue - 1;
  while (k > 0 && tokens[k].norm !== "," && !AND[language].has(tokens[k].norm)) k--;
  if (k <= 0) return undefined;
  const before = text.slice(0, tokens[k].start);
  // (Words that only name what is the speaker's, "ma boutique de fleurs et je veux…", title the request.)
  return ofTheSpeaker(before, language) && !asks(before, language)
    ? sentence.start + tokens[k + 1].start
    : undefined;
}

/** Where the request starts after the story's sentences, which all tell and none asks, or after a story its
 * sentence opens on; none when the prompt opens on its request or never asks. A greeting is neither. */
export function storyEnd(prompt: string, language: Language): number | undefined {
  const greeted = greeting(prompt, language);
  const all = sentences(prompt).filter((s) => s.end > greeted);
  const at = all.findIndex((s) => asks(prompt.slice(s.start, s.end), language));
  if (at < 0 || !all.slice(0, at).every((s) => tells(prompt.slice(s.start, s.end), language))) {
    return undefined;
  }
  const end = joint(prompt, all[at], language) ?? all[at].start;
  return end > all[0].start ? end : undefined;
}

// The asks of records, which a story's noun opens by being named ("I rent out 3 flats", "mi médico").
const RECORDS = new Set<Ask["type"]>(["list", "log", "people", "catalog", "order"]);
// The asks of an aim, which the request's records work towards ("I'm saving $4,000", "je marche jusqu'à Rome").
const AIMS = new Set<Ask["type"]>(["goal", "countdown"]);

/**
 * The asks in the order the app takes them: where a story comes before a request that asks for records, a
 * story's ask the request refers to (a word of its subject, or an ask of its kind with no subject: "repartir"
 * after "somos cuatro compañeros"), one of records the speaker keeps already ("Tengo la lista de los regalos")
 * or an aim the request works towards comes first, as what the request's
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
  // (A number its noun is "of", "a crew of 9 people", counts it too.)
  const counted = (at: number) => {
    const next = words(prompt.slice(at)).slice(0, 2);
    return OF_WORDS[language].has(next[0]?.norm ?? "") &&
      (next[1]?.kind === "number" || NUMBERS[language].has(next[1]?.norm ?? ""));
  };
  const more = (a: Ask) =>
    !RECORDS.has(a.type) || /^\s*[(:]/.test(prompt.slice(a.end)) || counted(a.end) ||
    stated.some((q) => a.start <= q.start && q.end <= a.end) ||
    words(a.quote).some((t) => t.kind === "number" || NUMBERS[language].has(t.norm));
  // (Records the story says the speaker keeps already, "Tengo la lista de los regalos", "I collect vinyl", are
  // those the request goes on with.)
  const keeps = (a: Ask) =>
    words(a.subject && a.quote.includes(a.subject) ? a.quote.slice(0, a.quote.indexOf(a.subject)) : "")
      .some((t) =>
        (CUES[language].asks.get(stem(t.text, language)) ?? []).some((c) =>
          c.stems.length === 1 && (c.key === "list" || c.key === "log")
        )
      );
  const about = story.filter((a) => refers(a) || keeps(a) || AIMS.has(a.type));
  const after = story.filter((a) => !about.includes(a) && more(a));
  return [...about, ...request, ...after];
}
