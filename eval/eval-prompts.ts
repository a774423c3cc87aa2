// `npm run eval:prompts`: runs understand() over eval/prompts/development.jsonl and held-out.jsonl and prints, for
// each file, ask recall and precision per ask type and per language, the UI language's accuracy and the time per
// prompt. An ask is found when understand() returns one of its type for the prompt (each expected ask matched at
// most once). Then each prompt's app (admission, then understand → compose, or the change of its base app) is judged
// right, partial or wrong by the corpus README's rules, per language, with the time per app, and how many apps are
// shells (lists whose records hold only a name or notes). The held-out file is printed only as totals, never prompt
// by prompt; `--misses` lists the development prompts' missed and extra asks, `--apps` their apps' verdicts and
// `--unmet` each app's unmet entries that name no annotated ask it missed, and the missed asks no entry names.
import { join } from "node:path";
import { understand, type Understanding } from "../supabase/functions/_generator/understand/index.ts";
import { isUiLanguage } from "../supabase/functions/_generator/understand/language.ts";
import { stemPhrase } from "../supabase/functions/_generator/understand/stem.ts";
import { CUES } from "../supabase/functions/_generator/understand/lexicon.ts";
import { fold } from "../supabase/functions/_generator/understand/text.ts";
import type { AppSpec } from "../supabase/functions/_generator/template/src/types.ts";
import {
  changeSpec,
  composeSpec,
  type Composition,
  refusal,
} from "../supabase/functions/_generator/compose-spec/index.ts";

const DIR = join(import.meta.dirname!, "prompts");

interface Line {
  id: string;
  language: string;
  prompt: string;
  base_prompt?: string;
  asks: { type: string; quote: string; times?: string[]; subject?: string }[];
  expect: {
    ui_language: string;
    name_words: string[];
    sample_topic: string;
    serviceable: boolean;
  };
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
      got = { language: "en", detected: "und", asks: [], concepts: [], unmet: [], quantities: [] };
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

export type Verdict = "right" | "partial" | "wrong";

/** The block whose screen does what an ask of a type asks. */
const SCREEN_OF: Record<string, string> = {
  list: "collection",
  log: "log",
  goal: "goal",
  schedule: "timetable",
  reminder: "reminders",
  timer: "timer",
  quiz: "quiz",
  people: "people",
  catalog: "catalog",
  order: "cart",
  chart: "tracker",
  split: "split",
  convert: "converter",
  calculator: "calculator",
};

/** Words of two phrases are related when a stem of one is, or holds, a stem of the other (German compounds). */
function related(a: string, b: string, language: string): boolean {
  const stemmer = isUiLanguage(language) ? language : "en";
  const stems = (s: string) => stemPhrase(s, stemmer).filter((w) => w.length > 2);
  const right = stems(b);
  return stems(a).some((x) =>
    right.some((y) => x === y || (Math.min(x.length, y.length) >= 4 && (x.includes(y) || y.includes(x))))
  );
}

/** The annotated asks the app does not build: an ask is built when the app says it built one of its type, or
 * has the screen that does it. */
function missingAsks(line: Line, made: Composition): Line["asks"] {
  const built = made.asks.filter((a) => a.built).map((a) => a.type as string);
  const blocks = new Set(made.spec.screens.map((screen) => screen.block as string));
  return line.asks.filter((ask) => {
    const i = built.indexOf(ask.type);
    if (i >= 0) built.splice(i, 1);
    return i < 0 && !(SCREEN_OF[ask.type] && blocks.has(SCREEN_OF[ask.type]));
  });
}

/** What an app's `unmet` says against the annotation: an entry is `true` when it names a word of an annotated
 * ask the app does not build, a `leftover` when it names only words of asks it builds, `noise` when it names
 * nothing annotated; a missed ask no entry names is a `silent` drop. */
export interface UnmetTally {
  entries: number;
  true: number;
  leftover: number;
  noise: number;
  missed: number;
  silent: number;
}

const unmetTally = (): UnmetTally => ({ entries: 0, true: 0, leftover: 0, noise: 0, missed: 0, silent: 0 });

/** The content words of a phrase, as stems: its function words left out. */
function contentStems(phrase: string, language: string): Set<string> {
  const lang = isUiLanguage(language) ? language : "en";
  const stop = CUES[lang].stop;
  return new Set(
    phrase.split(/\s+/).filter((w) => !stop.has(fold(w).replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, "")))
      .flatMap((w) => stemPhrase(w, lang)).filter((w) => /[\p{L}\d]/u.test(w)),
  );
}

/** Each unmet entry of an app and each annotated ask it misses, judged against each other; `notes` names
 * the entries that are no gap and the missed asks no entry names. */
export function judgeUnmet(line: Line, made: Composition): { tally: UnmetTally; notes: string[] } {
  const tally = unmetTally();
  const notes: string[] = [];
  const missing = missingAsks(line, made);
  const builtAsks = line.asks.filter((a) => !missing.includes(a));
  const quotes = (asks: Line["asks"]) => asks.map((a) => contentStems(a.quote, line.language));
  const [missed, built] = [quotes(missing), quotes(builtAsks)];
  const names = (entry: Set<string>, asks: Set<string>[]) =>
    asks.some((q) => [...entry].some((w) => q.has(w)));
  const entries = made.unmet.map((e) => contentStems(e.replace(/\s*\([^()]*\)$/, ""), line.language));
  made.unmet.forEach((text, i) => {
    tally.entries++;
    const kind = names(entries[i], missed) ? "true" : names(entries[i], built) ? "leftover" : "noise";
    tally[kind]++;
    if (kind !== "true") notes.push(`${kind}: "${text}"`);
  });
  missing.forEach((ask, i) => {
    tally.missed++;
    if (entries.some((e) => names(e, [missed[i]]))) return;
    tally.silent++;
    notes.push(`silent: ${ask.type} "${ask.quote}"`);
  });
  return { tally, notes };
}

/**
 * The corpus README's judgement, read from the app: wrong when it is in another language, refuses what it
 * could serve or serves what it cannot, or builds fewer than half the asks; right when it builds every ask
 * about the subject asked, is named with one of the name words, has samples about the topic, says it has none
 * or keeps no records, and is no shell; else partial. Returns the reasons a verdict is not right.
 */
export function judgeApp(
  line: Line,
  made: Composition | null,
): { verdict: Verdict; why: string[]; kinds: string[] } {
  const { expect } = line;
  const only = (verdict: Verdict, why: string, kind = why) => ({ verdict, why: [why], kinds: [kind] });
  if (!expect.serviceable) {
    return made
      ? only("wrong", "served what no offline app can do")
      : { verdict: "right", why: [], kinds: [] };
  }
  if (!made) return only("wrong", "refused");
  const { spec } = made;
  if (spec.language !== expect.ui_language) return only("wrong", `UI in ${spec.language}`, "UI in …");
  const missing = missingAsks(line, made).map((ask) => ask.type);
  const why = missing.length ? [`asks not built: ${missing.join(", ")}`] : [];
  // What the eval counts: an ask not built under its type, a name whatever it is.
  const kinds = missing.map((type) => `ask not built: ${type}`);
  if (line.asks.length && missing.length * 2 > line.asks.length) return { verdict: "wrong", why, kinds };
  const lang = expect.ui_language;
  const about = [spec.name, ...spec.entities.flatMap((e) => [e.label, e.plural])].join(" ");
  const subjects = line.asks.flatMap((a) => (a.subject ? [a.subject] : []));
  // (A subject is written in the prompt's language: an app in another one, "a packing list in German" or one
  // from a prompt in a language the UI does not speak, cannot share its stems; its name words judge it.)
  if (subjects.length && line.language === lang && !subjects.some((s) => related(s, about, lang))) {
    why.push("another subject");
    kinds.push("another subject");
  }
  if (!expect.name_words.some((w) => related(w, spec.name, lang))) {
    why.push(`name ${spec.name}`);
    kinds.push("name …");
  }
  // The goal is no shell at all: an app of records that hold only a name or notes is not the app asked for,
  // whatever its name.
  if (isShell(spec)) {
    why.push("a shell");
    kinds.push("a shell");
  }
  const content = spec.entities.flatMap((e) => [
    e.label,
    e.plural,
    ...e.fields.map((f) => f.label),
    ...e.samples.flatMap((r) => Object.values(r).filter((v) => typeof v === "string") as string[]),
  ]).join(" ");
  // Only sample records can be off topic: an app that keeps none (a timer, a converter) shows no samples.
  const sampled = spec.entities.some((e) => e.samples.length > 0);
  if (sampled && !made.withoutSamples.length && !related(expect.sample_topic, content, lang)) {
    why.push("samples off topic");
    kinds.push("samples off topic");
  }
  return { verdict: why.length ? "partial" : "right", why, kinds };
}

/** An app whose only screens are lists of records that hold nothing but a name or notes: a shell, whatever
 * its name says. */
export function isShell(spec: AppSpec): boolean {
  return spec.entities.length > 0 && spec.screens.every((screen) => screen.block === "collection") &&
    spec.entities.every((e) => e.fields.every((f) => f.type === "text" && /^(name|notes?)$/.test(f.key)));
}

/** Each line's app: refused at admission, a new app, or the change of its base app. */
export function evaluateApps(lines: Line[]) {
  const verdicts = { right: 0, partial: 0, wrong: 0 };
  let shells = 0;
  const byLanguage = new Map<string, typeof verdicts>();
  const ms: number[] = [];
  const notes: string[] = [];
  // How often each reason keeps an app from being right; an ask not built counts under its type.
  const reasons = new Map<string, number>();
  const unmet = new Map<string, UnmetTally>([["all", unmetTally()]]);
  const unmetNotes: string[] = [];
  for (const line of lines) {
    const start = performance.now();
    let made: Composition | null = null;
    let threw = false;
    try {
      if (line.base_prompt) {
        made = changeSpec(composeSpec(line.base_prompt, { tier: "light" }).spec, line.prompt);
      } else if (refusal(line.prompt) === null) made = composeSpec(line.prompt, { tier: "light" });
    } catch (error) {
      notes.push(`${line.id}: threw ${error instanceof Error ? error.message : error}`);
      threw = true;
    }
    ms.push(performance.now() - start);
    // A prompt the generator fails on is a failed job, never a refusal at admission, whatever was expected.
    const { verdict, why, kinds } = threw
      ? { verdict: "wrong" as const, why: ["threw"], kinds: ["threw"] }
      : judgeApp(line, made);
    if (made) {
      const { tally, notes } = judgeUnmet(line, made);
      const own = unmet.get(line.language) ?? unmet.set(line.language, unmetTally()).get(line.language)!;
      for (const t of [own, unmet.get("all")!]) {
        for (const key of Object.keys(tally) as (keyof UnmetTally)[]) t[key] += tally[key];
      }
      for (const note of notes) unmetNotes.push(`${line.id} ${note}: ${line.prompt}`);
    }
    verdicts[verdict]++;
    const shell = made !== null && isShell(made.spec);
    if (shell) shells++;
    for (const kind of kinds) reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
    const own = byLanguage.get(line.language) ?? { right: 0, partial: 0, wrong: 0 };
    own[verdict]++;
    byLanguage.set(line.language, own);
    notes.push(
      `${line.id} ${verdict}${why.length ? ` (${why.join("; ")})` : ""}: ${made?.spec.name ?? "refused"}${
        shell ? " (a shell)" : ""
      }`,
    );
  }
  ms.sort((a, b) => a - b);
  return { verdicts, shells, byLanguage, ms, notes, reasons, unmet, unmetNotes, count: lines.length };
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
    const apps = evaluateApps(lines);
    const share = (v: { right: number; partial: number; wrong: number }) => {
      const n = v.right + v.partial + v.wrong;
      return `${v.right} right (${pct(v.right, n)}), ${v.partial} partial (${
        pct(v.partial, n)
      }), ${v.wrong} wrong`;
    };
    console.log(
      `\napps: ${share(apps.verdicts)}; understand + compose median ${
        apps.ms[apps.ms.length >> 1].toFixed(2)
      } ms per prompt; ${apps.shells} shells (only lists of records with a name or notes and nothing else)`,
    );
    console.log("\n| language | right | partial | wrong |\n| --- | ---: | ---: | ---: |");
    for (const [language, v] of [...apps.byLanguage].sort()) {
      console.log(`| ${language} | ${v.right} | ${v.partial} | ${v.wrong} |`);
    }
    console.log("\n| why an app is not right | apps |\n| --- | ---: |");
    for (const [reason, n] of [...apps.reasons].sort((a, b) => b[1] - a[1])) {
      console.log(`| ${reason} | ${n} |`);
    }
    if (file === "development.jsonl" && Deno.args.includes("--apps")) {
      console.log("");
      for (const note of apps.notes) console.log(note);
    }
    const u = apps.unmet.get("all")!;
    console.log(
      `\nunmet: ${u.entries} entries, ${u.true} name an annotated ask not built, ${u.leftover} only asks built,` +
        ` ${u.noise} nothing annotated; of ${u.missed} annotated asks not built, ${u.silent} in no entry`,
    );
    console.log(
      "\n| language | unmet entries | true | of built asks | noise | asks not built | silent |\n" +
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const [language, t] of [...apps.unmet].filter(([l]) => l !== "all").sort()) {
      console.log(
        `| ${language} | ${t.entries} | ${t.true} | ${t.leftover} | ${t.noise} | ${t.missed} | ${t.silent} |`,
      );
    }
    if (file === "development.jsonl" && Deno.args.includes("--unmet")) {
      console.log("");
      for (const note of apps.unmetNotes) console.log(note);
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
  const apps = evaluateApps(all).ms;
  console.log(
    `${all.length} apps again (understand + compose): median ${apps[apps.length >> 1].toFixed(2)} ms, ` +
      `95th percentile ${apps[Math.floor(apps.length * 0.95)].toFixed(2)} ms per prompt`,
  );
}
