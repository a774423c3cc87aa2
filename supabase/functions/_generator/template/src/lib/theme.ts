// Colours follow the spec's accent and theme (light, dark or the device's setting); the settings screen (full
// tier) can switch dark mode on or off for good, or pick another accent.
import { useColorScheme } from "react-native";
import { spec } from "../spec";
import { usePersistentState } from "./storage";

export interface Theme {
  dark: boolean;
  accent: string;
  onAccent: string;
  background: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  danger: string;
}

export const ACCENTS = ["#4F46E5", "#0EA5E9", "#16A34A", "#EA580C", "#DB2777", "#7C3AED"];

export interface Appearance {
  /** The user's choice in settings; absent, the spec's theme decides. */
  dark?: boolean;
  accent: string;
}

export function useAppearance() {
  return usePersistentState<Appearance>("appearance", { accent: spec.accent });
}

/** Whether the app is dark now: the user's switch, else the spec's theme (the device's, for "system"). */
export function useDark(): boolean {
  const [appearance] = useAppearance();
  const device = useColorScheme();
  return appearance.dark ?? (spec.theme === "dark" || (spec.theme === "system" && device === "dark"));
}

export function useTheme(): Theme {
  const [appearance] = useAppearance();
  const dark = useDark();
  const usual = dark
    ? { background: "#0F172A", surface: "#1E293B", text: "#F1F5F9", muted: "#94A3B8", border: "#334155" }
    : { background: "#F5F6FA", surface: "#FFFFFF", text: "#1F2937", muted: "#6B7280", border: "#E5E7EB" };
  // High contrast, for eyes that see poorly: pure black and white, secondary text as strong as the rest.
  const strong = dark
    ? { background: "#000000", surface: "#000000", text: "#FFFFFF", muted: "#FFFFFF", border: "#FFFFFF" }
    : { background: "#FFFFFF", surface: "#FFFFFF", text: "#000000", muted: "#000000", border: "#000000" };
  const base = spec.contrast === "high" ? strong : usual;
  return { ...base, dark, accent: appearance.accent, onAccent: "#FFFFFF", danger: dark ? "#F87171" : "#DC2626" };
}

// A spec asking for large text draws every type size and gap bigger, so controls grow with their labels.
const SCALE = spec.textSize === "large" ? 1.3 : 1;

/** A type size (or line height) at the spec's text size. */
export function font(size: number): number {
  return Math.round(size * SCALE);
}

export const spacing = { xs: font(4), sm: font(8), md: font(16), lg: font(24) };
