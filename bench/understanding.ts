// What reading a prompt costs, in-process, over the development corpus (eval/prompts/development.jsonl, the
// prompts people wrote, of every length and language): `understand()` alone and with the spec composed, each
// prompt's CPU time taken once in a first pass (nothing of it memoized yet) after a warm-up on other text, then again.
// The baseline, measured in the same run, is Intl.Segmenter's word split of the same prompts: the least any
// reading of them costs, so the ratio says what the understanding adds whatever the machine's speed.
//
// `deno run -A bench/understanding.ts` runs this section alone.
import { join } from "node:path";
import process from "node:process";
import { understand } from "../supabase/functions/_generator/understand/index.ts";
import { composeSpec } from "../supabase/functions/_generator/compose-spec/index.ts";
import { type Distribution, distribution } from "./jobs.ts";

const CORPUS = join(import.meta.dirname!, "../eval/prompts/development.jsonl");

export interface UnderstandingResult {
  prompts: number;
  /** Each prompt's first reading. */
  understand: Distribution;
  /** The same prompts again (stems and cues memoized). */
  understandAgain: Distribution;
  /** understand() and composeSpec() together, each prompt's first composition. */
  compose: Distribution;
  /** Intl.Segmenter's word split of each prompt. */
  segment: Distribution;
}

/** Each prompt's CPU time in milliseconds (the process's, user and system: a busy machine stretches the wall
 * clock, not this). */
function timed(prompts: string[], read: (prompt: string) => unknown): Distribution {
  return distribution(prompts.map((prompt) => {
    const started = process.cpuUsage();
    read(prompt);
    const spent = process.cpuUsage(started);
    return (spent.user + spent.system) / 1000;
  }));
}

export function measureUnderstanding(): UnderstandingResult {
  const prompts = Deno.readTextFileSync(CORPUS).split("\n").filter(Boolean)
    .map((line) => (JSON.parse(line) as { prompt: string }).prompt);
  // The code's own first run (lexicons, the concept index, the stemmers) is not a prompt's cost.
  for (const warm of ["a list of books", "una lista di libri", "une liste de livres"]) {
    composeSpec(warm, { tier: "light" });
  }
  const words = new Intl.Segmenter("en", { granularity: "word" });
  const segment = timed(prompts, (prompt) => [...words.segment(prompt)].filter((s) => s.isWordLike).length);
  const first = timed(prompts, (prompt) => understand(prompt));
  const again = timed(prompts, (prompt) => understand(prompt));
  // Composition reads the prompt again: timed on its own first pass, after the readings above.
  const compose = timed(prompts, (prompt) => composeSpec(prompt, { tier: "light" }));
  return { prompts: prompts.length, understand: first, understandAgain: again, compose, segment };
}

if (import.meta.main) {
  const r = measureUnderstanding();
  const row = (name: string, d: Distribution) =>
    console.log(
      `${name}: median ${d.p50.toFixed(2)} ms, p99 ${d.p99.toFixed(2)} ms, max ${d.max.toFixed(2)} ms`,
    );
  console.log(`${r.prompts} prompts of eval/prompts/development.jsonl`);
  row("understand, first reading", r.understand);
  row("understand, again", r.understandAgain);
  row("understand + compose", r.compose);
  row("word split (baseline)", r.segment);
  console.log(`understand ÷ word split, medians: ${(r.understand.p50 / r.segment.p50).toFixed(0)}`);
}
