// `npm start`: the embedded local stack in the foreground, its data kept under `.local/`.
import { join } from "node:path";
import { ROOT, startStack } from "./local/stack.ts";

const dir = join(ROOT, ".local");
const gatewayPort = Number(Deno.env.get("GATEWAY_PORT") ?? 54321);
const pgPort = Number(Deno.env.get("PG_PORT") ?? 54322);
const gitHostPort = Number(Deno.env.get("GIT_HOST_PORT") ?? 54323);
const dbHostPort = Number(Deno.env.get("DB_HOST_PORT") ?? 54324);
const previewPort = Number(Deno.env.get("BUILD_PREVIEW_PORT") ?? 54329);

const stack = await startStack({
  dir,
  pgPort,
  gatewayPort,
  gitHostPort,
  dbHostPort,
  previewPort,
  seed: true,
  log: (l) => console.log(l),
});
const root = `${stack.gatewayUrl}/functions/v1`;
console.log(`
The local stack is running. Ctrl-C stops it; data stays in .local/ (npm run reset wipes it).

  {root_url}   ${root}
  {base_url}   ${root}/v1
  MCP          ${root}/mcp
  docs         ${root}/v1/docs
  OAuth issuer ${stack.gatewayUrl}/auth/v1 (sign-in and consent pages; e-mailed codes go to .local/mail.log)
  JWKS         ${stack.gatewayUrl}/auth/v1/.well-known/jwks.json
  database     ${stack.cluster.url}
  GitHub       ${stack.gitHost.url} (the stand-in: the App's API, OAuth, repositories to clone)
  Supabase API ${stack.dbHost.url} (the stand-in: OAuth, projects, each a database of the cluster)
  previews     ${stack.buildWorker?.previewUrl}/p/<token>/ (the build worker; each build's preview_url)

Get a token:   npm run token -- you@example.com [password]   (also sets the password for the sign-in page)
Try it:        curl -H "Authorization: Bearer <access_token>" ${root}/v1/me
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log("\nstopping the local stack…");
  await stack.stop();
  Deno.exit(0);
}
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
