// The servers the benchmark starts next to the stack: each a `deno run` process of its own on a free
// loopback port, stopped by its own handle.
import { join } from "node:path";
import { freePort, ROOT } from "../scripts/local/stack.ts";

const DENO = join(ROOT, "node_modules/.bin/deno");

export interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `deno run -A <script> ...args` with PORT set and waits until `probePath` answers at all. */
export async function startServer(
  script: string,
  args: string[],
  env: Record<string, string>,
  probePath: string,
): Promise<Server> {
  const port = freePort();
  const child = new Deno.Command(DENO, {
    args: ["run", "-A", join(ROOT, script), ...args],
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  let exited = false;
  child.status.then(() => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  let stopped = false;
  const server: Server = {
    url,
    pid: child.pid,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      // A server that does not finish its in-flight work promptly is not waited for.
      const timer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch { /* already gone */ }
      }, 5_000);
      await child.status;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 30_000;
  while (!exited && Date.now() < deadline) {
    try {
      const res = await fetch(`${url}${probePath}`);
      await res.body?.cancel();
      return server;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await server.stop();
  throw new Error(`${script} ${args.join(" ")} did not start listening on ${url}`);
}
