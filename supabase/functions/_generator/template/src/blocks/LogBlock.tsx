// A log of events (feeds, naps, workouts, cigarettes): "Log now" adds one at this minute, today's summary
// counts them with their total duration and amount ("Today: 5 feeds, 2h 10m"), and the periods before show
// a count, total or average per day, week or month. Entries are edited in the record form.
import { Pressable, StyleSheet, Text } from "react-native";
import { BarChart } from "../components/BarChart";
import { Body, Button, Card, Screen, Title } from "../components/ui";
import { formatDay, formatTime, isoDay, periodLabel, periodStart, previousPeriod } from "../lib/format";
import { measure } from "../lib/measure";
import { emptyValue, useOpenRecord, useRecords } from "../lib/records";
import { newId } from "../lib/storage";
import { countOf, inSentence, t } from "../lib/strings";
import { font, useTheme } from "../lib/theme";
import { entityOf, type Period, type RecordData, screenOf } from "../spec";

const PER: Record<Period, () => string> = {
  day: () => t.perDay,
  week: () => t.perWeek,
  month: () => t.perMonth,
  year: () => t.perYear,
};

export function LogBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const open = useOpenRecord(screen.key);
  const [entries, setEntries] = useRecords(entity);
  const { dateField = "date", timeField = "time", durationField, amountField, unit, currency } = screen.options;
  const { period = "day", aggregate = "count" } = screen.options;
  const duration = entity.fields.find((field) => field.key === durationField);
  const amount = entity.fields.find((field) => field.key === amountField);
  // A total or an average is of the amount, else of the duration.
  const measured = amount ?? duration;
  const showMeasured = measure(measured, unit, currency);
  const showAmount = measure(amount, unit, currency);
  const showDuration = measure(duration);
  const dayOf = (entry: RecordData) => String(entry[dateField] ?? "").slice(0, 10);
  const sum = (list: RecordData[], key?: string) =>
    key ? list.reduce((total, entry) => total + Number(entry[key] ?? 0), 0) : 0;
  const sorted = [...entries].sort((a, b) =>
    `${dayOf(b)} ${String(b[timeField] ?? "")}`.localeCompare(`${dayOf(a)} ${String(a[timeField] ?? "")}`)
  );

  const today = sorted.filter((entry) => dayOf(entry) === isoDay());
  const summary = [countOf(today.length, inSentence(entity.label), inSentence(entity.plural))];
  if (duration) summary.push(showDuration(sum(today, duration.key)));
  if (amount) summary.push(showAmount(sum(today, amount.key)));

  const valueOf = (list: RecordData[]) => {
    if (aggregate === "count" || !measured) return list.length;
    const total = sum(list, measured.key);
    return aggregate === "total" ? total : list.length > 0 ? total / list.length : 0;
  };
  const bars: { label: string; value: number }[] = [];
  for (
    let from = periodStart(isoDay(), period), to = "9999-12-31", n = 0;
    n < 7;
    n++, to = from, from = previousPeriod(from, period)
  ) {
    bars.unshift({
      label: periodLabel(from, period),
      value: valueOf(entries.filter((entry) => dayOf(entry) >= from && dayOf(entry) < to)),
    });
  }
  const aggregateTitle = aggregate === "count" ? t.count : aggregate === "total" ? t.total : t.average;

  const logNow = () => {
    const now = new Date();
    setEntries((current) => [
      ...current,
      {
        ...Object.fromEntries(entity.fields.map((field) => [field.key, emptyValue(field)])),
        id: newId(),
        [dateField]: isoDay(now),
        [timeField]: formatTime(now.getHours(), now.getMinutes()),
      },
    ]);
  };

  const details = (entry: RecordData) =>
    [
      String(entry[timeField] ?? ""),
      duration && Number(entry[duration.key]) > 0 ? showDuration(Number(entry[duration.key])) : "",
      amount && Number(entry[amount.key]) > 0 ? showAmount(Number(entry[amount.key])) : "",
      ...entity.fields.filter((field) => field.type === "text" || field.type === "choice")
        .map((field) => String(entry[field.key] ?? "")),
    ].filter((part) => part !== "").join(" · ");

  return (
    <Screen>
      <Card>
        <Body muted>{t.today}</Body>
        <Title>{summary.join(", ")}</Title>
      </Card>
      <Button label={t.logNow} onPress={logNow} />
      <Card>
        <Body muted>{`${aggregateTitle} · ${PER[period]()}`}</Body>
        <BarChart bars={bars} format={aggregate === "count" ? String : showMeasured} />
      </Card>
      {sorted.length === 0 ? <Body muted>{t.empty}</Body> : null}
      {sorted.slice(0, 30).map((entry) => (
        <Card key={entry.id}>
          <Pressable accessibilityRole="link" onPress={() => open(entry.id)}>
            <Text style={[styles.title, { color: theme.text }]}>{details(entry)}</Text>
            <Text style={{ color: theme.muted }}>{formatDay(dayOf(entry))}</Text>
          </Pressable>
        </Card>
      ))}
    </Screen>
  );
}

const styles = StyleSheet.create({
  title: { fontSize: font(16), fontWeight: "600" },
});
