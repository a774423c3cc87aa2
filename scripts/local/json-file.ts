// A stand-in's state, kept as one JSON file: read at start, written whole after each change — one write at a
// time, to a temporary file renamed over the old one, so concurrent changes and a stop mid-write never leave
// half a file.
export class JsonFile<T> {
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly path: string, readonly data: T) {}

  /** The file's contents, or `empty()` when there is no file yet. */
  static async open<T>(path: string, empty: () => T): Promise<JsonFile<T>> {
    const data = await Deno.readTextFile(path).then((text) => JSON.parse(text) as T, empty);
    return new JsonFile(path, data);
  }

  /** Writes the data as it is now, after any write still under way. */
  save(): Promise<void> {
    const text = JSON.stringify(this.data);
    const next = this.writing.then(async () => {
      await Deno.writeTextFile(`${this.path}.tmp`, text, { mode: 0o600 });
      await Deno.rename(`${this.path}.tmp`, this.path);
    });
    // A failed write is reported to its caller; the next one still runs.
    this.writing = next.catch(() => {});
    return next;
  }
}
