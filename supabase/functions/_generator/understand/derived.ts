// Asks for a thing made from what an earlier ask keeps ("a meal planner … and a shopping list from it", "e da
// lì la lista della spesa", "y que me saque la lista de la compra", "und daraus eine Einkaufsliste"): a part
// of the app the earlier ask heads, not its subject. The concepts such an ask alone names come after those
// the rest of the prompt names.
import type { Ask } from "./asks.ts";
import type { ConceptMatch } from "./concepts.ts";
import { LEXICONS, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import { UI_LANGUAGES, type UiLanguage } from "./language.ts";
import { fold, words } from "./text.ts";

const FROM_IT = phrasesPerLanguage((lex) => lex.fromIt);
// What may stand between a subject's noun and "from it", or open the noun after it ("und", "eine").
const JOINING = Object.fromEntries(
  UI_LANGUAGES.map((
    l,
  ) => [l, new Set([...LEXICONS[l].and, ...LEXICONS[l].articles, ...LEXICONS[l].determiners].map(fold))]),
) as Record<UiLanguage, Set<string>>;
/** The most words between the words of "from it" and the ask they go with ("daraus eine Einkaufsliste"). */
const NEAR = 2;

export interface Span {
  start: number;
  end: number;
}

/** Where the words of "from it" stand among tokens, each as [first, after last]. */
export function fromItAt(tokens: ReturnType<typeof words>, language: UiLanguage): [number, number][] {
  return tokens.flatMap((_, i) => {
    const phrase = phraseFrom(tokens, i, FROM_IT[language]);
    return phrase ? [[i, i + phrase.length] as [number, number]] : [];
  });
}

/**
 * The asks the prompt says are made from what an earlier ask keeps: the one whose words hold "from it", else
 * the one right after it or right before it, when another ask comes before; with the words of each, "from it"
 * included.
 */
export function derivedAsks(prompt: string, asks: Ask[], language: UiLanguage): Map<Ask, Span> {
  const tokens = words(prompt);
  const found = new Map<Ask, Span>();
  fromItAt(tokens, language).forEach(([i, to]) => {
    const [start, end] = [tokens[i].start, tokens[to - 1].end];
    // (How many words stand between two offsets.)
    const between = (from: number, to: number) => tokens.filter((t) => t.start >= from && t.end <= to).length;
    const ask = asks.find((a) => a.start <= start && end <= a.end) ??
      asks.find((a) => a.start >= end && between(end, a.start) <= NEAR) ??
      asks.findLast((a) => a.end <= start && between(a.end, start) <= NEAR);
    for (const a of asks) cutSubject(a, start, end, prompt, language);
    if (!ask || !asks.some((a) => a.start < ask.start && a.end <= Math.max(ask.start, start))) return;
    found.set(ask, { start: Math.min(ask.start, start), end: Math.max(ask.end, end) });
  });
  return found;
}

/** A subject that holds "from it" is the noun before it ("Mittagessen" of "Mittagessen und daraus"), else the
 * ask's noun after it ("Einkaufsliste" of "daraus eine Einkaufsliste"): "from it" names nothing. */
function cutSubject(ask: Ask, start: number, end: number, prompt: string, language: UiLanguage) {
  const at = ask.subject === undefined ? -1 : ask.start + ask.quote.indexOf(ask.subject);
  if (at < 0 || start < at || end > at + ask.subject!.length) return;
  const content = (from: number, to: number) => {
    const tokens = words(prompt.slice(from, to));
    const kept = tokens.filter((t) => !JOINING[language].has(t.norm));
    return kept.length ? prompt.slice(from + kept[0].start, from + kept.at(-1)!.end) : undefined;
  };
  ask.subject = content(at, start) ?? content(end, ask.end) ?? ask.subject;
}

/** The concepts, those named only within the words of derived asks last and marked `side`: they name a part
 * of the app, the records of those asks, never the app's. */
export function derivedLast(concepts: ConceptMatch[], prompt: string, spans: Span[]): ConceptMatch[] {
  const text = fold(prompt);
  const within = (phrase: string) => {
    const w = fold(phrase);
    const at: number[] = [];
    for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) at.push(i);
    return at.every((i) => spans.some((s) => s.start <= i && i + w.length <= s.end));
  };
  const side = (c: ConceptMatch) => spans.length > 0 && c.words.every(within);
  return [
    ...concepts.filter((c) => !side(c)),
    ...concepts.filter(side).map((c) => ({ ...c, side: true as const })),
  ];
}
