// `npm run eval:prompts`: runs understand() over eval/prompts/development.jsonl and held-out.jsonl and prints,
// for each file, ask recall and precision per ask type and per language, the UI language's accuracy and the
// time per prompt. An ask is found when understand() returns one of its type for the prompt (each expected
// ask matched at most once). The held-out file is printed only as totals, never prompt by prompt;
// `--misses` lists the development prompts' missed and extra asks.
import { join } from "node:path";
import { understand, type Understanding } from "../supabase/functions/_shared/generation/understand/index.ts";
import { isUiLanguage } from "../supabase/functions/_shared/generation/understand/language.ts";
import { stemPhrase } from "../supabase/functions/_shared/generation/understand/stem.ts";
import type { AppSpec } from "../supabase/functions/_shared/generation/template/src/types.ts";

const DIR = join(import.meta.dirname!, "../eval/prompts");

interface Line {
  id: string;
  language: string;
  prompt: string;
  base_prompt?: string;
  asks: { type: string; times?: string[]; subject?: string }[];
  expect: { ui_language: string };
}

/** The app a follow-up changes: its presence, its language and its prompt are what understand() reads. */
function baseApp(prompt: string): AppSpec {
  const { language } = understand(prompt);
  return {
    version: 1,
    kind: "generic",
    name: "",
    description: "",
    // The spec's language type is narrower than the five UI languages until the template speaks them all.
    language: language as AppSpec["language"],
    tier: "light",
    accent: "",
    features: [],
    entities: [],
    screens: [],
    prompts: [prompt],
  };
}

interface Tally {
  expected: number;
  found: number;
  matched: number;
}

const tally = () => ({ expected: 0, found: 0, matched: 0 });
const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)}%` : "–");

export function evaluate(lines: Line[]) {
  const byType = new Map<string, Tally>();
  const byLanguage = new Map<string, Tally>();
  const total = tally();
  let languageRight = 0;
  const times = { expected: 0, right: 0 };
  const subjects = { expected: 0, right: 0 };
  const ms: number[] = [];
  const misses: string[] = [];
  const failures: string[] = [];
  for (const line of lines) {
    const start = performance.now();
    let got: Understanding;
    try {
      got = understand(line.prompt, line.base_prompt ? { existingSpec: baseApp(line.base_prompt) } : {});
    } catch (error) {
      // Counted, and named by id only: a held-out prompt is never printed.
      failures.push(`${line.id}: ${error instanceof Error ? error.message : error}`);
      got = { language: "en", detected: "und", asks: [], concepts: [], unmet: [] };
    }
    ms.push(performance.now() - start);
    if (got.language === line.expect.ui_language) languageRight++;
    const left = got.asks.map((a) => a.type as string);
    const missed: string[] = [];
    const count = (key: string, map: Map<string, Tally>) => map.get(key) ?? map.set(key, tally()).get(key)!;
    const same = (a: string[] = [], b: string[] = []) =>
      a.length === b.length && a.every((t) => b.includes(t));
    for (const ask of line.asks.filter((a) => a.times?.length)) {
      times.expected++;
      if (got.asks.some((a) => a.type === ask.type && same(a.times, ask.times))) times.right++;
    }
    // A subject is right when it shares a stem with the expected one ("baby feeding" and "feedings" do).
    const stemmer = isUiLanguage(line.language) ? line.language : "en";
    const wordsOf = (s = "") => new Set(stemPhrase(s, stemmer).filter((w) => w.length > 2));
    for (const ask of line.asks.filter((a) => a.subject)) {
      subjects.expected++;
      const expected = wordsOf(ask.subject);
      const same = got.asks.some((a) =>
        a.type === ask.type && [...wordsOf(a.subject)].some((w) => expected.has(w))
      );
      if (same) subjects.right++;
    }
    for (const ask of line.asks) {
      const hit = left.indexOf(ask.type);
      for (const t of [count(ask.type, byType), count(line.language, byLanguage), total]) {
        t.expected++;
        if (hit >= 0) t.matched++;
      }
      if (hit >= 0) left.splice(hit, 1);
      else missed.push(ask.type);
    }
    for (const a of got.asks) {
      for (const t of [count(a.type, byType), count(line.language, byLanguage), total]) {
        t.found++;
      }
    }
    if (missed.length || left.length) {
      misses.push(`${line.id} missed [${missed}] extra [${left}]: ${line.prompt}`);
    }
  }
  ms.sort((a, b) => a - b);
  return {
    byType,
    byLanguage,
    total,
    languageRight,
    times,
    subjects,
    count: lines.length,
    ms,
    misses,
    failures,
  };
}

function table(title: string, rows: Map<string, Tally>) {
  console.log(`\n| ${title} | expected | found | recall | precision |`);
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const [key, t] of [...rows].sort((a, b) => b[1].expected - a[1].expected)) {
    console.log(
      `| ${key} | ${t.expected} | ${t.found} | ${pct(t.matched, t.expected)} | ${pct(t.matched, t.found)} |`,
    );
  }
}

if (import.meta.main) {
  const all: Line[] = [];
  for (const file of ["development.jsonl", "held-out.jsonl"]) {
    const text = await Deno.readTextFile(join(DIR, file)).catch(() => "");
    const lines = text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Line);
    if (!lines.length) continue;
    all.push(...lines);
    const r = evaluate(lines);
    console.log(`\n## ${file}: ${r.count} prompts`);
    console.log(
      `asks: recall ${pct(r.total.matched, r.total.expected)}, precision ${
        pct(r.total.matched, r.total.found)
      }` +
        ` (${r.total.expected} expected, ${r.total.found} found); UI language right ${
          pct(r.languageRight, r.count)
        };` +
        ` times of day exact in ${
          pct(r.times.right, r.times.expected)
        } of ${r.times.expected} asks that state them;` +
        ` subject shares a stem in ${pct(r.subjects.right, r.subjects.expected)} of ${r.subjects.expected};` +
        ` median ${r.ms[r.ms.length >> 1].toFixed(2)} ms per prompt`,
    );
    if (r.failures.length) {
      console.log(`understand() threw on ${r.failures.length}: ${r.failures.join("; ")}`);
    }
    table("ask type", r.byType);
    table("language", r.byLanguage);
    if (file === "development.jsonl" && Deno.args.includes("--misses")) {
      console.log("");
      for (const m of r.misses) console.log(m);
    }
  }
  // Time once every stem is memoized, as in a warm function: the figures above include the first sight of
  // each word.
  const { ms } = evaluate(all);
  console.log(
    `\n${all.length} prompts again: median ${ms[ms.length >> 1].toFixed(2)} ms, 95th percentile ${
      ms[Math.floor(ms.length * 0.95)].toFixed(2)
    } ms per prompt`,
  );
}
