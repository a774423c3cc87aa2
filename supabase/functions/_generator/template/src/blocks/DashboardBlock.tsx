// A dashboard over sample data: a tile per metric with its change, and a chart of the values.
import { StyleSheet, Text, View } from "react-native";
import { BarChart } from "../components/BarChart";
import { Card, Screen } from "../components/ui";
import { formatNumber } from "../lib/format";
import { titleField, useRecords } from "../lib/records";
import { font, spacing, useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";

export function DashboardBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const [metrics] = useRecords(entity);
  const label = titleField(entity);
  const { valueField = "value", amountField = "change", unit = "" } = screen.options;
  return (
    <Screen>
      <View style={styles.grid}>
        {metrics.map((metric) => {
          const change = Number(metric[amountField] ?? 0);
          return (
            <View key={metric.id} style={styles.tile}>
              <Card>
                <Text style={{ color: theme.muted }}>{String(metric[label.key])}</Text>
                <Text style={[styles.value, { color: theme.text }]}>
                  {`${formatNumber(Number(metric[valueField] ?? 0))}${unit}`}
                </Text>
                <Text style={{ color: change < 0 ? theme.danger : theme.accent }}>
                  {`${change < 0 ? "▼" : "▲"} ${formatNumber(Math.abs(change))}%`}
                </Text>
              </Card>
            </View>
          );
        })}
      </View>
      {screen.options.chart ? (
        <Card>
          <BarChart bars={metrics.map((m) => ({ label: String(m[label.key]), value: Number(m[valueField] ?? 0) }))} />
        </Card>
      ) : null}
    </Screen>
  );
}

const styles = StyleSheet.create({
  grid: { flexDirection: "row", flexWrap: "wrap", gap: spacing.sm },
  tile: { flexBasis: "47%", flexGrow: 1 },
  value: { fontSize: font(26), fontWeight: "700" },
});
