import { useLocalSearchParams } from "expo-router";
import { ChatThread } from "../../../blocks/ChatThread";

export default function ChatRoute() {
  const { screen, id } = useLocalSearchParams<{ screen: string; id: string }>();
  return <ChatThread screenKey={screen} id={id} />;
}
