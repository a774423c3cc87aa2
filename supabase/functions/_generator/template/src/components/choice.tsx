// A choice field as every block edits and filters by it: its values are the spec's options and those its
// records hold (lib/choices.ts), so a choice the spec names no values for works, and a value typed is one more.
import { useState } from "react";
import { choiceValues, pickedValue } from "../lib/choices";
import { t } from "../lib/strings";
import type { FieldSpec, RecordData, Value } from "../spec";
import { Chip, Input, Row } from "./ui";

/** The field's values to tap, and a new one typed. */
export function ChoiceInput({ field, records, value, onChange }: {
  field: FieldSpec;
  records: RecordData[];
  value: Value | undefined;
  onChange: (value: string) => void;
}) {
  const values = choiceValues(field, records);
  return (
    <>
      {values.length > 0 ? (
        <Row>
          {values.map((option) => (
            <Chip key={option} label={option} active={value === option} onPress={() => onChange(option)} />
          ))}
        </Row>
      ) : null}
      <Input
        accessibilityLabel={field.label}
        placeholder={values.length > 0 ? t.typeNewValue : field.label}
        value={value === undefined ? "" : String(value)}
        onChangeText={onChange}
      />
    </>
  );
}

export interface ChoiceFilterState {
  values: string[];
  /** The value picked, or null for every record; a value no record or option has any more filters nothing. */
  picked: string | null;
  pick: (value: string | null) => void;
  keeps: (record: RecordData) => boolean;
}

/** A list's filter by a choice field (none when the screen names no field). */
export function useChoiceFilter(field: FieldSpec | undefined, records: RecordData[]): ChoiceFilterState {
  const [chosen, pick] = useState<string | null>(null);
  const values = field ? choiceValues(field, records) : [];
  const picked = pickedValue(values, chosen);
  return { values, picked, pick, keeps: (record) => picked === null || record[field?.key ?? ""] === picked };
}

/** "All" and a chip per value; nothing when the choice has no values yet. */
export function ChoiceFilter({ filter }: { filter: ChoiceFilterState }) {
  if (filter.values.length === 0) return null;
  return (
    <Row>
      <Chip label={t.all} active={filter.picked === null} onPress={() => filter.pick(null)} />
      {filter.values.map((option) => (
        <Chip key={option} label={option} active={filter.picked === option} onPress={() => filter.pick(option)} />
      ))}
    </Row>
  );
}
