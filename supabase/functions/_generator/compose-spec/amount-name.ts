// A currency that opens a name is the unit of the amount the prompt puts before it, not what the app is
// about: "mein sohn bekommt 3 euro taschengeld" is "Taschengeld", not "Euro Taschengeld"; "5 dollars pocket
// money" is "Pocket Money", "5 euros d'argent de poche" "Argent de poche" (`names.ts`: numbers are left out of
// names, and so is the unit a number counts, with the "of" word after it).
import CURRENCIES from "../understand/currencies.json" with { type: "json" };
import { words } from "../understand/text.ts";
import { CUES } from "../understand/lexicon.ts";
import type { Language } from "../template/src/types.ts";

const CURRENCY_WORDS = new Set(
  Object.values(CURRENCIES).flatMap((c) => [...c.words, ...c.symbols]).map((w) => w.toLowerCase()),
);

/** The name without a currency word it opens on where the prompt says that word after a number. */
export function withoutCurrency(name: string, prompt: string, language: Language): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2 || !CURRENCY_WORDS.has(parts[0].toLowerCase())) return name;
  const tokens = words(prompt);
  const counted = tokens.some((t, i) =>
    i > 0 && t.norm === words(parts[0])[0]?.norm && tokens[i - 1].kind === "number"
  );
  if (!counted) return name;
  // (And the function words after it: "de paga", "d'argent de poche".)
  const rest = parts.slice(1).join(" ");
  const kept = words(rest).find((t) => t.kind === "word" && !CUES[language].stop.has(t.norm));
  return kept ? rest.slice(kept.start) : name;
}
