// Income and expenses with categories: the balance, totals, and a chart of spending by category.
import { useState } from "react";
import { Text } from "react-native";
import { BarChart } from "../components/BarChart";
import { Body, Button, Card, Chip, Input, Row, Screen, Title } from "../components/ui";
import { formatMoney, isoDay } from "../lib/format";
import { titleField, useRecords } from "../lib/records";
import { newId } from "../lib/storage";
import { t } from "../lib/strings";
import { useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";

export function BudgetBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const [entries, setEntries] = useRecords(entity);
  const { amountField = "amount", categoryField = "category", dateField = "date", currency } = screen.options;
  const categories = entity.fields.find((field) => field.key === categoryField)?.options ?? [];
  const name = titleField(entity);
  const [draft, setDraft] = useState({ title: "", amount: "", category: categories[0] ?? "", income: false });
  const money = (value: number) => formatMoney(value, currency);

  const amounts = entries.map((entry) => Number(entry[amountField] ?? 0));
  const income = amounts.filter((value) => value > 0).reduce((a, b) => a + b, 0);
  const spent = -amounts.filter((value) => value < 0).reduce((a, b) => a + b, 0);
  const byCategory = categories
    .map((category) => ({
      label: category,
      value: -entries
        .filter((entry) => entry[categoryField] === category && Number(entry[amountField]) < 0)
        .reduce((sum, entry) => sum + Number(entry[amountField]), 0),
    }))
    .filter((bar) => bar.value > 0);

  const add = () => {
    const value = Math.abs(Number(draft.amount.replace(",", ".")));
    if (draft.title.trim() === "" || !value) return;
    setEntries((current) => [
      {
        id: newId(),
        [name.key]: draft.title.trim(),
        [amountField]: draft.income ? value : -value,
        [categoryField]: draft.category,
        [dateField]: isoDay(),
      },
      ...current,
    ]);
    setDraft({ ...draft, title: "", amount: "" });
  };

  return (
    <Screen>
      <Card>
        <Body muted>{t.balance}</Body>
        <Title>{money(income - spent)}</Title>
        <Body muted>{`${t.income}: ${money(income)} · ${t.expense}: ${money(spent)}`}</Body>
      </Card>
      {screen.options.chart && byCategory.length > 0 ? (
        <Card>
          <Body>{t.byCategory}</Body>
          <BarChart bars={byCategory} format={money} />
        </Card>
      ) : null}
      <Card>
        <Input placeholder={name.label} value={draft.title} onChangeText={(title) => setDraft({ ...draft, title })} />
        <Input
          placeholder={entity.fields.find((field) => field.key === amountField)?.label ?? t.value}
          keyboardType="decimal-pad"
          value={draft.amount}
          onChangeText={(amount) => setDraft({ ...draft, amount })}
        />
        <Row>
          <Chip label={t.expense} active={!draft.income} onPress={() => setDraft({ ...draft, income: false })} />
          <Chip label={t.income} active={draft.income} onPress={() => setDraft({ ...draft, income: true })} />
        </Row>
        <Row>
          {categories.map((category) => (
            <Chip
              key={category}
              label={category}
              active={draft.category === category}
              onPress={() => setDraft({ ...draft, category })}
            />
          ))}
        </Row>
        <Button label={t.add} onPress={add} />
      </Card>
      {entries.map((entry) => (
        <Card key={entry.id}>
          <Text style={{ color: theme.text, fontWeight: "600" }}>{String(entry[name.key])}</Text>
          <Text style={{ color: Number(entry[amountField]) < 0 ? theme.danger : theme.accent }}>
            {`${money(Number(entry[amountField]))} · ${String(entry[categoryField] ?? "")} · ${String(entry[dateField] ?? "")}`}
          </Text>
        </Card>
      ))}
    </Screen>
  );
}
