import { useLocalSearchParams } from "expo-router";
import { RecordForm } from "../../../blocks/RecordForm";

export default function RecordRoute() {
  // Not "screen": React Navigation reads a param of that name as a nested screen to open, and drops it.
  const { list, id } = useLocalSearchParams<{ list: string; id: string }>();
  return <RecordForm screenKey={list} id={id} />;
}
