// A bar chart drawn with plain views: no native chart library to install or link.
import { StyleSheet, Text, View } from "react-native";
import { formatNumber } from "../lib/format";
import { font, spacing, useTheme } from "../lib/theme";

export interface Bar {
  label: string;
  value: number;
}

export function BarChart({ bars, format = formatNumber }: { bars: Bar[]; format?: (value: number) => string }) {
  const theme = useTheme();
  const max = Math.max(1, ...bars.map((bar) => Math.abs(bar.value)));
  return (
    <View style={styles.chart} accessibilityRole="summary">
      {bars.map((bar) => (
        <View key={bar.label} style={styles.row}>
          <Text style={[styles.label, { color: theme.muted }]} numberOfLines={1}>
            {bar.label}
          </Text>
          <View style={[styles.track, { backgroundColor: theme.border }]}>
            <View
              style={[styles.bar, { backgroundColor: theme.accent, width: `${(Math.abs(bar.value) / max) * 100}%` }]}
            />
          </View>
          <Text style={[styles.value, { color: theme.text }]}>{format(bar.value)}</Text>
        </View>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
  chart: { gap: spacing.sm },
  row: { alignItems: "center", flexDirection: "row", gap: spacing.sm },
  label: { fontSize: font(13), width: 90 },
  track: { borderRadius: 6, flex: 1, height: 14, overflow: "hidden" },
  bar: { borderRadius: 6, height: 14 },
  value: { fontSize: font(13), minWidth: 64, textAlign: "right" },
});
