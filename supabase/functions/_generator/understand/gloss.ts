// The asks of a prompt in another language (foreign.ts), read by a gloss: the words that carry asks ("lembrar",
// "totaal", "wykres", "per måned", "グラフ") are written word for word in English (gloss.json, one block per
// language), the subject's name as the concept's English name, numbers and times as written; the English reader
// then reads that text as it reads any English prompt, so "me lembra de regar as plantas todo dia às 8h" is read
// as "remind water plants every day at 8h". A word the gloss does not hold is left out of the English text and
// stays unmet, said as unread; function words are left out silently. Words are matched by the same Snowball
// stems as the subject's names (Polish: folded whole forms; Japanese: the keys found in the text, longest first).
import GLOSS from "./gloss.json" with { type: "json" };
import { isCommonWord, isFunctionWord, type OtherLanguage, otherStem } from "./foreign.ts";
import { CUES } from "./lexicon.ts";
import { stem } from "./stem.ts";
import { fold, words } from "./text.ts";
import { measureWord } from "./quantities.ts";
import { compoundLinks, everydayWords, withoutEnding } from "./foreign-words.ts";

/** The English text a prompt in another language is read as, and where each part of it was said. */
export interface Gloss {
  text: string;
  /** Each run of the English text and the span of the prompt it stands for. */
  pieces: { from: number; to: number; start: number; end: number }[];
  /** The runs of the prompt's words the gloss does not hold. */
  unread: { start: number; end: number }[];
}

interface Entry {
  keys: string[];
  english: string;
  /** As written, folded. */
  said: string;
  /** As written, in lower case with its marks: a function word is glossed only by an entry written as it is
   * ("är" is, not "år" year). */
  written: string;
}

const BLOCKS = GLOSS as Record<OtherLanguage, Record<string, string>>;
const indexes = new Map<OtherLanguage, Map<string, Entry[]>>();
const keyOf = (word: string, language: OtherLanguage) =>
  language === "pl" ? fold(word.toLocaleLowerCase(language)) : otherStem(word, language);

/** The language's entries by the key of their first word, the longest first (Japanese: all under ""). */
function indexOf(language: OtherLanguage): Map<string, Entry[]> {
  let index = indexes.get(language);
  if (index) return index;
  index = new Map();
  // (The gloss's own entries first; then the language's everyday words it does not hold: foreign-words.ts.)
  const own = Object.entries(BLOCKS[language]);
  const held = new Set(own.map(([said]) => fold(said)));
  const everyday = everydayWords(language).filter(([said]) => !held.has(fold(said)));
  for (const [said, english] of [...own, ...everyday]) {
    const keys = language === "ja"
      ? [fold(said)]
      : words(said).filter((t) => t.kind === "word").map((t) => keyOf(t.text, language));
    const first = language === "ja" ? "" : keys[0];
    index.set(first, [...(index.get(first) ?? []), {
      keys,
      english,
      said: fold(said),
      written: said.toLocaleLowerCase(language),
    }]);
  }
  for (const list of index.values()) list.sort((a, b) => b.keys.join(" ").length - a.keys.join(" ").length);
  indexes.set(language, index);
  return index;
}

// Dutch and the Scandinavian languages write a compound as one word ("leesdoel", "läsmål"): a word no entry
// holds is glossed by the one-word entry it ends with, of at least END letters with at least END letters before.
const COMPOUNDING = new Set<OtherLanguage>(["nl", "sv", "da", "no"]);
const END = 3;
const ends = new Map<OtherLanguage, [string, Entry][]>();

function endOf(word: string, language: OtherLanguage): Entry | undefined {
  if (!COMPOUNDING.has(language)) return undefined;
  let list = ends.get(language);
  if (!list) {
    list = Object.entries(BLOCKS[language]).filter(([said]) => !/\s/.test(said) && said.length >= END)
      .map((
        [said, english],
      ): [string, Entry] => [fold(said), { keys: [], english, said: fold(said), written: said }])
      .sort((a, b) => b[0].length - a[0].length);
    ends.set(language, list);
  }
  return list.find(([end]) => word.length >= end.length + END && word.endsWith(end))?.[1];
}

// A compound no entry holds whose two parts the gloss holds, each a word of its own ("hardloop|schema" run
// schedule, "beställning|s|lista" order list; a linking letter between them left out: foreign-words.ts), is
// written as its two parts, the head last as in English; each part of PART_MIN letters at least, neither a
// function word.
const PART_MIN = 3;

function partEntry(part: string, language: OtherLanguage): Entry | undefined {
  if (part.length < PART_MIN || isFunctionWord(part, language)) return undefined;
  const list = (indexOf(language).get(keyOf(part, language)) ?? [])
    .filter((e) => e.keys.length === 1 && !/\s/.test(e.english));
  // (The one written as the part is, where stems meet: "lager" stock, not "lag" team.)
  return list.find((e) => e.said === part) ?? list[0];
}

function compoundOf(word: string, language: OtherLanguage): Entry | undefined {
  if (!COMPOUNDING.has(language)) return undefined;
  const links = ["", ...compoundLinks(language)];
  // (The longest head first.)
  for (let at = PART_MIN; at <= word.length - PART_MIN; at++) {
    const head = partEntry(word.slice(at), language);
    if (!head) continue;
    const left = word.slice(0, at);
    for (const link of links) {
      if (!left.endsWith(link)) continue;
      const modifier = partEntry(left.slice(0, left.length - link.length), language);
      if (modifier) {
        return { keys: [], english: `${modifier.english} ${head.english}`, said: word, written: word };
      }
    }
  }
  return undefined;
}

// Polish, which has no stemmer: a word no entry holds as written is looked up less its case ending, as each
// one-word everyday word is ("czasem" is "czas", "klubie" "klub"; foreign-words.ts).
const unended = new Map<OtherLanguage, Map<string, Entry>>();

function unendedOf(word: string, language: OtherLanguage): Entry | undefined {
  if (language !== "pl") return undefined;
  let index = unended.get(language);
  if (!index) {
    index = new Map();
    // (Only the everyday words: the gloss's own entries write the forms of theirs people type, and a word less
    // its ending may meet another's, "razy" times and "razem" total.)
    const everyday = new Set(everydayWords(language).map(([said]) => fold(said)));
    for (const list of indexOf(language).values()) {
      for (const e of list) {
        const key = withoutEnding(e.said, language);
        if (e.keys.length === 1 && everyday.has(e.said) && !index.has(key)) index.set(key, e);
      }
    }
    unended.set(language, index);
  }
  return index.get(withoutEnding(word, language));
}

/** Every entry of the gloss, for the test that the English reader knows each word it writes. */
export function glossEntries(language: OtherLanguage): [string, string][] {
  return Object.entries(BLOCKS[language]);
}

/** The marks that end or split a clause: the English reader reads them as it reads its own. */
const CLAUSE_MARKS = new Set([",", ".", ":", ";", "?", "!", ")"]);
/** An hour, or a time written with a dot ("20.00"), read as a time where a word glossed "at" comes before it. */
const TIME = /^([01]?\d|2[0-4])(?:\.([0-5]\d))?$/;
/** A Japanese time: "8時", "8時半", "8時15分". */
const JAPANESE_TIME = /^(\d{1,2})時(?:(\d{1,2})分|(半))?/;

/** The English text a prompt in another language is read as: `subject` spans are written `name`. Where no
 * subject is named (no `name`), the words the gloss does not hold are written as they are, so the English
 * reader takes them for the nouns they most often are ("logg for skiturer: km, tid" → "log for skiturer: km,
 * time"); in Japanese, written without spaces, they are left out as always. */
export function glossOf(
  prompt: string,
  language: OtherLanguage,
  subject: { start: number; end: number }[],
  name: string | undefined,
): Gloss {
  // The English words in order, each with the span it stands for and whether it is written onto the one before.
  const parts: { english: string; start: number; end: number; onto: boolean }[] = [];
  // (Words written together in the prompt, "21:00", "8h", stay together; a clause's mark follows its word.)
  const write = (english: string, start: number, end: number) => {
    const last = parts[parts.length - 1];
    const onto = !!last && (language !== "ja" && last.end === start || CLAUSE_MARKS.has(english));
    // An entry written "^with" is a postposition ("fiyat ile", "カテゴリ別"): it goes before the word it follows.
    if (english.startsWith("^") && last && !CLAUSE_MARKS.has(last.english)) {
      parts.splice(parts.length - 1, 0, { english: english.slice(1), start, end, onto: last.onto });
      last.onto = false;
    } else parts.push({ english: english.replace(/^\^/, ""), start, end, onto });
  };
  const said = () => parts.map((p) => p.english).join(" ");
  const unread: Gloss["unread"] = [];
  // (Unread words with only spaces or function words between them are one run.)
  let open = false;
  const leave = (start: number, end: number) => {
    if (open) unread[unread.length - 1].end = end;
    else unread.push({ start, end });
    open = true;
  };
  const close = () => open = false;
  const index = indexOf(language);
  if (language === "ja") {
    const folded = fold(prompt);
    const entries = index.get("") ?? [];
    for (let at = 0; at < folded.length;) {
      const span = subject.find((s) => s.start === at);
      if (span) {
        close();
        write(name ?? "", span.start, span.end);
        at = span.end;
        continue;
      }
      const time = JAPANESE_TIME.exec(folded.slice(at));
      if (time) {
        close();
        const minutes = time[2] ? time[2].padStart(2, "0") : time[3] ? "30" : "00";
        write(`at ${time[1]}:${minutes}`, at, at + time[0].length);
        at += time[0].length;
        continue;
      }
      const digits = /^\d+(?:[.:]\d+)?/.exec(folded.slice(at))?.[0];
      if (digits) {
        close();
        write(digits, at, at + digits.length);
        at += digits.length;
        continue;
      }
      const entry = entries.find((e) => folded.startsWith(e.keys[0], at));
      if (entry) {
        close();
        write(entry.english, at, at + entry.keys[0].length);
        at += entry.keys[0].length;
        continue;
      }
      const char = folded[at];
      if (CLAUSE_MARKS.has(char) || char === "、" || char === "。") {
        close();
        write(char === "、" ? "," : char === "。" ? "." : char, at, at + 1);
      } else if (/[\p{L}\p{N}]/u.test(char) && !/\p{Script=Hiragana}/u.test(char)) leave(at, at + 1);
      at += 1;
    }
  } else {
    const tokens = words(prompt);
    const keys = tokens.map((t) => t.kind === "word" ? keyOf(t.text, language) : t.norm);
    for (let i = 0; i < tokens.length;) {
      const t = tokens[i];
      const span = subject.find((s) => s.start <= t.start && t.end <= s.end);
      if (span) {
        close();
        write(name ?? "", span.start, span.end);
        while (i < tokens.length && tokens[i].start < span.end) i++;
        continue;
      }
      if (t.kind === "number") {
        close();
        // (A number after a word glossed "at", "kl 8", "saat 9", "20.00", is a time of day.)
        const time = /(^| )at$/.test(said()) ? TIME.exec(t.text) : null;
        // (Not one a unit or the minutes are written onto, "8h", "21:00"; a case ending after an apostrophe,
        // "9'da", is none.)
        const next = tokens[i + 1];
        const onto = next?.start === t.end && !/^['’]$/.test(next.text);
        const hour = time && !time[2] && !onto ? `${time[1]}:00` : undefined;
        write(hour ?? (time?.[2] ? `${time[1]}:${time[2]}` : t.text), t.start, t.end);
        i++;
        continue;
      }
      if (t.kind === "mark") {
        if (CLAUSE_MARKS.has(t.text) || t.text === "(") {
          close();
          write(t.text, t.start, t.end);
        }
        i++;
        continue;
      }
      // (Of entries sharing a stem, the one written as the prompt writes it: "noter" is "notes", not "note".)
      const fits = (index.get(keys[i]) ?? []).filter((e) =>
        e.keys.every((k, j) => keys[i + j] === k) &&
        !(e.keys.length === 1 && isFunctionWord(t.norm, language) &&
          e.written !== t.text.toLocaleLowerCase(language))
      );
      // (A compound glossed by its end loses its own noun: where no subject is named, it is kept as written.)
      const entry = fits.find((e) => e.keys.length === fits[0].keys.length && e.said === t.norm) ?? fits[0] ??
        (isFunctionWord(t.norm, language)
          ? undefined
          : unendedOf(t.norm, language) ?? compoundOf(t.norm, language)) ??
        (name === undefined ? undefined : endOf(t.norm, language));
      if (entry) {
        close();
        const length = Math.max(entry.keys.length, 1);
        write(entry.english, t.start, tokens[i + length - 1].end);
        i += length;
        continue;
      }
      // A unit or currency right after a number ("70 kg", "2 litre", "15 TL"), or any word written onto it ("8h",
      // "5km"), is written as it is; a
      // case ending after a number's apostrophe ("9'da") says nothing more.
      const before = tokens[i - 1];
      if (before?.kind === "number" && (measureWord(t.norm) || before.end === t.start)) {
        close();
        write(t.text, t.start, t.end);
      } else if (
        before?.text === "'" && tokens[i - 2]?.kind === "number" && before.start === tokens[i - 2].end
      ) {
        // (nothing)
      } else if (name === undefined) {
        // (Kept as written, each word is unread on its own; the language's common words, "app", "quero", are
        // left out silently as its function words are.)
        if (!isFunctionWord(t.norm, language) && !isCommonWord(t.norm, language)) {
          close();
          write(t.text, t.start, t.end);
          // (A unit, "km", "kg", is written the same in every language: nothing was left untranslated.)
          if (!measureWord(t.norm)) leave(t.start, t.end);
          close();
        }
      } else if (!isFunctionWord(t.norm, language)) leave(t.start, t.end);
      i++;
    }
  }
  let text = "";
  const pieces: Gloss["pieces"] = parts.map((p, i) => {
    if (i > 0 && !p.onto) text += " ";
    const from = text.length;
    text += p.english;
    return { from, to: text.length, start: p.start, end: p.end };
  });
  return { text, pieces, unread };
}

/** The span of the prompt a run of the English text stands for, or undefined when it stands for none. */
export function spanOf(gloss: Gloss, from: number, to: number): { start: number; end: number } | undefined {
  const within = gloss.pieces.filter((p) => p.from < to && from < p.to);
  if (!within.length) return undefined;
  return { start: Math.min(...within.map((p) => p.start)), end: Math.max(...within.map((p) => p.end)) };
}

/** Whether the gloss writes a word of its own that asks for something or names a field ("log", "remind",
 * "date"), not only words kept as written, function words ("I want"), numbers and marks. */
export function glossesCue(gloss: Gloss): boolean {
  const kept = (p: Gloss["pieces"][number]) => gloss.unread.some((r) => r.start <= p.start && p.end <= r.end);
  const { asks, fields } = CUES.en;
  return gloss.pieces.some((p) =>
    !kept(p) && words(gloss.text.slice(p.from, p.to)).some((t) => {
      const s = stem(t.norm, "en");
      return t.kind === "word" && (asks.has(s) || fields.has(s));
    })
  );
}
