// Turns among persons: a task or a good that several persons share by taking turns ("the kids take turns
// walking the dog", "turni per il cane tra i miei figli", "à tour de rôle entre collègues", "mis hermanos se
// turnan", "die Kollegen kaufen abwechselnd den Kaffee"), or household chores among a group ("chores for the flatmates", "putzplan für die
// wg"), asks who does it when: the people block, with those persons; turns taken of a task or over a period
// ("we take turns cooking", "cada semana cambia", "jeden Tag ein anderer") are a rota, a timetable too.
import { type CueIndex, cueIndex, CUES, LEXICONS, matchCues, phraseFrom, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Quantity } from "./quantities.ts";
import { taskOf } from "./rota-task.ts";
import { stem } from "./stem.ts";
import { fold, type Token, words } from "./text.ts";

interface Span {
  from: number;
  to: number;
}

const ROTATION = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    turns: cueIndex({ turns: lex.rotation.turns }, l as UiLanguage),
    // (The words after a cue's verb name the turns themselves: "turns", "turno", "tour", "Reihe".)
    turnWords: new Set(
      lex.rotation.turns.flatMap((c) => words(c).slice(1).map((t) => stem(t.norm, l as UiLanguage))),
    ),
    // (As written: stems of chores reach other words, "faccende" and "faccio".)
    chores: lex.rotation.chores.map((c) => words(c).map((t) => t.norm)),
    // (By stem, a group in the plural too: "3 familien".)
    collectives: new Set(lex.group.collectives.map((c) => stem(fold(c), l as UiLanguage))),
    between: wordSet(lex.between),
    share: cueIndex({ share: lex.rotation.share }, l as UiLanguage),
    different: wordSet(lex.rotation.different),
    someone: wordSet(lex.rotation.someone),
    we: wordSet(lex.rotation.we),
    and: wordSet(lex.and),
    // (Words that open a clause of its own after the cue: "where I assign", "whose turn".)
    clause: wordSet([...lex.whether.who, ...lex.relative, ...lex.speaker]),
    times: wordSet(Object.keys(lex.timeUnits)),
  }]),
) as Record<UiLanguage, {
  turns: CueIndex;
  turnWords: Set<string>;
  chores: string[][];
  collectives: Set<string>;
  between: Set<string>;
  share: CueIndex;
  different: Set<string>;
  someone: Set<string>;
  we: Set<string>;
  and: Set<string>;
  clause: Set<string>;
  times: Set<string>;
}>;

/** A recurrence that sets the turns to days or weeks ("every day", "on Fridays"). */
const RECURRING = new Set<Quantity["kind"]>(["frequency", "weekday"]);

/** A quantity with the words it stands in. */
interface Placed {
  q: Quantity;
  span: Span;
}

/** Where one of the phrases, as written, first is. */
function firstPhrase(tokens: readonly Token[], phrases: string[][]): Span | undefined {
  for (const i of tokens.keys()) {
    const found = phraseFrom(tokens, i, phrases);
    if (found) return { from: i, to: i + found.length };
  }
}

/** A person said with a word of another, the noun or pronoun right before or after it ("a different member",
 * "una famiglia diversa", "uno distinto", "jemand anderes"), in a clause a recurrence sets: each time another
 * takes the turn. */
function anotherEach(
  tokens: readonly Token[],
  stems: readonly string[],
  language: UiLanguage,
  persons: Span[],
  quantities: Placed[],
): Span | undefined {
  const { different, someone, collectives } = ROTATION[language];
  if (!quantities.some(({ q }) => RECURRING.has(q.kind))) return undefined;
  const person = (i: number) =>
    persons.some((p) => p.from <= i && i < p.to) || collectives.has(stems[i] ?? "") ||
    someone.has(tokens[i]?.norm ?? "");
  for (const [i, t] of tokens.entries()) {
    if (!different.has(t.norm)) continue;
    if (person(i + 1)) return { from: i, to: i + 2 };
    if (person(i - 1)) return { from: i - 1, to: i + 1 };
  }
}

/** The words listed after a "between" word that follows the turns, up to the one after "and" ("on alterne
 * entre moi, lea et hugo", "turni tra marco, giulia e luca"): those who take them, names typed in lower case
 * too. */
function listedAfter(tokens: readonly Token[], language: UiLanguage, turn: Span): Span | undefined {
  const { between, and } = ROTATION[language];
  const at = tokens.findIndex((t, i) => i >= turn.to && between.has(t.norm));
  if (at < 0) return undefined;
  let k = at + 1;
  while (tokens[k]?.kind === "word" && (tokens[k + 1]?.norm === "," || and.has(tokens[k + 1]?.norm ?? ""))) {
    k += tokens[k + 2]?.kind === "word" && and.has(tokens[k + 2].norm) ? 3 : 2;
    if (and.has(tokens[k - 1].norm)) break;
  }
  // (At least two persons: "between 3 pairs" lists none.)
  return k > at + 1 && tokens[k]?.kind === "word" ? { from: at + 1, to: k + 1 } : undefined;
}

/**
 * Where a clause shares turns or chores among persons: the cue, the persons (a noun for persons, a name list or
 * a group such as "the family" or "die WG") and whether the turns make a rota: taken of a task (a content word
 * besides the cue, the persons and the times, `of` where it follows the cue) or over a recurrence after them.
 * Turns, not chores, may also be taken by persons no word names (`unnamed`: a group the speaker counts, "4 of
 * us", or the question of who) or another each time ("jemand anderes"), then the people block has no persons
 * of its own, or by the speaker's group alone (`ours`: "we take turns"), which names no one to list: a rota,
 * no people. `of` is what is done in turns, `task` its noun phrase, which names the rota (`rota-task.ts`).
 */
export function turnsAmong(
  tokens: readonly Token[],
  stems: readonly string[],
  language: UiLanguage,
  persons: Span[],
  unnamed: Span[],
  quantities: Placed[],
): { cue: Span; persons?: Span; ours: boolean; rota: boolean; of?: Span; task?: Span } | undefined {
  const { turns, chores, collectives, we } = ROTATION[language];
  const another = anotherEach(tokens, stems, language, persons, quantities);
  const turn = matchCues(stems, turns)[0] ?? another;
  const cue = turn ?? firstPhrase(tokens, chores);
  if (!cue) return undefined;
  const group = stems.findIndex((s, i) => collectives.has(s) && tokens[i].kind === "word");
  const among = persons[0] ?? (group >= 0 ? { from: group, to: group + 1 } : undefined) ??
    (turn ? listedAfter(tokens, language, turn) : undefined);
  const ours = tokens.findIndex((t) => we.has(t.norm));
  const others = [
    ...unnamed,
    ...(another ? [another] : []),
    ...(ours >= 0 ? [{ from: ours, to: ours + 1 }] : []),
  ];
  if (!among && !(turn && others.length)) return undefined;
  const stop = CUES[language].stop;
  const aside = [cue, ...(among ? [among] : []), ...others, ...quantities.map((p) => p.span)];
  const taskAt = (i: number) =>
    tokens[i].kind === "word" && !stop.has(tokens[i].norm) && !aside.some((s) => s.from <= i && i < s.to);
  const task = tokens.some((_, i) => taskAt(i));
  // (What is done in turns, named after the cue up to the next mark, is what the rota is of.)
  const from = tokens.findIndex((_, i) => i >= cue.to && taskAt(i));
  const to = from < 0 ? -1 : tokens.findIndex((t, i) => i > from && t.kind === "mark");
  const of = from < 0 ? undefined : { from, to: to < 0 ? tokens.length : to };
  // (The verb right after who or another takes the turn is theirs, not a task, and so are the words of a
  // clause of their own after the cue: "on alterne qui conduit", "a different person hosts", "a rota where I
  // assign"; a unit of time is when, not what: "the rota for the year".)
  const { clause: opens, and, turnWords, times } = ROTATION[language];
  const theirs = others.some((s) => s.to === from) ||
    tokens.slice(cue.to, from).some((t) => opens.has(t.norm));
  // (A task is in the turns' own clause, before "and" opens another: "whose turn and how many times".)
  const clause = (s: Span) => {
    const next = tokens.findIndex((t, i) => i >= cue.to && i < s.to && and.has(t.norm));
    return next < 0 ? s : { from: s.from, to: next };
  };
  // (After the persons, only what they do is the task; a noun is what they are for: "turni dei volontari per
  // la sagra".)
  const thoseFor = among !== undefined && cue.to <= among.from && among.to <= from;
  const named = (i: number) => taskAt(i) && !turnWords.has(stems[i]) && !times.has(tokens[i].norm);
  // (Turns said after their task, "font la vaisselle à tour de rôle", are of the words right before them; not
  // a question of whose turn it is, "savoir c'est à qui".)
  const asked = tokens.slice(cue.from, cue.to).some((t) => opens.has(t.norm));
  let before = cue.from;
  while (!asked && before > 0 && named(before - 1)) before--;
  return {
    cue,
    persons: among,
    ours: !among && !unnamed.length && !another,
    rota: turn !== undefined && (task || recurs(turn, quantities)),
    of,
    task: (of && !theirs ? taskOf(tokens, clause(of), named, language, thoseFor) : undefined) ??
      (before < cue.from ? { from: before, to: cue.from } : undefined),
  };
}

/** Whether a recurrence follows the turns, the period they are taken over (one before them says when something
 * else is done: "every day at work we alternate"). */
const recurs = (turn: Span, quantities: Placed[]) =>
  quantities.some(({ q, span }) => RECURRING.has(q.kind) && span.from >= turn.to);

/** The periods a plan sets things to. */
const PLANNED = new Set(["day", "week"]);

/**
 * A menu or a price list's cue with a day or a week beside it ("menu of the week", "weekly menu", "menu
 * settimanale", "menú de la semana", "Wochenmenü"): what goes to each day, a timetable, not a price list nor a
 * figure over the period. Where it is, the cue and its period.
 */
export function planOfPeriod(
  cues: Span[],
  quantities: Placed[],
): { cue: Span; span: Span } | undefined {
  for (const cue of cues) {
    // (A frequency says it before the cue, "weekly menu"; after it, it is how often a thing is done: "platos
    // cada día".)
    const beside = quantities.find(({ q, span }) =>
      (q.kind === "period" && PLANNED.has(q.period) &&
        (span.from === cue.to || span.to === cue.from || (span.from <= cue.from && cue.to <= span.to))) ||
      (q.kind === "frequency" && q.every === 1 && PLANNED.has(q.unit ?? "") && span.to === cue.from)
    );
    if (beside) {
      return {
        cue,
        span: { from: Math.min(cue.from, beside.span.from), to: Math.max(cue.to, beside.span.to) },
      };
    }
  }
}

/** Which person does which thing, with no date asked and no loan ("which kid does which chore", "quale
 * nipote porta quale dolce", "welches Kind übernimmt welche Aufgabe"), shares the things out among persons:
 * the people block, not a log of acts. (A question of who does what, "who brings which dish", asks for the
 * people itself and keeps its log.) */
export const assigns = (a: { byWhom: boolean; when: boolean; loan: boolean }) =>
  a.byWhom && !a.when && !a.loan;

/** How many function words or numbers may stand between a "between" word and the persons ("entre mes 3
 * cousins"). */
const BETWEEN_GAP = 3;

/**
 * Persons among whom something is shared or played, after a "between" word across function words and a
 * number ("compter les victoires entre cousins", "tra amici", "zwischen den Geschwistern"), or, after a verb
 * of sharing, a number of anyone ("shares one car between 4 drivers"): where the phrase is, and the persons.
 */
export function sharedBetween(
  tokens: readonly Token[],
  stems: readonly string[],
  language: UiLanguage,
  persons: Span[],
): { quote: Span; persons: Span } | undefined {
  const { between, share } = ROTATION[language];
  const stop = CUES[language].stop;
  const shared = matchCues(stems, share)[0];
  for (const [i, t] of tokens.entries()) {
    if (!between.has(t.norm)) continue;
    let k = i + 1;
    while (k <= i + BETWEEN_GAP && (tokens[k]?.kind === "number" || stop.has(tokens[k]?.norm ?? ""))) k++;
    const who = persons.find((p) => p.from === k);
    if (who) return { quote: { from: i, to: who.to }, persons: who };
    const counted = tokens[k - 1]?.kind === "number" && tokens[k]?.kind === "word";
    if (shared && shared.to <= i && counted) {
      return { quote: { from: i, to: k + 1 }, persons: { from: k, to: k + 1 } };
    }
  }
}
