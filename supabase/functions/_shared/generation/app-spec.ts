// Prompt → app spec: the offline generator's understanding of a prompt. The spec names the kind of app, its
// entities and fields, screens, features, UI language, name and a one-sentence description; the template's
// building blocks render it (its types are the template's own, template/src/types.ts), and the project
// keeps it as app.spec.json so a follow-up prompt can change it.
import type { ModelTier } from "../ports/generation.ts";

import type {
  AppSpec,
  BlockName,
  EntitySpec,
  FieldSpec,
  FieldType,
  RecordData,
  ScreenOptions,
  ScreenSpec,
  Value,
} from "./template/src/types.ts";

export type { AppSpec, BlockName };

/** The UI languages this generator writes (a spec may be in others; a change to one is written in English). */
export type Language = "en" | "it";
const written = (language: AppSpec["language"]): Language => language === "it" ? "it" : "en";

/** What the analysis found besides the spec: a language the UI could not be written in. */
export interface SpecReport {
  language: AppSpec["language"];
  languageFallbackFrom?: string;
}

type Text = { en: string; it: string };
const tx = (en: string, it: string): Text => ({ en, it });

const ACCENT = "#4F46E5";
const MAX_KINDS = 3;
const LIGHT_SAMPLES = 3;

// ---------------------------------------------------------------------------------------------------------
// Language: counted function words; Italian and English are written, the others fall back to English.

const STOPWORDS: Record<string, string[]> = {
  en: "the a an and with for to of my that which app list track keep where can i want".split(" "),
  it: "il lo la i gli le un una uno e con per di del della dei delle che mi mia mio voglio app dove tenere"
    .split(" "),
  es: "el los las un una y con para de del que mi quiero aplicación lista donde mis".split(" "),
  fr: "le les un une et avec pour de des du que mon ma mes je veux application liste où".split(" "),
  de: "der die das ein eine und mit für von den dem ich meine möchte liste wo".split(" "),
  pt: "o os as um uma e com para de do da que meu minha quero aplicativo lista onde".split(" "),
};

export function detectLanguage(prompt: string): { language: Language; detected: string } {
  const words = normalize(prompt).split(" ");
  let best = "en";
  let bestScore = 0;
  for (const [language, list] of Object.entries(STOPWORDS)) {
    const score = words.filter((word) => list.includes(word)).length;
    if (score > bestScore) [best, bestScore] = [language, score];
  }
  return { language: best === "it" ? "it" : "en", detected: best };
}

function normalize(text: string): string {
  return ` ${
    text.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").replace(/[^\p{L}\p{N}]+/gu, " ").trim()
  } `;
}

// ---------------------------------------------------------------------------------------------------------
// Kinds: each is recognized by phrases (regular expressions over the normalized prompt, English and
// Italian), never by one common word such as "list"; the best-scoring kinds make the app.

interface KindContext {
  language: Language;
  prompt: string;
  tier: ModelTier;
  subject?: string;
}

interface KindBuild {
  entities: EntitySpec[];
  screens: ScreenSpec[];
  features: Text[];
}

interface Kind {
  id: string;
  phrases: RegExp[];
  name: Text;
  /** The name and description of this prompt's variant of the kind ("Bakery", "Capitals Quiz"), if any. */
  variant?: (context: KindContext) => { name: Text; description?: Text } | undefined;
  description: Text;
  build: (context: KindContext) => KindBuild;
}

const f = (key: string, label: Text, type: FieldType, options?: Text[]) => ({ key, label, type, options });
type FieldDraft = ReturnType<typeof f>;

function entity(
  c: KindContext,
  key: string,
  label: Text,
  plural: Text,
  fields: FieldDraft[],
  samples: Record<string, Value | Text>[],
): EntitySpec {
  const pick = (value: Value | Text): Value => typeof value === "object" ? value[c.language] : value;
  const kept = c.tier === "full" ? samples : samples.slice(0, LIGHT_SAMPLES);
  return {
    key,
    label: label[c.language],
    plural: plural[c.language],
    fields: fields.map((field) => ({
      key: field.key,
      label: field.label[c.language],
      type: field.type,
      ...(field.options ? { options: field.options.map((option) => option[c.language]) } : {}),
    })),
    samples: kept.map((sample, index) => ({
      id: `${key}-${index + 1}`,
      ...Object.fromEntries(Object.entries(sample).map(([field, value]) => [field, pick(value)])),
    })),
  };
}

function screen(
  c: KindContext,
  key: string,
  title: Text,
  icon: string,
  block: BlockName,
  entityKey: string | undefined,
  options: ScreenOptions = {},
): ScreenSpec {
  return { key, title: title[c.language], icon, block, ...(entityKey ? { entity: entityKey } : {}), options };
}

const has = (c: KindContext, pattern: RegExp) => pattern.test(normalize(c.prompt));

// "no shopping list and no meal planner", "No cart or checkout needed", "niente grafici": what the prompt
// rules out is cut before kinds and features are read, up to the next punctuation, "but"/"just" or next "no".
const NEGATION =
  /(?<![\p{L}'’])(?:no|not|without|don['’]t need|do not need|senza|niente|nessun[oa]?|non serve|non voglio)\s+(?:any\s+|a\s+|an\s+|the\s+|il\s+|la\s+|i\s+|le\s+)?([^,.;:!?()\n]*?)(?=[,.;:!?()\n]|\s+(?:but|just|only|ma|solo|soltanto|(?:and|or|e|o)\s+(?:no|not|without|senza|niente))\b|$)/giu;
const MAX_NEGATED_WORDS = 5;

/** The prompt without what it rules out. */
function withoutNegations(prompt: string): string {
  return prompt.replace(
    NEGATION,
    (whole, span: string) => span.trim().split(/\s+/).length <= MAX_NEGATED_WORDS ? " " : whole,
  );
}
const WANTS_CHART = /\b(chart|graph|grafic[oi]|diagramm[ai])\b/;
const WANTS_SEARCH = /\b(search|find|cerca|ricerca|trovare)\b/;

function days(offset: number): string {
  const date = new Date(Date.UTC(2026, 0, 15 + offset));
  return date.toISOString().slice(0, 10);
}

const BAKERY = /\b(bakery|bakeries|cakes?|pastry|pastries|pasticceria|torte?|forno|panetteria)\b/;
const BAR_CATEGORIES = [
  tx("Coffee", "Caffè"),
  tx("Pastry", "Pasticceria"),
  tx("Drinks", "Bevande"),
];
const BAR_PRODUCTS = [
  {
    name: "Espresso",
    category: tx("Coffee", "Caffè"),
    price: 1.2,
    description: tx("Short and strong.", "Corto e intenso."),
  },
  {
    name: "Cappuccino",
    category: tx("Coffee", "Caffè"),
    price: 1.6,
    description: tx("With steamed milk.", "Con latte montato."),
  },
  {
    name: "Cornetto",
    category: tx("Pastry", "Pasticceria"),
    price: 1.3,
    description: tx("Fresh every morning.", "Fresco ogni mattina."),
  },
  {
    name: tx("Orange juice", "Spremuta d'arancia"),
    category: tx("Drinks", "Bevande"),
    price: 3,
    description: tx("Freshly squeezed.", "Spremuta al momento."),
  },
];
const BAKERY_CATEGORIES = [tx("Cakes", "Torte"), tx("Pastries", "Pasticcini"), tx("Bread", "Pane")];
const BAKERY_PRODUCTS = [
  {
    name: tx("Chocolate cake", "Torta al cioccolato"),
    category: tx("Cakes", "Torte"),
    price: 24,
    description: tx("Dark chocolate sponge, serves 8.", "Pan di Spagna al cioccolato fondente, per 8."),
  },
  {
    name: "Cheesecake",
    category: tx("Cakes", "Torte"),
    price: 22,
    description: tx("With a berry topping.", "Con frutti di bosco."),
  },
  {
    name: "Croissant",
    category: tx("Pastries", "Pasticcini"),
    price: 1.5,
    description: tx("Baked every morning.", "Sfornato ogni mattina."),
  },
  {
    name: tx("Sourdough loaf", "Pagnotta a lievito madre"),
    category: tx("Bread", "Pane"),
    price: 4.5,
    description: tx("Slow-risen, 800 g.", "Lunga lievitazione, 800 g."),
  },
  {
    name: tx("Fruit tart", "Crostata di frutta"),
    category: tx("Cakes", "Torte"),
    price: 18,
    description: tx("Seasonal fruit on custard.", "Frutta di stagione su crema."),
  },
];

// A salon's or barber's bookings: the client picks a service and a time slot.
const COUNTDOWN =
  /\b(countdown|count down|days (left|until|to go)|how many days|conto alla rovescia|giorni (mancanti|che mancano))\b/;
/** A countdown lists events; anything else, bookings. */
function bookingLabels(c: KindContext): [Text, Text] {
  return has(c, COUNTDOWN)
    ? [tx("Event", "Evento"), tx("Events", "Eventi")]
    : [tx("Booking", "Prenotazione"), tx("Bookings", "Prenotazioni")];
}

// "tip calculator", "calcolatrice … con la mancia": the calculator gets a tip and per-person section.
const TIP = /\b(tips?|gratuity|mancia)\b/;
const SALON = /\b(barber|barbers|barbershop|hairdresser|hair salon|salon|barbiere|parrucchiere|estetista)\b/;

function salonBookings(c: KindContext): KindBuild {
  const services = [
    tx("Haircut", "Taglio"),
    tx("Beard trim", "Barba"),
    tx("Haircut and beard", "Taglio e barba"),
    tx("Hot towel shave", "Rasatura"),
  ];
  const slots = ["09:00", "10:00", "11:00", "12:00", "15:00", "16:00", "17:00", "18:00"].map((slot) =>
    tx(slot, slot)
  );
  return {
    entities: [entity(c, "booking", tx("Booking", "Prenotazione"), tx("Bookings", "Prenotazioni"), [
      f("client", tx("Client", "Cliente"), "text"),
      f("service", tx("Service", "Servizio"), "choice", services),
      f("date", tx("Date", "Data"), "date"),
      f("slot", tx("Time slot", "Orario"), "choice", slots),
      f("confirmed", tx("Confirmed", "Confermata"), "check"),
    ], [
      { client: "Marco Rossi", service: services[0], date: days(1), slot: slots[1], confirmed: true },
      { client: "Luca Bianchi", service: services[2], date: days(1), slot: slots[4], confirmed: false },
      { client: "Sam Taylor", service: services[1], date: days(2), slot: slots[0], confirmed: true },
      { client: "Paolo Neri", service: services[3], date: days(3), slot: slots[6], confirmed: false },
    ])],
    screens: [
      screen(c, "bookings", tx("Bookings", "Prenotazioni"), "calendar-outline", "collection", "booking", {
        search: true,
        // Confirmed is the booking's state, not a finished item to strike through: a field, not a check-off.
        categoryField: "service",
      }),
    ],
    features: [
      tx("Bookings by service and time slot", "Prenotazioni per servizio e orario"),
      tx("Confirmation tick", "Conferma"),
    ],
  };
}

const KINDS: Kind[] = [
  {
    id: "todo",
    phrases: [
      /\bto ?do\b/,
      /\btask(s)? (list|manager|app|tracker)\b/,
      /\b(list|track|manage|organi[sz]e) (of |my |the )?(daily )?tasks\b/,
      /\bcose da fare\b/,
      /\b(lista|elenco|gestione|gestire) (delle |le |di )?(attivita|compiti|faccende)\b/,
      /\b(be|get|stay|more|less) (more |better )?(organi[sz]ed|productive)\b/,
      /\b(aufgabenliste|to do liste|lista de tareas|liste de taches)\b/,
      /\b(app|aplicacion) (de|para) (las |mis )?tareas\b/,
      /\btareas (de|para) (la )?casa\b/,
    ],
    name: tx("Task List", "Lista delle cose da fare"),
    description: tx(
      "A to-do list to add tasks with a due date and priority and check them off.",
      "Una lista delle cose da fare con scadenze e priorità, da spuntare una volta fatte.",
    ),
    build: (c) => ({
      entities: [entity(c, "task", tx("Task", "Attività"), tx("Tasks", "Attività"), [
        f("title", tx("Task", "Attività"), "text"),
        f("due", tx("Due date", "Scadenza"), "date"),
        f("priority", tx("Priority", "Priorità"), "choice", [
          tx("Low", "Bassa"),
          tx("Medium", "Media"),
          tx("High", "Alta"),
        ]),
        f("done", tx("Done", "Fatto"), "check"),
      ], [
        {
          title: tx("Call the dentist", "Chiamare il dentista"),
          due: days(1),
          priority: tx("High", "Alta"),
          done: false,
        },
        {
          title: tx("Pay the electricity bill", "Pagare la bolletta della luce"),
          due: days(3),
          priority: tx("Medium", "Media"),
          done: false,
        },
        {
          title: tx("Water the plants", "Annaffiare le piante"),
          due: days(0),
          priority: tx("Low", "Bassa"),
          done: true,
        },
        {
          title: tx("Book the car service", "Prenotare il tagliando"),
          due: days(7),
          priority: tx("Medium", "Media"),
          done: false,
        },
        {
          title: tx("Send the report", "Inviare il resoconto"),
          due: days(2),
          priority: tx("High", "Alta"),
          done: false,
        },
      ])],
      screens: [screen(c, "tasks", tx("Tasks", "Attività"), "checkbox-outline", "collection", "task", {
        checkField: "done",
        categoryField: "priority",
        search: has(c, WANTS_SEARCH),
      })],
      features: [
        tx("Add, edit and check off tasks", "Aggiungi, modifica e spunta le attività"),
        tx("Filter by priority", "Filtra per priorità"),
      ],
    }),
  },
  {
    id: "shopping",
    phrases: [
      /\b(shopping|grocery|groceries) list\b/,
      /\b(shopping|groceries|grocery)\b.*\b(buy|aisle|supermarket|list)\b/,
      /\blista (della |per la )?spesa\b/,
      /\bspesa\b.*\b(supermercato|comprare|reparto)\b/,
      /\b(einkaufsliste|einkaufszettel|lista de (la )?compras?|liste de courses|lista de compras)\b/,
    ],
    name: tx("Shopping List", "Lista della spesa"),
    description: tx(
      "A shopping list that groups items by aisle and checks them off while you shop.",
      "Una lista della spesa divisa per reparto, da spuntare mentre fai acquisti.",
    ),
    build: (c) => ({
      entities: [entity(c, "item", tx("Item", "Prodotto"), tx("Items", "Prodotti"), [
        f("name", tx("Item", "Prodotto"), "text"),
        f("quantity", tx("Quantity", "Quantità"), "number"),
        f("aisle", tx("Aisle", "Reparto"), "choice", [
          tx("Produce", "Frutta e verdura"),
          tx("Dairy", "Latticini"),
          tx("Bakery", "Panetteria"),
          tx("Pantry", "Dispensa"),
          tx("Household", "Casa"),
        ]),
        f("bought", tx("Bought", "Preso"), "check"),
      ], [
        { name: tx("Apples", "Mele"), quantity: 6, aisle: tx("Produce", "Frutta e verdura"), bought: false },
        { name: tx("Milk", "Latte"), quantity: 2, aisle: tx("Dairy", "Latticini"), bought: false },
        { name: tx("Bread", "Pane"), quantity: 1, aisle: tx("Bakery", "Panetteria"), bought: true },
        { name: tx("Pasta", "Pasta"), quantity: 3, aisle: tx("Pantry", "Dispensa"), bought: false },
        {
          name: tx("Dish soap", "Detersivo per piatti"),
          quantity: 1,
          aisle: tx("Household", "Casa"),
          bought: false,
        },
      ])],
      screens: [screen(c, "list", tx("Shopping", "Spesa"), "cart-outline", "collection", "item", {
        checkField: "bought",
        categoryField: "aisle",
        search: has(c, WANTS_SEARCH),
      })],
      features: [
        tx("Items grouped by aisle", "Prodotti divisi per reparto"),
        tx("Check off what you bought", "Spunta ciò che hai preso"),
      ],
    }),
  },
  {
    id: "packing",
    phrases: [
      /\bpacking (list|checklist)\b/,
      /\b(pack|packing)\b.*\b(trip|travel|holiday|vacation)\b/,
      /\b(valigia|bagagli)\b/,
      /\b(packliste|lista de equipaje|liste de bagages)\b/,
    ],
    name: tx("Packing List", "Lista per la valigia"),
    description: tx(
      "A packing checklist for trips, grouped by category, to tick off as you pack.",
      "Una lista per la valigia divisa per categoria, da spuntare mentre prepari il viaggio.",
    ),
    build: (c) => ({
      entities: [entity(
        c,
        "thing",
        tx("Thing", "Cosa"),
        tx("Things", "Cose"),
        [
          f("name", tx("Thing", "Cosa"), "text"),
          f("category", tx("Category", "Categoria"), "choice", [
            tx("Clothes", "Vestiti"),
            tx("Toiletries", "Bagno"),
            tx("Documents", "Documenti"),
            tx("Electronics", "Elettronica"),
          ]),
          f("packed", tx("Packed", "In valigia"), "check"),
        ],
        has(c, /\b(ski|skiing|snow|snowboard|sci|neve|settimana bianca)\b/)
          ? [
            { name: tx("Ski jacket", "Giacca da sci"), category: tx("Clothes", "Vestiti"), packed: false },
            { name: tx("Goggles", "Maschera"), category: tx("Clothes", "Vestiti"), packed: false },
            { name: tx("Ski pass", "Skipass"), category: tx("Documents", "Documenti"), packed: true },
            { name: tx("Sunscreen", "Crema solare"), category: tx("Toiletries", "Bagno"), packed: false },
            {
              name: tx("Thermal gloves", "Guanti termici"),
              category: tx("Clothes", "Vestiti"),
              packed: false,
            },
          ]
          : [
            { name: tx("Passport", "Passaporto"), category: tx("Documents", "Documenti"), packed: false },
            {
              name: tx("Phone charger", "Caricabatterie"),
              category: tx("Electronics", "Elettronica"),
              packed: false,
            },
            { name: tx("Toothbrush", "Spazzolino"), category: tx("Toiletries", "Bagno"), packed: true },
            { name: tx("Swimsuit", "Costume"), category: tx("Clothes", "Vestiti"), packed: false },
            { name: tx("Sunglasses", "Occhiali da sole"), category: tx("Clothes", "Vestiti"), packed: false },
          ],
      )],
      screens: [screen(c, "packing", tx("Packing", "Valigia"), "briefcase-outline", "collection", "thing", {
        checkField: "packed",
        categoryField: "category",
      })],
      features: [tx("Checklist grouped by category", "Lista divisa per categoria")],
    }),
  },
  {
    id: "habits",
    phrases: [
      /\bhabit(s)?\b/,
      /\bstreak(s)?\b/,
      /\babitudin[ei]\b/,
      /\b(serie (di giorni|attuale|piu lunga)|giorni di fila)\b/,
      /\b(gewohnheit(en)?|habitos|habitudes)\b/,
    ],
    name: tx("Habit Tracker", "Abitudini"),
    description: tx(
      "A habit tracker to check off habits every day and keep your current and best streaks.",
      "Un'app per spuntare le abitudini ogni giorno e tenere la serie attuale e il record.",
    ),
    build: (c) => ({
      entities: [entity(c, "habit", tx("Habit", "Abitudine"), tx("Habits", "Abitudini"), [
        f("name", tx("Habit", "Abitudine"), "text"),
      ], [
        { name: tx("Drink 8 glasses of water", "Bere 8 bicchieri d'acqua") },
        { name: tx("Read 20 pages", "Leggere 20 pagine") },
        { name: tx("Walk 30 minutes", "Camminare 30 minuti") },
        { name: tx("Meditate", "Meditare") },
        { name: tx("No phone after 10 pm", "Niente telefono dopo le 22") },
      ])],
      screens: [screen(c, "habits", tx("Habits", "Abitudini"), "flame-outline", "habits", "habit")],
      features: [
        tx("Several habits, checked off daily", "Più abitudini, da spuntare ogni giorno"),
        tx("Current and best streaks", "Serie attuale e record"),
      ],
    }),
  },
  {
    id: "journal",
    phrases: [/\bjournal(ing)?\b/, /\bdiary\b/, /\bdiario\b/, /\bgratitude\b/],
    name: tx("Journal", "Diario"),
    description: tx(
      "A journal to write dated entries with a mood, and search through them later.",
      "Un diario per scrivere pagine datate con l'umore del giorno e ritrovarle con la ricerca.",
    ),
    build: (c) => ({
      entities: [entity(c, "entry", tx("Entry", "Pagina"), tx("Entries", "Pagine"), [
        f("title", tx("Title", "Titolo"), "text"),
        f("date", tx("Date", "Data"), "date"),
        f("mood", tx("Mood", "Umore"), "choice", [
          tx("Great", "Ottimo"),
          tx("Good", "Buono"),
          tx("Okay", "Così così"),
          tx("Low", "Giù"),
        ]),
        f("text", tx("Text", "Testo"), "longtext"),
      ], [
        {
          title: tx("A quiet Sunday", "Una domenica tranquilla"),
          date: days(-1),
          mood: tx("Good", "Buono"),
          text: tx("Long walk by the river.", "Lunga passeggiata sul fiume."),
        },
        {
          title: tx("New job, first day", "Primo giorno di lavoro"),
          date: days(-3),
          mood: tx("Great", "Ottimo"),
          text: tx("Met the team.", "Ho conosciuto la squadra."),
        },
        {
          title: tx("Rainy evening", "Sera di pioggia"),
          date: days(-6),
          mood: tx("Okay", "Così così"),
          text: tx("Read by the window.", "Ho letto vicino alla finestra."),
        },
        {
          title: tx("Dinner with friends", "Cena con gli amici"),
          date: days(-9),
          mood: tx("Great", "Ottimo"),
          text: tx("Too much pizza.", "Troppa pizza."),
        },
      ])],
      screens: [
        screen(c, "entries", tx("Journal", "Diario"), "book-outline", "collection", "entry", {
          search: true,
          categoryField: "mood",
        }),
      ],
      features: [tx("Dated entries with a mood", "Pagine datate con l'umore"), tx("Search", "Ricerca")],
    }),
  },
  {
    id: "mood",
    phrases: [/\bmood (log|tracker|diary|journal)\b/, /\b(track|log) (my )?mood\b/, /\bumore\b/],
    name: tx("Mood Log", "Diario dell'umore"),
    description: tx(
      "A mood log to rate each day from 1 to 5 with a note and see the trend in a chart.",
      "Un diario dell'umore per dare un voto da 1 a 5 a ogni giornata e vederne l'andamento in un grafico.",
    ),
    build: (c) => ({
      entities: [entity(c, "mood", tx("Mood", "Umore"), tx("Moods", "Umori"), [
        f("value", tx("Mood (1-5)", "Umore (1-5)"), "number"),
        f("date", tx("Date", "Data"), "date"),
        f("note", tx("Note", "Nota"), "text"),
      ], [
        { value: 4, date: days(-4), note: tx("Sunny walk", "Passeggiata al sole") },
        { value: 3, date: days(-3), note: tx("Busy day", "Giornata piena") },
        { value: 2, date: days(-2), note: tx("Slept badly", "Dormito male") },
        { value: 5, date: days(-1), note: tx("Friends over", "Amici a cena") },
      ])],
      screens: [
        screen(c, "mood", tx("Mood", "Umore"), "happy-outline", "tracker", "mood", {
          valueField: "value",
          dateField: "date",
          unit: "/5",
          chart: true,
        }),
      ],
      features: [
        tx("Daily mood from 1 to 5 with a note", "Umore del giorno da 1 a 5 con una nota"),
        tx("Chart of the last days", "Grafico degli ultimi giorni"),
      ],
    }),
  },
  {
    id: "recipes",
    phrases: [/\brecipe(s)?\b/, /\bricett[ae]\b/, /\bcookbook\b/, /\b(rezepte?|recetas?|recettes?)\b/],
    name: tx("Recipe Box", "Ricettario"),
    description: tx(
      "A recipe collection to browse by category, search, and open each recipe's ingredients and steps.",
      "Un ricettario da sfogliare per categoria e con la ricerca, con ingredienti e passaggi di ogni ricetta.",
    ),
    build: (c) => ({
      entities: [entity(c, "recipe", tx("Recipe", "Ricetta"), tx("Recipes", "Ricette"), [
        f("name", tx("Recipe", "Ricetta"), "text"),
        f("category", tx("Category", "Categoria"), "choice", [
          tx("Breakfast", "Colazione"),
          tx("Main", "Primo"),
          tx("Dessert", "Dolce"),
          tx("Salad", "Insalata"),
        ]),
        f("minutes", tx("Time (min)", "Tempo (min)"), "number"),
        f("rating", tx("Rating", "Voto"), "rating"),
        f("ingredients", tx("Ingredients", "Ingredienti"), "longtext"),
        f("steps", tx("Steps", "Preparazione"), "longtext"),
      ], [
        {
          name: tx("Pancakes", "Pancake"),
          category: tx("Breakfast", "Colazione"),
          minutes: 20,
          rating: 4,
          ingredients: tx("Flour, eggs, milk", "Farina, uova, latte"),
          steps: tx("Whisk, rest, fry.", "Sbattere, far riposare, cuocere."),
        },
        {
          name: tx("Spaghetti al pomodoro", "Spaghetti al pomodoro"),
          category: tx("Main", "Primo"),
          minutes: 25,
          rating: 5,
          ingredients: tx("Spaghetti, tomatoes, basil", "Spaghetti, pomodori, basilico"),
          steps: tx("Cook the sauce, boil the pasta, toss.", "Cuocere il sugo, lessare la pasta, saltare."),
        },
        {
          name: tx("Tiramisu", "Tiramisù"),
          category: tx("Dessert", "Dolce"),
          minutes: 40,
          rating: 5,
          ingredients: tx("Mascarpone, savoiardi, coffee", "Mascarpone, savoiardi, caffè"),
          steps: tx("Layer and chill.", "Fare gli strati e raffreddare."),
        },
        {
          name: tx("Greek salad", "Insalata greca"),
          category: tx("Salad", "Insalata"),
          minutes: 10,
          rating: 4,
          ingredients: tx("Tomatoes, feta, olives", "Pomodori, feta, olive"),
          steps: tx("Chop and dress.", "Tagliare e condire."),
        },
      ])],
      screens: [
        screen(c, "recipes", tx("Recipes", "Ricette"), "restaurant-outline", "collection", "recipe", {
          search: true,
          categoryField: "category",
        }),
      ],
      features: [
        tx("Search and categories", "Ricerca e categorie"),
        tx("Ingredients and steps for each recipe", "Ingredienti e preparazione di ogni ricetta"),
      ],
    }),
  },
  {
    id: "books",
    phrases: [
      /\b(book|reading) (list|log|tracker|collection|shelf)\b/,
      /\bbooks? i (read|have read|want to read)\b/,
      /\bmy books\b/,
      /\blibr[io]\b.*\b(letti|leggere|lettura)\b/,
      /\b(libreria|biblioteca) personale\b/,
    ],
    name: tx("Bookshelf", "Libreria"),
    description: tx(
      "A reading log to keep your books with author, genre and rating, and search them.",
      "Una libreria personale con autore, genere e voto di ogni libro, e la ricerca.",
    ),
    build: (c) => ({
      entities: [entity(c, "book", tx("Book", "Libro"), tx("Books", "Libri"), [
        f("title", tx("Title", "Titolo"), "text"),
        f("author", tx("Author", "Autore"), "text"),
        f("genre", tx("Genre", "Genere"), "choice", [
          tx("Novel", "Romanzo"),
          tx("Essay", "Saggio"),
          tx("Crime", "Giallo"),
          tx("Fantasy", "Fantasy"),
        ]),
        f("rating", tx("Rating", "Voto"), "rating"),
        f("read", tx("Read", "Letto"), "check"),
      ], [
        {
          title: "Il nome della rosa",
          author: "Umberto Eco",
          genre: tx("Novel", "Romanzo"),
          rating: 5,
          read: true,
        },
        {
          title: "Sapiens",
          author: "Yuval Noah Harari",
          genre: tx("Essay", "Saggio"),
          rating: 4,
          read: true,
        },
        {
          title: "The Hobbit",
          author: "J. R. R. Tolkien",
          genre: tx("Fantasy", "Fantasy"),
          rating: 5,
          read: false,
        },
        {
          title: "Murder on the Orient Express",
          author: "Agatha Christie",
          genre: tx("Crime", "Giallo"),
          rating: 4,
          read: false,
        },
      ])],
      screens: [
        screen(c, "books", tx("Books", "Libri"), "library-outline", "collection", "book", {
          search: true,
          categoryField: "genre",
          checkField: "read",
        }),
      ],
      features: [
        tx("Books with author, genre and rating", "Libri con autore, genere e voto"),
        tx("Search", "Ricerca"),
      ],
    }),
  },
  {
    id: "plants",
    phrases: [/\b(house)?plants?\b/, /\bpiant[ae]\b/, /\bgarden(ing)?\b/, /\bgiardino\b/],
    name: tx("Plant Care", "Le mie piante"),
    description: tx(
      "A plant collection with each plant's room, watering interval and last watering date.",
      "Una raccolta delle tue piante con stanza, ogni quanti giorni annaffiarle e l'ultima annaffiatura.",
    ),
    build: (c) => ({
      entities: [entity(c, "plant", tx("Plant", "Pianta"), tx("Plants", "Piante"), [
        f("name", tx("Plant", "Pianta"), "text"),
        f("room", tx("Room", "Stanza"), "choice", [
          tx("Living room", "Soggiorno"),
          tx("Kitchen", "Cucina"),
          tx("Bedroom", "Camera"),
          tx("Balcony", "Balcone"),
        ]),
        f("every", tx("Water every (days)", "Annaffia ogni (giorni)"), "number"),
        f("watered", tx("Last watered", "Ultima annaffiatura"), "date"),
        f("notes", tx("Notes", "Note"), "longtext"),
      ], [
        {
          name: "Monstera",
          room: tx("Living room", "Soggiorno"),
          every: 7,
          watered: days(-2),
          notes: tx("Likes bright shade.", "Ama la luce indiretta."),
        },
        {
          name: tx("Basil", "Basilico"),
          room: tx("Kitchen", "Cucina"),
          every: 2,
          watered: days(-1),
          notes: "",
        },
        { name: "Ficus", room: tx("Bedroom", "Camera"), every: 10, watered: days(-5), notes: "" },
        {
          name: tx("Geranium", "Geranio"),
          room: tx("Balcony", "Balcone"),
          every: 3,
          watered: days(-1),
          notes: "",
        },
      ])],
      screens: [
        screen(c, "plants", tx("Plants", "Piante"), "leaf-outline", "collection", "plant", {
          search: has(c, WANTS_SEARCH),
          categoryField: "room",
        }),
      ],
      features: [
        tx("Plants by room with watering interval", "Piante per stanza con intervallo di annaffiatura"),
      ],
    }),
  },
  {
    id: "budget",
    phrases: [
      /\bbudget\b/,
      /\b(track|log|manage) (my )?(spending|expenses|finances|money)\b/,
      /\b(spese|entrate|uscite) (mensili|di casa|personali)?\b.*\b(categori|grafico|budget|totale)/,
      /\bgestire (le )?(mie )?(spese|finanze)\b/,
      /\b(haushaltsbuch|presupuesto|budget mensuel)\b/,
    ],
    name: tx("Budget", "Bilancio"),
    description: tx(
      "A budget that records income and expenses by category with totals and a chart of spending.",
      "Un bilancio di entrate e uscite per categoria, con i totali e un grafico delle spese.",
    ),
    build: (c) => ({
      entities: [entity(c, "transaction", tx("Transaction", "Movimento"), tx("Transactions", "Movimenti"), [
        f("title", tx("Description", "Descrizione"), "text"),
        f("amount", tx("Amount", "Importo"), "money"),
        f("category", tx("Category", "Categoria"), "choice", [
          tx("Food", "Cibo"),
          tx("Home", "Casa"),
          tx("Transport", "Trasporti"),
          tx("Fun", "Svago"),
          tx("Salary", "Stipendio"),
        ]),
        f("date", tx("Date", "Data"), "date"),
      ], [
        {
          title: tx("Salary", "Stipendio"),
          amount: 2100,
          category: tx("Salary", "Stipendio"),
          date: days(-10),
        },
        { title: tx("Groceries", "Spesa"), amount: -86.4, category: tx("Food", "Cibo"), date: days(-2) },
        { title: tx("Rent", "Affitto"), amount: -750, category: tx("Home", "Casa"), date: days(-9) },
        {
          title: tx("Train pass", "Abbonamento treno"),
          amount: -45,
          category: tx("Transport", "Trasporti"),
          date: days(-8),
        },
        { title: tx("Cinema", "Cinema"), amount: -18, category: tx("Fun", "Svago"), date: days(-4) },
      ])],
      screens: [
        screen(c, "budget", tx("Budget", "Bilancio"), "wallet-outline", "budget", "transaction", {
          chart: true,
        }),
      ],
      features: [
        tx("Income and expenses by category", "Entrate e uscite per categoria"),
        tx("Balance and totals", "Saldo e totali"),
        tx("Chart of spending by category", "Grafico delle spese per categoria"),
      ],
    }),
  },
  {
    id: "split",
    phrases: [
      /\b(split|share|divide) (the )?(bills?|expenses|costs)\b/,
      /\bshared expenses\b/,
      /\bwho owes\b/,
      /\b(dividere|spese condivise|chi deve)\b/,
      /\bsplit(ting)? (the )?(rent|bills?|costs|expenses|bill)\b/,
      /\b(flatmates?|roommates?|housemates?|coinquilin[ie])\b/,
    ],
    name: tx("Split the Bill", "Dividi le spese"),
    description: tx(
      "Shared expenses for a group: record who paid, split evenly, and see who owes whom.",
      "Spese di gruppo: chi ha pagato, divisione in parti uguali e chi deve quanto a chi.",
    ),
    build: (c) => {
      const people = splitPeople(c);
      const home = has(
        c,
        /\b(rent|bills?|flat|flatmates?|roommates?|housemates?|affitto|bollett[ae]|coinquilin[ie])\b/,
      );
      const samples = home
        ? [
          { title: tx("Rent", "Affitto"), amount: 1200, paidBy: people[0] },
          { title: tx("Electricity", "Luce"), amount: 84, paidBy: people[1] },
          { title: tx("Internet", "Internet"), amount: 30, paidBy: people[2 % people.length] },
          { title: tx("Gas", "Gas"), amount: 62, paidBy: people[people.length - 1] },
          { title: tx("Cleaning supplies", "Detersivi"), amount: 18.5, paidBy: people[0] },
        ]
        : [
          { title: tx("Dinner", "Cena"), amount: 90, paidBy: people[0] },
          { title: tx("Taxi", "Taxi"), amount: 24, paidBy: people[1] },
          {
            title: tx("Museum tickets", "Biglietti del museo"),
            amount: 45,
            paidBy: people[2 % people.length],
          },
          { title: tx("Groceries", "Spesa"), amount: 38.5, paidBy: people[0] },
        ];
      return {
        entities: [entity(c, "expense", tx("Expense", "Spesa"), tx("Expenses", "Spese"), [
          f("title", tx("What", "Cosa"), "text"),
          f("amount", tx("Amount", "Importo"), "money"),
          f("paidBy", tx("Paid by", "Pagato da"), "choice", people),
        ], samples)],
        screens: [
          screen(c, "split", tx("Expenses", "Spese"), "receipt-outline", "split", "expense", {
            amountField: "amount",
            categoryField: "paidBy",
          }),
        ],
        features: [
          tx("Who paid what", "Chi ha pagato cosa"),
          tx("Even split and who owes whom", "Divisione in parti uguali e chi deve a chi"),
        ],
      };
    },
  },
  {
    id: "pomodoro",
    phrases: [
      /\bpomodoro\b/,
      /\bfocus (timer|sessions?)\b/,
      /\bstudy timer\b/,
      /\btimer (per|di) (studio|concentrazione)\b/,
    ],
    name: tx("Focus Timer", "Timer Pomodoro"),
    description: tx(
      "A pomodoro timer that alternates focus and break periods for four rounds and counts finished sessions.",
      "Un timer pomodoro che alterna concentrazione e pausa per quattro giri e conta le sessioni completate.",
    ),
    build: (c) => {
      const [focus, pause] = [minutesOf(c, FOCUS_MINUTES) ?? 25, minutesOf(c, BREAK_MINUTES) ?? 5];
      return {
        entities: [],
        screens: [screen(c, "timer", tx("Timer", "Timer"), "timer-outline", "timer", undefined, {
          phases: [{ label: tx("Focus", "Concentrazione")[c.language], minutes: focus }, {
            label: tx("Break", "Pausa")[c.language],
            minutes: pause,
          }],
          rounds: 4,
        })],
        features: [
          tx(
            `${focus}-minute focus, ${pause}-minute break, 4 rounds`,
            `${focus} minuti di concentrazione, ${pause} di pausa, 4 giri`,
          ),
        ],
      };
    },
  },
  {
    id: "intervals",
    phrases: [
      /\binterval(s)? (timer|training)\b/,
      /\b(hiit|tabata)\b/,
      /\b(allenamento|timer) (a )?intervalli\b/,
    ],
    name: tx("Interval Timer", "Timer a intervalli"),
    description: tx(
      "An interval timer for workouts: work and rest phases repeated for eight rounds.",
      "Un timer per allenamenti a intervalli: lavoro e recupero ripetuti per otto giri.",
    ),
    build: (c) => ({
      entities: [],
      screens: [screen(c, "intervals", tx("Intervals", "Intervalli"), "barbell-outline", "timer", undefined, {
        phases: [{ label: tx("Work", "Lavoro")[c.language], minutes: 0.75 }, {
          label: tx("Rest", "Recupero")[c.language],
          minutes: 0.25,
        }],
        rounds: 8,
      })],
      features: [tx("45 s work, 15 s rest, 8 rounds", "45 s di lavoro, 15 s di recupero, 8 giri")],
    }),
  },
  {
    id: "tracker",
    phrases: [
      /\b(weight|water|sleep|steps|running|calories|blood pressure) (tracker|log|intake)\b/,
      /\b(track|log) (my )?(weight|water|sleep|steps|runs?|calories)\b/,
      /\bdrink (more )?water\b/,
      /\bglasses (of water )?(a|per|each) day\b/,
      /\b(steps|glasses of water) (a|per|each) day\b/,
      /\b(passi|bicchieri d acqua) al giorno\b/,
      /\b(bere|bevo) (piu )?acqua\b/,
      /\b(intermittent )?fasting (tracker|log|timer|app)\b/,
      /\bintermittent fasting\b/,
      /\bdigiuno intermittente\b/,
      /\b(my|the) (runs|jogs)\b/,
      /\bi (run|jog)\b/,
      /\b(peso|acqua|sonno|passi|corsa)\b.*\b(tenere traccia|registrare|monitorare|tracciare)\b/,
      /\b(tenere traccia|registrare|monitorare|tracciare) (del |dell |della |dei )?(peso|acqua|sonno|passi|corsa)\b/,
    ],
    name: tx("Tracker", "Monitor"),
    variant: (c) => {
      const { name, label } = trackerSubject(c);
      return name
        ? {
          name,
          description: tx(
            `A ${label.en.toLowerCase()} log: a value every day, its average and latest, and a chart.`,
            `Un registro (${label.it.toLowerCase()}): un valore al giorno, media, ultimo valore e un grafico.`,
          ),
        }
        : undefined;
    },
    description: tx(
      "A tracker to log a value every day and follow it on a chart.",
      "Un'app per registrare un valore ogni giorno e seguirlo in un grafico.",
    ),
    build: (c) => {
      const { label, unit, base } = trackerSubject(c);
      const goal = dailyGoal(c);
      return {
        entities: [entity(
          c,
          "log",
          label,
          label,
          [
            f("value", label, "number"),
            f("date", tx("Date", "Data"), "date"),
            f("note", tx("Note", "Nota"), "text"),
          ],
          [0.98, 1.01, 0.97, 1.03, 1, 0.99].map((factor, index) => ({
            value: Math.round(base * factor * 10) / 10,
            date: days(index - 6),
            note: "",
          })),
        )],
        screens: [
          screen(c, "log", label, "trending-up-outline", "tracker", "log", {
            valueField: "value",
            dateField: "date",
            unit,
            chart: true,
            ...(goal ? { goal } : {}),
          }),
        ],
        features: [
          tx(`Daily ${label.en.toLowerCase()} log`, `Registro giornaliero: ${label.it.toLowerCase()}`),
          tx("Average, latest and chart", "Media, ultimo valore e grafico"),
          ...(goal
            ? [
              tx(
                `Today's total against a goal of ${goal}`,
                `Il totale di oggi rispetto all'obiettivo di ${goal}`,
              ),
            ]
            : []),
        ],
      };
    },
  },
  {
    id: "flashcards",
    phrases: [
      /\bflash ?cards?\b/,
      /\bquiz(zes)?\b/,
      /\btrivia\b/,
      /\b(memorize|study|learn) (words|vocabulary|capitals)\b/,
      /\b(domande e risposte|imparare|studiare) /,
      /\bschede\b/,
    ],
    name: tx("Flashcards", "Flashcard"),
    variant: (c) =>
      has(c, CAPITALS)
        ? {
          name: tx("Capitals Quiz", "Quiz delle capitali"),
          description: tx(
            "A quiz on the world's capitals: guess, flip the card, mark what you knew and see your score.",
            "Un quiz sulle capitali del mondo: indovina, gira la carta, segna se la sapevi e guarda il punteggio.",
          ),
        }
        : undefined,
    description: tx(
      "Flashcards to study a subject: flip each card, mark what you knew, and see your score.",
      "Flashcard per studiare: gira la carta, segna se la sapevi e guarda il punteggio.",
    ),
    build: (c) => {
      const deck = quizDeck(c);
      return {
        entities: [entity(c, "card", tx("Card", "Carta"), tx("Cards", "Carte"), [
          f("question", tx("Question", "Domanda"), "text"),
          f("answer", tx("Answer", "Risposta"), "text"),
        ], deck)],
        screens: [screen(c, "quiz", tx("Quiz", "Quiz"), "bulb-outline", "quiz", "card")],
        features: [
          tx("Flip cards and keep score", "Gira le carte e tieni il punteggio"),
          tx("Add your own cards", "Aggiungi le tue carte"),
        ],
      };
    },
  },
  {
    id: "chat",
    phrases: [/\bchat\b/, /\bmessag(e|es|ing)\b/, /\bconversation(s)?\b/, /\b(messaggi|conversazioni?)\b/],
    name: tx("Chat", "Chat"),
    description: tx(
      "A chat mock-up with a conversation list and conversations that answer back.",
      "Una chat dimostrativa con l'elenco delle conversazioni e risposte automatiche.",
    ),
    build: (c) => ({
      entities: [
        entity(c, "conversation", tx("Conversation", "Conversazione"), tx("Conversations", "Conversazioni"), [
          f("name", tx("Name", "Nome"), "text"),
          f("last", tx("Last message", "Ultimo messaggio"), "text"),
        ], [
          { name: "Anna", last: tx("See you tomorrow!", "A domani!") },
          { name: tx("Family", "Famiglia"), last: tx("Dinner at 8?", "Cena alle 8?") },
          { name: "Luca", last: tx("Sent the photos", "Ho mandato le foto") },
          { name: tx("Book club", "Club del libro"), last: tx("Next book: Dune", "Prossimo libro: Dune") },
        ]),
      ],
      screens: [screen(c, "chats", tx("Chats", "Chat"), "chatbubbles-outline", "chat", "conversation")],
      features: [
        tx("Conversation list", "Elenco delle conversazioni"),
        tx(
          "Messages kept on the device, with automatic replies",
          "Messaggi salvati sul telefono, con risposte automatiche",
        ),
      ],
    }),
  },
  {
    id: "dashboard",
    phrases: [
      /\bdashboard\b/,
      /\b(kpi|metrics|analytics)\b/,
      /\b(cruscotto|metriche|statistiche di vendita)\b/,
    ],
    name: tx("Dashboard", "Cruscotto"),
    description: tx(
      "A dashboard of key figures with their change and a chart, on sample data.",
      "Un cruscotto con i numeri principali, la loro variazione e un grafico, su dati di esempio.",
    ),
    build: (c) => ({
      entities: [entity(c, "metric", tx("Metric", "Metrica"), tx("Metrics", "Metriche"), [
        f("label", tx("Metric", "Metrica"), "text"),
        f("value", tx("Value", "Valore"), "number"),
        f("change", tx("Change %", "Variazione %"), "number"),
      ], [
        { label: tx("Visitors", "Visitatori"), value: 12840, change: 8.2 },
        { label: tx("Orders", "Ordini"), value: 342, change: -2.4 },
        { label: tx("Revenue (€)", "Fatturato (€)"), value: 18420, change: 5.1 },
        { label: tx("Returns", "Resi"), value: 12, change: -15 },
      ])],
      screens: [
        screen(c, "dashboard", tx("Dashboard", "Cruscotto"), "stats-chart-outline", "dashboard", "metric", {
          valueField: "value",
          amountField: "change",
          chart: true,
        }),
      ],
      features: [
        tx("Key figures with their change", "Numeri principali con la variazione"),
        tx("Chart", "Grafico"),
      ],
    }),
  },
  {
    id: "calculator",
    phrases: [/\bcalculator\b/, /\bcalcolatrice\b/, /\b(tip|tips|gratuity) (calculator|calc|splitter)\b/],
    name: tx("Calculator", "Calcolatrice"),
    variant: (c) =>
      has(c, TIP)
        ? {
          name: tx("Tip Calculator", "Calcolatrice mancia"),
          description: tx(
            "A tip calculator: the tip, the total and each person's share of the bill, and the four operations.",
            "Una calcolatrice della mancia: mancia, totale e quota a testa del conto, e le quattro operazioni.",
          ),
        }
        : undefined,
    description: tx(
      "A calculator for the four operations with a tape of recent results.",
      "Una calcolatrice per le quattro operazioni con lo storico dei risultati.",
    ),
    build: (c) => ({
      entities: [],
      screens: [
        screen(
          c,
          "calculator",
          tx("Calculator", "Calcolatrice"),
          "calculator-outline",
          "calculator",
          undefined,
          has(c, TIP) ? { tipPercent: tipPercent(c), people: tipPeople(c) } : {},
        ),
      ],
      features: [
        tx("Four operations", "Quattro operazioni"),
        tx("Recent results", "Risultati recenti"),
        ...(has(c, TIP) ? [tx("Tip, total and each person's share", "Mancia, totale e quota a testa")] : []),
      ],
    }),
  },
  {
    id: "converter",
    phrases: [
      /\b(unit|units|measurement) convert(er|or)\b/,
      /\bconvert(er)? (units|between)\b/,
      /\bconvertitore\b/,
      /\bconvertire (unita|misure)\b/,
    ],
    name: tx("Unit Converter", "Convertitore"),
    description: tx(
      "A converter between units of length, weight and volume.",
      "Un convertitore tra unità di lunghezza, peso e volume.",
    ),
    build: (c) => ({
      entities: [],
      screens: [
        screen(c, "convert", tx("Convert", "Converti"), "swap-horizontal-outline", "converter", undefined, {
          conversions: [
            {
              group: tx("Length", "Lunghezza")[c.language],
              units: [
                { label: "m", factor: 1 },
                { label: "km", factor: 1000 },
                { label: "cm", factor: 0.01 },
                {
                  label: "mi",
                  factor: 1609.344,
                },
                { label: "ft", factor: 0.3048 },
              ],
            },
            {
              group: tx("Weight", "Peso")[c.language],
              units: [{ label: "kg", factor: 1 }, { label: "g", factor: 0.001 }, {
                label: "lb",
                factor: 0.45359237,
              }, { label: "oz", factor: 0.028349523 }],
            },
            {
              group: tx("Volume", "Volume")[c.language],
              units: [{ label: "l", factor: 1 }, { label: "ml", factor: 0.001 }, {
                label: "gal",
                factor: 3.785411784,
              }, { label: "cup", factor: 0.2365882365 }],
            },
          ],
        }),
      ],
      features: [tx("Length, weight and volume", "Lunghezza, peso e volume")],
    }),
  },
  {
    id: "catalog",
    phrases: [
      /\b(shop|store|catalog(ue)?|menu)\b.*\b(cart|order|basket)\b/,
      /\b(cart|basket)\b/,
      /\b(negozio|catalogo|menu)\b.*\b(carrello|ordin)/,
      /\bcarrello\b/,
    ],
    name: tx("Shop", "Negozio"),
    variant: (c) =>
      has(c, BAKERY)
        ? {
          name: tx("Bakery", "Pasticceria"),
          description: tx(
            "A bakery's cakes, pastries and bread by category, a cart with the total, and orders.",
            "Torte, pasticcini e pane della pasticceria per categoria, un carrello con il totale e gli ordini.",
          ),
        }
        : undefined,
    description: tx(
      "A product catalog with categories and search, a cart with the total, and orders.",
      "Un catalogo di prodotti con categorie e ricerca, un carrello con il totale e gli ordini.",
    ),
    build: (c) => ({
      entities: [entity(
        c,
        "product",
        tx("Product", "Prodotto"),
        tx("Products", "Prodotti"),
        [
          f("name", tx("Product", "Prodotto"), "text"),
          f(
            "category",
            tx("Category", "Categoria"),
            "choice",
            has(c, BAKERY) ? BAKERY_CATEGORIES : BAR_CATEGORIES,
          ),
          f("price", tx("Price", "Prezzo"), "money"),
          f("description", tx("Description", "Descrizione"), "longtext"),
        ],
        has(c, BAKERY) ? BAKERY_PRODUCTS : BAR_PRODUCTS,
      )],
      screens: [
        screen(c, "shop", tx("Shop", "Negozio"), "storefront-outline", "catalog", "product", {
          categoryField: "category",
          amountField: "price",
        }),
        screen(c, "cart", tx("Cart", "Carrello"), "cart-outline", "cart", undefined),
      ],
      features: [
        tx("Catalog with categories and search", "Catalogo con categorie e ricerca"),
        tx("Cart with total and order history", "Carrello con totale e storico ordini"),
      ],
    }),
  },
  {
    id: "events",
    phrases: [
      /\b(event|events|booking|bookings|appointment|appointments|reservation|reservations)\b/,
      /\b(eventi|evento|prenotazion[ei]|appuntament[oi])\b/,
    ],
    name: tx("Bookings", "Prenotazioni"),
    variant: (c) =>
      has(c, SALON)
        ? {
          name: tx("Barber Bookings", "Prenotazioni barbiere"),
          description: tx(
            "Bookings for a barber shop: each client's service, day and time slot, and a confirmation tick.",
            "Le prenotazioni del barbiere: servizio, giorno e orario di ogni cliente, e la conferma.",
          ),
        }
        : has(c, COUNTDOWN)
        ? {
          name: tx("Countdown", "Conto alla rovescia"),
          description: tx(
            "A countdown to your events: each one's date, time and place and the days left, nearest first.",
            "Il conto alla rovescia dei tuoi eventi: data, ora e luogo di ognuno e i giorni che mancano.",
          ),
        }
        : undefined,
    description: tx(
      "Bookings and events with date, time and place, and a confirmation tick.",
      "Prenotazioni ed eventi con data, ora e luogo, e la conferma.",
    ),
    build: (c) =>
      has(c, SALON) ? salonBookings(c) : ({
        entities: [entity(c, "booking", ...bookingLabels(c), [
          f("title", tx("What", "Cosa"), "text"),
          f("date", tx("Date", "Data"), "date"),
          f("time", tx("Time", "Ora"), "text"),
          f("place", tx("Place", "Luogo"), "text"),
          f("confirmed", tx("Confirmed", "Confermata"), "check"),
        ], [
          {
            title: tx("Haircut", "Parrucchiere"),
            date: days(2),
            time: "10:30",
            place: "Via Roma 12",
            confirmed: true,
          },
          {
            title: tx("Team dinner", "Cena di squadra"),
            date: days(5),
            time: "20:00",
            place: "Trattoria da Gino",
            confirmed: false,
          },
          {
            title: tx("Tennis court", "Campo da tennis"),
            date: days(6),
            time: "18:00",
            place: tx("Sports centre", "Centro sportivo"),
            confirmed: true,
          },
          {
            title: tx("Concert", "Concerto"),
            date: days(12),
            time: "21:00",
            place: tx("City hall", "Teatro comunale"),
            confirmed: false,
          },
        ])],
        screens: [
          screen(c, "bookings", bookingLabels(c)[1], "calendar-outline", "collection", "booking", {
            search: true,
            // Confirmed is the booking's state, not a finished item to strike through: a field, not a check-off.
            ...(has(c, COUNTDOWN) ? { countdownField: "date" } : {}),
          }),
        ],
        features: [
          tx("Date, time and place of each booking", "Data, ora e luogo di ogni prenotazione"),
          tx("Confirmation tick", "Conferma"),
          ...(has(c, COUNTDOWN)
            ? [tx("Days left until each, nearest first", "Giorni che mancano, dal più vicino")]
            : []),
        ],
      }),
  },
];

/** The kinds a spec may name: the ones recognized by phrases, and the app around the prompt's own nouns. */
export const KNOWN_KINDS: readonly string[] = [...KINDS.map((kind) => kind.id), "generic"];

// "50 minutes focus 10 break", "focus 45 min", "pausa di 10 minuti": the lengths the prompt names.
const FOCUS_MINUTES =
  /\b(\d{1,3}) ?(?:min|mins|minutes?|minuti)? (?:of )?(?:focus|work|study|studio|concentrazione|lavoro)\b|\b(?:focus|work|study|studio|concentrazione) (?:of |di )?(\d{1,3}) ?(?:min|mins|minutes?|minuti)\b/;
const BREAK_MINUTES =
  /\b(\d{1,3}) ?(?:min|mins|minutes?|minuti)? (?:of )?(?:break|rest|pausa|riposo)\b|\b(?:break|rest|pausa|riposo) (?:of |di )?(\d{1,3}) ?(?:min|mins|minutes?|minuti)?\b/;

function minutesOf(c: KindContext, pattern: RegExp): number | undefined {
  const match = normalize(c.prompt).match(pattern);
  const minutes = Number(match?.[1] ?? match?.[2]);
  return minutes >= 1 && minutes <= 180 ? minutes : undefined;
}

// The tip the prompt names ("18%", "tip of 15 percent"), else the custom where the UI's language is spoken.
function tipPercent(c: KindContext): number {
  const named = Number(c.prompt.match(/(\d{1,2})\s*(?:%|percent|per cento)/i)?.[1]);
  return named > 0 ? named : c.language === "it" ? 10 : 15;
}

// How many share the bill: "for 4 people", "tra 3 amici"; two when the prompt splits it among an unnamed few.
function tipPeople(c: KindContext): number {
  const match = normalize(c.prompt).match(
    /\b(\d|two|three|four|five|six|due|tre|quattro|cinque|sei) (people|persons|friends|of us|persone|amici)\b/,
  );
  if (match) return Number(match[1]) || NUMBERS[match[1]];
  return has(c, /\b(people|person|each|split|friends|persone|testa|dividere|amici)\b/) ? 2 : 1;
}

const NUMBERS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
};

// The people sharing: "with 3 flatmates" is the user and three more, "between 4 friends" four in all.
function splitPeople(c: KindContext): Text[] {
  const names = [
    tx("Me", "Io"),
    tx("Anna", "Anna"),
    tx("Ben", "Marco"),
    tx("Chloe", "Giulia"),
    tx("Dan", "Luca"),
    tx("Emma", "Sara"),
  ];
  const match = normalize(c.prompt).match(
    /\b(with|between|among|tra|fra|con|me and|io e) (my |i miei |le mie )?(\d|two|three|four|five|six|due|tre|quattro|cinque|sei) (\w+)/,
  );
  if (!match) return names.slice(1, 4);
  const n = Number(match[3]) || NUMBERS[match[3]];
  // "with 3 flatmates", "me and my 2 roommates": the user and that many more.
  const withMe = ["with", "con", "me and", "io e"].includes(match[1]);
  return withMe ? names.slice(0, Math.min(6, n + 1)) : names.slice(1, 1 + Math.max(2, Math.min(5, n)));
}

// What a tracker follows, from the prompt: its label, unit, a typical value and the app's name.
function trackerSubject(c: KindContext): { label: Text; unit: string; base: number; name?: Text } {
  const subjects: [RegExp, Text, string, number, Text][] = [
    [/\b(weight|peso)\b/, tx("Weight", "Peso"), "kg", 72, tx("Weight Tracker", "Il mio peso")],
    [
      /\b(water|acqua)\b/,
      tx("Water", "Acqua"),
      tx(" glasses", " bicchieri")[c.language],
      6,
      tx("Water Tracker", "Acqua bevuta"),
    ],
    [/\b(sleep|sonno)\b/, tx("Sleep", "Sonno"), "h", 7, tx("Sleep Tracker", "Il mio sonno")],
    [/\b(steps|passi)\b/, tx("Steps", "Passi"), "", 8000, tx("Steps Tracker", "I miei passi")],
    [/\b(run|runs|running|jog|jogs|corsa)\b/, tx("Run", "Corsa"), "km", 5, tx("Run Tracker", "Le mie corse")],
    [
      /\b(fasting|digiuno|digiuni)\b/,
      tx("Fasting hours", "Ore di digiuno"),
      "h",
      16,
      tx("Fasting Tracker", "Digiuno intermittente"),
    ],
  ];
  const found = subjects.find(([pattern]) => has(c, pattern));
  if (!found) return { label: tx("Value", "Valore"), unit: "", base: 10 };
  const [, label, unit, base, name] = found;
  return { label, unit, base, name };
}

// "8 glasses a day", "10,000 steps a day", "goal of 8" (with a day named): a daily goal, a tracker's total for
// today is shown against it.
const PER_DAY = /\b(?:a|per|each|every) day\b|\bdaily\b|\bal giorno\b|\bogni giorno\b|\bgiornalier[oa]\b/;
const GOAL_OF = /\b(?:goal|target|obiettivo)\s+(?:of\s+|di\s+|is\s+|:\s*)?(\d[\d,.]*)/iu;
const N_A_DAY =
  /\b(\d[\d,.]*)\s+(?:[\p{L}'’]+\s+){0,2}?(?:a|per|each|every)\s+day\b|\b(\d[\d,.]*)\s+(?:[\p{L}'’]+\s+){0,2}?al giorno\b/iu;

function dailyGoal(c: KindContext): number | undefined {
  const number = c.prompt.match(GOAL_OF)?.[1] ?? c.prompt.match(N_A_DAY)?.slice(1).find(Boolean);
  if (!number || !has(c, PER_DAY)) return undefined;
  // "10,000" and "10.000" are thousands; "2.5" and "2,5" a fraction.
  const value = /^\d{1,3}(?:[,.]\d{3})+$/.test(number)
    ? Number(number.replace(/[,.]/g, ""))
    : Number(number.replace(/[.,]$/, "").replace(",", "."));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

const CAPITALS = /\b(capital|capitals|capitali|geograph|geografia)/;

// Quiz decks for subjects the generator knows; any other subject starts with cards that name it.
function quizDeck(c: KindContext): Record<string, Value | Text>[] {
  const p = normalize(c.prompt);
  if (CAPITALS.test(p)) {
    return [
      { question: tx("Capital of France?", "Capitale della Francia?"), answer: tx("Paris", "Parigi") },
      { question: tx("Capital of Japan?", "Capitale del Giappone?"), answer: tx("Tokyo", "Tokyo") },
      { question: tx("Capital of Canada?", "Capitale del Canada?"), answer: tx("Ottawa", "Ottawa") },
      {
        question: tx("Capital of Australia?", "Capitale dell'Australia?"),
        answer: tx("Canberra", "Canberra"),
      },
      { question: tx("Capital of Spain?", "Capitale della Spagna?"), answer: tx("Madrid", "Madrid") },
    ];
  }
  if (/\b(spanish|spagnolo)\b/.test(p)) {
    return [
      { question: tx("hello", "ciao"), answer: "hola" },
      { question: tx("thank you", "grazie"), answer: "gracias" },
      { question: tx("house", "casa"), answer: "casa" },
      { question: tx("water", "acqua"), answer: "agua" },
      { question: tx("friend", "amico"), answer: "amigo" },
    ];
  }
  if (/\b(english|inglese)\b/.test(p) && c.language === "it") {
    return [
      { question: "ciao", answer: "hello" },
      { question: "grazie", answer: "thank you" },
      { question: "casa", answer: "house" },
      { question: "acqua", answer: "water" },
      { question: "amico", answer: "friend" },
    ];
  }
  if (/\b(italian|italiano|vocabulary|words)\b/.test(p)) {
    return [
      { question: "hello", answer: "ciao" },
      { question: "thank you", answer: "grazie" },
      { question: "house", answer: "casa" },
      { question: "water", answer: "acqua" },
      { question: "friend", answer: "amico" },
    ];
  }
  if (/\b(math|maths|multiplication|times tables|tabelline|matematica)\b/.test(p)) {
    return [
      { question: "7 × 8", answer: "56" },
      { question: "6 × 9", answer: "54" },
      { question: "12 × 12", answer: "144" },
      { question: "9 × 7", answer: "63" },
      { question: "8 × 6", answer: "48" },
    ];
  }
  if (/\b(planet|planets|pianet[ai]|space|spazio|astronom)/.test(p)) {
    return [
      { question: tx("Largest planet?", "Il pianeta più grande?"), answer: tx("Jupiter", "Giove") },
      {
        question: tx("Planet closest to the Sun?", "Il pianeta più vicino al Sole?"),
        answer: tx("Mercury", "Mercurio"),
      },
      { question: tx("The red planet?", "Il pianeta rosso?"), answer: tx("Mars", "Marte") },
      {
        question: tx("Planet with the famous rings?", "Il pianeta con gli anelli famosi?"),
        answer: tx("Saturn", "Saturno"),
      },
    ];
  }
  const subject = c.subject ?? tx("your subject", "il tuo argomento")[c.language];
  return [1, 2, 3].map((n) => ({
    question: tx(`${subject}: question ${n}`, `${subject}: domanda ${n}`),
    answer: tx(`Write the answer to card ${n}`, `Scrivi la risposta della carta ${n}`),
  }));
}

// ---------------------------------------------------------------------------------------------------------
// The generic app: built around the prompt's own nouns ("my vinyl records with artist, year and rating").

const GENERIC_VERBS =
  /\b(?:track|tracking|keep track of|manage|organi[sz]e|catalog(?:ue)?|collect|list|log|record|store|save|browse|rate)\s+(?:all\s+)?(?:of\s+)?(?:my|our|the|your)?\s*([\p{L}\s-]{3,40}?)(?=\s+(?:with|where|by|including|that|and|for|in)\b|[,.;:!?]|$)/u;
const GENERIC_VERBS_IT =
  /\b(?:gestire|tenere traccia d(?:i|ei|elle|egli|el|ella)|catalogare|raccogliere|elencare|registrare|segnare|annotare|organizzare|salvare)\s+(?:i|le|gli|il|la|l'|dei|delle|degli)?\s*(?:miei|mie|mio|mia|nostri|nostre)?\s*([\p{L}\s'-]{3,40}?)(?=\s+(?:con|dove|per|che|e|in)\b|[,.;:!?]|$)/u;
// Where the prompt lists the fields: after "with"/"con", after a colon, after "record the"/"segnare il".
const FIELD_LISTS = [
  /\b(?:with|including|con)\s+(?:their\s+|its\s+|the\s+|il\s+|la\s+|i\s+|le\s+)?([^.;!?]{3,200})/giu,
  /:\s*([^.;!?:]{3,200})/gu,
  /\b(?:record|note down|write down|segnare|registrare|annotare)\s+(?:the|il|la|i|le|gli)\s+([^.;!?]{3,200})/giu,
];
// A list is split at commas and conjunctions ("plus one" is a guest's field, not a conjunction).
const FIELD_SPLIT = /\s*(?:,|\band\b|\be\b|\bor\b|\bo\b|\bplus\b(?!\s+one\b))\s*/iu;
const FIELD_DROP = /^(?:(?:a|an|the|their|its|my|il|lo|la|i|gli|le|un|una|uno|loro|suo|sua)\s+)+/iu;
const YES_NO = /^\s*(?:yes\s*(?:\/|or)\s*no|y\/n|s[iì]\s*(?:\/|o)\s*no|true\s*\/\s*false)\s*$/iu;
const YES_NO_INLINE = /(?<![\p{L}])(?:yes\s*(?:\/|or)\s*no|y\/n|s[iì]\s*(?:\/|o)\s*no)(?![\p{L}])/giu;
const YES_NO_TAIL = /\s+(?:\(?\s*(?:yes\s*(?:\/|or)\s*no|y\/n|s[iì]\s*(?:\/|o)\s*no)\s*\)?)\s*$/iu;
// "weight in kg", "voto da 1 a 5": a unit says number, a 1-to-5 range a rating; both leave the label.
const UNIT_TAIL =
  /\s+(?:in\s+(?:kg|kgs|kilos?|lbs?|pounds|km|miles|cm|minutes|hours|minuti|ore)|per\s+day)$/iu;
const RATING_TAIL = /\s+(?:from|da)\s+1\s+(?:to|a)\s+(?:5|10)$/iu;
// "mark as taken", "se l'ho finito", "if it's done": a yes/no field named by its state.
const MARK_AS = /^(?:mark|tick|check)(?:\s+(?:them|it|off))*\s+as\s+([\p{L}]+)$/iu;
// Features the prompt asks for in the same breath as fields ("with categories, search and a chart").
const FEATURE_WORD =
  /\b(charts?|graphs?|search|categor(y|ies)|reminders?|notifications?|streaks?|totals?|score|timer|cart|photos?|pictures?|login|sample data|grafic[oi]|ricerca|categori[ae]|promemoria|notifiche|carrello|foto|dati di esempio)(?:\s+(?:maybe|too|also|please|magari|anche|pure))?$/iu;
// "condivisa con mia moglie", "shared with my flatmates": a "with" after sharing names people, not fields.
const SHARED_WITH = /\b(?:shar\w*|condivis\w*|insieme|together)\s*$/iu;
const IF_STATE =
  /^(?:if|whether|se)\s+(?:(?:l['’]ho|ha|è|e|is|was|it['’]?s|i|they|have|has)\s+)*([\p{L}]+)$/iu;
const NOT_A_FIELD =
  /^(?:remind|show|see|get|add|check|share|find|send|want|need|make|keep|flag|sort\w*|order(?:ed)?\s+by|ricorda|ricordami|mostra|vedere|avvisa|ordina\w*)\b/iu;
const NAME_LIKE = /^(?:name|names|title|nome|nomi|titolo)$/iu;
const CHECK_OFF =
  /\b(check (them |it |each |things )?off|tick (them |it )?off|mark (them |it )?as (done|taken|finished|complete)|spunta(re|rle|rli)?|segna(re)? come fatt[oiae])\b/;
const PEOPLE =
  /\bfor (?:my |our )?(\d|two|three|four|five|six) (kids|children|people|friends|sons|daughters|players)\b|\bper i (?:miei |nostri )?(\d|due|tre|quattro|cinque|sei) (figli|bambini|ragazzi|amici|giocatori)\b/;
const WANTS_TOTAL = /\b(total|totals|sum|spent|how much|totale|totali|quanto ho speso|somma)\b/;

function fieldType(label: string): FieldType {
  const l = normalize(label);
  if (/\b(date|dates|day|deadline|when|data|giorno|scadenza|quando)\b/.test(l)) return "date";
  if (/\b(price|cost|amount|value|paid|prezzo|costo|importo|valore|spesa)\b/.test(l)) return "money";
  if (/\b(rating|stars|score|voto|stelle|punteggio)\b/.test(l)) return "rating";
  if (
    /\b(year|vintage|count|quantity|number|pages?|age|size|sets|reps|repetitions|mileage|km|miles|kg|weight|points|table|stock|minutes|hours|calories|anno|annata|quantita|numero|pagine|pagina|eta|taglia|serie|ripetizioni|chilometri|peso|punti|tavolo|minuti|ore)\b/
      .test(l)
  ) {
    return "number";
  }
  if (/\b(notes?|description|comments?|review|descrizione|commento|recensione)\b/.test(l)) return "longtext";
  if (
    /\b(done|owned|read|seen|visited|confirmed|finished|taken|paid|fatto|letto|visto|visitato|confermato|finito|preso|pagato)\b/
      .test(l)
  ) return "check";
  return "text";
}

function keyOf(label: string, taken: Set<string>): string {
  const base = normalize(label).trim().split(" ").filter(Boolean)
    .map((word, index) => index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)).join("")
    .replace(/^[^a-z]+/, "").slice(0, 24) || "field";
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}${n}`;
  taken.add(key);
  return key;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function singular(plural: string, language: Language): string {
  const word = plural.trim();
  if (language === "it") return word.replace(/i$/, "o").replace(/e$/, "a");
  return word.replace(/ies$/, "y").replace(/(ss|x|ch|sh)es$/, "$1").replace(/([^s])s$/, "$1");
}

type NamedField = FieldSpec & { checkOff?: boolean };

/** Parenthesized asides ("(yes/no)", "(oil change, tires, brakes...)") kept aside, their place marked. */
function asides(prompt: string): { text: string; groups: string[] } {
  const groups: string[] = [];
  const text = prompt.replace(/\(([^()]*)\)/g, (_, inner: string) => `\uE000${groups.push(inner) - 1}\uE000`)
    .replace(YES_NO_INLINE, "\uE001");
  return { text, groups };
}

function namedField(raw: string, groups: string[], taken: Set<string>): NamedField | undefined {
  let type: FieldType | undefined;
  let options: string[] | undefined;
  let item = raw.replace(/\uE000(\d+)\uE000/g, (_, n: string) => {
    const inner = groups[Number(n)];
    if (YES_NO.test(inner)) type = "check";
    else {
      const parts = inner.split(/\s*(?:,|\/|\bor\b|\bo\b)\s*/).map((part) =>
        part.replace(/\.+$|\betc\b/g, "").trim()
      ).filter((part) => part.length > 1);
      if (parts.length >= 2) [type, options] = ["choice", parts.slice(0, 6).map(capitalize)];
    }
    return " ";
  }).replace(FIELD_DROP, "").trim();
  if (YES_NO_TAIL.test(item) || item.includes("\uE001")) {
    [type, item] = ["check", item.replace(YES_NO_TAIL, "").replace("\uE001", "").trim()];
  }
  if (UNIT_TAIL.test(item)) [type, item] = [type ?? "number", item.replace(UNIT_TAIL, "")];
  if (RATING_TAIL.test(item)) [type, item] = ["rating", item.replace(RATING_TAIL, "")];
  let checkOff = false;
  const state = item.match(MARK_AS) ?? item.match(IF_STATE);
  if (state) [type, item, checkOff] = ["check", state[1], Boolean(item.match(MARK_AS))];
  else if (NOT_A_FIELD.test(item) || FEATURE_WORD.test(item)) return undefined;
  const label = item.replace(/[^\p{L}\p{N}\s'-]/gu, "").replace(/\s+/g, " ").trim();
  if (label.length < 2 || label.split(" ").length > 3) return undefined;
  const fieldLabel = capitalize(label);
  return {
    key: keyOf(label, taken),
    label: fieldLabel,
    type: type ?? fieldType(label),
    ...(options ? { options } : {}),
    ...(checkOff ? { checkOff } : {}),
  };
}

/** The fields the prompt names, from its longest list, and the noun the list belongs to ("clients with"). */
function namedFields(c: KindContext): { fields: NamedField[]; noun?: string; listed?: boolean } {
  const { text, groups } = asides(c.prompt);
  let best: { fields: NamedField[]; noun?: string; listed?: boolean } = { fields: [] };
  FIELD_LISTS.forEach((pattern, index) => {
    for (const match of text.matchAll(pattern)) {
      if (index === 0 && SHARED_WITH.test(text.slice(0, match.index))) continue;
      const taken = new Set<string>();
      const fields: NamedField[] = [];
      for (const raw of match[1].split(FIELD_SPLIT)) {
        const field = raw.trim() && namedField(raw, groups, taken);
        if (field) fields.push(field);
        if (fields.length >= 8) break;
      }
      // A colon or "record the" needs a real list; "with" may name one field ("with notes").
      if (fields.length > best.fields.length && (index === 0 || fields.length >= 2)) {
        const before = index === 0 && c.language === "en"
          ? text.slice(0, match.index).match(/(?:^|[.!?:]\s*)([\p{L}]{3,}(?: [\p{L}]{3,})?)\s*$/u)?.[1]
          : undefined;
        best = {
          fields,
          noun: before && !STOP_NOUN.test(before) ? before.toLowerCase() : undefined,
          listed: index > 0,
        };
      }
    }
  });
  return best;
}

// "for each service", "each chore gives points": what one record is.
const EACH =
  /\b(?:for each|for every|each|per ogni)\s+(?!(?:day|week|month|morning|evening|night|time|one|giorno|settimana|mese|volta)\b)([\p{L}]{3,})/iu;
const STOP_NOUN = /\b(?:app|list|log|tracker|one|something|thing|this|that|it|them|me|page|screen)$/iu;

// "a tracker for my dog's walks and vet visits", "an app for our board games": the head noun's object.
const GENERIC_HEAD =
  /\b(?:tracker|log|logbook|diary|journal|planner|organi[sz]er|database|app|registro|diario|app)\s+(?:for|of|per|dei|delle|degli|di)\s+(?:all\s+)?(?:my|our|the|your|i miei|le mie|i|le|gli)?\s*([\p{L}\s'’-]{3,60}?)(?=\s+(?:with|where|by|including|that|for|in|con|dove|per|che)\b|[,.;:!?]|$)/u;
const NOT_A_NOUN =
  /^(?:see|show|get|rate|add|check|share|find|remember|know|have|make|keep|set|vedere|aggiungere)\b/;
const DATED = /\b(track|tracker|log|logbook|record|diary|journal|history|visits?|registro|diario|storico)\b/;
// "Gym log: …", "Car maintenance log", "tiny CRM for …", "registro manutenzione auto": the app's own name.
const LEAD_EN =
  /^\s*(?:(?:i|we)\s+(?:need|want|would like)\s+|(?:make|build|create)\s+(?:me\s+)?)?(?:(?:an?|the|my|our|simple|tiny|small|little|quick|basic)\s+)*((?:(?!(?:an?|the|my|our|for|to|with)\s)[\p{L}]+\s+){1,3}?(?:app|log|logbook|tracker|chart|planner|reminder|manager|countdown|organi[sz]er)|crm|inventory)\b/iu;
const LEAD_IT =
  /^\s*(?:(?:un|una|il|la|lo)\s+)?((?:registro|gestionale|promemoria|inventario|archivio|elenco)(?:\s+[\p{L}]+){0,3})/iu;
const LEAD_STOP_IT = /\s+(?:con|che|dove|mio|mia|miei|mie|nostro|nostra|e|o)\b.*$/iu;
const TRAILING_IT = /(?:\s+(?:per|di|del|della|dei|delle|degli|il|la|le|i|gli|lo))+$/iu;

function leadName(c: KindContext): string | undefined {
  const clause = c.prompt.split(/[.,:;!?\n(–—]|\s-\s/)[0];
  if (c.language === "en") {
    const lead = clause.match(LEAD_EN)?.[1];
    return lead ? lead.replace(/\s+app$/i, "").trim() : undefined;
  }
  const lead = clause.match(LEAD_IT)?.[1];
  return lead?.replace(LEAD_STOP_IT, "").replace(TRAILING_IT, "").trim();
}

/** The nouns the prompt names ("walks and vet visits" → both), and whose they are ("dog's" → dog). */
function genericNouns(c: KindContext): { nouns: string[]; owner?: string } {
  const match = c.prompt.match(c.language === "it" ? GENERIC_VERBS_IT : GENERIC_VERBS) ??
    c.prompt.match(GENERIC_HEAD) ?? c.prompt.match(GENERIC_VERBS) ?? c.prompt.match(GENERIC_VERBS_IT);
  if (!match) return { nouns: [] };
  let phrase = match[1].trim().replace(/\s+/g, " ").toLowerCase();
  const owned = phrase.match(/^([\p{L}]+)['’]s? (.+)$/u);
  if (owned) phrase = owned[2];
  const parts = phrase.split(/\s+(?:and|e)\s+/).map((part) => part.trim()).filter(Boolean);
  const nouns = [parts[0]];
  for (const part of parts.slice(1, 3)) {
    if (part.split(" ").length <= 3 && !NOT_A_NOUN.test(part)) nouns.push(part);
    else break;
  }
  return { nouns: nouns.filter((noun) => noun.length >= 3), owner: owned?.[1] };
}

// "An app for my dog Max: vet appointments, vaccinations, weight, food", "per il mio gatto Luna: …": what to
// keep about the user's own subject. Its items are that subject's fields; a kind's single word among them
// ("appointments") does not make the app that kind.
const OWNER_LIST =
  /\b(?:for|per)\s+(?:my|our|(?:il|la|i|le)\s+(?:mio|mia|miei|mie|nostro|nostra))\s+([\p{L}]{3,})(?:\s+(\p{Lu}[\p{L}]+))?\s*:\s*([^.;!?]+)/u;
const OVER_TIME = /\s+(?:over time|nel tempo|nel corso del tempo)\b/iu;

function ownerList(
  prompt: string,
): { owner: string; name?: string; list: string; items: string[] } | undefined {
  const match = prompt.match(OWNER_LIST);
  if (!match) return undefined;
  // "vaccinations with due dates" is two fields; "weight over time" one, shown on a chart.
  const items = match[3].replace(OVER_TIME, "").split(/\s+(?:with|con)\s+|\s*(?:,|\band\b|\be\b)\s*/iu)
    .map((item) => item.trim()).filter(Boolean);
  return items.length >= 3
    ? { owner: match[1].toLowerCase(), name: match[2], list: match[3], items }
    : undefined;
}

/** The owner list's items as fields, the first naming each entry, with the entry's date second. */
function ownedFields(c: KindContext, items: string[]): { fields: NamedField[]; listed: boolean } {
  const { groups } = asides(c.prompt);
  const taken = new Set<string>(["date"]);
  const fields = items.map((item) => namedField(item, groups, taken)).filter((field) => field !== undefined)
    .slice(0, 7);
  if (fields.length > 0) {
    fields.splice(1, 0, { key: "date", label: tx("Date", "Data")[c.language], type: "date" });
  }
  return { fields, listed: true };
}

function plural(word: string, language: Language): string {
  if (language === "it") return word;
  if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
  return /[^aeiou]y$/.test(word) ? word.replace(/y$/, "ies") : `${word}s`;
}

/** "wedding guest list" holds guests; "service" (of "for each service") is a list of services. */
function listNoun(noun: string, language: Language): string {
  const held = noun.match(/^(?:.+\s)?([\p{L}]+)\s+(?:list|app)$/u);
  return held ? plural(held[1], language) : noun;
}

function genericKind(c: KindContext): KindBuild & { name: string } {
  const owned = ownerList(asides(c.prompt).text);
  const found = owned ? { nouns: [tx("entries", "note")[c.language]] } : genericNouns(c);
  const named: { fields: NamedField[]; noun?: string; listed?: boolean } = owned
    ? ownedFields(c, owned.items)
    : namedFields(c);
  const lead = leadName(c);
  const each = c.prompt.match(EACH)?.[1].toLowerCase();
  const leadNoun = c.language === "it"
    ? lead?.match(/\s(?:per|dei|delle|degli|di)\s+(?:(?:il|la|le|i|gli)\s+)?([\p{L}]{3,})$/u)?.[1]
    : undefined;
  // "Gestionale magazzino: articoli, taglia, prezzo": a bare list opening with a plural names the records.
  const first = named.listed && named.fields[0]?.type === "text" ? named.fields[0].label.toLowerCase() : "";
  const pluralFirst = !owned && /^[\p{L}]+$/u.test(first) &&
    (c.language === "it" ? /[ie]$/.test(first) : /[^s]s$/.test(first));
  if (pluralFirst) named.fields.shift();
  const own = named.noun ?? (each ? plural(each, c.language) : pluralFirst ? first : leadNoun);
  const nouns =
    (owned || (found.nouns.length > 0 && !(lead && own)) ? found.nouns : own ? [own] : found.nouns)
      .map((noun) => listNoun(noun, c.language));
  if (nouns.length === 0) {
    nouns.push(
      (lead && has(c, DATED) ? tx("entries", "voci") : tx("items", "elementi"))[c.language],
    );
  }
  const taken = new Set<string>();
  const listed = named.fields.filter((field) => !NAME_LIKE.test(normalize(field.label).trim()));
  // A bare list's first field, when it is text, is what each record is called ("Gym log: exercise, sets").
  const titled = named.listed && named.fields[0]?.type === "text" && listed[0] === named.fields[0];
  const nameLabel = named.fields.find((field) => NAME_LIKE.test(normalize(field.label).trim()))?.label;
  const fields: NamedField[] = titled
    ? []
    : [{ key: keyOf("name", taken), label: nameLabel ?? tx("Name", "Nome")[c.language], type: "text" }];
  for (const field of listed) {
    if (fields.length >= 8) break;
    fields.push({ ...field, key: keyOf(field.label, taken) });
  }
  const people = normalize(c.prompt).match(PEOPLE);
  if (people) {
    const n = Number(people[1] ?? people[3]) || NUMBERS[people[1] ?? people[3]];
    const names = ["Anna", "Ben", "Chloe", "Dan", "Emma", "Finn"].slice(0, Math.max(2, Math.min(6, n)));
    fields.push({
      key: keyOf("who", taken),
      label: tx("Who", "Chi")[c.language],
      type: "choice",
      options: names,
    });
  }
  if (
    has(c, /\b(points|punti)\b/) && !fields.some((field) => /\b(points|punti)\b/.test(normalize(field.label)))
  ) {
    fields.push({ key: keyOf("points", taken), label: tx("Points", "Punti")[c.language], type: "number" });
  }
  if (has(c, CHECK_OFF) && !fields.some((field) => field.checkOff)) {
    fields.push({
      key: keyOf("done", taken),
      label: tx("Done", "Fatto")[c.language],
      type: "check",
      checkOff: true,
    });
  }
  if (fields.length === 1) {
    if (has(c, DATED)) {
      fields.push({ key: keyOf("date", taken), label: tx("Date", "Data")[c.language], type: "date" });
    }
    fields.push({ key: keyOf("notes", taken), label: tx("Notes", "Note")[c.language], type: "longtext" });
  }
  const checkField = fields.find((field) => field.checkOff)?.key;
  const total = fields.find((field) => /\b(points|punti)\b/.test(normalize(field.label))) ??
    (has(c, WANTS_TOTAL) ? fields.find((field) => field.type === "money") : undefined);
  const choice = fields.find((field) => field.type === "choice");
  const cleanFields: FieldSpec[] = fields.map(({ checkOff: _, ...field }) => field);
  const entities: EntitySpec[] = nouns.map((noun, index) => {
    const one = singular(noun.split(" ").at(-1) ?? noun, c.language);
    const label = capitalize(noun.split(" ").length > 1 ? noun.replace(/\S+$/, one) : one);
    const key = index === 0 ? "record" : `record${index + 1}`;
    const samples = [1, 2, 3, 4].slice(0, c.tier === "full" ? 4 : 2).map((n): RecordData => ({
      id: `${key}-${n}`,
      ...Object.fromEntries(
        cleanFields.map((field, i) => [field.key, i === 0 ? `${label} ${n}` : sampleValue(field, n)]),
      ),
    }));
    return { key, label, plural: capitalize(noun), fields: cleanFields, samples };
  });
  const all = nouns.join(c.language === "it" ? " e " : " and ");
  const head = c.prompt.match(/\b(tracker|log|diary|journal|planner)\b/i)?.[1] ?? "tracker";
  const name = owned
    ? styleName(owned.name ?? tx(`${owned.owner} log`, `registro ${owned.owner}`)[c.language], c.language)
    : lead
    ? styleName(lead, c.language)
    : found.nouns.length === 0
    ? (own ? styleName(own, c.language) : tx("My List", "La mia lista")[c.language])
    : found.owner && c.language === "en"
    ? styleName(`${found.owner} ${head}`, c.language)
    : all.split(" ").length <= 4
    ? styleName(nouns.length > 1 ? found.nouns.join(" & ") : found.nouns.join(" "), c.language)
    : styleName(found.nouns[0], c.language);
  const labels = listed.filter((field) => !owned || field.key !== "date").slice(0, 5)
    .map((field) => field.label.toLowerCase());
  const joined = labels.length > 1
    ? `${labels.slice(0, -1).join(", ")} ${c.language === "it" ? "e" : "and"} ${labels.at(-1)}`
    : labels[0];
  const screens: ScreenSpec[] = entities.map((entity) => ({
    key: entity.key === "record" ? "records" : `${entity.key}s`,
    title: entity.plural.slice(0, 24),
    icon: "list-outline",
    block: "collection" as const,
    entity: entity.key,
    options: {
      search: true,
      ...(checkField ? { checkField } : {}),
      ...(total ? { amountField: total.key } : {}),
      ...(choice ? { categoryField: choice.key } : {}),
    },
  }));
  const value = cleanFields.find((field) => /\b(weight|peso|kg)\b/.test(normalize(field.label))) ??
    cleanFields.findLast((field) => field.type === "number");
  const date = cleanFields.find((field) => field.type === "date");
  if ((has(c, WANTS_CHART) || OVER_TIME.test(c.prompt)) && value && date) {
    screens.push({
      key: "chart",
      title: tx("Chart", "Grafico")[c.language],
      icon: "trending-up-outline",
      block: "tracker",
      entity: "record",
      options: { valueField: value.key, dateField: date.key, chart: true },
    });
  }
  return {
    name,
    entities,
    screens,
    features: [
      owned && joined
        ? tx(
          `${owned.name ?? `Your ${owned.owner}`}'s ${joined}, dated, to add, edit and search`,
          `${
            owned.name ?? `Il tuo ${owned.owner}`
          }: ${joined}, con la data, da aggiungere, modificare e cercare`,
        )
        : joined
        ? tx(
          `A list of ${all} with ${joined}, to add, edit and search`,
          `Un elenco di ${all} con ${joined}, da aggiungere, modificare e cercare`,
        )
        : tx(
          `A list of ${all} with add, edit and detail screens`,
          `Un elenco di ${all} con schermate per aggiungere, modificare e vedere i dettagli`,
        ),
      tx("Search", "Ricerca"),
      ...(checkField ? [tx("Check off what is done", "Spunta ciò che è fatto")] : []),
      ...(total ? [tx(`Total of ${total.label.toLowerCase()}`, `Totale: ${total.label.toLowerCase()}`)] : []),
      ...(screens.some((s) => s.block === "tracker")
        ? [
          tx(
            `Chart of ${value!.label.toLowerCase()} over time`,
            `Grafico: ${value!.label.toLowerCase()} nel tempo`,
          ),
        ]
        : []),
    ],
  };
}

/** A sample record's value for a field other than its title. */
function sampleValue(field: FieldSpec, n: number): Value {
  switch (field.type) {
    case "number":
      return /\b(year|vintage|anno|annata)\b/i.test(field.label) ? 2024 - n * 7 : n * 3;
    case "money":
      return n * 10;
    case "rating":
      return 3 + (n % 3);
    case "check":
      return n % 2 === 0;
    case "choice":
      return field.options?.[(n - 1) % field.options.length] ?? "";
    case "date":
      return days(-n);
    default:
      return "";
  }
}

// ---------------------------------------------------------------------------------------------------------
// Names, descriptions, the whole spec.

const CALLED =
  /\b(?:called|named|chiamat[ao]|di nome)\s+["“«']?([\p{L}\p{N}][\p{L}\p{N}' -]{1,28}?)["”»']?(?=[,.;:!?]|\s+(?:with|that|for|to|con|per|che)\b|$)/u;

/** Title case in English ("Houseplant Royals"), sentence case in Italian ("Lista della spesa"). */
export function styleName(name: string, language: Language): string {
  const words = name.trim().replace(/\s+/g, " ").split(" ").slice(0, 4);
  const small = new Set(
    language === "it"
      ? ["di", "del", "della", "delle", "dei", "e", "per", "la", "il", "le", "a", "da", "in"]
      : ["of", "and", "the", "for", "a", "an", "to", "in", "on", "with"],
  );
  return words.map((word, index) => {
    if (index > 0 && (language === "it" || small.has(word.toLowerCase()))) return word.toLowerCase();
    return capitalize(word);
  }).join(" ").slice(0, 30).trim();
}

function subjectOf(prompt: string): string | undefined {
  const match = prompt.match(
    /\b(?:about|on|for|of|su|sul|sulla|sugli|sulle|di)\s+(?:the\s+|la\s+|il\s+|le\s+|i\s+)?([\p{L}][\p{L}\s-]{2,30}?)(?=[,.;:!?]|\s+(?:with|and|for|that|con|e|per)\b|$)/u,
  );
  return match?.[1].trim();
}

export interface AnalyzedPrompt {
  spec: AppSpec;
  report: SpecReport;
}

/** Turns a fresh prompt into a spec; `appName`, when the client chose one, wins over the derived name. */
export function analyzePrompt(
  prompt: string,
  tier: ModelTier,
  appName?: string,
  forceLanguage?: Language,
): AnalyzedPrompt {
  const detection = detectLanguage(prompt);
  const language = forceLanguage ?? detection.language;
  const detected = forceLanguage ?? detection.detected;
  const asked = withoutNegations(prompt);
  const context: KindContext = { language, prompt: asked, tier, subject: subjectOf(asked) };
  // Kinds are read outside an owner's list: "for my dog: vet appointments, …" is not a bookings app.
  const owned = ownerList(asides(asked).text);
  const kinds = rankKinds(owned ? asides(asked).text.replace(owned.list, " ") : asked).slice(0, MAX_KINDS);
  const builds: KindBuild[] = [];
  let name: string;
  let description: string;
  let kindId: string;
  if (kinds.length === 0) {
    const generic = genericKind(context);
    builds.push(generic);
    kindId = "generic";
    name = generic.name;
    description = generic.features[0][language] + ".";
  } else {
    for (const kind of kinds) builds.push(kind.build(context));
    kindId = kinds.map((kind) => kind.id).join("+");
    const variant = kinds[0].variant?.(context);
    name = (variant?.name ?? kinds[0].name)[language];
    description = (variant?.description ?? kinds[0].description)[language];
  }
  const called = prompt.match(CALLED)?.[1];
  if (appName?.trim()) name = appName.trim();
  else if (called) name = styleName(called, language);

  const spec: AppSpec = {
    version: 1,
    kind: kindId,
    name,
    description,
    language,
    tier,
    accent: accentOf(prompt) ?? ACCENT,
    features: [],
    entities: [],
    screens: [],
    prompts: [prompt],
  };
  for (const build of builds) addBuild(spec, build);
  // Fields are read in the UI's own language only: a Spanish "con lista de compras" is not a field.
  if (kinds.length > 0 && detected === language) addNamedFields(spec, context);
  applyFeatureWords(spec, asked);
  applyListOptions(spec, asked);
  addReminders(spec, asked);
  if (tier === "full") addFullTierScreens(spec);
  return {
    spec,
    report: {
      language,
      ...(detected !== "en" && detected !== "it" ? { languageFallbackFrom: detected } : {}),
    },
  };
}

/** Fields the prompt names that its kind's list lacks ("books with total pages and current page"). */
function addNamedFields(spec: AppSpec, c: KindContext) {
  const target = spec.entities.find((entity) =>
    spec.screens.some((screen) => screen.entity === entity.key && screen.block === "collection")
  );
  if (!target) return;
  const stems = (label: string) =>
    normalize(label).trim().split(" ").filter((w) => w.length >= 4).map((w) => w.slice(0, 5));
  const known = new Set(target.fields.flatMap((field) => [...stems(field.label), ...stems(field.key)]));
  const taken = new Set(target.fields.map((field) => field.key));
  for (const { checkOff: _, ...field } of namedFields(c).fields) {
    if (target.fields.length >= 8) break;
    if (NAME_LIKE.test(normalize(field.label).trim()) || stems(field.label).some((stem) => known.has(stem))) {
      continue;
    }
    const added = { ...field, key: keyOf(field.label, taken) };
    target.fields.push(added);
    for (const sample of target.samples) sample[added.key] = sampleValue(added, 1);
  }
}

function rankKinds(prompt: string): Kind[] {
  const p = normalize(prompt);
  const scored: { kind: Kind; score: number; position: number }[] = [];
  for (const kind of KINDS) {
    let score = 0;
    let position = Infinity;
    for (const phrase of kind.phrases) {
      const match = phrase.exec(p);
      if (!match) continue;
      score += match[0].trim().split(" ").length;
      position = Math.min(position, match.index);
    }
    if (score > 0) scored.push({ kind, score, position });
  }
  // A chat's "conversation list" is not a to-do list, a "shopping list" not a generic list: the longer,
  // more specific phrase outranks; ties go to what the prompt names first.
  return scored.sort((a, b) => b.score - a.score || a.position - b.position).map((entry) => entry.kind);
}

function addBuild(spec: AppSpec, build: KindBuild) {
  const entityKeys = new Map<string, string>();
  for (const entity of build.entities) {
    let key = entity.key;
    for (let n = 2; spec.entities.some((existing) => existing.key === key); n++) key = `${entity.key}${n}`;
    entityKeys.set(entity.key, key);
    spec.entities.push({ ...entity, key });
  }
  for (const screen of build.screens) {
    let key = screen.key;
    for (let n = 2; spec.screens.some((existing) => existing.key === key) || key === "index"; n++) {
      key = `${screen.key}${n}`;
    }
    spec.screens.push({
      ...screen,
      key,
      ...(screen.entity ? { entity: entityKeys.get(screen.entity) ?? screen.entity } : {}),
    });
  }
  for (const feature of build.features) spec.features.push(feature[written(spec.language)]);
}

// "sortable by rating", "sort them by date", "ordinati per voto": the list's sort; "how many guests have
// confirmed", "quanti hanno confermato": a count of that yes/no field, added when the list lacks one.
const SORT_BY =
  /\b(?:sort(?:able|ed)?|order(?:ed)?|rank(?:ed)?|ordina(?:bile|ti|te|re)?)\s+(?:(?:it|them|the list|the records|la lista|l['’]elenco)\s+)?(?:by|per)\s+(?:(?:the|their|its|il|la|lo|l['’])\s*)?([\p{L}]+(?:\s+[\p{L}]+)?)/iu;
const HOW_MANY =
  /\b(?:how many|quanti|quante)\s+(?:[\p{L}]+\s+){0,2}?(?:have|has|are|is|were|hanno|sono|ha|è)\s+([\p{L}]+)/iu;

/** The first list's sort and count the prompt asks for; the changes made, as `sort:key` and `count:key`. */
function applyListOptions(spec: AppSpec, prompt: string): string[] {
  const screen = spec.screens.find((candidate) => candidate.block === "collection");
  const entity = spec.entities.find((candidate) => candidate.key === screen?.entity);
  if (!screen || !entity) return [];
  const stem = (label: string) => normalize(label).trim().slice(0, 5);
  const changes: string[] = [];
  const sortBy = prompt.match(SORT_BY)?.[1];
  const sorted = sortBy &&
    entity.fields.find((field) =>
      [field.label, field.key].some((name) =>
        stem(name) === stem(sortBy) || stem(name) === stem(sortBy.split(" ")[0])
      )
    );
  if (sorted) {
    screen.options.sortField = sorted.key;
    spec.features.push(
      spec.language === "it"
        ? `Ordinati per ${sorted.label.toLowerCase()}`
        : `Sorted by ${sorted.label.toLowerCase()}`,
    );
    changes.push(`sort:${sorted.key}`);
  }
  const state = prompt.match(HOW_MANY)?.[1];
  if (state && fieldType(state) === "check") {
    let counted = entity.fields.find((field) => field.type === "check" && stem(field.label) === stem(state));
    if (!counted && entity.fields.length < 8) {
      counted = {
        key: keyOf(state, new Set(entity.fields.map((field) => field.key))),
        label: capitalize(state),
        type: "check",
      };
      entity.fields.push(counted);
      entity.samples.forEach((sample, index) => sample[counted!.key] = index % 2 === 0);
    }
    if (counted && counted.key !== screen.options.checkField) {
      screen.options.countField = counted.key;
      spec.features.push(
        spec.language === "it"
          ? `Conteggio: ${counted.label.toLowerCase()}`
          : `How many ${counted.label.toLowerCase()}`,
      );
      changes.push(`count:${counted.key}`);
    }
  }
  return changes;
}

function applyFeatureWords(spec: AppSpec, prompt: string) {
  const p = normalize(prompt);
  for (const screen of spec.screens) {
    if (WANTS_SEARCH.test(p) && screen.block === "collection") screen.options.search = true;
    if (WANTS_CHART.test(p) && ["budget", "tracker", "dashboard"].includes(screen.block)) {
      screen.options.chart = true;
    }
  }
}

const WANTS_REMINDERS =
  /\b(remind|reminds|reminder|reminders|notify|notifications?|alert me|promemoria|ricordami|ricordarmi|notifica|notifiche|avvisami|erinnerung(en)?|recordatorios?|rappels?)\b/;

// What the first reminder says, by the app's first kind; the time is the prompt's ("at 8", "alle 7:30").
const REMINDER_SAMPLES: Record<string, [Text, number]> = {
  plants: [tx("Water the plants", "Annaffiare le piante"), 8],
  habits: [tx("Check off today's habits", "Spunta le abitudini di oggi"), 21],
  todo: [tx("Look at today's tasks", "Guarda le attività di oggi"), 9],
  journal: [tx("Write today's page", "Scrivi la pagina di oggi"), 21],
  mood: [tx("How was today?", "Com'è andata oggi?"), 21],
  tracker: [tx("Log today's value", "Registra il valore di oggi"), 20],
  flashcards: [tx("Study your cards", "Ripassa le carte"), 18],
  budget: [tx("Note today's spending", "Segna le spese di oggi"), 21],
};

function promptTime(prompt: string): [number, number] | undefined {
  const match = normalize(prompt).match(/\b(?:at|alle|ore|um|a las) (\d{1,2})(?: (\d{2}))? ?(am|pm)?\b/);
  if (!match) return undefined;
  let hour = Number(match[1]);
  if (match[3] === "pm" && hour < 12) hour += 12;
  if (match[3] === "am" && hour === 12) hour = 0;
  const minute = Number(match[2] ?? 0);
  return hour < 24 && minute < 60 ? [hour, minute] : undefined;
}

/** A reminders screen (daily local notifications) when the prompt asks to be reminded; true if added. */
function addReminders(spec: AppSpec, prompt: string): boolean {
  if (!WANTS_REMINDERS.test(normalize(prompt)) || spec.screens.some((s) => s.block === "reminders")) {
    return false;
  }
  const t = (text: Text) => text[written(spec.language)];
  const [what, defaultHour] = REMINDER_SAMPLES[spec.kind.split("+")[0]] ??
    [tx(`Open ${spec.name}`, `Apri ${spec.name}`), 9];
  const [hour, minute] = promptTime(prompt) ?? [defaultHour, 0];
  const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  let key = "reminder";
  for (let n = 2; spec.entities.some((existing) => existing.key === key); n++) key = `reminder${n}`;
  spec.entities.push({
    key,
    label: t(tx("Reminder", "Promemoria")),
    plural: t(tx("Reminders", "Promemoria")),
    fields: [
      { key: "title", label: t(tx("Reminder", "Promemoria")), type: "text" },
      { key: "time", label: t(tx("Time", "Ora")), type: "text" },
      { key: "on", label: t(tx("On", "Attivo")), type: "check" },
    ],
    samples: [{ id: `${key}-1`, title: t(what), time, on: true }],
  });
  const kept = spec.screens.filter((screen) => screen.block === "settings" || screen.block === "about");
  spec.screens = spec.screens.filter((screen) => !kept.includes(screen));
  spec.screens.push({
    key: spec.screens.some((screen) => screen.key === "reminders") ? `${key}s` : "reminders",
    title: t(tx("Reminders", "Promemoria")),
    icon: "alarm-outline",
    block: "reminders",
    entity: key,
    options: { timeField: "time", checkField: "on" },
  }, ...kept);
  spec.features.push(
    t(tx("Daily reminders at the times you set", "Promemoria ogni giorno agli orari che scegli")),
  );
  return true;
}

function addFullTierScreens(spec: AppSpec) {
  const t = (text: Text) => text[written(spec.language)];
  if (!spec.screens.some((screen) => screen.block === "settings")) {
    spec.screens.push({
      key: "settings",
      title: t(tx("Settings", "Impostazioni")),
      icon: "settings-outline",
      block: "settings",
      options: {},
    });
    spec.features.push(t(tx("Dark mode and accent colour", "Tema scuro e colore principale")));
  }
  if (!spec.screens.some((screen) => screen.block === "about")) {
    spec.screens.push({
      key: "about",
      title: t(tx("About", "Info")),
      icon: "information-circle-outline",
      block: "about",
      options: {},
    });
  }
}

const COLOURS: [RegExp, string][] = [
  [/\b(red|rosso|rossa)\b/, "#DC2626"],
  [/\b(green|verde)\b/, "#16A34A"],
  [/\b(blue|blu|azzurro)\b/, "#2563EB"],
  [/\b(orange|arancione)\b/, "#EA580C"],
  [/\b(pink|rosa)\b/, "#DB2777"],
  [/\b(purple|viola)\b/, "#7C3AED"],
  [/\b(teal|turchese)\b/, "#0D9488"],
  [/\b(black|nero|nera)\b/, "#111827"],
];

function accentOf(prompt: string): string | undefined {
  const p = normalize(prompt);
  return COLOURS.find(([pattern]) => pattern.test(p))?.[1];
}

// ---------------------------------------------------------------------------------------------------------
// Follow-ups: a prompt applied to a stored spec.

export interface ChangeResult {
  spec: AppSpec;
  changes: string[];
}

/** Applies a follow-up prompt: switch language, recolour, rename, add a field, or add the screens of a kind. */
export function changeSpec(
  current: AppSpec,
  prompt: string,
  appName?: string,
  replaying = false,
): ChangeResult {
  const spec: AppSpec = structuredClone(current);
  const p = normalize(prompt);
  const changes: string[] = [];
  const toItalian = /\b(in italian|to italian|italiano|in italiano)\b/.test(p);
  const toEnglish = /\b(in english|to english|inglese|in inglese)\b/.test(p);
  if ((toItalian || toEnglish) && !replaying) {
    const language: Language = toItalian ? "it" : "en";
    if (language !== spec.language) {
      Object.assign(spec, rebuild(spec, language), { accent: spec.accent });
      changes.push(`language:${language}`);
    }
  }
  const accent = accentOf(prompt);
  if (accent && /\b(colou?r|theme|accent|colore|tema|make it|rendila|rendilo)\b/.test(p)) {
    spec.accent = accent;
    changes.push("accent");
  }
  const rename = prompt.match(
    /\b(?:rename(?: it| the app)? to|call it|chiamala|chiamalo|rinominala in|rinominalo in)\s+["“«]?([^"”».!?,]{2,30})/iu,
  );
  if (appName?.trim() || rename) {
    spec.name = appName?.trim() || capitalize(rename![1].trim());
    changes.push("name");
  }
  const field = prompt.match(
    /\b(?:add|aggiungi)\s+(?:a|an|the|un|una|il|lo|la)?\s*(?:field|campo)\s+(?:for\s+|per\s+)?(?:(?:the|il|la|lo|l['’])\s*)?["“«']?([\p{L}\s'’]{2,24}?)["”»']?(?=[,.;:!?]|\s+(?:to|a|al|alla|and|e)\b|$)/iu,
  ) ??
    prompt.match(/\b(?:add|aggiungi)\s+(?:a|an)\s+([\p{L}]{2,20})\s+field\b/iu);
  const target = spec.entities.find((entity) =>
    spec.screens.some((s) => s.entity === entity.key && s.block === "collection")
  );
  if (field && target) {
    const label = capitalize(field[1].trim());
    const key = keyOf(label.replace(/['’]s\b/u, ""), new Set(target.fields.map((existing) => existing.key)));
    target.fields.push({ key, label, type: fieldType(label) });
    changes.push(`field:${key}`);
  }
  changes.push(...applyListOptions(spec, prompt));
  const asked = withoutNegations(prompt);
  const added = rankKinds(asked).filter((kind) => !spec.kind.split("+").includes(kind.id)).slice(0, 1);
  if (/\b(add|aggiungi)\b/.test(p) && added.length > 0) {
    const context: KindContext = {
      language: written(spec.language),
      prompt: asked,
      tier: spec.tier,
      subject: subjectOf(asked),
    };
    const full = spec.screens.filter((screen) => screen.block === "settings" || screen.block === "about");
    spec.screens = spec.screens.filter((screen) => !full.includes(screen));
    addBuild(spec, added[0].build(context));
    spec.screens.push(...full);
    spec.kind = `${spec.kind}+${added[0].id}`;
    changes.push(`screens:${added[0].id}`);
  }
  if (
    /\b(settings|dark mode|impostazioni|tema scuro)\b/.test(p) &&
    !spec.screens.some((s) => s.block === "settings")
  ) {
    addFullTierScreens(spec);
    changes.push("settings");
  }
  if (/\b(add|aggiungi)\b/.test(p) && addReminders(spec, asked)) changes.push("reminders");
  applyFeatureWords(spec, asked);
  spec.prompts = [...spec.prompts, prompt];
  return { spec, changes };
}

/** The spec's prompts replayed in another language, so every label and sample is translated. */
function rebuild(spec: AppSpec, language: Language): AppSpec {
  const [first, ...later] = spec.prompts.length > 0 ? spec.prompts : [spec.description];
  let again = analyzePrompt(first, spec.tier, undefined, language).spec;
  for (const prompt of later) again = changeSpec(again, prompt, undefined, true).spec;
  return { ...again, prompts: spec.prompts };
}
