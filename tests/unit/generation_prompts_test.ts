// Prompts written without looking at the generator, as users type them (terse, rambling, lists, negations,
// Italian, other languages), each of which once got the wrong app: the spec must hold what the prompt asks.
import assert from "node:assert/strict";
import { changeSpec, composeSpec } from "../../supabase/functions/_shared/generation/compose-spec/index.ts";
import { composeApp } from "../../supabase/functions/_shared/generation/compose.ts";
import { verifyProject } from "../../supabase/functions/_shared/generation/verify.ts";
import type { AppSpec } from "../../supabase/functions/_shared/generation/template/src/types.ts";

/** The first entity's fields as "Label:type". */
function fields(spec: AppSpec, entity = 0): string[] {
  return spec.entities[entity].fields.map((field) => `${field.label}:${field.type}`);
}

function blocks(spec: AppSpec): string[] {
  return spec.screens.map((screen) => screen.block);
}

Deno.test("a bare list after a colon names the fields; a chart over time is a tracker screen on them", () => {
  const gym = composeSpec(
    "Gym log: exercise, sets, reps, weight in kg, date. Show a chart of my bench press over time. No login.",
    { tier: "light" },
  ).spec;
  assert.deepEqual([gym.kind, gym.name, gym.language], ["generic", "Gym Log", "en"]);
  assert.deepEqual(fields(gym), [
    "Exercise:text",
    "Sets:number",
    "Reps:number",
    "Weight:number",
    "Date:date",
  ]);
  assert.deepEqual(blocks(gym), ["collection", "tracker"]);
  assert.deepEqual(gym.screens[1].options, { valueField: "weight", dateField: "date", chart: true });
  assert.equal(gym.entities[0].samples[0].exercise, "Entry 1");
  assert.deepEqual(verifyProject(composeApp(gym)), []);

  const palestra = composeSpec(
    "Vorrei un'app per segnare gli allenamenti in palestra: esercizio, serie, ripetizioni e peso. Niente grafici.",
    { tier: "light" },
  ).spec;
  assert.deepEqual([palestra.kind, palestra.name, palestra.language], ["generic", "Allenamenti", "it"]);
  assert.deepEqual(fields(palestra), [
    "Esercizio:text",
    "Serie:number",
    "Ripetizioni:number",
    "Peso:number",
  ]);
  // "Niente grafici": no chart, and "serie" (sets) is not a habit streak.
  assert.deepEqual(blocks(palestra), ["collection"]);
});

Deno.test("yes/no, a choice in parentheses, units and ranges give the fields their types", () => {
  const wedding = composeSpec(
    "We're getting married in June! Need an app for our wedding guest list: name, plus one (yes/no), RSVP " +
      "status, table number, dietary restrictions. Should show how many guests have confirmed.",
    { tier: "light" },
  ).spec;
  assert.deepEqual([wedding.name, wedding.entities[0].plural], ["Wedding Guest List", "Guests"]);
  assert.deepEqual(fields(wedding), [
    "Name:text",
    "Plus one:check",
    "RSVP status:text",
    "Table number:number",
    "Dietary restrictions:text",
    // "how many guests have confirmed": a yes/no field the list counts.
    "Confirmed:check",
  ]);
  assert.equal(wedding.screens[0].options.countField, "confirmed");
  assert.match(wedding.description, /^A list of guests with plus one, /);

  const matrimonio = composeSpec(
    "app per gli invitati al matrimonio: nome, tavolo, se ha confermato, menu vegetariano sì o no",
    { tier: "light" },
  ).spec;
  assert.equal(matrimonio.language, "it");
  assert.deepEqual(fields(matrimonio), [
    "Nome:text",
    "Tavolo:number",
    "Confermato:check",
    "Menu vegetariano:check",
  ]);

  const car = composeSpec(
    "Car maintenance log. For each service record the date, mileage, what was done (oil change, tires, " +
      "brakes...) and the cost. Total spent per year would be nice.",
    { tier: "light" },
  ).spec;
  assert.deepEqual([car.kind, car.name, car.entities[0].plural], [
    "generic",
    "Car Maintenance Log",
    "Services",
  ]);
  assert.deepEqual(fields(car), [
    "Name:text",
    "Date:date",
    "Mileage:number",
    "What was done:choice",
    "Cost:money",
  ]);
  assert.deepEqual(car.entities[0].fields[3].options, ["Oil change", "Tires", "Brakes"]);
  assert.deepEqual(car.screens[0].options, {
    search: true,
    amountField: "cost",
    categoryField: "whatWasDone",
  });

  const auto = composeSpec("registro manutenzione auto con chilometri, data, tipo di intervento e costo", {
    tier: "light",
  })
    .spec;
  assert.deepEqual([auto.name, auto.language], ["Registro manutenzione auto", "it"]);
  assert.deepEqual(fields(auto), [
    "Nome:text",
    "Chilometri:number",
    "Data:date",
    "Tipo di intervento:text",
    "Costo:money",
  ]);

  const libri = composeSpec(
    "voglio tenere traccia dei libri che leggo: titolo, autore, pagine, voto da 1 a 5 e se l'ho finito",
    { tier: "light" },
  ).spec;
  assert.deepEqual(fields(libri), [
    "Titolo:text",
    "Autore:text",
    "Pagine:number",
    "Voto:rating",
    "Finito:check",
  ]);
});

Deno.test("the noun before 'with' names the records and the app keeps the name the prompt opens with", () => {
  const crm = composeSpec(
    "tiny CRM for my freelance business. clients with name, company, email, phone, last contacted date and " +
      "notes. searchable.",
    { tier: "light" },
  ).spec;
  assert.deepEqual([crm.name, crm.entities[0].plural], ["CRM", "Clients"]);
  assert.deepEqual(fields(crm), [
    "Name:text",
    "Company:text",
    "Email:text",
    "Phone:text",
    "Last contacted date:date",
    "Notes:longtext",
  ]);

  const meds = composeSpec(
    "medication reminder for my mom - she takes 3 pills a day at different times. list of meds with dose and " +
      "times, remind her, mark as taken",
    { tier: "light" },
  ).spec;
  assert.deepEqual([meds.kind, meds.name, meds.entities[0].plural], [
    "generic",
    "Medication Reminder",
    "Meds",
  ]);
  assert.deepEqual(fields(meds), ["Name:text", "Dose:text", "Times:text", "Taken:check"]);
  assert.equal(meds.screens[0].options.checkField, "taken");
  assert.ok(blocks(meds).includes("reminders"));

  const farmaci =
    composeSpec("promemoria per le medicine di mio padre, con orari e dosi", { tier: "light" }).spec;
  assert.deepEqual([farmaci.name, farmaci.entities[0].plural], ["Promemoria per le medicine", "Medicine"]);
  assert.deepEqual(fields(farmaci), ["Nome:text", "Orari:text", "Dosi:text"]);
  assert.ok(blocks(farmaci).includes("reminders"));

  const negozio = composeSpec(
    "Gestionale magazzino per il mio negozio di scarpe: articoli, taglia, quantità, prezzo. Avviso quando un " +
      "articolo sta finendo.",
    { tier: "light" },
  ).spec;
  assert.deepEqual([negozio.name, negozio.entities[0].plural], ["Gestionale magazzino", "Articoli"]);
  assert.deepEqual(fields(negozio), ["Nome:text", "Taglia:number", "Quantità:number", "Prezzo:money"]);
});

Deno.test("chores for N kids: who, points with their total, and a check-off", () => {
  const chores = composeSpec(
    "Chore chart for my 2 kids. Each chore gives points, kids check them off, and I want to see who has the " +
      "most points at the end of the week.",
    { tier: "light" },
  ).spec;
  assert.deepEqual([chores.name, chores.entities[0].plural], ["Chore Chart", "Chores"]);
  assert.deepEqual(fields(chores), ["Name:text", "Who:choice", "Points:number", "Done:check"]);
  assert.deepEqual(chores.screens[0].options, {
    search: true,
    checkField: "done",
    amountField: "points",
    categoryField: "who",
  });
});

Deno.test("what the prompt rules out is not built: no shopping list, no cart, no chart", () => {
  const recipes = composeSpec(
    "recipe app but no shopping list and no meal planner, just my recipes with ingredients, steps, prep time " +
      "and a photo maybe. categories like breakfast, dinner, dessert",
    { tier: "light" },
  ).spec;
  assert.equal(recipes.kind, "recipes");
  // Prep time is the recipe's own time field, a photo is not a field.
  assert.equal(recipes.entities[0].fields.length, 6);

  const inventory = composeSpec(
    "Inventory app for my small shop. Products with SKU, quantity in stock, cost price, sell price, supplier. " +
      "Flag items that are low in stock. No cart or checkout needed, it's just for me.",
    { tier: "light" },
  ).spec;
  assert.deepEqual([inventory.kind, inventory.name, inventory.entities[0].plural], [
    "generic",
    "Inventory",
    "Products",
  ]);
  assert.ok(!blocks(inventory).includes("cart"));
  assert.deepEqual(fields(inventory), [
    "Name:text",
    "SKU:text",
    "Quantity in stock:number",
    "Cost price:money",
    "Sell price:money",
    "Supplier:text",
  ]);
});

Deno.test("a kind's list gains the fields the prompt names that it lacks", () => {
  const reading = composeSpec(
    "reading tracker - books im reading with total pages and current page, show % progress. want a streak for " +
      "reading every day",
    { tier: "light" },
  ).spec;
  assert.equal(reading.kind, "books+habits");
  assert.deepEqual(fields(reading).slice(-2), ["Total pages:number", "Current page:number"]);
  assert.ok(reading.entities[0].samples.every((sample) => typeof sample.totalPages === "number"));

  // A shopping list shared with someone: "con mia moglie" is a person, the quantities and aisles it has.
  const spesa = composeSpec(
    "lista della spesa condivisa con mia moglie, con le quantità e i reparti del supermercato (frutta, " +
      "latticini, surgelati)",
    { tier: "light" },
  ).spec;
  assert.deepEqual([spesa.kind, spesa.language], ["shopping", "it"]);
  assert.deepEqual(spesa.entities[0].fields.map((field) => field.key), [
    "name",
    "quantity",
    "aisle",
    "bought",
  ]);
});

Deno.test("water by the glass, a study timer's own minutes, Spanish chores", () => {
  const water =
    composeSpec("Drink more water. Track glasses per day, goal of 8, remind me every couple hours.", {
      tier: "light",
    })
      .spec;
  assert.deepEqual([water.kind, water.name, water.screens[0].options.unit], [
    "tracker",
    "Water Tracker",
    " glasses",
  ]);
  assert.ok(blocks(water).includes("reminders"));

  const study = composeSpec(
    "I need a study timer, 50 minutes focus 10 break, and a log of what subject I studied and for how long",
    { tier: "light" },
  ).spec;
  assert.equal(study.kind, "pomodoro");
  assert.deepEqual(study.screens[0].options.phases?.map((phase) => phase.minutes), [50, 10]);
  assert.match(study.features[0], /^50-minute focus, 10-minute break/);

  const tareas = composeSpec("aplicación de tareas para la casa con recordatorios y categorías", {
    tier: "light",
  });
  assert.deepEqual([tareas.spec.kind, tareas.spec.language, tareas.report.languageFallbackFrom], [
    "todo",
    "en",
    "es",
  ]);
  assert.ok(blocks(tareas.spec).includes("reminders"));
  assert.ok(!tareas.spec.entities[0].fields.some((field) => /recordatorios/i.test(field.label)));
});

Deno.test("a follow-up adds a field named with a possessive", () => {
  const books = composeSpec("a book collection with title, author and rating", { tier: "light" }).spec;
  const { spec, changes } = changeSpec(
    books,
    "add a field for the author's country and make the list sortable by rating",
  );
  assert.deepEqual(changes, ["field:authorCountry", "sort:rating"]);
  assert.equal(spec.screens[0].options.sortField, "rating");
  assert.deepEqual(spec.entities[0].fields.at(-1), {
    key: "authorCountry",
    label: "Author's country",
    type: "text",
  });
});

Deno.test("an event countdown shows the days left; a tip calculator the tip, total and each share", () => {
  const countdown = composeSpec(
    "event countdown app - add events like birthdays, vacation, concerts with a date and it shows how many days " +
      "are left",
    { tier: "light" },
  ).spec;
  assert.deepEqual([countdown.kind, countdown.name], ["events", "Countdown"]);
  assert.equal(countdown.screens[0].options.countdownField, "date");
  assert.deepEqual(verifyProject(composeApp(countdown)), []);
  // Without a countdown asked for, bookings stay as they were.
  assert.equal(
    composeSpec("Manage my appointments", { tier: "light" }).spec.screens[0].options.countdownField,
    undefined,
  );

  const tip = composeSpec(
    "simple tip calculator. bill amount, tip percent, number of people, shows what each person pays",
    { tier: "light" },
  ).spec;
  assert.deepEqual([tip.kind, tip.name], ["calculator", "Tip Calculator"]);
  assert.deepEqual(tip.screens[0].options, { tipPercent: 15, people: 2 });
  const conto = composeSpec("calcolatrice per dividere il conto al ristorante tra 4 amici con la mancia", {
    tier: "light",
  })
    .spec;
  assert.deepEqual([conto.name, conto.language], ["Calcolatrice mancia", "it"]);
  assert.deepEqual(conto.screens[0].options, { tipPercent: 10, people: 4 });
  assert.deepEqual(composeSpec("A calculator app", { tier: "light" }).spec.screens[0].options, {});
});

Deno.test("intermittent fasting is a tracker of fasting hours, with the streak asked for", () => {
  const fasting =
    composeSpec("intermittent fasting tracker 16:8, start/stop fast, history of fasts, longest streak", {
      tier: "light",
    }).spec;
  assert.deepEqual([fasting.kind, fasting.name], ["tracker+habits", "Fasting Tracker"]);
  assert.deepEqual(fasting.screens[0].options, {
    valueField: "value",
    dateField: "date",
    unit: "h",
    chart: true,
  });
  assert.equal(fasting.entities[0].samples[0].value, 15.7);
});

Deno.test("'me and my 2 roommates' share among three, the user first", () => {
  const bills =
    composeSpec("Me and my 2 roommates share rent, internet and groceries. Who owes who?", { tier: "light" })
      .spec;
  assert.equal(bills.kind, "split");
  assert.deepEqual(bills.entities[0].fields.find((field) => field.key === "paidBy")?.options, [
    "Me",
    "Anna",
    "Ben",
  ]);
});

Deno.test("a list about the user's own subject is that subject's app, not the kind one of its words names", () => {
  const max = composeSpec(
    "An app for my dog Max: vet appointments, vaccinations with due dates, weight over time, and food brand.",
    { tier: "light" },
  ).spec;
  assert.deepEqual([max.kind, max.name, max.entities[0].plural], ["generic", "Max", "Entries"]);
  assert.deepEqual(fields(max), [
    "Vet appointments:text",
    "Date:date",
    "Vaccinations:text",
    "Due dates:date",
    "Weight:number",
    "Food brand:text",
  ]);
  // "over time" asks for the weight's chart.
  assert.deepEqual(max.screens[1].options, { valueField: "weight", dateField: "date", chart: true });
  assert.match(max.description, /^Max's vet appointments, vaccinations, /);
  assert.deepEqual(verifyProject(composeApp(max)), []);

  const luna =
    composeSpec("app per il mio gatto Luna: visite dal veterinario, vaccini, peso, cibo", { tier: "light" })
      .spec;
  assert.deepEqual([luna.kind, luna.name, luna.language], ["generic", "Luna", "it"]);
  assert.deepEqual(fields(luna), [
    "Visite dal veterinario:text",
    "Data:date",
    "Vaccini:text",
    "Peso:number",
    "Cibo:text",
  ]);
  assert.deepEqual(blocks(luna), ["collection"]);

  // Without a name the owner's subject names the app; a kind named outside the list still counts.
  assert.deepEqual(
    [composeSpec("an app for my car: services, fuel, insurance", { tier: "light" }).spec.name],
    ["Car Log"],
  );
  assert.equal(
    composeSpec("a booking app for my salon: clients, services, time slots", { tier: "light" }).spec.kind,
    "events",
  );
  assert.equal(composeSpec("Manage my appointments", { tier: "light" }).spec.kind, "events");
});

Deno.test("a daily goal is shown against today's total; a sort and a count asked for are the list's", () => {
  const water = composeSpec("Drink more water. Track glasses per day, goal of 8.", { tier: "light" }).spec;
  assert.equal(water.screens[0].options.goal, 8);
  const steps = composeSpec("I want to walk 10,000 steps a day", { tier: "light" }).spec;
  assert.deepEqual([steps.kind, steps.screens[0].options.goal], ["tracker", 10000]);
  const acqua =
    composeSpec("voglio bere 8 bicchieri d'acqua al giorno, tienimi traccia", { tier: "light" }).spec;
  assert.deepEqual([acqua.language, acqua.screens[0].options.goal], ["it", 8]);
  // A goal needs a day: a weight "goal of 70" is not a daily total.
  assert.equal(
    composeSpec("Log my weight every morning, goal of 70, on a chart", { tier: "light" }).spec.screens[0]
      .options
      .goal,
    undefined,
  );
  assert.deepEqual(verifyProject(composeApp(steps)), []);

  const vinyl =
    composeSpec("Keep track of my vinyl records with artist, year, price and notes, sorted by price", {
      tier: "light",
    }).spec;
  assert.equal(vinyl.screens[0].options.sortField, "price");
  assert.ok(!vinyl.entities[0].fields.some((field) => /sort/i.test(field.label)));
  assert.equal(
    composeSpec("A reading log for my books with author, genre and my rating, sort by rating", {
      tier: "light",
    }).spec
      .screens[0].options.sortField,
    "rating",
  );

  // An existing yes/no field is counted, not added again; a check-off is already counted as done and left.
  const matrimonio = composeSpec(
    "app per gli invitati al matrimonio: nome, tavolo, se ha confermato. voglio vedere quanti hanno confermato",
    { tier: "light" },
  ).spec;
  assert.deepEqual(fields(matrimonio), ["Nome:text", "Tavolo:number", "Confermato:check"]);
  assert.equal(matrimonio.screens[0].options.countField, "confermato");
  const bookings = changeSpec(
    composeSpec("Manage my appointments and bookings with date, time and place", { tier: "light" }).spec,
    "show how many are confirmed",
  );
  assert.deepEqual(bookings.changes, ["count:confirmed"]);
  assert.deepEqual(verifyProject(composeApp(bookings.spec)), []);
});
