// Credits are EUR cents (1 EUR = 100 credits) and stay integers end to end; only display turns them into
// euros. Formatting is done by hand rather than with Intl: it-IT applies a minimum-grouping rule (4-digit
// amounts print as "1234,56 €") and ICU data differs between runtimes, while the wallet must print the same
// "1.234,56 €" everywhere.

export const CREDITS_PER_EUR = 100;

/** The amounts offered as buttons at checkout, in whole euros. */
export const CHECKOUT_PRESETS_EUR = [5, 20, 100, 200] as const;

/**
 * Bounds of a custom top-up, in whole euros. The floor is above Stripe's EUR minimum charge (0.50 EUR); the
 * ceiling caps what one mistyped amount or one stolen card can put into a wallet.
 */
export const CUSTOM_AMOUNT_MIN_EUR = 1;
export const CUSTOM_AMOUNT_MAX_EUR = 1000;

/**
 * Between the amount and the euro sign: U+00A0, the no-break space Intl's it-IT itself uses, so the sign
 * never wraps onto its own line.
 */
const EURO_SUFFIX = "\u00a0€";

interface Parts {
  negative: boolean;
  euros: bigint;
  cents: string;
}

function parts(credits: number | bigint): Parts {
  if (typeof credits === "number" && !Number.isSafeInteger(credits)) {
    throw new RangeError(`credits must be a whole number, got ${credits}`);
  }
  const n = BigInt(credits);
  const abs = n < 0n ? -n : n;
  const perEur = BigInt(CREDITS_PER_EUR);
  return { negative: n < 0n, euros: abs / perEur, cents: String(abs % perEur).padStart(2, "0") };
}

function groupThousands(euros: bigint): string {
  const groups: string[] = [];
  let rest = euros;
  while (rest >= 1000n) {
    groups.unshift(String(rest % 1000n).padStart(3, "0"));
    rest /= 1000n;
  }
  groups.unshift(String(rest));
  return groups.join(".");
}

/** Italian display of a credit amount: 123456 → "1.234,56 €", -500 → "-5,00 €" (U+00A0 before €). */
export function formatEur(credits: number | bigint): string {
  const { negative, euros, cents } = parts(credits);
  return `${negative ? "-" : ""}${groupThousands(euros)},${cents}${EURO_SUFFIX}`;
}

/** Machine-readable euros with two decimals and a dot: 1234 → "12.34", -5 → "-0.05". */
export function creditsToEurString(credits: number | bigint): string {
  const { negative, euros, cents } = parts(credits);
  return `${negative ? "-" : ""}${euros}.${cents}`;
}
