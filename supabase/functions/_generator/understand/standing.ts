// Where a cue stands says whether it asks: a word that names an ask opens one only where it is something asked
// for, not a value among alternatives ("cash or card", "efectivo o tarjeta"), the first part of a hyphenated
// noun whose head is the other ("Punkte-Stand"), a thing the speaker or their people tell they have or do
// something with ("j'ai déjà un rappel sur ma montre", "mia figlia gioca in una squadra"), or a word of the
// reason a clause of why gives ("because my coach says so", "weil meine Ärztin…").
import { ofTheSpeaker } from "./aside.ts";
import { type CueMatch, LEXICONS, perLanguage, phraseAt, phrasesPerLanguage } from "./lexicon.ts";
import { type UiLanguage } from "./language.ts";
import { type Token } from "./text.ts";

const OR = perLanguage((lex) => lex.or);
const STOP = perLanguage((lex) => lex.stop);
const BECAUSE = phrasesPerLanguage((lex) => lex.because);
// The verbs that ask for what they govern.
const ASKING = perLanguage((lex) => [...lex.request, ...lex.verbs, ...lex.see]);
// (The words of wanting, needing or having to do something ask for what follows them, "we'd like a log", and
// the speaker's roles name what the app keeps: "tengo la lista de los regalos", "I run a shop".)
const WANTING = phrasesPerLanguage((
  lex,
) => [...lex.want, ...lex.must, ...lex.need, ...lex.roles.article, ...lex.roles.bare]);
const WE_ARE = phrasesPerLanguage((lex) => lex.weAre);
const RELATIVE = perLanguage((lex) => lex.relative);
// (As written, lower case: a folded "él" would be the Spanish article.)
const THEY = perLanguage((lex) => lex.thirdPerson, (word) => word.toLowerCase());
const OPENERS = perLanguage((lex) => [...lex.articles, ...lex.determiners]);
const WITH = perLanguage((lex) => lex.with);

const wants = (tokens: readonly Token[], i: number, language: UiLanguage) =>
  WANTING[language].some((p) => opens(tokens, i, p));
const opens = (tokens: readonly Token[], i: number, phrase: string[]) => phraseAt(tokens, i, phrase);
/** The positions of the phrase before `at`, back to the mark before it. */
const phraseBefore = (tokens: readonly Token[], at: number) => {
  let from = at;
  while (from > 0 && tokens[from - 1].kind !== "mark") from--;
  return tokens.slice(from, at).map((_, k) => from + k);
};

/** Whether the words `m` of a clause's `tokens` stand in a clause that says why, with no word of wanting,
 * needing or having to between ("because the doctor said at 8"). */
export function why(tokens: readonly Token[], m: CueMatch, language: UiLanguage): boolean {
  // (A quantity's words may lie outside the clause's, in its `:` list.)
  if (m.to <= m.from || !tokens[m.from]) return false;
  const before = phraseBefore(tokens, m.from);
  const opening = before.findLast((i) => BECAUSE[language].some((p) => opens(tokens, i, p)));
  return opening !== undefined && !before.some((i) => i > opening && wants(tokens, i, language));
}

/** Whether the cue `m` of a clause's `tokens` stands where nothing is asked (`cues`: every cue of the clause). */
export function unasked(
  prompt: string,
  tokens: readonly Token[],
  m: CueMatch,
  cues: CueMatch[],
  language: UiLanguage,
): boolean {
  if (m.to <= m.from || !tokens[m.from] || !tokens[m.to - 1]) return false;
  const cued = (i: number) => cues.some((c) => c.from <= i && i < c.to);
  return alternative(tokens, m, cued, language) || modifier(prompt, tokens, m, cued, language) ||
    told(prompt, tokens, m, cues, language);
}

/** A value joined to another by "or", across prepositions, the other a word no cue names ("cash or card",
 * "bar oder mit Karte", "en espèces ou par carte"): what a record says, not an ask. (Alternatives an article
 * opens are things asked for: "a chart or a table".) */
function alternative(
  tokens: readonly Token[],
  m: CueMatch,
  cued: (i: number) => boolean,
  language: UiLanguage,
) {
  const skip = (i: number, step: number) => {
    while (
      tokens[i]?.kind === "word" && STOP[language].has(tokens[i].norm) && !OR[language].has(tokens[i].norm) &&
      !OPENERS[language].has(tokens[i].norm)
    ) i += step;
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
  tokens: readonly Token[],
  m: CueMatch,
  cued: (i: number) => boolean,
  language: UiLanguage,
) {
  const head = tokens[m.to];
  return head?.kind === "word" && prompt.slice(tokens[m.to - 1].end, head.start) === "-" &&
    !STOP[language].has(head.norm) && !cued(m.to);
}

/** A cue in a clause of why, or a thing an article or a determiner opens, or a day, in a phrase (back to the
 * mark before it) that opens on the speaker, a person of theirs, a third person's pronoun ("she plays in a team
 * on fridays") or a verb of the speaker's with the pronoun left out, with no verb of asking, no "with", no word
 * of wanting, needing or having to and no cue that asks before it, unless the phrase counts the speaker's group
 * ("we are") or a relative word opens it ("que me avise"): the phrase tells, it does not ask. */
function told(prompt: string, tokens: readonly Token[], m: CueMatch, cues: CueMatch[], language: UiLanguage) {
  if (why(tokens, m, language)) return true;
  const before = phraseBefore(tokens, m.from);
  const from = before[0];
  // (A cue before it that tells too leaves the phrase telling: "lei gioca in una squadra il giovedì".)
  const asked = (c: CueMatch) => before.includes(c.from) && !told(prompt, tokens, c, cues, language);
  if (from === undefined || cues.some(asked)) return false;
  // ("With" heads what the app has: "I have two dogs, each with a photo".)
  if (
    before.some((i) =>
      ASKING[language].has(tokens[i].norm) || WITH[language].has(tokens[i].norm) || wants(tokens, i, language)
    )
  ) {
    return false;
  }
  // (Only a thing told of, a noun an article or a determiner opens, or a day: a cue that is a verb, "I track my
  // runs", "they can tick them off", or a thing a number counts, "a crew of 9 people", is what the app does or
  // keeps.)
  const thing = m.key === "weekday" || OPENERS[language].has(tokens[m.from - 1].norm);
  if (
    !thing || RELATIVE[language].has(tokens[from].norm) ||
    WE_ARE[language].some((p) => opens(tokens, from, p))
  ) {
    return false;
  }
  // (The day of a phrase the speaker's pronoun opens is theirs to tell, with its exceptions: `ownDay` in
  // `asks.ts`, "we take turns on Fridays".)
  const speaker = !OPENERS[language].has(tokens[from].norm) &&
    !THEY[language].has(tokens[from].text.toLowerCase());
  if (m.key === "weekday" && speaker && !ownVerb(tokens, from, language)) return false;
  return ofTheSpeaker(prompt.slice(tokens[from].start, tokens[m.from].start), language) ||
    THEY[language].has(tokens[from].text.toLowerCase()) || ownVerb(tokens, from, language);
}

/** Whether the word at `at` is a verb of the speaker's with the pronoun left out: of their ending, right
 * before an article or a determiner, which a noun of that ending is not ("lavoro il sabato", "trabajo los
 * sábados"; not "registro de gastos"). */
function ownVerb(tokens: readonly Token[], at: number, language: UiLanguage): boolean {
  const word = tokens[at].norm;
  return word.length > 3 && LEXICONS[language].relativeSpeakerEndings.some((e) => word.endsWith(e)) &&
    OPENERS[language].has(tokens[at + 1]?.norm ?? "");
}
