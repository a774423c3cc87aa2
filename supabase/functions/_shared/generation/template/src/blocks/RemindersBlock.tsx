// Reminders: daily notifications at times the user sets (hour and minute steppers), each switched on or off,
// scheduled on the device whenever the list changes; on the web they are kept and a note says why none fire.
import { useEffect, useState } from "react";
import { StyleSheet, Switch, Text, View } from "react-native";
import { Body, Button, Card, Icon, Input, Row, Screen } from "../components/ui";
import { titleField, useRecords } from "../lib/records";
import { formatTime, parseTime, remindersSupported, scheduleReminders } from "../lib/reminders";
import { newId } from "../lib/storage";
import { t } from "../lib/strings";
import { spacing, useTheme } from "../lib/theme";
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

export function RemindersBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const [reminders, setReminders] = useRecords(entity);
  const title = titleField(entity);
  const { timeField = "time", checkField = "on" } = screen.options;
  const [draft, setDraft] = useState({ title: "", hour: 9, minute: 0 });
  const [scheduled, setScheduled] = useState<boolean | null>(null);

  useEffect(() => {
    const active = reminders.filter((reminder) => reminder[checkField]).map((reminder) => {
      const [hour, minute] = parseTime(String(reminder[timeField] ?? ""));
      return { title: String(reminder[title.key] ?? ""), hour, minute };
    });
    scheduleReminders(active).then(setScheduled, () => setScheduled(false));
  }, [reminders]);

  const add = () => {
    if (draft.title.trim() === "") return;
    setReminders((current) => [
      ...current,
      {
        id: newId(),
        [title.key]: draft.title.trim(),
        [timeField]: formatTime(draft.hour, draft.minute),
        [checkField]: true,
      },
    ]);
    setDraft({ ...draft, title: "" });
  };

  const update = (id: string, change: Record<string, string | boolean>) =>
    setReminders((current) => current.map((reminder) => (reminder.id === id ? { ...reminder, ...change } : reminder)));

  return (
    <Screen>
      {!remindersSupported ? <Body muted>{t.remindersOnPhone}</Body> : null}
      {remindersSupported && scheduled === false ? <Body muted>{t.remindersDenied}</Body> : null}
      {reminders.length === 0 ? <Body muted>{t.empty}</Body> : null}
      {reminders.map((reminder) => {
        const [hour, minute] = parseTime(String(reminder[timeField] ?? ""));
        const on = Boolean(reminder[checkField]);
        return (
          <Card key={reminder.id}>
            <Row>
              <Icon name={on ? "alarm" : "alarm-outline"} color={on ? theme.accent : theme.muted} size={22} />
              <View style={styles.grow}>
                <Text style={[styles.title, { color: theme.text }]}>{String(reminder[title.key] ?? "")}</Text>
                <Body muted>{`${t.everyDayAt} ${formatTime(hour, minute)}`}</Body>
              </View>
              <Switch
                accessibilityLabel={`${t.remindMe}: ${String(reminder[title.key] ?? "")}`}
                value={on}
                onValueChange={(value) => update(reminder.id, { [checkField]: value })}
              />
            </Row>
            <Row>
              <Stepper
                label={t.hour}
                value={String(hour).padStart(2, "0")}
                onChange={(step) => update(reminder.id, { [timeField]: formatTime((hour + step + 24) % 24, minute) })}
              />
              <Stepper
                label={t.minute}
                value={String(minute).padStart(2, "0")}
                onChange={(step) => update(reminder.id, { [timeField]: formatTime(hour, (minute + step * 15 + 60) % 60) })}
              />
              <Button
                label={t.delete}
                variant="secondary"
                onPress={() => setReminders((current) => current.filter((other) => other.id !== reminder.id))}
              />
            </Row>
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
        <Row>
          <Stepper
            label={t.hour}
            value={String(draft.hour).padStart(2, "0")}
            onChange={(step) => setDraft({ ...draft, hour: (draft.hour + step + 24) % 24 })}
          />
          <Stepper
            label={t.minute}
            value={String(draft.minute).padStart(2, "0")}
            onChange={(step) => setDraft({ ...draft, minute: (draft.minute + step * 15 + 60) % 60 })}
          />
        </Row>
        <Button label={`${t.add} ${entity.label}`} onPress={add} />
      </Card>
    </Screen>
  );
}

const styles = StyleSheet.create({
  grow: { flex: 1 },
  title: { fontSize: 17, fontWeight: "600" },
  stepper: { alignItems: "center", flexDirection: "row", gap: spacing.xs },
  time: { fontSize: 20, fontVariant: ["tabular-nums"], minWidth: 32, textAlign: "center" },
});
