// Habits checked off day by day, with the current streak and the best one for each.
import { useState } from "react";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { Body, Button, Card, Icon, Input, Row, Screen } from "../components/ui";
import { addDays, isoDay } from "../lib/format";
import { titleField, useRecords } from "../lib/records";
import { newId, usePersistentState } from "../lib/storage";
import { dayCount, t } from "../lib/strings";
import { font, spacing, useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";

/** Days in a row up to today (or yesterday, while today is still open), and the longest run ever. */
export function streaks(days: string[], today: string): { current: number; best: number } {
  const set = new Set(days);
  let current = 0;
  for (let day = set.has(today) ? today : addDays(today, -1); set.has(day); day = addDays(day, -1)) current++;
  let best = 0;
  for (const day of set) {
    if (set.has(addDays(day, -1))) continue;
    let run = 0;
    for (let next = day; set.has(next); next = addDays(next, 1)) run++;
    best = Math.max(best, run);
  }
  return { current, best };
}

export function HabitsBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const [habits, setHabits] = useRecords(entity);
  const [checkins, setCheckins] = usePersistentState<Record<string, string[]>>(`checkins:${entity.key}`, {});
  const [draft, setDraft] = useState("");
  const name = titleField(entity);
  const today = isoDay();

  const toggle = (id: string) =>
    setCheckins((current) => {
      const days = current[id] ?? [];
      return { ...current, [id]: days.includes(today) ? days.filter((d) => d !== today) : [...days, today] };
    });

  const add = () => {
    if (draft.trim() === "") return;
    setHabits((current) => [...current, { id: newId(), [name.key]: draft.trim() }]);
    setDraft("");
  };

  return (
    <Screen>
      <Row>
        <Input placeholder={`${t.newItem}: ${entity.label}`} value={draft} onChangeText={setDraft} onSubmitEditing={add} />
        <Button label={t.add} onPress={add} />
      </Row>
      {habits.length === 0 ? <Body muted>{t.empty}</Body> : null}
      {habits.map((habit) => {
        const days = checkins[habit.id] ?? [];
        const { current, best } = streaks(days, today);
        const doneToday = days.includes(today);
        return (
          <Card key={habit.id}>
            <View style={styles.row}>
              <View style={styles.text}>
                <Text style={[styles.name, { color: theme.text }]}>{String(habit[name.key])}</Text>
                <View style={styles.streak}>
                  <Icon name="flame-outline" color={theme.accent} size={16} />
                  <Text style={[styles.text, { color: theme.muted }]}>
                    {`${t.streak}: ${dayCount(current)} · ${t.bestStreak}: ${dayCount(best)}`}
                  </Text>
                </View>
              </View>
              <Pressable
                accessibilityRole="checkbox"
                accessibilityLabel={`${String(habit[name.key])} ${t.today}`}
                accessibilityState={{ checked: doneToday }}
                onPress={() => toggle(habit.id)}
                style={[styles.check, { backgroundColor: doneToday ? theme.accent : theme.surface, borderColor: theme.accent }]}
              >
                <Text style={{ color: doneToday ? theme.onAccent : theme.accent }}>{doneToday ? "✓" : t.today}</Text>
              </Pressable>
            </View>
          </Card>
        );
      })}
    </Screen>
  );
}

const styles = StyleSheet.create({
  row: { alignItems: "center", flexDirection: "row", gap: spacing.sm },
  text: { flex: 1, gap: 2 },
  name: { fontSize: font(17), fontWeight: "600" },
  streak: { alignItems: "center", flexDirection: "row", gap: spacing.xs },
  check: { alignItems: "center", borderRadius: 20, borderWidth: 2, minWidth: 64, padding: spacing.sm },
});
