// An entity's records, persisted, starting from the spec's sample data.
import type { EntitySpec, FieldSpec, RecordData, Value } from "../spec";
import { formatMoney, formatNumber } from "./format";
import { usePersistentState } from "./storage";

export function useRecords(entity: EntitySpec) {
  return usePersistentState<RecordData[]>(`records:${entity.key}`, entity.samples);
}

/** The field a record is named by: the entity's first text field. */
export function titleField(entity: EntitySpec): FieldSpec {
  return entity.fields.find((field) => field.type === "text") ?? entity.fields[0];
}

export function emptyValue(field: FieldSpec): Value {
  switch (field.type) {
    case "number":
    case "money":
    case "rating":
      return 0;
    case "check":
      return false;
    case "choice":
      return field.options?.[0] ?? "";
    default:
      return "";
  }
}

export function displayValue(field: FieldSpec, value: Value | undefined, currency?: string): string {
  if (value === undefined || value === "") return "—";
  switch (field.type) {
    case "money":
      return formatMoney(Number(value), currency);
    case "number":
      return formatNumber(Number(value));
    case "rating":
      return "★".repeat(Math.max(0, Math.min(5, Number(value)))) || "—";
    case "check":
      return value ? "✓" : "—";
    default:
      return String(value);
  }
}
