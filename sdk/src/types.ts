// The types the generated operations are written in, derived from the generated `paths`.
import type { FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { paths } from "./schema.ts";

type Method = "get" | "put" | "post" | "delete" | "patch";

/** The request options of an operation: `params` (`path`, `query`), `body`, `headers`, `signal`… */
export type Init<P extends keyof paths, M extends Method & keyof paths[P]> = NonNullable<
  MaybeOptionalInit<paths[P], M>
>;

type Success<P extends keyof paths, M extends Method & keyof paths[P]> = NonNullable<
  FetchResponse<
    paths[P][M] & Record<string | number, unknown>,
    Record<never, never>,
    `${string}/${string}`
  >["data"]
>;

/** What an operation answers on success; `undefined` for 204. */
export type Data<P extends keyof paths, M extends Method & keyof paths[P]> = [Success<P, M>] extends [never]
  ? undefined
  : Success<P, M>;

/** Sends one request and answers the parsed body, or throws an ApiError. */
export type Send = (
  method: string,
  path: string,
  init: unknown,
  multipart?: boolean,
) => Promise<unknown>;
