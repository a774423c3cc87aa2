// Records shown marked where a number passes a bound: "highlight readings under 4 or over 10", "evidenzia in
// rosso le scorte sotto i 20", "resaltar las analíticas fuera del rango 4–10". A sentence that says to mark
// and states a bound (a word of below or above before a number, or a range after a word of outside) asks for a
// flag on the number its bound is said of; a colour word in it says how records are marked, not the app's
// theme.
import type { UiLanguage } from "./language.ts";
import type { Quantity } from "./quantities.ts";
import { CUES, LEXICONS, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import { sentenceTokens, type Token } from "./text.ts";
import type { Ask } from "./asks.ts";

type Kind = "marking" | "below" | "above" | "outside";

/** Each language's phrases of marking and of bounds, as folded words. */
const PHRASES = Object.fromEntries(
  (Object.keys(LEXICONS.en.flagging) as Kind[]).map((
    kind,
  ) => [kind, phrasesPerLanguage((lex) => lex.flagging[kind])]),
) as Record<Kind, Record<UiLanguage, string[][]>>;

/** Where a phrase of a kind starts and ends (token indexes) in a run of tokens, longest first. */
function phrasesAt(
  tokens: readonly Token[],
  kind: Kind,
  language: UiLanguage,
): { from: number; to: number }[] {
  const found: { from: number; to: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const phrase = phraseFrom(tokens, i, PHRASES[kind][language]);
    if (phrase) {
      found.push({ from: i, to: i + phrase.length });
      i += phrase.length - 1;
    }
  }
  return found;
}

/** The number right after a bound's words (a count, an amount, a measure), else none. */
function numberAfter(tokens: readonly Token[], at: number, quantities: Quantity[]) {
  const next = tokens[at];
  if (!next) return undefined;
  const q = quantities.find((q) => q.start <= next.start && next.start < q.end);
  if (q?.kind === "number" || q?.kind === "money" || q?.kind === "measure") return { q, value: q.value };
  return undefined;
}

/** The content words right before a bound, the number they name ("readings" of "readings under 4"). */
function subjectBefore(
  prompt: string,
  tokens: readonly Token[],
  at: number,
  language: UiLanguage,
): string | undefined {
  const stop = CUES[language].stop;
  let from = at;
  while (from > 0 && tokens[from - 1].kind === "word" && !stop.has(tokens[from - 1].norm) && at - from < 2) {
    from--;
  }
  return from < at ? prompt.slice(tokens[from].start, tokens[at - 1].end) : undefined;
}

/**
 * The flag asks of a prompt, one per sentence that says to mark records and states a bound, and the asks left:
 * a theme ask on the words of marking ("turn it red") is the colour records are marked in, no theme.
 */
export function flagAsks(prompt: string, language: UiLanguage, asks: Ask[], quantities: Quantity[]): Ask[] {
  const flags: Ask[] = [];
  // (Where the sentences mark records: a colour word there is how, "in red".)
  const marks: { start: number; end: number }[] = [];
  for (const tokens of sentenceTokens(prompt)) {
    const marking = phrasesAt(tokens, "marking", language);
    if (!marking.length) continue;
    const bounds: { below?: number; above?: number } = {};
    const stated: Quantity[] = [];
    let subject: string | undefined;
    for (const kind of ["below", "above"] as const) {
      for (const at of phrasesAt(tokens, kind, language)) {
        const n = numberAfter(tokens, at.to, quantities);
        if (!n || bounds[kind] !== undefined) continue;
        bounds[kind] = n.value;
        stated.push(n.q);
        subject ??= subjectBefore(prompt, tokens, at.from, language);
      }
    }
    for (const at of phrasesAt(tokens, "outside", language)) {
      // (The range may take the outside word's preposition: "hors de 0,7-1,1" reads "de 0,7-1,1".)
      const [from, to] = [tokens[at.from].start, (tokens[at.to + 3] ?? tokens.at(-1)!).end];
      const range = quantities.find((q) => q.kind === "range" && q.start >= from && q.start < to);
      if (range?.kind !== "range" || bounds.below !== undefined || bounds.above !== undefined) continue;
      Object.assign(bounds, { below: range.from, above: range.to });
      stated.push(range);
      subject ??= subjectBefore(prompt, tokens, at.from, language);
    }
    if (bounds.below === undefined && bounds.above === undefined) continue;
    marks.push(...marking.map((m) => ({ start: tokens[m.from].start, end: tokens[m.to - 1].end })));
    const start = tokens[0].start, end = tokens.at(-1)!.end;
    flags.push({
      type: "flag",
      quote: prompt.slice(start, end),
      start,
      end,
      ...(subject ? { subject } : {}),
      fields: [],
      quantities: stated,
      bounds,
    });
  }
  if (!flags.length) return asks;
  const colour = (a: Ask) => a.type === "theme" && marks.some((m) => m.start < a.end && a.start < m.end);
  return [...asks.filter((a) => !colour(a)), ...flags];
}
