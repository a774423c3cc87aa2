// About: the app's name, description and what it can do, from the spec.
import Constants from "expo-constants";
import { Body, Card, Screen, Title } from "../components/ui";
import { t } from "../lib/strings";
import { spec } from "../spec";

export function AboutBlock(_props: { screenKey: string }) {
  return (
    <Screen>
      <Card>
        <Title>{spec.name}</Title>
        <Body muted>{`${t.version} ${Constants.expoConfig?.version ?? "1.0.0"}`}</Body>
        <Body>{spec.description}</Body>
      </Card>
      <Card>
        <Body muted>{t.features}</Body>
        {spec.features.map((feature) => <Body key={feature}>{`• ${feature}`}</Body>)}
      </Card>
    </Screen>
  );
}
