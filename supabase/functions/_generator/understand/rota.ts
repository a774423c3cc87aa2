// Turns among persons: a task or a good that several persons share by taking turns ("the kids take turns
// walking the dog", "turni per il cane tra i miei figli", "à tour de rôle entre collègues", "mis hermanos se
// turnan", "die Kollegen kaufen abwechselnd den Kaffee"), or household chores among a group ("chores for the flatmates", "putzplan für die
// wg"), asks who does it when: the people block, with those persons; said with a recurrence ("every week",
// "cada semana cambia", "jeden Tag ein anderer") it is a rota, a timetable too.
import { type CueIndex, cueIndex, CUES, LEXICONS, matchCues, phraseAt, wordSet } from "./lexicon.ts";
import type { UiLanguage } from "./language.ts";
import type { Quantity } from "./quantities.ts";
import { type Token, words } from "./text.ts";

interface Span {
  from: number;
  to: number;
}

const ROTATION = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, {
    turns: cueIndex({ turns: lex.rotation.turns }, l as UiLanguage),
    // (As written: stems of chores reach other words, "faccende" and "faccio".)
    chores: lex.rotation.chores.map((c) => words(c).map((t) => t.norm)),
    collectives: wordSet(lex.group.collectives),
    between: wordSet(lex.between),
    share: cueIndex({ share: lex.rotation.share }, l as UiLanguage),
  }]),
) as Record<UiLanguage, {
  turns: CueIndex;
  chores: string[][];
  collectives: Set<string>;
  between: Set<string>;
  share: CueIndex;
}>;

/** A recurrence that sets the turns to days or weeks ("every day", "on Fridays"). */
const RECURRING = new Set<Quantity["kind"]>(["frequency", "weekday"]);

/** A quantity with the words it stands in. */
interface Placed {
  q: Quantity;
  span: Span;
}

/** Where one of the phrases, as written, first is. */
function firstPhrase(tokens: Token[], phrases: string[][]): Span | undefined {
  for (const i of tokens.keys()) {
    const found = phrases.find((p) => phraseAt(tokens, i, p));
    if (found) return { from: i, to: i + found.length };
  }
}

/**
 * Where a clause shares turns or chores among persons: the cue, the persons (a noun for persons, a name list or
 * a group such as "the family" or "die WG") and whether a recurrence after the turns makes them a rota. (The
 * speaker's group alone, "we take turns buying coffee", names no one to give turns to.)
 */
export function turnsAmong(
  tokens: Token[],
  stems: string[],
  language: UiLanguage,
  persons: Span[],
  quantities: Placed[],
): { cue: Span; persons: Span; recurring: boolean } | undefined {
  const { turns, chores, collectives } = ROTATION[language];
  const turn = matchCues(stems, turns)[0];
  const cue = turn ?? firstPhrase(tokens, chores);
  if (!cue) return undefined;
  const group = tokens.findIndex((t) => collectives.has(t.norm));
  const among = persons[0] ?? (group >= 0 ? { from: group, to: group + 1 } : undefined);
  if (!among) return undefined;
  return { cue, persons: among, recurring: recurs(turn, quantities) };
}

/** Whether a recurrence follows the turns: one before them is when the speaker does something ("tous les
 * jours… on alterne qui conduit"). */
const recurs = (turn: Span | undefined, quantities: Placed[]) =>
  turn !== undefined && quantities.some(({ q, span }) => RECURRING.has(q.kind) && span.from >= turn.to);

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
  tokens: Token[],
  stems: string[],
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
