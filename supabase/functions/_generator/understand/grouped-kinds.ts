// Records grouped by a kind the prompt names ("mes livres classés par genre", "film visti per genere", "meine
// Rezepte sortiert nach Art", "recipes grouped by type") are categories of that kind. A kind that names its own
// field ("genre", "stanza", "pièce", "género", "Raum") is the field they are grouped by, not whichever choice
// the records have (a film's "kind", a book's "status"); a kind in general ("type", "tipo", "Art") is the
// records' own category. After a participle of grouping ("sorted", "ordenadas", "sortiert"), a word of
// breakdown and a kind are categories, not an order: what sorts by date or price names no kind.
import { perLanguage, phraseAt, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { fold, type Token, words } from "./text.ts";
import type { Ask } from "./asks.ts";

const VERBS = phrasesPerLanguage((lex) => lex.groupedInto.verbs);
const GENERIC = perLanguage((lex) => lex.groupedInto.generic);
const KINDS = perLanguage((lex) => lex.groupedInto.kinds);
const BY = phrasesPerLanguage((lex) => lex.groupedBy);
/** The words between the word of breakdown and the kind ("by their genre", "nach der Art"). */
const OPENERS = perLanguage((lex) =>
  [...lex.articles, ...lex.determiners, ...lex.mine].flatMap((w) => w.split(" "))
);

/** The asks of a figure a breakdown follows, and the most words between its words and the breakdown's. */
const FIGURES = new Set<Ask["type"]>(["aggregate", "chart"]);
const FIGURE_GAP = 3;

/** A word of breakdown at `i` and the kind after it, with whether it names its own field. */
function kindAfter(tokens: readonly Token[], i: number, language: UiLanguage) {
  const by = BY[language].find((p) => phraseAt(tokens, i, p));
  if (!by) return undefined;
  let j = i + by.length;
  if (OPENERS[language].has(tokens[j]?.norm ?? "")) j++;
  const word = tokens[j];
  if (!word || word.kind !== "word") return undefined;
  const own = KINDS[language].has(word.norm);
  return own || GENERIC[language].has(word.norm) ? { at: j, own } : undefined;
}

/**
 * The prompt's asks with its records' kinds read: a categories ask whose words reach a kind that names its own
 * field takes that kind as what it groups by (`breakdown`, the field named after it); a participle of grouping
 * before a kind adds categories where no ask has them, in place of a sort said with the same words.
 */
export function groupedKindAsks(prompt: string, language: UiLanguage, asks: Ask[]): Ask[] {
  const tokens = words(prompt);
  let out = asks;
  for (let i = 0; i < tokens.length; i++) {
    const kind = kindAfter(tokens, i, language);
    if (!kind) continue;
    const noun = tokens[kind.at];
    const verb = VERBS[language].find((p) => p.length <= i && phraseAt(tokens, i - p.length, p));
    const start = verb ? tokens[i - verb.length].start : tokens[i].start;
    const within = (a: Ask) => a.start < noun.end && start < a.end;
    const categories = out.find((a) => a.type === "categories" && within(a));
    // (Categories of a figure's words, "le total des devis par pièce", are its breakdown, read with it.)
    const figure = (a: Ask) =>
      FIGURES.has(a.type) && a.start < tokens[i].start &&
      tokens.filter((t) => t.start >= a.end && t.end <= tokens[i].start).length <= FIGURE_GAP;
    if (categories && (categories.breakdown || out.some(figure))) continue;
    // (The participle's sort is this grouping: "classés par genre" orders nothing.)
    const sorted = (a: Ask) => verb !== undefined && a.type === "sort" && within(a);
    if (categories) {
      if (kind.own) [categories.subject, categories.breakdown] = [noun.text, true];
      // (Values bracketed after the kind are its own, "libri divisi per genere (giallo, fantasy)": the
      // choice a general word of category named is that kind's field, not a second one.)
      if (kind.own) {
        for (const f of categories.fields) {
          if (f.options?.length && GENERIC[language].has(fold(f.name))) f.name = noun.text;
        }
      }
      if (start < categories.start) {
        [categories.start, categories.quote] = [start, prompt.slice(start, categories.end)];
      }
      out = out.filter((a) => !sorted(a));
      continue;
    }
    if (!verb) continue;
    const ask: Ask = {
      type: "categories",
      quote: prompt.slice(start, noun.end),
      start,
      end: noun.end,
      fields: [],
      quantities: [],
      ...(kind.own ? { subject: noun.text, breakdown: true as const } : {}),
    };
    out = [...out.filter((a) => !sorted(a)), ask];
  }
  return out;
}
