// Checks every line of the two prompt files against schema.json, and what a
// schema cannot say: each quote is a verbatim substring of its prompt, ids are
// unique and start with the line's language, and no prompt is in both halves.
// Run: deno run --allow-read eval/prompts/validate.ts
import { Ajv2020 } from "ajv/dist/2020.js";

const dir = new URL(".", import.meta.url);
const schema = JSON.parse(await Deno.readTextFile(new URL("schema.json", dir)));
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
const validate = ajv.compile(schema);

interface Row {
  id: string;
  language: string;
  prompt: string;
  base_prompt?: string;
  kind: string;
  length: string;
  asks: { type: string; quote: string }[];
  expect: { serviceable: boolean };
}

const files = ["development.jsonl", "held-out.jsonl"];
const ids = new Set<string>();
const prompts = new Map<string, string>();
const errors: string[] = [];
const counts: Record<string, Record<string, number>> = {};
const bump = (table: string, key: string) => {
  counts[table] ??= {};
  counts[table][key] = (counts[table][key] ?? 0) + 1;
};

for (const file of files) {
  const text = await Deno.readTextFile(new URL(file, dir));
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    let row: Row;
    try {
      row = JSON.parse(line);
    } catch (e) {
      errors.push(`${where}: not JSON: ${(e as Error).message}`);
      return;
    }
    const id = row.id;
    if (!validate(row)) {
      for (const err of validate.errors ?? []) {
        errors.push(`${where} ${id ?? ""}: ${err.instancePath} ${err.message}`);
      }
      return;
    }
    if (ids.has(row.id)) errors.push(`${where}: duplicate id ${row.id}`);
    ids.add(row.id);
    if (!row.id.startsWith(row.language + "-")) {
      errors.push(`${where}: id ${row.id} is not of language ${row.language}`);
    }
    const key = (row.base_prompt ?? "") + "\u0000" + row.prompt;
    if (prompts.has(key) && prompts.get(key) !== file) {
      errors.push(`${where}: ${row.id} is also in ${prompts.get(key)}`);
    } else if (prompts.has(key)) errors.push(`${where}: ${row.id} repeats a prompt`);
    prompts.set(key, file);
    for (const ask of row.asks) {
      if (!row.prompt.includes(ask.quote)) {
        errors.push(`${where} ${row.id}: quote not in prompt: ${ask.quote}`);
      }
      bump("ask type", ask.type);
    }
    bump("half", file);
    bump(`language (${file})`, row.language);
    bump("language", row.language);
    bump("length", row.length);
    bump("kind", row.kind);
    bump("serviceable", String(row.expect.serviceable));
  });
}

for (const [table, values] of Object.entries(counts)) {
  const sorted = Object.entries(values).sort((a, b) => b[1] - a[1]);
  console.log(`${table}: ${sorted.map(([k, v]) => `${k} ${v}`).join(", ")}`);
}
if (errors.length) {
  console.error(errors.join("\n"));
  console.error(`${errors.length} error(s)`);
  Deno.exit(1);
}
console.log(`${ids.size} lines valid`);
