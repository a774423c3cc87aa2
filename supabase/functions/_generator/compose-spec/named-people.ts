// Persons a prompt names one by one ("my 3 kids (Emma, Noah and Lily)", "2 Gesellen (Tobi und Marco)") are
// records of their own, called by the noun the prompt calls them by, one sample each: a people board called by
// that noun ("Kids") keeps what they are given to do, its tasks, not the persons, so it is called by the tasks
// and lists the persons by its person field. The records the prompt keeps besides that say who each is of
// (a "who", "chi", "Wer" field, as text) offer those persons to choose from.
import { LEXICONS } from "../understand/lexicon.ts";
import type { UiLanguage } from "../understand/language.ts";
import { stem } from "../understand/stem.ts";
import { words } from "../understand/text.ts";
import { Entity, fromWords, keyOf } from "./entities.ts";
import { participantOf, personsOf, whoField } from "./persons.ts";

/** The stems of each language's nouns of persons and of those who act in an app; not of groups ("team", "WG"),
 * whose members a participant's noun names. */
const NOUNS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [
    l,
    new Set(
      [
        ...lex.persons,
        ...lex.namedPersons.nouns,
        ...lex.participants.map((p) => p.many),
      ]
        .map((w) => stem(w, l as UiLanguage)),
    ),
  ]),
) as Record<UiLanguage, Set<string>>;

/** Whether records are called by a noun of persons ("Kids", "Mitarbeiterinnen"): its last word's stem. */
export function calledByPersons(plural: string, language: UiLanguage): boolean {
  const last = words(plural).filter((t) => t.kind === "word").at(-1);
  return last !== undefined && NOUNS[language].has(stem(last.text, language));
}

/** Whether a noun is a participant's, by its last word's stem ("kids", "joueurs"), not only a noun of persons. */
export function isParticipant(noun: string, language: UiLanguage): boolean {
  const stems = (text: string) =>
    words(text).filter((t) => t.kind === "word").map((t) => stem(t.text, language));
  const said = stems(noun).at(-1);
  return LEXICONS[language].participants.some((p) =>
    stems(p.many).at(-1) === said || stems(p.one).at(-1) === said
  );
}

/**
 * Where a people board's records are called by the persons' noun and the prompt names the persons: the
 * persons' own records (called by that noun, a sample for each), the board called by the tasks instead.
 * `taken` says whether a key is an entity's already.
 */
export function namedPeople(
  board: Entity,
  named: string[],
  tasks: { one: string; many: string },
  language: UiLanguage,
  taken: (key: string) => boolean,
): Entity | undefined {
  if (!named.length || !calledByPersons(board.spec.plural, language)) return undefined;
  const { key, label, plural } = board.spec;
  const persons = new Entity(
    {
      key,
      label,
      plural,
      fields: [{ key: "name", label: nameLabel(board), type: "text" }],
      samples: named.map((name, i) => ({ id: `${key}-${i + 1}`, name })),
    },
    language,
    false,
  );
  let own = keyOf(tasks.many, "tasks");
  for (let n = 2; taken(own) || own === key; n++) own = `${keyOf(tasks.many, "tasks")}${n}`;
  Object.assign(board.spec, { key: own, label: tasks.one, plural: tasks.many });
  return persons;
}

/** The label of a board's name field, which the persons' records take. */
const nameLabel = (board: Entity) => board.spec.fields.find((f) => f.key === "name")?.label ?? "Name";

/** Gives records that say who each is of, as text, the persons to choose from, and the first records (the app's
 * main ones), where they say it of none, a field naming whose each is, called by the persons' noun (`label`). */
export function offerPersons(records: Entity[], named: string[], label: string, language: UiLanguage): void {
  if (!named.length) return;
  for (const r of records) {
    const who = whoField(r, language);
    if (who && (who.type === "text" || (who.type === "choice" && !who.options?.length))) {
      Object.assign(who, { type: "choice", options: named });
    }
  }
  if (records[0] && !whoField(records[0], language)) records[0].ensure("person", label, "choice", named);
}

/**
 * The records of persons named one by one where nothing asks a board of theirs: called by the participant the
 * noun names ("kids": "Kid", "Kids"), else by the noun as written ("two boys": "Boys"), else by the participant
 * the prompt implies ("poker": "Players"), else by `fallback`; a sample for each.
 */
export function personsNamed(
  noun: string | undefined,
  named: string[],
  prompt: string,
  language: UiLanguage,
  fallback: string,
): Entity {
  const lex = LEXICONS[language];
  const stems = (text: string) =>
    words(text).filter((t) => t.kind === "word").map((t) => stem(t.text, language));
  const said = noun ? stems(noun).at(-1) : undefined;
  const own = said !== undefined
    ? lex.participants.find((p) => stems(p.many).at(-1) === said || stems(p.one).at(-1) === said)
    : undefined;
  const implied = noun === undefined
    ? participantOf(prompt, fromWords(fallback, language, fallback), language)?.p
    : undefined;
  const p = own ?? implied;
  if (p) return personsOf(p, named, language);
  const plural = noun ?? fallback;
  const entity = fromWords(plural, language, plural);
  entity.spec.samples = named.map((name, i) => ({ id: `${entity.spec.key}-${i + 1}`, name }));
  return entity;
}
