// Tip percentages offered as alternatives ("with 15, 18 or 20% tip", `../understand/listed-values.ts`) are
// what a tip calculator's tip starts at and steps through, no records of their own: the choice is served by
// the calculator's tip section, which starts at the first of them.
import type { ScreenSpec } from "../template/src/types.ts";

/** The percentages of a choice whose every option is one ("15%", "18 %"), in order; none otherwise. */
export function percentages(options: string[]): number[] | undefined {
  const values = options.map((o) => /^\s*(\d+(?:[.,]\d+)?)\s*%\s*$/.exec(o)?.[1]);
  if (!values.length || values.some((v) => v === undefined)) return undefined;
  return values.map((v) => Number(v!.replace(",", ".")));
}

/** The calculator screen with a tip section that serves a choice of tip percentages, its tip set to the first. */
export function tipChoice(screens: ScreenSpec[], options: string[]): ScreenSpec | undefined {
  const tips = percentages(options);
  const screen = screens.find((s) => s.block === "calculator" && s.options.tipPercent !== undefined);
  if (!tips || !screen || tips[0] > 100) return undefined;
  if (!screen.options.tipPercent) screen.options.tipPercent = tips[0];
  return screen;
}
