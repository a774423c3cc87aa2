// The local gateway: one process that plays the parts of Supabase's edge in front of the functions —
// `/functions/v1/<name>/*` to each function's handler (which sees `/<name>/*`, as on hosted Supabase),
// the identity provider's JWKS, public storage objects — and drains the pg_net stand-in's queue.
import { join, normalize } from "node:path";
import { PUBLIC_BUCKETS } from "../supabase/functions/_shared/ports/storage.ts";
import { startNetWorker } from "./local/net-worker.ts";

const env = (name: string) => {
  const v = Deno.env.get(name);
  if (!v) throw new Error(`gateway: ${name} is not set`);
  return v;
};
const port = Number(env("GATEWAY_PORT"));
const stackDir = env("LOCAL_STACK_DIR");
const storageDir = env("LOCAL_STORAGE_DIR");

type Handler = (req: Request) => Response | Promise<Response>;
// Every function directory with an index.ts is served, as `supabase functions serve` would.
const functionsDir = new URL("../supabase/functions/", import.meta.url);
const functions: Record<string, Handler> = {};
for (const entry of Deno.readDirSync(functionsDir)) {
  if (!entry.isDirectory || entry.name.startsWith("_")) continue;
  try {
    Deno.statSync(new URL(`${entry.name}/index.ts`, functionsDir));
  } catch {
    continue;
  }
  functions[entry.name] = (await import(new URL(`${entry.name}/index.ts`, functionsDir).href)).handler;
}

const jwks = JSON.stringify({
  keys: [JSON.parse(await Deno.readTextFile(join(stackDir, "jwt-key.json"))).publicJwk],
});
const CONTENT_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

function notFound(message = "No such route.") {
  return Response.json({ code: "not_found", message }, { status: 404 });
}

async function servePublicObject(bucket: string, path: string): Promise<Response> {
  const clean = normalize(decodeURIComponent(path));
  if (!(PUBLIC_BUCKETS as readonly string[]).includes(bucket) || clean.startsWith("..")) {
    return notFound("Object not found.");
  }
  try {
    const bytes = await Deno.readFile(join(storageDir, bucket, clean));
    const type = CONTENT_TYPES[clean.split(".").pop() ?? ""] ?? "application/octet-stream";
    return new Response(bytes, { headers: { "content-type": type, "cache-control": "public, max-age=60" } });
  } catch {
    return notFound("Object not found.");
  }
}

async function route(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const path = url.pathname;
  const fn = /^\/functions\/v1\/([a-z0-9-]+)(\/.*)?$/.exec(path);
  if (fn && functions[fn[1]]) {
    const inner = new URL(`/${fn[1]}${fn[2] ?? ""}${url.search}`, url);
    return await functions[fn[1]](new Request(inner, req));
  }
  // {root_url}/.well-known/* (OAuth discovery) belongs to the mcp function, as a rewrite does on hosted projects.
  if (path.startsWith("/functions/v1/.well-known/") && functions.mcp) {
    return await functions.mcp(
      new Request(new URL(`${path.slice("/functions/v1".length)}${url.search}`, url), req),
    );
  }
  if (path === "/auth/v1/.well-known/jwks.json") {
    return new Response(jwks, {
      headers: { "content-type": "application/json", "cache-control": "public, max-age=600" },
    });
  }
  const obj = /^\/storage\/v1\/object\/public\/([a-z0-9-]+)\/(.+)$/.exec(path);
  if (obj && req.method === "GET") return await servePublicObject(obj[1], obj[2]);
  return notFound();
}

const netWorker = startNetWorker(env("NET_WORKER_DB_URL"), { log: (m) => console.log(`pg_net: ${m}`) });
const server = Deno.serve({
  hostname: "127.0.0.1",
  port,
  onListen: () => console.log(`gateway listening on ${port}`),
}, route);

async function shutdown() {
  await Promise.allSettled([server.shutdown(), netWorker.stop()]);
  Deno.exit(0);
}
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
