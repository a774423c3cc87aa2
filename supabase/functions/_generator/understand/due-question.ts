// A question of when something falls due, or of how often it must be done, asks to be told when it comes
// round: a `reminder` of it, though no word of reminding is said. The question opens on a word of the
// lexicon's `dueQuestion.asks` ("when", "how often", "ogni quanto", "tous les combien", "cada cuántos",
// "wie oft") and says the thing falls due or must be done by one of its `dueQuestion.due` ("tocca", "il
// faut", "le toca", "hay que", "muss") right after it, across function words and a unit of time only: "saber cuándo le toca la ITV, el seguro y el cambio de aceite", "cada cuantos dias hay
// que regarlos", "ogni quanto va cambiato il filtro", "tous les combien de jours faut-il arroser", "wie oft
// muss der Filter gewechselt werden". What it is about is the words after the word of falling due, up to a
// mark. A sentence that asks for a reminder already keeps it ("when the MOT is due": "due" asks one).
import type { Ask } from "./asks.ts";
import type { UiLanguage } from "./language.ts";
import { CUES, matchEveryKey, perLanguage, phraseFrom, phrasesPerLanguage, stemTokens } from "./lexicon.ts";
import type { Quantity } from "./quantities.ts";
import { type Token, words } from "./text.ts";

/** Marks that end a sentence. */
const ENDS = new Set([".", "!", "?", ";", ":"]);
/** How many words may stand between the question and its word of falling due ("cada cuántos días hay que"). */
const BETWEEN = 3;
/** The asks a question's own words are read as, which it does not ask. */
const ASKED_ONLY = new Set<Ask["type"]>(["aggregate", "countdown"]);
/** How many words after the word of falling due name what falls due ("toca la ITV"). */
const SUBJECT_WORDS = 4;

const ASKS = phrasesPerLanguage((lex) => lex.dueQuestion.asks);
const DUE = phrasesPerLanguage((lex) => lex.dueQuestion.due);
const SPEAKER = perLanguage((lex) => lex.speaker);
/** The words of units of time ("days", "giorni", "jours", "días", "Tage"). */
const UNITS = perLanguage((lex) => Object.keys(lex.timeUnits));

/** The length of the longest phrase of `list` the tokens spell from `i` on, 0 when none. */
const spelled = (tokens: readonly Token[], i: number, list: readonly string[][]) =>
  phraseFrom(tokens, i, list)?.length ?? 0;

/** The asks with a reminder of each thing a question asks when it falls due, in a sentence that asks for
 * no reminder. */
export function dueQuestionAsks(prompt: string, language: UiLanguage, asks: Ask[], all: Quantity[]): Ask[] {
  const tokens = words(prompt);
  const stop = CUES[language].stop;
  const reminding = matchEveryKey(stemTokens(tokens, language), CUES[language].asks).filter((m) =>
    m.key === "reminder"
  );
  let out = [...asks];
  let from = 0;
  while (from < tokens.length) {
    let to = from;
    while (to < tokens.length && !(tokens[to].kind === "mark" && ENDS.has(tokens[to].text))) to++;
    const found = sentence(from, to);
    if (found) {
      // The question's own words ask no figure of how often or how long, nor records of their own ("ogni
      // quanto" is no total, "combien de jours" no countdown, "wie oft muss ich" no log).
      const [ask, asked] = found;
      out = out.filter((a) =>
        !(ASKED_ONLY.has(a.type) || (a.type === "log" && a.implied)) || a.start < asked.start ||
        a.start >= asked.end
      );
      out.push(ask);
    }
    from = to + 1;
  }
  return out;

  function sentence(from: number, to: number): [Ask, { start: number; end: number }] | undefined {
    if (from >= to) return;
    const start = tokens[from].start;
    const end = tokens[to - 1].end;
    if (reminding.some((m) => from <= m.from && m.from < to)) return;
    if (out.some((a) => a.type === "reminder" && a.start < end && a.end > start)) return;
    for (let i = from; i < to; i++) {
      const asked = spelled(tokens, i, ASKS[language]);
      if (!asked) continue;
      // The word of falling due follows the question across function words and a unit of time only
      // ("cuándo le toca", "cada cuántos días hay que", "tous les combien de jours faut-il"), not across the
      // speaker right after it ("when I need my inhaler" tells when they use it).
      let j = i + asked;
      while (
        j < to && j - i - asked < BETWEEN && tokens[j].kind === "word" && !spelled(tokens, j, DUE[language])
      ) {
        const norm = tokens[j].norm;
        // (The speaker after an auxiliary is a question's: "when do I need to".)
        if (SPEAKER[language].has(norm) ? j === i + asked : !(stop.has(norm) || UNITS[language].has(norm))) {
          break;
        }
        j++;
      }
      const due = j < to ? spelled(tokens, j, DUE[language]) : 0;
      if (!due) continue;
      // What falls due: the words after, up to a mark, its function words before it left out.
      const what: number[] = [];
      for (let k = j + due; k < to && what.length < SUBJECT_WORDS; k++) {
        if (tokens[k].kind === "mark") break;
        if (!what.length && (stop.has(tokens[k].norm) || SPEAKER[language].has(tokens[k].norm))) continue;
        what.push(k);
      }
      while (what.length > 1 && stop.has(tokens[what.at(-1)!].norm)) what.pop();
      if (!what.length) continue;
      const s = tokens[i].start;
      const e = tokens[what.at(-1)!].end;
      return [{
        type: "reminder",
        quote: prompt.slice(s, e),
        start: s,
        end: e,
        fields: [],
        quantities: all.filter((x) => x.start >= s && x.end <= e && x.kind === "frequency"),
        subject: prompt.slice(tokens[what[0]].start, e),
      }, { start: s, end: tokens[j + due - 1].end }];
    }
  }
}
