import { locale } from "./strings";

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

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00`);
  date.setDate(date.getDate() + days);
  return isoDay(date);
}
