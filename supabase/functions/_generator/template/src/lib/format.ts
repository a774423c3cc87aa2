import { locale, t } from "./strings";

export function formatMoney(amount: number, currency = "EUR"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
}

/** Four-digit numbers are not grouped, so a year reads 2017 rather than 2,017. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: Math.abs(value) >= 10000 })
    .format(value);
}

/** A converted quantity: six significant digits, so 1 m is 0.001 km rather than 0. */
export function formatMeasure(value: number): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 6 }).format(value);
}

/** Today as YYYY-MM-DD in the device's time zone, the format date fields are stored in. */
export function isoDay(date = new Date()): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** Whole days from today to a YYYY-MM-DD day: positive ahead, negative past. */
export function daysFromToday(day: string): number {
  return Math.round((Date.parse(`${day}T12:00:00`) - Date.parse(`${isoDay()}T12:00:00`)) / 86_400_000);
}

/** Whole days from today to the next return of a YYYY-MM-DD day's month and day (a birthday): 0 today. */
export function daysToNextReturn(day: string): number {
  const [, month, date] = day.split("-").map(Number);
  const today = new Date(`${isoDay()}T12:00:00`);
  for (let year = today.getFullYear(); ; year++) {
    const next = new Date(year, month - 1, date, 12);
    // February 29th returns only in leap years.
    if (next.getMonth() === month - 1 && next >= today) return daysFromToday(isoDay(next));
    if (year > today.getFullYear() + 8) return Number.NaN;
  }
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00`);
  date.setDate(date.getDate() + days);
  return isoDay(date);
}

/** A YYYY-MM-DD day as the language writes it: "Nov 26, 2026", "26 nov. 2026", "26.11.2026". */
export function formatDay(day: string): string {
  const date = new Date(`${day}T12:00:00`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" }).format(date);
}

/** The name of an ISO weekday (1 is Monday … 7 is Sunday) in the UI language, "long" or "short". */
export function weekdayName(weekday: number, width: "long" | "short" = "long"): string {
  // 1 January 2024 was a Monday.
  const date = new Date(2024, 0, weekday, 12);
  return new Intl.DateTimeFormat(locale, { weekday: width }).format(date);
}

/** The ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD day. */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T12:00:00`).getDay() + 6) % 7) + 1;
}

/** The week starts on Sunday where the UI speaks American English, on Monday elsewhere. */
export const WEEK_START = locale === "en-US" ? 7 : 1;

/** Weekdays in the order the UI's week runs. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((n) => ((n + WEEK_START - 2) % 7) + 1);

/** Minutes as hours and minutes: "2h 10m", "2 Std. 10 Min.", "45 min". */
export function formatDuration(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const h = `${hours}${t.hoursShort.length > 1 ? " " : ""}${t.hoursShort}`;
  const m = `${rest}${t.minutesShort.length > 1 ? " " : ""}${t.minutesShort}`;
  return hours === 0 ? m : rest === 0 ? h : `${h} ${m}`;
}

export type PeriodName = "day" | "week" | "month" | "year";

/** The first day (YYYY-MM-DD) of the period a day falls in; weeks start on WEEK_START. */
export function periodStart(day: string, period: PeriodName): string {
  switch (period) {
    case "day":
      return day;
    case "week":
      return addDays(day, -((isoWeekday(day) - WEEK_START + 7) % 7));
    case "month":
      return `${day.slice(0, 8)}01`;
    case "year":
      return `${day.slice(0, 5)}01-01`;
  }
}

/** The first day of the period before the one starting on `start`. */
export function previousPeriod(start: string, period: PeriodName): string {
  if (period === "day") return addDays(start, -1);
  if (period === "week") return addDays(start, -7);
  return periodStart(addDays(start, -1), period);
}

/** A period by its first day, as a short label: "Nov 26", "Nov 2026", "2026". */
export function periodLabel(start: string, period: PeriodName): string {
  const date = new Date(`${start}T12:00:00`);
  const options: Intl.DateTimeFormatOptions = period === "year"
    ? { year: "numeric" }
    : period === "month"
    ? { month: "short", year: "2-digit" }
    : { day: "numeric", month: "short" };
  return new Intl.DateTimeFormat(locale, options).format(date);
}

/** "08:30" → [8, 30]; anything else is 09:00. */
export function parseTime(text: string): [number, number] {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  const hour = match ? Number(match[1]) : 9;
  const minute = match ? Number(match[2]) : 0;
  return hour < 24 && minute < 60 ? [hour, minute] : [9, 0];
}

export function formatTime(hour: number, minute: number): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}
