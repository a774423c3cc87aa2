// Several kinds of records named in a row, each with fields of its own, are lists of their own, not the fields
// of one ("vet visits (date, clinic, cost), vaccinations with due date, and walks"; "partite con data e
// risultato, allenamenti (data, durata) e infortuni"; "Etappen mit Datum und Ort, Unterkünfte (Preis,
// Bewertung) und Ausgaben"). After an item with fields of its own (in brackets that name a field, or after
// "with"), the words after a comma or "and" are other records when they are a short noun phrase that:
// - carries its own brackets that name a field ("trainig sessions (date, drills)"), or its own "with";
// - or is a noun of records (the lexicon's `recordKinds`: visits, injuries, walks, expenses, "pesées",
//   "caídas", "Spaziergänge", a German compound by its ending), once the row is one of kinds: a kind was
//   already cut from the clause, or a bracket of fields closes right before it, so it cannot be their field.
// A noun that is itself a field's word ("sets (reps, weight)", "category (food, rent)") is never records.
import { CUES, LEXICONS, matchCues, perLanguage, stemTokens, VERBS } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { stem } from "./stem.ts";
import { fold, type Token, words } from "./text.ts";
import type { Clause } from "./clauses.ts";
import type { Ask } from "./asks.ts";

/** How many words a kind's noun phrase holds at most ("insurance documents", "garanzie degli elettrodomestici"). */
const KIND_WORDS = 4;

const KINDS = Object.fromEntries(
  (Object.keys(LEXICONS) as UiLanguage[]).map((l) => [
    l,
    LEXICONS[l].recordKinds.map((w) => stem(fold(w).replace(/-/g, ""), l)),
  ]),
) as Record<UiLanguage, string[]>;
/** The languages whose noun phrase ends on its head ("insurance documents", "Tierarztbesuche"). */
const HEAD_LAST = new Set<UiLanguage>(["en", "de"]);
const WITH = perLanguage((lex) => lex.with);
const JOINERS = perLanguage((lex) => [",", ...lex.and]);
const AND = perLanguage((lex) => lex.and);
const OPENERS = perLanguage((lex) => [...lex.articles, ...lex.determiners]);

/** Whether a word opens a noun phrase before its words: an article, a determiner, a function word ("any",
 * "anche"), not "with" nor "and". */
function opens(token: Token | undefined, language: UiLanguage): boolean {
  if (
    !token || token.kind !== "word" || WITH[language].has(token.norm) || JOINERS[language].has(token.norm)
  ) {
    return false;
  }
  return OPENERS[language].has(token.norm) || CUES[language].stop.has(token.norm);
}

/** Whether a word is a noun of records: its stem is one of the lexicon's, or a German compound ends in one
 * ("Tierarztbesuche", "Klassenarbeiten"). */
function kindWord(token: Token, language: UiLanguage): boolean {
  const s = stem(token.norm, language);
  return KINDS[language].some((k) =>
    s === k || (language === "de" && s.length > k.length + 2 && s.endsWith(k))
  );
}

/** Whether words name a field ("date", "sets", "Preis"). */
function namesField(tokens: readonly Token[], language: UiLanguage): boolean {
  return matchCues(stemTokens(tokens, language), CUES[language].fields).length > 0;
}

/** Whether a part of a clause gives records fields of their own and says nothing else after them: brackets
 * that name a field ("vet visits (date, cost)") or "with" ("matches with date, opponent and score"), then only
 * short items and no verb ("…, the lunch menu per week"); not a sentence that went on after them ("track fuel
 * (litres, price) and get my average, …"). */
export function ownFields(tokens: readonly Token[], language: UiLanguage): boolean {
  let depth = 0;
  let open = 0;
  let at = -1;
  tokens.forEach((t, k) => {
    if (t.norm === "(" && !depth++) open = k;
    else if (t.norm === ")" && depth > 0 && !--depth) {
      if (namesField(tokens.slice(open + 1, k), language)) at = k;
    } else if (!depth && WITH[language].has(t.norm)) at = k;
  });
  if (at < 0) return false;
  const stop = CUES[language].stop;
  let words = 0;
  depth = 0;
  for (const t of tokens.slice(at + 1)) {
    if (t.norm === "(") depth++;
    else if (t.norm === ")") depth = Math.max(0, depth - 1);
    else if (depth) continue;
    else if (JOINERS[language].has(t.norm)) words = 0;
    else if (VERBS[language].has(t.norm)) return false;
    else if (!stop.has(t.norm) && ++words > KIND_WORDS) return false;
  }
  return true;
}

/** Whether words open on a kind of records with its own fields: a short noun phrase, then "with" or brackets
 * that name a field ("partite con data, avversario e risultato", "matchs (date, adversaire, score)"). */
export function opensKind(tokens: readonly Token[], language: UiLanguage): boolean {
  let k = 0;
  while (opens(tokens[k], language)) k++;
  const at = tokens.findIndex((t, i) => i >= k && (WITH[language].has(t.norm) || t.norm === "("));
  if (at <= k || at - k > KIND_WORDS || tokens.slice(k, at).some((t) => t.kind !== "word")) return false;
  if (WITH[language].has(tokens[at].norm)) return tokens[at + 1]?.kind === "word";
  const [inner] = bracketed(tokens.slice(at));
  return inner !== undefined && namesField(inner, language);
}

/** Whether a part's fields are closed before the joiner that follows it: they are in brackets, or a list after
 * "with" ends on "and" before a comma ("matches with date, opponent and score, trainig sessions (…)"). */
function closed(part: readonly Token[], joiner: Token, language: UiLanguage): boolean {
  if (bracketed(part).some((inner) => namesField(inner, language))) return true;
  const at = part.findIndex((t) => WITH[language].has(t.norm));
  return joiner.norm === "," && at >= 0 && part.slice(at + 1).some((t) => AND[language].has(t.norm));
}

/** The words inside each bracket of the tokens, outermost. */
function bracketed(tokens: readonly Token[]): Token[][] {
  const out: Token[][] = [];
  let depth = 0;
  let open = 0;
  tokens.forEach((t, k) => {
    if (t.norm === "(" && !depth++) open = k;
    else if (t.norm === ")" && depth > 0 && !--depth) out.push(tokens.slice(open + 1, k));
  });
  return out;
}

/**
 * Whether the words from `i`, after a comma or "and" in a clause part that starts at `from`, name other records
 * than that part's (above); `kinds`: a kind was already cut from the clause.
 */
export function otherKind(
  tokens: readonly Token[],
  i: number,
  from: number,
  kinds: boolean,
  language: UiLanguage,
): boolean {
  const part = tokens.slice(from, i - 1);
  const fielded = ownFields(part, language);
  if (!fielded && !kinds) return false;
  const stop = CUES[language].stop;
  let k = i;
  while (opens(tokens[k], language)) k++;
  let end = k;
  const joiners = JOINERS[language];
  while (
    end < tokens.length && end - k < KIND_WORDS && tokens[end].kind === "word" &&
    !joiners.has(tokens[end].norm) && !WITH[language].has(tokens[end].norm) &&
    !VERBS[language].has(tokens[end].norm)
  ) end++;
  const noun = tokens.slice(k, end);
  if (!noun.length) return false;
  // (A noun of records is one though a field's word too: "dépenses", "Ausgaben"; it heads its phrase, last in
  // English and German, "vet visits", first in the others, "spese divise", not "se serve la prenotazione".)
  const kind = kindWord(HEAD_LAST.has(language) ? noun[noun.length - 1] : noun[0], language);
  if (!noun.some((t) => !stop.has(t.norm)) || (namesField(noun, language) && !kind)) return false;
  const next = tokens[end];
  if (next?.norm === "(") {
    // (A field with its own brackets inside a list of fields not yet closed is a field: "recipes with servings
    // and macros (calories, protein)"; after "A with x, y and z," it is another kind.)
    const [inner] = bracketed(tokens.slice(end));
    return inner !== undefined && namesField(inner, language) &&
      (kinds || closed(part, tokens[i - 1], language));
  }
  if (next && WITH[language].has(next.norm)) return tokens[end + 1]?.kind === "word";
  if (next && !joiners.has(next.norm)) return false;
  // (A bare noun of records: only in a row of kinds, or right after a bracket of fields closes.)
  let before = i - 1;
  while (before > from && joiners.has(tokens[before].norm)) before--;
  const afterBracket = tokens[before]?.norm === ")";
  return (kinds || afterBracket) && kind;
}

/** Whether a clause of other records opens on a noun of records ("and walks", "y las caídas", "und
 * Spaziergänge", "vaccins avec date de rappel"): a joiner at most, articles or determiners, then a short noun
 * phrase with a noun of records and nothing else up to its own "with" or brackets (`whole`: nothing else at
 * all); those records are a list even with no field of their own read. */
export function bareKind(tokens: readonly Token[], language: UiLanguage, whole = false): boolean {
  let k = 0;
  while (JOINERS[language].has(tokens[k]?.norm ?? "") || opens(tokens[k], language)) k++;
  // (Up to its own "with" or brackets: "vaccins avec date de rappel" whose one field asks a reminder.)
  const own = whole
    ? -1
    : tokens.findIndex((t, i) => i >= k && (WITH[language].has(t.norm) || t.norm === "("));
  const noun = tokens.slice(k, own < 0 ? tokens.length : own);
  return noun.length > 0 && noun.length <= KIND_WORDS &&
    noun.every((t) => t.kind === "word" && !VERBS[language].has(t.norm)) &&
    kindWord(HEAD_LAST.has(language) ? noun[noun.length - 1] : noun[0], language);
}

/** The asks of a row of kinds: a bare noun of records' clause asks for its list only, whatever cue its noun holds
 * ("medical appointments" no booking, "school reports" no figure: records of a kind named among others). */
export function bareKindAsks(parts: readonly Clause[], asks: Ask[], language: UiLanguage): Ask[] {
  const out = [...asks];
  for (const c of parts) {
    const tokens = words(c.text);
    if (!c.records || !bareKind(tokens, language, true)) continue;
    const within = (a: Ask) => a.start >= c.start && a.end <= c.end;
    const list = out.find((a) => within(a) && a.type === "list");
    let k = 0;
    while (JOINERS[language].has(tokens[k]?.norm ?? "") || opens(tokens[k], language)) k++;
    const start = c.start + tokens[k].start;
    const own: Ask = list ?? {
      type: "list",
      quote: c.text.slice(tokens[k].start),
      start,
      end: c.end,
      subject: c.text.slice(tokens[k].start),
      fields: [],
      quantities: [],
      records: true,
    };
    const at = out.findIndex(within);
    const kept = out.filter((a) => !within(a));
    kept.splice(at < 0 ? kept.length : at, 0, own);
    out.splice(0, out.length, ...kept);
  }
  return out;
}
