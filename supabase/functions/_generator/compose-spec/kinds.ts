// The kinds a spec's `kind` joins: the ask types a building block serves (theme and language are settings, a
// flag marks another block's records).
import { ASK_TYPES } from "../understand/asks.ts";

export const KINDS: readonly string[] = ASK_TYPES.filter((t) =>
  t !== "theme" && t !== "language" && t !== "flag"
);
