// The largest allowed project read by twelve clients at once, against the v1 function (`GET
// /projects/{id}/files`) and the mcp function (the tool get_project_files) each served alone: how much
// another user's small requests to the same function slow down meanwhile (against the same requests with
// the function idle, in the same run), and the function process's resident memory at its peak.
import type postgres from "postgres";
import { type Distribution, distribution } from "./jobs.ts";
import { mcpToolCall } from "../scripts/lib/mcp.ts";

export interface LargeReadsCell {
  /** `GET /projects/{id}/files` of the v1 function, or the tool get_project_files of the mcp function. */
  endpoint: LargeReadsEndpoint;
  /** FILE_READ_CONCURRENCY of the server measured. */
  fileReadConcurrency: number;
  idle: { wallet: Distribution; health: Distribution };
  loaded: { wallet: Distribution; health: Distribution };
  /** Whole answers the twelve readers received, and their latency. */
  reads: Distribution;
  /** Reads answered with an error instead. */
  refused: number;
  /** Resident memory of the function process (MiB): before the readers started, and the highest sample. */
  rssMiB: { before: number; peak: number };
}

export interface LargeReadsResult {
  projectBytes: number;
  files: number;
  readers: number;
  seconds: number;
  cells: LargeReadsCell[];
}

const MiB = 1024 * 1024;

/**
 * Fills the project to exactly 20 MiB of contents with 512 KiB files of hex text (little of it compresses,
 * like source code would not), as the owner's direct SQL could. Returns the bytes and files it holds.
 */
export async function fillLargestProject(sql: postgres.Sql, projectId: number) {
  const [{ used }] = await sql`select coalesce(sum(octet_length(contents)), 0)::bigint as used
                                 from public.project_files where project_id = ${projectId}`;
  let left = 20 * MiB - Number(used);
  for (let i = 0; left > 0; i++) {
    const bytes = Math.min(left, 512 * 1024);
    await sql`insert into public.project_files (project_id, path, contents, type)
              select ${projectId}, ${`data/part-${i}.txt`},
                     left(string_agg(md5(random()::text), ''), ${bytes}), 'DATA'
                from generate_series(1, ${Math.ceil(bytes / 32)})`;
    left -= bytes;
  }
  const [totals] = await sql`select sum(octet_length(contents))::bigint as bytes, count(*)::int as files
                               from public.project_files where project_id = ${projectId}`;
  return { bytes: Number(totals.bytes), files: totals.files as number };
}

async function rssMiB(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
}

/** The requests one endpoint is measured with: the large read, and another user's two small requests. */
export type LargeReadsEndpoint = "rest" | "mcp";

function mcpCall(url: string, token: string, name: string, args: Record<string, unknown>) {
  return new Request(`${url}/mcp`, { method: "POST", ...mcpToolCall(token, name, args) });
}

/** REST: GET files, `GET /wallets/me`, `GET /health`; MCP: get_project_files, get_wallet, the resource metadata. */
function requestsOf(endpoint: LargeReadsEndpoint, url: string, projectId: number) {
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  return endpoint === "rest"
    ? {
      files: (token: string) => new Request(`${url}/v1/projects/${projectId}/files`, bearer(token)),
      wallet: (token: string) => new Request(`${url}/v1/wallets/me`, bearer(token)),
      health: () => new Request(`${url}/v1/health`),
    }
    : {
      files: (token: string) => mcpCall(url, token, "get_project_files", { projectId }),
      wallet: (token: string) => mcpCall(url, token, "get_wallet", {}),
      health: () => new Request(`${url}/mcp/.well-known/oauth-protected-resource`),
    };
}

async function timed(request: Request): Promise<number> {
  const started = performance.now();
  const res = await fetch(request);
  const body = await res.text();
  if (res.status !== 200 || body.includes('"isError":true')) {
    throw new Error(`${request.url} answered ${res.status}: ${body.slice(0, 200)}`);
  }
  return performance.now() - started;
}

/** Another user's two requests, one after the other, at least `minRounds` times and until `done()`. */
async function otherUser(
  requests: ReturnType<typeof requestsOf>,
  token: string,
  done: () => boolean,
  minRounds: number,
) {
  const wallet: number[] = [];
  const health: number[] = [];
  for (let i = 0; i < minRounds || !done(); i++) {
    wallet.push(await timed(requests.wallet(token)));
    health.push(await timed(requests.health()));
  }
  return { wallet: distribution(wallet), health: distribution(health) };
}

export async function measureLargeReads(opts: {
  /** The function served alone (v1 for REST, mcp), its process id and its FILE_READ_CONCURRENCY. */
  server: { endpoint: LargeReadsEndpoint; url: string; pid: number; fileReadConcurrency: number };
  projectId: number;
  readerToken: string;
  otherToken: string;
  readers: number;
  seconds: number;
  log: (line: string) => void;
}): Promise<LargeReadsCell> {
  const { server, log } = opts;
  const requests = requestsOf(server.endpoint, server.url, opts.projectId);
  // Warm-up: the first answers compile and cache what later ones reuse.
  await timed(requests.files(opts.readerToken));
  await otherUser(requests, opts.otherToken, () => true, 10);
  const idle = await otherUser(requests, opts.otherToken, () => true, 100);
  const before = await rssMiB(server.pid);

  let stop = false;
  let peak = before;
  const sampling = (async () => {
    while (!stop) {
      peak = Math.max(peak, await rssMiB(server.pid));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const reads: number[] = [];
  const refused: string[] = [];
  const deadline = Date.now() + opts.seconds * 1000;
  const readers = Array.from({ length: opts.readers }, async () => {
    while (Date.now() < deadline) {
      // A read the service answers with an error (a statement timeout under load) is counted, not fatal.
      await timed(requests.files(opts.readerToken)).then(
        (ms) => reads.push(ms),
        (e) => refused.push(String(e)),
      );
    }
  });
  // Measured while all the readers are at it: from a second in until the deadline.
  await new Promise((r) => setTimeout(r, 1000));
  const loaded = await otherUser(requests, opts.otherToken, () => Date.now() >= deadline, 20);
  await Promise.all(readers);
  stop = true;
  await sampling;
  log(
    `  ${server.endpoint} FILE_READ_CONCURRENCY=${server.fileReadConcurrency}: ${reads.length} reads, ` +
      `${refused.length} refused${refused.length ? ` (${refused[0].slice(0, 160)})` : ""}; wallet p50 ` +
      `${idle.wallet.p50.toFixed(1)} → ${loaded.wallet.p50.toFixed(1)} ms, health p50 ` +
      `${idle.health.p50.toFixed(1)} → ${loaded.health.p50.toFixed(1)} ms; RSS ${before.toFixed(0)} → ` +
      `${peak.toFixed(0)} MiB`,
  );
  return {
    endpoint: server.endpoint,
    fileReadConcurrency: server.fileReadConcurrency,
    idle,
    loaded,
    reads: distribution(reads),
    refused: refused.length,
    rssMiB: { before, peak },
  };
}
