// One conversation: the messages, a composer, and an automatic answer so the mock-up feels alive.
import { Stack } from "expo-router";
import { useState } from "react";
import { StyleSheet, Text, View } from "react-native";
import { Button, Input, Row, Screen } from "../components/ui";
import { titleField, useRecords } from "../lib/records";
import { newId } from "../lib/storage";
import { t } from "../lib/strings";
import { spacing, useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";
import { previewField, useMessages } from "./ChatBlock";

export function ChatThread({ screenKey, id }: { screenKey: string; id: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const [conversations] = useRecords(entity);
  const conversation = conversations.find((candidate) => candidate.id === id);
  const preview = previewField(entity);
  const [messages, addMessage] = useMessages(id, preview ? String(conversation?.[preview.key] ?? "") : "");
  const [draft, setDraft] = useState("");
  const name = titleField(entity);

  const send = () => {
    const text = draft.trim();
    if (text === "") return;
    const at = new Date().toISOString();
    addMessage({ id: newId(), mine: true, text, at });
    setDraft("");
    setTimeout(() => addMessage({ id: newId(), mine: false, text: t.autoReply, at: new Date().toISOString() }), 800);
  };

  return (
    <Screen>
      <Stack.Screen options={{ title: conversation ? String(conversation[name.key]) : "" }} />
      {messages.map((message) => (
        <View
          key={message.id}
          style={[
            styles.bubble,
            message.mine
              ? { alignSelf: "flex-end", backgroundColor: theme.accent }
              : { alignSelf: "flex-start", backgroundColor: theme.surface, borderColor: theme.border, borderWidth: 1 },
          ]}
        >
          <Text style={{ color: message.mine ? theme.onAccent : theme.text }}>{message.text}</Text>
        </View>
      ))}
      <Row>
        <Input placeholder={t.typeMessage} value={draft} onChangeText={setDraft} onSubmitEditing={send} />
        <Button label={t.send} onPress={send} />
      </Row>
    </Screen>
  );
}

const styles = StyleSheet.create({
  bubble: { borderRadius: 16, maxWidth: "80%", paddingHorizontal: spacing.md, paddingVertical: spacing.sm },
});
