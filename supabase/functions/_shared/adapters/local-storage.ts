// Blob store on the local disk, for the embedded stack; the gateway serves the public buckets.
import { dirname, join } from "node:path";
import { assertObjectPath, type BlobStore, type Bucket } from "../ports/storage.ts";

export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string, private readonly gatewayUrl: string) {}

  private file(bucket: Bucket, path: string): string {
    assertObjectPath(path);
    return join(this.root, bucket, path);
  }

  async put(bucket: Bucket, path: string, bytes: Uint8Array, _contentType: string) {
    const file = this.file(bucket, path);
    await Deno.mkdir(dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half an object.
    const tmp = `${file}.${crypto.randomUUID()}.tmp`;
    await Deno.writeFile(tmp, bytes);
    await Deno.rename(tmp, file);
  }

  async get(bucket: Bucket, path: string) {
    try {
      return await Deno.readFile(this.file(bucket, path));
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return null;
      throw err;
    }
  }

  async remove(bucket: Bucket, paths: string[]) {
    for (const p of paths) {
      await Deno.remove(this.file(bucket, p)).catch((err) => {
        if (!(err instanceof Deno.errors.NotFound)) throw err;
      });
    }
  }

  async removeFolder(bucket: Bucket, prefix: string) {
    await Deno.remove(this.file(bucket, prefix), { recursive: true }).catch((err) => {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    });
  }

  publicUrl(bucket: Bucket, path: string) {
    return `${this.gatewayUrl}/storage/v1/object/public/${bucket}/${path}`;
  }

  pathOfPublicUrl(bucket: Bucket, url: string) {
    const prefix = `${this.gatewayUrl}/storage/v1/object/public/${bucket}/`;
    return url.startsWith(prefix) ? url.slice(prefix.length) : null;
  }
}
