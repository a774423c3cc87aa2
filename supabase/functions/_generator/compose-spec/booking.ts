// Records kept by booking a thing ("reservar la pista de pádel: quién, qué día…", "réserver la salle commune",
// "den Gemeinschaftsraum reservieren") are its bookings, not the thing: each says who has it and when. The
// thing the verb governs still names the app ("Pista de padel"); the records are called by the lexicon's noun
// of a booking (`booking.records`: "Reservas", "Réservations", "Reservierungen").
import type { Ask } from "../understand/index.ts";
import type { AppSpec, Language } from "../template/src/types.ts";
import { LEXICONS } from "../understand/lexicon.ts";
import { words } from "../understand/text.ts";
import { fold } from "./entities.ts";

const VERBS = Object.fromEntries(
  Object.entries(LEXICONS).map(([l, lex]) => [l, new Set(lex.booking.verbs.map(fold))]),
) as Record<Language, Set<string>>;

/** Whether the ask's cue is a verb of booking whose object is its subject: the verb opens its words before the
 * subject ("reservar la pista"), or, in German, ends them after it ("den Raum reservieren"). */
export function booksSubject(ask: Ask, language: Language): boolean {
  const subject = ask.subject;
  const at = subject ? ask.quote.indexOf(subject) : -1;
  if (!subject || at < 0) return false;
  const before = words(ask.quote.slice(0, at)).filter((t) => t.kind === "word");
  const after = words(ask.quote.slice(at + subject.length)).filter((t) => t.kind === "word");
  const verbs = VERBS[language];
  if (before.length && verbs.has(before[0].norm)) return true;
  return language === "de" && after.length === 1 && verbs.has(after[0].norm);
}

/**
 * Calls the records called by the thing an ask books (its subject, or words of it) by the noun of a booking,
 * and the screens titled by them so; not records a concept calls by a word of its own ("book a table" of a
 * restaurant's "Reservations"). Made after the app is named, which the thing still does.
 */
export function bookings(spec: AppSpec, asks: Ask[], withoutSamples: string[]) {
  const language = spec.language as Language;
  for (const ask of asks) {
    if (!booksSubject(ask, language)) continue;
    const thing = ` ${fold(ask.subject!)} `;
    const [label, plural] = LEXICONS[language].booking.records;
    for (const entity of spec.entities) {
      if (![entity.label, entity.plural].some((l) => thing.includes(` ${fold(l)} `))) continue;
      const was = entity.plural;
      entity.label = label;
      entity.plural = plural;
      for (const screen of spec.screens) if (screen.title === was) screen.title = plural;
      const left = withoutSamples.indexOf(was);
      if (left >= 0) withoutSamples[left] = plural;
    }
  }
}
