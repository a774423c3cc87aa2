// A log of events (feeds, naps, workouts, cigarettes): "Log now" adds one at this minute, today's summary
// counts them with their total duration and amount ("Today: 5 feeds, 2h 10m"), and the periods before show
// a count, total, average, highest or lowest per day, week or month; a figure by a field ranks its values instead, highest
// first (who did most chores this week). Entries are edited in the record form.
import { Pressable, StyleSheet, Text } from "react-native";
import { BarChart } from "../components/BarChart";
import { flagged } from "../lib/flags";
import { Body, Button, Card, Screen, Title } from "../components/ui";
import { formatDay, formatTime, isoDay, periodLabel, periodStart, previousPeriod } from "../lib/format";
import { measure } from "../lib/measure";
import { emptyValue, useOpenRecord, useRecords } from "../lib/records";
import { newId } from "../lib/storage";
import { countOf, inSentence, t } from "../lib/strings";
import { font, useTheme } from "../lib/theme";
import { type Aggregate, entityOf, type Period, type RecordData, screenOf } from "../spec";

const PER: Record<Period, () => string> = {
  day: () => t.perDay,
  week: () => t.perWeek,
  month: () => t.perMonth,
  year: () => t.perYear,
};

// What a figure computes, as its card names it.
const KIND: Record<Aggregate, () => string> = {
  count: () => t.count,
  total: () => t.total,
  average: () => t.average,
  max: () => t.highest,
  min: () => t.lowest,
};

// The period a ranking is over, as its card names it.
const CURRENT: Record<Period, () => string> = {
  day: () => t.today,
  week: () => t.thisWeek,
  month: () => t.thisMonth,
  year: () => t.thisYear,
};

export function LogBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const open = useOpenRecord(screen.key);
  const [entries, setEntries] = useRecords(entity);
  const { dateField = "date", timeField = "time", durationField, amountField, unit, currency } = screen.options;
  const duration = entity.fields.find((field) => field.key === durationField);
  const amount = entity.fields.find((field) => field.key === amountField);
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
  const shownToday = new Set<string>();

  // Each figure is charted per its period; the single aggregate, period and amount (else duration) are a
  // list of one.
  const { aggregate = "count", period } = screen.options;
  const figures = screen.options.figures ?? [{ aggregate, field: (amount ?? duration)?.key, period, unit, currency }];
  const charts = figures.map((figure) => {
    const { period = "day" } = figure;
    const by = entity.fields.find((field) => field.key === figure.by);
    const measured = figure.aggregate === "count"
      ? undefined
      : entity.fields.find((field) => field.key === figure.field);
    const show = measured ? measure(measured, figure.unit, figure.currency) : String;
    const valueOf = (list: RecordData[]) => {
      if (!measured) return list.length;
      if (list.length === 0) return 0;
      // A record that leaves the field blank has no value to be the highest or the lowest.
      const values = list.map((entry) => entry[measured.key])
        .filter((value) => value !== undefined && value !== null && value !== "").map(Number);
      if (figure.aggregate === "max") return values.length ? Math.max(...values) : 0;
      if (figure.aggregate === "min") return values.length ? Math.min(...values) : 0;
      const total = sum(list, measured.key);
      return figure.aggregate === "total" ? total : total / list.length;
    };
    const bars: { label: string; value: number }[] = [];
    // A ranking groups the current period's entries (all of them without one) by the field's values.
    if (by) {
      const since = figure.period ? periodStart(isoDay(), figure.period) : "";
      const groups = new Map<string, RecordData[]>();
      for (const entry of entries.filter((entry) => dayOf(entry) >= since)) {
        const value = String(entry[by.key] ?? "").trim();
        if (value) groups.set(value, [...(groups.get(value) ?? []), entry]);
      }
      for (const [label, list] of groups) bars.push({ label, value: valueOf(list) });
      bars.sort((a, b) => b.value - a.value).splice(7);
    } else {
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
    }
    // Today's card adds up the field a figure is of, beside the amount and duration it always shows.
    if (measured && measured !== amount && measured !== duration && !shownToday.has(measured.key)) {
      shownToday.add(measured.key);
      summary.push(show(sum(today, measured.key)));
    }
    const kind = KIND[measured ? figure.aggregate : "count"]();
    // Several figures say what each is of ("Summe · Stunden · Pro Woche").
    const over = by ? [by.label, figure.period ? CURRENT[figure.period]() : t.allTime] : [PER[period]()];
    const title = [kind, figures.length > 1 && measured ? measured.label : "", ...over];
    return { title: title.filter(Boolean).join(" · "), bars, format: show };
  });

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
      {charts.map((chart, index) => (
        <Card key={index}>
          <Body muted>{chart.title}</Body>
          <BarChart bars={chart.bars} format={chart.format} />
        </Card>
      ))}
      {sorted.length === 0 ? <Body muted>{t.empty}</Body> : null}
      {sorted.slice(0, 30).map((entry) => (
        <Card key={entry.id}>
          <Pressable accessibilityRole="link" onPress={() => open(entry.id)}>
            <Text style={[styles.title, { color: flagged(screen.options.flags, entry) ? theme.danger : theme.text }]}>
              {`${flagged(screen.options.flags, entry) ? "⚠ " : ""}${details(entry)}`}
            </Text>
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
