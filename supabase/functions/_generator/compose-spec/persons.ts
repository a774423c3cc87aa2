// The persons a board of people is about are records of their own ("each player and their points", "wer
// welche Schicht übernimmt"): called by the noun the prompt names them by, else the one the board's records
// name them by (a game's "Players"), else the one what the prompt keeps implies (the players of a score
// sheet, the guests of a party, the volunteers of shifts, the colleagues of an office, the children of a
// childminder); the board's records name each of them by it.
import { type Lexicon, LEXICONS } from "../understand/lexicon.ts";
import type { UiLanguage } from "../understand/language.ts";
import { stem } from "../understand/stem.ts";
import { words } from "../understand/text.ts";
import type { FieldSpec } from "../template/src/types.ts";
import { capitalized, type Entity, fromWords } from "./entities.ts";

type Participant = Lexicon["participants"][number];

const stemsOf = (text: string, language: UiLanguage) =>
  words(text).filter((t) => t.kind === "word").map((t) => stem(t.norm, language));

/** Each language's participants with the stems of their nouns and of the words that imply them. */
const PARTICIPANTS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    lex.participants.map((p) => ({
      p,
      nouns: new Set([p.one, p.many].flatMap((n) => stemsOf(n, l as UiLanguage))),
      by: p.by.map((b) => ({
        stems: stemsOf(b, l as UiLanguage),
        folded: words(b).map((t) => t.norm).join(""),
      })),
    })),
  ]),
) as Record<UiLanguage, { p: Participant; nouns: Set<string>; by: { stems: string[]; folded: string }[] }[]>;

/** The stems of each language's nouns for persons of a kind (one word each: not "people", nor "in-laws"). */
const PERSONS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const anyone = new Set(lex.anyone.flatMap((w) => stemsOf(w, l as UiLanguage)));
    const kinds = lex.persons.filter((w) => stemsOf(w, l as UiLanguage).length === 1)
      .flatMap((w) => stemsOf(w, l as UiLanguage));
    return [l, new Set(kinds.filter((s) => !anyone.has(s)))];
  }),
) as Record<UiLanguage, Set<string>>;

/** Whether words are called by a noun for persons of a kind ("Hermanos"). */
const personsIn = (text: string, language: UiLanguage) =>
  stemsOf(text, language).some((s) => PERSONS[language].has(s));

/** The participant words name by their noun, and the word, folded, that names it. */
function nounIn(text: string, language: UiLanguage): { p: Participant; word: string } | undefined {
  for (const t of words(text).filter((t) => t.kind === "word")) {
    const found = PARTICIPANTS[language].find((e) => e.nouns.has(stem(t.norm, language)));
    if (found) return { p: found.p, word: t.norm };
  }
}

const namedIn = (text: string, language: UiLanguage) => nounIn(text, language)?.p;

/** The persons a board of `records` is about: the prompt's noun for them, else its records' field's, else
 * the one the prompt's words imply (in German a compound's head too: "Sommerfest", "Kaffeeliste fürs Büro").
 * None where the board's records are called by the participant's noun, or, the prompt naming none, by
 * another noun for persons of a kind: they are the persons ("entre 3 hermanos"). With the participant, the
 * prompt's word that names it, if one does. */
export function participantOf(
  prompt: string,
  records: Entity,
  language: UiLanguage,
): { p: Participant; word?: string } | undefined {
  const said = nounIn(prompt, language);
  const theirs = namedIn(records.spec.plural, language);
  if (theirs || (!said && personsIn(records.spec.plural, language))) return undefined;
  if (said) return said;
  const own = records.spec.fields.map((f) => fieldOf(f, language)).find(Boolean);
  if (own) return { p: own };
  const tokens = words(prompt).filter((t) => t.kind === "word");
  const stems = tokens.map((t) => stem(t.norm, language));
  const at = (run: string[]) => stems.some((_, i) => run.every((s, k) => stems[i + k] === s));
  const head = (folded: string) =>
    language === "de" && tokens.some((t) => t.norm.length > folded.length && t.norm.endsWith(folded));
  const implied = PARTICIPANTS[language].find((e) => e.by.some((b) => at(b.stems) || head(b.folded)));
  return implied && { p: implied.p };
}

/** The participant a field's label names, as written (in German a compound's head too: "Mitspieler"), not by
 * stem: a game's "Spiel" is no "Spieler". */
function fieldOf(field: FieldSpec, language: UiLanguage): Participant | undefined {
  const label = words(field.label).map((t) => t.norm).join(" ");
  const is = (noun: string) => {
    const folded = words(noun).map((t) => t.norm).join(" ");
    return label === folded || (language === "de" && label.endsWith(folded));
  };
  return LEXICONS[language].participants.find((p) => is(p.one) || is(p.many));
}

/** Whether words name the participant. */
export const namesThem = (text: string, p: Participant, language: UiLanguage) =>
  namedIn(text, language) === p;

/** The field of the board's records that names each person, called by the participant's noun: theirs that
 * names the participant (a game's "Players", one of them now), else their person's, else a new one; a choice
 * of `people`. */
export function personFieldOf(
  records: Entity,
  p: Participant,
  people: string[],
  language: UiLanguage,
): FieldSpec {
  const field = records.spec.fields.find((f) => fieldOf(f, language) === p) ??
    records.ensure("person", capitalized(p.one), "choice", people);
  Object.assign(
    field,
    { label: capitalized(p.one), type: "choice" },
    people.length ? { options: people } : {},
  );
  return field;
}

/** The records of the persons, named by the participant's nouns, one for each person the prompt names. */
export function personsOf(p: Participant, named: string[], language: UiLanguage): Entity {
  const entity = fromWords(p.many, language, p.many);
  entity.spec.label = capitalized(p.one);
  entity.spec.plural = capitalized(p.many);
  entity.spec.samples = named.map((name, i) => ({ id: `${entity.spec.key}-${i + 1}`, name }));
  return entity;
}
