// `npm run token -- <email>`: a user of the local stack (created through auth.users, so the signup
// trigger runs) and an access token for it, signed with the local key.
import { join } from "node:path";
import postgres from "postgres";
import { ensureLocalKey, mintAccessToken } from "./local/keys.ts";
import { ROOT } from "./local/stack.ts";
import { ensureUser } from "./local/users.ts";

const email = Deno.args[0]?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error("usage: npm run token -- <email>");
  Deno.exit(2);
}
const dir = join(ROOT, ".local");
const pgPort = Number(Deno.env.get("PG_PORT") ?? 54322);
const gatewayPort = Number(Deno.env.get("GATEWAY_PORT") ?? 54321);
let password: string;
try {
  password = (await Deno.readTextFile(join(dir, "pg", "password"))).trim();
} catch {
  console.error("no local stack here yet: run `npm start` first");
  Deno.exit(1);
}
const sql = postgres(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`, {
  prepare: false,
  onnotice: () => {},
  max: 1,
});
try {
  const user = await ensureUser(sql, email);
  const key = await ensureLocalKey(dir);
  const accessToken = await mintAccessToken(key, `http://127.0.0.1:${gatewayPort}/auth/v1`, {
    id: user.id,
    email,
  });
  console.log(JSON.stringify({ user_id: user.id, email, access_token: accessToken }, null, 2));
} catch (err) {
  console.error(`could not reach the local database (is \`npm start\` running?): ${(err as Error).message}`);
  Deno.exitCode = 1;
} finally {
  await sql.end();
}
