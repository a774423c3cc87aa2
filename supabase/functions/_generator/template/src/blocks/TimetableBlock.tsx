// A weekly timetable: entries on a weekday at a time (until an end time, with details such as room and
// teacher), shown day by day in the order the week runs, today's day marked. Entries are added and edited in
// the record form.
import { Pressable, StyleSheet, Text, View } from "react-native";
import { Body, Button, Card, Screen } from "../components/ui";
import { isoDay, isoWeekday, weekdayName, WEEKDAYS } from "../lib/format";
import { displayValue, titleField, useOpenRecord, useRecords } from "../lib/records";
import { fill, t } from "../lib/strings";
import { font, spacing, useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";

export function TimetableBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const open = useOpenRecord(screen.key);
  const [entries] = useRecords(entity);
  const { weekdayField = "weekday", timeField = "time", endField, detailFields = [] } = screen.options;
  const title = titleField(entity);
  const details = detailFields.flatMap((key) => entity.fields.filter((field) => field.key === key));
  const today = isoWeekday(isoDay());

  return (
    <Screen>
      <Button label={`+ ${fill(t.addThing, { thing: entity.label })}`} onPress={() => open("new")} />
      {entries.length === 0 ? <Body muted>{t.empty}</Body> : null}
      {WEEKDAYS.map((day) => {
        const onDay = entries.filter((entry) => Number(entry[weekdayField]) === day)
          .sort((a, b) => String(a[timeField] ?? "").localeCompare(String(b[timeField] ?? "")));
        if (onDay.length === 0) return null;
        return (
          <Card key={day}>
            <Text style={[styles.day, { color: day === today ? theme.accent : theme.text }]}>
              {day === today ? `${weekdayName(day)} · ${t.today}` : weekdayName(day)}
            </Text>
            {onDay.map((entry) => (
              <Pressable key={entry.id} accessibilityRole="link" onPress={() => open(entry.id)} style={styles.entry}>
                <Text style={[styles.time, { color: theme.muted }]}>
                  {`${String(entry[timeField] ?? "")}${endField && entry[endField] ? `–${String(entry[endField])}` : ""}`}
                </Text>
                <View style={styles.text}>
                  <Text style={[styles.title, { color: theme.text }]}>{String(entry[title.key] ?? "")}</Text>
                  {details.some((field) => entry[field.key]) ? (
                    <Text style={{ color: theme.muted }}>
                      {details.filter((field) => entry[field.key]).map((field) => displayValue(field, entry[field.key]))
                        .join(" · ")}
                    </Text>
                  ) : null}
                </View>
              </Pressable>
            ))}
          </Card>
        );
      })}
    </Screen>
  );
}

const styles = StyleSheet.create({
  day: { fontSize: font(18), fontWeight: "700" },
  entry: { flexDirection: "row", gap: spacing.md, paddingVertical: spacing.xs },
  time: { fontVariant: ["tabular-nums"], minWidth: 96 },
  text: { flex: 1, gap: 2 },
  title: { fontSize: font(16), fontWeight: "600" },
});
