// The values a prompt offers for a field it names ("grade (easy, moderate, hard)", "formato (papel, ebook)",
// "Farbe rot/weiß/rosé") are that field's options, whatever choice the records already have: a field they
// hold by that name, else a new one. Values named by nothing but themselves ("cash/card") or by the records
// ("wines (red, white)") are the records' own choice.
import type { Field as AskedField } from "../understand/index.ts";
import { stem } from "../understand/stem.ts";
import { type Entity, fold } from "./entities.ts";

/** The fields with options a choice ask names by a noun of its own, not by its values or the records. */
export function namedChoices(fields: AskedField[], entity: Entity): AskedField[] {
  const stems = (text: string) =>
    fold(text).split(/[^\p{L}\d]+/u).filter(Boolean).map((w) => stem(w, entity.language));
  const records = new Set([entity.spec.label, entity.spec.plural].flatMap(stems));
  return fields.filter((f) =>
    f.type === "choice" && f.options?.length && fold(f.name) !== fold(f.options.join("/")) &&
    !stems(f.name).every((s) => records.has(s))
  );
}
