// The persons a board of people is about, or records say who each is of ("each player and their points", "wer
// welche Schicht übernimmt", "who's coming and what they bring"), are records of their own: called by the noun
// the prompt names them by, else the one the records name them by (a game's "Players"), else the one what the
// prompt keeps implies (the players of a score sheet, the guests of a party, the volunteers of shifts, the
// colleagues of an office, the children of a childminder); the records name each of them by it.
import { type Lexicon, LEXICONS } from "../understand/lexicon.ts";
import type { UiLanguage } from "../understand/language.ts";
import { stem } from "../understand/stem.ts";
import { words } from "../understand/text.ts";
import { namesGroup } from "../understand/members.ts";
import type { FieldSpec } from "../template/src/types.ts";
import { capitalized, type Entity, fold, fromWords } from "./entities.ts";

type Participant = Lexicon["participants"][number];

/** A text's words, folded. */
const folded = (text: string) => words(text).filter((t) => t.kind === "word").map((t) => t.norm);

/** Each language's participants with the stems of their nouns and the words, folded, that imply them. */
const PARTICIPANTS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    lex.participants.map((p) => ({
      p,
      nouns: new Set([p.one, p.many].flatMap(folded).map((w) => stem(w, l as UiLanguage))),
      by: p.by.map(folded),
    })),
  ]),
) as Record<UiLanguage, { p: Participant; nouns: Set<string>; by: string[][] }[]>;

/** The stems of each language's nouns for persons of a kind (one word each: not "in-laws") and of groups of
 * them ("crew", "famille"); not those of anyone ("people", "Leute"), who may be of any kind, nor those of a
 * group whose members a participant's noun names ("team": its players, "WG": its "Mitbewohner"): records
 * called by it are of its members. */
const PERSONS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => {
    const stems = (list: string[]) =>
      new Set(list.map(folded).filter((w) => w.length === 1).map(([w]) => stem(w, l as UiLanguage)));
    const anyone = stems(lex.anyone);
    const groups = stems(
      lex.group.collectives.filter((c) =>
        lex.participants.some((p) => p.by.some((b) => fold(b) === fold(c)))
      ),
    );
    return [
      l,
      new Set(
        [...stems([...lex.persons, ...lex.group.collectives])].filter((s) =>
          !anyone.has(s) && !groups.has(s)
        ),
      ),
    ];
  }),
) as Record<UiLanguage, Set<string>>;

/** The participant a prompt names by its noun, by stem ("colleghi", "Kollegen"), and the word that does. */
function nounIn(text: string, language: UiLanguage): { p: Participant; word: string } | undefined {
  for (const word of folded(text)) {
    const found = PARTICIPANTS[language].find((e) => e.nouns.has(stem(word, language)));
    if (found) return { p: found.p, word };
  }
}

/** The participant words name, as written (in German a compound's head too: "Mitspieler"), not by stem: a
 * game's "Spiel" is no "Spieler". */
function namedIn(text: string, language: UiLanguage): Participant | undefined {
  const said = folded(text).join(" ");
  const is = (noun: string) => {
    const own = folded(noun).join(" ");
    return said === own || (language === "de" && said.endsWith(own));
  };
  return LEXICONS[language].participants.find((p) => is(p.one) || is(p.many));
}

/**
 * The persons a board of `records` is about: the prompt's noun for them, else its records' field's, else, the
 * prompt naming no persons of a kind ("mes frères", "the crew"), the one its words imply, as written (in German
 * a compound's head too: "Sommerfest", "Kaffeeliste fürs Büro"). None where the records are called by the
 * participant's noun, or by another noun for persons of a kind or a group of them: they are the persons
 * ("entre 3 hermanos", "teams"). With the participant, the prompt's word that names it, if one does.
 */
export function participantOf(
  prompt: string,
  records: Entity,
  language: UiLanguage,
): { p: Participant; word?: string } | undefined {
  const kinds = PERSONS[language];
  const stems = (text: string) => folded(text).map((w) => stem(w, language));
  if (namedIn(records.spec.plural, language) || stems(records.spec.plural).some((s) => kinds.has(s))) return;
  const said = nounIn(prompt, language);
  if (said) return said;
  const own = records.spec.fields.map((f) => namedIn(f.label, language)).find(Boolean);
  if (own) return { p: own };
  if (stems(prompt).some((s) => kinds.has(s))) return;
  const tokens = folded(prompt);
  const at = (run: string[]) => tokens.some((_, i) => run.every((w, k) => tokens[i + k] === w));
  const head = ([word]: string[]) =>
    language === "de" && tokens.some((t) => t.length > word.length && t.endsWith(word));
  const implied = PARTICIPANTS[language].find((e) => e.by.some((b) => at(b) || (b.length === 1 && head(b))));
  if (implied) return { p: implied.p };
  // (A group no participant's words name, "the committee", "die Abteilung", is of members.)
  const member = LEXICONS[language].participants.find((p) => p.one === LEXICONS[language].groupMember);
  if (member && namesGroup(words(prompt), language)) return { p: member };
}

/** Whether words name the participant. */
export const namesThem = (text: string, p: Participant, language: UiLanguage) =>
  namedIn(text, language) === p;

/** The words of "who" that name a person's field, under the name of the person's field ("who", "chi", "Wer"),
 * folded. */
const WHO = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    new Set(
      (lex.questionFields.fields.text?.[fold(lex.assigned.person)] ?? []).map((w) => folded(w).join(" ")),
    ),
  ]),
) as Record<UiLanguage, Set<string>>;

/** The field of records that names whose each is: one naming a person as a question of who does ("who's
 * coming": the lexicon's `assigned.person`, or a concept's "person" or "Who"), or one of a participant, by its
 * singular (a shift's "Volunteer"; not a game's "Players", several of them). */
export const whoField = (records: Entity, language: UiLanguage) =>
  records.spec.fields.find((f) =>
    f.key === "person" || fold(f.label) === fold(LEXICONS[language].assigned.person) ||
    WHO[language].has(folded(f.label).join(" ")) ||
    LEXICONS[language].participants.some((p) => folded(p.one).join(" ") === folded(f.label).join(" "))
  );

/** The field of the records that names each person, called by the participant's noun: theirs that names the
 * participant (a game's "Players", one of them now), else their person's, else a new one; a choice of
 * `people`. */
export function personFieldOf(
  records: Entity,
  p: Participant,
  people: string[],
  language: UiLanguage,
): FieldSpec {
  const label = capitalized(p.one);
  const field = records.spec.fields.find((f) => namedIn(f.label, language) === p) ??
    whoField(records, language) ??
    records.ensure("person", label, "choice", people);
  Object.assign(field, { label, type: "choice" }, people.length ? { options: people } : {});
  return field;
}

/** Gives other records, the app's first, a field naming the persons a board keeps as its own records
 * ("Kids" of "hours for each kid … points"), called by their noun: the records refer to them. Not where those
 * records name a person already or are persons themselves. */
export function referTo(board: Entity, main: Entity, people: string[], language: UiLanguage): void {
  const p = namedIn(board.spec.plural, language);
  if (!p || main === board || namedIn(main.spec.plural, language) || whoField(main, language)) return;
  main.ensure("person", capitalized(p.one), "choice", people);
}

/** The records of the persons, named by the participant's nouns, one for each person `named`. */
export function personsOf(p: Participant, named: string[], language: UiLanguage): Entity {
  const entity = fromWords(p.many, language, p.many);
  entity.spec.label = capitalized(p.one);
  entity.spec.plural = capitalized(p.many);
  entity.spec.samples = named.map((name, i) => ({ id: `${entity.spec.key}-${i + 1}`, name }));
  return entity;
}
