// A phase timer: pomodoro (focus and break) or intervals (work and rest), for a number of rounds.
import { useEffect, useState } from "react";
import { StyleSheet, Text } from "react-native";
import { Body, Button, Card, Row, Screen } from "../components/ui";
import { usePersistentState } from "../lib/storage";
import { t } from "../lib/strings";
import { font, useTheme } from "../lib/theme";
import { screenOf } from "../spec";

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

export function TimerBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const theme = useTheme();
  const phases = screen.options.phases ?? [{ label: t.start, minutes: 25 }];
  const rounds = screen.options.rounds ?? 4;
  const [phase, setPhase] = useState(0);
  const [round, setRound] = useState(1);
  const [left, setLeft] = useState(Math.round(phases[0].minutes * 60));
  const [running, setRunning] = useState(false);
  const [completed, setCompleted] = usePersistentState<number>(`timer:${screen.key}:completed`, 0);

  useEffect(() => {
    if (!running) return;
    const tick = setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearInterval(tick);
  }, [running]);

  useEffect(() => {
    if (left > 0 || !running) return;
    const lastPhase = phase === phases.length - 1;
    if (lastPhase && round >= rounds) {
      setRunning(false);
      setCompleted((count) => count + 1);
      reset();
      return;
    }
    const next = lastPhase ? 0 : phase + 1;
    if (lastPhase) setRound((current) => current + 1);
    setPhase(next);
    setLeft(Math.round(phases[next].minutes * 60));
    // Only the end of a phase moves the timer on.
  }, [left, running]);

  function reset() {
    setRunning(false);
    setPhase(0);
    setRound(1);
    setLeft(Math.round(phases[0].minutes * 60));
  }

  return (
    <Screen>
      <Card>
        <Body muted>{`${t.round} ${round}/${rounds}`}</Body>
        <Text style={[styles.phase, { color: theme.accent }]}>{phases[phase].label}</Text>
        <Text style={[styles.clock, { color: theme.text }]} accessibilityRole="timer">
          {clock(left)}
        </Text>
        <Row>
          <Button label={running ? t.pause : t.start} onPress={() => setRunning(!running)} />
          <Button label={t.reset} variant="secondary" onPress={reset} />
        </Row>
      </Card>
      <Card>
        {phases.map((candidate, index) => (
          <Body key={candidate.label} muted={index !== phase}>{`${candidate.label}: ${clock(Math.round(candidate.minutes * 60))}`}</Body>
        ))}
        <Body muted>{`✓ ${completed}`}</Body>
      </Card>
    </Screen>
  );
}

const styles = StyleSheet.create({
  phase: { fontSize: font(20), fontWeight: "700", textAlign: "center" },
  clock: { fontSize: font(64), fontVariant: ["tabular-nums"], fontWeight: "300", textAlign: "center" },
});
