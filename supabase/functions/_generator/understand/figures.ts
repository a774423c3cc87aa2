// Figures named otherwise than by "total" or "how many": by the noun of the figure ("a running balance", "il
// fatturato del mese", "mon pourcentage de réussite", "la clasificación", "die Rangliste"), by a word of a
// total ("ce que j'ai dépensé en tout") or by a verb of computing and what it computes ("adds up the hours",
// "compter les victoires", "die Einnahmen zusammenrechnen"). The lexicon's `figures` and `computing` say
// which: a `total` adds up the records' amount (the nouns' `money`, their money), a `figure` counts them (a
// share of them too, which their count per period shows), a `ranked` noun ranks who did most; a verb of
// working out (`any`) computes what its object names, and is no calculator where that object is a figure
// ("calculate my balance", "Kontostand ausrechnen").
import { type CueMatch, CUES, LEXICONS, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { type Token, words } from "./text.ts";
import type { Field } from "./asks.ts";

interface Span {
  from: number;
  to: number;
}

/** The figures a prompt names by their noun or asks by a verb of computing. */
export interface NamedFigures {
  /** Each figure's words, an `aggregate` cue. */
  cues: CueMatch[];
  /** The cues of those that add up an amount, as the lexicon's `aggregates.total` do. */
  totals: CueMatch[];
  /** Whether a figure's cue is the noun of a share of the records ("percentage", "Quote"). */
  share: (m: CueMatch) => boolean;
  /** The money a figure's noun adds up ("the earnings", "il saldo"), as a field of that name; none for others. */
  money: (m: CueMatch) => Field | undefined;
  /** A noun that ranks who did most ("leaderboard", "classifica"). */
  ranked?: { quote: Span; by?: Span; who: boolean };
  /** The other asks' cues, without a calculator's that is the verb of working out a named figure or its noun. */
  others: CueMatch[];
}

/** How many words a verb's object may take before or after it ("work out my win percentage", "den
 * Kontostand am Monatsende ausrechnen"). */
const OBJECT_WINDOW = 4;

interface Phrase {
  key: string;
  words: string[];
}

// Both as written, folded, and nouns in each form they are said: stems join them to words of other sense
// ("earnings" and "earns", "takings" and "take"). Verbs keep their accents, which set them apart from verbs of
// other sense ("zählen" and "zahlen").
const PHRASES = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const listed = (entries: Record<string, string[]>, said: (t: Token) => string) =>
      Object.entries(entries).flatMap(([key, phrases]) =>
        phrases.map((p) => ({ key, words: words(p).map(said) }))
      )
        .sort((a, b) => b.words.length - a.words.length);
    return [l, {
      nouns: listed(lex.figures, (t) => t.norm),
      aggregates: listed(lex.aggregates, (t) => t.norm),
      verbs: listed(lex.computing, (t) => t.text.toLowerCase()),
      each: wordSet(lex.group.each),
      stop: CUES[l as UiLanguage].stop,
    }];
  }),
) as Record<
  UiLanguage,
  { nouns: Phrase[]; aggregates: Phrase[]; verbs: Phrase[]; each: Set<string>; stop: Set<string> }
>;

/** Every phrase at every place of the words, longest first; in German a compound also by its head
 * ("Trefferquote", "Monatsumsatz"). */
function matched(said: string[], phrases: Phrase[], compounds: boolean): CueMatch[] {
  const found: CueMatch[] = [];
  for (let i = 0; i < said.length; i++) {
    const phrase = phrases.find((p) => p.words.every((w, k) => said[i + k] === w)) ??
      (compounds ? phrases.find((p) => p.words.length === 1 && said[i].endsWith(p.words[0])) : undefined);
    if (phrase) found.push({ key: phrase.key, from: i, to: i + phrase.words.length });
  }
  return found;
}

export function namedFigures(
  tokens: readonly Token[],
  language: UiLanguage,
  others: CueMatch[],
): NamedFigures {
  const { nouns: nounPhrases, aggregates, verbs: verbPhrases, each, stop } = PHRASES[language];
  const nouns = matched(tokens.map((t) => t.norm), nounPhrases, language === "de");
  const verbs = matched(tokens.map((t) => t.text.toLowerCase()), verbPhrases, false);
  // A verb's object: the words after it, or before it where German ends its clause on the verb, to a mark.
  const reach = (m: CueMatch): Span => {
    let to = m.to;
    while (to < m.to + OBJECT_WINDOW && tokens[to] && tokens[to].kind !== "mark") to++;
    let from = m.from;
    while (language === "de" && from > m.from - OBJECT_WINDOW && tokens[from - 1]?.kind === "word") from--;
    return { from, to };
  };
  const text = (m: CueMatch) => tokens.slice(m.from, m.to).map((t) => t.text).join(" ");
  const within = (n: CueMatch, s: Span) => s.from <= n.from && n.to <= s.to;
  const overlaps = (m: CueMatch, list: CueMatch[]) => list.some((n) => n.from < m.to && m.from < n.to);
  // A verb of working out asks a figure only where its object is one; the other verbs are figures themselves.
  const working = verbs.filter((v) => v.key === "any" && nouns.some((n) => within(n, reach(v))));
  // (Nor is a verb of working out a figure an aggregate's own word names, "calculate the average", "den
  // Durchschnitt ausrechnen", nor a verb of adding up or counting, "pro Woche zusammenrechnen": that figure
  // asks it, no calculator.)
  const averaged = matched(tokens.map((t) => t.norm), aggregates, language === "de");
  const figured = verbs.filter((v) => v.key !== "any" || averaged.some((n) => within(n, reach(v))));
  const mine = [...nouns, ...working, ...figured];
  // (A figure's noun right after a calculator's own cue is what it works out, "tip percentage", one a log's
  // cue governs across function words is the records it keeps, "segnare gli incassi", "Verdienst eintragen",
  // one after a word of each is every record's own value, "each balance", and a total after a number, or a
  // number and its unit, is what that number counts, "20 guests in total": none is a figure of the records.)
  const counts = (n: CueMatch) =>
    n.key === "total" && [1, 2].some((k) => tokens[n.from - k]?.kind === "number");
  // (German puts the verb after its object: "Verdienst eintragen".)
  const governs = (m: CueMatch, n: CueMatch) =>
    (m.to <= n.from && tokens.slice(m.to, n.from).every((t) => stop.has(t.norm))) ||
    (language === "de" && n.to <= m.from && tokens.slice(n.to, m.from).every((t) => stop.has(t.norm)));
  const own = (n: CueMatch) =>
    !each.has(tokens[n.from - 1]?.norm ?? "") && !counts(n) &&
    !others.some((m) =>
      (m.key === "calculator" && !overlaps(m, mine) && m.to === n.from) || (m.key === "log" && governs(m, n))
    );
  const named = nouns.filter(own);
  const figures = [...named.filter((n) => n.key !== "ranked"), ...verbs.filter((v) => v.key !== "any")];
  const ranking = named.find((n) => n.key === "ranked");
  // (A figure another cue already asks is asked once.)
  const asked = others.filter((m) => m.key === "aggregate");
  return {
    cues: [...figures, ...working].filter((m) => !overlaps(m, asked)).map((m) => ({
      ...m,
      key: "aggregate",
    })),
    totals: figures.filter((m) => m.key === "total" || m.key === "money").map((m) => ({
      ...m,
      key: "total",
    })),
    share: (m) => named.some((n) => n.key === "figure" && n.from === m.from),
    money: (m) =>
      figures.some((n) => n.key === "money" && n.from === m.from)
        ? { name: text(m), type: "money" }
        : undefined,
    ranked: ranking && { quote: { from: ranking.from, to: ranking.to }, who: true },
    // (Nor is a figure's cue within such a total, "40 people in total", nor another ask's within a figure's
    // name of several words, "rate" of "success rate".)
    others: others.filter((m) =>
      m.key === "calculator"
        ? !overlaps(m, mine)
        : m.key === "aggregate"
        ? !overlaps(m, nouns.filter(counts))
        : !overlaps(m, named.filter((n) => n.to - n.from > 1))
    ),
  };
}

/** Where the first verb of computing at or after `from` is, if any. */
export function computingVerbAt(
  tokens: readonly Token[],
  language: UiLanguage,
  from: number,
): number | undefined {
  return matched(tokens.map((t) => t.text.toLowerCase()), PHRASES[language].verbs, false).find((m) =>
    m.from >= from
  )?.from;
}
