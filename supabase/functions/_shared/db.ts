// Postgres access as the caller: one transaction that takes the `authenticated` role and the verified
// claims, exactly as PostgREST does, so row-level security decides what the SQL may see and change.
import postgres from "postgres";
import type { Claims } from "./auth.ts";

export type Sql = postgres.Sql;
/** The claims of the service's own transactions, or of its calls on behalf of a user (`callForUser`). */
type ServiceClaims = { role: "service_role"; sub?: string; client_id?: string; iat?: number };
export type Tx = postgres.TransactionSql;

export interface Db {
  sql: Sql;
  /** Runs `fn` in a transaction as the user the claims name. */
  asUser<T>(claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One statement as the user in one round trip: begin, the role and claims, the statement and commit
   * are pipelined on one connection. A failed statement aborts the transaction, so its commit rolls back.
   */
  callAsUser(
    claims: Claims,
    query: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>,
  ): Promise<postgres.Row[]>;
  /**
   * One statement as `service_role` on behalf of the user the claims name (`auth.uid()` is theirs), in one
   * round trip like `callAsUser`: for functions whose inputs only the service can vouch for.
   */
  callForUser(
    claims: Claims,
    query: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>,
  ): Promise<postgres.Row[]>;
  /** Runs `fn` in a transaction as `service_role`, for work no user drives (webhooks, the runner). */
  asService<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Statements as `service_role` in one transaction and one round trip, like `callAsUser`: for the service's
   * calls that need no answer between them. Their rows, in order.
   */
  callAsService(
    statements: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>[],
  ): Promise<postgres.Row[][]>;
  end(): Promise<void>;
}

/** How many times a transaction aborted by a deadlock or a serialization conflict is tried in all. */
const TRANSACTION_ATTEMPTS = 3;

export function createDb(url: string, opts: { max?: number; userStatementTimeoutMs?: number } = {}): Db {
  const sql = postgres(url, {
    // Works through the Supabase pooler in transaction mode, which cannot keep prepared statements.
    prepare: false,
    max: opts.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    connection: { application_name: "edge-functions" },
  });

  // What a user's transaction may spend per statement: no request a user drives runs unbounded.
  const userTimeout = `${opts.userStatementTimeoutMs ?? 5000}ms`;

  /**
   * What opens a transaction for `claims`, sent without waiting: a third-party token first has its client's
   * revocation looked up (one primary-key read, before the role switch), then the role and claims are set.
   */
  function setup(tx: Sql | Tx, role: string, claims: Claims | ServiceClaims, timeout: string | null) {
    const client = typeof claims.client_id === "string" ? claims.client_id : undefined;
    return [
      ...(client
        ? [
          tx`select private.refuse_revoked_client(${claims.sub!}, ${client}, ${
            typeof claims.iat === "number" ? claims.iat : null
          })`,
        ]
        : []),
      tx`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${
        JSON.stringify(claims)
      }, true), set_config('statement_timeout', coalesce(${timeout}, current_setting('statement_timeout')), true)`,
    ];
  }

  function withRole<T>(role: string, claims: Claims | ServiceClaims, fn: (tx: Tx) => Promise<T>): Promise<T> {
    // The service's own work keeps the session's setting.
    const timeout = role === "authenticated" ? userTimeout : null;
    return sql.begin(async (tx) => {
      // Sent without waiting, so the role switch and the first query share one round trip.
      const opened = Promise.all(setup(tx, role, claims, timeout).map((s) => s.execute()));
      const [, result] = await Promise.all([opened, fn(tx)]);
      return result;
    }) as Promise<T>;
  }

  /**
   * The statements in one transaction and one round trip. A transaction Postgres aborted to break a deadlock
   * or a serialization conflict (40P01, 40001) changed nothing, so it is sent again, as Postgres advises:
   * two requests that lock the same rows in opposite orders (deleting a project while its job finishes)
   * both end, instead of one answering 500.
   */
  async function callAs(
    role: string,
    claims: Claims | ServiceClaims,
    timeout: string | null,
    build: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>[],
  ): Promise<postgres.Row[][]> {
    for (let attempt = 1;; attempt++) {
      try {
        return await callOnce(role, claims, timeout, build);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= TRANSACTION_ATTEMPTS || (code !== "40P01" && code !== "40001")) throw err;
      }
    }
  }

  async function callOnce(
    role: string,
    claims: Claims | ServiceClaims,
    timeout: string | null,
    build: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>[],
  ): Promise<postgres.Row[][]> {
    const conn = await sql.reserve();
    try {
      // Built before anything is sent: a statement that cannot be built must not leave a transaction open.
      const opening = setup(conn, role, claims, timeout);
      const statements = build(conn);
      const settled = await Promise.allSettled([
        conn`begin`.execute(),
        ...opening.map((statement) => statement.execute()),
        ...statements.map((statement) => statement.execute()),
        conn`commit`.execute(),
      ]);
      // The first failure in order: a refused token, not the aborted transaction's later statements.
      const failed = settled.find((r) => r.status === "rejected");
      if (failed) {
        // Normally the commit already ended the aborted transaction; make sure before the connection goes back.
        await conn`rollback`.catch(() => {});
        throw (failed as PromiseRejectedResult).reason;
      }
      const first = 1 + opening.length;
      return settled.slice(first, first + statements.length).map((r) =>
        (r as PromiseFulfilledResult<postgres.Row[]>).value
      );
    } finally {
      conn.release();
    }
  }

  const service: ServiceClaims = { role: "service_role" };
  return {
    sql,
    asUser: (claims, fn) => withRole("authenticated", claims, fn),
    callAsUser: async (claims, query) =>
      (await callAs("authenticated", claims, userTimeout, (sql) => [query(sql)]))[0],
    // The client stays in the claims: what the service records for the user names who asked for it.
    callForUser: async (claims, query) =>
      (await callAs(
        "service_role",
        { sub: claims.sub, role: "service_role", client_id: claims.client_id, iat: claims.iat },
        userTimeout,
        (sql) => [query(sql)],
      ))[0],
    asService: (fn) => withRole("service_role", service, fn),
    // The service's own work keeps the session's statement timeout.
    callAsService: (statements) => callAs("service_role", service, null, statements),
    end: () => sql.end({ timeout: 5 }),
  };
}

/** Whether the user's account row still exists: a token stays valid after its account is deleted. */
export async function accountExists(db: Db, userId: string): Promise<boolean> {
  return (await db.sql`select exists (select from public.profiles where id = ${userId}) as e`)[0].e;
}

/** The single value of a `select api.<fn>(...) as r` made as the user: what every route handler needs. */
export async function selectAsUser<T>(
  db: Db,
  claims: Claims,
  query: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>,
): Promise<T> {
  return (await db.callAsUser(claims, query))[0].r as T;
}

/** The single value of a `select api.<fn>(...) as r` made by the service for the user (`callForUser`). */
export async function selectForUser<T>(
  db: Db,
  claims: Claims,
  query: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>,
): Promise<T> {
  return (await db.callForUser(claims, query))[0].r as T;
}
