// The value of a field computed from others of its record ("profit" = sale price − cost, "pace" = time ÷
// distance). Kept free of imports (the types are the shapes it reads) so a test can run it.

type Operand = string | number;
type Formula = { op: "difference" | "sum" | "product" | "ratio" | "percent"; of: [Operand, Operand] };
type Row = { [field: string]: unknown };

/** An operand's number: a constant, else the record's value of the field; none when it is empty. */
function operand(record: Row, of: Operand): number | undefined {
  if (typeof of === "number") return of;
  const raw = record[of];
  if (raw === undefined || raw === null || raw === "" || typeof raw === "boolean") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** The formula's value on a record, rounded to cents; none when an operand is empty or a divisor is zero. */
export function computed(formula: Formula, record: Row): number | undefined {
  const [a, b] = formula.of.map((of) => operand(record, of));
  if (a === undefined || b === undefined) return undefined;
  const value = formula.op === "difference"
    ? a - b
    : formula.op === "sum"
    ? a + b
    : formula.op === "product"
    ? a * b
    : b === 0
    ? undefined
    : formula.op === "ratio"
    ? a / b
    : (a / b) * 100;
  return value === undefined || !Number.isFinite(value) ? undefined : Math.round(value * 100) / 100;
}

/** A record with its computed fields worked out (left empty where they cannot be). */
export function withComputed<R extends Row>(fields: { key: string; formula?: Formula }[], record: R): R {
  const worked = fields.filter((field) => field.formula);
  if (!worked.length) return record;
  return Object.fromEntries([
    ...Object.entries(record),
    ...worked.map((field) => [field.key, computed(field.formula!, record) ?? ""]),
  ]) as R;
}
