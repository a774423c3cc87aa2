// Live progress under measurement: a job's status change (its cancel, committed in Postgres) to the
// canceled event on an open GET /jobs/{id}/events stream, and to its job.canceled webhook on a loopback
// receiver. Both ends are read against the database's clock_timestamp() of the change on this one machine.
import type postgres from "postgres";
import { type BenchUser, type Distribution, distribution } from "./jobs.ts";
import { writeSettings } from "../scripts/local/stack.ts";
import type { Cluster } from "../scripts/local/cluster.ts";

export interface LiveResult {
  jobs: number;
  pollMs: number;
  sse: Distribution;
  webhook: Distribution;
}

async function call(method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Reads an event stream until an event whose data has `status`; resolves with the local time it arrived. */
async function untilStatus(res: Response, status: string, opened: () => void): Promise<number> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream ended before ${status}`);
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        const s = JSON.parse(data).status;
        if (s === "queued") opened();
        if (s === status) return Date.now();
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

export async function measureLive(
  sql: postgres.Sql,
  cluster: Cluster,
  baseUrl: string,
  user: BenchUser,
  opts: { jobs: number; pollMs: number; runnerUrl: string },
): Promise<LiveResult> {
  const arrived = new Map<string, number>();
  const receiver = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const at = Date.now();
    const body = JSON.parse(await req.text());
    arrived.set(body.data.id, at);
    return new Response("ok");
  });
  await call("POST", `${baseUrl}/webhooks`, user.token, {
    url: `http://127.0.0.1:${receiver.addr.port}/hook`,
    events: ["job.canceled"],
  });
  const sse: number[] = [];
  const webhook: number[] = [];
  // Jobs stay queued while no runner is configured, so each status change is the cancel alone.
  await writeSettings(cluster, { runner_url: null });
  try {
    for (let i = 0; i < opts.jobs; i++) {
      const job = await call("POST", `${baseUrl}/jobs`, user.token, {
        type: "prompt",
        input: { prompt: "a todo list app with categories" },
        project_id: user.projectId,
      });
      const stream = await fetch(`${baseUrl}/jobs/${job.id}/events`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      let opened!: () => void;
      const isOpen = new Promise<void>((resolve) => (opened = resolve));
      const eventAt = untilStatus(stream, "canceled", opened);
      await isOpen;
      await call("POST", `${baseUrl}/jobs/${job.id}/cancel`, user.token);
      const sseAt = await eventAt;
      const [{ changed }] = await sql`select extract(epoch from finished_at) * 1000 as changed
                                        from public.jobs where id = ${job.id}`;
      sse.push(sseAt - Number(changed));
      const deadline = Date.now() + 30_000;
      while (!arrived.has(job.id)) {
        if (Date.now() > deadline) throw new Error(`no webhook for job ${job.id} within 30 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      webhook.push(arrived.get(job.id)! - Number(changed));
    }
  } finally {
    await writeSettings(cluster, { runner_url: opts.runnerUrl });
    await receiver.shutdown();
  }
  return { jobs: opts.jobs, pollMs: opts.pollMs, sse: distribution(sse), webhook: distribution(webhook) };
}
