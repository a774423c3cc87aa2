// Records an "each" phrase names ("log every haircut with the date", "ogni uscita in barca: data, porto") are
// called by its noun, in the plural, even where a concept that noun names keeps them under a word of its own
// ("Appointments", "Spese"): the concept gives their fields and samples, the prompt their name.
import pluralize from "pluralize";
import type { Language } from "../template/src/types.ts";
import { CUES, OF_WORDS } from "../understand/lexicon.ts";
import { stem } from "../understand/stem.ts";
import { words } from "../understand/text.ts";
import { capitalized, type Entity, fold } from "./entities.ts";

/** How a singular becomes a plural outside English, by its ending, first match wins: [ending, what replaces it]. (A German
 * noun whose ending tells no plural keeps its singular: a wrong plural reads worse.) */
const PLURAL: Record<Exclude<Language, "en">, [RegExp, string][]> = {
  fr: [[/[sxz]$/, "$&"], [/(eau|eu)$/, "$1x"], [/al$/, "aux"], [/$/, "s"]],
  es: [[/ión$/, "iones"], [/z$/, "ces"], [/[aeiouáéó]$/, "$&s"], [/$/, "es"]],
  it: [[/([cg])a$/, "$1he"], [/a$/, "e"], [/io$/, "i"], [/[oe]$/, "i"], [/$/, ""]],
  de: [[/(ung|heit|keit|schaft|ion|tät)$/, "$1en"], [/in$/, "$&nen"], [/e$/, "en"], [/[aiouy]$/, "$&s"], [
    /$/,
    "",
  ]],
};
/** Where the word that takes the plural stands: last in English and German compounds of words ("fishing
 * trip"), first in the Romance languages, before its complement ("uscita in barca"). */
const HEAD_LAST = new Set<Language>(["en", "de"]);

/** The plural of a noun phrase as written after "each": its head word's. */
export function pluralOf(noun: string, language: Language): string {
  const tokens = words(noun).filter((t) => t.kind === "word");
  // (Before its complement in every language: "jars of pickles".)
  const of = tokens.findIndex((t) => OF_WORDS[language].has(t.norm));
  const head = HEAD_LAST.has(language) ? tokens[(of < 0 ? tokens.length : of) - 1] : tokens[0];
  if (!head) return noun;
  // (English has a library that knows its irregular plurals: "children", "knives", "analyses".)
  const plural = language === "en"
    ? pluralize(head.text)
    : head.text.replace(...PLURAL[language].find(([ending]) => ending.test(head.text))!);
  return noun.slice(0, head.start) + plural + noun.slice(head.end);
}

/** The stems of a phrase's content words. */
function stems(phrase: string, language: Language): string[] {
  return words(phrase).filter((t) => t.kind === "word" && !CUES[language].stop.has(t.norm))
    .map((t) => stem(t.norm, language));
}

/**
 * Calls the records of an "each" phrase by its noun (`noun`, singular as written) and its plural, unless the
 * entity calls them so already, a plural of its own beside a word of the noun's stem ("for each hike" keeps
 * "Hikes", "each child" keeps "Children").
 */
export function eachNoun(entity: Entity, noun: string, language: Language) {
  const own = new Set(stems(noun, language));
  const { label, plural } = entity.spec;
  const called = stems(`${label} ${plural}`, language).some((s) => own.has(s));
  if (called && fold(plural) !== fold(label)) return;
  entity.spec.label = capitalized(noun).slice(0, 60);
  entity.spec.plural = capitalized(pluralOf(noun, language)).slice(0, 60);
}
