// Where a cue stands says whether it asks: a word that names an ask opens one only where it is something asked
// for, not a value among alternatives ("cash or card", "efectivo o tarjeta"), the first part of a hyphenated
// noun whose head is the other ("Punkte-Stand"), a word of what the speaker or their people tell they do or
// have ("I do intervals on tuesdays", "ho tre punti vendita", "mia figlia gioca in una squadra"), or a word of
// the reason a clause of why gives ("because my coach says so", "weil meine Ärztin…").
import { ofTheSpeaker } from "./aside.ts";
import { type CueMatch, type Lexicon, LEXICONS, perLanguage } from "./lexicon.ts";
import { UI_LANGUAGES, type UiLanguage } from "./language.ts";
import { type Token, words } from "./text.ts";

const phrases = (pick: (lex: Lexicon) => string[]) =>
  Object.fromEntries(
    UI_LANGUAGES.map((l) => [l, pick(LEXICONS[l]).map((p) => words(p).map((t) => t.norm))]),
  ) as Record<UiLanguage, string[][]>;
const OR = perLanguage((lex) => lex.or);
const STOP = perLanguage((lex) => lex.stop);
const BECAUSE = phrases((lex) => lex.because);
// The verbs that ask for what they govern (not a role's, "I run a bakery", which tells).
const ASKING = perLanguage((lex) => [...lex.request, ...lex.verbs, ...lex.see]);
// (The words of wanting, needing or having to do something ask for what follows them: "we'd like a log".)
const WANTING = phrases((lex) => [...lex.want, ...lex.must, ...lex.need]);
const WE_ARE = phrases((lex) => lex.weAre);
const SPEAKER = perLanguage((lex) => [...lex.speaker, ...lex.firstPerson]);
// (Not "un", "una", "ein": articles before a noun, no count.)
const NUMBERS = perLanguage((lex) => Object.keys(lex.numbers).filter((n) => !lex.articles.includes(n)));
const RELATIVE = perLanguage((lex) => lex.relative);
// (As written, lower case: a folded "él" would be the Spanish article.)
const THEY = perLanguage((lex) => lex.thirdPerson, (word) => word.toLowerCase());
const OPENERS = perLanguage((lex) => [...lex.articles, ...lex.determiners]);

const opens = (tokens: Token[], i: number, phrase: string[]) =>
  phrase.every((w, k) => tokens[i + k]?.norm === w);

/** Whether the cue `m` of a clause's `tokens` stands where nothing is asked (`cues`: every cue of the clause). */
export function unasked(
  prompt: string,
  tokens: Token[],
  m: CueMatch,
  cues: CueMatch[],
  language: UiLanguage,
): boolean {
  // (A quantity's words may lie outside the clause's, in its `:` list.)
  if (m.to <= m.from || !tokens[m.from] || !tokens[m.to - 1]) return false;
  const cued = (i: number) => cues.some((c) => c.from <= i && i < c.to);
  return alternative(tokens, m, cued, language) || modifier(prompt, tokens, m, cued, language) ||
    told(prompt, tokens, m, cues, language);
}

/** A value joined to another by "or", across function words, the other a word no cue names ("cash or card",
 * "bar oder mit Karte", "en espèces ou par carte"): what a record says, not an ask. */
function alternative(tokens: Token[], m: CueMatch, cued: (i: number) => boolean, language: UiLanguage) {
  const skip = (i: number, step: number) => {
    while (
      tokens[i]?.kind === "word" && STOP[language].has(tokens[i].norm) && !OR[language].has(tokens[i].norm)
    ) {
      i += step;
    }
    return i;
  };
  const value = (i: number) => tokens[i]?.kind === "word" && !STOP[language].has(tokens[i].norm) && !cued(i);
  const before = skip(m.from - 1, -1);
  const after = skip(m.to, 1);
  return (OR[language].has(tokens[before]?.norm ?? "") && value(skip(before - 1, -1))) ||
    (OR[language].has(tokens[after]?.norm ?? "") && value(skip(after + 1, 1)));
}

/** The first part of a hyphenated noun whose head, the part after it, is a content word no cue names
 * ("Punkte-Stand", "tip-jar"; not "Stundenplan-App"). */
function modifier(
  prompt: string,
  tokens: Token[],
  m: CueMatch,
  cued: (i: number) => boolean,
  language: UiLanguage,
) {
  const head = tokens[m.to];
  return head?.kind === "word" && prompt.slice(tokens[m.to - 1].end, head.start) === "-" &&
    !STOP[language].has(head.norm) && !cued(m.to);
}

/** A cue in a phrase (to the marks around it) after a word of why with no word of wanting, needing or having
 * to between ("because my nurse checks the averages"), or one that opens on the speaker, a person of theirs
 * or a pronoun of one ("she plays in a team") (not "we are", which counts them, nor a relative word: "que me avise") with no verb of asking, no such word
 * and no other cue before the cue: the phrase tells, it does not ask. */
function told(prompt: string, tokens: Token[], m: CueMatch, cues: CueMatch[], language: UiLanguage) {
  let from = m.from;
  while (from > 0 && tokens[from - 1].kind !== "mark") from--;
  const before = tokens.slice(from, m.from).map((_, k) => from + k);
  const wants = (i: number) => WANTING[language].some((p) => opens(tokens, i, p));
  const why = before.findLast((i) => BECAUSE[language].some((p) => opens(tokens, i, p)));
  if (why !== undefined) return !before.some((i) => i > why && wants(i));
  // (A cue before it that tells too leaves the phrase telling: "lei gioca in una squadra il giovedì".)
  const asked = (c: CueMatch) => before.includes(c.from) && !told(prompt, tokens, c, cues, language);
  if (!before.length || cues.some(asked)) return false;
  if (before.some((i) => ASKING[language].has(tokens[i].norm) || wants(i))) return false;
  const previous = tokens[m.from - 1];
  // (The cue right after the speaker is their own verb of keeping, "I track my runs", "je coche", and one a
  // number counts is what the app keeps, "a crew of 9 people".)
  const kept = SPEAKER[language].has(previous.norm) || previous.kind === "number" ||
    NUMBERS[language].has(previous.norm) ||
    tokens.slice(m.from, m.to).some((t) => ASKING[language].has(t.norm));
  if (
    kept || RELATIVE[language].has(tokens[from].norm) || WE_ARE[language].some((p) => opens(tokens, from, p))
  ) {
    return false;
  }
  return ofTheSpeaker(prompt.slice(tokens[from].start, tokens[m.from].start), language) ||
    THEY[language].has(tokens[from].text.toLowerCase()) || ownVerb(tokens, from, language);
}

/** Whether the word at `at` is a verb of the speaker's with the pronoun left out: of their ending, before an
 * article or a determiner, which no noun stands right before ("lavoro il sabato", "trabajo los sábados"). */
function ownVerb(tokens: Token[], at: number, language: UiLanguage): boolean {
  const word = tokens[at].norm;
  return word.length > 3 && LEXICONS[language].relativeSpeakerEndings.some((e) => word.endsWith(e)) &&
    OPENERS[language].has(tokens[at + 1]?.norm ?? "");
}
