// A sort asked with no verb of sorting, by the shape of its phrase (the lexicon's `orderedAs` and `leading`):
// - the noun of an order after a word that opens it, one word between in English, then an "of" word where the
//   language asks one: "a list in time order", "in ordine", "l'ordre de la tournée", "en orden de llegada",
//   "die Reihenfolge" (not "in order to", nor an order bought: "ogni ordine", "le pedido");
// - who leads, a few words apart: "who's on top", "chi è in testa", "qui est en tête", "quién va primero",
//   "wer insgesamt vorne liegt".
import { perLanguage, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

interface Span {
  from: number;
  to: number;
}

const OPENS = phrasesPerLanguage((lex) => lex.orderedAs.opens);
const THEN = phrasesPerLanguage((lex) => lex.orderedAs.then);
const WHO = phrasesPerLanguage((lex) => lex.leading.who);
const LEADS = phrasesPerLanguage((lex) => lex.leading.leads);
const NOUN = perLanguage((lex) => lex.orderedAs.noun);
const NOT_THEN = perLanguage((lex) => lex.orderedAs.notThen);

/** How many words may stand between the opening word and the noun of the order in English ("in time
 * order"), and between who and the word of leading ("wer insgesamt vorne"). */
const BETWEEN = 1;
const LEAD_GAP = 3;

/** Where a clause asks its records in an order by the noun of one, or as who leads. */
export function orderedAt(tokens: readonly Token[], language: UiLanguage): Span | undefined {
  const word = (i: number) => tokens[i]?.kind === "word";
  for (let i = 0; i < tokens.length; i++) {
    if (!word(i)) continue;
    if (NOUN[language].has(tokens[i].norm)) {
      const span = orderNoun(tokens, i, language);
      if (span) return span;
    }
    const who = phraseFrom(tokens, i, WHO[language]);
    if (!who) continue;
    for (let j = i + who.length; j < i + who.length + LEAD_GAP && word(j); j++) {
      const leads = phraseFrom(tokens, j, LEADS[language]);
      if (leads) return { from: i, to: j + leads.length };
    }
  }
  return undefined;
}

/** The span of the noun of an order at `i` with its opening word, where the shape holds. */
function orderNoun(tokens: readonly Token[], i: number, language: UiLanguage): Span | undefined {
  const next = tokens[i + 1];
  if (next && NOT_THEN[language].has(next.norm)) return undefined;
  const then = THEN[language];
  if (then.length && !phraseFrom(tokens, i + 1, then)) return undefined;
  const opens = OPENS[language];
  if (!opens.length) return { from: i, to: i + 1 };
  const gap = language === "en" ? BETWEEN : 0;
  for (let k = 0; k <= gap; k++) {
    for (const p of opens) {
      const from = i - k - p.length;
      if (from < 0 || !p.every((w, q) => tokens[from + q].norm === w)) continue;
      if (tokens.slice(from + p.length, i).every((t) => t.kind === "word")) return { from, to: i + 1 };
    }
  }
  return undefined;
}
