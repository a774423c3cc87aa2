// The shape of app.spec.json. The generator writes it (and imports these types); the app reads it.

export type Language = "en" | "it";
export type FieldType = "text" | "longtext" | "number" | "money" | "date" | "rating" | "choice" | "check";
export type Value = string | number | boolean;
export type RecordData = { id: string; [field: string]: Value };

export interface FieldSpec {
  key: string;
  label: string;
  type: FieldType;
  options?: string[];
}

export interface EntitySpec {
  key: string;
  label: string;
  plural: string;
  fields: FieldSpec[];
  samples: RecordData[];
}

export type BlockName =
  | "collection"
  | "habits"
  | "budget"
  | "split"
  | "timer"
  | "quiz"
  | "chat"
  | "dashboard"
  | "calculator"
  | "converter"
  | "catalog"
  | "cart"
  | "tracker"
  | "reminders"
  | "settings"
  | "about";

export interface ScreenOptions {
  search?: boolean;
  categoryField?: string;
  checkField?: string;
  amountField?: string;
  dateField?: string;
  valueField?: string;
  unit?: string;
  chart?: boolean;
  timeField?: string;
  phases?: { label: string; minutes: number }[];
  rounds?: number;
  mode?: "flashcards" | "quiz";
  conversions?: { group: string; units: { label: string; factor: number }[] }[];
  currency?: string;
  /** A date field shown as the days left until it (an event countdown). */
  countdownField?: string;
  /** A calculator's tip section: the starting tip percentage and how many people share the bill. */
  tipPercent?: number;
  people?: number;
  /** A field the list is sorted by: numbers, amounts and ratings highest first, anything else A to Z. */
  sortField?: string;
  /** A yes/no field counted over the list ("Confirmed: 12 / 40"). */
  countField?: string;
  /** A tracker's daily goal, shown against today's total. */
  goal?: number;
}

export interface ScreenSpec {
  key: string;
  title: string;
  icon: string;
  block: BlockName;
  entity?: string;
  options: ScreenOptions;
}

export interface AppSpec {
  version: 1;
  kind: string;
  name: string;
  description: string;
  language: Language;
  tier: "light" | "full";
  accent: string;
  features: string[];
  entities: EntitySpec[];
  screens: ScreenSpec[];
  /** The prompts applied so far, oldest first; empty for a project's starting template. */
  prompts: string[];
}
