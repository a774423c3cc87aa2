// Records named beside other records, each with fields of their own ("applications (company, role), interviews
// with date and notes", "Bewerbungen mit Firma, Vorstellungsgespräche mit Datum"), are a list of their own even
// where the concept of the others names them too: one concept's entity holds the records of one noun, and the
// prompt's other noun keeps its own (`../understand/kind-row.ts` reads such a row).
import type { Ask } from "../understand/index.ts";
import type { Entity } from "./entities.ts";

/** Whether the entity `same` is already another noun's records, where this ask's are one of a row of kinds. */
export function recordsApart(
  ask: Ask,
  same: Entity,
  asked: readonly Ask[],
  bySubject: ReadonlyMap<string, Entity>,
  stems: (text: string) => string[],
): boolean {
  if (!inRow(ask, asked)) return false;
  const own = stems(ask.subject!).join(" ");
  // (In a row of kinds, the entity made for any other noun is not these records.)
  const nouns = [...bySubject].filter(([, e]) => e === same).map(([s]) => stems(s).join(" "));
  return nouns.length > 0 && !nouns.includes(own);
}

/** Whether an ask's records are one of a row of kinds, each named by its own noun: they are not the prompt's
 * best concept's unless their noun names it ("carnet de voyage: étapes avec date, lieu et km, hôtels avec
 * prix" keeps stages, not trips). */
export function inRow(ask: Ask, asked: readonly Ask[]): boolean {
  return ask.records === true && ask.subject !== undefined &&
    asked.some((b) => b !== ask && b.records === true && b.subject !== undefined);
}
