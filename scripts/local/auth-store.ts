// oidc-provider's storage adapter over Postgres (auth.oauth_provider_state): one row per stored artifact,
// with the grant, session uid and user code as indexed columns for the lookups the library makes.
import type postgres from "postgres";

type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string };
const SWEEP_EVERY = 100;

/**
 * Ends the grants `which` selects (a revoked refresh token's, a reused one's, or every grant of a user and
 * client): their tokens and codes go, and the service records the revocation, so the client's access tokens
 * issued until now stop acting and the webhooks it registered are deleted.
 */
async function revokeGrant(sql: postgres.Sql, which: postgres.PendingQuery<postgres.Row[]>) {
  await sql`
    with grants as (
      delete from auth.oauth_provider_state where model = 'Grant' and ${which} returning id, payload),
    tokens as (delete from auth.oauth_provider_state where grant_id in (select id from grants))
    select private.revoke_client_access(user_id, client_id)
      from (select distinct (payload ->> 'accountId')::uuid as user_id, payload ->> 'clientId' as client_id
              from grants) g
     where exists (select from auth.users u where u.id = g.user_id)`;
}

/** RFC 7009 for an access token: every grant of its user to its client ends, and earlier tokens with them. */
export async function revokeClientGrants(sql: postgres.Sql, accountId: string, clientId: string) {
  await revokeGrant(
    sql,
    sql`payload ->> 'accountId' = ${accountId} and payload ->> 'clientId' = ${clientId}`,
  );
  // An access token outlives its grant's rows: the revocation is recorded even when no grant is left.
  await sql`select private.revoke_client_access(${accountId}, ${clientId})
             where exists (select from auth.users where id = ${accountId})`;
}

export function postgresAdapter(sql: postgres.Sql) {
  let writes = 0;
  const live = sql`(expires_at is null or expires_at > now())`;
  const payloadOf = (rows: { payload: Payload }[]) => rows[0]?.payload;
  return class PostgresAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      const expires = typeof expiresIn === "number" ? new Date(Date.now() + expiresIn * 1000) : null;
      await sql`
        insert into auth.oauth_provider_state (model, id, payload, grant_id, uid, user_code, expires_at)
        values (${this.model}, ${id}, ${sql.json(payload as postgres.JSONValue)}, ${payload.grantId ?? null},
                ${payload.uid ?? null}, ${payload.userCode ?? null}, ${expires})
        on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
          uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at`;
      if (++writes % SWEEP_EVERY === 0) {
        await sql`delete from auth.oauth_provider_state where expires_at < now() - interval '1 hour'`;
      }
    }

    async find(id: string) {
      return payloadOf(
        await sql`select payload from auth.oauth_provider_state where model = ${this.model} and id = ${id} and ${live}`,
      );
    }

    async findByUid(uid: string) {
      return payloadOf(
        await sql`select payload from auth.oauth_provider_state where model = ${this.model} and uid = ${uid} and ${live}`,
      );
    }

    async findByUserCode(userCode: string) {
      return payloadOf(
        await sql`
          select payload from auth.oauth_provider_state
          where model = ${this.model} and user_code = ${userCode} and ${live}`,
      );
    }

    async consume(id: string) {
      await sql`
        update auth.oauth_provider_state
        set payload = payload || jsonb_build_object('consumed', extract(epoch from now())::bigint)
        where model = ${this.model} and id = ${id}`;
    }

    async destroy(id: string) {
      if (this.model === "Grant") return await revokeGrant(sql, sql`id = ${id}`);
      await sql`delete from auth.oauth_provider_state where model = ${this.model} and id = ${id}`;
    }

    /** Every token and code of a grant goes with it (refresh-token reuse, revocation, denied consent). */
    async revokeByGrantId(grantId: string) {
      await sql`delete from auth.oauth_provider_state where grant_id = ${grantId}`;
    }
  };
}
