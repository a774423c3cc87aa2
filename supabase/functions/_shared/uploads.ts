// Multipart uploads: the body is read under a byte limit (so a huge upload is refused before it is
// buffered whole), and images are recognized by their magic bytes, never by the declared type.
import { ApiError } from "./errors.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
// Room for the multipart boundaries and the other small fields of a form.
const FORM_OVERHEAD_BYTES = 64 * 1024;

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface ImageType {
  mime: "image/png" | "image/jpeg" | "image/webp";
  extension: "png" | "jpg" | "webp";
}

export function detectImageType(b: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: "image/png", extension: "png" };
  }
  if (starts([0xff, 0xd8, 0xff])) return { mime: "image/jpeg", extension: "jpg" };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) {
    return { mime: "image/webp", extension: "webp" };
  }
  return null;
}

function tooLarge(limit: number): ApiError {
  return new ApiError(413, "payload_too_large", `The upload exceeds ${limit} bytes.`, { max_bytes: limit });
}

/** The body size a form carrying `maxBytes` of files may have: the route's body limit. */
export function formBodyBytes(maxBytes: number): number {
  return maxBytes + FORM_OVERHEAD_BYTES;
}

/** Parses a multipart/form-data body of at most `maxBytes` (plus form overhead). */
export async function readForm(req: Request, maxBytes: number): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;\s*boundary=/i.test(type)) {
    throw new ApiError(415, "unsupported_media_type", "The body must be multipart/form-data.");
  }
  const limit = formBodyBytes(maxBytes);
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(maxBytes);
  if (!req.body) throw new ApiError(400, "invalid_request", "The form is empty.");
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  try {
    return await new Response(new Blob(chunks as BlobPart[]), { headers: { "content-type": type } })
      .formData();
  } catch {
    throw new ApiError(400, "invalid_request", "The multipart body is malformed.");
  }
}

/** The files of one form field, each checked against the per-file limit. */
export async function filesOf(form: FormData, field: string, maxBytes: number): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  for (const value of form.getAll(field)) {
    if (typeof value === "string") {
      throw new ApiError(400, "invalid_request", `The field '${field}' must be a file.`, { field });
    }
    if (value.size > maxBytes) {
      throw new ApiError(413, "payload_too_large", `The file '${value.name}' exceeds ${maxBytes} bytes.`, {
        field,
        file: value.name,
        max_bytes: maxBytes,
      });
    }
    files.push({ name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return files;
}

/** Exactly one file in `field`. */
export async function readSingleUpload(req: Request, field: string, maxBytes: number): Promise<UploadedFile> {
  const files = await filesOf(await readForm(req, maxBytes), field, maxBytes);
  if (files.length !== 1) {
    throw new ApiError(400, "invalid_request", `Send exactly one file in the '${field}' field.`, { field });
  }
  return files[0];
}
