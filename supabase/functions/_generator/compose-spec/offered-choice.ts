// Values the prompt offers that a choice the records already have holds ("paid either cash or card" of an
// expense whose "Paid with" offers card, cash and bank transfer; "bar oder Karte", "espèces ou carte") are
// that field's values, exactly those the prompt offers: the field keeps its name, not a second field named by
// the values or the words before them, nor the records' first choice ("Category") left with its own values.
import type { Field as AskedField } from "../understand/index.ts";
import type { FieldSpec } from "../template/src/types.ts";
import { stemPhrase } from "../understand/stem.ts";
import { CUES } from "../understand/lexicon.ts";
import { words } from "../understand/text.ts";
import { blank, capitalized, type Entity } from "./entities.ts";

/** The stems of a value's or a label's words, its marks and function words left out ("in contanti" is
 * "Contanti", "par carte" "Carte"). */
const stemsOf = (text: string, entity: Entity) => {
  const stop = CUES[entity.language].stop;
  const kept = words(text).filter((t) => t.kind !== "word" || !stop.has(t.norm)).map((t) => t.text).join(" ");
  return stemPhrase(kept, entity.language).filter((w) => /[\p{L}\d]/u.test(w));
};

/** The records' choice that holds half the values offered or more, and as many of its own, the most of them,
 * given those values. */
export function choiceHolding(entity: Entity, options: string[]): FieldSpec | undefined {
  const key = (value: string) => stemsOf(value, entity).join(" ");
  const offered = new Set(options.map(key));
  let best: { field: FieldSpec; shared: number } | undefined;
  for (const field of entity.spec.fields) {
    if (field.type !== "choice" || !field.options?.length) continue;
    // (Half the values of each at least: "Paid with" of card, cash and transfer holds "cash or card"; a
    // "Category" of six that holds one of them is another choice.)
    const shared = field.options.filter((o) => offered.has(key(o))).length;
    const most = shared * 2 >= offered.size && shared * 2 >= field.options.length;
    if (shared > 0 && most && shared > (best?.shared ?? 0)) best = { field, shared };
  }
  if (!best) return undefined;
  const { field } = best;
  if (field.options!.map(key).join("|") !== options.map(key).join("|")) {
    field.options = [...options];
    for (const sample of entity.spec.samples) sample[field.key] = blank(field);
  }
  return field;
}

/** The records' choice that holds the values of a choice the prompt names, with those values, named by the
 * prompt's words unless its own name holds them ("robe rouge/blanc/rosé" is the wine's type, "Robe"; "paid
 * either cash or card" is "Paid with"). */
export function heldBy(entity: Entity, f: AskedField): FieldSpec | undefined {
  const held = f.options?.length ? choiceHolding(entity, f.options) : undefined;
  if (!held) return undefined;
  const own = new Set(stemsOf(held.label, entity));
  if (!stemsOf(f.name, entity).every((w) => own.has(w))) held.label = capitalized(f.name);
  return held;
}

/** The choices a prompt names that no field of the records is named as, whose values a choice of theirs
 * holds: that choice takes their values; the others are left to be added. */
export function heldChoices(named: AskedField[], entity: Entity, same: (f: AskedField) => boolean) {
  return named.filter((f) => same(f) || !heldBy(entity, f));
}
