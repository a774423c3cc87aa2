// Prompts in the nine languages the knowledge names subjects in get their asks read (understand/gloss.ts): the
// words that carry asks are glossed word for word in English and read by the English reader; the words the gloss
// does not hold stay unmet, said as not read.
import assert from "node:assert/strict";
import { composeSpec } from "../../supabase/functions/_generator/compose-spec/index.ts";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";
import { OTHER_LANGUAGES } from "../../supabase/functions/_generator/understand/foreign.ts";
import { glossEntries } from "../../supabase/functions/_generator/understand/gloss.ts";
import { type Knows, LEXICONS } from "../../supabase/functions/_generator/understand/lexicon.ts";
import { namesConcept } from "../../supabase/functions/_generator/understand/concepts.ts";
import { namesUnits } from "../../supabase/functions/_generator/understand/language-units.ts";
import { words } from "../../supabase/functions/_generator/understand/text.ts";

interface Case {
  prompt: string;
  language: string;
  concept: string;
  /** The ask types the English reading of the gloss builds. */
  asks: string[];
  /** Times of day a reminder holds. */
  times?: string[];
  /** Words of the prompt left unread, in the unmet list. */
  unread?: string[];
}

const CASES: Case[] = [
  {
    prompt: "lista de compras com preço e foto",
    language: "pt",
    concept: "shopping-item",
    asks: ["list", "photo"],
  },
  {
    prompt: "me lembra de tomar o remédio todo dia às 22h",
    language: "pt",
    concept: "medication-dose",
    asks: ["reminder"],
    times: ["22:00"],
  },
  {
    prompt: "quero anotar minhas corridas no parque",
    language: "pt",
    concept: "run",
    asks: ["log"],
    unread: ["parque"],
  },
  {
    prompt: "ik wil mijn gewicht bijhouden elke week met een grafiek",
    language: "nl",
    concept: "body-weight",
    asks: ["log", "chart"],
  },
  {
    prompt: "herinner me elke dag om 21:00 aan mijn medicijnen",
    language: "nl",
    concept: "medication-dose",
    asks: ["reminder"],
    times: ["21:00"],
  },
  {
    prompt: "boodschappenlijst met prijs per markthal",
    language: "nl",
    concept: "shopping-item",
    asks: ["list"],
    unread: ["markthal"],
  },
  {
    prompt: "chcę zapisywać moje biegi w parku i widzieć wykres",
    language: "pl",
    concept: "run",
    asks: ["log", "chart"],
    unread: ["parku"],
  },
  {
    prompt: "lista prezentów na święta z ceną",
    language: "pl",
    concept: "gift-idea",
    asks: ["list"],
    unread: ["święta"],
  },
  {
    prompt: "minutnik do medytacji 10 minut",
    language: "pl",
    concept: "meditation-session",
    asks: ["timer"],
  },
  {
    prompt: "jag vill logga min sömn varje natt med ett diagram",
    language: "sv",
    concept: "sleep-log",
    asks: ["log", "chart"],
  },
  {
    prompt: "påminn mig om medicinen varje kväll kl 20.30",
    language: "sv",
    concept: "medication-dose",
    asks: ["reminder"],
    times: ["20:30"],
  },
  {
    prompt: "inköpslista med pris och bild",
    language: "sv",
    concept: "shopping-item",
    asks: ["list", "photo"],
  },
  {
    prompt: "jeg vil holde styr på mine udgifter og se det samlede beløb per måned",
    language: "da",
    concept: "expense",
    asks: ["log", "aggregate"],
    unread: [],
  },
  {
    prompt: "mind mig om medicin hver aften kl 21",
    language: "da",
    concept: "medication-dose",
    asks: ["reminder"],
    times: ["21:00"],
  },
  {
    prompt: "madplan til hele ugen med pris",
    language: "da",
    concept: "meal-plan",
    asks: ["schedule"],
    unread: ["hele ugen"],
  },
  {
    prompt: "jeg vil føre logg over søvnen min og se gjennomsnitt per uke",
    language: "no",
    concept: "sleep-log",
    asks: ["log", "aggregate"],
    unread: ["over"],
  },
  {
    prompt: "påminnelse om å vanne plantene hver mandag kl 18",
    language: "no",
    concept: "houseplant",
    asks: ["reminder"],
    times: ["18:00"],
  },
  {
    prompt: "handleliste med pris og bilde",
    language: "no",
    concept: "shopping-item",
    asks: ["list", "photo"],
  },
  {
    prompt: "aylık harcamalarımı kategoriye göre takip etmek istiyorum, toplamı görmek istiyorum",
    language: "tr",
    concept: "expense",
    asks: ["log", "categories", "aggregate"],
  },
  {
    prompt: "her gün saat 9'da ilaç hatırlatıcı",
    language: "tr",
    concept: "medication-dose",
    asks: ["reminder"],
    times: ["09:00"],
  },
  {
    prompt: "kitap okuma listem, fotoğraf ile",
    language: "tr",
    concept: "book-reading",
    asks: ["list", "photo"],
    unread: ["okuma"],
  },
  {
    prompt: "毎日の体重を記録してグラフで見たい",
    language: "ja",
    concept: "body-weight",
    asks: ["log", "chart"],
  },
  {
    prompt: "毎晩9時に薬のリマインダー",
    language: "ja",
    concept: "medication-dose",
    asks: ["reminder"],
    times: ["21:00"],
  },
  {
    prompt: "買い物リスト、カテゴリ別に",
    language: "ja",
    concept: "shopping-item",
    asks: ["list", "categories"],
  },
  {
    prompt: "読書記録アプリ、写真と感想も残したい",
    language: "ja",
    concept: "book-reading",
    asks: ["photo"],
    unread: ["アプリ", "残"],
  },
  {
    prompt: "хочу вести учёт расходов по категориям и видеть итог за месяц",
    language: "ru",
    concept: "expense",
    asks: ["log", "categories", "aggregate"],
  },
  {
    prompt: "напоминай мне принимать лекарства каждый день в 9:00",
    language: "ru",
    concept: "medication-dose",
    asks: ["reminder"],
    times: ["09:00"],
  },
  {
    prompt: "дневник тренировок с графиком веса",
    language: "ru",
    concept: "workout-session",
    asks: ["chart"],
    unread: ["веса"],
  },
];

for (const c of CASES) {
  Deno.test(`a prompt in ${c.language} gets its asks read: ${c.prompt}`, () => {
    const u = understand(c.prompt);
    assert.equal(u.detected, c.language);
    assert.equal(u.language, "en");
    assert.equal(u.other?.concept, c.concept);
    assert.equal(u.concepts[0]?.id, c.concept);
    const types = new Set(u.asks.map((a) => a.type));
    for (const type of c.asks) assert.ok(types.has(type as never), `${type} in ${[...types].join(", ")}`);
    // Each ask is quoted by the prompt's own words.
    for (const a of u.asks) assert.equal(c.prompt.slice(a.start, a.end), a.quote);
    if (c.times) {
      assert.deepEqual(u.asks.filter((a) => a.type === "reminder").flatMap((a) => a.times ?? []), c.times);
    }
    const made = composeSpec(c.prompt, { tier: "light" });
    assert.equal(made.spec.language, "en");
    assert.equal(made.languageFallbackFrom, c.language);
    const notRead = made.unmet.filter((entry) => entry.includes(" (not read in "));
    for (const word of c.unread ?? []) {
      assert.ok(notRead.some((entry) => entry.startsWith(word)), `${word} in ${made.unmet.join("; ")}`);
    }
    if (!c.unread) assert.deepEqual(notRead, []);
  });
}

Deno.test("the built app holds what the glossed words ask: a price and a photo field, a reminder's screen", () => {
  const list = composeSpec("handleliste med pris og bilde", { tier: "light" }).spec;
  const types = list.entities[0].fields.map((f) => f.type);
  assert.ok(types.includes("money") && types.includes("photo"), types.join(","));
  const reminder = composeSpec("herinner me elke dag om 21:00 aan mijn medicijnen", { tier: "light" }).spec;
  assert.ok(reminder.screens.some((s) => s.block === "reminders"));
});

Deno.test("a word the gloss does not hold is not guessed: the subject alone is read, the rest unread", () => {
  const u = understand("lista de compras do mercado");
  assert.deepEqual(u.asks.map((a) => a.type), ["list"]);
  assert.deepEqual(u.unmet, ["mercado (not read in Portuguese)"]);
});

/** Every word the English lexicon writes anywhere: its cues, and its time, period, weekday and unit words. */
function lexiconWords(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === "string") { for (const t of words(value)) into.add(t.norm); }
  else if (Array.isArray(value)) { for (const v of value) lexiconWords(v, into); }
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      lexiconWords(k, into);
      lexiconWords(v, into);
    }
  }
  return into;
}

Deno.test("every gloss entry writes words the English reader knows", () => {
  const english = lexiconWords(LEXICONS.en);
  const known: Knows = (t, l) => english.has(t.norm) || namesConcept(t, l) || namesUnits(t, l);
  const knowsEvery = (text: string) => {
    const said = words(text).filter((t) => t.kind === "word");
    return said.length > 0 && said.every((t) => known(t, "en"));
  };
  for (const language of OTHER_LANGUAGES) {
    const entries = glossEntries(language);
    assert.ok(entries.length > 50, `${language}: ${entries.length} entries`);
    for (const [said, gloss] of entries) {
      assert.ok(knowsEvery(gloss.replace(/^\^/, "")), `${language} "${said}" → "${gloss}"`);
    }
  }
  // (The check can fail: a word the lexicon never writes.)
  assert.equal(knowsEvery("zorbly"), false);
  assert.equal(knowsEvery("with zorbly"), false);
});
