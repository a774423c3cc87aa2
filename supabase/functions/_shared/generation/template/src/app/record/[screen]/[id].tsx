import { useLocalSearchParams } from "expo-router";
import { RecordForm } from "../../../blocks/RecordForm";

export default function RecordRoute() {
  const { screen, id } = useLocalSearchParams<{ screen: string; id: string }>();
  return <RecordForm screenKey={screen} id={id} />;
}
