// Income and expenses with categories: the balance, totals, a chart of spending by category, and the entries,
// filtered by a category.
import { useState } from "react";
import { Text } from "react-native";
import { BarChart } from "../components/BarChart";
import { ChoiceFilter, ChoiceInput, useChoiceFilter } from "../components/choice";
import { Body, Button, Card, Chip, Input, Row, Screen, Title } from "../components/ui";
import { trimChoices } from "../lib/choices";
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
  const category = entity.fields.find((field) => field.key === categoryField);
  const filter = useChoiceFilter(category, entries);
  const name = titleField(entity);
  const [draft, setDraft] = useState({ title: "", amount: "", category: filter.values[0] ?? "", income: false });
  const money = (value: number) => formatMoney(value, currency);

  const amounts = entries.map((entry) => Number(entry[amountField] ?? 0));
  const income = amounts.filter((value) => value > 0).reduce((a, b) => a + b, 0);
  const spent = -amounts.filter((value) => value < 0).reduce((a, b) => a + b, 0);
  const byCategory = filter.values
    .map((value) => ({
      label: value,
      value: -entries
        .filter((entry) => entry[categoryField] === value && Number(entry[amountField]) < 0)
        .reduce((sum, entry) => sum + Number(entry[amountField]), 0),
    }))
    .filter((bar) => bar.value > 0);

  const add = () => {
    const value = Math.abs(Number(draft.amount.replace(",", ".")));
    if (draft.title.trim() === "" || !value) return;
    setEntries((current) => [
      trimChoices(entity.fields, {
        id: newId(),
        [name.key]: draft.title.trim(),
        [amountField]: draft.income ? value : -value,
        [categoryField]: draft.category,
        [dateField]: isoDay(),
      }),
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
        {category ? (
          <ChoiceInput
            field={category}
            records={entries}
            value={draft.category}
            onChange={(value) => setDraft({ ...draft, category: value })}
          />
        ) : null}
        <Button label={t.add} onPress={add} />
      </Card>
      <ChoiceFilter filter={filter} />
      {entries.filter(filter.keeps).map((entry) => (
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
