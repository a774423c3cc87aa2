// A chat mock-up: conversations with their last message; a conversation keeps its messages on the device.
import { useRouter } from "expo-router";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { Body, Card, Screen } from "../components/ui";
import { titleField, useRecords } from "../lib/records";
import type { EntitySpec } from "../types";
import { usePersistentState } from "../lib/storage";
import { t } from "../lib/strings";
import { font, spacing, useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";

export interface Message {
  id: string;
  mine: boolean;
  text: string;
  at: string;
}

/** The conversation's field shown under its name: its last message before the user writes one. */
export function previewField(entity: EntitySpec) {
  const name = titleField(entity);
  return entity.fields.find((field) => field.key !== name.key);
}

/** A conversation's messages and how to add one; until the first is added it opens with its preview, as
 * the other side's message. */
export function useMessages(conversationId: string, opening: string) {
  const [stored, setStored] = usePersistentState<Message[]>(`messages:${conversationId}`, []);
  const openingMessages: Message[] = opening === "" ? [] : [{ id: "opening", mine: false, text: opening, at: "" }];
  const messages = stored.length === 0 ? openingMessages : stored;
  const add = (message: Message) =>
    setStored((current) => [...(current.length === 0 ? openingMessages : current), message]);
  return [messages, add] as const;
}

export function ChatBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const [conversations] = useRecords(entity);
  const router = useRouter();
  const name = titleField(entity);
  const preview = previewField(entity);
  return (
    <Screen>
      {conversations.length === 0 ? <Body muted>{t.empty}</Body> : null}
      {conversations.map((conversation) => (
        <Pressable
          key={conversation.id}
          accessibilityRole="link"
          onPress={() =>
            router.push({ pathname: "/chat/[list]/[id]", params: { list: screen.key, id: conversation.id } })}
        >
          <ConversationRow
            name={String(conversation[name.key])}
            fallback={preview ? String(conversation[preview.key] ?? "") : ""}
            id={conversation.id}
          />
        </Pressable>
      ))}
    </Screen>
  );
}

function ConversationRow({ name, fallback, id }: { name: string; fallback: string; id: string }) {
  const theme = useTheme();
  const [messages] = useMessages(id, fallback);
  const last = messages.at(-1)?.text ?? fallback;
  return (
    <Card>
      <View style={styles.row}>
        <View style={[styles.avatar, { backgroundColor: theme.accent }]}>
          <Text style={{ color: theme.onAccent, fontWeight: "700" }}>{name.charAt(0).toUpperCase()}</Text>
        </View>
        <View style={styles.text}>
          <Text style={{ color: theme.text, fontSize: font(17), fontWeight: "600" }}>{name}</Text>
          <Text style={{ color: theme.muted }} numberOfLines={1}>{last}</Text>
        </View>
      </View>
    </Card>
  );
}

const styles = StyleSheet.create({
  row: { alignItems: "center", flexDirection: "row", gap: spacing.sm },
  avatar: { alignItems: "center", borderRadius: 20, height: 40, justifyContent: "center", width: 40 },
  text: { flex: 1 },
});
