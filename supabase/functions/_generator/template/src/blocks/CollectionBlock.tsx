// A list of an entity's records: search, category chips, check-off with a count left, a total of a money or
// number field, a count of a yes/no field, the days left until a date (a countdown), a sort by a field, and a
// tap through to the record's detail and edit screen.
import { useMemo, useState } from "react";
import { Image, Pressable, StyleSheet, Text, View } from "react-native";
import { ChoiceFilter, useChoiceFilter } from "../components/choice";
import { Body, Button, Card, Input, Row, Screen } from "../components/ui";
import { flagged } from "../lib/flags";
import { daysFromToday, daysToNextReturn, formatMoney, formatNumber } from "../lib/format";
import { displayValue, titleField, useOpenRecord, useRecords } from "../lib/records";
import { fill, t } from "../lib/strings";
import { font, spacing, useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";

export function CollectionBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const open = useOpenRecord(screen.key);
  const [records, setRecords] = useRecords(entity);
  const [query, setQuery] = useState("");
  const { categoryField, checkField, amountField, countdownField, countdownYearly, sortField, sortOrder, countField } =
    screen.options;
  const daysLeft = (day: string) => (countdownYearly ? daysToNextReturn(day) : daysFromToday(day));
  const title = titleField(entity);
  const filter = useChoiceFilter(entity.fields.find((field) => field.key === categoryField), records);
  const amount = entity.fields.find((field) => field.key === amountField);
  const counted = entity.fields.find((field) => field.key === countField);
  // A photo shows as the row's picture, not as a detail.
  const photo = entity.fields.find((field) => field.type === "photo");
  const details = entity.fields.filter((field) =>
    field.key !== title.key && field.key !== checkField && field.type !== "longtext" && field.type !== "photo"
  ).slice(0, 2);

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const found = records.filter((record) =>
      filter.keeps(record) &&
      (needle === "" ||
        entity.fields.some((field) => String(record[field.key] ?? "").toLowerCase().includes(needle)))
    );
    // A countdown lists the nearest date first; a sort by a number, an amount or a rating the highest first.
    const sortKey = countdownField ?? sortField;
    if (!sortKey) return found;
    const sorted = entity.fields.find((field) => field.key === sortKey);
    const type = sorted?.type;
    const numeric = type === "number" || type === "money" || type === "rating";
    // A choice is in the order of its options ("High, Medium, Low").
    const options = type === "choice" ? sorted?.options : undefined;
    const place = (value: unknown) => {
      const at = options?.indexOf(String(value ?? "")) ?? -1;
      return at < 0 ? options!.length : at;
    };
    // The order the prompt asked ("newest first", "cheapest first"), else numbers highest first, text A to Z.
    const descending = !countdownField && (sortOrder ? sortOrder === "descending" : numeric);
    // Days that come round every year are in the order of their next return.
    const returning = countdownField && countdownYearly;
    const compare = (a: (typeof found)[number], b: (typeof found)[number]) =>
      options
        ? place(a[sortKey]) - place(b[sortKey])
        : numeric
        ? Number(a[sortKey] ?? 0) - Number(b[sortKey] ?? 0)
        : String(a[sortKey] ?? "").localeCompare(String(b[sortKey] ?? ""));
    return [...found].sort((a, b) =>
      returning
        ? daysLeft(String(a[sortKey] ?? "")) - daysLeft(String(b[sortKey] ?? ""))
        : descending
        ? compare(b, a)
        : compare(a, b)
    );
  }, [records, query, filter.picked, countdownField, countdownYearly, sortField, sortOrder, entity.fields]);

  const toggle = (id: string) => {
    if (!checkField) return;
    setRecords((current) =>
      current.map((record) => (record.id === id ? { ...record, [checkField]: !record[checkField] } : record))
    );
  };

  const left = checkField ? records.filter((record) => !record[checkField]).length : 0;
  const count = counted ? records.filter((record) => record[counted.key] === true).length : 0;
  const total = amount ? shown.reduce((sum, record) => sum + Number(record[amount.key] ?? 0), 0) : 0;

  return (
    <Screen>
      {screen.options.search ? (
        <Input placeholder={t.search} value={query} onChangeText={setQuery} accessibilityLabel={t.search} />
      ) : null}
      <ChoiceFilter filter={filter} />
      <Row>
        {checkField ? <Body muted>{`${left} ${t.left} · ${records.length - left} ${t.done}`}</Body> : null}
        {counted ? <Body>{`${counted.label}: ${count} / ${records.length}`}</Body> : null}
        {amount ? (
          <Body>{`${t.total}: ${
            amount.type === "money" ? formatMoney(total, screen.options.currency) : formatNumber(total)
          }`}</Body>
        ) : null}
      </Row>
      <Pressable
        accessibilityRole="button"
        onPress={() => open("new")}
        style={[styles.add, { backgroundColor: theme.accent }]}
      >
        <Text style={[styles.addLabel, { color: theme.onAccent }]}>{`+ ${fill(t.addThing, { thing: entity.label })}`}</Text>
      </Pressable>
      {shown.length === 0 ? <Body muted>{t.empty}</Body> : null}
      {shown.map((record) => (
        <Card key={record.id}>
          <View style={styles.item}>
            {checkField ? (
              <Pressable
                accessibilityRole="checkbox"
                accessibilityState={{ checked: Boolean(record[checkField]) }}
                onPress={() => toggle(record.id)}
                style={[styles.check, { borderColor: theme.accent }]}
              >
                <Text style={{ color: theme.accent }}>{record[checkField] ? "✓" : " "}</Text>
              </Pressable>
            ) : null}
            {photo && record[photo.key] ? (
              <Image source={{ uri: String(record[photo.key]) }} style={styles.photo} accessibilityLabel={photo.label} />
            ) : null}
            <Pressable accessibilityRole="link" onPress={() => open(record.id)} style={styles.itemText}>
                <Text
                  style={[
                    styles.itemTitle,
                    { color: flagged(screen.options.flags, record) ? theme.danger : theme.text },
                    checkField && record[checkField] ? styles.checked : null,
                  ]}
                >
                  {`${flagged(screen.options.flags, record) ? "⚠ " : ""}${String(record[title.key] ?? "")}`}
                </Text>
                {countdownField && record[countdownField] ? (
                  <Text style={{ color: theme.accent, fontWeight: "600" }}>{countdown(daysLeft(String(record[countdownField])))}</Text>
                ) : null}
                {details.some((field) => filled(record[field.key])) ? (
                  <Text style={{ color: theme.muted }}>
                    {details.filter((field) => filled(record[field.key]))
                      .map((field) => displayValue(field, record[field.key], screen.options.currency)).join(" · ")}
                  </Text>
                ) : null}
            </Pressable>
          </View>
        </Card>
      ))}
      {checkField && records.length > left ? (
        <Button
          label={`${t.delete} (${records.length - left} ${t.done})`}
          variant="secondary"
          onPress={() => setRecords((current) => current.filter((record) => !record[checkField]))}
        />
      ) : null}
    </Screen>
  );
}

/** A list row shows only the details a record has. */
function filled(value: unknown): boolean {
  return value !== undefined && value !== "";
}

function countdown(days: number): string {
  if (days === 0) return t.today;
  if (days === 1) return t.dayLeft;
  if (days === -1) return t.dayAgo;
  return fill(days > 0 ? t.daysLeft : t.daysAgo, { n: Math.abs(days) });
}

const styles = StyleSheet.create({
  add: { alignItems: "center", borderRadius: 10, paddingVertical: spacing.sm + 2 },
  addLabel: { fontSize: font(16), fontWeight: "600" },
  item: { alignItems: "center", flexDirection: "row", gap: spacing.sm },
  itemText: { flex: 1, gap: 2 },
  itemTitle: { fontSize: font(17), fontWeight: "600" },
  photo: { borderRadius: 8, height: 48, width: 48 },
  checked: { opacity: 0.5, textDecorationLine: "line-through" },
  check: { alignItems: "center", borderRadius: 6, borderWidth: 2, height: 26, justifyContent: "center", width: 26 },
});
