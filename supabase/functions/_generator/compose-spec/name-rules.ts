// Two words a prompt's story holds that are never what the app is about, and one that is.
// - What records are kept on or in today ("faccio tutto su un quaderno", "apunto las reservas en una libreta",
//   "in Excel"): the medium the app replaces names nothing; the records kept on it do ("Prenotazioni").
// - Persons who contend over one thing ("Mes deux fils se disputent pour la console", "meine zwei Söhne
//   streiten um die Konsole"): the persons, their number and the verb of their quarrel are the story; the
//   thing they contend over is what the app rations, and names it ("Console", "Konsole").
// - The skill a prompt opens on learning ("learning to touch type, want to log my wpm", "estoy aprendiendo
//   mecanografía y quiero registrar mis pulsaciones"): what each session logs is a figure of it; the skill
//   names the app ("Touch Type", "Mecanografía").
// - An infinitive with a pronoun joined to it ("un'app per segnarle", "algo para apuntarlos") says what is
//   done to records named elsewhere: it names nothing.
// The words are the lexicon's `nameMedia`, `nameContested` and `nameLearnt`, in each language.
import type { Language } from "../template/src/types.ts";
import { CUES, joinedVerb, LEXICONS, perLanguage, phraseAt } from "../understand/lexicon.ts";
import { isUiLanguage } from "../understand/language.ts";
import { words } from "../understand/text.ts";
import { speakerBefore } from "../understand/asks.ts";

const tokenized = (phrases: string[]) =>
  phrases.map((p) => words(p).filter((t) => t.kind === "word").map((t) => t.norm)).filter((p) => p.length)
    .sort((a, b) => b.length - a.length);

const MEDIA = Object.fromEntries(
  (["en", "it", "fr", "es", "de"] as Language[]).map((l) => [l, tokenized(LEXICONS[l].nameMedia)]),
) as Record<Language, string[][]>;
const CONTESTED = Object.fromEntries(
  (["en", "it", "fr", "es", "de"] as Language[]).map((l) => [l, tokenized(LEXICONS[l].nameContested)]),
) as Record<Language, string[][]>;
const LEARNT = Object.fromEntries(
  (["en", "it", "fr", "es", "de"] as Language[]).map((l) => [l, tokenized(LEXICONS[l].nameLearnt)]),
) as Record<Language, string[][]>;
const TO = perLanguage((lex) => [...lex.plans.to, ...lex.speaker]);
const INFINITIVE = perLanguage((lex) => lex.infinitive.endings);
const OPENING = perLanguage((lex) => [...lex.articles, ...lex.determiners, ...lex.mine]);

/** The content words of a noun phrase, folded: its function words left out. */
function content(text: string, language: Language): string[] {
  return words(text).filter((t) => t.kind === "word" && !CUES[language].stop.has(t.norm)).map((t) => t.norm);
}

/** Whether a noun phrase names only what records are kept on or in ("Notebook", "Quaderno", "Excel-Tabelle"):
 * the whole phrase is a medium, or each of its words is one. A medium with a complement says what is kept on it
 * ("Carnet de santé"). */
export function ofMedium(text: string, language: Language): boolean {
  const own = content(text, language);
  if (!own.length) return false;
  const norms = own.map((norm) => ({ norm }));
  const one = new Set(MEDIA[language].filter((m) => m.length === 1).map((m) => m[0]));
  return MEDIA[language].some((m) => m.length === own.length && phraseAt(norms, 0, m)) ||
    own.every((w) => one.has(w));
}

/**
 * The thing persons contend over, as the prompt writes it: the noun phrase after a verb of contending and its
 * preposition, past its articles and possessives, to the next function word or mark ("la tablette" of "se
 * disputent pour la tablette, je voudrais" is "tablette"); "" when the prompt says none.
 */
export function contestedThing(prompt: string, language: Language): string {
  const tokens = words(prompt);
  for (let i = 0; i < tokens.length; i++) {
    const verb = CONTESTED[language].find((p) => phraseAt(tokens, i, p));
    if (!verb) continue;
    let k = i + verb.length;
    while (k < tokens.length && OPENING[language].has(tokens[k].norm)) k++;
    const start = k;
    while (
      k < tokens.length && k - start < 3 && tokens[k].kind === "word" &&
      !CUES[language].stop.has(tokens[k].norm)
    ) k++;
    if (k > start) return prompt.slice(tokens[start].start, tokens[k - 1].end);
  }
  return "";
}

/**
 * The skill the prompt says the speaker learns before `before` (where its main ask starts), as written: the
 * noun phrase after the verb of learning, past "to", its articles and an infinitive that opens it ("imparando a
 * suonare la chitarra" is "chitarra"), to the next function word or mark; in German the words before an
 * infinitive of learning ("Zehnfingersystem lernen"). "" when the prompt says none.
 */
export function learntSkill(prompt: string, before: number, language: Language): string {
  const tokens = words(prompt);
  const stop = (k: number) => tokens[k]?.kind !== "word" || CUES[language].stop.has(tokens[k].norm);
  const infinitive = (k: number) =>
    [...INFINITIVE[language]].some((e) => tokens[k].norm.length > e.length + 2 && tokens[k].norm.endsWith(e));
  for (let i = 0; i < tokens.length && tokens[i].start < before; i++) {
    const verb = LEARNT[language].find((p) => phraseAt(tokens, i, p));
    if (!verb) continue;
    const after = i + verb.length;
    // (German puts an infinitive last: its object is the words before it.)
    if (language === "de" && i > 0 && !stop(i - 1) && tokens[after - 1].norm.endsWith("en")) {
      let k = i;
      while (k > 0 && i - k < 3 && !stop(k - 1)) k--;
      return prompt.slice(tokens[k].start, tokens[i - 1].end);
    }
    let k = after;
    const opening = (j: number) =>
      TO[language].has(tokens[j]?.norm ?? "") || OPENING[language].has(tokens[j]?.norm ?? "") ||
      (language !== "en" && language !== "de" && tokens[j]?.norm.length === 1 && tokens[j].kind === "word");
    while (k < tokens.length && opening(k)) k++;
    if (
      k < tokens.length && language !== "en" && infinitive(k) &&
      OPENING[language].has(tokens[k + 1]?.norm ?? "")
    ) {
      k++;
      while (k < tokens.length && opening(k)) k++;
    }
    const start = k;
    while (k < tokens.length && k - start < 3 && !stop(k)) k++;
    if (k > start && tokens[start].start < before) {
      return prompt.slice(tokens[start].start, tokens[k - 1].end);
    }
  }
  return "";
}

/** Whether a one-word name is an infinitive with a pronoun joined to it ("Segnarle", "Apuntarlos"): a verb. */
export function pronounJoined(name: string, language: Language): boolean {
  const own = words(name).filter((t) => t.kind === "word");
  return own.length === 1 && isUiLanguage(language) && joinedVerb(own[0].norm, language);
}

const AND = perLanguage((lex) => lex.and);
const RELATIVE = perLanguage((lex) => lex.relative);
const SPEAKER = perLanguage((lex) => lex.speaker);
const FIRST_PERSON = perLanguage((lex) => lex.relativeSpeakerEndings);

/** A name cut before an "and" that opens the speaker's next clause: the speaker's pronoun after it ("and I
 * write"), or a verb of the first person's ending before an article or possessive in the prompt ("Casa rural
 * y apunto las reservas" is "Casa rural"); or before a relative word whose clause the speaker is the subject of
 * (`speakerBefore`: "Propinas que gano", "Pourboires que je gagne", "Tips that I earn" are the tips); the name
 * as it is otherwise. */
export function beforeSpeakersClause(name: string, prompt: string, language: Language): string {
  const own = words(name).filter((t) => t.kind === "word");
  if (isUiLanguage(language)) {
    const relative = own.findIndex((t, j) =>
      j > 0 && RELATIVE[language].has(t.norm) && speakerBefore(own, j + 2, language) === j + 1
    );
    if (relative > 0) return name.slice(0, own[relative - 1].end).trim();
  }
  const tokens = words(prompt);
  const at = tokens.findIndex((_, p) => phraseAt(tokens, p, own.map((t) => t.norm)));
  if (at < 0) return name;
  for (let j = 1; j < own.length - 1; j++) {
    if (!AND[language].has(own[j].norm)) continue;
    const next = own[j + 1].norm;
    const verb = next.length >= 4 && [...FIRST_PERSON[language]].some((e) => next.endsWith(e)) &&
      OPENING[language].has(tokens[at + j + 2]?.norm ?? "");
    if (SPEAKER[language].has(next) || verb) return name.slice(0, own[j - 1].end).trim();
  }
  return name;
}

/**
 * The heading a prompt opens on, after its greeting (`from`): the words before its first comma, colon or dash,
 * when no ask starts in them, they open on no function word, hold no article nor possessive after their first
 * word (a clause: "faccio la sarta in casa"), no speaker, no number and no name of a person (no capital but
 * the first word's, German nouns aside) and a word follows them, not a number ("reha nach knie op, übungen
 * abhaken und schmerzen notieren" is "reha nach knie op"): what the asks after it are for. "" when it opens on
 * none.
 */
export function heading(prompt: string, from: number, firstAsk: number, language: Language): string {
  const tokens = words(prompt).filter((t) => t.start >= from);
  const end = tokens.findIndex((t) => t.kind === "mark" && /^[,:;–—-]$/.test(t.text));
  if (end < 1 || end > 5 || tokens[end].start > firstAsk) return "";
  const own = tokens.slice(0, end);
  const after = tokens[end + 1];
  if (!after || after.kind !== "word") return "";
  if (own.some((t) => t.kind !== "word" || SPEAKER[language].has(t.norm))) return "";
  if (CUES[language].stop.has(own[0].norm) || OPENING[language].has(own[0].norm)) return "";
  if (own.some((t, i) => i > 0 && OPENING[language].has(t.norm))) return "";
  if (language !== "de" && own.some((t, i) => i > 0 && /^\p{Lu}/u.test(t.text))) return "";
  return prompt.slice(own[0].start, own[own.length - 1].end);
}
