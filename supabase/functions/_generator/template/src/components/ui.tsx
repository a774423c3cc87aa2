// The small set of themed primitives every building block is made of.
import Ionicons from "@expo/vector-icons/Ionicons";
import type { ReactNode } from "react";
import {
  type ColorValue,
  Pressable,
  ScrollView,
  StyleSheet,
  Text,
  TextInput,
  type TextInputProps,
  View,
} from "react-native";
import { font, spacing, useTheme } from "../lib/theme";

export function Screen({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return (
    <ScrollView
      style={{ backgroundColor: theme.background }}
      contentContainerStyle={styles.screen}
      keyboardShouldPersistTaps="handled"
    >
      {children}
    </ScrollView>
  );
}

export function Card({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return <View style={[styles.card, { backgroundColor: theme.surface, borderColor: theme.border }]}>{children}</View>;
}

export function Title({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return <Text style={[styles.title, { color: theme.text }]}>{children}</Text>;
}

export function Body({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  const theme = useTheme();
  return <Text style={[styles.body, { color: muted ? theme.muted : theme.text }]}>{children}</Text>;
}

export function Button({
  label,
  onPress,
  variant = "primary",
  disabled = false,
}: {
  label: string;
  onPress: () => void;
  variant?: "primary" | "secondary" | "danger";
  disabled?: boolean;
}) {
  const theme = useTheme();
  const background = variant === "primary" ? theme.accent : variant === "danger" ? theme.danger : theme.surface;
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityState={{ disabled }}
      disabled={disabled}
      onPress={onPress}
      style={({ pressed }) => [
        styles.button,
        { backgroundColor: background, borderColor: theme.border, opacity: pressed || disabled ? 0.6 : 1 },
      ]}
    >
      <Text style={[styles.buttonLabel, { color: variant === "secondary" ? theme.text : theme.onAccent }]}>
        {label}
      </Text>
    </Pressable>
  );
}

export function Input(props: TextInputProps) {
  const theme = useTheme();
  return (
    <TextInput
      placeholderTextColor={theme.muted}
      {...props}
      style={[
        styles.input,
        { backgroundColor: theme.surface, borderColor: theme.border, color: theme.text },
        props.multiline ? styles.multiline : null,
      ]}
    />
  );
}

export function Chip({ label, active, onPress }: { label: string; active: boolean; onPress: () => void }) {
  const theme = useTheme();
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityState={{ selected: active }}
      aria-selected={active}
      onPress={onPress}
      style={[styles.chip, { backgroundColor: active ? theme.accent : theme.surface, borderColor: theme.border }]}
    >
      <Text style={{ color: active ? theme.onAccent : theme.text }}>{label}</Text>
    </Pressable>
  );
}

/**
 * A vector icon by its Ionicons name (the spec's screen icons); fonts ship with the app, so icons look the
 * same on every platform. An unknown name, such as an emoji from an older spec, draws a plain circle.
 */
export function Icon({ name, color, size = 18 }: { name: string; color: ColorValue; size?: number }) {
  const glyph = (name in Ionicons.glyphMap ? name : "ellipse-outline") as keyof typeof Ionicons.glyphMap;
  return <Ionicons name={glyph} color={color} size={size} />;
}

/** A bar filled to `share` (0 to 1) in the accent colour. */
export function Progress({ share, label }: { share: number; label: string }) {
  const theme = useTheme();
  const percent = Math.round(Math.max(0, Math.min(1, share)) * 100);
  return (
    <View
      accessibilityRole="progressbar"
      accessibilityLabel={label}
      accessibilityValue={{ min: 0, max: 100, now: percent }}
      style={[styles.progress, { backgroundColor: theme.border }]}
    >
      <View style={[styles.progressFill, { backgroundColor: theme.accent, width: `${percent}%` }]} />
    </View>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <View style={styles.row}>{children}</View>;
}

export const styles = StyleSheet.create({
  screen: { padding: spacing.md, gap: spacing.md },
  card: { borderRadius: 14, borderWidth: 1, gap: spacing.sm, padding: spacing.md },
  title: { fontSize: font(22), fontWeight: "700" },
  body: { fontSize: font(16), lineHeight: font(22) },
  button: {
    alignItems: "center",
    borderRadius: 10,
    borderWidth: 1,
    justifyContent: "center",
    paddingHorizontal: spacing.md,
    paddingVertical: spacing.sm + 2,
  },
  buttonLabel: { fontSize: font(16), fontWeight: "600" },
  input: { borderRadius: 10, borderWidth: 1, flexGrow: 1, fontSize: font(16), padding: spacing.sm },
  multiline: { minHeight: 96, textAlignVertical: "top" },
  chip: { borderRadius: 16, borderWidth: 1, paddingHorizontal: spacing.md, paddingVertical: spacing.xs + 2 },
  row: { alignItems: "center", flexDirection: "row", flexWrap: "wrap", gap: spacing.sm },
  progress: { borderRadius: 6, height: 12, overflow: "hidden" },
  progressFill: { height: 12 },
});
