// A number field's values as the screen shows them: money in its currency, durations in hours and minutes,
// anything else with the screen's unit.
import type { FieldSpec } from "../spec";
import { formatDuration, formatMoney, formatNumber } from "./format";

export function measure(field: FieldSpec | undefined, unit = "", currency?: string): (value: number) => string {
  if (field?.type === "money") return (value) => formatMoney(value, currency);
  if (field?.type === "duration") return formatDuration;
  return (value) => `${formatNumber(value)}${unit ? ` ${unit}` : ""}`;
}
