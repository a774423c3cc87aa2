// Serves the job-runner alone on loopback, as serve-function.ts serves a function, with what the benchmark
// reads from inside it: the phase timings of every finished job (`GET /bench/timings` answers them and
// starts over). `--no-verify` passes every project unchecked: the baseline that shows what verification
// costs the pipeline. RUNNER_CONCURRENCY and PORT as for the function.
import { config } from "../supabase/functions/_shared/config.ts";
import {
  createRunnerApp,
  type JobTimings,
  runnerConcurrencyFrom,
  runnerDepsFrom,
} from "../supabase/functions/job-runner/app.ts";

if (import.meta.main) {
  let finished: JobTimings[] = [];
  const app = createRunnerApp(runnerDepsFrom(), config().WORKER_SECRET, {
    concurrency: runnerConcurrencyFrom(Deno.env.get("RUNNER_CONCURRENCY")),
    ...(Deno.args.includes("--no-verify") ? { verify: () => [] } : {}),
    onTimings: (timings) => finished.push(timings),
  });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen: () => {} },
    (req) => {
      if (new URL(req.url).pathname !== "/bench/timings") return app.fetch(req);
      const answer = Response.json(finished);
      finished = [];
      return answer;
    },
  );
  Deno.addSignalListener("SIGTERM", async () => {
    await server.shutdown();
    Deno.exit(0);
  });
}
