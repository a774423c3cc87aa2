// The app's spec: what the generator decided from the prompt. Screens, entities and sample data all come
// from app.spec.json, so a follow-up prompt changes the app by changing that file.
import raw from "../app.spec.json";
import type { AppSpec, EntitySpec, ScreenSpec } from "./types";

export type * from "./types";

// JSON imports are typed by their sample contents; the shape above is what the generator guarantees.
export const spec = raw as unknown as AppSpec;

export function screenOf(key: string): ScreenSpec {
  const screen = spec.screens.find((candidate) => candidate.key === key);
  if (!screen) throw new Error(`No screen ${key} in app.spec.json`);
  return screen;
}

export function entityOf(screen: ScreenSpec): EntitySpec {
  const entity = spec.entities.find((candidate) => candidate.key === screen.entity);
  if (!entity) throw new Error(`Screen ${screen.key} names no entity of app.spec.json`);
  return entity;
}
