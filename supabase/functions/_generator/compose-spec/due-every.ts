// A reminder of something done again every few days, weeks, months or years ("spray the fruit trees every 10
// days", "cambiare il filtro ogni 6 mesi", "cada 2 semanas", "alle 3 Monate an den Ölwechsel", "jedes Jahr an
// den TÜV") cannot ring as the reminders do (at times of day, daily, on weekdays or on days of the month): it
// is a due date per thing, each with its interval, the day it was last done and the day it is next due, which
// the list counts down to. Records that keep an interval of their own already (a plant's "every … days") are
// those due dates.
import type { Quantity } from "../understand/quantities.ts";

/** The key of the entity of due dates; like the reminders', it is no records the app is named by. */
export const DUE_KEY = "due";

export type DueUnit = "day" | "week" | "month" | "year";

export interface Interval {
  every: number;
  unit: DueUnit;
}

/** Every recurrence of a reminder once a day or more seldom, with its interval, where one of them is one the
 * reminders cannot keep (`intervalOf`); none otherwise. */
export function recurrences(quantities: readonly Quantity[]): { q: Quantity; interval: Interval }[] {
  if (!intervalOf(quantities)) return [];
  return quantities.flatMap((q) => {
    if (q.kind !== "frequency" || q.count !== undefined || q.weekdays?.length || q.time) return [];
    const unit = q.unit;
    if (unit !== "day" && unit !== "week" && unit !== "month" && unit !== "year") return [];
    return [{ q, interval: { every: q.every ?? 1, unit } }];
  });
}

/** The interval of the first recurrence the reminders cannot keep: every 2 days or more, every 2 weeks or
 * more with no weekday named, every 2 months or more, or every year; none when a count per period, a time of
 * day or a day of the month says when it rings. */
export function intervalOf(quantities: readonly Quantity[]): Interval | undefined {
  for (const q of quantities) {
    if (q.kind !== "frequency" || q.count !== undefined || q.weekdays?.length || q.time) continue;
    if (q.monthDays?.length) continue;
    const every = q.every ?? 1;
    const unit = q.unit;
    if (unit === "year" || ((unit === "day" || unit === "week" || unit === "month") && every >= 2)) {
      return { every, unit };
    }
  }
  return undefined;
}

/** The ISO day `interval` after `from`. */
export function dueAfter(from: Date, interval: Interval): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  if (interval.unit === "day") day.setUTCDate(day.getUTCDate() + interval.every);
  if (interval.unit === "week") day.setUTCDate(day.getUTCDate() + 7 * interval.every);
  // (A month or a year on keeps the day of the month, or the month's last where it has none: 31 → 30.)
  const months = interval.unit === "month"
    ? interval.every
    : interval.unit === "year"
    ? 12 * interval.every
    : 0;
  if (months) {
    const date = day.getUTCDate();
    day.setUTCDate(1);
    day.setUTCMonth(day.getUTCMonth() + months);
    const last = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
    day.setUTCDate(Math.min(date, last));
  }
  return day.toISOString().slice(0, 10);
}

/** Whether records keep an interval of their own: a number field of how often ("everyDays") or a date field
 * of when each is next due ("nextDue"). */
export function keepsInterval(fields: readonly { key: string; type: string }[]): boolean {
  return fields.some((f) =>
    (f.type === "number" && /^every[A-Z]/.test(f.key)) || (f.type === "date" && f.key === "nextDue")
  );
}
