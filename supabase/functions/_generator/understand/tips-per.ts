// Tips counted per something ("tips i make per shift", "le mance che prendo per turno", "les pourboires par
// service", "las propinas que saco por turno", "Trinkgeld pro Schicht") are money received, kept as it comes:
// a word of a tip (the lexicon's `tip`) that a word of breakdown or of each (`groupedBy`, `eachRecord`) and a
// bare noun follow in its clause, a relative clause of the speaker's between ("que saco"), is a noun of income, read
// as `spending.ts` reads one (a log of the sums, with amount and date), not a tip calculator, and the noun after
// the breakdown is what the sums are counted per, no timetable of its own. A tip on a bill ("a tip calculator",
// "with 15% tip") is still the calculator's.
import type { Ask } from "./asks.ts";
import { perLanguage, phraseAt, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

const TIPS = perLanguage((lex) => lex.tip);
const OPENS = perLanguage((lex) => [...lex.articles, ...lex.determiners]);
const PER = phrasesPerLanguage((lex) => [...lex.groupedBy, ...lex.eachRecord]);

// The most words between the tip and its breakdown (the speaker's relative clause: "that i make").
const BETWEEN = 4;

/** Where the breakdown after the tip word at `at` ends (the noun it counts per), else -1. */
export function tipsPer(tokens: readonly Token[], at: number, language: UiLanguage): number {
  if (!TIPS[language].has(tokens[at].norm)) return -1;
  for (let k = at + 1; k <= at + 1 + BETWEEN && k < tokens.length; k++) {
    if (tokens[k].kind !== "word") return -1;
    const per = PER[language].filter((p) => phraseAt(tokens, k, p)).map((p) => p.length);
    if (!per.length) continue;
    // (A bare noun, as a breakdown names it: "per turno", not the purpose of "la mancia per la pizzeria".)
    const noun = tokens[k + Math.max(...per)];
    return noun?.kind === "word" && !OPENS[language].has(noun.norm) ? k + Math.max(...per) : -1;
  }
  return -1;
}

/** The asks without the tip calculator and the timetable the words of tips counted per something asked. */
export function withoutTipAsks(asks: Ask[], tokens: readonly Token[], language: UiLanguage): Ask[] {
  const spans = tokens.flatMap((t, at) => {
    const noun = tipsPer(tokens, at, language);
    return noun < 0 ? [] : [{ tip: t, noun: tokens[noun] }];
  });
  if (!spans.length) return asks;
  return asks.filter((a) =>
    !spans.some(({ tip, noun }) =>
      (a.type === "calculator" && a.start <= tip.start && tip.end <= a.end && a.end <= noun.end) ||
      (a.type === "schedule" && a.start >= tip.end && a.end <= noun.end)
    )
  );
}
