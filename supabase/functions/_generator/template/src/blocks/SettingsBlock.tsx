// Settings: dark mode, the accent colour, and wiping the data kept on the device.
import { Pressable, StyleSheet, Switch, View } from "react-native";
import { Body, Button, Card, Row, Screen } from "../components/ui";
import { clearStoredData } from "../lib/storage";
import { t } from "../lib/strings";
import { ACCENTS, useAppearance, useDark, useTheme } from "../lib/theme";

export function SettingsBlock(_props: { screenKey: string }) {
  const [appearance, setAppearance] = useAppearance();
  const dark = useDark();
  const theme = useTheme();
  return (
    <Screen>
      <Card>
        <Row>
          <View style={styles.grow}>
            <Body>{t.darkMode}</Body>
          </View>
          <Switch
            accessibilityLabel={t.darkMode}
            value={dark}
            onValueChange={(dark) => setAppearance({ ...appearance, dark })}
          />
        </Row>
      </Card>
      <Card>
        <Body>{t.accent}</Body>
        <Row>
          {ACCENTS.map((accent) => (
            <Pressable
              key={accent}
              accessibilityRole="button"
              accessibilityLabel={accent}
              accessibilityState={{ selected: appearance.accent === accent }}
              onPress={() => setAppearance({ ...appearance, accent })}
              style={[styles.swatch, { backgroundColor: accent }, appearance.accent === accent ? [styles.selected, { borderColor: theme.text }] : null]}
            />
          ))}
        </Row>
      </Card>
      <Button label={t.clearData} variant="danger" onPress={() => void clearStoredData()} />
    </Screen>
  );
}

const styles = StyleSheet.create({
  grow: { flex: 1 },
  swatch: { borderRadius: 18, height: 36, width: 36 },
  selected: { borderWidth: 3 },
});
