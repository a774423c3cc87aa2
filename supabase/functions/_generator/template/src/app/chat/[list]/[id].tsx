import { useLocalSearchParams } from "expo-router";
import { ChatThread } from "../../../blocks/ChatThread";

export default function ChatRoute() {
  // Not "screen": React Navigation reads a param of that name as a nested screen to open, and drops it.
  const { list, id } = useLocalSearchParams<{ list: string; id: string }>();
  return <ChatThread screenKey={list} id={id} />;
}
