// Serves the job-runner alone on loopback, as serve-function.ts serves a function, with what the benchmark
// reads from inside it: the phase timings of every finished job, added up (`GET /bench/timings` answers
// them and starts over). `--no-verify` passes every project unchecked: the baseline that shows what
// verification costs the pipeline. RUNNER_CONCURRENCY and PORT as for the function.
import { config } from "../../supabase/functions/_shared/config.ts";
import { depsFromConfig } from "../../supabase/functions/_shared/deps.ts";
import {
  createRunnerApp,
  type JobTimings,
  runnerConcurrencyFrom,
} from "../../supabase/functions/job-runner/app.ts";

export type TimingTotals = { jobs: number } & JobTimings;

const empty = (): TimingTotals => ({
  jobs: 0,
  claim: 0,
  wait: 0,
  load: 0,
  icon: 0,
  generate: 0,
  verify: 0,
  progress: 0,
  finalize: 0,
  total: 0,
});

if (import.meta.main) {
  let totals = empty();
  const app = createRunnerApp(depsFromConfig(), config().WORKER_SECRET, {
    concurrency: runnerConcurrencyFrom(Deno.env.get("RUNNER_CONCURRENCY")),
    ...(Deno.args.includes("--no-verify") ? { verify: () => [] } : {}),
    onTimings(timings) {
      totals.jobs++;
      for (const key of Object.keys(timings) as (keyof JobTimings)[]) totals[key] += timings[key];
    },
  });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen: () => {} },
    (req) => {
      if (new URL(req.url).pathname !== "/bench/timings") return app.fetch(req);
      const answer = Response.json(totals);
      totals = empty();
      return answer;
    },
  );
  Deno.addSignalListener("SIGTERM", async () => {
    await server.shutdown();
    Deno.exit(0);
  });
}
