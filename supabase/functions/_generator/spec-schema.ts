// The one schema of app.spec.json, for every adapter: the offline generator's specs and a model's answer are
// held to it, and the type it describes is the template's own (template/src/types.ts), checked below at
// compile time so the two cannot drift. It also gives the model its JSON schema, rewritten into the form a
// provider's strict structured output accepts, and reads the answer back from that form.
import { z } from "zod";
import type { GeneratedFile } from "../_shared/ports/generation.ts";
import { KINDS } from "./compose-spec/kinds.ts";
import { SPEC_PATH } from "./compose.ts";
import type {
  AppSpec,
  BlockName,
  FieldType,
  Language,
  ScreenOptions as Options,
} from "./template/src/types.ts";

const BLOCKS = [
  "collection",
  "habits",
  "budget",
  "split",
  "timer",
  "quiz",
  "chat",
  "dashboard",
  "calculator",
  "converter",
  "catalog",
  "cart",
  "tracker",
  "reminders",
  "goal",
  "timetable",
  "log",
  "people",
  "settings",
  "about",
] as const satisfies readonly BlockName[];

const FIELD_TYPES = [
  "text",
  "longtext",
  "number",
  "money",
  "date",
  "rating",
  "choice",
  "check",
  "time",
  "duration",
  "weekday",
  "photo",
] as const satisfies readonly FieldType[];

export const LANGUAGES = ["en", "it", "fr", "es", "de"] as const satisfies readonly Language[];

// Keys name route files and record fields: an identifier, as the offline generator makes them.
const Key = z.string().regex(/^[a-z][A-Za-z0-9]{0,39}$/, "must be a camelCase identifier (a-z first)");
const Label = z.string().trim().min(1).max(60);
const Value = z.union([z.string(), z.number(), z.boolean()]);

const Field = z.object({
  key: Key,
  label: Label,
  type: z.enum(FIELD_TYPES).describe(
    'date: YYYY-MM-DD; time: HH:MM; duration: minutes; weekday: 1 (Monday) to 7 (Sunday); money: a number; photo: an image URI, "" when none',
  ),
  options: z.array(Label).min(1).optional().describe("the choices of a choice field"),
  formula: z.object({
    op: z.enum(["difference", "sum", "product", "ratio", "percent"]),
    of: z.tuple([z.union([Key, z.number()]), z.union([Key, z.number()])]),
  }).optional().describe(
    "a value computed from two numbers of the record (field keys or constants), never typed: difference is the first less the second, ratio the first over the second, percent the first as a percentage of the second",
  ),
});

const Entity = z.object({
  key: Key,
  label: Label.describe("one record, e.g. Recipe"),
  plural: Label.describe("many records, e.g. Recipes"),
  fields: z.array(Field).min(1),
  samples: z.array(
    z.object({ id: z.string().min(1) }).catchall(Value).describe(
      "a record: its id and a value per field key",
    ),
  ),
});

// Options that name a field of the screen's entity, with the field types they accept (any when absent).
const FIELD_OPTIONS: { [K in keyof Options]?: readonly FieldType[] | null } = {
  categoryField: null,
  checkField: null,
  amountField: null,
  dateField: null,
  valueField: null,
  timeField: null,
  countdownField: null,
  sortField: null,
  countField: null,
  weekdayField: ["weekday"],
  endField: ["time"],
  detailFields: null,
  weekdaysField: ["text"],
  monthDaysField: ["text"],
  durationField: ["duration"],
  personField: ["choice"],
  pointsField: ["number"],
  choiceFields: ["text"],
  answerField: ["text"],
};

// What a block cannot work without, besides its entity.
const REQUIRED: Partial<Record<BlockName, (keyof Options)[]>> = {
  goal: ["goal"],
  timetable: ["weekdayField", "timeField"],
  log: ["dateField", "timeField"],
  people: ["personField", "pointsField", "checkField"],
};

const Period = z.enum(["day", "week", "month", "year"]);

// A count of entries, or the total, average, highest or lowest value of a field (a personal best).
const Aggregate = z.enum(["count", "total", "average", "max", "min"]);

const Figure = z.object({
  aggregate: Aggregate,
  field: Key.optional().describe("the number, money or duration field the figure is of, unless it counts"),
  period: Period.optional().describe("absent: day"),
  unit: z.string().max(20).optional(),
  currency: z.string().max(10).optional(),
  by: Key.optional().describe(
    "the field whose values the figure ranks, highest first, over the current period (all time without one)",
  ),
});

const ScreenOptions = z.object({
  search: z.boolean().optional(),
  categoryField: Key.optional(),
  checkField: Key.optional(),
  amountField: Key.optional(),
  dateField: Key.optional(),
  valueField: Key.optional(),
  unit: z.string().max(20).optional(),
  chart: z.boolean().optional(),
  timeField: Key.optional().describe(
    "reminders: the text field of a reminder's times (HH:MM, several joined by commas); a timetable or log: " +
      "its time field",
  ),
  phases: z.array(z.object({ label: Label, minutes: z.number().positive() })).optional().describe(
    "a timer's phases in order; minutes may be fractions (0.5 is 30 seconds)",
  ),
  rounds: z.number().int().positive().optional(),
  mode: z.enum(["flashcards", "quiz", "choice"]).optional().describe(
    "a quiz: flashcards (question and answer flipped), or choice (multiple choice: choiceFields, answerField)",
  ),
  conversions: z.array(z.object({
    group: Label,
    units: z.array(z.object({ label: Label, factor: z.number().positive() })).min(2),
    typed: z.boolean().optional().describe(
      "the user types each unit's rate in the first unit, which the factors then do not hold (currencies the " +
        "prompt gives no rate for)",
    ),
  })).optional(),
  currency: z.string().max(10).optional(),
  countdownField: Key.optional(),
  countdownYearly: z.boolean().optional().describe(
    "a countdown's date comes round every year (a birthday): the days left are to its next return",
  ),
  tipPercent: z.number().min(0).max(100).optional(),
  people: z.number().int().min(1).max(50).optional(),
  sortField: Key.optional(),
  sortOrder: z.enum(["ascending", "descending"]).optional().describe(
    "the order the prompt asks of the sort (newest first, cheapest first); absent: numbers highest first, text A to Z",
  ),
  countField: Key.optional(),
  goal: z.number().positive().optional().describe(
    "the target: a tracker's daily goal; a goal screen's target for each period (4000 saved, 20 books, 2 litres)",
  ),
  level: z.boolean().optional().describe(
    "a goal screen: its amount is a reading of a state (a body weight): progress is the latest reading, from the " +
      "first, not the readings added up",
  ),
  limit: z.boolean().optional().describe(
    "a goal screen: its goal is a limit not to pass (no more than 3 a day), shown as what is left under it",
  ),
  period: Period.optional().describe(
    "a goal screen: the period its target is for (absent: all time); a log screen: the period its summary " +
      "counts by (absent: day)",
  ),
  needed: z.union([Period, z.literal("next")]).optional().describe(
    "a goal screen: shows what is still needed (a limit: still allowed) per this period until its deadline, else " +
      "until its period ends; next: its goal is of the records' average, shown with the value the next one needs",
  ),
  deadline: z.string().regex(/^(\d{4}|-)-\d{2}-\d{2}$/).optional().describe(
    'a goal screen: the day its target is to be reached by, an ISO date or a month and day ("--08-31")',
  ),
  weekdayField: Key.optional().describe("a timetable: the weekday field each entry is on"),
  endField: Key.optional().describe("a timetable: the time field the entry ends at"),
  detailFields: z.array(Key).optional().describe(
    "a timetable: fields shown under an entry, e.g. room, teacher",
  ),
  weekdaysField: Key.optional().describe(
    'reminders: a text field of ISO weekday numbers the reminder rings on ("1,3,5"; empty: every day)',
  ),
  monthDaysField: Key.optional().describe(
    'reminders: a text field of the days of the month the reminder rings on ("1,15"); when it holds any, ' +
      "the reminder is monthly on them and its weekdays do not count",
  ),
  durationField: Key.optional().describe(
    "a log: the duration field (minutes) of an entry, e.g. a feed's length",
  ),
  aggregate: Aggregate.optional().describe(
    "a log: per period, how many entries, or the total, average, highest or lowest of amountField (else " +
      "durationField)",
  ),
  figures: z.array(Figure).min(1).max(4).optional().describe(
    "a log asked for several figures (how much earned per month and how many hours): each charted per its " +
      "period, the first the one of aggregate, period and amountField; absent: that one alone",
  ),
  flags: z.array(
    z.object({ field: Key, below: z.number().optional(), above: z.number().optional() })
      .refine((flag) => flag.below !== undefined || flag.above !== undefined, "a flag needs a bound"),
  ).min(1).max(4).optional().describe(
    "a collection or a log: records whose number field is below `below` or above `above` are shown marked " +
      "(a reading out of its safe range, stock under its minimum)",
  ),
  personField: Key.optional().describe(
    "people: the choice field naming whose task it is (its options: the people)",
  ),
  pointsField: Key.optional().describe("people: the number field of points a done task earns"),
  rewards: z.array(z.object({ label: Label, points: z.number().int().positive() })).optional().describe(
    "people: rewards a person can redeem with points",
  ),
  choiceFields: z.array(Key).min(2).max(6).optional().describe(
    'a quiz in mode "choice": the text fields holding a question\'s choices',
  ),
  answerField: Key.optional().describe(
    'a quiz in mode "choice": the text field holding the right choice, word for word as one of the choices',
  ),
});

const Screen = z.object({
  key: Key.refine((key) => key !== "index", "index is reserved for the first tab"),
  title: Label,
  icon: z.string().trim().min(1).max(40).describe(
    "an Ionicons name from @expo/vector-icons, e.g. list-outline, cart-outline, timer-outline (anything else draws a circle)",
  ),
  block: z.enum(BLOCKS).describe(
    "the building block that renders the screen. goal: a target (goal) with progress, amountField summed " +
      "over the period (absent: records counted); timetable: a weekly schedule by weekdayField and timeField; log: events at dateField " +
      "and timeField (optional durationField, amountField) with today's summary and a count, total or " +
      "average per period; people: tasks per person (personField) earning pointsField when checkField is " +
      'ticked, redeemed for rewards; quiz: flashcards, or multiple choice in mode "choice"; reminders: ' +
      'notifications at the times in timeField (several: "08:00, 20:00"), on weekdaysField\'s days or each ' +
      "month on monthDaysField's",
  ),
  entity: Key.optional().describe("the key of the entity the screen shows"),
  options: ScreenOptions,
});

/** The spec's fields, without the cross-checks (a model's answer carries all but version, tier, prompts). */
export const AppSpecShape = z.object({
  version: z.literal(1),
  kind: z.string().describe(
    `what the app does, most important first, joined with "+": ${KINDS.join(", ")}`,
  ),
  name: z.string().min(1).max(30).refine((name) => name === name.trim() && !/\p{Cc}/u.test(name), {
    message: "must be one trimmed line",
  }).describe(
    "a short name in the UI language: Title Case in English, sentence case in Italian, French and Spanish, " +
      "nouns capitalized in German",
  ),
  description: z.string().min(1).max(300).refine(
    (text) => !/\p{Cc}/u.test(text) && !/[.!?]\s+\p{Lu}/u.test(text.trim()),
    { message: "must be one sentence" },
  ).describe("one sentence saying what the app does"),
  language: z.enum(LANGUAGES).describe("the UI language"),
  tier: z.enum(["light", "full"]),
  accent: z.string().regex(/^#[0-9A-Fa-f]{6}$/, "must be a colour like #4F46E5"),
  textSize: z.literal("large").optional().describe("large type and controls, when the prompt asks for them"),
  contrast: z.literal("high").optional().describe("the strongest contrast of text and borders, when asked"),
  theme: z.enum(["light", "dark", "system"]).optional().describe(
    "light or dark colours, or the device's setting (absent: light)",
  ),
  features: z.array(z.string().trim().min(1).max(200)).min(1),
  entities: z.array(Entity),
  screens: z.array(Screen).min(1),
  slug: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/).optional().describe(
    "set by the service from the app's first name",
  ),
  prompts: z.array(z.string()),
});

type SpecParts = Pick<AppSpec, "kind" | "entities" | "screens">;

// The kinds of the specs projects already carry, named by the app they were (before kinds were asks), so
// that a follow-up still reads such a spec as the app's.
const EARLIER_KINDS = [
  "todo",
  "shopping",
  "packing",
  "habits",
  "journal",
  "mood",
  "recipes",
  "books",
  "plants",
  "budget",
  "pomodoro",
  "intervals",
  "tracker",
  "flashcards",
  "chat",
  "dashboard",
  "converter",
  "events",
  "generic",
];

/** What a schema cannot say: known kinds, unique keys, and references that name what exists. */
export function checkSpec(spec: SpecParts, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: "custom", path, message });
  const kinds = spec.kind.split("+");
  const known = (kind: string) => KINDS.includes(kind) || EARLIER_KINDS.includes(kind);
  if (kinds.some((kind) => !known(kind)) || new Set(kinds).size !== kinds.length) {
    issue(["kind"], `must be known kinds joined with "+" (${KINDS.join(", ")})`);
  }
  const entities = new Map(spec.entities.map((entity) => [entity.key, entity]));
  if (entities.size !== spec.entities.length) issue(["entities"], "two entities have the same key");
  spec.entities.forEach((entity, index) => {
    const keys = new Set(entity.fields.map((field) => field.key));
    if (keys.size !== entity.fields.length) {
      issue(["entities", index, "fields"], "two fields have the same key");
    }
    // A computed field works out typed numbers of its own record: fields of a number, money or a duration.
    entity.fields.forEach((field, fieldIndex) => {
      field.formula?.of.forEach((of, operand) => {
        if (typeof of === "number") return;
        const named = entity.fields.find((candidate) => candidate.key === of);
        if (!named || named.formula || !["number", "money", "duration"].includes(named.type)) {
          issue(
            ["entities", index, "fields", fieldIndex, "formula", "of", operand],
            `names ${of}, which is no typed number of ${entity.key}`,
          );
        }
      });
    });
  });
  const screens = new Set(spec.screens.map((screen) => screen.key));
  if (screens.size !== spec.screens.length) issue(["screens"], "two screens have the same key");
  spec.screens.forEach((screen, index) => {
    const entity = screen.entity === undefined ? undefined : entities.get(screen.entity);
    if (screen.entity !== undefined && !entity) {
      issue(["screens", index, "entity"], `names ${screen.entity}, which is not an entity`);
    }
    const path = ["screens", index, "options"];
    for (const [option, types] of Object.entries(FIELD_OPTIONS) as [keyof Options, FieldType[] | null][]) {
      const named = screen.options[option] as string | string[] | undefined;
      if (named === undefined || !entity) continue;
      for (const key of [named].flat()) {
        const field = entity.fields.find((candidate) => candidate.key === key);
        if (!field) issue([...path, option], `names ${key}, which is not a field of ${entity.key}`);
        else if (types && !types.includes(field.type)) {
          issue([...path, option], `names ${key}, which is not a ${types.join(" or ")} field`);
        }
      }
    }
    screen.options.figures?.forEach((figure, figureIndex) => {
      if (
        figure.by !== undefined && entity && !entity.fields.some((candidate) => candidate.key === figure.by)
      ) {
        issue(
          [...path, "figures", figureIndex, "by"],
          `names ${figure.by}, which is not a field of ${entity.key}`,
        );
      }
      if (figure.field === undefined || !entity) return;
      const field = entity.fields.find((candidate) => candidate.key === figure.field);
      if (!field || !["number", "money", "duration"].includes(field.type)) {
        issue(
          [...path, "figures", figureIndex, "field"],
          `names ${figure.field}, which is no number of ${entity.key}`,
        );
      }
    });
    screen.options.flags?.forEach((flag, flagIndex) => {
      const field = entity?.fields.find((candidate) => candidate.key === flag.field);
      if (entity && (!field || !["number", "money", "duration", "rating"].includes(field.type))) {
        issue(
          [...path, "flags", flagIndex, "field"],
          `names ${flag.field}, which is no number of ${entity.key}`,
        );
      }
    });
    const needs = [...(REQUIRED[screen.block] ?? [])];
    const choice = screen.block === "quiz" && screen.options.mode === "choice";
    if (choice) needs.push("choiceFields", "answerField");
    if (needs.length > 0 && screen.entity === undefined) {
      issue(["screens", index, "entity"], `a ${screen.block} screen needs an entity`);
    }
    for (const option of needs) {
      if (screen.options[option] === undefined) issue([...path, option], `a ${screen.block} screen needs it`);
    }
    if (
      screen.block === "goal" && screen.options.period && entity &&
      !entity.fields.some((f) => f.type === "date")
    ) {
      issue([...path, "period"], `needs a date field in ${entity.key} to place records in periods`);
    }
    const { choiceFields, answerField } = screen.options;
    if (choice && entity && choiceFields && answerField) {
      entity.samples.forEach((sample, sampleIndex) => {
        if (!choiceFields.some((key) => sample[key] === sample[answerField])) {
          issue(
            ["entities", spec.entities.indexOf(entity), "samples", sampleIndex, answerField],
            "is none of the choices",
          );
        }
      });
    }
  });
}

export const AppSpecSchema = AppSpecShape.superRefine(checkSpec);

// The schema describes exactly the template's AppSpec, both ways: a field added to one and not the other
// fails type checking here.
type Exactly<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
const sameShape: Exactly<z.infer<typeof AppSpecSchema>, AppSpec> = true;
void sameShape;

/** The spec a project carries, when it holds to the schema. */
export function readStoredSpec(files: GeneratedFile[]): AppSpec | undefined {
  const file = files.find((candidate) => candidate.path === SPEC_PATH);
  if (!file) return undefined;
  try {
    const parsed = AppSpecSchema.safeParse(JSON.parse(file.contents));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Strict structured output: every property required and no others, optional ones nullable, no open-ended
// objects. A record's fields (an object with any keys) travel as a list of {key, value} entries.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The strict form of a JSON schema. Bounds such as lengths and patterns are left out (providers' strict
 * modes reject many of them): the answer is validated against the full schema after it is read back.
 */
export function strictJsonSchema(node: JsonSchema): JsonSchema {
  const described = node.description ? { description: node.description } : {};
  if (node.anyOf) return { anyOf: node.anyOf.map(strictJsonSchema), ...described };
  if (Array.isArray(node.type)) {
    return { anyOf: node.type.map((type) => strictJsonSchema({ ...node, type })), ...described };
  }
  if (node.type === "array") {
    return { type: "array", items: strictJsonSchema(node.items ?? {}), ...described };
  }
  if (node.type === "object" && isObject(node.additionalProperties)) {
    return {
      type: "array",
      description: `${node.description ?? "an object"}, as {key, value} entries`,
      items: {
        type: "object",
        properties: { key: { type: "string" }, value: strictJsonSchema(node.additionalProperties) },
        required: ["key", "value"],
        additionalProperties: false,
      },
    };
  }
  if (node.type === "object") {
    const required = new Set(node.required ?? []);
    const properties = Object.fromEntries(
      Object.entries(node.properties ?? {}).map(([key, child]) => {
        const strict = strictJsonSchema(child);
        return [key, required.has(key) ? strict : { anyOf: [strict, { type: "null" }] }];
      }),
    );
    return {
      type: "object",
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
      ...described,
    };
  }
  const kept: JsonSchema = { ...described };
  if (node.type) kept.type = node.type;
  if (node.enum) kept.enum = node.enum;
  if ("const" in node) kept.const = node.const;
  return kept;
}

/** A value in the strict form read back into the schema's own: nulls of optional properties dropped, entries
 * made objects again. What does not fit is passed on as it is, for the schema to report. */
export function fromStrictJson(node: JsonSchema, value: unknown): unknown {
  if (node.type === "array" && Array.isArray(value)) {
    return value.map((item) => fromStrictJson(node.items ?? {}, item));
  }
  if (node.type !== "object") return value;
  const open = node.additionalProperties;
  if (isObject(open) && Array.isArray(value)) {
    if (!value.every((entry) => isObject(entry) && typeof entry.key === "string")) return value;
    return Object.fromEntries(
      value.map((entry) => [entry.key as string, fromStrictJson(open, (entry as { value: unknown }).value)]),
    );
  }
  if (!isObject(value)) return value;
  const required = new Set(node.required ?? []);
  const read: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (child === null && !required.has(key) && node.properties?.[key]) continue;
    read[key] = node.properties?.[key] ? fromStrictJson(node.properties[key], child) : child;
  }
  return read;
}
