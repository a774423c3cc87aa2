// The shape of app.spec.json. The generator writes it (and imports these types); the app reads it.

export type Language = "en" | "it" | "fr" | "es" | "de";
export type ThemeMode = "light" | "dark" | "system";
export type Period = "day" | "week" | "month" | "year";
export type FieldType =
  | "text"
  | "longtext"
  | "number"
  | "money"
  | "date"
  | "rating"
  | "choice"
  | "check"
  | "time"
  | "duration"
  | "weekday"
  | "photo";
export type Value = string | number | boolean;
export type RecordData = { id: string; [field: string]: Value };

/** A value worked out from two numbers of the same record: each operand a field's key (a number, money or
 * duration field) or a constant. `difference` is the first less the second, `ratio` the first over the second,
 * `percent` the first as a percentage of the second. */
export interface Formula {
  op: "difference" | "sum" | "product" | "ratio" | "percent";
  of: [string | number, string | number];
}

export interface FieldSpec {
  key: string;
  label: string;
  type: FieldType;
  options?: string[];
  /** The field is computed from others of its record, never typed: the form shows it, lists show it. */
  formula?: Formula;
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
  | "goal"
  | "timetable"
  | "log"
  | "people"
  | "settings"
  | "about";

/** What a log's figure computes: a count of entries, or the total, average, highest or lowest value of a field
 * (a personal best). */
export type Aggregate = "count" | "total" | "average" | "max" | "min";

/** One figure a log shows per period: a count of entries, or the total, average, highest or lowest of a field. */
export interface Figure {
  aggregate: Aggregate;
  /** The number, money or duration field the figure is of, unless it counts. */
  field?: string;
  period?: Period;
  unit?: string;
  currency?: string;
  /** The field whose values the figure ranks, highest first, over the current period (all time without one):
   * who or what did most. */
  by?: string;
}

/** A bound on a number field: a record below `below` or above `above` is flagged. */
export interface Flag {
  field: string;
  below?: number;
  above?: number;
}

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
  mode?: "flashcards" | "quiz" | "choice";
  /** `typed`: the user types each unit's rate in the first unit (currencies the prompt gives no rate for). */
  conversions?: { group: string; units: { label: string; factor: number }[]; typed?: boolean }[];
  currency?: string;
  /** A date field shown as the days left until it (an event countdown). */
  countdownField?: string;
  /** The countdown's date comes round every year (a birthday): the days left are to its next return. */
  countdownYearly?: boolean;
  /** A calculator's tip section: the starting tip percentage and how many people share the bill. */
  tipPercent?: number;
  people?: number;
  /** A field the list is sorted by: numbers, amounts and ratings highest first, anything else A to Z. */
  sortField?: string;
  /** The order the prompt asks of the sort ("newest first", "dal meno caro"); absent: as `sortField` says. */
  sortOrder?: "ascending" | "descending";
  /** A yes/no field counted over the list ("Confirmed: 12 / 40"). */
  countField?: string;
  /** A tracker's daily goal, shown against today's total; a goal screen's target for each period. */
  goal?: number;
  /** The goal's amount is a reading of a state (a body weight): the latest reading counts, from the first. */
  level?: boolean;
  /** The goal is a limit not to pass ("no more than 3 a day"): what is left under it, or how far past it. */
  limit?: boolean;
  /** The span a goal's progress or a log's aggregates are counted over; absent: all time (goal), day (log). */
  period?: Period;
  /** A goal's figure still needed (a limit's still allowed) per this period until its deadline, else until its
   * period ends: what is left of the target over the periods left; `next`: the goal is of the records' average,
   * and the figure is the value the next record needs for the average to reach it. */
  needed?: Period | "next";
  /** The day a goal's target is to be reached by: an ISO date, or a month and day with no year ("--08-31"). */
  deadline?: string;
  /** A timetable's weekday field and end-time field. */
  weekdayField?: string;
  endField?: string;
  /** Fields shown under a timetable entry (room, teacher). */
  detailFields?: string[];
  /** A reminder's weekdays: a text field of ISO weekday numbers ("1,3,5" is Monday, Wednesday, Friday). */
  weekdaysField?: string;
  /** A reminder's days of the month: a text field of day numbers ("1,15"); set, it rings monthly on them. */
  monthDaysField?: string;
  /** A log entry's duration field (minutes). */
  durationField?: string;
  /** What a log shows per period: how many entries, or the total, average, highest or lowest of its amount
   * (else duration). */
  aggregate?: Aggregate;
  /** A log's figures per period, each charted on its own; absent: the one of aggregate, period and amount. */
  figures?: Figure[];
  /** People: the field naming whose task it is, its points, and the rewards bought with points. */
  personField?: string;
  pointsField?: string;
  rewards?: { label: string; points: number }[];
  /** Records whose number is out of the bounds the prompt sets ("red when under 4 or over 10"), shown marked. */
  flags?: Flag[];
  /** A multiple-choice quiz: the fields holding the choices and the one holding the right choice's text. */
  choiceFields?: string[];
  answerField?: string;
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
  /** Light, dark or the device's setting; absent: light. The settings screen's switch overrides it. */
  theme?: ThemeMode;
  /** "large": every text and control is drawn bigger; absent: the usual sizes. */
  textSize?: "large";
  /** "high": text, borders and the accent drawn at their strongest contrast; absent: the usual colours. */
  contrast?: "high";
  features: string[];
  entities: EntitySpec[];
  screens: ScreenSpec[];
  /** The app's identifier (package name, scheme, bundle id), fixed by its first name; absent: from the name. */
  slug?: string;
  /** The prompts applied so far, oldest first; empty for a project's starting template. */
  prompts: string[];
}
