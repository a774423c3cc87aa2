// A bench's users: each a Supabase Auth user of the stack with a signed access token and a project of its own.
import type postgres from "postgres";
import { mintAccessToken } from "../scripts/local/keys.ts";
import type { Stack } from "../scripts/local/stack.ts";
import { ensureUser } from "../scripts/local/users.ts";
import type { BenchUser } from "./jobs.ts";

export function benchUsers(stack: Stack, sql: postgres.Sql): (label: string) => Promise<BenchUser> {
  return async (label) => {
    const user = await ensureUser(sql, `bench.${label}.${crypto.randomUUID().slice(0, 8)}@example.com`);
    const token = await mintAccessToken(stack.key, `${stack.gatewayUrl}/auth/v1`, user);
    const res = await fetch(`${stack.gatewayUrl}/functions/v1/v1/projects`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: `Bench ${label}` }),
    });
    if (res.status !== 201) throw new Error(`POST /projects: ${res.status} ${await res.text()}`);
    return { id: user.id, token, projectId: (await res.json()).id };
  };
}
