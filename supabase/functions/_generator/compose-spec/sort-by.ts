// What a sort orders the records by and what a search finds them by, as the prompt names it after the verb and
// a word of "by" (the lexicon's `sortedBy`): "sorted by promised date", "ordinati per voto", "triées par
// priorité", "ordenados por fecha", "sortiert nach Erscheinungsjahr", or before a verb that ends its clause
// ("die Liste nach Nachnamen sortieren"). The words name a field of the records by stem, a German compound by
// its head ("Nachnamen" is the "Name"); for a sort, words that name none are a field of their own, typed by
// what their words cue ("by date" is a date), so that it orders the records by what they do not hold yet
// rather than by another number of theirs (a search finds in every field, and makes none).
import {
  type CueIndex,
  cueIndex,
  type CueMatch,
  CUES,
  LEXICONS,
  matchCues,
  matchEveryKey,
  perLanguage,
  phrasesPerLanguage,
  stemTokens,
} from "../understand/lexicon.ts";
import { UI_LANGUAGES } from "../understand/language.ts";
import type { UiLanguage } from "../understand/language.ts";
import { stem, stemPhrase } from "../understand/stem.ts";
import { fold, type Token, words } from "../understand/text.ts";
import type { FieldSpec, FieldType } from "../template/src/types.ts";
import { capitalized, type Entity, keyOf } from "./entities.ts";

const SORTED_BY = phrasesPerLanguage((lex) => lex.sortedBy);
/** The asks whose cue may name what records are ranked by: a figure ("number of wins") or points. */
const FIGURES = new Set(["aggregate", "people"]);
/** A ranking's nouns ("leaderboard", "classifica"), after which a word of "with" opens what it ranks by too
 * ("la classifica con i punti", "un classement avec le nombre de victoires"). */
const RANKING = phrasesPerLanguage((lex) => lex.figures.ranked);
const WITH = phrasesPerLanguage((lex) => lex.with);
/** Whether a name's words cue a figure or points, which a field they name holds as a number. */
const figureNamed = (name: string[], language: UiLanguage) =>
  matchEveryKey(stemPhrase(name.join(" "), language), CUES[language].asks).some((m) => FIGURES.has(m.key));
/** The words that join two things named ("by artist or by title", "nach Name und Telefon"). */
const JOINING = phrasesPerLanguage((lex) => [...lex.and, ...lex.or]);
/** The words that open a noun without naming it: articles, possessives, determiners. */
const OPENING = phrasesPerLanguage((lex) => [...lex.articles, ...lex.mine, ...lex.determiners]);
const OF = phrasesPerLanguage((lex) => lex.of);
/** The words of when, which say by when something is done rather than by what ("find it by Friday"). */
const WHEN = perLanguage((lex) => [
  ...Object.keys(lex.weekdays),
  ...Object.keys(lex.dayParts),
  ...Object.keys(lex.periods),
  ...lex.current,
  ...lex.seasons,
]);

/** The words of a sort's direction ("newest", "dal meno caro"): by language. */
const ORDERS = Object.fromEntries(
  UI_LANGUAGES.map((l) => [l, cueIndex(LEXICONS[l].sortOrder, l)]),
) as Record<UiLanguage, CueIndex>;

/** How far from its verb a word of "by" may stand: "sort the list by year", "nach dem Namen sortieren". */
const REACH = 4;
/** The longest name of a field the words after "by" give. */
const LONGEST = 3;

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

const at = (tokens: readonly Token[], i: number, phrases: readonly (readonly string[])[]) =>
  phrases.find((p) => p.every((w, k) => tokens[i + k]?.norm === w));

/** The names (each a run of words) a sort's or a search's sentence gives after its cue's word of "by". */
export function namedBy(sentence: string, key: "sort" | "search", language: UiLanguage): string[][] {
  const tokens = words(sentence);
  const stems = stemTokens(tokens, language);
  const stop = CUES[language].stop;
  const cues = matchEveryKey(stems, CUES[language].asks).filter((m) => m.key === key);
  const names: string[][] = [];
  // A name: the words after the word of "by", articles and possessives skipped, up to a stop word, a mark or
  // the end, through an "of" word ("data di scadenza"); another after a joining word and another "by".
  const nameFrom = (from: number, to: number) => {
    let i = from;
    while (i < to) {
      const open = at(tokens, i, OPENING[language]);
      if (open) {
        i += open.length;
        continue;
      }
      const name: string[] = [];
      while (i < to && tokens[i].kind === "word" && name.length < LONGEST) {
        const of = name.length ? at(tokens, i, OF[language]) : undefined;
        if (of && tokens[i + of.length]?.kind === "word" && !stop.has(tokens[i + of.length].norm)) {
          name.push(...tokens.slice(i, i + of.length + 1).map((t) => t.text));
          i += of.length + 1;
          continue;
        }
        if (stop.has(tokens[i].norm) || at(tokens, i, JOINING[language])) break;
        name.push(tokens[i].text);
        i++;
      }
      if (name.length) names.push(name);
      // (Another name after "and" or "or" only with its own word of "by": "by artist or by title", not
      // "cercare per città e vedere…".)
      const join = at(tokens, i, JOINING[language]);
      if (!join) break;
      i += join.length;
      const by = at(tokens, i, SORTED_BY[language]);
      if (!by) break;
      i += by.length;
    }
  };
  for (const m of cues) {
    // After the verb, or ending its cue: "sorted by year", "sort the list by year", "ordered by priority".
    const ranking = key === "sort" &&
      RANKING[language].some((p) => p.every((w, k) => tokens[m.from + k]?.norm === w));
    for (let i = m.from + 1; i < Math.min(tokens.length, m.to + REACH) && tokens[i].kind === "word"; i++) {
      const by = at(tokens, i, SORTED_BY[language]) ?? (ranking ? at(tokens, i, WITH[language]) : undefined);
      if (!by) continue;
      nameFrom(i + by.length, tokens.length);
      break;
    }
    if (names.length) break;
    // Before a verb that ends its clause: "die Liste nach Nachnamen sortieren".
    const last = m.to >= tokens.length || tokens[m.to].kind === "mark" ||
      !!at(tokens, m.to, JOINING[language]);
    // (The words between are one name: "per cognome e poterli cercare" names no field "poterli".)
    for (let i = m.from - 1; last && i >= Math.max(0, m.from - REACH) && tokens[i].kind === "word"; i--) {
      const by = at(tokens, i, SORTED_BY[language]);
      if (!by) continue;
      if (!range(i + by.length, m.from).some((k) => !!at(tokens, k, JOINING[language]))) {
        nameFrom(i + by.length, m.from);
      }
      break;
    }
    if (names.length) break;
  }
  // A name that is itself an ask's cue ("by best", "nach Kategorie" of categories) is not a field's, nor is a
  // time ("by Friday"), a number, or the order's direction ("by most recent", "per più recenti").
  // (Words that cue points, or a figure and what it counts, are a field's: "par nombre de victoires", "nach
  // Punkten"; a figure's word alone, "by total", is none.)
  const figure = (n: string[], m: CueMatch) =>
    m.key === "people" || (m.key === "aggregate" && m.to - m.from < stemPhrase(n.join(" "), language).length);
  return names.filter((n) =>
    !matchEveryKey(stemPhrase(n.join(" "), language), CUES[language].asks).some((m) => !figure(n, m)) &&
    !n.some((w) => WHEN[language].has(fold(w))) &&
    !matchEveryKey(stemPhrase(n.join(" "), language), ORDERS[language]).length
  );
}

/** The field of the records a name gives: one whose label shares its stems, or whose label's head the name's
 * compound ends in ("Nachnamen", "Name"). */
export function fieldOfName(entity: Entity, name: string[], language: UiLanguage): FieldSpec | undefined {
  const stems = name.map((w) => stem(w.toLowerCase(), language));
  const score = (f: FieldSpec) => {
    const label = stemPhrase(f.label, language);
    const shared = stems.filter((s) => label.includes(s)).length;
    if (shared) return shared * 2;
    // (A compound ends in the label's one word: "Nachnamen" → "Name", "Abgabetermin" → "Termin".)
    return label.length === 1 && label[0].length >= 3 &&
        stems.some((s) => s.length > label[0].length + 2 && s.endsWith(label[0]))
      ? 1
      : 0;
  };
  let best: FieldSpec | undefined;
  let top = 0;
  for (const f of entity.spec.fields) {
    const s = score(f);
    if (s > top) [best, top] = [f, s];
  }
  return best;
}

/** A year's words ("year", "Jahr", "Erscheinungsjahr" by its head): a field they name is a number. */
const YEAR = perLanguage((lex) => Object.keys(lex.timeUnits).filter((u) => lex.timeUnits[u] === "year"));

/** The type of a field the name gives: what its words cue ("by date" is a date), a year a number, else text. */
function typeOfName(name: string[], language: UiLanguage): FieldType {
  const cued = matchEveryKey(stemPhrase(name.join(" "), language), CUES[language].fields)[0]?.key;
  if (cued) return cued as FieldType;
  const head = fold(name[name.length - 1]);
  return [...YEAR[language]].some((y) => head === y || (y.length >= 4 && head.endsWith(y)))
    ? "number"
    : "text";
}

/** The fields a sort or a search names after its word of "by", each with the words that name it, made where
 * the records hold none; none when its sentence names nothing so. */
export function fieldsNamedBy(
  entity: Entity,
  sentence: string,
  key: "sort" | "search",
  language: UiLanguage,
): { field: FieldSpec; words: string }[] {
  return namedBy(sentence, key, language).map((name) => {
    const words = name.join(" ");
    const found = fieldOfName(entity, name, language);
    if (found) return { field: found, words };
    // (A search finds in every field: one the records lack is no field it makes.)
    if (key === "search") return undefined;
    const type = figureNamed(name, language) ? "number" : typeOfName(name, language);
    // (A date or a time the records hold is the one named: "by date"; a number named is a number of its own.)
    const typed = type === "date" || type === "time" ? entity.ofType(type) : undefined;
    if (typed) return { field: typed, words };
    const label = capitalized(words);
    return { field: entity.ensure(keyOf(label, "field"), label, type), words };
  }).filter((b): b is { field: FieldSpec; words: string } => !!b);
}

/** The order a sort's sentence asks, by its first word of one ("newest first", "dal meno caro", "les plus
 * récentes en premier", "de menor a mayor", "wichtigste zuerst"), with the words that ask it; none where it
 * says none. */
export function orderOf(
  sentence: string,
  language: UiLanguage,
): { order: "ascending" | "descending"; words: string } | undefined {
  const tokens = words(sentence);
  const found =
    matchCues(stemTokens(tokens, language), ORDERS[language], undefined, tokens.map((t) => t.norm))[0];
  if (!found) return undefined;
  return {
    order: found.key as "ascending" | "descending",
    words: tokens.slice(found.from, found.to).map((t) => t.norm).join(" "),
  };
}

/** The words of a sort by speed, by language: `fast` first ("fastest", "più veloci") or `slow` first. */
const SPEEDS = Object.fromEntries(
  UI_LANGUAGES.map((l) => [l, {
    fast: phrasesPerLanguage((lex) => lex.sortSpeed.fast)[l],
    slow: phrasesPerLanguage((lex) => lex.sortSpeed.slow)[l],
  }]),
) as Record<UiLanguage, { fast: string[][]; slow: string[][] }>;

/** The order of a sort by speed its sentence asks, by its first word of speed: the fastest first is the time
 * taken shortest first ("results fastest first", "prima i più veloci", "du plus rapide au plus lent",
 * "las más rápidas arriba", "die schnellsten zuerst"), the slowest first the longest; none where it says none. */
export function speedOf(
  sentence: string,
  language: UiLanguage,
): { order: "ascending" | "descending"; words: string } | undefined {
  const tokens = words(sentence);
  for (let i = 0; i < tokens.length; i++) {
    for (const [speed, order] of [["fast", "ascending"], ["slow", "descending"]] as const) {
      const p = SPEEDS[language][speed].find((p) => p.every((w, k) => tokens[i + k]?.norm === w));
      if (p) return { order, words: p.join(" ") };
    }
  }
  return undefined;
}

/** The words of most and least ("the most wins", "più punti", "le plus de victoires", "die meisten Punkte"). */
const MOST = perLanguage((lex) => lex.superlative.most);

/** The field a sort's sentence names right after a word of most, an "of" word between ("who has the most
 * wins", "chi ha fatto più punti", "qui a le plus de victoires", "wer die meisten Punkte hat"): one of the
 * records' its words name, or a number of its own where they cue a figure or points or the sentence names a
 * ranking; none where the words are a sort's direction ("most recent"). */
export function mostNamed(
  entity: Entity,
  sentence: string,
  language: UiLanguage,
): { field: FieldSpec; words: string } | undefined {
  const tokens = words(sentence);
  const stop = CUES[language].stop;
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!MOST[language].has(tokens[i].norm)) continue;
    let k = i + 1;
    const of = at(tokens, k, OF[language]);
    if (of) k += of.length;
    const word = tokens[k];
    if (word?.kind !== "word" || stop.has(word.norm)) continue;
    const name = [word.text];
    if (
      matchEveryKey(
        stemPhrase(tokens.slice(i, k + 1).map((t) => t.norm).join(" "), language),
        ORDERS[language],
      ).length
    ) {
      continue;
    }
    const found = fieldOfName(entity, name, language);
    if (found) return { field: found, words: word.norm };
    // (What a ranking's noun ranks most of is a figure: "a leaderboard of who has the most wins".)
    const ranking = tokens.some((_, r) =>
      RANKING[language].some((p) => p.every((w, q) => tokens[r + q]?.norm === w))
    );
    if (!figureNamed(name, language) && !ranking) continue;
    const label = capitalized(word.text);
    return { field: entity.ensure(keyOf(label, "field"), label, "number"), words: word.norm };
  }
  return undefined;
}

/** A field of a date or a time the sort's own words name ("in time order", "in date order"), made where the
 * records hold none, as the records are sorted by when they are; none where its words name no such field. */
export function timeNamed(entity: Entity, quote: string, language: UiLanguage): FieldSpec | undefined {
  for (const t of words(quote)) {
    if (t.kind !== "word") continue;
    const type = typeOfName([t.text], language);
    if (type !== "date" && type !== "time") continue;
    return entity.ofType(type) ?? entity.ensure(keyOf(t.text, "field"), capitalized(t.text), type);
  }
  return undefined;
}
