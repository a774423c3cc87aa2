// A unit converter: pick a group (length, weight, …), a unit to convert from and one to convert to.
import { useState } from "react";
import { Text } from "react-native";
import { Body, Card, Chip, Input, Row, Screen } from "../components/ui";
import { formatMeasure } from "../lib/format";
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
  if (!group) return <Screen><Body muted>{t.empty}</Body></Screen>;
  const source = group.units[from] ?? group.units[0];
  const target = group.units[to] ?? group.units[0];
  const value = Number(amount.replace(",", ".")) || 0;
  const result = (value * source.factor) / target.factor;

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
      <Card>
        <Text style={{ color: theme.text, fontSize: font(28), fontWeight: "700" }}>
          {`${formatMeasure(value)} ${source.label} = ${formatMeasure(result)} ${target.label}`}
        </Text>
      </Card>
    </Screen>
  );
}
