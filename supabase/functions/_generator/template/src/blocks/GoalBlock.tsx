// A goal: a target for a period (save 4,000 $, read 20 books this year, 2 litres of water a day) and the
// progress towards it, or a limit not to pass (no more than 3 coffees a day) and what is left under it: the
// entity's amount field summed over the period's records, or the records counted when it has none; the periods
// before are charted, and what is still needed (or still allowed) per period until the deadline is shown. A
// reading of a state (a body weight of 70 kg) is reached by its latest reading, going the way from the first
// reading to the target, and each period charts its last reading. Records are added and edited in the record
// form.
import { Pressable, StyleSheet, Text } from "react-native";
import { BarChart } from "../components/BarChart";
import { Body, Button, Card, Progress, Screen, Title } from "../components/ui";
import { isoDay, periodLabel, periodStart, previousPeriod } from "../lib/format";
import { measure } from "../lib/measure";
import { deadlineDay, neededPer, nextNeeded, periodEnd } from "../lib/needed";
import { displayValue, titleField, useOpenRecord, useRecords } from "../lib/records";
import { fill, t } from "../lib/strings";
import { font, useTheme } from "../lib/theme";
import { entityOf, type Period, type RecordData, screenOf } from "../spec";

const PERIOD_TITLE: Record<Period, () => string> = {
  day: () => t.today,
  week: () => t.thisWeek,
  month: () => t.thisMonth,
  year: () => t.thisYear,
};

const PER: Record<Period, () => string> = {
  day: () => t.perDay,
  week: () => t.perWeek,
  month: () => t.perMonth,
  year: () => t.perYear,
};

export function GoalBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const open = useOpenRecord(screen.key);
  const [records] = useRecords(entity);
  const { amountField, dateField, goal: target = 1, period, unit, currency, limit, level, needed, deadline } =
    screen.options;
  const amount = entity.fields.find((field) => field.key === amountField);
  const date = entity.fields.find((field) => field.key === dateField) ??
    entity.fields.find((field) => field.type === "date");
  const title = titleField(entity);
  const show = measure(amount, unit, currency);
  const dayOf = (record: RecordData) => (date ? String(record[date.key] ?? "").slice(0, 10) : "");
  // Without an amount field each record counts one (no more than 3 coffees a day).
  const valueOf = (record: RecordData) => (amount ? Number(record[amount.key] ?? 0) : 1);
  // The reading of a list the comparison keeps: the latest (after) or the earliest.
  const reading = (list: RecordData[], after: boolean) =>
    list.reduce<RecordData | undefined>(
      (kept, record) => (!kept || (dayOf(record) > dayOf(kept)) === after ? record : kept),
      undefined,
    );
  // A level is its latest reading, a goal of the next record's value their average; anything else adds up.
  const sum = (list: RecordData[]) => {
    const total = list.reduce((all, record) => all + valueOf(record), 0);
    if (needed === "next") return list.length ? total / list.length : 0;
    if (!level) return total;
    const latest = reading(list, true);
    return latest ? valueOf(latest) : 0;
  };

  // Without a period (or a date to place records in one) every record counts.
  const start = period && date ? periodStart(isoDay(), period) : undefined;
  const counted = start ? records.filter((record) => dayOf(record) >= start) : records;
  const done = sum(counted);
  // A level goes from its first reading towards the target, down (a weight to lose) or up.
  const earliest = level ? reading(records, false) : undefined;
  const first = earliest ? valueOf(earliest) : 0;
  const down = level && first > target;
  const reached = counted.length > 0 && (down ? done <= target : done >= target);
  const share = !level ? done / target : down
    ? (first - done) / (first - target)
    : first === target ? 1 : (done - first) / (target - first);
  // What is left spread over the periods left until the deadline, else until the goal's period ends.
  const today = isoDay();
  const last = deadline ? deadlineDay(deadline, today) : period ? periodEnd(today, period) : undefined;
  const left = level ? (down ? done - target : target - done) : target - done;
  const perPeriod = needed === "next"
    ? nextNeeded(counted.map(valueOf), target)
    : needed && last
    ? neededPer(left, today, last, needed)
    : undefined;
  const history: { label: string; value: number }[] = [];
  if (start && period) {
    for (let from = start, to = "9999-12-31", n = 0; n < 6; n++, to = from, from = previousPeriod(from, period)) {
      const inside = records.filter((record) => dayOf(record) >= from && dayOf(record) < to);
      history.unshift({ label: periodLabel(from, period), value: sum(inside) });
    }
  }

  return (
    <Screen>
      <Card>
        <Body muted>{period && date ? PERIOD_TITLE[period]() : t.allTime}</Body>
        <Title>{fill(t.progressOf, { done: show(done), target: show(target) })}</Title>
        <Progress share={share} label={screen.title} />
        {limit ? (
          <Text style={[styles.status, { color: done > target ? theme.danger : theme.muted }]}>
            {done > target
              ? fill(t.overLimit, { n: show(done - target) })
              : fill(t.underLimit, { n: show(target - done) })}
          </Text>
        ) : (
          <Text style={[styles.status, { color: reached ? theme.accent : theme.muted }]}>
            {reached ? t.goalReached : fill(t.toGo, { n: show(Math.abs(target - done)) })}
          </Text>
        )}
        {needed && perPeriod !== undefined ? (
          <Text style={[styles.status, { color: theme.text }]}>
            {needed === "next"
              ? fill(t.nextNeeded, { n: show(perPeriod) })
              : fill(limit ? t.allowedPer : t.neededPer, { period: PER[needed](), n: show(perPeriod) })}
          </Text>
        ) : null}
      </Card>
      {screen.options.chart && history.length > 0 ? (
        <Card>
          <BarChart bars={history} format={show} />
        </Card>
      ) : null}
      <Button label={`+ ${fill(t.addThing, { thing: entity.label })}`} onPress={() => open("new")} />
      {counted.length === 0 ? <Body muted>{t.empty}</Body> : null}
      {[...counted].sort((a, b) => dayOf(b).localeCompare(dayOf(a))).map((record) => (
        <Card key={record.id}>
          <Pressable accessibilityRole="link" onPress={() => open(record.id)}>
            <Text style={[styles.title, { color: theme.text }]}>
              {amount
                ? `${show(valueOf(record))}${title !== amount ? ` · ${String(record[title.key] ?? "")}` : ""}`
                : String(record[title.key] ?? "")}
            </Text>
            {date ? <Text style={{ color: theme.muted }}>{displayValue(date, record[date.key])}</Text> : null}
          </Pressable>
        </Card>
      ))}
    </Screen>
  );
}

const styles = StyleSheet.create({
  status: { fontSize: font(15), fontWeight: "600" },
  title: { fontSize: font(17), fontWeight: "600" },
});
