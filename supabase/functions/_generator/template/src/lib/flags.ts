// Whether a record is out of the bounds its screen sets on a number ("a reading under 4 or over 10"): such
// records are shown marked, in the theme's danger colour. Kept free of imports (the types are the shapes it
// reads) so a test can run it.

type Bound = { field: string; below?: number; above?: number };
type Row = { [field: string]: unknown };

export function flagged(flags: Bound[] | undefined, record: Row): boolean {
  return (flags ?? []).some(({ field, below, above }) => {
    const raw = record[field];
    if (raw === undefined || raw === null || raw === "" || typeof raw === "boolean") return false;
    const value = Number(raw);
    return Number.isFinite(value) &&
      ((below !== undefined && value < below) || (above !== undefined && value > above));
  });
}
