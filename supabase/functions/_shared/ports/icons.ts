// Icon port: turns a project's name into a square PNG icon.
export interface IconRenderer {
  /** Returns PNG bytes of a 1024x1024 icon; the same name always gives the same bytes. */
  render(projectName: string): Promise<Uint8Array>;
}
