// The `v1` edge function: the REST API under {base_url} = {root_url}/v1.
import { depsFromConfig } from "../_shared/all-deps.ts";
import { createV1App } from "./app.ts";

let app: ReturnType<typeof createV1App> | undefined;

export function handler(req: Request): Response | Promise<Response> {
  app ??= createV1App(depsFromConfig());
  return app.fetch(req);
}

// Run alone (`deno run -A index.ts`, or by the hosted runtime) it serves itself; PORT picks the port.
if (import.meta.main) Deno.serve({ port: Number(Deno.env.get("PORT") ?? 8000) }, handler);
