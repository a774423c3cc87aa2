// Listed values that are no choice. A choice is a field whose value is one of a set the prompt lists; a list
// of things each stating its price is what a price list sells ("Menu: espresso $3, latte $4.50", "Listino:
// orlo 8 €, cerniera 12 €"), the records of its catalog, and a bracket of a record's own fields ("patients
// (nom, adresse, téléphone)") lists fields. Both are told by the lexicons' `listedValues` word classes.
import type { UiLanguage } from "./language.ts";
import { CUES, LEXICONS, matchCues, stemTokens } from "./lexicon.ts";
import { fold, type Token, words } from "./text.ts";

type Span = { from: number; to: number };

const asWritten = (list: string[]) => new Set(list.map((w) => words(w).map((t) => t.norm).join(" ")));

const SIZES = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, asWritten(lex.listedValues.sizes)]),
) as Record<UiLanguage, Set<string>>;

const RECORD_FIELDS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, asWritten(lex.listedValues.recordFields)]),
) as Record<UiLanguage, Set<string>>;

/** The words that join a list's items ("and", "or", "plus") in each language. */
const JOINERS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, asWritten([...lex.and, ...lex.or])]),
) as Record<UiLanguage, Set<string>>;

/**
 * Whether values listed each with its own price are a price list's items rather than a choice: every amount
 * in the list is money, the values are not sizes ("small $12, medium $20, large $32" is what each sale picks),
 * and the word that names the list, right before a bracket or a colon, is no field of a type other than money
 * ("3 sizes (small $12, large $20)", "taille : petit 15 €, grand 25 €" stay a choice; "prix (mariage 1 200 €,
 * naissance 250 €)", "Drinks: espresso $3, latte $4.50" are what is sold).
 */
export function pricedItems(
  tokens: readonly Token[],
  list: { span: Span; options: string[] },
  amounts: (Span & { money: boolean })[],
  language: UiLanguage,
): boolean {
  const inside = amounts.filter((a) => a.from >= list.span.from && a.to <= list.span.to && a.to > a.from);
  if (!inside.length || !inside.every((a) => a.money)) return false;
  const sizes = SIZES[language];
  const sized = list.options.filter((o) => words(o).some((t) => sizes.has(t.norm))).length;
  if (sized * 2 > list.options.length) return false;
  // The word that names the list: before a bracket or a colon that opens it, across a number ("3 sizes (").
  let at = list.span.from - 1;
  if (tokens[at]?.norm !== "(" && tokens[at]?.norm !== ":") return true;
  at--;
  const named = tokens[at];
  if (named?.kind !== "word") return true;
  const [field] = matchCues(stemTokens([named], language), CUES[language].fields);
  return field === undefined || field.key === "money";
}

/**
 * Whether half the items of a bracket or more are a record's own fields of text, the lexicons'
 * `listedValues.recordFields` ("(nom, adresse, digicode, téléphone)", "(nombre, teléfono, zona a tratar)"):
 * the bracket lists fields, no values to choose from.
 */
export function namesRecordFields(inner: readonly Token[], language: UiLanguage): boolean {
  const joiners = JOINERS[language];
  const items: string[] = [];
  let item: string[] = [];
  for (const t of [...inner, undefined]) {
    if (t === undefined || t.norm === "," || joiners.has(t.norm)) {
      if (item.length) items.push(item.join(" "));
      item = [];
    } else if (t.kind !== "mark") item.push(fold(t.norm));
  }
  const fields = RECORD_FIELDS[language];
  return items.length >= 2 && items.filter((i) => fields.has(i)).length * 2 >= items.length;
}

/**
 * Bare numbers offered as alternatives with the unit of the last, each right after the one before across a
 * comma, the last after an "or" ("15, 18 or 20% tip", "30, 45 o 60 minuti", "10, 15 ou 20 €"): three values
 * or more, a choice of the amounts, each written with that unit; the word right after the last amount, where
 * it is a content word, names it ("tip"). Not times of day, nor counts with no unit ("2, 3 or 4 times").
 */
export function sharedUnitAmounts(
  tokens: readonly Token[],
  amounts: (Span & { kind: string; text: string })[],
  or: (i: number) => boolean,
  content: (i: number) => boolean,
): { span: Span; options: string[]; name?: string }[] {
  const out: { span: Span; options: string[]; name?: string }[] = [];
  const sorted = [...amounts].filter((a) => a.to > a.from).sort((a, b) => a.from - b.from);
  const united = new Set(["measure", "duration", "money"]);
  let run: typeof sorted = [];
  for (const amount of sorted) {
    const last = run.at(-1);
    const between = last ? range(last.to, amount.from) : [];
    const follows = last !== undefined && between.length > 0 && between.length <= 2 &&
      between.every((k) => tokens[k].norm === "," || or(k));
    if (!follows) run = [];
    if (amount.kind === "number") {
      // (Not the second bound of a range, "12-17".)
      if (run.length || !["-", "/"].includes(tokens[amount.from - 1]?.norm ?? "")) run.push(amount);
      continue;
    }
    const joined = between.some(or);
    if (united.has(amount.kind) && run.length >= 2 && follows && joined) {
      const number = amount.text.match(/\d[\d.,]*/)?.[0];
      if (number) {
        const options = [...run.map((n) => amount.text.replace(number, n.text)), amount.text];
        const named = content(amount.to) ? tokens[amount.to].text : undefined;
        out.push({ span: { from: run[0].from, to: amount.to }, options, name: named });
      }
    }
    run = [];
  }
  return out;
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

/** The words of what comes next and of the moment something is so, as written, each a list of token norms. */
const STAGES = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    then: lex.listedValues.then.map((w) => words(w).map((t) => t.norm)),
    when: lex.listedValues.when.map((w) => words(w).map((t) => t.norm)),
  }]),
) as Record<UiLanguage, { then: string[][]; when: string[][] }>;

/** The most words a stage holds once the asking's words are left out ("picked up", "stato ritirato"). */
const STAGE_WORDS = 3;

/**
 * The stages a record goes through, which a verb of marking offers one after the other: a state, a word of
 * what comes next and another ("mark it paid and then ready", "marcar como pagado y luego entregado",
 * "als bezahlt und dann als abgeholt markieren"), or each state after a word of the moment, said again
 * ("segnare quando è pronto e quando è stato ritirato", "noter quand c'est prêt et quand c'est livré"). They
 * are one choice of those states, the record's status, as states offered with "or" are (`marked-states.ts`).
 */
export function stagesMarked(
  tokens: readonly Token[],
  language: UiLanguage,
  marks: (i: number) => boolean,
  label: (text: string) => string,
): { span: Span; states: Span; options: string[] }[] {
  const out: { span: Span; states: Span; options: string[] }[] = [];
  const stop = CUES[language].stop;
  const joiners = JOINERS[language];
  const { then, when } = STAGES[language];
  // Where a phrase of the words at i starts, and how long it is.
  const at = (phrases: string[][], i: number) =>
    Math.max(0, ...phrases.filter((p) => p.every((w, k) => tokens[i + k]?.norm === w)).map((p) => p.length));
  const bound = (k: number) =>
    tokens[k] === undefined || (tokens[k].kind === "mark" && tokens[k].norm !== "'");
  for (let verb = 0; verb < tokens.length; verb++) {
    if (!marks(verb)) continue;
    let from = verb;
    while (from > 0 && !bound(from - 1)) from--;
    let to = verb + 1;
    while (!bound(to)) to++;
    const text = (s: Span) => tokens.slice(s.from, s.to).map((t) => t.text).join(" ");
    const stage = (s: Span) => {
      // (Not a word elided before an apostrophe: "c'est prêt".)
      const t = { ...s };
      while (t.from + 1 < t.to && (tokens[t.from + 1].norm === "'" || tokens[t.from].norm.endsWith("'"))) {
        t.from += tokens[t.from + 1].norm === "'" ? 2 : 1;
      }
      const kept = label(text(t));
      const n = words(kept).filter((t) => t.kind === "word").length;
      return n >= 1 && n <= STAGE_WORDS ? kept : undefined;
    };
    // (The words of a stage: no verb of marking, no joiner at its ends.)
    const trim = (s: Span) => {
      const t = { ...s };
      while (t.from < t.to && (joiners.has(tokens[t.from].norm) || t.from === verb)) t.from++;
      while (t.to > t.from && (joiners.has(tokens[t.to - 1].norm) || t.to - 1 === verb)) t.to--;
      return t;
    };
    const values: Span[] = [];
    // (Each phrase once, at its first word: "and then" is no "then" again.)
    const starts = (phrases: string[][]) => {
      const found: number[] = [];
      for (let k = from; k < to; k++) {
        if (at(phrases, k) > 0) {
          found.push(k);
          k += at(phrases, k) - 1;
        }
      }
      return found;
    };
    const whens = starts(when);
    const thens = starts(then);
    if (whens.length >= 2) {
      whens.forEach((k, n) => {
        const end = n + 1 < whens.length ? whens[n + 1] : to;
        values.push(trim({ from: k + at(when, k), to: end > verb && k < verb ? verb : end }));
      });
    } else if (thens.length === 1) {
      const k = thens[0];
      // (The state before: the last word of the phrase before "then" that is no function word.)
      let last = k - 1;
      while (last >= from && (joiners.has(tokens[last].norm) || stop.has(tokens[last].norm))) last--;
      if (last < from || last === verb || tokens[last].kind !== "word") continue;
      values.push({ from: last, to: last + 1 }, trim({ from: k + at(then, k), to: verb > k ? verb : to }));
    }
    if (values.length < 2 || values.some((v) => v.to <= v.from)) continue;
    const options = values.map(stage);
    if (options.some((o) => o === undefined)) continue;
    const distinct = new Set(options.map((o) => fold(o!)));
    if (distinct.size < options.length) continue;
    const states = { from: values[0].from, to: values.at(-1)!.to };
    out.push({
      span: { from: Math.min(verb, states.from), to: Math.max(verb + 1, states.to) },
      states,
      options: options as string[],
    });
  }
  return out;
}

const OPTION_NOUNS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, asWritten(lex.listedValues.optionNouns)]),
) as Record<UiLanguage, Set<string>>;

/**
 * Where a colon's head ends on a plural noun of options, counted or not ("three modes", "drei Größen",
 * "sizes"), the span of that noun, which names the values the colon lists ("tres modos: AMRAP, EMOM y
 * Tabata", "trois niveaux : débutant, intermédiaire et avancé"); the number before it names nothing.
 */
export function optionNounAt(tokens: readonly Token[], language: UiLanguage): Span | undefined {
  const last = tokens.length - 1;
  return last >= 0 && OPTION_NOUNS[language].has(tokens[last].norm)
    ? { from: last, to: last + 1 }
    : undefined;
}

/** The tokens outside brackets: an item's values without what is said of them ("AMRAP (20 min)"). */
export function outsideBrackets(item: readonly Token[]): Token[] {
  let depth = 0;
  return item.filter((t) => {
    if (t.norm === "(") depth++;
    const out = depth === 0;
    if (t.norm === ")") depth = Math.max(0, depth - 1);
    return out;
  });
}

/** The most words a value a noun of options names holds ("extra large"). */
const OPTION_WORDS = 2;

/**
 * Values right after a plural noun of options, with no mark between, apart by commas and "and" or "or", to the
 * end of the phrase ("Sizes small and large (+$0.75).", "niveles básico, medio o avanzado", "Größen klein und
 * groß"): a choice of them named by the noun. What brackets say of them is none of them; a value holds one or
 * two words, no number, and the first is no function word ("levels of stress and sleep" names no values).
 */
export function optionsNamed(
  tokens: readonly Token[],
  language: UiLanguage,
): { span: Span; options: string[]; name: string }[] {
  const out: { span: Span; options: string[]; name: string }[] = [];
  const stop = CUES[language].stop;
  const joiners = JOINERS[language];
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!OPTION_NOUNS[language].has(tokens[i].norm)) continue;
    const first = tokens[i + 1];
    // (A function word opens no value, though a size may be one: "small".)
    const opens = (t: Token) => stop.has(t.norm) && !SIZES[language].has(t.norm);
    // (A cue ends the values: the clause's verb, "klein und groß bestellen".)
    const cue = (t: Token) => matchCues(stemTokens([t], language), CUES[language].asks).length > 0;
    if (first.kind !== "word" || opens(first) || joiners.has(first.norm)) continue;
    const values: Token[][] = [[]];
    let k = i + 1;
    let depth = 0;
    for (; k < tokens.length; k++) {
      const t = tokens[k];
      if (t.norm === "(") depth++;
      else if (t.norm === ")") depth--;
      else if (depth > 0) continue;
      else if (t.norm === "," || joiners.has(t.norm)) values.push([]);
      else if (t.kind === "word" && !(k > i + 1 && cue(t))) values[values.length - 1].push(t);
      else break;
    }
    const joined = range(i + 1, k).some((j) => joiners.has(tokens[j].norm));
    const options = values.map((v) => v.map((t) => t.text).join(" "));
    if (
      !joined || values.length < 2 || values.some((v) => v.length === 0 || v.length > OPTION_WORDS) ||
      values.some((v) => opens(v[0])) || new Set(options.map(fold)).size < options.length
    ) {
      continue;
    }
    let to = k;
    while (to > i + 1 && tokens[to - 1].norm === ")") to--;
    out.push({
      span: { from: i, to: values.at(-1)!.at(-1) ? indexOf(tokens, values.at(-1)!.at(-1)!) + 1 : to },
      options,
      name: tokens[i].text,
    });
    i = k;
  }
  return out;
}

const indexOf = (tokens: readonly Token[], t: Token) => tokens.indexOf(t);

const WHETHER = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    if: asWritten(lex.whether.if),
    done: new Set(lex.whether.done.map((w) => fold(w))),
  }]),
) as Record<UiLanguage, { if: Set<string>; done: Set<string> }>;

/** The most words of the asking before a question's values ("whether it was", "si fueron"). */
const ASKING_WORDS = 3;

/**
 * Where a question of whether that ends right before `at` starts, its word of "if" then only auxiliaries or
 * function words ("whether it was breakfast, lunch or dinner", "si fueron desayuno, almuerzo o cena", "si
 * c'est petit déjeuner, déjeuner ou dîner"): it offers every value listed after it, those before the "or"
 * too, and asks no tick of its own. -1 where none does.
 */
export function whetherBefore(tokens: readonly Token[], at: number, language: UiLanguage): number {
  const { if: ifs, done } = WHETHER[language];
  const stop = CUES[language].stop;
  // (An auxiliary after an elided word is one too: "c'est".)
  const auxiliary = (t: Token) => done.has(fold(t.text)) || done.has(fold(t.text).split("'").at(-1) ?? "");
  for (let k = at - 1; k >= 0 && at - k <= ASKING_WORDS; k--) {
    const t = tokens[k];
    if (t.kind !== "word" && t.norm !== "'") return -1;
    if (ifs.has(t.norm)) return k;
    if (t.kind === "word" && !auxiliary(t) && !stop.has(t.norm) && !t.norm.endsWith("'")) return -1;
  }
  return -1;
}
