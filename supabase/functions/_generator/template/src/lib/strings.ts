// The building blocks' words in the spec's UI language (words.ts holds every language).
import { type Language, spec } from "../spec";
import { LOCALES, SINGULAR, type Strings, WORDS } from "./words";

// Every UI language has its words, locale and plural rule: a language added to the spec's type and not here
// fails type checking.
const words: Record<Language, Strings> = WORDS;
const locales: Record<Language, string> = LOCALES;
const singular: Record<Language, (n: number) => boolean> = SINGULAR;

export type { Strings };
export const t: Strings = words[spec.language] ?? words.en;
export const locale = locales[spec.language] ?? locales.en;

/** "{n} to go" with n filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** n with the singular or plural word, by the language's rule: "1 day", "3 days", "0 jour". */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${(singular[spec.language] ?? singular.en)(n) ? one : many}`;
}

/** A label used inside a sentence: lower case, except in German, where nouns keep their capital. */
export function inSentence(label: string): string {
  return spec.language === "de" ? label : label.toLowerCase();
}

/** A number of days: "1 day", "3 days". */
export function dayCount(n: number): string {
  return countOf(n, t.day, t.days);
}
