// A multiple-choice quiz: a question and its choices, the pick marked right or wrong, the score, the high score
// kept, and the questions answered wrongly listed for review at the end. Questions are added in the record form.
import { useState } from "react";
import { StyleSheet, Text } from "react-native";
import { Body, Button, Card, Screen } from "../components/ui";
import { useOpenRecord, useRecords } from "../lib/records";
import { usePersistentState } from "../lib/storage";
import { fill, t } from "../lib/strings";
import { font, useTheme } from "../lib/theme";
import { entityOf, type ScreenSpec } from "../spec";

interface Miss {
  id: string;
  picked: string;
}

export function ChoiceQuiz({ screen }: { screen: ScreenSpec }) {
  const entity = entityOf(screen);
  const theme = useTheme();
  const open = useOpenRecord(screen.key);
  const [questions] = useRecords(entity);
  const { choiceFields = [], answerField = "answer" } = screen.options;
  const question = entity.fields.find((field) => !choiceFields.includes(field.key) && field.key !== answerField) ??
    entity.fields[0];
  const [index, setIndex] = useState(0);
  const [picked, setPicked] = useState<string | null>(null);
  const [right, setRight] = useState(0);
  const [best, setBest] = usePersistentState<number>(`quiz:${screen.key}:best`, 0);
  const [misses, setMisses] = useState<Miss[]>([]);
  // The last finished round's misses, kept for review.
  const [missed, setMissed] = usePersistentState<Miss[]>(`quiz:${screen.key}:missed`, []);
  const finished = questions.length > 0 && index >= questions.length;
  const current = questions[index];

  const pick = (choice: string) => {
    if (picked !== null || !current) return;
    setPicked(choice);
    if (choice === String(current[answerField])) setRight(right + 1);
    else setMisses([...misses, { id: current.id, picked: choice }]);
  };

  const next = () => {
    const seen = index + 1;
    if (seen >= questions.length) {
      setBest((high) => Math.max(high, right));
      setMissed(misses);
    }
    setIndex(seen);
    setPicked(null);
  };

  const restart = () => {
    setIndex(0);
    setRight(0);
    setPicked(null);
    setMisses([]);
  };

  const review = missed.flatMap((miss) => {
    const asked = questions.find((candidate) => candidate.id === miss.id);
    return asked ? [{ miss, asked }] : [];
  });

  return (
    <Screen>
      <Body muted>{`${t.score}: ${right}/${Math.min(index + (picked === null ? 0 : 1), questions.length)} · ${t.highScore}: ${best}`}</Body>
      {finished ? (
        <Card>
          <Text style={[styles.big, { color: theme.text }]}>{`${right}/${questions.length}`}</Text>
          {review.length === 0 ? <Body>{t.allRight}</Body> : null}
          <Button label={t.restart} onPress={restart} />
        </Card>
      ) : current ? (
        <Card>
          <Text style={[styles.big, { color: theme.text }]}>{String(current[question.key] ?? "")}</Text>
          {choiceFields.map((key) => String(current[key] ?? "")).filter((choice) => choice !== "").map((choice) => {
            const isRight = choice === String(current[answerField]);
            const variant = picked === null || (!isRight && choice !== picked) ? "secondary" : isRight ? "primary" : "danger";
            return <Button key={choice} label={choice} variant={variant} onPress={() => pick(choice)} />;
          })}
          {picked !== null ? <Button label={t.next} onPress={next} /> : null}
        </Card>
      ) : (
        <Body muted>{t.empty}</Body>
      )}
      {finished && review.length > 0 ? (
        <Card>
          <Body muted>{t.review}</Body>
          {review.map(({ miss, asked }) => (
            <Card key={miss.id}>
              <Text style={[styles.question, { color: theme.text }]}>{String(asked[question.key] ?? "")}</Text>
              <Text style={{ color: theme.danger }}>{`${t.yourAnswer}: ${miss.picked}`}</Text>
              <Text style={{ color: theme.accent }}>{`${t.rightAnswer}: ${String(asked[answerField] ?? "")}`}</Text>
            </Card>
          ))}
        </Card>
      ) : null}
      <Button label={`+ ${fill(t.addThing, { thing: entity.label })}`} variant="secondary" onPress={() => open("new")} />
    </Screen>
  );
}

const styles = StyleSheet.create({
  big: { fontSize: font(22), fontWeight: "600", textAlign: "center" },
  question: { fontSize: font(16), fontWeight: "600" },
});
