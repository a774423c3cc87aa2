// Only noun phrases are fields. A field list runs on, after a comma or an "and", into the speaker's story
// ("with distance and time, i used to do everything in a notebook", "con importo e categoria, adesso faccio
// tutto su un quaderno", "mit Liter und Preis, bisher schreibe ich alles auf einen Zettel"): an item after a
// field that opens with a clause's words (a subject pronoun, a modal or a finite verb of the speaker's habits,
// a verb of having to, the medium the records are kept on today, the lexicon's `storyField.verbs`
// and their kin; not a verb of wanting, whose request a field list may end on: "vorrei un app per segnarle")
// is no field, and no field follows it. Where a field's words come first, a join of clauses
// (`storyField.joins`, "because") ends the list after them ("cliente porque a fin de mes tengo que facturar":
// "cliente"), and a relative clause, with or without its relative word, ends the item only ("the stops we want
// to make", "precio que pagué": "stops", "precio", and the list goes on). An item a question or a "whether"
// opens ("what i ate", "if we won", "ob sie gemacht wurde") is a field the question names, never a clause.
import { type Lexicon, perLanguage, phraseFrom, phrasesPerLanguage } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import { fold, type Token } from "./text.ts";
import { clauseVerb, nounsCapitalized } from "./verb-final.ts";

/** Words that name nothing: a question after them still opens its item ("desde cuándo", "seit wann"). */
const STOP = perLanguage((lex) => [...lex.stop, ...lex.functionWords]);
const DAY_PARTS = perLanguage((lex) => Object.keys(lex.dayParts));
const JOINS = phrasesPerLanguage((lex) => [...lex.storyField.joins, ...lex.because]);
/** Words that open a noun phrase, which no clause's word is though it be written so once folded ("el", "él"). */
const ARTICLES = perLanguage((lex) => [...lex.articles, ...lex.determiners]);
const clauseWords = (pick: (lex: Lexicon) => string[]) =>
  phrasesPerLanguage((lex, l) => pick(lex).filter((w) => !ARTICLES[l].has(fold(w))));
/** The subject of a clause: after a field's words, it opens a relative clause without its relative word. */
const PRONOUNS = clauseWords((lex) => [...lex.speaker, ...lex.thirdPerson]);
/** The verbs and media of the speaker's story: after a field's words, those are the clause's subject. */
const VERBS = clauseWords((lex) => [
  ...lex.storyField.verbs,
  ...lex.firstPerson,
  ...lex.must,
  ...lex.nameMedia,
]);
const QUESTIONS = phrasesPerLanguage((lex) => [
  ...lex.storyField.questions,
  ...lex.which,
  ...lex.questions,
  ...lex.howMany,
  ...lex.relative,
  ...lex.whenever,
  ...lex.whether.if,
]);

/** Where an item of a field list stops being a field. */
export interface StoryCut {
  /** Where the field's words end: the item's start where none are a field's. */
  to: number;
  /** No field follows in the list. */
  ends: boolean;
}

/**
 * Where the item of a field list from `from` to `to` turns into a clause: undefined where it holds none, or
 * where a question opens it (`asked` telling the language's own questions of what a field keeps, "come mi
 * sentivo"). Words in brackets are the field's values, never a clause; a time of day alone before a clause
 * ("le matin je dois…") is the clause's, no field.
 */
export function storyCut(
  tokens: readonly Token[],
  from: number,
  to: number,
  language: UiLanguage,
  asked: (at: number) => boolean,
): StoryCut | undefined {
  let depth = 0;
  const said: Token[] = [];
  const kept = (i: number) => said.some((t) => !DAY_PARTS[language].has(t.norm)) ? i : from;
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    if (t.norm === "(") depth++;
    else if (t.norm === ")") depth--;
    if (depth || t.kind !== "word") continue;
    const question = phraseFrom(tokens, i, QUESTIONS[language]);
    if (!said.length && (question || asked(i))) return;
    if (phraseFrom(tokens, i, JOINS[language])) return { to: kept(i), ends: true };
    if (said.length && question) return { to: i, ends: false };
    if (phraseFrom(tokens, i, PRONOUNS[language])) {
      const at = kept(i);
      return { to: at, ends: at === from };
    }
    // (A German clause ends on its verb, a modal after the infinitive: "mit Strecke und Zeit festhalten
    // könnte" lists "Zeit", `verb-final.ts`.)
    if (phraseFrom(tokens, i, VERBS[language])) {
      return said.length && clauseVerb(tokens, i - 1, language, nounsCapitalized(tokens, language))
        ? undefined
        : { to: from, ends: true };
    }
    if (!STOP[language].has(t.norm)) said.push(t);
  }
}
