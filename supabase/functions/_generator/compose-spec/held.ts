// Whether each number an ask took is held by the app: an option, a field's setting or a record states it
// ("goal": 20, "rounds": 8, a phase of 0.5 minutes). One nothing holds ("rent 700 € a month" in a list of
// expenses, "darts 301") was dropped, so it is listed with why, unless an entry of `unmet` already says it.
// Words naming records the app shows are held by them, so they are not unmet.
import type { Quantity, Understanding } from "../understand/index.ts";
import { isUiLanguage } from "../understand/language.ts";
import { findConcepts } from "../understand/concepts.ts";
import { conceptOf } from "./screens.ts";
import type { AppSpec } from "../template/src/types.ts";

/** The ways a quantity's number may be held: itself, a duration in seconds, minutes or hours (a bare number
 * may be seconds: "40 secondi di lavoro, 20 di recupero"), a percentage as a fraction, an amount in a unit a
 * thousand times another, or a rate per hour per minute. */
function readings(q: Quantity): number[] {
  if (q.kind === "duration") return [q.seconds, q.seconds / 60, q.seconds / 3600];
  if (q.kind === "number") return [q.value, q.value / 60];
  // (A percentage may be held as its fraction: a share of a price, "30 %" as 0.3.)
  if (q.kind === "measure" && q.unit === "%") return [q.value, q.value / 100];
  // (A rate per hour on the records' time is held per minute, as durations are kept: "58 € l'ora" as 58 / 60.)
  if (q.kind === "money" && q.per) return [q.value, q.value / 60];
  if (q.kind === "money") return [q.value];
  // (An amount may be held in a unit a thousand times smaller or larger: "12 kg" as 12000 g.)
  if (q.kind === "measure") return [q.value, q.value * 1000, q.value / 1000];
  if (q.kind === "rounds") return [q.value];
  return [];
}

/** The numbers the app's screens, fields and records state, as values or within words ("Lasix 25 mg"),
 * leaving out the prompts. */
function stated(spec: AppSpec): number[] {
  const found: number[] = [];
  const walk = (x: unknown) => {
    if (typeof x === "number") found.push(x);
    else if (typeof x === "string") {
      for (const m of x.matchAll(/\d+(?:[.,]\d+)?/g)) found.push(Number(m[0].replace(",", ".")));
    } else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === "object") {
      for (const [key, value] of Object.entries(x)) if (key !== "prompts") walk(value);
    }
  };
  walk(spec);
  return found;
}

/** The unmet entries for the numbers within the asks' quotes that nothing in `spec` holds and `listed` does
 * not name. */
export function unheld(spec: AppSpec, u: Understanding, listed: string[]): string[] {
  const numbers = stated(spec);
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  const quoted = (q: Quantity) => u.asks.some((a) => a.start <= q.start && q.end <= a.end);
  return u.quantities.filter((q) => {
    const values = readings(q);
    return values.length && quoted(q) && !listed.some((x) => x.includes(q.text)) &&
      !values.some((v) => numbers.some((n) => close(n, v)));
  }).map((q) => `${q.text} (no screen or field holds it)`);
}

/** The unmet runs of words, less those that name the records of an entity the app shows ("vet appointments
 * with date and price" when the app keeps vet visits): those records hold them. */
export function unshown(spec: AppSpec, runs: string[], u: Understanding): string[] {
  const reading = isUiLanguage(u.detected) ? u.detected : "en";
  const shown = new Set(
    spec.entities.filter((e) => spec.screens.some((s) => s.entity === e.key)).map((e) => conceptOf(e)?.id),
  );
  return runs.filter((run) => {
    const named = findConcepts(run, reading)[0];
    return !named || !shown.has(named.id);
  });
}
