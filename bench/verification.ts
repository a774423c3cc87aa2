// What verifying a generated project costs per job, measured in-process on the pipeline's own prompt: the
// template generator's run, then verifyProject (the TypeScript parser over every source file, imports,
// package.json and app.json) on its output — the work the runner adds before a job may succeed; cold (every
// file new, as a model's output is) and as the template pipeline sees it (the template's files parsed before).
import { TemplateGenerator } from "../supabase/functions/_generator/template-generator.ts";
import { verifyProject } from "../supabase/functions/_generator/verify.ts";

export interface VerificationResult {
  prompt: string;
  files: number;
  sourceFiles: number;
  kilobytes: number;
  runs: number;
  generateMs: number;
  /** Every file seen for the first time, as for a model's output. */
  coldVerifyMs: number;
  /** As the template pipeline verifies: its files were parsed before (verify.ts remembers parses). */
  verifyMs: number;
}

export async function measureVerification(prompt: string, runs = 200): Promise<VerificationResult> {
  const generator = new TemplateGenerator();
  const request = { prompt, appName: "", model: "light" as const, attachments: [], existingFiles: [] };
  const { files } = await generator.generate(request);
  if (verifyProject(files).length > 0) throw new Error("the template's own output fails verification");
  for (let i = 0; i < 20; i++) verifyProject(files);
  let started = performance.now();
  for (let i = 0; i < runs; i++) await generator.generate(request);
  const generateMs = (performance.now() - started) / runs;
  started = performance.now();
  for (let i = 0; i < runs; i++) verifyProject(files);
  const verifyMs = (performance.now() - started) / runs;
  // A comment unique to each run makes every file new to the parser.
  const fresh = Array.from(
    { length: runs },
    (_, i) =>
      files.map((file) =>
        /\.(tsx?|jsx?)$/.test(file.path) ? { ...file, contents: `${file.contents}// ${i}\n` } : file
      ),
  );
  started = performance.now();
  for (const copy of fresh) verifyProject(copy);
  const coldVerifyMs = (performance.now() - started) / runs;
  return {
    prompt,
    files: files.length,
    sourceFiles: files.filter((file) => /\.(tsx?|jsx?)$/.test(file.path)).length,
    kilobytes: files.reduce((sum, file) => sum + file.contents.length, 0) / 1024,
    runs,
    generateMs,
    coldVerifyMs,
    verifyMs,
  };
}
