// Read endpoints against the baseline. Each cell (endpoint × connections) is measured in rounds, and each
// round runs the baseline, the `v1` function served alone and the gateway back to back, so drift hits all
// three alike and every round gives a paired ratio. The machine's busy time is read around every run: a
// run during which other processes took a noticeable share of the cores is repeated, a bounded number of
// times, since this benchmark measures a contended 2-core box as much as the code otherwise.
import { cpuMillis, machineBusyMillis, treeCpuMillis } from "./cpu.ts";
import { combine, type LoadResult, type LoadRun, runLoad } from "./load.ts";

export interface Target {
  name: string;
  /** The full URL of an API path such as `/projects`. */
  url(path: string): string;
  /** The serving process, whose CPU time is read around each run. */
  pid: number;
}

export interface TargetResult extends LoadResult {
  /** Median over the rounds of this target's req/s ÷ the baseline's in the same round. */
  ratio: number;
  /** Share of the machine's cores other processes kept busy during the kept runs (0..1). */
  otherShare: number;
  /** Runs measured again because other processes were busy. */
  repeated: number;
}

export interface EndpointCell {
  endpoint: string;
  connections: number;
  results: Record<string, TargetResult>;
}

export interface EndpointOptions {
  token: string;
  /** Display name and path, e.g. `GET /jobs/{id}` and `/jobs/<uuid>`. */
  endpoints: { name: string; path: string }[];
  connections: number[];
  rounds: number;
  /** Per round and target. */
  roundMs: number;
  /** Per round and target. */
  roundRequests: number;
  warmupMs: number;
  /** The postmaster: it and its backends are Postgres's share of the work. */
  postgresPid: number;
  /** A run is repeated while other processes kept more than this share of the cores busy... */
  maxOtherShare: number;
  /** ...at most this many times; the last attempt is kept either way. */
  maxRepeats: number;
  /** Repeats over the whole measurement at most, so a machine that stays busy cannot stretch it much. */
  repeatBudget: number;
  log: (line: string) => void;
}

/** Parties whose CPU time is read around every run. */
export const SERVER = "server";
export const POSTGRES = "postgres";
export const CLIENT = "load generator";
const MACHINE = "machine";
const CORES = navigator.hardwareConcurrency;
// Bursts of other work (a test run's type check, say) often pass within a second or two.
const PAUSE_BEFORE_REPEAT_MS = 1_000;

/** Fails unless every target answers the path with 200 and the same body: they must do the same work. */
async function sameAnswer(targets: Target[], path: string, headers: Record<string, string>) {
  const bodies = await Promise.all(targets.map(async (t) => {
    const res = await fetch(t.url(path), { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${t.name} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return text;
  }));
  const differing = targets.filter((_, i) => bodies[i] !== bodies[0]);
  if (differing.length) {
    throw new Error(
      `${path}: ${differing.map((t) => t.name).join(", ")} answered differently from ${targets[0].name}`,
    );
  }
}

/** The share of all cores that processes other than the metered ones kept busy during a run. */
function otherShare(run: LoadRun): number {
  const ours = run.cpuMs[SERVER] + run.cpuMs[POSTGRES] + run.cpuMs[CLIENT];
  return Math.max(0, run.cpuMs[MACHINE] - ours) / (run.seconds * 1000 * CORES);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export async function measureEndpoints(targets: Target[], opts: EndpointOptions): Promise<EndpointCell[]> {
  const headers = { authorization: `Bearer ${opts.token}` };
  const cells: EndpointCell[] = [];
  let budget = opts.repeatBudget;
  for (const endpoint of opts.endpoints) {
    await sameAnswer(targets, endpoint.path, headers);
    for (const connections of opts.connections) {
      const runs: Record<string, LoadRun[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
      const repeated: Record<string, number> = Object.fromEntries(targets.map((t) => [t.name, 0]));
      for (let round = 0; round < opts.rounds; round++) {
        for (const target of targets) {
          let run: LoadRun;
          for (let attempt = 0;; attempt++) {
            run = await runLoad({
              url: target.url(endpoint.path),
              headers,
              connections,
              requests: opts.roundRequests,
              durationMs: opts.roundMs,
              warmupMs: opts.warmupMs,
              meters: {
                [SERVER]: () => cpuMillis(target.pid),
                [POSTGRES]: () => treeCpuMillis(opts.postgresPid),
                [CLIENT]: () => cpuMillis(Deno.pid),
                [MACHINE]: machineBusyMillis,
              },
            });
            if (otherShare(run) <= opts.maxOtherShare || attempt >= opts.maxRepeats || budget <= 0) break;
            repeated[target.name]++;
            budget--;
            await new Promise((r) => setTimeout(r, PAUSE_BEFORE_REPEAT_MS));
          }
          if (run.errors > 0) {
            throw new Error(
              `${target.name} ${endpoint.name}: ${run.errors} failed requests (${run.firstError})`,
            );
          }
          runs[target.name].push(run);
        }
      }
      const baseline = runs[targets[0].name];
      const results: Record<string, TargetResult> = {};
      for (const target of targets) {
        const mine = runs[target.name];
        results[target.name] = {
          ...combine(mine),
          ratio: median(mine.map((r, i) => r.rps / baseline[i].rps)),
          otherShare: mine.reduce((sum, r) => sum + otherShare(r), 0) / mine.length,
          repeated: repeated[target.name],
        };
        const r = results[target.name];
        opts.log(
          `  ${endpoint.name} ×${connections} ${target.name}: ${r.rps.toFixed(0)} req/s (${
            r.ratio.toFixed(2)
          }), ` +
            `p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms; CPU µs/request: server ` +
            `${r.cpuUs[SERVER].toFixed(0)}, Postgres ${r.cpuUs[POSTGRES].toFixed(0)}, load generator ` +
            `${r.cpuUs[CLIENT].toFixed(0)}; others ${(r.otherShare * 100).toFixed(0)}% of the cores` +
            (r.repeated ? `, ${r.repeated} runs repeated` : ""),
        );
      }
      cells.push({ endpoint: endpoint.name, connections, results });
    }
  }
  return cells;
}
