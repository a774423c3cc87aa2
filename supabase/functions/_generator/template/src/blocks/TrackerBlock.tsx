// A tracker: a number logged per day (weight, water, sleep, mood…), its average and latest, today's total
// against a daily goal, and a chart.
import { useState } from "react";
import { Text } from "react-native";
import { BarChart } from "../components/BarChart";
import { Body, Button, Card, Input, Row, Screen, Title } from "../components/ui";
import { formatNumber, isoDay } from "../lib/format";
import { useRecords } from "../lib/records";
import { newId } from "../lib/storage";
import { t } from "../lib/strings";
import { useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";

export function TrackerBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const [entries, setEntries] = useRecords(entity);
  const { valueField = "value", dateField = "date", unit = "", goal } = screen.options;
  const note = entity.fields.find((field) => field.type === "text" || field.type === "longtext");
  const [draft, setDraft] = useState({ value: "", note: "" });
  const sorted = [...entries].sort((a, b) => String(a[dateField]).localeCompare(String(b[dateField])));
  const values = sorted.map((entry) => Number(entry[valueField] ?? 0));
  const average = values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0;
  const today = sorted.filter((entry) => String(entry[dateField]).slice(0, 10) === isoDay())
    .reduce((sum, entry) => sum + Number(entry[valueField] ?? 0), 0);

  const add = () => {
    const value = Number(draft.value.replace(",", "."));
    if (draft.value.trim() === "" || Number.isNaN(value)) return;
    setEntries((current) => [
      ...current,
      { id: newId(), [valueField]: value, [dateField]: isoDay(), ...(note ? { [note.key]: draft.note.trim() } : {}) },
    ]);
    setDraft({ value: "", note: "" });
  };

  return (
    <Screen>
      <Card>
        <Row>
          <Body muted>{`${t.latest}:`}</Body>
          <Title>{values.length > 0 ? `${formatNumber(values[values.length - 1])} ${unit}` : "—"}</Title>
        </Row>
        <Body muted>{`${t.average}: ${formatNumber(average)} ${unit}`}</Body>
        {goal ? <Body>{`${t.today}: ${formatNumber(today)} / ${formatNumber(goal)} ${unit}`}</Body> : null}
      </Card>
      {screen.options.chart && sorted.length > 0 ? (
        <Card>
          <BarChart bars={sorted.slice(-7).map((entry) => ({ label: String(entry[dateField]).slice(5), value: Number(entry[valueField] ?? 0) }))} />
        </Card>
      ) : null}
      <Card>
        <Input
          placeholder={`${entity.fields.find((field) => field.key === valueField)?.label ?? t.value} (${unit})`}
          keyboardType="decimal-pad"
          value={draft.value}
          onChangeText={(value) => setDraft({ ...draft, value })}
        />
        {note ? <Input placeholder={note.label} value={draft.note} onChangeText={(text) => setDraft({ ...draft, note: text })} /> : null}
        <Button label={t.add} onPress={add} />
      </Card>
      {[...sorted].reverse().map((entry) => (
        <Card key={entry.id}>
          <Text style={{ color: theme.text, fontWeight: "600" }}>{`${formatNumber(Number(entry[valueField]))} ${unit}`}</Text>
          <Text style={{ color: theme.muted }}>
            {`${String(entry[dateField])}${note && entry[note.key] ? ` · ${String(entry[note.key])}` : ""}`}
          </Text>
        </Card>
      ))}
    </Screen>
  );
}
