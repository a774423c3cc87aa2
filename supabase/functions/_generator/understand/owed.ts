// What others still owe the speaker ("how much the owners still owe me", "quanto mi devono ancora i genitori",
// "voir ce qu'elle me doit encore", "cuánto me deben los alumnos", "wie viel mir die Eltern noch schulden") is
// asked of everything the records hold, lessons given or walks done and not yet paid: no one record holds it,
// so it is a figure over them, an aggregate adding up their money, and no field of each; where the prompt asks
// for no records, those it is owed for are a log the figure implies. So is a figure of what the speaker spent
// ("running total of what i spent on the car", "cuánto llevo gastado", "wie viel ich ausgegeben habe") a total
// of money, not of a number its words name ("spent", "llevo").
import type { Ask, Field } from "./asks.ts";
import { LEXICONS, perLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { type Token, words } from "./text.ts";

const OWED = perLanguage((lex) => lex.owing.owed);
const SPENT = perLanguage((lex) => lex.spending.verbs);
const TO_SPEAKER = perLanguage((lex) => lex.owing.toSpeaker);
// A question of how much ("how", "quanto", "combien", "cuánto", "wie") or a verb of seeing or knowing ("see",
// "voir", "sehen"), which asks the figure where no question word does ("voir ce qu'elle me doit").
const ASKING = perLanguage((lex) => [...lex.questions, ...lex.see]);

/** How many words before the word of owing the speaker it is owed to may stand ("wie viel mir die Eltern noch
 * schulden"). */
const SPEAKER_WORDS = 4;
/** How many words before the word of owing the question may open ("see how much the dog owners still owe"). */
const ASKING_WORDS = 8;

/** The span of a question of what is owed to the speaker whose word of owing is `tokens[i]`, if it is one. */
export function owedAt(
  tokens: readonly Token[],
  i: number,
  language: UiLanguage,
): { from: number; to: number } | undefined {
  if (tokens[i]?.kind !== "word" || !OWED[language].has(tokens[i].norm)) return undefined;
  // (Words only: a mark ends the question.)
  const back = (n: number) => {
    const seen: number[] = [];
    for (let k = i - 1; k >= 0 && i - k <= n && tokens[k].kind === "word"; k--) seen.push(k);
    return seen;
  };
  const toSpeaker = TO_SPEAKER[language].has(tokens[i + 1]?.norm ?? "") ||
    back(SPEAKER_WORDS).some((k) => TO_SPEAKER[language].has(tokens[k].norm));
  const asking = back(ASKING_WORDS).filter((k) => ASKING[language].has(tokens[k].norm)).at(-1);
  if (!toSpeaker || asking === undefined) return undefined;
  // (To the mark: the question's words after the verb say who owes, "ancora i genitori", "los alumnos".)
  let to = i + 1;
  while (to < tokens.length && tokens[to].kind === "word") to++;
  return { from: asking, to };
}

/**
 * Each question of what is owed to the speaker makes the aggregate its words hold a total of the records'
 * money, else adds one; with no records asked, it implies a log of them.
 */
export function owedAsks(prompt: string, language: UiLanguage, asks: Ask[]): void {
  const tokens = words(prompt);
  for (const [i] of tokens.entries()) {
    const at = owedAt(tokens, i, language);
    if (!at) continue;
    const span = { start: tokens[at.from].start, end: tokens[at.to - 1].end };
    const inside = (a: Ask) => a.start < span.end && span.start < a.end;
    const money = { name: tokens[i].text, type: "money" as const };
    const figure = asks.find((a) => a.type === "aggregate" && inside(a));
    const quote = prompt.slice(span.start, span.end);
    if (figure) {
      figure.computes = "total";
      figure.amount = money;
      // (Its words are the whole question's: "owe me" too.)
      figure.start = Math.min(figure.start, span.start);
      figure.end = Math.max(figure.end, span.end);
      figure.quote = prompt.slice(figure.start, figure.end);
    } else {
      asks.push({
        type: "aggregate",
        quote,
        ...span,
        fields: [],
        quantities: [],
        computes: "total",
        amount: money,
      });
    }
    // (A number of each record the question was read as before is the figure's: "genitori", "alumnos".)
    const asked = new Set(tokens.slice(at.from, at.to).map((t) => t.norm));
    const ofQuestion = (f: Field) => f.type === "number" && words(f.name).every((t) => asked.has(t.norm));
    for (const a of asks) {
      if (a.type === "log" || a.type === "list") a.fields = a.fields.filter((f) => !ofQuestion(f));
    }
    if (!asks.some((a) => a.type === "log" || a.type === "list")) {
      asks.push({ type: "log", quote, ...span, fields: [], quantities: [], implied: true });
    }
  }
}

/** Each total whose words hold a verb of spending and name a number of no unit or currency ("spent", "llevo")
 * adds up the records' money. */
export function spentFigures(language: UiLanguage, asks: Ask[]): void {
  // (Records that state an amount of their own, "cuánto voy a regalar", are what it adds up.)
  const amounts = asks.some((a) =>
    (a.type === "log" || a.type === "list") && a.fields.some((f) => f.type === "number" || f.type === "money")
  );
  if (amounts) return;
  for (const a of asks) {
    if (a.type !== "aggregate" || a.computes !== "total" || a.remaining) continue;
    // (A figure that names no amount adds up the records' own, which it keeps.)
    if (!a.amount || a.amount.type !== "number" || a.amount.unit || a.amount.currency) continue;
    if (!words(a.quote).some((t) => SPENT[language].has(t.norm))) continue;
    a.amount = { name: LEXICONS[language].spending.amount, type: "money" };
  }
}
