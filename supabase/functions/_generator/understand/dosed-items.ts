// Things the user lists each with its dose or its sets and repetitions ("metformin 500 mg morning, ramipril
// 5 mg evening", "quad sets 3x10, straight leg raises 3x15", "Cardioaspirina 100 mg la mattina, Lasix 25 mg
// alle 8", "Kniebeugen 3x12, Brücke 3x15") are the records the user keeps, one each, never fields named by
// them: the words before the dose name the thing, the dose (a number and a unit of the lexicon's
// `dosedItems.units`) or the sets and repetitions (a number, an "x" and a number) are its values, and the words
// after a dose say when it is taken. Two such items or more, one after the other across commas, a semicolon
// or a joining word, make a list.
import type { Token } from "./text.ts";
import { words } from "./text.ts";
import { CUES, perLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";

export interface DosedItem {
  /** The thing, as written. */
  name: string;
  /** Its dose as written ("500 mg"), its number and unit. */
  dose?: string;
  amount?: number;
  unit?: string;
  sets?: number;
  reps?: number;
  /** The words after a dose that say when it is taken ("morning", "alle 8 e alle 14"). */
  when?: string;
  /** Where the words of when start in the prompt. */
  whenStart?: number;
  start: number;
  end: number;
}

const UNITS = perLanguage((lex) => lex.dosedItems.units);

const JOINS = perLanguage((lex) => [...lex.and, ...lex.or].filter((w) => !w.includes(" ")));

// The marks that end an item: a list's commas, a sentence's end, a colon or a bracket that opens the list, a
// spaced dash.
const BOUNDS = new Set([",", ";", ".", ":", "(", ")", "!", "?", "-", "–", "—", "/"]);
// The most words a thing's name and the words of when it is taken hold.
const NAME_WORDS = 4;
const WHEN_WORDS = 6;

const number = (t: Token | undefined) =>
  t?.kind === "number" && /^\d+([.,]\d+)?$/.test(t.norm) ? Number(t.norm.replace(",", ".")) : undefined;

/** The items of the prompt listed with a dose or sets and repetitions: the longest run of two or more, else none. */
export function dosedItems(prompt: string, language: UiLanguage): DosedItem[] {
  const tokens = words(prompt);
  const units = UNITS[language];
  const joins = JOINS[language];
  const stop = CUES[language].stop;
  // The pieces between marks (and line breaks), each with whether a sentence ends after it.
  const pieces: { tokens: Token[]; ends: boolean }[] = [];
  let piece: Token[] = [];
  tokens.forEach((t, i) => {
    const broken = i > 0 && prompt.slice(tokens[i - 1].end, t.start).includes("\n");
    if (broken && piece.length) pieces.push({ tokens: piece, ends: true }), piece = [];
    if (t.kind === "mark" && BOUNDS.has(t.norm)) {
      pieces.push({ tokens: piece, ends: [".", "!", "?", ":"].includes(t.norm) });
      piece = [];
    } else piece.push(t);
  });
  pieces.push({ tokens: piece, ends: true });
  let best: DosedItem[] = [];
  let run: DosedItem[] = [];
  for (const { tokens: ts, ends } of pieces) {
    // (Numbers alone after an item go on saying when it is taken: "Metformin 500 mg at 8, 16 and 24".)
    const last = run.at(-1);
    if (last?.when && ts.length && ts.every((t) => t.kind === "number" || joins.has(t.norm))) {
      last.when = `${last.when}, ${prompt.slice(ts[0].start, ts.at(-1)!.end)}`;
      last.end = ts.at(-1)!.end;
      if (ends) {
        if (run.length >= 2 && run.length > best.length) best = run;
        run = [];
      }
      continue;
    }
    const item = itemOf(ts, prompt, units, joins, stop);
    if (item) run.push(item);
    if (!item || ends) {
      if (run.length >= 2 && run.length > best.length) best = run;
      run = [];
    }
  }
  if (run.length >= 2 && run.length > best.length) best = run;
  return best;
}

function itemOf(
  ts: Token[],
  prompt: string,
  units: Set<string>,
  joins: Set<string>,
  stop: Set<string>,
): DosedItem | undefined {
  let from = 0;
  while (from < ts.length && joins.has(ts[from].norm)) from++;
  // (The first number that a unit of dose or an "x" and a number follow.)
  for (let d = from + 1; d < ts.length; d++) {
    const n = number(ts[d]);
    if (n === undefined) continue;
    const name = ts.slice(from, d);
    if (
      name.length > NAME_WORDS || name.some((t) => t.kind !== "word") || name.every((t) => stop.has(t.norm))
    ) {
      return undefined;
    }
    const text = prompt.slice(name[0].start, name.at(-1)!.end);
    const named = text.charAt(0).toUpperCase() + text.slice(1);
    const by = ts[d + 1];
    const reps = number(ts[d + 2]);
    if ((by?.norm === "x" || by?.norm === "×") && reps !== undefined) {
      return { name: named, sets: n, reps, start: name[0].start, end: ts[d + 2].end };
    }
    // (A unit joined to its number, "25mg", is the number then its unit.)
    if (by !== undefined && units.has(by.norm)) {
      const after = ts.slice(d + 2);
      const when = after.length && after.length <= WHEN_WORDS
        ? prompt.slice(after[0].start, after.at(-1)!.end)
        : undefined;
      return {
        name: named,
        dose: prompt.slice(ts[d].start, by.end),
        amount: n,
        unit: by.text,
        ...(when ? { when, whenStart: after[0].start } : {}),
        start: name[0].start,
        end: (after.at(-1) ?? by).end,
      };
    }
    return undefined;
  }
  return undefined;
}
