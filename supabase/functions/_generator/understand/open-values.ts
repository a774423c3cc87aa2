// An enumeration is no closed set of values to choose from where it says so or where its items say when
// things happen: a list its words of "and so on" end (the lexicons' `andSoOn`: "(Lieferando, Pizza usw.)",
// "(rent, food, etc.)", "(pane, latte ecc.)") gives samples of what is written in, and brackets whose items
// are all weekdays ("3 fois par semaine (lundi, mercredi, samedi)") or each open with a time of day
// ("Uhrzeiten (14:00 Ankunft, 14:30 Schatzsuche)") set out a timetable. Neither is a field's choice.
import type { Token } from "./text.ts";
import { LEXICONS, phraseAt, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { fold } from "./text.ts";

const AND_SO_ON = phrasesPerLanguage((lex) => lex.andSoOn);
const WEEKDAYS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new Set(Object.keys(lex.weekdays).map(fold))]),
) as Record<UiLanguage, Set<string>>;
/** Whether an item opens with a time of day as written ("14:00", "18h30", "18 Uhr"). */
const clock = (item: readonly Token[]) =>
  item[0]?.kind === "number" && /^\d{1,2}$/.test(item[0].text) && /^(:|h|uhr)$/.test(item[1]?.norm ?? "");

/** Where the words of "and so on" that end the items start (a closing mark after them aside), or undefined. */
export function andSoOnAt(inner: readonly Token[], language: UiLanguage): number | undefined {
  let end = inner.length;
  while (end > 0 && inner[end - 1].kind === "mark" && inner[end - 1].norm !== ".") end--;
  for (const p of AND_SO_ON[language]) {
    if (end >= p.length && phraseAt(inner, end - p.length, p)) return end - p.length;
    // (Its own dot may stand as a mark of its own: "usw.".)
    if (end > p.length && inner[end - 1].norm === "." && phraseAt(inner, end - 1 - p.length, p)) {
      return end - 1 - p.length;
    }
  }
}

/** Whether the words of "and so on" end the items. */
export const openEnded = (inner: readonly Token[], language: UiLanguage) =>
  andSoOnAt(inner, language) !== undefined;

/** Whether items (each a run of tokens) are all weekdays or each opens with a time of day: a timetable. */
export function timetableItems(items: readonly (readonly Token[])[], language: UiLanguage): boolean {
  if (items.length < 2) return false;
  const days = items.every((item) => item.length === 1 && WEEKDAYS[language].has(item[0].norm));
  const times = items.every(clock);
  return days || times;
}

/** Whether the items of an enumeration, the tokens `inner` apart at commas and `and` words, are no values to
 * choose from. */
export function notOffered(
  inner: readonly Token[],
  language: UiLanguage,
  joins: (t: Token) => boolean,
): boolean {
  return openEnded(inner, language) || timetableItems(itemsOf(inner, joins), language);
}

/** The items of an enumeration, apart at the tokens `joins` says join them, their marks left out but those of
 * a time ("14:00"). */
export function itemsOf(inner: readonly Token[], joins: (t: Token) => boolean): Token[][] {
  const items: Token[][] = [[]];
  for (const t of inner) {
    if (joins(t)) items.push([]);
    else if (t.kind !== "mark" || t.norm === ":" || t.norm === ".") items.at(-1)!.push(t);
  }
  return items.filter((item) => item.length);
}
