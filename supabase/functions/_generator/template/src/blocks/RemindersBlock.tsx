// Reminders: notifications at one or more times a day (hour and minute steppers), every day, on the
// weekdays picked or, where the spec keeps days of the month, monthly on them; each reminder switched on or off, scheduled on the device whenever the list changes; on
// the web they are kept and a note says why none fire.
import { useEffect, useState } from "react";
import { StyleSheet, Switch, Text, View } from "react-native";
import { Body, Button, Card, Chip, Icon, Input, Row, Screen } from "../components/ui";
import { formatTime, weekdayName, WEEKDAYS } from "../lib/format";
import { titleField, useRecords } from "../lib/records";
import {
  formatTimes,
  parseMonthDays,
  parseTimes,
  parseWeekdays,
  remindersSupported,
  scheduleReminders,
} from "../lib/reminders";
import { newId } from "../lib/storage";
import { fill, t } from "../lib/strings";
import { font, spacing, useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";

function Stepper({ label, value, onChange }: { label: string; value: string; onChange: (step: number) => void }) {
  const theme = useTheme();
  return (
    <View style={styles.stepper}>
      <Button label="−" variant="secondary" onPress={() => onChange(-1)} />
      <Text accessibilityLabel={label} style={[styles.time, { color: theme.text }]}>{value}</Text>
      <Button label="+" variant="secondary" onPress={() => onChange(1)} />
    </View>
  );
}

/** An hour and minute picked with steppers (minutes in quarters), then added with the button. */
function TimePicker(
  { onAdd, onPick, label }: { onAdd: (time: [number, number]) => void; onPick?: (time: [number, number]) => void; label: string },
) {
  const [[hour, minute], pick] = useState<[number, number]>([9, 0]);
  const setTime = (time: [number, number]) => {
    pick(time);
    onPick?.(time);
  };
  return (
    <Row>
      <Stepper label={t.hour} value={String(hour).padStart(2, "0")} onChange={(step) => setTime([(hour + step + 24) % 24, minute])} />
      <Stepper
        label={t.minute}
        value={String(minute).padStart(2, "0")}
        onChange={(step) => setTime([hour, (minute + step * 15 + 60) % 60])}
      />
      <Button label={label} variant="secondary" onPress={() => onAdd([hour, minute])} />
    </Row>
  );
}

/** Weekday chips: none picked is every day. */
function WeekdayPicker({ days, onChange }: { days: number[]; onChange: (days: number[]) => void }) {
  return (
    <Row>
      <Chip label={t.everyDay} active={days.length === 0} onPress={() => onChange([])} />
      {WEEKDAYS.map((day) => (
        <Chip
          key={day}
          label={weekdayName(day, "short")}
          active={days.includes(day)}
          onPress={() => onChange(days.includes(day) ? days.filter((other) => other !== day) : [...days, day])}
        />
      ))}
    </Row>
  );
}

/** Days of the month as chips to remove, and a stepper to add one: none picked is not monthly. */
function MonthDayPicker({ days, onChange }: { days: number[]; onChange: (days: number[]) => void }) {
  const [day, setDay] = useState(1);
  return (
    <Row>
      {days.map((d) => (
        <Chip key={d} label={`${d} ✕`} active onPress={() => onChange(days.filter((other) => other !== d))} />
      ))}
      <Stepper label={t.dayOfMonth} value={String(day)} onChange={(step) => setDay(((day - 1 + step + 31) % 31) + 1)} />
      <Button label={t.addDay} variant="secondary" onPress={() => onChange(parseMonthDays([...days, day].join(",")))} />
    </Row>
  );
}

function when(times: [number, number][], days: number[], monthDays: number[] = []): string {
  const at = formatTimes(times);
  if (monthDays.length > 0) return `${fill(t.monthlyOn, { days: monthDays.join(", ") })} ${t.at} ${at}`;
  if (days.length === 0) return `${t.everyDayAt} ${at}`;
  const named = WEEKDAYS.filter((day) => days.includes(day)).map((day) => weekdayName(day, "short"));
  return `${named.join(", ")} ${t.at} ${at}`;
}

export function RemindersBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const [reminders, setReminders] = useRecords(entity);
  const title = titleField(entity);
  const { timeField = "time", checkField = "on", weekdaysField, monthDaysField } = screen.options;
  const [draft, setDraft] = useState<
    { title: string; times: [number, number][]; days: number[]; monthDays: number[] }
  >({ title: "", times: [], days: [], monthDays: [] });
  // The time on the new reminder's steppers, which it gets when no time was added.
  const [picked, setPicked] = useState<[number, number]>([9, 0]);
  const [scheduled, setScheduled] = useState<boolean | null>(null);
  const timesOf = (reminder: Record<string, unknown>) => parseTimes(String(reminder[timeField] ?? ""));
  const daysOf = (reminder: Record<string, unknown>) =>
    weekdaysField ? parseWeekdays(String(reminder[weekdaysField] ?? "")) : [];
  const monthDaysOf = (reminder: Record<string, unknown>) =>
    monthDaysField ? parseMonthDays(String(reminder[monthDaysField] ?? "")) : [];

  useEffect(() => {
    const active = reminders.filter((reminder) => reminder[checkField]).map((reminder) => ({
      title: String(reminder[title.key] ?? ""),
      times: timesOf(reminder),
      weekdays: daysOf(reminder),
      monthDays: monthDaysOf(reminder),
    }));
    scheduleReminders(active).then(setScheduled, () => setScheduled(false));
  }, [reminders]);

  const add = () => {
    if (draft.title.trim() === "") return;
    setReminders((current) => [
      ...current,
      {
        id: newId(),
        [title.key]: draft.title.trim(),
        [timeField]: formatTimes(draft.times.length > 0 ? draft.times : [picked]),
        [checkField]: true,
        ...(weekdaysField ? { [weekdaysField]: [...draft.days].sort().join(",") } : {}),
        ...(monthDaysField ? { [monthDaysField]: draft.monthDays.join(",") } : {}),
      },
    ]);
    setDraft({ title: "", times: [], days: [], monthDays: [] });
  };

  const update = (id: string, change: Record<string, string | boolean>) =>
    setReminders((current) => current.map((reminder) => (reminder.id === id ? { ...reminder, ...change } : reminder)));

  return (
    <Screen>
      {!remindersSupported ? <Body muted>{t.remindersOnPhone}</Body> : null}
      {remindersSupported && scheduled === false ? <Body muted>{t.remindersDenied}</Body> : null}
      {reminders.length === 0 ? <Body muted>{t.empty}</Body> : null}
      {reminders.map((reminder) => {
        const times = timesOf(reminder);
        const days = daysOf(reminder);
        const monthDays = monthDaysOf(reminder);
        const on = Boolean(reminder[checkField]);
        return (
          <Card key={reminder.id}>
            <Row>
              <Icon name={on ? "alarm" : "alarm-outline"} color={on ? theme.accent : theme.muted} size={22} />
              <View style={styles.grow}>
                <Text style={[styles.title, { color: theme.text }]}>{String(reminder[title.key] ?? "")}</Text>
                <Body muted>{when(times, days, monthDays)}</Body>
              </View>
              <Switch
                accessibilityLabel={`${t.remindMe}: ${String(reminder[title.key] ?? "")}`}
                value={on}
                onValueChange={(value) => update(reminder.id, { [checkField]: value })}
              />
            </Row>
            <Row>
              {times.map(([hour, minute]) => (
                <Chip
                  key={formatTime(hour, minute)}
                  label={times.length > 1 ? `${formatTime(hour, minute)} ✕` : formatTime(hour, minute)}
                  active
                  onPress={() => {
                    const rest = times.filter(([h, m]) => h !== hour || m !== minute);
                    if (rest.length > 0) update(reminder.id, { [timeField]: formatTimes(rest) });
                  }}
                />
              ))}
            </Row>
            <TimePicker label={t.addTime} onAdd={(time) => update(reminder.id, { [timeField]: formatTimes([...times, time]) })} />
            {weekdaysField && monthDays.length === 0 ? (
              <WeekdayPicker days={days} onChange={(next) => update(reminder.id, { [weekdaysField]: [...next].sort().join(",") })} />
            ) : null}
            {monthDaysField ? (
              <MonthDayPicker days={monthDays} onChange={(next) => update(reminder.id, { [monthDaysField]: next.join(",") })} />
            ) : null}
            <Button
              label={t.delete}
              variant="secondary"
              onPress={() => setReminders((current) => current.filter((other) => other.id !== reminder.id))}
            />
          </Card>
        );
      })}
      <Card>
        <Input
          placeholder={t.reminderText}
          accessibilityLabel={t.reminderText}
          value={draft.title}
          onChangeText={(text) => setDraft({ ...draft, title: text })}
        />
        {draft.times.length > 0 ? <Body muted>{when(draft.times, draft.days, draft.monthDays)}</Body> : null}
        <TimePicker
          label={t.addTime}
          onPick={setPicked}
          onAdd={(time) => setDraft({ ...draft, times: [...draft.times, time] })}
        />
        {weekdaysField && draft.monthDays.length === 0 ? (
          <WeekdayPicker days={draft.days} onChange={(days) => setDraft({ ...draft, days })} />
        ) : null}
        {monthDaysField ? (
          <MonthDayPicker days={draft.monthDays} onChange={(monthDays) => setDraft({ ...draft, monthDays })} />
        ) : null}
        <Button label={fill(t.addThing, { thing: entity.label })} onPress={add} />
      </Card>
    </Screen>
  );
}

const styles = StyleSheet.create({
  grow: { flex: 1 },
  title: { fontSize: font(17), fontWeight: "600" },
  stepper: { alignItems: "center", flexDirection: "row", gap: spacing.xs },
  time: { fontSize: font(20), fontVariant: ["tabular-nums"], minWidth: 32, textAlign: "center" },
});
