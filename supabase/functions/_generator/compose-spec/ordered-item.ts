// The records of what a business's customers order, book or rent point at what its catalog offers: each
// holds the item, a choice of the catalog's records by name ("Servizio: Manicure, Pedicure…", "Item: Espresso,
// Flat white…"). The order's own field that names the catalog already (its label the catalog's, "Prestation"
// of a salon's "Prestations") becomes that choice, else one is added, called by the catalog's noun when a
// concept names it, else by the word of an item.
import type { Language } from "../template/src/types.ts";
import type { Concept } from "../understand/concepts.ts";
import { perLanguage } from "../understand/lexicon.ts";
import { type Entity, fold } from "./entities.ts";
import { WORDS } from "./words.ts";

const RECORDS = perLanguage((lex) => lex.ordersTaken.records);

/** Whether orders called by a noun of such records ("bookings", "noleggi") are their own rather than the
 * concept the noun names only by its stem ("bookings" of "books"): the concept's words do not hold it. */
export function ownOrders(subject: string, concept: Concept | undefined, language: Language): boolean {
  const noun = fold(subject);
  return concept !== undefined && RECORDS[language].has(noun) &&
    !concept.words[language].some((w) => fold(w) === noun);
}

/** The names of the catalog's records, in its order: its first text field's values. */
function itemNames(catalog: Entity): string[] {
  const name = catalog.spec.fields.find((f) => f.type === "text");
  if (!name) return [];
  const names = catalog.spec.samples.map((r) => r[name.key]).filter((v): v is string =>
    typeof v === "string"
  );
  return [...new Set(names.filter((v) => v.trim()))];
}

/** Gives the order records the choice of the catalog's item; nothing where the catalog names no item. */
export function orderedItem(order: Entity, catalog: Entity, language: Language): void {
  const names = itemNames(catalog);
  if (names.length < 2 || order === catalog) return;
  const called = [catalog.spec.label, catalog.spec.plural].map(fold);
  const own = order.spec.fields.find((f) =>
    (f.type === "text" || f.type === "choice") && called.includes(fold(f.label))
  );
  const field = own ??
    order.ensure("item", catalog.known ? catalog.spec.label : WORDS[language].item, "choice", names);
  field.type = "choice";
  field.options = names;
  order.spec.samples.forEach((sample, i) => sample[field.key] = names[i % names.length]);
}
