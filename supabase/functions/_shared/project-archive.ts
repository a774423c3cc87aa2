// A project's files (its current ones, or a version's) as a zip, built while it is sent: the files come from Postgres a page at a time
// (api.project_archive_page, ARCHIVE_PAGE_BYTES of contents at most) and each is compressed and handed on
// before the next is read, so an instance holds one page and one file's output, never the whole project nor
// the whole zip. The read runs under the same file-read slot as the files listing.
import { Buffer } from "node:buffer";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Claims } from "./auth.ts";
import { selectAsUser } from "./db.ts";
import type { Deps } from "./deps.ts";
import { isValidFilePath } from "./file-paths.ts";
import { ARCHIVE_PAGE_BYTES, RUN_NOTE_PATHS } from "../_contract/projects.ts";
import type { Slot } from "./limiter.ts";

interface ArchiveFile {
  path: string;
  contents: string;
  encoding: "utf8" | "base64";
  updated_at: string;
}
interface ArchivePage {
  name: string;
  files: ArchiveFile[];
}

const encoder = new TextEncoder();

/** How to run the app, with the Expo SDK its package.json asks for when it names one. */
export function runNote(name: string, manifest: string | undefined): string {
  let expo: string | undefined;
  try {
    expo = JSON.parse(manifest ?? "{}")?.dependencies?.expo;
  } catch { /* a package.json that is not JSON names no version */ }
  const major = typeof expo === "string" ? /\d+/.exec(expo)?.[0] : undefined;
  const sdk = major ? ` for Expo SDK ${major} (\`expo\` ${expo} in package.json)` : "";
  return `# ${name}\n\nAn Expo app${sdk}.\n\n## Run it\n\nWith Node.js and npm, in this folder:\n\n` +
    "```sh\nnpm install\nnpx expo start\n```\n\n" +
    `\`npx expo start\` shows a QR code to open the app in Expo Go${major ? ` (SDK ${major})` : ""} on a ` +
    "phone, and `w` opens it in a web browser. `npx expo export --platform web` builds the web version " +
    "into `dist/`.\n";
}

/** `Content-Disposition` naming the download after the project (RFC 6266, `filename*` when not ASCII). */
export function archiveDisposition(name: string, projectId: number | string): string {
  const slug = name.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
  const ascii = slug.normalize("NFKD").replace(/[^a-z0-9-]+/g, "").replace(/-+/g, "-").replace(
    /^-+|-+$/g,
    "",
  );
  const fallback = `${ascii || `project-${projectId}`}.zip`;
  const full = `${slug || `project-${projectId}`}.zip`;
  return `attachment; filename="${fallback}"` +
    (full === fallback ? "" : `; filename*=UTF-8''${encodeURIComponent(full)}`);
}

function addFile(zip: Zip, path: string, bytes: Uint8Array, mtime: Date, compress: boolean) {
  const entry = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
  entry.mtime = mtime;
  zip.add(entry);
  entry.push(bytes, true);
}

/**
 * The project's archive: the first page is read before answering (so a project the caller cannot see is a
 * 404 and not a broken download), the rest as the client reads; with the file-read slot to free once it has
 * been sent.
 */
export async function projectArchive(
  deps: Pick<Deps, "db" | "fileReads">,
  claims: Claims,
  /** A decimal string from a path keeps ids past 2^53 exact. */
  projectId: number | string,
  /** One of the project's versions; its current files when absent. */
  versionId?: string,
): Promise<{ name: string; body: ReadableStream<Uint8Array>; slot: Slot }> {
  const slot = await deps.fileReads.acquire(claims.sub);
  const page = (after: string | null) =>
    selectAsUser<string>(
      deps.db,
      claims,
      (tx) =>
        tx`select api.project_archive_page(${projectId}, ${
          versionId ?? null
        }, ${after}, ${ARCHIVE_PAGE_BYTES}) as r`,
    ).then((json) => JSON.parse(json) as ArchivePage);
  let first: ArchivePage;
  try {
    first = await page(null);
  } catch (err) {
    slot.release();
    throw err;
  }

  async function* zipped(): AsyncGenerator<Uint8Array> {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => err ? failure = err : out.push(chunk));
    const paths = new Set<string>();
    let manifest: string | undefined;
    for (let p = first; p.files.length > 0; p = await page(p.files.at(-1)!.path)) {
      for (const file of p.files) {
        // Every write checks paths; an entry that could land outside the folder it is unpacked into is
        // refused here all the same.
        if (!isValidFilePath(file.path)) throw new Error(`refusing to archive the path ${file.path}`);
        paths.add(file.path);
        if (file.path === "package.json") manifest = file.contents;
        const binary = file.encoding === "base64";
        const bytes = binary ? Buffer.from(file.contents, "base64") : encoder.encode(file.contents);
        addFile(zip, file.path, bytes, new Date(file.updated_at), !binary);
        if (failure) throw failure;
        yield* out.splice(0);
      }
    }
    const notePath = RUN_NOTE_PATHS.find((path) => !paths.has(path));
    if (notePath) addFile(zip, notePath, encoder.encode(runNote(first.name, manifest)), new Date(), true);
    zip.end();
    if (failure) throw failure;
    yield* out.splice(0);
  }
  return { name: first.name, body: ReadableStream.from(zipped()), slot };
}
