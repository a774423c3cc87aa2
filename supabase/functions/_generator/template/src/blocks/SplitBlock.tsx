// Shared expenses: who paid what, split evenly between everyone (the people the spec names and everyone who
// paid), who owes whom to settle up, and the expenses, filtered by who paid.
import { useState } from "react";
import { Text } from "react-native";
import { ChoiceFilter, ChoiceInput, useChoiceFilter } from "../components/choice";
import { Body, Button, Card, Input, Screen, Title } from "../components/ui";
import { trimChoices } from "../lib/choices";
import { formatMoney } from "../lib/format";
import { titleField, useRecords } from "../lib/records";
import { newId } from "../lib/storage";
import { t } from "../lib/strings";
import { useTheme } from "../lib/theme";
import { entityOf, type RecordData, screenOf } from "../spec";

/** Transfers that settle everyone's balance, largest debts first. */
export function settle(people: string[], expenses: RecordData[], amountField: string, payerField: string) {
  const share = new Map(people.map((person) => [person, 0]));
  for (const expense of expenses) {
    const amount = Number(expense[amountField] ?? 0);
    const payer = String(expense[payerField]);
    share.set(payer, (share.get(payer) ?? 0) + amount);
    for (const person of people) share.set(person, (share.get(person) ?? 0) - amount / people.length);
  }
  const debtors = [...share].filter(([, v]) => v < -0.005).map(([p, v]) => ({ p, v: -v })).sort((a, b) => b.v - a.v);
  const creditors = [...share].filter(([, v]) => v > 0.005).map(([p, v]) => ({ p, v })).sort((a, b) => b.v - a.v);
  const transfers: { from: string; to: string; amount: number }[] = [];
  for (const debtor of debtors) {
    for (const creditor of creditors) {
      const amount = Math.min(debtor.v, creditor.v);
      if (amount < 0.005) continue;
      transfers.push({ from: debtor.p, to: creditor.p, amount });
      debtor.v -= amount;
      creditor.v -= amount;
    }
  }
  return transfers;
}

export function SplitBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const [expenses, setExpenses] = useRecords(entity);
  const { amountField = "amount", categoryField = "paidBy", currency } = screen.options;
  const payer = entity.fields.find((field) => field.key === categoryField);
  const filter = useChoiceFilter(payer, expenses);
  const people = filter.values;
  const name = titleField(entity);
  const [draft, setDraft] = useState({ title: "", amount: "", payer: people[0] ?? "" });
  const money = (value: number) => formatMoney(value, currency);
  const total = expenses.reduce((sum, expense) => sum + Number(expense[amountField] ?? 0), 0);

  const add = () => {
    const amount = Number(draft.amount.replace(",", "."));
    // An expense is someone's: one with no payer would be a share nobody settles.
    if (draft.title.trim() === "" || !(amount > 0) || (payer && draft.payer.trim() === "")) return;
    setExpenses((current) => [
      trimChoices(entity.fields, {
        id: newId(),
        [name.key]: draft.title.trim(),
        [amountField]: amount,
        [categoryField]: draft.payer,
      }),
      ...current,
    ]);
    setDraft({ ...draft, title: "", amount: "" });
  };

  const transfers = settle(people, expenses, amountField, categoryField);
  return (
    <Screen>
      <Card>
        <Body muted>{t.total}</Body>
        <Title>{money(total)}</Title>
        {transfers.length === 0 ? <Body muted>{t.settled}</Body> : null}
        {transfers.map((transfer) => (
          <Body key={`${transfer.from}-${transfer.to}`}>
            {`${transfer.from} ${t.owes} ${transfer.to} ${money(transfer.amount)}`}
          </Body>
        ))}
      </Card>
      <Card>
        <Input placeholder={name.label} value={draft.title} onChangeText={(title) => setDraft({ ...draft, title })} />
        <Input
          placeholder={entity.fields.find((field) => field.key === amountField)?.label ?? t.value}
          keyboardType="decimal-pad"
          value={draft.amount}
          onChangeText={(amount) => setDraft({ ...draft, amount })}
        />
        {payer ? (
          <>
            <Body muted>{t.paidBy}</Body>
            <ChoiceInput
              field={payer}
              records={expenses}
              value={draft.payer}
              onChange={(value) => setDraft({ ...draft, payer: value })}
            />
          </>
        ) : null}
        <Button label={t.add} onPress={add} />
      </Card>
      <ChoiceFilter filter={filter} />
      {expenses.filter(filter.keeps).map((expense) => (
        <Card key={expense.id}>
          <Text style={{ color: theme.text, fontWeight: "600" }}>{String(expense[name.key])}</Text>
          <Text style={{ color: theme.muted }}>
            {`${money(Number(expense[amountField]))} · ${t.paidBy} ${String(expense[categoryField])}`}
          </Text>
        </Card>
      ))}
    </Screen>
  );
}
