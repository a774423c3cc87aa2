// A closed-loop HTTP load generator: `connections` async loops, each sending its next request as soon as
// the previous answer is read, over one keep-alive client made for the run. Bounded by a request count and
// a time limit, whichever comes first.

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Measured requests at most. */
  requests: number;
  /** Measuring stops after this long even if `requests` were not all sent. */
  durationMs: number;
  /** Unmeasured requests first, to open the connections and warm both ends. */
  warmupMs: number;
  /** CPU milliseconds used so far by each named party (server, database, ...), read around the measured requests. */
  meters?: Record<string, () => Promise<number>>;
}

export interface LoadResult {
  connections: number;
  requests: number;
  errors: number;
  /** The first non-2xx status or failure seen, for the log. */
  firstError?: string;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** CPU per answered request of each metered party, in microseconds. */
  cpuUs: Record<string, number>;
}

/** One run's answered-request latencies (ms, sorted) next to its summary. */
export interface LoadRun extends LoadResult {
  latencies: number[];
  cpuMs: Record<string, number>;
}

async function readMeters(meters: Record<string, () => Promise<number>>): Promise<Record<string, number>> {
  const entries = await Promise.all(Object.entries(meters).map(async ([name, read]) => [name, await read()]));
  return Object.fromEntries(entries);
}

function perRequestUs(cpuMs: Record<string, number>, requests: number): Record<string, number> {
  return Object.fromEntries(Object.entries(cpuMs).map(([name, ms]) => [name, (ms * 1000) / requests]));
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export async function runLoad(opts: LoadOptions): Promise<LoadRun> {
  const client = Deno.createHttpClient({ poolMaxIdlePerHost: opts.connections });
  try {
    await phase(client, opts, opts.warmupMs, Number.MAX_SAFE_INTEGER, null);
    const latencies: number[] = [];
    const errors = { count: 0, first: undefined as string | undefined };
    const meters = opts.meters ?? {};
    const before = await readMeters(meters);
    const started = performance.now();
    await phase(client, opts, opts.durationMs, opts.requests, { latencies, errors });
    const seconds = (performance.now() - started) / 1000;
    const after = await readMeters(meters);
    const cpuMs = Object.fromEntries(Object.keys(meters).map((name) => [name, after[name] - before[name]]));
    latencies.sort((a, b) => a - b);
    return {
      connections: opts.connections,
      requests: latencies.length,
      errors: errors.count,
      firstError: errors.first,
      seconds,
      rps: latencies.length / seconds,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      cpuUs: perRequestUs(cpuMs, latencies.length),
      latencies,
      cpuMs,
    };
  } finally {
    client.close();
  }
}

/**
 * Rounds of one target taken together: throughput is the median round's, so a burst of other work on the
 * machine during one round does not decide it; percentiles and CPU per request pool every round.
 */
export function combine(runs: LoadRun[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const rates = runs.map((r) => r.rps).sort((a, b) => a - b);
  const cpuMs: Record<string, number> = {};
  for (const run of runs) {
    for (const [name, ms] of Object.entries(run.cpuMs)) cpuMs[name] = (cpuMs[name] ?? 0) + ms;
  }
  return {
    connections: runs[0].connections,
    requests: latencies.length,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    firstError: runs.find((r) => r.firstError)?.firstError,
    seconds: runs.reduce((sum, r) => sum + r.seconds, 0),
    rps: rates[Math.floor(rates.length / 2)],
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    cpuUs: perRequestUs(cpuMs, latencies.length),
  };
}

async function phase(
  client: Deno.HttpClient,
  opts: LoadOptions,
  durationMs: number,
  maxRequests: number,
  record: { latencies: number[]; errors: { count: number; first?: string } } | null,
) {
  const deadline = performance.now() + durationMs;
  let sent = 0;
  async function loop() {
    while (sent < maxRequests && performance.now() < deadline) {
      sent++;
      const t0 = performance.now();
      let failure: string | undefined;
      try {
        const res = await fetch(opts.url, { headers: opts.headers, client });
        // The whole body is read, as a client would, before the request counts as answered.
        await res.arrayBuffer();
        if (!res.ok) failure = `HTTP ${res.status}`;
      } catch (err) {
        failure = String(err);
      }
      const elapsed = performance.now() - t0;
      if (!record) continue;
      if (failure) {
        record.errors.count++;
        record.errors.first ??= failure;
      } else {
        record.latencies.push(elapsed);
      }
    }
  }
  await Promise.all(Array.from({ length: opts.connections }, loop));
}
