// Blob store port: avatars, icons and job attachments. Buckets in PUBLIC_BUCKETS are readable by
// anyone at their public URL; the others are reached only through the service.
export const PUBLIC_BUCKETS = ["avatars", "icons"] as const;
export type Bucket = "avatars" | "icons" | "attachments";

/**
 * Object paths are relative and plain: nothing containing `..`, starting with `/`, holding a backslash or a
 * control character reaches a store, whoever built the path.
 */
export function assertObjectPath(path: string): void {
  // deno-lint-ignore no-control-regex
  if (path === "" || path.includes("..") || path.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(path)) {
    throw new Error(`unsafe object path: ${JSON.stringify(path)}`);
  }
}

export interface BlobStore {
  put(bucket: Bucket, path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(bucket: Bucket, path: string): Promise<Uint8Array | null>;
  /** Removes the objects; missing ones are not an error. */
  remove(bucket: Bucket, paths: string[]): Promise<void>;
  /** Removes every object whose path starts with `prefix` (a folder such as `<user id>/`). */
  removeFolder(bucket: Bucket, prefix: string): Promise<void>;
  publicUrl(bucket: Bucket, path: string): string;
  /** The object path behind one of our public URLs, or null for any other URL. */
  pathOfPublicUrl(bucket: Bucket, url: string): string | null;
}
