import assert from "node:assert/strict";
import fc from "fast-check";
import {
  parseNumber,
  quantities,
  type QuantityValue,
} from "../../supabase/functions/_generator/understand/quantities.ts";
import type { UiLanguage } from "../../supabase/functions/_generator/understand/language.ts";

const values = (text: string, language: UiLanguage) =>
  quantities(text, language).map(({ text: _, start: _s, end: _e, ...q }) => q as QuantityValue);

Deno.test("money: symbols, words and codes, with the locale's separators", () => {
  assert.deepEqual(values("save $4,000 for the trip", "en"), [{
    kind: "money",
    value: 4000,
    currency: "USD",
  }]);
  assert.deepEqual(values("risparmiare 4.000 euro, spendo €12,50", "it"), [
    { kind: "money", value: 4000, currency: "EUR" },
    { kind: "money", value: 12.5, currency: "EUR" },
  ]);
  assert.deepEqual(values("CHF 30 par mois", "fr"), [
    { kind: "money", value: 30, currency: "CHF" },
    { kind: "period", period: "month" },
  ]);
});

Deno.test("units are normalized, durations are seconds, timer phases and rounds are kept", () => {
  assert.deepEqual(values("500 ml, 2 litres, 8 glasses, 10,000 steps, 5 km", "en"), [
    { kind: "measure", value: 500, unit: "ml", dimension: "volume" },
    { kind: "measure", value: 2, unit: "l", dimension: "volume" },
    { kind: "measure", value: 8, unit: "glass", dimension: "volume" },
    { kind: "measure", value: 10000, unit: "steps", dimension: "count" },
    { kind: "measure", value: 5, unit: "km", dimension: "length" },
  ]);
  assert.deepEqual(values("20s on 10s off, 8 rounds", "en"), [
    { kind: "duration", seconds: 20, phase: "on" },
    { kind: "duration", seconds: 10, phase: "off" },
    { kind: "rounds", value: 8 },
  ]);
  assert.deepEqual(values("25 minuti di lavoro e 1h30 in tutto", "it"), [
    { kind: "duration", seconds: 1500 },
    { kind: "duration", seconds: 5400 },
  ]);
});

Deno.test("ranges, and every time of a list of times of day", () => {
  assert.deepEqual(values("from 1 to 5", "en"), [{ kind: "range", from: 1, to: 5 }]);
  assert.deepEqual(values("da 1 a 5", "it"), [{ kind: "range", from: 1, to: 5 }]);
  assert.deepEqual(values("1-10 stars", "en"), [{ kind: "range", from: 1, to: 10 }]);
  const times = (text: string, language: UiLanguage) =>
    values(text, language).flatMap((q) => (q.kind === "time" ? [q.time] : []));
  assert.deepEqual(times("at 8, 16 and 24", "en"), ["08:00", "16:00", "00:00"]);
  assert.deepEqual(times("alle 8, alle 16 e alle 24", "it"), ["08:00", "16:00", "00:00"]);
  assert.deepEqual(times("at 8am and 20:30", "en"), ["08:00", "20:30"]);
  assert.deepEqual(times("à 8h30 et à midi", "fr"), ["08:30", "12:00"]);
  assert.deepEqual(times("um 7 Uhr", "de"), ["07:00"]);
});

Deno.test("an hour beside a part of the day is in that half of the day, in the five languages", () => {
  const times = (text: string, language: UiLanguage) =>
    values(text, language).flatMap((q) => (q.kind === "time" ? [q.time] : []));
  // The part after the hour, across function words, is the time's own words.
  assert.deepEqual(times("yoga at 6 in the evening", "en"), ["18:00"]);
  assert.deepEqual(times("il bus alle 5 del pomeriggio", "it"), ["17:00"]);
  assert.deepEqual(times("la pilule à 10 h du soir", "fr"), ["22:00"]);
  assert.deepEqual(times("cenar a las 9 de la noche", "es"), ["21:00"]);
  assert.deepEqual(times("Hund raus um 8 Uhr abends", "de"), ["20:00"]);
  assert.deepEqual(values("à 10 h du soir", "fr").map((q) => q.kind), ["time"]);
  // So is the part right before it; the nearer half to the part's usual hour wins, round the clock.
  assert.deepEqual(times("each night at 11 and 12", "en"), ["23:00", "00:00"]);
  assert.deepEqual(times("ogni sera alle 8", "it"), ["20:00"]);
  assert.deepEqual(times("chaque matin à 7h", "fr"), ["07:00"]);
  assert.deepEqual(times("todas las tardes a las 4", "es"), ["16:00"]);
  assert.deepEqual(times("abends um 10", "de"), ["22:00"]);
  // An hour past twelve, with a leading zero, "am" or "pm", or across "and", keeps its own half.
  assert.deepEqual(times("la sera alle 21", "it"), ["21:00"]);
  assert.deepEqual(times("jeden Abend um 07:00", "de"), ["07:00"]);
  assert.deepEqual(times("at night at 6am", "en"), ["06:00"]);
  assert.deepEqual(times("alle 7 e la sera alle 10", "it"), ["07:00", "22:00"]);
});

Deno.test("times written with a dot, 'p.m.' or 'a.m.' are clock times, in a list too", () => {
  const times = (text: string, language: UiLanguage) =>
    values(text, language).flatMap((q) => (q.kind === "time" ? [q.time] : []));
  assert.deepEqual(times("pills at 8.15am and 9.45 p.m.", "en"), ["08:15", "21:45"]);
  assert.deepEqual(times("walk the dog 6 p.m.", "en"), ["18:00"]);
  assert.deepEqual(times("Training um 18.45 Uhr", "de"), ["18:45"]);
  assert.deepEqual(times("la riunione alle 14.30", "it"), ["14:30"]);
  // A number with one decimal, or an amount, stays what it is.
  assert.deepEqual(times("at 2.5 km", "en"), []);
  assert.deepEqual(values("a tip of 50 p", "en"), [{ kind: "money", value: 0.5, currency: "GBP" }]);
});

Deno.test("frequencies and periods in the five languages", () => {
  const f = (text: string, language: UiLanguage) => values(text, language)[0];
  assert.deepEqual(f("every 8 hours", "en"), { kind: "frequency", every: 8, unit: "h" });
  assert.deepEqual(f("every Sunday", "en"), { kind: "frequency", weekdays: [0] });
  assert.deepEqual(f("twice a day", "en"), { kind: "frequency", count: 2, unit: "day" });
  assert.deepEqual(f("ogni 3 giorni", "it"), { kind: "frequency", every: 3, unit: "day" });
  assert.deepEqual(f("tous les lundis", "fr"), { kind: "frequency", weekdays: [1] });
  assert.deepEqual(f("cada 8 horas", "es"), { kind: "frequency", every: 8, unit: "h" });
  assert.deepEqual(f("jeden Sonntag", "de"), { kind: "frequency", weekdays: [0] });
  assert.deepEqual(f("zweimal pro Tag", "de"), { kind: "frequency", count: 2, unit: "day" });
  assert.deepEqual(values("today and this week", "en"), [
    { kind: "period", period: "day" },
    { kind: "period", period: "week" },
  ]);
});

Deno.test("a day of the week or month is which day: no period, no recurrence", () => {
  for (
    const [text, language] of [
      ["who cooks each day of the week", "en"],
      ["il giorno del mese in cui pago", "it"],
      ["qui cuisine chaque jour de la semaine", "fr"],
      ["quién cocina cada día de la semana", "es"],
    ] as const
  ) {
    assert.deepEqual(values(text, language), [], text);
  }
  assert.deepEqual(values("the total of the week", "en"), [{ kind: "period", period: "week" }]);
  assert.deepEqual(values("2 hours a day", "en").map((q) => q.kind), ["duration", "period"]);
});

Deno.test("number words count; the words for one are articles; calendar dates come from chrono-node", () => {
  assert.deepEqual(values("three kids and a dog", "en"), [{ kind: "number", value: 3 }]);
  assert.deepEqual(values("una lista con dodici cose", "it"), [{ kind: "number", value: 12 }]);
  assert.deepEqual(values("by June 1st", "en"), [{ kind: "date", date: "--06-01" }]);
  assert.deepEqual(values("le 3 mai 2027", "fr"), [{ kind: "date", date: "2027-05-03" }]);
});

Deno.test("a number written in any UI language's locale reads back as the same value", () => {
  const locales: [UiLanguage, string][] = [
    ["en", "en-US"],
    ["it", "it-IT"],
    ["fr", "fr-FR"],
    ["es", "es-ES"],
    [
      "de",
      "de-DE",
    ],
  ];
  fc.assert(
    fc.property(
      fc.constantFrom(...locales),
      fc.integer({ min: 0, max: 9_999_999 }),
      fc.integer({ min: 0, max: 99 }),
      ([language, locale], whole, cents) => {
        const value = (whole * 100 + cents) / 100;
        const written = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, useGrouping: true }).format(
          value,
        );
        assert.equal(parseNumber(written, language !== "en"), value, `${locale} ${written}`);
        const money = quantities(`${written} €`, language);
        assert.equal(money[0]?.kind === "money" && money[0].value, value, `${locale} ${written} €`);
      },
    ),
  );
});

Deno.test("a German compound that opens with a period states it; a plain compound does not", () => {
  const periods = (text: string) =>
    quantities(text, "de").flatMap((q) => (q.kind === "period" ? [q.period] : []));
  assert.deepEqual(periods("eine Monatsübersicht und ein Wochenplan"), ["month", "week"]);
  assert.deepEqual(periods("Tagesziel und Jahresüberblick"), ["day", "year"]);
  assert.deepEqual(periods("mein Tagebuch"), []);
  assert.deepEqual(periods("a monthly plan"), []);
});

Deno.test("a lone number after 'at' that counts or measures something is no time of day", () => {
  const times = (text: string, language: UiLanguage) =>
    values(text, language).filter((q) => q.kind === "time").map((q) => q.kind === "time" && q.time);
  assert.deepEqual(times("a loan at 7% and a card at 18%", "en"), []);
  assert.deepEqual(times("un quiz à 5 questions, le soir à 9 et à 21 h", "fr"), ["21:00", "21:00"]);
  assert.deepEqual(times("a 30 punti un premio, la pappa alle 8 e alle 19", "it"), ["08:00", "19:00"]);
  assert.deepEqual(times("a 10 puntos una medalla; la clase a las 6 cada lunes", "es"), ["06:00"]);
  assert.deepEqual(times("at 1 € = $1.10, then the bus at 7 every day", "en"), ["07:00"]);
});

Deno.test("an amount paid per unit is a rate, in the five languages; per period, to a name or 'for the' it is not", () => {
  const per = (text: string, language: UiLanguage) =>
    quantities(text, language).filter((q) => q.kind === "money").map((q) =>
      (q.kind === "money" && q.per) || false
    );
  assert.deepEqual(per("the plumber charges $60 an hour plus $0.50 per mile", "en"), ["hour", "mile"]);
  assert.deepEqual(per("I charge $25/h", "en"), ["h"]);
  assert.deepEqual(per("il giardiniere prende 12 euro all'ora, la legna 8 € al kg", "it"), [
    "ora",
    "kg",
  ]);
  assert.deepEqual(per("la cantine coûte 4 € par repas et la garderie 2 € de l'heure", "fr"), [
    "repas",
    "heure",
  ]);
  assert.deepEqual(per("las clases de natación son 9 euros la hora y el material 3 € por niño", "es"), [
    "hora",
    "nino",
  ]);
  assert.deepEqual(per("der Babysitter bekommt 13 € pro Stunde, Kopien kosten 0,10 € je Seite", "de"), [
    "stunde",
    "seite",
  ]);
  // A period makes a budget, a name a payment to someone, a function word a purpose: none is a rate.
  assert.deepEqual(per("rent is $900 a month", "en"), [false]);
  assert.deepEqual(per("ho dato 20 € a Giulia e 35 euro per la cena", "it"), [false, false]);
  assert.deepEqual(per("j'ai payé 40 € le mois dernier", "fr"), [false]);
  assert.deepEqual(per("gasto 30 euros a la semana", "es"), [false]);
});

Deno.test("English 'am' after a number is a time of day, but German 'am' before a noun is not", () => {
  assert.deepEqual(values("höchstens 5 am Tag", "de"), [
    { kind: "number", value: 5 },
    { kind: "period", period: "day" },
  ]);
  assert.deepEqual(values("Abflug um 6 am", "de"), [{ kind: "time", time: "06:00" }]);
  assert.deepEqual(values("la pastiglia alle 9am", "it"), [{ kind: "time", time: "09:00" }]);
});

Deno.test("a period word used as a noun names a kind of record, not a period", () => {
  // Followed by its complement, or after a determiner with nothing it could qualify after it.
  assert.deepEqual(values("un diario de viajes", "es"), []);
  assert.deepEqual(values("quiero un diario, con fotos", "es"), []);
  assert.deepEqual(values("il quotidiano di cantiere", "it"), []);
  assert.deepEqual(values("tenir mon quotidien", "fr"), []);
  // After the noun it qualifies, or before one, it is a period.
  assert.deepEqual(values("un resumen diario", "es"), [{ kind: "period", period: "day" }]);
  assert.deepEqual(values("un riepilogo quotidiano", "it"), [{ kind: "period", period: "day" }]);
  assert.deepEqual(values("un bilan quotidien de mes dépenses", "fr"), [{ kind: "period", period: "day" }]);
});

Deno.test("money in a currency's hundredths: cents, centesimi, centimes, céntimos, Cent", () => {
  assert.deepEqual(values("the kids get 50 cents per chore", "en"), [
    { kind: "money", value: 0.5, currency: "USD", per: "chore" },
  ]);
  assert.deepEqual(values("le figurine costano 90 centesimi", "it"), [{
    kind: "money",
    value: 0.9,
    currency: "EUR",
  }]);
  assert.deepEqual(values("la photocopie coûte 15 centimes", "fr"), [{
    kind: "money",
    value: 0.15,
    currency: "EUR",
  }]);
  assert.deepEqual(values("el chicle cuesta 60 céntimos", "es"), [{
    kind: "money",
    value: 0.6,
    currency: "EUR",
  }]);
  assert.deepEqual(values("10 Cent pro Dose", "de"), [{
    kind: "money",
    value: 0.1,
    currency: "EUR",
    per: "dose",
  }]);
  // A currency's symbol or word before the number is its units, not hundredths.
  assert.deepEqual(values("€ 5 cent", "it")[0], { kind: "money", value: 5, currency: "EUR" });
});

Deno.test("an ordinal weekday of the month is that day; every other one, or alternate units, a step of two", () => {
  for (
    const [text, language, day] of [
      ["choir practice the second Wednesday of the month", "en", 3],
      ["il mercatino è ogni terza domenica del mese", "it", 0],
      ["la collecte a lieu le dernier vendredi du mois", "fr", 5],
      ["el club se reúne el primer sábado de cada mes", "es", 6],
    ] as const
  ) assert.deepEqual(values(text, language), [{ kind: "weekday", day }], text);
  assert.deepEqual(values("yoga every other Thursday", "en"), [{
    kind: "frequency",
    weekdays: [4],
    every: 2,
  }]);
  for (
    const [text, language] of [
      ["Biotonne jede zweite Woche", "de"],
      ["il cane lo tengo a settimane alterne", "it"],
      ["le ménage une semaine sur deux", "fr"],
      ["limpiamos el coche semanas alternas", "es"],
      ["mow the lawn alternate weeks", "en"],
    ] as const
  ) assert.deepEqual(values(text, language), [{ kind: "frequency", every: 2, unit: "week" }], text);
  // An ordinal with no weekday or unit after it is no time ("the first date"), nor "every second" a step.
  assert.deepEqual(values("a beep every second", "en"), [{ kind: "frequency", every: 1, unit: "s" }]);
  assert.deepEqual(values("the first date I met her", "en"), []);
});

Deno.test("the days of the month a monthly frequency names are its days, not numbers of their own", () => {
  const monthly = (text: string, language: UiLanguage) =>
    values(text, language).filter((q) => q.kind === "frequency" || q.kind === "number");
  assert.deepEqual(monthly("water the bonsai on the 3rd and 20th of every month", "en"), [
    { kind: "frequency", every: 1, unit: "month", monthDays: [3, 20] },
  ]);
  assert.deepEqual(monthly("pagare il condominio il 10 di ogni mese", "it"), [
    { kind: "frequency", every: 1, unit: "month", monthDays: [10] },
  ]);
  assert.deepEqual(monthly("payer la cantine le 2 de chaque mois", "fr"), [
    { kind: "frequency", every: 1, unit: "month", monthDays: [2] },
  ]);
  assert.deepEqual(monthly("am 25. jedes Monats das Gehalt prüfen", "de"), [
    { kind: "frequency", every: 1, unit: "month", monthDays: [25] },
  ]);
  // A number joined by a word that is not a function word is a count of its own; so is one over 31.
  assert.deepEqual(monthly("every month I read 3 books", "en"), [
    { kind: "frequency", every: 1, unit: "month" },
    { kind: "number", value: 3 },
  ]);
  assert.deepEqual(monthly("40 de cada mes", "es"), [
    { kind: "number", value: 40 },
    { kind: "frequency", every: 1, unit: "month" },
  ]);
});

Deno.test("a number after a word that names the hour is a time of day, whatever follows it", () => {
  assert.deepEqual(values("tutti i giovedì alle 20 calcetto", "it").at(-1), { kind: "time", time: "20:00" });
  assert.deepEqual(values("los sábados a las 10 mercadillo", "es").at(-1), { kind: "time", time: "10:00" });
  // A plain "at" before what the number counts is still no time.
  assert.ok(!values("voti a 10 stelline", "it").some((q) => q.kind === "time"));
});

Deno.test("a weekday's short form is a weekday beside another one, alone it is the word it also is", () => {
  const days = (text: string, language: UiLanguage) =>
    values(text, language).flatMap((q) => q.kind === "weekday" ? [q.day] : []);
  for (
    const [text, language, want] of [
      ["the shop is open mon-sat", "en", [1, 6]],
      ["turni lun/mer per la mensa", "it", [1, 3]],
      ["cours de danse mar - jeu", "fr", [2, 4]],
      ["guardería lun–vie", "es", [1, 5]],
      ["Dienst Mo-Fr im Büro", "de", [1, 5]],
    ] as const
  ) assert.deepEqual(days(text, language), want, text);
  for (
    const [text, language] of [
      ["un jeu de société pour la famille", "fr"],
      ["so eine App für Fotos", "de"],
      ["vacanze al mar", "it"],
    ] as const
  ) assert.deepEqual(days(text, language), [], text);
});

Deno.test("a timer's phase with no unit of its own takes the unit of the phase it pairs with", () => {
  const phases = (text: string, language: UiLanguage) =>
    values(text, language).flatMap((q) =>
      q.kind === "duration" ? [`${q.phase}:${q.seconds}`] : q.kind === "rounds" ? [`x${q.value}`] : []
    );
  // The phase's word after its length, or before it where the first phase is written so.
  assert.deepEqual(phases("rowing intervals 50 secs on 25 off, 5 rounds", "en"), ["on:50", "off:25", "x5"]);
  assert.deepEqual(phases("squat timer work 35s rest 25 do it 6 times", "en"), ["on:35", "off:25", "x6"]);
  assert.deepEqual(phases("addominali 35 secondi lavoro 25 riposo 6 giri", "it"), ["on:35", "off:25", "x6"]);
  assert.deepEqual(phases("corde à sauter travail 35 s repos 25, 6 tours", "fr"), ["on:35", "off:25", "x6"]);
  assert.deepEqual(phases("sentadillas trabajo: 35 seg, descanso: 25", "es"), ["on:35", "off:25"]);
  assert.deepEqual(phases("Liegestütze Belastung 35 Sek, Pause 25, 6 Runden", "de"), [
    "on:35",
    "off:25",
    "x6",
  ]);
  // Across an "of" word ("10 di pausa"), and with primes for seconds.
  assert.deepEqual(phases("studio 45 minuti di lavoro e 15 di pausa", "it"), ["on:2700", "off:900"]);
  assert.deepEqual(phases("tabata 30'' lavoro 15 recupero x 6", "it"), ["on:30", "off:15", "x6"]);
  assert.deepEqual(phases("lectura 40 minutos de trabajo y 10 de descanso", "es"), ["on:2400", "off:600"]);
  // A length ten times the other's or more is in the unit below: a rest of 45 after 2 minutes is seconds.
  assert.deepEqual(phases("2 Minuten Belastung 45 Pause 4 Mal", "de"), ["on:120", "off:45", "x4"]);
  // A phase's word alone before a length may be a verb: the length is read on its own.
  assert.deepEqual(values("lavoro 8 ore al giorno", "it")[0], { kind: "duration", seconds: 28800 });
  // A bare number is no phase where no phase with a unit comes before it.
  assert.deepEqual(values("I spent 15 on lunch", "en"), [{ kind: "number", value: 15 }]);
});

Deno.test("hours from one to another beside a recurrence within a day are a span of the day", () => {
  const span = (text: string, language: UiLanguage) =>
    values(text, language).flatMap((q) => q.kind === "window" ? [`${q.from}-${q.to}`] : []);
  assert.deepEqual(span("stand up every hour from 10 to 4", "en"), ["10:00-16:00"]);
  assert.deepEqual(span("acqua ogni 3 ore tra le 7 e le 22", "it"), ["07:00-22:00"]);
  assert.deepEqual(span("dalle 7 alle 19 ogni 4 ore le gocce", "it"), ["07:00-19:00"]);
  assert.deepEqual(span("pause toutes les 2 heures de 10h à 18h", "fr"), ["10:00-18:00"]);
  assert.deepEqual(span("agua cada 3 horas desde las 7 hasta las 22", "es"), ["07:00-22:00"]);
  assert.deepEqual(span("alle 4 Stunden zwischen 7 und 23 Uhr", "de"), ["07:00-23:00"]);
  // Without one, the numbers are a range, or times.
  assert.deepEqual(span("rate it from 1 to 5", "en"), []);
  assert.deepEqual(span("aperto dalle 9 alle 18", "it"), []);
  // Nor are lengths a span ("from 2 to 3 hours").
  assert.deepEqual(span("every day from 2 to 3 hours", "en"), []);
});

Deno.test("what one thing costs is a rate of that thing, in the five languages", () => {
  const per = (text: string, language: UiLanguage) =>
    values(text, language).flatMap((q) => q.kind === "money" ? [q.per] : []);
  assert.deepEqual(per("one slice is $2.50", "en"), ["slice"]);
  assert.deepEqual(per("una fetta costa 2 euro", "it"), ["fetta"]);
  assert.deepEqual(per("une part coûte 3 €", "fr"), ["part"]);
  assert.deepEqual(per("una porción cuesta 2,50 €", "es"), ["porcion"]);
  assert.deepEqual(per("ein Stück kostet 1,80 €", "de"), ["stuck"]);
  // The price of the one thing named ("la part"), or of a period, is no rate.
  assert.deepEqual(per("la part coûte 3 €", "fr"), [undefined]);
  assert.deepEqual(per("a month is $600", "en"), [undefined]);
});
