// What a goal still needs per period until its deadline ("how much we need to save each month to hit
// December"), or what a limit still allows per period until its period ends ("combien je peux encore dépenser
// par jour"): what is left of the target over the periods left, the current one counted; or what the next
// record needs for an average to reach its target ("che voto mi serve al prossimo compito"). Kept free of imports
// so a test can run it; days are ISO dates ("2027-12-31").

type Per = "day" | "week" | "month" | "year";

const DAY = 86_400_000;
const time = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day a deadline falls on: a date, or a month and day with no year ("--08-31"), the next one from today. */
export function deadlineDay(deadline: string, today: string): string {
  if (!deadline.startsWith("--")) return deadline;
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}${deadline.slice(1)}`;
  return thisYear >= today ? thisYear : `${year + 1}${deadline.slice(1)}`;
}

/** The last day of the period that holds today (weeks run Monday to Sunday). */
export function periodEnd(today: string, period: Per): string {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  if (period === "day") return today;
  if (period === "week") return iso(time(today) + ((7 - new Date(time(today)).getUTCDay()) % 7) * DAY);
  if (period === "month") return iso(Date.UTC(y, m, 0));
  return `${y}-12-31`;
}

/** How many periods are left from today to the last day, both counted; none once it is past. */
export function periodsLeft(today: string, last: string, per: Per): number {
  if (last < today) return 0;
  const days = Math.round((time(last) - time(today)) / DAY) + 1;
  const months = (Number(last.slice(0, 4)) - Number(today.slice(0, 4))) * 12 +
    Number(last.slice(5, 7)) - Number(today.slice(5, 7)) + 1;
  return per === "day" ? days : per === "week" ? Math.ceil(days / 7) : per === "month" ? months : Math.ceil(months / 12);
}

/** What is left of the target spread over the periods left until the last day, rounded to cents; none when
 * no period is left. */
export function neededPer(left: number, today: string, last: string, per: Per): number | undefined {
  const periods = periodsLeft(today, last, per);
  if (periods === 0) return undefined;
  return Math.round((Math.max(0, left) / periods) * 100) / 100;
}

/** The value the next record needs for the average of all the records to reach the target, rounded to cents. */
export function nextNeeded(values: number[], target: number): number {
  const sum = values.reduce((total, value) => total + value, 0);
  return Math.round((target * (values.length + 1) - sum) * 100) / 100;
}
