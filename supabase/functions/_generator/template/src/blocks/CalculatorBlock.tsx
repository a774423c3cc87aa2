// A four-function calculator with a tape of the last results and, for a tip calculator, the tip, the total and
// each person's share of the number on the display.
import { useState } from "react";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { Body, Button, Card, Row, Screen } from "../components/ui";
import { formatMoney, formatNumber } from "../lib/format";
import { usePersistentState } from "../lib/storage";
import { t } from "../lib/strings";
import { font, spacing, useTheme } from "../lib/theme";
import { screenOf } from "../spec";

const KEYS = ["7", "8", "9", "÷", "4", "5", "6", "×", "1", "2", "3", "−", "0", ".", "=", "+"];

export function apply(left: number, operator: string, right: number): number {
  switch (operator) {
    case "+":
      return left + right;
    case "−":
      return left - right;
    case "×":
      return left * right;
    default:
      return right === 0 ? NaN : left / right;
  }
}

export function CalculatorBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const theme = useTheme();
  const [display, setDisplay] = useState("0");
  const [pending, setPending] = useState<{ value: number; operator: string } | null>(null);
  const [fresh, setFresh] = useState(true);
  const [tape, setTape] = usePersistentState<string[]>(`calculator:${screen.key}:tape`, []);
  const [tip, setTip] = usePersistentState(`calculator:${screen.key}:tip`, screen.options.tipPercent ?? 0);
  const [people, setPeople] = usePersistentState(`calculator:${screen.key}:people`, screen.options.people ?? 1);
  const bill = Number(display) || 0;

  const press = (key: string) => {
    if (/[0-9.]/.test(key)) {
      if (key === "." && display.includes(".") && !fresh) return;
      setDisplay(fresh ? (key === "." ? "0." : key) : display + key);
      setFresh(false);
      return;
    }
    const value = Number(display);
    const result = pending ? apply(pending.value, pending.operator, value) : value;
    if (key === "=") {
      if (pending) setTape((current) => [`${formatNumber(pending.value)} ${pending.operator} ${formatNumber(value)} = ${formatNumber(result)}`, ...current].slice(0, 10));
      setPending(null);
    } else {
      setPending({ value: result, operator: key });
    }
    setDisplay(Number.isFinite(result) ? String(result) : "Error");
    setFresh(true);
  };

  return (
    <Screen>
      <Card>
        <Text style={[styles.display, { color: theme.text }]} accessibilityLabel="display">{display}</Text>
      </Card>
      <View style={styles.keys}>
        {KEYS.map((key) => (
          <Pressable
            key={key}
            accessibilityRole="button"
            accessibilityLabel={key}
            onPress={() => press(key)}
            style={[styles.key, { backgroundColor: /[0-9.]/.test(key) ? theme.surface : theme.accent, borderColor: theme.border }]}
          >
            <Text style={[styles.keyLabel, { color: /[0-9.]/.test(key) ? theme.text : theme.onAccent }]}>{key}</Text>
          </Pressable>
        ))}
        <Pressable
          accessibilityRole="button"
          onPress={() => { setDisplay("0"); setPending(null); setFresh(true); }}
          style={[styles.key, styles.clear, { backgroundColor: theme.danger }]}
        >
          <Text style={[styles.keyLabel, { color: theme.onAccent }]}>C</Text>
        </Pressable>
      </View>
      {screen.options.tipPercent !== undefined ? (
        <Card>
          <Row>
            <Body>{`${t.tip}: ${tip}%`}</Body>
            <Button label="−" variant="secondary" onPress={() => setTip(Math.max(0, tip - 5))} />
            <Button label="+" variant="secondary" onPress={() => setTip(Math.min(100, tip + 5))} />
          </Row>
          <Row>
            <Body>{`${t.people}: ${people}`}</Body>
            <Button label="−" variant="secondary" onPress={() => setPeople(Math.max(1, people - 1))} />
            <Button label="+" variant="secondary" onPress={() => setPeople(Math.min(50, people + 1))} />
          </Row>
          <Body>{`${t.tip}: ${formatMoney(bill * tip / 100, screen.options.currency)}`}</Body>
          <Body>{`${t.total}: ${formatMoney(bill * (1 + tip / 100), screen.options.currency)}`}</Body>
          <Body>{`${t.each}: ${formatMoney(bill * (1 + tip / 100) / people, screen.options.currency)}`}</Body>
        </Card>
      ) : null}
      {tape.map((line, index) => <Body key={`${index}-${line}`} muted>{line}</Body>)}
    </Screen>
  );
}

const styles = StyleSheet.create({
  display: { fontSize: font(40), fontVariant: ["tabular-nums"], textAlign: "right" },
  keys: { flexDirection: "row", flexWrap: "wrap", gap: spacing.sm },
  key: { alignItems: "center", borderRadius: 12, borderWidth: 1, flexBasis: "22%", flexGrow: 1, paddingVertical: spacing.md },
  clear: { flexBasis: "100%" },
  keyLabel: { fontSize: font(22), fontWeight: "600" },
});
