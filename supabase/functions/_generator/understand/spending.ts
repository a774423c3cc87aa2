// Money spent or received, named by a noun of spending or income ("the expenses for the trip: fuel, food",
// "le spese per la festa", "les frais (salle 200 €, gâteau)", "los gastos de la boda", "Kosten fürs Auto") or
// by a verb of spending with what it goes on ("what I spend on coffee and lunch", "ce que je dépense en café",
// "was ich für Kaffee ausgebe"), is kept as it happens: a log of those sums, each with its amount, its date and,
// where the prompt lists what the money goes on, the category of it among those items. A price beside an item
// ("salle 450 €") is an expected cost, no price list.
import type { Ask, Field } from "./asks.ts";
import { CUES, LEXICONS, matchCues, stemTokens, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { measureWord, type Quantity } from "./quantities.ts";
import { fold, type Token, words } from "./text.ts";
import { tipsPer, withoutTipAsks } from "./tips-per.ts";

const WORDS = Object.fromEntries(
  Object.entries(LEXICONS).map(([language, lex]) => [language, {
    nouns: wordSet(lex.spending.nouns),
    verbs: wordSet(lex.spending.verbs),
    on: wordSet(lex.spending.on),
    determiners: wordSet([...lex.articles, ...lex.determiners]),
    of: wordSet(lex.of),
    // What opens an item without naming it: articles, determiners, "of" words and the words of "on".
    opening: wordSet([...lex.articles, ...lex.determiners, ...lex.of, ...lex.spending.on]),
    and: wordSet(lex.and),
    with: wordSet(lex.with),
    // An item that asks a figure ("total per month", "Summe pro Monat") is none of what the money goes on.
    figures: wordSet(Object.values(lex.aggregates).flat()),
    // The words of a number of something, of which the money's is its amount ("amount", "la cantidad").
    numbers: wordSet(lex.fields.number),
  }]),
) as Record<
  UiLanguage,
  Record<
    "nouns" | "verbs" | "on" | "determiners" | "of" | "opening" | "and" | "with" | "figures" | "numbers",
    Set<string>
  >
>;

/** The marks that open a list of items after the words of spending, and the marks that close it. */
const OPENS = new Set([":", "(", "-", "–"]);
const ENDS = new Set([".", "!", "?", ";", ")", "\n"]);
const ITEM_WORDS = 3;
/** How many words at most lie between the words of spending and a list of what the money goes on. */
const NEAR = 4;
/** The prompt's quantities that say when: a time, a weekday, a frequency, a period or a date. */
const WHEN = new Set<Quantity["kind"]>(["time", "weekday", "frequency", "period", "date"]);
const times = (stated: Quantity[]) => stated.filter((q) => WHEN.has(q.kind));
/** Types an ask of those records may have been read as: what the prompt keeps of them. */
const RECORDS = new Set<Ask["type"]>(["list", "log"]);

/** The items listed from `from` to the end of their list, `until`, or a "with" word that says what else the
 * records hold: parts between commas and "and" words, each from its first word that is no article, "of" or
 * "on" word, to before any amount beside it; a list is none unless its first part names an item. */
function itemsFrom(
  tokens: readonly Token[],
  from: number,
  until: number,
  language: UiLanguage,
  when: Quantity[],
) {
  const w = WORDS[language];
  const items: string[] = [];
  let part: Token[] = [];
  let priced = false;
  let named = true;
  const close = () => {
    const said = part.filter((t) => t.kind === "word");
    const item = said.length > 0 && said.length <= ITEM_WORDS && !said.some((t) => w.figures.has(t.norm));
    if (item && named) items.push(said.map((t) => t.text).join(" "));
    else if (!items.length) named = false;
    part = [];
    priced = false;
  };
  let i = from;
  // (A time after the items says when, no item: "on groceries and eating out every week".)
  const timed = (t: Token) => when.some((q) => q.start <= t.start && t.start < q.end);
  for (; i < until && !ENDS.has(tokens[i].text) && !w.with.has(tokens[i].norm) && !timed(tokens[i]); i++) {
    const t = tokens[i];
    if (t.text === "," || w.and.has(t.norm)) close();
    else if (t.kind !== "word") priced = true;
    else if (!priced && (part.length || !w.opening.has(t.norm))) part.push(t);
  }
  // (A cue that ends the last part before the list's end is the clause's verb, as German puts it last: "… und
  // Freizeit festhalten".)
  const closed = i === tokens.length || ENDS.has(tokens[i].text);
  const verb = closed && part.length > 1 &&
    matchCues(stemTokens([part.at(-1)!], language), CUES[language].asks).length > 0;
  if (verb) part.pop();
  close();
  const last = verb ? i - 2 : i < tokens.length && timed(tokens[i]) ? i - 1 : Math.min(i, tokens.length - 1);
  return { items, end: tokens[last].end };
}

/** What the words of spending at `at` list: the items after a mark that opens a list in their sentence, else
 * after the `on` word right after them, or, for a verb that ends its clause, before it ("was ich für Kaffee und
 * Snacks ausgebe"). */
function spentOn(tokens: readonly Token[], at: number, language: UiLanguage, when: Quantity[]) {
  const w = WORDS[language];
  let opens = at + 1;
  while (opens < tokens.length && !ENDS.has(tokens[opens].text) && !OPENS.has(tokens[opens].text)) opens++;
  let on = OPENS.has(tokens[opens]?.text ?? "")
    ? opens
    : tokens.findIndex((t, i) => i > at && i <= at + 2 && w.on.has(t.norm));
  let until = tokens.length;
  if (on < 0 && w.verbs.has(tokens[at].norm)) {
    let from = at;
    while (from > 0 && !ENDS.has(tokens[from - 1].text) && tokens[from - 1].text !== ",") from--;
    on = tokens.findIndex((t, i) => i >= from && i < at && w.on.has(t.norm));
    until = at;
  }
  const { items, end } = on < 0
    ? { items: [], end: tokens[at].end }
    : itemsFrom(tokens, on + 1, until, language, when);
  // (The list said right with the words, "spese per …", "Ausgaben für …", "les frais partagés 50/50 (…)", or
  // before the verb that ends it, names their kinds; one opened past a comma or another noun, one an article or
  // a determiner opens but after "of" ("los gastos de la boda (…)"), may be another's ("expenses in the local
  // money (…)").)
  const between = tokens.slice(at + 1, on);
  const other = (t: Token, k: number) => w.determiners.has(t.norm) && !w.of.has(between[k - 1]?.norm ?? "");
  const right = on >= 0 &&
    (on < at || (between.length <= NEAR && !between.some((t, k) => t.text === "," || other(t, k))));
  return { items: items.length > 1 ? items : [], end: Math.max(end, tokens[at].end), right };
}

/** Asks that may stand beside the log of the spending, over it: a figure of it, a budget's goal, a chart. */
const OVER = new Set<Ask["type"]>(["aggregate", "goal", "chart", "categories"]);

/**
 * The prompt's asks with its spending a log: the first words of spending that name records are those of the ask
 * of records whose subject holds them or that stands right beside them, else, where no other ask keeps those
 * words and the prompt keeps no other records or they list what the money goes on, of a new one. It is a log
 * with an amount in the prompt's currency, a date and, where items are listed, a category among them in place
 * of the items as fields; a price list within those items is no catalog.
 */
export function spendingAsks(prompt: string, language: UiLanguage, asks: Ask[], stated: Quantity[]): Ask[] {
  const tokens = words(prompt);
  const w = WORDS[language];
  // (Tips counted per something are income, not a tip calculator: `tips-per.ts`.)
  const tipped = withoutTipAsks(asks, tokens, language);
  for (const [at, word] of tokens.entries()) {
    const tips = tipsPer(tokens, at, language) >= 0;
    if (!w.nouns.has(word.norm) && !w.verbs.has(word.norm) && !tips) continue;
    // (A verb of spending says what the money goes on, or it is only a figure's: "to see how much I spend".)
    if (!w.nouns.has(word.norm) && !tips && !spentOn(tokens, at, language, times(stated)).items.length) {
      continue;
    }
    const made = logOf(prompt, tokens, at, language, tips ? tipped : asks, stated);
    // (What tips are counted per is a field of each sum: "per shift" keeps the shift.)
    const per = tokens[tipsPer(tokens, at, language)];
    const log = made?.find((a) => a.type === "log" && a.start <= word.start && word.end <= a.end);
    if (per && log && !log.fields.some((f) => fold(f.name) === per.norm)) {
      log.fields.push({ name: per.text, type: "text" });
    }
    if (made) return made;
  }
  return asks;
}

/** Where the noun phrase of the words of spending at `at` starts: the content words right before them that say
 * what the money goes on ("grocery expenses", "Auto-Kosten"), back to a mark, a function word or another ask's
 * words. */
function qualifiers(tokens: readonly Token[], at: number, language: UiLanguage, asks: Ask[]): number {
  const stop = CUES[language].stop;
  const quoted = (t: Token) => asks.some((a) => a.start < t.end && t.start < a.end);
  let from = at;
  while (from > 0) {
    const t = tokens[from - 1];
    if (t.kind !== "word" || stop.has(t.norm) || quoted(t) || WORDS[language].verbs.has(t.norm)) break;
    from--;
  }
  return from;
}

/** The asks with the spending at `at` a log, or nothing where those words name no records. */
function logOf(
  prompt: string,
  tokens: readonly Token[],
  at: number,
  language: UiLanguage,
  asks: Ask[],
  stated: Quantity[],
): Ask[] | undefined {
  const word = tokens[at];
  const { items, end, right } = spentOn(tokens, at, language, times(stated));
  const lex = LEXICONS[language].spending;
  const w = WORDS[language];
  const inside = (a: Ask) => a.start <= word.start && word.end <= a.end;
  const records = (a: Ask) => RECORDS.has(a.type) && !a.implied;
  const said = (name = "") => words(name).some((t) => t.norm === word.norm);
  // (Its words among a record's fields, not its subject, "products with name and costs", are a field of them.)
  const field = (a: Ask) => a.fields.some((f) => said(f.name)) && !said(a.subject);
  // An ask beside the words with nothing but words between ("einnahmen vom flohmarkt notieren"), no mark that
  // would make it another phrase.
  const near = (a: Ask) =>
    tokens.filter((t) =>
      (t.start >= a.end && t.end <= word.start) || (t.start >= word.end && t.end <= a.start)
    )
      .every((t) => t.kind === "word");
  const log = asks.find((a) => records(a) && inside(a) && !field(a)) ??
    asks.find((a) => records(a) && !field(a) && near(a)) ??
    asks.find((a) => a.type === "log" && a.implied && inside(a));
  // (Money split among people stays a split: "Kosten vom Segeltörn geteilt unter uns vier".)
  const kept = asks.some((a) => a.type === "split" || (inside(a) && !OVER.has(a.type) && !a.implied));
  if (!log && (kept || (asks.some(records) && !items.length))) return undefined;
  const first = tokens[qualifiers(tokens, at, language, asks)];
  const named = prompt.slice(first.start, word.end);
  const ask: Ask = log ?? {
    type: "log",
    quote: named,
    start: first.start,
    end: word.end,
    subject: named,
    fields: [],
    quantities: [],
  };
  // (Sums paid are acts: a log of them even where the prompt's concept lists things, "costs for the wedding".)
  ask.type = "log";
  ask.done = true;
  delete ask.implied;
  // (A noun of spending before the subject, "Ausgaben für den Urlaub eintragen", is what the records are.)
  const subject = ask.subject === undefined ? -1 : prompt.indexOf(ask.subject, ask.start);
  if (w.nouns.has(word.norm) && !said(ask.subject) && subject >= word.end) ask.subject = word.text;
  const money = stated.find((q): q is Extract<Quantity, { kind: "money" }> => q.kind === "money");
  const own: Field[] = [
    { name: lex.amount, type: "money", ...(money ? { currency: money.currency } : {}) },
    { name: lex.date, type: "date" },
    ...(items.length ? [{ name: lex.category, type: "choice" as const, options: items }] : []),
  ];
  // The items, the words of spending and a number of money ("la cantidad") as fields are those the log has.
  const item = new Set(items.map((s) => s.toLowerCase()));
  const sum = (f: Field) => f.type === "number" && w.numbers.has(fold(f.name));
  const fields = ask.fields.filter((f) => !item.has(f.name.toLowerCase()) && !said(f.name) && !sum(f));
  // (A field of the type the records have already, "the cost", "categories: bills, food", is theirs.)
  ask.fields = [...fields, ...own.filter((o) => !fields.some((f) => f.type === o.type))];
  // (Other records hold neither the spending nor what it goes on as fields of theirs: "una lista invitati…, le
  // spese per il locale, il catering".)
  const theirs = (f: Field) => !items.length || (!said(f.name) && !item.has(f.name.toLowerCase()));
  for (const a of asks) if (a !== ask) a.fields = a.fields.filter(theirs);
  const priced = (a: Ask) => a.type === "catalog" && a.start >= word.start && a.end <= end;
  const again = (a: Ask) => a !== ask && a.type === "log" && a.implied === true;
  const rest = asks.filter((a) => !priced(a) && !again(a));
  // (A new log stands where its words are: after what the prompt asks before them, whose records, "saving for a
  // used car", stay the app's first.)
  const after = rest.findIndex((a) => a.start > word.start);
  const all = log ? rest : after < 0 ? [...rest, ask] : [...rest.slice(0, after), ask, ...rest.slice(after)];
  // What the money goes on, listed right with the words, is the kinds the sums are grouped by, where no other
  // categories are asked and each item ends on no article, determiner or "of" word and on no unit or currency
  // ("assurance de", "baht" are none).
  const kind = (item: string) => {
    const last = words(item).at(-1)!.norm;
    return !w.opening.has(last) && !measureWord(last);
  };
  if (!items.length || !right || !items.every(kind) || asks.some((a) => a.type === "categories")) return all;
  const kinds: Ask = {
    type: "categories",
    quote: prompt.slice(word.start, end),
    start: word.start,
    end,
    subject: ask.subject,
    fields: own.filter((f) => f.type === "choice"),
    quantities: [],
  };
  return [...all.slice(0, all.indexOf(ask) + 1), kinds, ...all.slice(all.indexOf(ask) + 1)];
}
