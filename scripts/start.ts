// `npm start`: the embedded local stack in the foreground, its data kept under `.local/`.
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { ROOT, startStack } from "./local/stack.ts";

const dir = join(ROOT, ".local");
const gatewayPort = Number(Deno.env.get("GATEWAY_PORT") ?? 54321);
const pgPort = Number(Deno.env.get("PG_PORT") ?? 54322);
const gitHostPort = Number(Deno.env.get("GIT_HOST_PORT") ?? 54323);
const dbHostPort = Number(Deno.env.get("DB_HOST_PORT") ?? 54324);
const previewPort = Number(Deno.env.get("BUILD_PREVIEW_PORT") ?? 54329);
// Device previews are for a phone on the same network: the machine's LAN address, unless one is given.
const lan = Object.values(networkInterfaces()).flat().find((a) => a?.family === "IPv4" && !a.internal)
  ?.address;
const deviceHost = Deno.env.get("DEVICE_PREVIEW_HOST") ?? lan ?? "127.0.0.1";

const stack = await startStack({
  dir,
  pgPort,
  gatewayPort,
  gitHostPort,
  dbHostPort,
  previewPort,
  devicePreviewEnv: {
    DEVICE_PREVIEW_HOST: deviceHost,
    DEVICE_PREVIEW_LISTEN: deviceHost === "127.0.0.1" ? "127.0.0.1" : "0.0.0.0",
    DEVICE_PREVIEW_PORTS: Deno.env.get("DEVICE_PREVIEW_PORTS") ?? "54330-54339",
    ...(Deno.env.get("DEVICE_PREVIEW_IDLE_SECONDS")
      ? { DEVICE_PREVIEW_IDLE_SECONDS: Deno.env.get("DEVICE_PREVIEW_IDLE_SECONDS")! }
      : {}),
  },
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
  on a phone   exp://${deviceHost}:<port> (POST /projects/{id}/device-previews; Expo Go on the same network)

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
