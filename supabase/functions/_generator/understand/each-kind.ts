// Records kept for each of a kind ("log my reading time for each subject", "le ore di studio per ogni
// materia", "mes heures de travail pour chaque chantier", "los minutos de práctica de cada instrumento",
// "meine Übungszeit für jedes Instrument aufschreiben") are grouped by that kind, as a figure broken down by it
// is: the noun after "each" is the records' category, though no figure asks for it.
import { perLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Token } from "./text.ts";

type Span = { from: number; to: number };

const EACH = perLanguage((lex) => lex.group.each);
const JOINS = perLanguage((lex) => lex.and);
/** How many words the records' noun may take between the cue that keeps them and "each" ("log my reading
 * time for each", "apuntar los minutos de práctica de cada"). */
const RECORD_WORDS = 4;

/**
 * The first "each" phrase of a clause that keeps records, and the noun of kind it names: a function word and
 * an "each" word right before a noun (`kind`: no person, time or unit), after the records' own noun (a content
 * word right before the function word, not the kind again), with a cue that keeps records (`keeping`, the
 * cues' last words) before that noun across words only, or, as German puts the verb last, right after the
 * kind. Where it is and the words of the kind.
 */
export function eachKind(
  tokens: readonly Token[],
  language: UiLanguage,
  content: (i: number) => boolean,
  kind: (i: number) => boolean,
  keeping: number[],
): { span: Span; by: Span } | undefined {
  for (let i = 2; i + 1 < tokens.length; i++) {
    if (!EACH[language].has(tokens[i].norm) || !kind(i + 1)) continue;
    // (A word of "for" or "of" ties it to the records: "each one", "ogni giorno" alone say nothing of kinds.)
    const tie = i - 1;
    if (tokens[tie].kind !== "word" || content(tie) || !content(tie - 1)) continue;
    if (tokens[tie - 1].norm === tokens[i + 1].norm) continue;
    const to = kind(i + 2) ? i + 3 : i + 2;
    // (Fields after it, a colon's or a bracket's, are of the records it names: "los resultados de cada
    // analítica (fecha, LDL)".)
    if (tokens[to]?.norm === ":" || tokens[to]?.norm === "(") continue;
    // Back from the records' noun to the cue that keeps them; words joined on the way are fields of the records
    // the phrase names, no kind ("OG and FG for every batch").
    let kept = keeping.includes(to);
    for (let k = tie - 2; k >= 0 && tie - 1 - k <= RECORD_WORDS && tokens[k].kind === "word"; k--) {
      if (JOINS[language].has(tokens[k].norm) || keeping.includes(k)) {
        kept = keeping.includes(k);
        break;
      }
    }
    if (kept) return { span: { from: tie, to }, by: { from: i + 1, to } };
  }
  return undefined;
}
