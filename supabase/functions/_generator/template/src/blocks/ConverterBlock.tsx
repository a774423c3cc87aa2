// A unit converter: pick a group (length, weight, …), a unit to convert from and one to convert to. A group of
// typed rates (currencies the prompt gave no rate for) converts at the rates the user types, kept on the phone.
import { useState } from "react";
import { Text } from "react-native";
import { Body, Card, Chip, Input, Row, Screen } from "../components/ui";
import { formatMeasure } from "../lib/format";
import { usePersistentState } from "../lib/storage";
import { t } from "../lib/strings";
import { font, useTheme } from "../lib/theme";
import { screenOf } from "../spec";

export function ConverterBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const theme = useTheme();
  const groups = screen.options.conversions ?? [];
  const [groupIndex, setGroupIndex] = useState(0);
  const group = groups[groupIndex];
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(1);
  const [amount, setAmount] = useState("1");
  const [rates, setRates] = usePersistentState<Record<string, string>>(`converter:${screen.key}:rates`, {});
  if (!group) return <Screen><Body muted>{t.empty}</Body></Screen>;
  const source = group.units[from] ?? group.units[0];
  const target = group.units[to] ?? group.units[0];
  const number = (text: string) => Number(text.replace(",", ".")) || 0;
  // A typed rate is what one unit is worth in the group's first unit; until it is typed nothing is shown.
  const factor = (unit: { label: string; factor: number }) =>
    !group.typed || unit === group.units[0] ? unit.factor : number(rates[`${group.group}:${unit.label}`] ?? "");
  const value = number(amount);
  const known = factor(source) > 0 && factor(target) > 0;
  const result = known ? (value * factor(source)) / factor(target) : 0;

  return (
    <Screen>
      <Row>
        {groups.map((candidate, index) => (
          <Chip
            key={candidate.group}
            label={candidate.group}
            active={index === groupIndex}
            onPress={() => { setGroupIndex(index); setFrom(0); setTo(1); }}
          />
        ))}
      </Row>
      <Card>
        <Input keyboardType="decimal-pad" value={amount} onChangeText={setAmount} accessibilityLabel={t.value} />
        <Body muted>{t.from}</Body>
        <Row>
          {group.units.map((unit, index) => (
            <Chip key={unit.label} label={unit.label} active={index === from} onPress={() => setFrom(index)} />
          ))}
        </Row>
        <Body muted>{t.to}</Body>
        <Row>
          {group.units.map((unit, index) => (
            <Chip key={unit.label} label={unit.label} active={index === to} onPress={() => setTo(index)} />
          ))}
        </Row>
      </Card>
      {group.typed ? (
        <Card>
          {group.units.slice(1).map((unit) => (
            <Row key={unit.label}>
              <Body>{`${t.rate}: 1 ${unit.label} =`}</Body>
              <Input
                keyboardType="decimal-pad"
                value={rates[`${group.group}:${unit.label}`] ?? ""}
                onChangeText={(text) => setRates((current) => ({ ...current, [`${group.group}:${unit.label}`]: text }))}
                accessibilityLabel={`${t.rate} ${unit.label}`}
              />
              <Body>{group.units[0].label}</Body>
            </Row>
          ))}
        </Card>
      ) : null}
      <Card>
        <Text style={{ color: theme.text, fontSize: font(28), fontWeight: "700" }}>
          {known ? `${formatMeasure(value)} ${source.label} = ${formatMeasure(result)} ${target.label}` : t.rate}
        </Text>
      </Card>
    </Screen>
  );
}
