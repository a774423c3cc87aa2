// The `v1` edge function: the REST API under {base_url} = {root_url}/v1.
import { depsFromConfig } from "../_shared/deps.ts";
import { createV1App } from "./app.ts";

let app: ReturnType<typeof createV1App> | undefined;

export function handler(req: Request): Response | Promise<Response> {
  app ??= createV1App(depsFromConfig());
  return app.fetch(req);
}

if (import.meta.main) Deno.serve(handler);
