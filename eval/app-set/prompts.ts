// The fixed prompt set the test run builds and `npm run eval:apps` reports on: apps of every building block,
// in English, Italian and German, on both tiers, plus apps built around the prompt's own nouns.
import type { ModelTier } from "../../supabase/functions/_shared/ports/generation.ts";

export interface AppPrompt {
  id: string;
  prompt: string;
  model: ModelTier;
  /** The ask the spec's kind must name first: what the app is mainly for. */
  kind: string;
  language: "en" | "it" | "de";
}

export const APP_PROMPTS: AppPrompt[] = [
  {
    id: "todo-en",
    prompt: "A to-do list app where I can add tasks with a due date and a priority and check them off",
    model: "light",
    kind: "list",
    language: "en",
  },
  {
    id: "shopping-it",
    prompt: "Un'app per la lista della spesa divisa per reparto del supermercato",
    model: "light",
    kind: "list",
    language: "it",
  },
  {
    id: "packing-en",
    prompt: "A packing list for my holiday trip so I don't forget anything",
    model: "light",
    kind: "list",
    language: "en",
  },
  {
    id: "habits-en",
    prompt: "Track several habits every day and show my current and best streaks",
    model: "full",
    kind: "log",
    language: "en",
  },
  {
    id: "habits-it",
    prompt: "Voglio un'app per le mie abitudini quotidiane con la serie di giorni",
    model: "light",
    kind: "log",
    language: "it",
  },
  {
    id: "journal-it",
    prompt: "Un diario personale dove scrivere come è andata la giornata, con la ricerca",
    model: "light",
    kind: "log",
    language: "it",
  },
  {
    id: "mood-en",
    prompt: "A mood log to rate my mood each day with a chart of the week",
    model: "light",
    kind: "log",
    language: "en",
  },
  {
    id: "recipes-en",
    prompt: "A recipe browser with categories, search and a detail screen for each recipe",
    model: "full",
    kind: "list",
    language: "en",
  },
  {
    id: "books-en",
    prompt: "A reading log for my books with author, genre and my rating",
    model: "light",
    kind: "log",
    language: "en",
  },
  {
    id: "plants-en",
    prompt: "An app called Houseplant Royals to look after my houseplants and when to water them",
    model: "light",
    kind: "list",
    language: "en",
  },
  {
    id: "budget-en",
    prompt: "A monthly budget app that tracks my spending by category with a chart",
    model: "full",
    kind: "log",
    language: "en",
  },
  {
    id: "split-it",
    prompt: "Un'app per dividere le spese condivise tra amici in vacanza e sapere chi deve quanto",
    model: "light",
    kind: "split",
    language: "it",
  },
  {
    id: "pomodoro-en",
    prompt: "A pomodoro timer for studying with focus and break intervals",
    model: "light",
    kind: "list",
    language: "en",
  },
  {
    id: "intervals-it",
    prompt: "Un timer a intervalli per il mio allenamento HIIT",
    model: "light",
    kind: "timer",
    language: "it",
  },
  {
    id: "tracker-en",
    prompt: "Log my weight every morning and show it on a chart",
    model: "light",
    kind: "log",
    language: "en",
  },
  {
    id: "flashcards-en",
    prompt: "Flashcards to learn the capitals of the world with a score",
    model: "light",
    kind: "quiz",
    language: "en",
  },
  {
    id: "quiz-it",
    prompt: "Un quiz con domande e risposte sui pianeti del sistema solare",
    model: "light",
    kind: "quiz",
    language: "it",
  },
  {
    id: "chat-en",
    prompt: "A chat app mock-up with a conversation list and messages",
    model: "light",
    kind: "list",
    language: "en",
  },
  {
    id: "dashboard-en",
    prompt: "A sales dashboard with key metrics and a chart using sample data",
    model: "light",
    kind: "list",
    language: "en",
  },
  {
    id: "calculator-it",
    prompt: "Una calcolatrice semplice per fare i conti di tutti i giorni",
    model: "light",
    kind: "calculator",
    language: "it",
  },
  {
    id: "converter-en",
    prompt: "A unit converter for length, weight and volume",
    model: "light",
    kind: "convert",
    language: "en",
  },
  {
    id: "catalog-it",
    prompt: "Il catalogo del mio bar con il carrello e gli ordini dei clienti",
    model: "full",
    kind: "catalog",
    language: "it",
  },
  {
    id: "events-en",
    prompt: "Manage my appointments and bookings with date, time and place",
    model: "light",
    kind: "list",
    language: "en",
  },
  {
    id: "generic-en",
    prompt: "Keep track of my vinyl records with artist, year, price and notes",
    model: "light",
    kind: "list",
    language: "en",
  },
  {
    id: "generic-it",
    prompt: "Voglio gestire i miei vini in cantina con produttore, annata e voto",
    model: "light",
    kind: "list",
    language: "it",
  },
  // Prompts written by someone who never saw the generator, each of which once got the wrong app.
  {
    id: "rent-en",
    prompt: "split the rent and bills with 3 flatmates",
    model: "light",
    kind: "split",
    language: "en",
  },
  {
    id: "dog-en",
    prompt: "a tracker for my dog's walks and vet visits",
    model: "light",
    kind: "log",
    language: "en",
  },
  {
    id: "runs-en",
    prompt:
      "So I've been thinking, I run a lot, like 3-4 times a week, and I never remember how far I went, my friend " +
      "uses some app but it's too complicated, I just want something simple where I can put in my runs and maybe " +
      "see a chart of how I'm improving over the month, nothing fancy",
    model: "full",
    kind: "chart",
    language: "en",
  },
  {
    id: "shopping-de",
    prompt: "Eine App für meine Einkaufsliste mit Kategorien",
    model: "light",
    kind: "list",
    language: "de",
  },
  {
    id: "barber-en",
    prompt: "a booking app for my barber shop where clients choose a service and a time slot",
    model: "light",
    kind: "catalog",
    language: "en",
  },
  {
    id: "plants-it",
    prompt: "app per annaffiare le piante con promemoria",
    model: "light",
    kind: "reminder",
    language: "it",
  },
];
