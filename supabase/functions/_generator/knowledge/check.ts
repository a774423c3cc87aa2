// What a concept file must hold: concept.schema.json, and what the schema cannot say — the file sits at
// <domain>/<id>.json, sample values fit their fields, option lists match across languages, fixtures come in
// 3+ languages, no name in another language is one of its function words. The unit tests run it over every
// file; run directly, it lists the problems of all of them:
// deno run -A supabase/functions/_generator/knowledge/check.ts
import { Ajv2020 } from "ajv/dist/2020.js";
import schema from "./concept.schema.json" with { type: "json" };
import OTHER from "../understand/foreign.json" with { type: "json" };

const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
const languages = ["en", "it", "fr", "es", "de"] as const;
/** The languages a concept may name its subject in besides, read for the subject only (understand/foreign.ts). */
const others = ["pt", "nl", "pl", "sv", "da", "no", "tr", "ja", "ru"] as const;

type Field = {
  key: string;
  label: Record<string, string>;
  type: string;
  options?: Record<string, string[]>;
  range?: [number, number];
  currency?: string;
};

function checkValue(
  problems: string[],
  where: string,
  field: Field,
  language: string,
  value: unknown,
) {
  const bad = (why: string) => problems.push(`${where}: ${field.key} = ${JSON.stringify(value)} ${why}`);
  switch (field.type) {
    case "number":
    case "money":
    case "duration":
      if (typeof value !== "number") bad("is not a number");
      break;
    case "rating": {
      const [low, high] = field.range ?? [1, 5];
      if (typeof value !== "number" || value < low || value > high) bad(`is not a rating in ${low}..${high}`);
      break;
    }
    case "yesno":
      if (typeof value !== "boolean") bad("is not true/false");
      break;
    case "date":
      if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) bad("is not YYYY-MM-DD");
      break;
    case "time":
      if (typeof value !== "string" || !/^\d{2}:\d{2}$/.test(value)) bad("is not HH:MM");
      break;
    case "datetime":
      if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) {
        bad("is not YYYY-MM-DDTHH:MM");
      }
      break;
    case "choice":
      if (!field.options?.[language]?.includes(value as string)) bad(`is not one of the ${language} options`);
      break;
    default:
      if (typeof value !== "string" || value.trim() === "") bad("is not text");
  }
}

/** The problems of one concept file, read from `where` (`<domain>/<id>.json`); none when it is sound. */
// deno-lint-ignore no-explicit-any
export function conceptProblems(concept: any, where: string): string[] {
  const problems: string[] = [];
  // Validated as unknown, so the schema's inferred type does not narrow the concept read below.
  if (!validate(concept as unknown)) {
    return (validate.errors ?? []).map((error) => `${where}: ${error.instancePath} ${error.message}`);
  }
  if (where !== `${concept.domain}/${concept.id}.json`) {
    problems.push(`${where}: not named domain/id.json after its domain and id`);
  }
  const fields: Field[] = concept.fields;
  const keys = fields.map((field) => field.key);
  if (new Set(keys).size !== keys.length) problems.push(`${where}: a field key is repeated`);
  for (const language of languages) {
    const labels = fields.map((field) =>
      (field as unknown as { label: Record<string, string> }).label[language]
    );
    if (new Set(labels).size !== labels.length) {
      problems.push(`${where}: a ${language} field label is repeated`);
    }
  }
  for (const field of fields) {
    if (field.options) {
      const counts = new Set(languages.map((language) => field.options![language].length));
      if (counts.size !== 1) problems.push(`${where}: ${field.key} has option lists of different lengths`);
      if (field.type !== "choice") problems.push(`${where}: ${field.key} has options but is not a choice`);
    } else if (field.type === "choice") problems.push(`${where}: choice ${field.key} has no options`);
    if (field.currency && field.type !== "money") problems.push(`${where}: ${field.key} has a currency`);
  }
  for (const language of languages) {
    concept.samples[language].forEach((sample: Record<string, unknown>, index: number) => {
      const at = `${where} samples.${language}[${index}]`;
      const sampleKeys = Object.keys(sample);
      if (sampleKeys.length !== keys.length || !keys.every((key) => key in sample)) {
        problems.push(`${at}: keys ${sampleKeys.join(",")} are not the fields ${keys.join(",")}`);
      }
      for (const field of fields) {
        if (field.key in sample) checkValue(problems, at, field, language, sample[field.key]);
      }
    });
  }
  // A name in another language that is one of its function words would name the concept in every prompt.
  for (const language of others) {
    const functionWords = new Set(OTHER[language].function);
    for (const word of concept.words[language] ?? []) {
      if (functionWords.has(word)) problems.push(`${where}: ${language} word "${word}" is a function word`);
    }
  }
  const fixtureLanguages = new Set(
    concept.fixtures.map((fixture: { language: string }) => fixture.language),
  );
  if (fixtureLanguages.size < 3) problems.push(`${where}: fixtures in fewer than 3 languages`);
  return problems;
}

if (import.meta.main) {
  const root = new URL("concepts/", import.meta.url);
  const problems: string[] = [];
  const ids = new Map<string, string>();
  let count = 0;
  for await (const domain of Deno.readDir(root)) {
    if (!domain.isDirectory) continue;
    for await (const entry of Deno.readDir(new URL(`${domain.name}/`, root))) {
      if (!entry.name.endsWith(".json")) continue;
      const where = `${domain.name}/${entry.name}`;
      const concept = JSON.parse(await Deno.readTextFile(new URL(where, root)));
      count++;
      problems.push(...conceptProblems(concept, where));
      if (ids.has(concept.id)) problems.push(`${where}: id also in ${ids.get(concept.id)}`);
      ids.set(concept.id, where);
    }
  }
  for (const problem of problems) console.error(problem);
  console.log(`${count} concepts, ${problems.length} problems`);
  if (problems.length > 0) Deno.exit(1);
}
