// People and their tasks (chores per child, jobs per flatmate): each task is someone's, ticking it off earns its
// points, and a person's points buy the rewards the spec lists. Tasks are added and edited in the record form,
// where a person typed is one more card here.
import { Pressable, StyleSheet, Text, View } from "react-native";
import { Body, Button, Card, Row, Screen } from "../components/ui";
import { choiceValues } from "../lib/choices";
import { titleField, useOpenRecord, useRecords } from "../lib/records";
import { newId, usePersistentState } from "../lib/storage";
import { countOf, fill, t } from "../lib/strings";
import { font, spacing, useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";

interface Redemption {
  id: string;
  person: string;
  reward: string;
  points: number;
  at: string;
}

export function PeopleBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const open = useOpenRecord(screen.key);
  const [tasks, setTasks] = useRecords(entity);
  const [redeemed, setRedeemed] = usePersistentState<Redemption[]>(`people:${screen.key}:redeemed`, []);
  const { personField = "person", pointsField = "points", checkField = "done", rewards = [] } = screen.options;
  const whose = entity.fields.find((field) => field.key === personField);
  // Tasks saved with nobody named stay in view, on a card of their own ("") that earns nothing.
  const nobody = tasks.some((task) => String(task[personField] ?? "") === "");
  const people = [...(whose ? choiceValues(whose, tasks) : []), ...(nobody ? [""] : [])];
  const title = titleField(entity);
  const points = (n: number) => countOf(n, t.point, t.points);

  const balance = (person: string) =>
    tasks.filter((task) => task[personField] === person && task[checkField])
      .reduce((sum, task) => sum + Number(task[pointsField] ?? 0), 0) -
    redeemed.filter((entry) => entry.person === person).reduce((sum, entry) => sum + entry.points, 0);

  const toggle = (id: string) =>
    setTasks((current) => current.map((task) => (task.id === id ? { ...task, [checkField]: !task[checkField] } : task)));

  const redeem = (person: string, reward: { label: string; points: number }) =>
    setRedeemed((current) => [
      ...current,
      { id: newId(), person, reward: reward.label, points: reward.points, at: new Date().toISOString() },
    ]);

  return (
    <Screen>
      <Button label={`+ ${fill(t.addThing, { thing: entity.label })}`} onPress={() => open("new")} />
      {people.map((person) => {
        const own = tasks.filter((task) => String(task[personField] ?? "") === person);
        const have = balance(person);
        return (
          <Card key={person}>
            <Row>
              <Text style={[styles.name, { color: theme.text }]}>{person || "—"}</Text>
              {person ? <Text style={[styles.points, { color: theme.accent }]}>{points(have)}</Text> : null}
            </Row>
            {own.length === 0 ? <Body muted>{t.empty}</Body> : null}
            {own.map((task) => (
              <View key={task.id} style={styles.task}>
                <Pressable
                  accessibilityRole="checkbox"
                  accessibilityLabel={String(task[title.key] ?? "")}
                  accessibilityState={{ checked: Boolean(task[checkField]) }}
                  onPress={() => toggle(task.id)}
                  style={[styles.check, { borderColor: theme.accent }]}
                >
                  <Text style={{ color: theme.accent }}>{task[checkField] ? "✓" : " "}</Text>
                </Pressable>
                <Pressable accessibilityRole="link" onPress={() => open(task.id)} style={styles.grow}>
                  <Text style={[{ color: theme.text }, task[checkField] ? styles.checked : null]}>
                    {String(task[title.key] ?? "")}
                  </Text>
                </Pressable>
                <Text style={{ color: theme.muted }}>{`+${Number(task[pointsField] ?? 0)}`}</Text>
              </View>
            ))}
            {person && rewards.length > 0 ? (
              <Row>
                {rewards.map((reward) => (
                  <Button
                    key={reward.label}
                    label={`${t.redeem}: ${reward.label} (${reward.points})`}
                    variant="secondary"
                    disabled={have < reward.points}
                    onPress={() => redeem(person, reward)}
                  />
                ))}
              </Row>
            ) : null}
          </Card>
        );
      })}
      {redeemed.length > 0 ? (
        <Card>
          <Body muted>{t.redeemed}</Body>
          {[...redeemed].reverse().slice(0, 10).map((entry) => (
            <Body key={entry.id}>{`${entry.person}: ${entry.reward} (−${points(entry.points)})`}</Body>
          ))}
        </Card>
      ) : null}
    </Screen>
  );
}

const styles = StyleSheet.create({
  name: { flex: 1, fontSize: font(18), fontWeight: "700" },
  points: { fontSize: font(16), fontWeight: "700" },
  task: { alignItems: "center", flexDirection: "row", gap: spacing.sm },
  grow: { flex: 1 },
  check: { alignItems: "center", borderRadius: 6, borderWidth: 2, height: 26, justifyContent: "center", width: 26 },
  checked: { opacity: 0.5, textDecorationLine: "line-through" },
});
