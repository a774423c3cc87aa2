// Costs shared among people are told in more ways than by a verb of splitting: a cost said shared out among
// people, in a number of parts or by what sets the shares ("spese divise tra noi 4", "partagée en trois",
// "divisa in base ai millesimi"), a share stated beside a payment ("paghiamo a metà", "60/40"), a verb of
// sharing out money ("répartir les dépenses"), a group's debts ("chi deve dare soldi a chi", "wer wem was
// zahlt"), each one paying in ("chacun paie", "ognuno mette la sua quota"), evening out or a common fund
// ("even it out", "gemeinsame Kasse"). Each is a split cue where it stands.
import {
  cueIndex,
  type CueMatch,
  LEXICONS,
  matchCues,
  perLanguage,
  phraseFrom,
  phrasesPerLanguage,
} from "./lexicon.ts";
import { type UiLanguage } from "./language.ts";
import { stem } from "./stem.ts";
import { type Token } from "./text.ts";

const BETWEEN = perLanguage((lex) => lex.between);
const DIVIDED = perLanguage((lex) => lex.divided);
// (A participle of sharing alone names a shared list too, "une liste partagée": only a number of parts after
// it makes it a cost's.)
const SHARED = perLanguage((lex) => [...lex.divided, ...lex.sharedCosts.shared]);
const INTO = perLanguage((lex) => lex.into);
const WAYS = perLanguage((lex) => lex.sharedCosts.ways);
const STOP = perLanguage((lex) => lex.stop);
const WHO = perLanguage((lex) => lex.sharedCosts.who);
// (As written: a folded "dû" would be the article "du".)
const OWING = perLanguage((lex) => lex.owing.words, (w) => w.toLowerCase());
const PAYS = perLanguage((lex) => lex.pay, (w) => w.toLowerCase());
const SPEAKER = perLanguage((lex) => lex.owing.speaker);
const EACH = perLanguage((lex) => lex.group.each);
const EVERYONE = phrasesPerLanguage((lex) => lex.group.everyone);
const BASIS = phrasesPerLanguage((lex) => lex.sharedCosts.basis);
const ONE = perLanguage((lex) => Object.keys(lex.numbers).filter((w) => lex.numbers[w] === 1));
const PAYING = phrasesPerLanguage((lex) => [...lex.pay, ...lex.sharedCosts.contribute]);
const INDEX = Object.fromEntries(
  (Object.keys(LEXICONS) as UiLanguage[]).map((l) => {
    const { even, settle, verbs } = LEXICONS[l].sharedCosts;
    return [l, cueIndex({ even, settle, verbs }, l)];
  }),
) as Record<UiLanguage, ReturnType<typeof cueIndex>>;
// (Money named by a payment's word or a spending's, by stem: "paghiamo", "the bills", "les frais".)
const MONEY = Object.fromEntries(
  (Object.keys(LEXICONS) as UiLanguage[]).map((l) => {
    const lex = LEXICONS[l];
    return [l, new Set([...lex.pay, ...lex.spending.nouns, ...lex.spending.verbs].map((w) => stem(w, l)))];
  }),
) as Record<UiLanguage, Set<string>>;

const split = (from: number, to: number): CueMatch => ({ key: "split", from, to });

/** The split cues of a clause's tokens (`stems`, as `stemTokens` gives them) that no cue of splitting names. */
export function sharedCosts(
  tokens: readonly Token[],
  stems: readonly string[],
  language: UiLanguage,
): CueMatch[] {
  const phrases = matchCues(stems, INDEX[language]);
  const money = stems.some((s) => MONEY[language].has(s));
  return [
    // (A share or a verb of sharing out splits money only: "a pizza a metà", "share photos" do not. The payment
    // right before a share is its verb, no subject: "le paghiamo a metà".)
    ...phrases.filter((m) => m.key === "settle" || money).map((m) =>
      split(MONEY[language].has(stems[m.from - 1] ?? "") ? m.from - 1 : m.from, m.to)
    ),
    ...(money ? ratios(tokens) : []),
    ...(money ? byBasis(tokens, language) : []),
    ...dividedAmong(tokens, language),
    ...owedInGroup(tokens, language),
    ...eachPays(tokens, language),
  ];
}

/** A share of a hundred between parts ("60/40", "70/30"), no reading of a blood pressure or a score. */
function ratios(tokens: readonly Token[]): CueMatch[] {
  return tokens.flatMap((t, i) => {
    const [a, mark, b] = [t, tokens[i + 1], tokens[i + 2]];
    const share = a.kind === "number" && mark?.norm === "/" && b?.kind === "number" &&
      Number(a.norm) > 0 && Number(b.norm) > 0 && Number(a.norm) + Number(b.norm) === 100;
    return share ? [split(i, i + 3)] : [];
  });
}

/** Money shared out by what sets each one's share ("va divisa in base ai millesimi", "réparties selon le
 * nombre de personnes", "aufgeteilt nach Verbrauch"): a participle of sharing right before a `basis` phrase. */
function byBasis(tokens: readonly Token[], language: UiLanguage): CueMatch[] {
  return tokens.flatMap((t, i) => {
    const basis = SHARED[language].has(t.norm) && phraseFrom(tokens, i + 1, BASIS[language]);
    return basis ? [split(i, i + 1 + basis.length)] : [];
  });
}

/** A cost said shared out among people or in parts ("spese divise tra noi 4", "frais divisés 50/50", "Kosten
 * geteilt unter uns", "partagée en trois", "split 3 ways"): the participle right before a `between` word, a
 * number, or "in" and a number of parts that no noun follows (parts "in 3 categorie" are categories). */
function dividedAmong(tokens: readonly Token[], language: UiLanguage): CueMatch[] {
  const count = (t: Token | undefined) =>
    t !== undefined && (t.kind === "number" || LEXICONS[language].numbers[t.norm] !== undefined);
  const parts = (i: number) =>
    count(tokens[i]) &&
    (!tokens[i + 1] || tokens[i + 1].kind !== "word" || STOP[language].has(tokens[i + 1].norm) ||
      WAYS[language].has(tokens[i + 1].norm));
  return tokens.flatMap((t, i) => {
    const next = tokens[i + 1];
    if (!next) return [];
    if (DIVIDED[language].has(t.norm) && BETWEEN[language].has(next.norm)) return [split(i, i + 1)];
    if (!SHARED[language].has(t.norm)) return [];
    if (next.kind === "number") return [split(i, i + 1)];
    return INTO[language].has(next.norm) && parts(i + 2) ? [split(i, i + 3)] : [];
  });
}

/** A group's debts: a debt word after a word asking who or "each" within four words ("chi deve dare soldi a
 * chi", "wer noch was schuldet", "what each of us owes") or before "each" within three ("cuánto debe cada
 * uno"), or a payment with two words asking who around or before it ("who pays whom", "wer wem was zahlt"). A debt to or of
 * the speaker, named between or right after ("who owes me", "ce que chaque parent me doit"), is theirs to keep. */
function owedInGroup(tokens: readonly Token[], language: UiLanguage): CueMatch[] {
  const each = (i: number) =>
    EACH[language].has(tokens[i]?.norm ?? "") || everyoneAt(tokens, i, language) > 0;
  const who = (i: number) => WHO[language].has(tokens[i]?.norm ?? "");
  const speaker = (from: number, to: number) =>
    tokens.slice(from, to).some((t) => SPEAKER[language].has(t.norm));
  const words = (from: number, to: number) => tokens.slice(from, to).every((t) => t.kind === "word");
  return tokens.flatMap((t, at): CueMatch[] => {
    const said = t.text.toLowerCase();
    if (OWING[language].has(said)) {
      const before = [1, 2, 3, 4].map((k) => at - k).find((i) => (who(i) || each(i)) && words(i, at));
      if (before !== undefined) return speaker(before + 1, at + 2) ? [] : [split(before, at + 1)];
      const after = [1, 2, 3].map((k) => at + k).find((i) => each(i) && words(at, i));
      return after !== undefined && !speaker(at + 1, after) ? [split(at, after + 1)] : [];
    }
    if (!PAYS[language].has(said)) return [];
    // (German puts the verb last: "wer wem was zahlt".)
    const whos = [-3, -2, -1, 1, 2].map((k) => at + k).filter((i) =>
      who(i) && words(Math.min(i, at), Math.max(i, at) + 1)
    );
    return whos.length >= 2 ? [split(Math.min(whos[0], at), Math.max(whos[whos.length - 1], at) + 1)] : [];
  });
}

/** The length of an "everyone" phrase at `i` ("chacun", "cada uno de nosotros"), or of "each" and "one"
 * ("each one", "cada uno"); 0 where none stands. */
function everyoneAt(tokens: readonly Token[], i: number, language: UiLanguage): number {
  const phrase = phraseFrom(tokens, i, EVERYONE[language]);
  if (phrase) return phrase.length;
  return EACH[language].has(tokens[i]?.norm ?? "") && ONE[language].has(tokens[i + 1]?.norm ?? "") ? 2 : 0;
}

/** Each one of a group paying in ("chacun paie 0,20 € par km", "ognuno mette la sua quota", "cada uno pone su
 * parte", "jeder zahlt ein", "everyone chips in"): "everyone", or "each" alone, right before a verb of paying
 * or contributing. ("Each client pays" is a business's fee, no cost shared.) */
function eachPays(tokens: readonly Token[], language: UiLanguage): CueMatch[] {
  return tokens.flatMap((t, i) => {
    const subject = everyoneAt(tokens, i, language) || (EACH[language].has(t.norm) ? 1 : 0);
    const paying = subject && phraseFrom(tokens, i + subject, PAYING[language]);
    return paying ? [split(i, i + subject + paying.length)] : [];
  });
}
