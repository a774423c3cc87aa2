// Measures the language detectors on the npm registry that could identify a prompt's language: accuracy on
// short (3-8 words) and longer prompts in the five UI languages, each alone and restricted to those five,
// and the time per call; and, for `detectLanguage`, short prompts in nine other languages the knowledge names
// subjects in (`other`: right when the detector finds that language, so the UI is English). `deno run -A scripts/measure-language.ts`; the figures are in understand/README.md.
// The candidates that lost are measured here only, so they stay out of deno.json's imports.
import { eld as eldSmall } from "eld/small";
// deno-lint-ignore no-import-prefix
import { eld as eldLarge } from "npm:eld@2.1.0/large";
// deno-lint-ignore no-import-prefix
import { detect as tinyld } from "npm:tinyld@1.3.4";
// deno-lint-ignore no-import-prefix
import { franc } from "npm:franc-min@6.2.0";
import { detectLanguage } from "../supabase/functions/_generator/understand/language.ts";
import {
  englishKnowsEveryKnownWord,
  lexiconVote,
} from "../supabase/functions/_generator/understand/lexicon.ts";
import { otherVote } from "../supabase/functions/_generator/understand/foreign.ts";
import samples from "../eval/language-samples.json" with { type: "json" };

const FIVE = ["en", "it", "fr", "es", "de"];
const ISO3: Record<string, string> = { eng: "en", ita: "it", fra: "fr", spa: "es", deu: "de" };
const eldSmall5 = eldSmall.newInstance();
eldSmall5.setLanguageSubset(FIVE);
const eldLarge5 = eldLarge.newInstance();
eldLarge5.setLanguageSubset(FIVE);

const detectors: Record<string, (text: string) => string> = {
  "eld small": (t) => eldSmall.detect(t).language,
  "eld small, five": (t) => eldSmall5.detect(t).language,
  "eld large": (t) => eldLarge.detect(t).language,
  "eld large, five": (t) => eldLarge5.detect(t).language,
  "tinyld": (t) => tinyld(t),
  "tinyld, five": (t) => tinyld(t, { only: FIVE }),
  "franc-min": (t) => ISO3[franc(t, { minLength: 1 })] ?? "other",
  "franc-min, five": (t) => ISO3[franc(t, { minLength: 1, only: Object.keys(ISO3) })] ?? "other",
  "detectLanguage (eld small, UI prior)": (t) => detectLanguage(t).language,
  "detectLanguage (eld small, UI prior, lexicon vote)": (t) => detectLanguage(t, lexiconVote(t)).language,
  // (The language found, when the UI falls back to English: what the other languages' prompts are read in.)
  "detectLanguage (eld small, UI prior, lexicon vote, English words)": (t) => {
    const guess = detectLanguage(t, lexiconVote(t), () => englishKnowsEveryKnownWord(t));
    return guess.language === "en" && guess.detected !== "und" ? guess.detected : guess.language;
  },
  "detectLanguage (…, English words, other languages' words)": (t) => {
    const guess = detectLanguage(t, lexiconVote(t), () => englishKnowsEveryKnownWord(t), otherVote(t));
    return guess.language === "en" && guess.detected !== "und" ? guess.detected : guess.language;
  },
};

/** Every (language, prompt) of one length. */
export function cases(length: "short" | "long" | "other"): [string, string][] {
  return Object.entries(samples[length]).flatMap(([lang, prompts]) =>
    prompts.map((p): [string, string] => [lang, p])
  );
}

export function measure(detect: (text: string) => string, length: "short" | "long" | "other") {
  const all = cases(length);
  let right = 0;
  const misses: string[] = [];
  const start = performance.now();
  for (let round = 0; round < 20; round++) {
    for (const [lang, prompt] of all) {
      const got = detect(prompt);
      if (round > 0) continue;
      if (got === lang) right++;
      else misses.push(`${lang}→${got}: ${prompt}`);
    }
  }
  const msPerCall = (performance.now() - start) / (20 * all.length);
  return { accuracy: right / all.length, msPerCall, misses };
}

if (import.meta.main) {
  const verbose = Deno.args.includes("--misses");
  console.log("| detector | short | long | other languages, short | ms per call |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const [name, detect] of Object.entries(detectors)) {
    const short = measure(detect, "short");
    const long = measure(detect, "long");
    const other = measure(detect, "other");
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    console.log(
      `| ${name} | ${pct(short.accuracy)} | ${pct(long.accuracy)} | ${pct(other.accuracy)} | ${
        ((short.msPerCall + long.msPerCall) / 2).toFixed(3)
      } |`,
    );
    if (verbose) {
      for (const m of [...short.misses, ...long.misses, ...other.misses]) console.log(`    ${m}`);
    }
  }
}
