import assert from "node:assert/strict";
import { understand } from "../../supabase/functions/_generator/understand/index.ts";

const types = (prompt: string) => understand(prompt).asks.map((a) => a.type);
const listed = (prompt: string) => understand(prompt).asks.find((a) => a.type === "list")?.subject;

Deno.test("things the speaker wants, lacks or has still to do are a list of them, no log, countdown or plan", () => {
  const cases: [string, string][] = [
    ["places we still want to visit", "places"],
    ["the albums i'm missing", "albums"],
    ["le scarpe che vorrei comprare quest'anno", "scarpe"],
    ["carte che mi mancano per il mazzo", "carte"],
    ["les jeux que je voudrais acheter", "jeux"],
    ["les livres à lire cet été", "livres"],
    ["láminas que me faltan de la colección", "láminas"],
    ["juegos por comprar", "juegos"],
    ["Platten, die ich noch kaufen möchte", "Platten"],
    ["karten die mir noch fehlen", "karten"],
  ];
  for (const [prompt, subject] of cases) {
    assert.equal(listed(prompt), subject, prompt);
    for (const t of ["log", "countdown", "schedule"] as const) assert.ok(!types(prompt).includes(t), prompt);
  }
});

Deno.test("things the speaker has, a verb of having ending what is said of them, are a list of them", () => {
  const cases: [string, string][] = [
    ["the plants i have and where they stand", "plants"],
    ["le borse che ho nell'armadio", "borse"],
    ["les vinyles que j'ai chez mes parents", "vinyles"],
    ["las herramientas que tengo en el garaje", "herramientas"],
    ["die Werkzeuge, die ich habe", "Werkzeuge"],
  ];
  for (const [prompt, subject] of cases) {
    assert.equal(listed(prompt), subject, prompt);
    assert.ok(!types(prompt).includes("log"), prompt);
  }
  // An auxiliary has its verb beside it: what the speaker did is no thing they have.
  assert.notEqual(
    understand("die Bücher, die ich gelesen habe").asks.find((a) => a.type === "list")?.quote,
    "Bücher, die ich gelesen habe",
  );
});

Deno.test("what the speaker must note, does each time or asks of a field is no thing wanted", () => {
  // A verb of recording in the clause: a log.
  assert.ok(types("le spese che devo registrare").includes("log"));
  // An occurrence: what the speaker does is logged.
  assert.ok(types("i film che voglio vedere ogni volta che vado al cinema").includes("log"));
  // A countdown of days stays one.
  assert.ok(types("quanti giorni mancano al matrimonio").includes("countdown"));
  // The speaker asking for a field is no clause of the noun.
  assert.notEqual(listed("for the naps I want the start time"), "naps");
  // Things a verb of noting governs are its records.
  assert.notEqual(
    understand("segnare le piante che ho sul balcone").asks.find((a) => a.type === "list")?.quote,
    "piante che ho",
  );
  // An infinitive of ticking names a checkbox, no things to do.
  assert.notEqual(listed("une case à cocher pour chaque prise"), "case");
});

Deno.test("after a cue of noting, a word of when opens the event: its noun phrase is what the log is of", () => {
  const cases: [string, string][] = [
    ["registrare quando mi viene la febbre", "febbre"],
    ["apuntar cuando me sale una calentura", "calentura"],
    ["noter quand mon chien fait une crise", "crise"],
    ["notieren, wenn der Hund einen Anfall hat", "Anfall"],
    ["log when the cat throws up a hairball", "hairball"],
  ];
  for (const [prompt, subject] of cases) {
    const log = understand(prompt).asks.find((a) => a.type === "log");
    assert.equal(log?.subject, subject, prompt);
  }
});

Deno.test("what someone says the speaker must do names no things wanted", () => {
  for (
    const prompt of [
      "il mio medico dice che devo camminare, voglio segnare le uscite",
      "my physio says i need to stretch, i want to log each stretch",
      "mon médecin dit que je dois marcher, je veux noter mes sorties",
      "mi médico dice que debo caminar, quiero apuntar mis paseos",
      "mein Arzt sagt, die Bewegung muss sein, ich will meine Spaziergänge eintragen",
    ]
  ) assert.equal(listed(prompt), undefined, prompt);
});
