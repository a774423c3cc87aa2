// What a short prompt wants of its records, said after their noun without "with", a colon or a field list,
// so that they hold more than a name: a question joined to the noun by "and" or a comma is a field of them
// (of when a date: "the boxes in the attic and since when", "le scatole e da quando", "Kisten und seit
// wann"; of who a person: "gli attrezzi e chi li ha", "la cena y quién lleva qué"; of where a place: "las
// cajas y dónde están"; of how much or many an amount, money where it costs: "cushions and how many", "vini
// e quante bottiglie", "courses et combien ça coûte"); two sides or more joined by "and" or "or" (the
// lexicon's `afterNoun.sides`: "sinistra e destra", "links und rechts") are a choice of side; and records
// named by a noun of acts done to a thing (`afterNoun.acts`: "gutter cleanings", "cambi del filtro",
// "Filterwechsel") are a dated log of that thing. The records' noun, and so the app's name, stay the user's.
import type { Ask, Field } from "./asks.ts";
import type { UiLanguage } from "./language.ts";
import { CUES, LEXICONS, perLanguage, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import { CONCEPTS } from "./concepts-index.ts";
import { type Concept, findConcepts } from "./concepts.ts";
import { questionField } from "./question-fields.ts";
import { fold, type Token, words } from "./text.ts";

const JOINS = perLanguage((lex) => [...lex.and, ...lex.or]);
const OF = phrasesPerLanguage((lex) => lex.of);
const AMOUNT = phrasesPerLanguage((lex) => lex.afterNoun.amount.phrases);
const COSTS = perLanguage((lex) => lex.afterNoun.costs.words);
const SIDES = perLanguage((lex) => lex.afterNoun.sides.words);
const ACTS = perLanguage((lex) => lex.afterNoun.acts);
/** The marks that end what is said of the records. */
const ENDS = new Set([".", ";", "!", "?", ":", "(", ")"]);
/** The most words an act's thing takes after its "of" ("del filtro dell'acqua"). */
const THING_WORDS = 4;

/** The asks, each list or log of a named noun given the fields its sentence asks after that noun. */
export function afterNounAsks(prompt: string, language: UiLanguage, asks: Ask[]): Ask[] {
  const tokens = words(prompt);
  // (The prompt's concept, found once and only where a question is asked of its records.)
  let concept: Concept | null | undefined;
  const namedConcept = () =>
    concept === undefined
      ? concept = CONCEPTS.find((c) => c.id === findConcepts(prompt, language)[0]?.id) ?? null
      : concept;
  return asks.map((ask) => {
    if ((ask.type !== "list" && ask.type !== "log") || ask.implied || !ask.subject) return ask;
    const from = tokens.findIndex((t) => t.start >= ask.end);
    const rest = from < 0 ? [] : tokens.slice(from, endOf(tokens, from));
    const others = asks.filter((b) => b !== ask);
    const free = (part: readonly Token[]) =>
      !others.some((b) => part.some((t) => b.start <= t.start && t.end <= b.end));
    const fields: Field[] = [];
    // (A field the subject's concept holds already under the question's English name is not asked again:
    // "books i lent and to who" keep their person.)
    const held = (f: Field) =>
      namedConcept()?.fields.some((c) => c.key === englishName(f, language)) ?? false;
    const add = (f: Field) => {
      const known = [...ask.fields, ...fields];
      if (!known.some((g) => fold(g.name) === fold(f.name) || (g.type === f.type && f.type === "date"))) {
        fields.push(f);
      }
    };
    for (const part of questionsAfter(rest, language)) {
      if (!free(part)) continue;
      const field = askedField(part, tokens, language);
      if (field && !held(field)) add(field);
    }
    const sided = sides(tokens.slice(tokens.findIndex((t) => t.start >= ask.start)), language);
    let subject = ask.subject;
    const siding = sided && free(sided.run) ? sided : undefined;
    if (siding) {
      add({ name: LEXICONS[language].afterNoun.sides.name, type: "choice", options: siding.options });
      // (A side written right after the noun is no word of it: "Dehnübungen links und rechts".)
      const said = words(subject);
      const cut = said.findIndex((t) => siding.run.some((s) => s.norm === t.norm));
      if (cut > 0) subject = subject.slice(0, said[cut].start).trim();
    }
    // (A log is dated already: only a list of acts is made one.)
    const acted = ask.type === "list" ? actOf(prompt, subject, rest, language) : undefined;
    if (!acted && !fields.length && subject === ask.subject) return ask;
    const date = Object.keys(LEXICONS[language].questionFields.fields.date)[0];
    if (acted) add({ name: date, type: "date" });
    // (Sides said right after the noun, only function words between, are the ask's words: "links und rechts".)
    const stop = CUES[language].stop;
    const last = siding?.run.at(-1);
    const between = siding && tokens.filter((t) => t.start >= ask.end && t.end <= siding.run[0].start);
    const beside = last && last.end > ask.end && between?.every((t) => t.kind === "word" && stop.has(t.norm));
    const end = acted?.end ?? (beside ? last.end : ask.end);
    return {
      ...ask,
      type: acted ? "log" : ask.type,
      subject: acted?.subject ?? subject,
      fields: [...ask.fields, ...fields],
      end,
      quote: prompt.slice(ask.start, end),
    };
  });
}

/** The English name of a question's field, by its place among the lexicon's: "persona" is "person". */
function englishName(field: Field, language: UiLanguage): string | undefined {
  const asked = LEXICONS[language].questionFields.fields as Record<string, Record<string, string[]>>;
  const english = LEXICONS.en.questionFields.fields as Record<string, Record<string, string[]>>;
  const at = Object.keys(asked[field.type] ?? {}).indexOf(field.name);
  return at < 0 ? undefined : Object.keys(english[field.type] ?? {})[at];
}

/** Where the sentence from `from` ends: at a mark that closes it, or at the prompt's end. */
function endOf(tokens: readonly Token[], from: number): number {
  const end = tokens.findIndex((t, i) => i >= from && t.kind === "mark" && ENDS.has(t.norm));
  return end < 0 ? tokens.length : end;
}

/** The parts of what follows the noun that a joining word or a comma opens, up to the next. */
function questionsAfter(rest: readonly Token[], language: UiLanguage): Token[][] {
  const joins = (t: Token) => t.norm === "," || (t.kind === "word" && JOINS[language].has(t.norm));
  const parts: Token[][] = [];
  rest.forEach((t, i) => {
    if (!joins(t)) return;
    const next = rest.findIndex((u, k) => k > i && joins(u));
    const part = rest.slice(i + 1, next < 0 ? rest.length : next);
    if (part.length) parts.push(part);
  });
  return parts;
}

/** The field a question opening the part asks: the lexicon's `questionFields`, or an amount. */
function askedField(
  part: readonly Token[],
  tokens: readonly Token[],
  language: UiLanguage,
): Field | undefined {
  const question = questionField(part, tokens, language);
  if (question) return question;
  const amount = phraseFrom(part, 0, AMOUNT[language]);
  if (!amount) return undefined;
  const { costs } = LEXICONS[language].afterNoun;
  if (part.some((t) => COSTS[language].has(t.norm))) return { name: costs.name, type: "money" };
  // (The noun right after the question names what is counted: "quante bottiglie", "cuántos km".)
  const next = part[amount.length];
  const named = next?.kind === "word" && !CUES[language].stop.has(next.norm);
  return { name: named ? next.text : LEXICONS[language].afterNoun.amount.name, type: "number" };
}

/** Two sides or more joined by "and" or "or" in the sentence, as written, and their words. */
function sides(tokens: readonly Token[], language: UiLanguage) {
  const end = endOf(tokens, 0);
  const side = (t: Token | undefined) => t?.kind === "word" && SIDES[language].has(t.norm);
  const joins = (t: Token | undefined) =>
    t?.norm === "," || (t?.kind === "word" && JOINS[language].has(t.norm));
  for (let i = 0; i < end; i++) {
    if (!side(tokens[i])) continue;
    const run = [tokens[i]];
    let k = i + 1;
    while (k + 1 < end && joins(tokens[k]) && side(tokens[k + 1])) {
      run.push(tokens[k + 1]);
      k += 2;
    }
    const options = [...new Map(run.map((t) => [t.norm, t.text])).values()];
    if (options.length > 1) return { run, options };
  }
  return undefined;
}

/** Records named by a noun of acts done to a thing ("gutter cleanings", "cambi del filtro"): their subject,
 * with the thing written after its "of", and where it ends. */
function actOf(prompt: string, subject: string, rest: readonly Token[], language: UiLanguage) {
  const said = words(subject).filter((t) => t.kind === "word");
  const acts = ACTS[language];
  // (A German compound names its act last: "Filterwechsel", "Reifenwechsel".)
  const act = (t: Token) =>
    acts.has(t.norm) ||
    (language === "de" && [...acts].some((a) => t.norm.length > a.length + 2 && t.norm.endsWith(a)));
  const at = said.findIndex(act);
  if (at < 0) return undefined;
  const compound = language === "de" && !acts.has(said[at].norm);
  // The act's thing: words of the subject beside it, or the "of" phrase that follows it.
  if (said.length > 1 || compound) return { subject, end: undefined };
  const of = phraseFrom(rest, 0, OF[language]);
  if (!of) return undefined;
  const stop = CUES[language].stop;
  let k = of.length;
  const thing: Token[] = [];
  while (
    k < rest.length && thing.length < THING_WORDS && rest[k].kind === "word" &&
    !JOINS[language].has(rest[k].norm)
  ) {
    thing.push(rest[k]);
    k++;
  }
  const last = thing.findLastIndex((t) => !stop.has(t.norm));
  if (last < 0) return undefined;
  const end = thing[last].end;
  return { subject: `${subject} ${prompt.slice(rest[0].start, end)}`, end };
}
