// A tick's cue word that names the records or a thing rather than asking a tick of each record: a participle
// of doing ("done", "fatto", "terminés", "hecho", "erledigt") that qualifies the noun before it, across
// function words and the speaker only ("mes puzzles terminés", "les km faits", "il tagliando va fatto ogni
// 3000 km", "workouts I completed": the records, or a rule of what is done), and a verb of marking a noun
// phrase opens, in another form than a tick's cue ("mi mejor marca", "un segno": a thing). Neither asks whether each record is so; a verb of
// marking before the participle ("mark them done"), "with" ("a list with done") or a word of "or", "yes" or
// "no" after it ("done or not", "fatto sì/no") still do, and so does any cue among a list's fields.
import { CUES, LEXICONS, perLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

const PARTICIPLE = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new RegExp(lex.whether.participle, "u")]),
) as Record<UiLanguage, RegExp>;
const OPENERS = perLanguage((lex) => [...lex.articles, ...lex.determiners, ...lex.mine]);
const WITH = perLanguage((lex) => lex.with);
const AS = perLanguage((lex) => lex.whether.as);
/** A tick's cues as written ("tick", "spunta", "cocher"). */
const TICKS = perLanguage((lex) => lex.asks.yesno);
const AFTER = perLanguage((lex) => [...lex.or, ...lex.whether.yes, ...lex.whether.no, "/"]);
/** The most function words between the noun and the participle that qualifies it ("puzzles I", "va"). */
const BETWEEN = 2;

/** Whether the tick's cue of one word at `i` names something rather than asking a tick; `marks` says which
 * words are verbs of marking. */
export function unaskedTick(
  tokens: readonly Token[],
  i: number,
  content: (i: number) => boolean,
  marks: (i: number) => boolean,
  language: UiLanguage,
): boolean {
  const stop = CUES[language].stop;
  const opens = (k: number) => OPENERS[language].has(tokens[k]?.norm ?? "");
  const t = tokens[i];
  if (t?.kind !== "word") return false;
  // A verb of marking a noun phrase opens, an adjective between at most, not written as a tick's cue is: a
  // thing ("mi mejor marca"; "a tick", "una spunta" are the tick).
  // (An object pronoun is written as an article: "la marco como pagada" marks, "as" after it says so.)
  if (marks(i)) {
    const as = [i + 1, i + 2, i + 3].some((k) => AS[language].has(tokens[k]?.norm ?? ""));
    return !TICKS[language].has(t.norm) && !as &&
      (opens(i - 1) || (opens(i - 2) && tokens[i - 1]?.kind === "word"));
  }
  if (!PARTICIPLE[language].test(t.text.toLowerCase())) return false;
  const next = tokens[i + 1];
  if (next && AFTER[language].has(next.norm)) return false;
  let k = i - 1;
  while (k >= i - 1 - BETWEEN && tokens[k]?.kind === "word" && stop.has(tokens[k].norm)) {
    if (WITH[language].has(tokens[k].norm)) return false;
    k--;
  }
  // (Not after a verb of marking: "mark them done", "segnare i compiti fatti".)
  return content(k) && ![k - 2, k - 1, k].some((j) => j >= 0 && marks(j));
}
