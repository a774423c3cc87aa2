// A catalog the prompt lists item by item, each with its price or its amount ("small cup $2, large cup $3.50",
// "coffee 95 mg, espresso 63 mg", "pomme 52 kcal"; `understand/price-list.ts`), is what the records kept as
// they happen pick from: the records of a log beside it choose one of its items, so that the amount of each
// record is the item's, not a word typed anew.
import type { FieldSpec, Language, ScreenSpec } from "../template/src/types.ts";
import { type Entity, fold } from "./entities.ts";
import { orderedItem } from "./ordered-item.ts";
import { WORDS } from "./words.ts";

/** The field a catalog's items hold what each is listed with: a price, or a number called by the unit of an
 * amount per item ("Amount (mg)"). */
export function itemAmount(entity: Entity, unit: string | undefined, language: Language): FieldSpec {
  if (!unit) return entity.ensureType(["money"], "price", WORDS[language].price);
  return entity.ensure("amount", `${WORDS[language].amount} (${unit})`, "number");
}

/** The names of a catalog's listed items, in order: its first text field's values. */
function itemNames(catalog: Entity): string[] {
  const title = catalog.spec.fields.find((f) => f.type === "text");
  if (!title) return [];
  return [
    ...new Set(
      catalog.spec.samples.map((r) => r[title.key]).filter((v): v is string =>
        typeof v === "string" && !!v.trim()
      ),
    ),
  ];
}

/** The logs beside a catalog of listed items choose from it: a choice of theirs whose options name one of
 * its items already, whole or by a word at either end ("Drink: Espresso, Tea…" beside "espresso 63 mg, black
 * tea 47 mg"), takes the items as its options; records the prompt names in its own words (no concept's) with
 * no choice get the item's (`ordered-item.ts`). A concept's records of another kind ("expenses" beside a
 * bakery's price list) are left as they are. */
export function pickedItems(entities: Entity[], screens: ScreenSpec[], language: Language): void {
  for (const shown of screens.filter((s) => s.block === "catalog")) {
    const catalog = entities.find((e) => e.spec.key === shown.entity);
    if (!catalog?.stated) continue;
    const names = itemNames(catalog);
    if (names.length < 2) continue;
    // (An item is named by its own words or by the word that ends or opens it, its head noun in one language
    // or another: "black tea" is a "Tea", "thé vert" a "Thé".)
    const listed = new Set(names.flatMap((n) => {
      const own = fold(n).split(/\s+/);
      return [own.join(" "), own[0], own.at(-1)!];
    }));
    for (const log of screens.filter((s) => s.block === "log")) {
      const entity = entities.find((e) => e.spec.key === log.entity);
      if (!entity || entity === catalog) continue;
      const choice = entity.spec.fields.find((f) =>
        f.type === "choice" && (f.options ?? []).some((o) => listed.has(fold(o)))
      );
      if (choice) {
        choice.options = names;
        entity.spec.samples.forEach((sample, i) => sample[choice.key] = names[i % names.length]);
      } else if (!entity.known && !entity.spec.fields.some((f) => f.type === "choice")) {
        orderedItem(entity, catalog, language);
      }
    }
  }
}
