// The worker's side of the builds queue: the SQL functions its role may execute (supabase/schemas/builds/),
// and LISTEN to wake when a build is queued or a device preview asked for or stopped.
import pg from "pg";

/**
 * @typedef {{ id: string, project_id: string, lease_token: string, lease_seconds: number, attempt: number,
 *   preview_token: string }} Claim
 */

/** A contract error raised in SQL (SQLSTATE PT<status>, message `<code>: <text>`, DETAIL JSON). */
export function apiError(/** @type {any} */ err) {
  if (!/^PT\d{3}$/.test(err?.code ?? "")) return null;
  const [code, ...text] = String(err.message).split(": ");
  let details;
  try {
    details = err.detail ? JSON.parse(err.detail) : undefined;
  } catch { /* not JSON */ }
  return {
    status: Number(err.code.slice(2)),
    body: { code, message: text.join(": "), details },
  };
}

/** @param {string} url the build_worker role's connection string */
export function openQueue(url) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // An idle connection the database closed (a restart, a failover) is dropped and replaced on the next query;
  // without a listener the pool's error event would end the process.
  pool.on(
    "error",
    (err) =>
      console.error(
        `build worker: an idle database connection ended: ${err.message}`,
      ),
  );
  // Bigints stay strings (ids beyond 2^53 are exact); JSON results arrive parsed.
  const call = async (
    /** @type {string} */ sql,
    /** @type {unknown[]} */ params,
  ) => (await pool.query(sql, params)).rows[0]?.r ?? null;
  return {
    /** @returns {Promise<Claim | null>} */
    claim: (/** @type {string} */ worker) => call("select private.claim_build($1) as r", [worker]),
    /** @returns {Promise<{ digest: string, files: import("./build.js").SourceFile[] }>} */
    files: (/** @type {Claim} */ c) => call("select private.build_files($1, $2) as r", [c.id, c.lease_token]),
    /** The lease extended, and with `step` the step starting recorded. @returns {Promise<"ok" | "superseded">} */
    heartbeat: (/** @type {Claim} */ c, /** @type {string | null} */ step = null) =>
      call("select private.heartbeat_build($1, $2, $3) as r", [c.id, c.lease_token, step]),
    /** The web export published at `url` while the other exports run. */
    publishPreview: (/** @type {Claim} */ c, /** @type {string} */ url) =>
      call("select private.publish_build_preview($1, $2, $3) as r", [c.id, c.lease_token, url]),
    finish: (/** @type {Claim} */ c, /** @type {object} */ outcome) =>
      call("select private.finish_build($1, $2, $3) as r", [
        c.id,
        c.lease_token,
        JSON.stringify(outcome),
      ]),
    /** @returns {Promise<boolean>} whether a succeeded build of that token took the image */
    recordThumbnail: (/** @type {string} */ token, /** @type {string} */ url) =>
      call("select private.record_build_thumbnail($1, $2) as r", [token, url]),
    /** @returns {Promise<string[]>} the tokens among these whose build still exists */
    livePreviews: (/** @type {string[]} */ tokens) => call("select private.live_previews($1) as r", [tokens]),
    /** @returns {Promise<{ id: string, project_id: string, lease_token: string,
     *   files: import("./build.js").SourceFile[] } | null>} */
    claimDevicePreview: (/** @type {string} */ worker) =>
      call("select private.claim_device_preview($1) as r", [worker]),
    reportDevicePreview: (
      /** @type {{ id: string, lease_token: string }} */ c,
      /** @type {object} */ outcome,
    ) =>
      call("select private.report_device_preview($1, $2, $3) as r", [
        c.id,
        c.lease_token,
        JSON.stringify(outcome),
      ]),
    /** @returns {Promise<string[]>} the ids among these whose preview is over */
    /** The running previews' leases renewed; answers those of them that are over. */
    syncDevicePreviews: (/** @type {string[]} */ ids) =>
      call("select private.sync_device_previews($1) as r", [ids]),
    /** @returns {Promise<{ status: number, body: unknown }>} */
    async recordError(
      /** @type {string} */ token,
      /** @type {string} */ message,
      /** @type {string | null} */ stack,
    ) {
      try {
        const body = await call(
          "select private.record_build_preview_error($1, $2, $3) as r",
          [
            token,
            message,
            stack,
          ],
        );
        return { status: 201, body };
      } catch (err) {
        const e = apiError(err);
        if (!e) throw err;
        return e;
      }
    },
    /**
     * Calls `onQueued` with the channel whenever a build is queued (build_queued) or a device preview is asked
     * for or stopped (device_previews), on a connection of its own (reconnecting).
     */
    async listen(/** @type {(channel: string) => void} */ onQueued) {
      const client = new pg.Client({ connectionString: url });
      // Until the database is back, tried again every second; the poll covers the time in between.
      const again = () => setTimeout(() => this.listen(onQueued).catch(again), 1000);
      client.on("notification", (msg) => onQueued(msg.channel));
      client.once("error", () => {
        client.end().catch(() => {});
        again();
      });
      await client.connect();
      await client.query("listen build_queued; listen device_previews");
      return client;
    },
    end: () => pool.end(),
  };
}
