// Apps named by their form ("learn morse code", "choir attendance sheet", "Kaffee-Strichliste"): the form's word
// says what the records hold, as `forms.json` writes it per language. A verb of learning with its object, or an
// exam of a subject, asks for a quiz on that subject when the prompt asks for no other records; a form's noun
// asks for what its records need (a checklist a tick, an attendance sheet people and a tick, a tally people
// and their points, a collection a photo, "which … did we like" a rating).
import type { Ask, AskType, FieldType } from "./asks.ts";
import type { Clause } from "./clauses.ts";
import type { Quantity } from "./quantities.ts";
import { findConcepts } from "./concepts.ts";
import type { UiLanguage } from "./language.ts";
import { languageOnly } from "./language-units.ts";
import { foldIntoQuiz, keptByQuiz } from "./quiz-keeps.ts";
import {
  type CueIndex,
  cueIndex,
  CUES,
  LEXICONS,
  matchCues,
  OF_PARTS,
  perLanguage,
  stemTokens,
} from "./lexicon.ts";
import { fold, type Token, words } from "./text.ts";
import FORMS from "./forms.json" with { type: "json" };

type Form = {
  implies: AskType[];
  /** The fields the form's records hold besides what its asks add ("present" and the date of an attendance). */
  fields?: { type: FieldType; name: Record<UiLanguage, string>; options?: Record<UiLanguage, string[]> }[];
  afterWhich?: boolean;
  /** Its words are matched as written (a German compound ending in one too): their stems are other words'
   * ("collected", "encanta"). */
  written?: boolean;
  words: Record<UiLanguage, string[]>;
};
const DATA = FORMS as Record<string, Form>;
const LANGUAGES = Object.keys(LEXICONS) as UiLanguage[];

const INDEX = Object.fromEntries(LANGUAGES.map((l) => [
  l,
  cueIndex(Object.fromEntries(Object.entries(DATA).map(([key, form]) => [key, form.words[l]])), l),
])) as Record<UiLanguage, CueIndex>;
// An exam of a subject ("esame della patente", "test del CCSE") prepares for it as a verb of learning does.
const EXAMS = Object.fromEntries(
  LANGUAGES.map((l) => [l, cueIndex({ exam: LEXICONS[l].exams }, l)]),
) as Record<UiLanguage, CueIndex>;
const WHICH = perLanguage((lex) => lex.which);
const SPEAKER = perLanguage((lex) => lex.speaker);
const MINE = perLanguage((lex) => lex.mine);
// What may open a verb's object before its noun: "learn the greek alphabet", "repasar mis apuntes".
const OPENING = perLanguage((lex) => [...lex.articles, ...lex.mine, ...lex.determiners]);
const ABOUT = perLanguage((lex) => lex.about);

/** Asks that keep records of their own, or figures of records kept: named elsewhere in the prompt, learning is
 * only told of there ("guitar practice minutes per day"). */
const RECORDS = new Set<AskType>([
  "aggregate",
  "chart",
  "list",
  "log",
  "catalog",
  "people",
  "schedule",
  "order",
  "goal",
  "split",
  "timer",
  "countdown",
  "calculator",
  "convert",
]);

/** The noun phrase a verb of learning or an exam is of, as token positions: the content words after it (or,
 * with none, before it, a German verb ending its clause: "Vokabeln lernen"), across articles, possessives and
 * "of" words between them, up to another function word or a mark. */
function objectOf(tokens: readonly Token[], from: number, to: number, language: UiLanguage, exam: boolean) {
  const { stop } = CUES[language];
  const content = (t?: Token) => t?.kind === "word" && !stop.has(t.norm);
  const of = (t?: Token) => t?.kind === "word" && OF_PARTS[language].has(t.norm);
  // A German verb ends its clause, its object before it ("Vokabeln lernen").
  let start = from;
  while (!exam && language === "de" && content(tokens[start - 1])) start--;
  if (start < from) return { from: start, to: from };
  let i = to;
  // An exam is of what an "of" word opens ("l'esame di guida", "examen teórico de conducir"); a verb's object
  // may open on an article or a possessive.
  // (A verb's object may open on what it is about: "practise on", "s'entraîner sur les tables".)
  if (!exam && ABOUT[language].has(tokens[i]?.norm ?? "")) i++;
  while (of(tokens[i]) || OPENING[language].has(tokens[i]?.norm ?? "")) i++;
  let end = i;
  for (let k = i; content(tokens[k]) || (k > i && of(tokens[k])); k++) {
    // (An "of" word joins the noun after it, across an article: "the bones of the hand".)
    while (of(tokens[k]) || (k > end && OPENING[language].has(tokens[k]?.norm ?? ""))) k++;
    if (!content(tokens[k])) break;
    end = k + 1;
  }
  const ofWhat = tokens.slice(to, end).some(of);
  return end > i && (!exam || ofWhat) ? { from: i, to: end } : undefined;
}

/** The quiz a verb of learning or an exam of a subject asks for, in place of the asks its words made ("learn
 * the greek alphabet": no list of "learn", no sort), when no other ask keeps records. */
function learning(
  prompt: string,
  tokens: readonly Token[],
  stems: readonly string[],
  asks: Ask[],
  stated: Quantity[],
  language: UiLanguage,
): Ask[] {
  const asked = asks.find((a) => a.type === "quiz");
  const verbs = matchCues(stems, INDEX[language], language === "de" ? tokens.map((t) => t.norm) : undefined)
    .filter((m) => m.key === "learning").map((m) => ({ ...m, exam: false }));
  const exams = matchCues(stems, EXAMS[language]).map((m) => ({ ...m, exam: true }));
  for (const cue of [...verbs, ...exams]) {
    // What the speaker does ("I practise piano") tells of them; what they want to learn asks.
    if (SPEAKER[language].has(tokens[cue.from - 1]?.norm ?? "")) continue;
    const object = objectOf(tokens, cue.from, cue.to, language, cue.exam);
    // (An object that names records of its own, "practice log", or states an amount or a period, "practice
    // minutes per day", makes the verb a noun of what is kept.)
    const records = object && matchCues(stems.slice(object.from, object.to), CUES[language].asks)
      .some((m) => RECORDS.has(m.key as AskType));
    const measured = object &&
      stated.some((q) => q.start < tokens[object.to - 1].end && q.end > tokens[object.from].start);
    if (!object || records || measured) continue;
    const start = tokens[Math.min(cue.from, object.from)].start;
    const end = tokens[Math.max(cue.to, object.to) - 1].end;
    // (The asks its own words made, "learn" as a list's subject, are the quiz's; one that reaches past them, "log
    // my practice sessions", keeps records of its own.)
    const within = (a: Ask) => a.start >= start && a.end <= end;
    // (Records only named again, "mon fils doit", keep none: `mention`.)
    const other = (a: Ask) => !within(a) && !(a.mention && RECORDS.has(a.type));
    if (asks.some((a) => other(a) && RECORDS.has(a.type))) continue;
    const subject = prompt.slice(tokens[object.from].start, tokens[object.to - 1].end);
    // A quiz its own word asks for elsewhere ("Karteikarten für die Schule, … die Knochen lernen") is of what
    // is learnt, unless it is on a language alone ("spanish flashcards"); one the verb asks is read already.
    if (asked) {
      const apart = tokens[cue.from].start >= asked.end || tokens[cue.to - 1].end <= asked.start;
      const onLanguage = asked.subject !== undefined && languageOnly(asked.subject, language);
      return apart && !onLanguage ? asks.map((a) => a === asked ? { ...a, subject } : a) : asks;
    }
    const quiz: Ask = {
      type: "quiz",
      quote: prompt.slice(start, end),
      start,
      end,
      subject,
      fields: asks.filter(within).flatMap((a) => a.fields),
      quantities: asks.filter(within).flatMap((a) => a.quantities),
    };
    return [...asks.filter(other), quiz];
  }
  return asks;
}

/** Whether a quiz's quote holds the verb of learning or the exam that asks for it ("learn morse code"): the
 * quiz is named by its subject alone, what is learnt. */
export function learnt(ask: Ask, language: UiLanguage): boolean {
  const { quote, subject } = ask;
  if (ask.type !== "quiz" || subject === undefined) return false;
  const tokens = words(quote);
  const stems = stemTokens(tokens, language);
  const cues = [...matchCues(stems, INDEX[language]), ...matchCues(stems, EXAMS[language])]
    .filter((m) => m.key === "learning" || m.key === "exam");
  // (Its quote is the verb or the exam and the subject, in either order, "Vokabeln lernen", the subject's exam
  // after it: "revise for my driving theory test".)
  const at = quote.indexOf(subject);
  const cue = (i: number) => cues.some((m) => m.from <= i && i < m.to);
  const other = tokens.some((t, i) =>
    t.kind === "word" && !cue(i) && (t.end <= at || t.start >= at + subject.length) &&
    !CUES[language].stop.has(t.norm)
  );
  return at >= 0 && cues.length > 0 && !other;
}

/** What a form's noun implies that the prompt does not ask already: each an ask quoting the form's words. */
function implied(
  prompt: string,
  tokens: readonly Token[],
  stems: readonly string[],
  parts: Clause[],
  asks: Ask[],
  language: UiLanguage,
) {
  const found: Ask[] = [];
  const matches = matchCues(
    stems,
    INDEX[language],
    language === "de" ? tokens.map((t) => t.norm) : undefined,
  );
  for (const m of matches.filter((m) => m.key !== "learning")) {
    const form = DATA[m.key];
    const start = tokens[m.from].start;
    const end = tokens[m.to - 1].end;
    // "Which … did we like": the liking names a rating only in a question of which ones it ends ("which
    // beers did we like", "welche Weine haben uns geschmeckt"; not "tags like dairy").
    const clause = parts.find((c) => c.start <= start && c.end >= end);
    const inClause = (t: Token) => t.start >= (clause?.start ?? 0) && t.end <= (clause?.end ?? prompt.length);
    const asked = tokens.some((t) => inClause(t) && t.end <= start && WHICH[language].has(t.norm)) &&
      tokens.slice(m.to).every((t) => !inClause(t) || t.kind !== "word" || CUES[language].stop.has(t.norm));
    if (form.afterWhich && !asked) continue;
    const said = tokens.slice(m.from, m.to).map((t) => t.norm).join(" ");
    const written = form.words[language].map(fold)
      .some((w) => said === w || said.endsWith(` ${w}`) || (language === "de" && said.endsWith(w)));
    if (form.written && !written) continue;
    found.push(...ofForm(form, { start, end }, [...asks, ...found], prompt, language));
  }
  // Things of the speaker's that no concept knows, named alone ("my lego sets", "meine Brettspiele"), are a
  // collection of them.
  const [list] = asks;
  const at = list?.subject
    ? tokens.findIndex((t) => t.start === list.start + list.quote.indexOf(list.subject!))
    : -1;
  const owned = asks.length === 1 && list.type === "list" && !list.fields.length && at > 0 &&
    MINE[language].has(tokens[at - 1].norm) && !findConcepts(list.subject!, language).length;
  if (owned && !found.length) found.push(...ofForm(DATA.collection, list, asks, prompt, language));
  return found;
}

/** The asks a form implies that the prompt does not make already, quoting its words; the first holds the
 * fields its records have. */
function ofForm(
  form: Form,
  at: { start: number; end: number },
  asks: Ask[],
  prompt: string,
  language: UiLanguage,
) {
  const fields = (form.fields ?? []).map((f) => ({
    name: f.name[language],
    type: f.type,
    ...(f.options ? { options: f.options[language] } : {}),
  }));
  return form.implies.filter((type) => !asks.some((a) => a.type === type)).map((type, i) => ({
    type,
    quote: prompt.slice(at.start, at.end),
    start: at.start,
    end: at.end,
    fields: i === 0 ? fields : [],
    quantities: [],
  }));
}

/** The prompt's asks with what the forms it names ask for. */
export function formAsks(
  prompt: string,
  parts: Clause[],
  asks: Ask[],
  stated: Quantity[],
  language: UiLanguage,
): Ask[] {
  const tokens = words(prompt);
  const stems = stemTokens(tokens, language);
  // (What a quiz keeps itself, "keep my high score", neither asks a quiz nor keeps records of its own:
  // `quiz-keeps.ts`.)
  const own = keptByQuiz(tokens, stems, asks, language);
  const learnt = learning(prompt, tokens, stems, asks.filter((a) => !own.has(a)), stated, language);
  const read = foldIntoQuiz(tokens, stems, learnt, own, stated, language) ?? asks;
  return [...read, ...implied(prompt, tokens, stems, parts, read, language)];
}
