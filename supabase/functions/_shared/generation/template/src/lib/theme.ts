// Colours follow the spec's accent; the settings screen (full tier) can switch to dark mode or another accent.
import { spec } from "../spec";
import { usePersistentState } from "./storage";

export interface Theme {
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
  dark: boolean;
  accent: string;
}

export function useAppearance() {
  return usePersistentState<Appearance>("appearance", { dark: false, accent: spec.accent });
}

export function useTheme(): Theme {
  const [appearance] = useAppearance();
  const base = appearance.dark
    ? { background: "#0F172A", surface: "#1E293B", text: "#F1F5F9", muted: "#94A3B8", border: "#334155" }
    : { background: "#F5F6FA", surface: "#FFFFFF", text: "#1F2937", muted: "#6B7280", border: "#E5E7EB" };
  return { ...base, accent: appearance.accent, onAccent: "#FFFFFF", danger: "#DC2626" };
}

export const spacing = { xs: 4, sm: 8, md: 16, lg: 24 };
