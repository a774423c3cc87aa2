// Flashcards on the user's subject: flip a card, say whether you knew it, see the score; cards can be added.
// In mode "choice" the screen is a multiple-choice quiz instead (ChoiceQuiz).
import { useState } from "react";
import { StyleSheet, Text } from "react-native";
import { Body, Button, Card, Input, Row, Screen } from "../components/ui";
import { useRecords } from "../lib/records";
import { newId, usePersistentState } from "../lib/storage";
import { t } from "../lib/strings";
import { font, useTheme } from "../lib/theme";
import { entityOf, type ScreenSpec, screenOf } from "../spec";
import { ChoiceQuiz } from "./ChoiceQuiz";

export function QuizBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  return screen.options.mode === "choice" ? <ChoiceQuiz screen={screen} /> : <Flashcards screen={screen} />;
}

function Flashcards({ screen }: { screen: ScreenSpec }) {
  const entity = entityOf(screen);
  const theme = useTheme();
  const [cards, setCards] = useRecords(entity);
  const [question, answer] = entity.fields;
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(false);
  const [score, setScore] = useState({ right: 0, seen: 0 });
  const [best, setBest] = usePersistentState<number>(`quiz:${screen.key}:best`, 0);
  const [draft, setDraft] = useState({ q: "", a: "" });
  const finished = cards.length > 0 && score.seen >= cards.length;
  const card = cards[index % Math.max(1, cards.length)];

  const mark = (knew: boolean) => {
    const next = { right: score.right + (knew ? 1 : 0), seen: score.seen + 1 };
    setScore(next);
    if (next.seen >= cards.length) setBest((current) => Math.max(current, next.right));
    setIndex(index + 1);
    setShown(false);
  };

  const add = () => {
    if (draft.q.trim() === "" || draft.a.trim() === "") return;
    setCards((current) => [...current, { id: newId(), [question.key]: draft.q.trim(), [answer.key]: draft.a.trim() }]);
    setDraft({ q: "", a: "" });
  };

  return (
    <Screen>
      <Body muted>{`${t.score}: ${score.right}/${score.seen} · ${t.bestStreak}: ${best}`}</Body>
      {finished ? (
        <Card>
          <Text style={[styles.big, { color: theme.text }]}>{`${score.right}/${cards.length}`}</Text>
          <Button label={t.restart} onPress={() => { setScore({ right: 0, seen: 0 }); setIndex(0); }} />
        </Card>
      ) : card ? (
        <Card>
          <Text style={[styles.big, { color: theme.text }]}>{String(card[question.key])}</Text>
          {shown ? <Text style={[styles.answer, { color: theme.accent }]}>{String(card[answer.key])}</Text> : null}
          {shown ? (
            <Row>
              <Button label={t.correct} onPress={() => mark(true)} />
              <Button label={t.wrong} variant="secondary" onPress={() => mark(false)} />
            </Row>
          ) : (
            <Button label={t.showAnswer} onPress={() => setShown(true)} />
          )}
        </Card>
      ) : (
        <Body muted>{t.empty}</Body>
      )}
      <Card>
        <Input placeholder={question.label} value={draft.q} onChangeText={(q) => setDraft({ ...draft, q })} />
        <Input placeholder={answer.label} value={draft.a} onChangeText={(a) => setDraft({ ...draft, a })} />
        <Button label={t.add} variant="secondary" onPress={add} />
      </Card>
    </Screen>
  );
}

const styles = StyleSheet.create({
  big: { fontSize: font(24), fontWeight: "600", textAlign: "center" },
  answer: { fontSize: font(20), textAlign: "center" },
});
