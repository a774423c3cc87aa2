// A tick's label names the state it asks about ("Paid", "Colis livré", "Réveillé la nuit"), never how the
// question was put: an auxiliary ("ha", "est", "ist"), a pronoun with its contracted auxiliary ("they've",
// "it's"), an auxiliary's own participle and a trailing "yes" of "oui/non" are the asking, not the state.
import { CUES, LEXICONS, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { type Token, tokenize } from "./text.ts";

const ASKING = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    // (As written: French "a" is no "à", Italian "è" no "e".)
    auxiliary: new Set([...lex.whether.done, ...lex.whether.has].map((w) => w.toLowerCase())),
    yes: wordSet(lex.whether.yes),
    participle: new RegExp(lex.whether.participle, "u"),
  }]),
) as Record<UiLanguage, { auxiliary: Set<string>; yes: Set<string>; participle: RegExp }>;

// An English contraction's auxiliary ("they've", "she's", "we're").
const CONTRACTED = /^(\p{L}+)'(ve|s|re|d|ll)$/u;

/** The label of a tick named `name`: the words of its state, the asking's own words left out. */
export function tickLabel(name: string, language: UiLanguage): string {
  const { auxiliary, yes, participle } = ASKING[language];
  const stop = CUES[language].stop;
  const asking = (t: Token) => {
    const contracted = CONTRACTED.exec(t.norm);
    return auxiliary.has(t.text.toLowerCase()) || (contracted !== null && stop.has(contracted[1]));
  };
  const all = tokenize(name);
  const part = (t?: Token) => t?.kind === "word" && participle.test(t.text.toLowerCase());
  // (And an auxiliary's own participle before the state's: "è stato ritirato", "a été donné", "has been paid".)
  const kept = all.filter((t, k) =>
    t.kind !== "word" || !(asking(t) || (k > 0 && asking(all[k - 1]) && part(t) && part(all[k + 1])))
  );
  // (Only a word of state between its ends: no function word nor "yes" opens or closes it.)
  while (kept.length && (kept[0].kind !== "word" || stop.has(kept[0].norm))) kept.shift();
  while (
    kept.length && (kept.at(-1)!.kind !== "word" || stop.has(kept.at(-1)!.norm) || yes.has(kept.at(-1)!.norm))
  ) {
    kept.pop();
  }
  if (!kept.length) return name;
  const label = kept.map((t, k) => (k && kept[k - 1].end < t.start ? " " : "") + t.text).join("");
  return label.length < name.length ? label : name;
}
