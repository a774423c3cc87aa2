// A four-function calculator with a tape of the last results.
import { useState } from "react";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { Body, Card, Screen } from "../components/ui";
import { formatNumber } from "../lib/format";
import { usePersistentState } from "../lib/storage";
import { spacing, useTheme } from "../lib/theme";
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
      {tape.map((line, index) => <Body key={`${index}-${line}`} muted>{line}</Body>)}
    </Screen>
  );
}

const styles = StyleSheet.create({
  display: { fontSize: 40, fontVariant: ["tabular-nums"], textAlign: "right" },
  keys: { flexDirection: "row", flexWrap: "wrap", gap: spacing.sm },
  key: { alignItems: "center", borderRadius: 12, borderWidth: 1, flexBasis: "22%", flexGrow: 1, paddingVertical: spacing.md },
  clear: { flexBasis: "100%" },
  keyLabel: { fontSize: 22, fontWeight: "600" },
});
