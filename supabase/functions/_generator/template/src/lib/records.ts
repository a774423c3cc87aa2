// An entity's records, persisted, starting from the spec's sample data.
import { useRouter } from "expo-router";
import { useMemo } from "react";
import type { EntitySpec, FieldSpec, RecordData, Value } from "../spec";
import { formatDay, formatDuration, formatMoney, formatNumber, isoDay, weekdayName } from "./format";
import { withComputed } from "./formula";
import { usePersistentState } from "./storage";

/** The records with their computed fields worked out on reading (a stored value of one is never read, so an
 * edit of a number shows at once), and how to change the stored ones. */
export function useRecords(entity: EntitySpec) {
  const [stored, setStored] = usePersistentState<RecordData[]>(`records:${entity.key}`, entity.samples);
  const records = useMemo(() => stored.map((record) => withComputed(entity.fields, record)), [stored, entity.fields]);
  return [records, setStored] as const;
}

/** Opens a record of the screen's entity ("new" for a new one) in the record form. */
export function useOpenRecord(screenKey: string) {
  const router = useRouter();
  // Pressables navigate themselves: a Link with asChild merges style arrays into objects react-native-web rejects.
  return (id: string) => router.push({ pathname: "/record/[list]/[id]", params: { list: screenKey, id } });
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
    case "duration":
      return 0;
    case "weekday":
      return 1;
    case "check":
      return false;
    case "choice":
      return field.options?.[0] ?? "";
    case "date":
      return isoDay();
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
    case "date":
      return formatDay(String(value));
    case "duration":
      return formatDuration(Number(value));
    case "weekday":
      return weekdayName(Number(value));
    case "photo":
      return "📷";
    default:
      return String(value);
  }
}
