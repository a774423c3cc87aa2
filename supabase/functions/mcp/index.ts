// The `mcp` edge function: the agent endpoint and its OAuth discovery.
import { createMcpApp, mcpDepsFrom } from "./app.ts";

let app: ReturnType<typeof createMcpApp> | undefined;

export function handler(req: Request): Response | Promise<Response> {
  app ??= createMcpApp(mcpDepsFrom());
  return app.fetch(req);
}

// Run alone (`deno run -A index.ts`, or by the hosted runtime) it serves itself; PORT picks the port.
if (import.meta.main) Deno.serve({ port: Number(Deno.env.get("PORT") ?? 8000) }, handler);
