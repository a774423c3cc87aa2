// Records of a concept kept for one occasion or sub-domain, asked for another its domain knows: "invitati per
// la festa di laurea" or "invités pour l'anniversaire" are guests, though not a wedding's; the concept's
// samples (the bride's aunt at table 3) and choices (the bride's side) are another occasion's, so the list
// starts empty rather than show them. Samples that name an occasion the prompt does not ("the communion's
// restaurant" among a graduation party's tasks) are another occasion's too.
import OCCASIONS from "../understand/occasions.json" with { type: "json" };
import type { Concept } from "../understand/concepts.ts";
import { findConcepts } from "../understand/concepts.ts";
import { CUES } from "../understand/lexicon.ts";
import type { Language } from "../template/src/types.ts";
import { PURPOSE } from "../understand/aside.ts";
import { stemPhrase } from "../understand/stem.ts";
import { words } from "../understand/text.ts";
import type { Entity } from "./entities.ts";
import { OF_JOIN } from "./own-noun.ts";
import { HEAD_FIRST } from "../understand/language.ts";

/** The most content words the occasion a purpose or "of" word puts after the records runs to ("festa di
 * laurea"), or, in English and German, that name it before them ("birthday guest list"). */
const OCCASION = 3;

/** Whether a concept is of one occasion the prompt did not name it by: one of its one-word names qualifies
 * the word that named it in another of its names ("wedding" of "wedding guests", "matrimonio" of "invitati
 * matrimonio", German "Hochzeit" of "Hochzeitsgäste"), and no phrase that named it says that word. */
function qualified(concept: Concept, said: string[], language: Language): boolean {
  const names = concept.words[language].map((w) => stemPhrase(w, language));
  const saidStems = new Set(said.flatMap((p) => stemPhrase(p, language)));
  return names.some(([one, ...rest]) =>
    rest.length === 0 && !saidStems.has(one) &&
    names.some((n) =>
      n.length > 1
        ? n.includes(one) && n.some((w) => saidStems.has(w))
        : language === "de" && n[0].startsWith(one) &&
          [...saidStems].some((w) => w !== n[0] && n[0].endsWith(w))
    )
  );
}

/** Records of another occasion: no samples, and of the choices only those the prompt names, whose options
 * (the bride's side or the groom's) are the concept's occasion's. */
function ofAnother(entity: Entity, prompt: string, language: Language) {
  const stems = new Set(stemPhrase(prompt, language));
  entity.spec.samples = [];
  entity.spec.fields = entity.spec.fields.filter((f, i) =>
    i === 0 || f.type !== "choice" || stemPhrase(f.label, language).every((s) => stems.has(s))
  );
}

const OCCASION_NOUNS = Object.fromEntries(
  Object.entries(OCCASIONS).map(([l, { nouns }]) => [l, nouns.map((n) => stemPhrase(n, l as Language))]),
) as Record<Language, string[][]>;

/** Drops the samples of an event's records that name an occasion the prompt does not name (a christening's
 * tasks for a birthday party): what the event is, the prompt says. */
function unnamedOccasions(entity: Entity, prompt: string, language: Language) {
  const said = stemPhrase(prompt, language);
  const names = (stems: readonly string[], noun: string[]) =>
    stems.some((_, i) => noun.every((w, k) => stems[i + k] === w));
  const other = (text: string) => {
    const stems = stemPhrase(text, language);
    return OCCASION_NOUNS[language].some((n) => names(stems, n) && !names(said, n));
  };
  entity.spec.samples = entity.spec.samples.filter((r) =>
    !Object.values(r).some((v) => typeof v === "string" && other(v))
  );
}

/** Drops a concept's samples and unnamed choices when the prompt says the records it named by `said` are of
 * an occasion another concept of its domain names: after them and a purpose or "of" word ("guests for the
 * school fair"), or right before them in English and German, where a modifier comes first. */
export function otherOccasion(
  entity: Entity,
  concept: Concept,
  said: string[],
  prompt: string,
  language: Language,
) {
  if (concept.domain === "events") unnamedOccasions(entity, prompt, language);
  if (!entity.spec.samples.length || !qualified(concept, said, language)) return;
  const tokens = words(prompt).filter((t) => t.kind === "word" || /[.!?;:\n]/.test(t.text));
  const norms = tokens.map((t) => t.norm);
  const stop = CUES[language].stop;
  const other = (from: number, to: number) => {
    const text = tokens.slice(Math.max(from, 0), to).filter((t) => t.kind === "word").map((t) => t.text);
    return text.length > 0 &&
      findConcepts(text.join(" "), language).some((c) => c.id !== concept.id && c.domain === concept.domain);
  };
  const of = (w: string) => PURPOSE[language].has(w) || OF_JOIN[language].has(w);
  for (const phrase of said) {
    const named = words(phrase).map((t) => t.norm);
    norms.forEach((_, i) => {
      if (!named.every((w, k) => norms[i + k] === w)) return;
      let k = i + named.length;
      if (!of(norms[k] ?? "")) k = -1;
      else while (k < norms.length && (of(norms[k]) || stop.has(norms[k]))) k++;
      let end = k;
      while (end >= 0 && end < tokens.length && end - k < OCCASION && tokens[end].kind === "word") end++;
      // (A modifier is said right before the records' word, no "and" between: "birthday guests".)
      let from = i;
      while (
        from > 0 && i - from < OCCASION && tokens[from - 1].kind === "word" && !stop.has(norms[from - 1])
      ) from--;
      const before = !HEAD_FIRST.has(language) && other(from, i);
      if ((k >= 0 && other(k, end)) || before) ofAnother(entity, prompt, language);
    });
  }
}
