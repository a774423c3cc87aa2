// A follow-up's changes to an app's spec: translate (the UI, and the record labels and samples its
// concepts know), theme and colours, add or remove fields, rename. Each returns what it could not apply.
import type { Ask, Field } from "../understand/index.ts";
import { CHANGE_TYPES } from "../understand/asks.ts";
import type { AppSpec, Language } from "../template/src/types.ts";
import { capitalized, Entity, fold } from "./entities.ts";
import { glossary } from "./glossary.ts";
import { translatedName } from "./names.ts";
import { conceptOf } from "./screens.ts";
import { WORDS } from "./words.ts";
import { CUES, LEXICONS, matchEveryKey, phraseAt } from "../understand/lexicon.ts";
import { FIELD_WORDS, labelOf } from "../understand/renames.ts";
import { stemPhrase } from "../understand/stem.ts";
import { words } from "../understand/text.ts";

export const CHANGES = new Set<Ask["type"]>(CHANGE_TYPES);

// Black and white ask for the dark and the light theme; the adjectives count in their inflections ("dunkler
// Modus", "des couleurs sombres").
const DARK = [
  "dark",
  "darker",
  "scuro",
  "scura",
  "scuri",
  "scure",
  "sombre",
  "sombres",
  "oscuro",
  "oscura",
  "oscuros",
  "oscuras",
  "dunkel",
  "dunkle",
  "dunkles",
  "dunkler",
  "dunklen",
  "black",
  "nero",
  "nera",
  "noir",
  "noire",
  "negro",
  "negra",
  "schwarz",
];
const LIGHT = [
  "light",
  "lighter",
  "chiaro",
  "chiara",
  "chiari",
  "chiare",
  "clair",
  "claire",
  "clairs",
  "claro",
  "clara",
  "claros",
  "hell",
  "helle",
  "helles",
  "heller",
  "hellen",
  "white",
  "bianco",
  "bianca",
  "blanc",
  "blanche",
  "blanco",
  "blanca",
  "weiss",
];

// Colour words of the five languages → an accent readable on light and dark backgrounds.
const COLOURS: [string[], string][] = [
  [["red", "rosso", "rossa", "rouge", "rojo", "roja", "rot"], "#DC2626"],
  [["orange", "arancione", "naranja"], "#EA580C"],
  [["yellow", "giallo", "gialla", "jaune", "amarillo", "gelb"], "#CA8A04"],
  [["green", "verde", "vert", "grun"], "#16A34A"],
  [["teal", "turquoise", "turchese", "turkis"], "#0D9488"],
  [["navy", "marine", "marino", "marineblau"], "#1E3A8A"],
  [["blue", "blu", "azzurro", "bleu", "azul", "blau"], "#2563EB"],
  [["purple", "violet", "viola", "violeta", "morado", "lila"], "#7C3AED"],
  [["pink", "rosa", "rose"], "#DB2777"],
  [["brown", "marrone", "marron", "braun"], "#92400E"],
  [["gray", "grey", "grigio", "gris", "grau"], "#4B5563"],
  // Colours named by their kind: pastel ones, bright ones.
  [["pastel", "pastello", "pastelli", "pasteles", "pastels", "pastellfarben"], "#A78BFA"],
  [
    [
      "bright",
      "colourful",
      "colorful",
      "vivid",
      "colorato",
      "colorati",
      "vivace",
      "vivaci",
      "colore",
      "colores",
      "vif",
      "vifs",
      "vivo",
      "vivos",
      "colorido",
      "coloridos",
      "bunt",
      "bunte",
      "knallig",
    ],
    "#F97316",
  ],
  [["gold", "golden", "oro", "dorato", "dorata", "dore", "doree", "dorado", "dorada", "goldene"], "#B8860B"],
];

function has(words: string[], list: string[]) {
  return words.some((w) => list.includes(w));
}

/** Applies one change; returns the parts of it that could not be applied, in the prompt's words. */
export function applyChange(spec: AppSpec, ask: Ask, language: Language, prompt: string): string[] {
  const words = fold(ask.quote).split(/[^a-z]+/).filter(Boolean);
  switch (ask.type) {
    case "theme": {
      // ("greens", "reds": a colour's plural names it too.)
      const colour = COLOURS.find(([names]) => has(words.flatMap((w) => [w, w.replace(/s$/, "")]), names));
      if (colour) spec.accent = colour[1];
      if (has(words, DARK)) spec.theme = "dark";
      else if (has(words, LIGHT)) spec.theme = "light";
      const stems = stemPhrase(ask.quote, language);
      const large = matchEveryKey(stems, CUES[language].largeText).length > 0;
      if (large) spec.textSize = "large";
      const contrast = matchEveryKey(stems, CUES[language].contrast).length > 0;
      if (contrast) spec.contrast = "high";
      return colour || large || contrast || spec.theme ? [] : [ask.quote];
    }
    case "translate":
      return translate(spec, language);
    case "rename": {
      // "rename systolic/diastolic to top number and bottom number": as many names as labels, in order.
      const olds = ask.subject ? namesIn(ask.subject) : [];
      const news = ask.to ? namesIn(ask.to) : [];
      if (olds.length > 1 && olds.length === news.length) {
        return olds.flatMap((old, i) =>
          applyChange(spec, { ...ask, subject: old, to: news[i] }, language, prompt)
        );
      }
      const name = (ask.to ?? ask.subject)?.trim().replace(/^["'«“„]+|["'»”“]+$/g, "");
      if (!name) return [ask.quote];
      // "rename Ziel to Zielort", "cambia asignatura por materia": a rename whose subject names a field's
      // label, by stem, renames that field, one that names the records' renames them, else it names the app;
      // without a new name read, it is left undone.
      const fields = spec.entities.flatMap((e) => e.fields);
      const field = ask.subject
        ? fields[labelOf(ask.subject, fields.map((f) => f.label), spec.language)]
        : undefined;
      const records = ask.subject && !field
        ? spec.entities.find((e) => labelOf(ask.subject!, [e.label, e.plural], spec.language) >= 0)
        : undefined;
      if ((field || records) && !ask.to) return [ask.quote];
      // (Old words that name nothing of the app, "replace « cousins » with « joueurs »", rename nothing.)
      const app = !ask.subject || !ask.to || labelOf(ask.subject, [spec.name], spec.language) >= 0;
      if (field) field.label = capitalized(name).slice(0, 60);
      else if (records) renameRecords(spec, records, capitalized(name).slice(0, 60));
      else if (app) spec.name = name.slice(0, 30);
      else return [`${ask.quote} (no field or label is called ${ask.subject})`];
      return [];
    }
    case "add_field": {
      const entity = spec.entities.find((e) => e.key === spec.screens[0].entity) ?? spec.entities[0];
      // A name the prompt gives ("a field called Budget") is the field's, whatever its words also cue.
      const given = nameGiven(prompt.slice(ask.start));
      const named = given ?? ask.subject ?? namedAfter(prompt.slice(ask.end), spec.language);
      const fields = given
        ? [{ ...(ask.fields.length === 1 ? ask.fields[0] : { type: "text" as const }), name: given }]
        : ask.fields.length
        ? ask.fields
        : named
        ? [{ name: named, type: typeOf(named, language) }]
        : [];
      if (!entity || !fields.length) return [ask.quote];
      new Entity(entity, spec.language, true).addAsked(fields);
      return [];
    }
    case "remove_field": {
      // A subject that names no field is read with the rest of its phrase ("la roba dell'ora").
      const phrase = ask.subject && `${ask.subject} ${prompt.slice(ask.end).split(/[.,;:!?\n]/)[0]}`;
      const names = [...ask.fields.map((f) => f.name), ...(ask.subject ? [ask.subject] : [])];
      const left: string[] = [];
      for (const name of names) {
        // The field its words name by stem ("the pages thing", "lo de la hora", "il numero della dose").
        const labelled = (words: string) =>
          spec.entities.flatMap((e) => {
            const i = labelOf(words, e.fields.map((f) => f.label), spec.language);
            return i >= 0 ? [{ entity: e, field: e.fields[i] }] : [];
          })[0];
        const { entity, field } = labelled(name) ??
          (name === ask.subject && phrase ? labelled(phrase) : undefined) ?? {};
        // A field a screen needs (a log's date, a goal's amount) or another is computed from stays; one a
        // screen only shows beside (a log's time, a list's category) leaves the screen too.
        const needed = field &&
          (spec.screens.some((s) =>
            s.entity === entity!.key &&
            Object.entries(s.options).some(([option, value]) =>
              !OPTIONAL.has(option) && [value].flat().includes(field.key)
            )
          ) || entity!.fields.some((f) => f.formula?.of.includes(field.key)));
        if (!entity || !field || needed || entity.fields.length < 2) {
          left.push(name);
          continue;
        }
        entity.fields = entity.fields.filter((f) => f !== field);
        for (const sample of entity.samples) delete sample[field.key];
        for (const screen of spec.screens.filter((s) => s.entity === entity.key)) leaveOut(screen, field.key);
      }
      return names.length ? left : [ask.quote];
    }
    default:
      return [ask.quote];
  }
}

// The options that only show a field beside what a screen does: without the field the screen still works.
const OPTIONAL = new Set([
  "timeField",
  "categoryField",
  "sortField",
  "countField",
  "detailFields",
  "endField",
]);

/** A screen without a field: the options that only showed it are left out, and so are its figures. */
function leaveOut(screen: AppSpec["screens"][number], key: string) {
  const options = screen.options as Record<string, unknown>;
  for (const option of OPTIONAL) {
    const value = options[option];
    if (value === key) delete options[option];
    else if (Array.isArray(value)) options[option] = value.filter((v) => v !== key);
  }
  if (screen.options.figures) screen.options.figures = screen.options.figures.filter((f) => f.field !== key);
}

/** Records renamed: their label and plural, and the titles of the screens named after them. */
function renameRecords(spec: AppSpec, entity: AppSpec["entities"][number], name: string) {
  for (const screen of spec.screens) {
    if (screen.entity === entity.key && [entity.plural, entity.label].includes(screen.title)) {
      screen.title = name;
    }
  }
  entity.label = name;
  entity.plural = name;
}

// "/" and the words of "and" in the five languages, between the names of a rename of several labels.
const APART = new RegExp(
  `\\s*/\\s*|\\s+(?:${[...new Set(Object.values(LEXICONS).flatMap((l) => l.and))].join("|")})\\s+`,
  "i",
);

/** The names a rename's words list ("systolic / diastolic", "top number and bottom number"). */
const namesIn = (words: string) => words.split(APART).map((w) => w.trim()).filter(Boolean);

/** A field's type as its name's words cue it ("a photo", "a notes field"), else text. */
function typeOf(name: string, language: Language): Field["type"] {
  return (matchEveryKey(stemPhrase(name, language), CUES[language].fields)[0]?.key as Field["type"]) ??
    "text";
}

/** The UI speaks `language`; the records a concept knows are relabelled and get its samples in it. The
 * labels the user named, which no concept knows, stay as they are and are listed. */
function translate(spec: AppSpec, language: Language): string[] {
  const from = WORDS[spec.language];
  const to = WORDS[language];
  const own = new Map(Object.entries(from).filter(([, v]) => typeof v === "string").map(([k, v]) => [v, k]));
  // The UI's own words, else what the knowledge calls the same thing in the new language.
  const mine = (label: string) => {
    const key = own.get(label) as keyof typeof to | undefined;
    const next = key ? to[key] : undefined;
    return typeof next === "string" ? next : glossary(label, spec.language, language);
  };
  const left: string[] = [];
  // A record's words are the UI's own when they are its words, else the user's, kept and listed; values
  // without letters (times, weekdays, amounts) need no translation.
  const kept = <T>(value: T): T | string =>
    typeof value === "string" && /\p{L}/u.test(value) ? mine(value) ?? keep(value, left) : value;
  for (const entity of spec.entities) {
    const concept = conceptOf(entity);
    if (concept) {
      entity.label = concept.record.label[language];
      entity.plural = concept.record.plural[language];
    } else {
      entity.label = mine(entity.label) ?? keep(entity.label, left);
      entity.plural = mine(entity.plural) ?? keep(entity.plural, left);
    }
    for (const field of entity.fields) {
      const known = concept?.fields.find((f) => f.key === field.key);
      field.label = known?.label[language] ?? mine(field.label) ?? keep(field.label, left);
      if (known?.options && field.options) field.options = known.options[language];
    }
    if (concept) {
      entity.samples = concept.samples[language].map((sample, i) => {
        const record: Record<string, string | number | boolean> = { id: `${entity.key}-${i + 1}` };
        for (const f of entity.fields) {
          const value = sample[f.key];
          record[f.key] = f.type === "duration" && typeof value === "number"
            ? Math.round(value / 60)
            : value ?? kept(entity.samples[i]?.[f.key] ?? "");
        }
        return record as typeof entity.samples[number];
      });
    } else {
      // Records made of the prompt's words (a reminder's "Water the plants") stay as written.
      entity.samples = entity.samples.map((sample) =>
        Object.fromEntries(
          Object.entries(sample).map(([key, value]) => [key, key === "id" ? value : kept(value)]),
        )
      ) as typeof entity.samples;
    }
  }
  for (const screen of spec.screens) {
    const entity = spec.entities.find((e) => e.key === screen.entity);
    screen.title = mine(screen.title) ?? (entity ? entity.plural : keep(screen.title, left));
    for (const phase of screen.options.phases ?? []) {
      phase.label = mine(phase.label) ?? keep(phase.label, left);
    }
  }
  spec.name = mine(spec.name) ?? translatedName(spec, language);
  spec.language = language;
  return [...new Set(left)].map((label) => capitalized(label));
}

/** The name a change gives after its cue: a quoted one, else the words up to the end of the clause. */
/** The name after a naming word of the sentence, in any of the five languages ("called Budget", "chiamato
 * prezzo", "mit dem Namen Ort"). */
function nameGiven(rest: string): string | undefined {
  const sentence = rest.split(/[.;!?\n]/)[0];
  const tokens = words(sentence).filter((t) => t.kind === "word");
  // A follow-up may be written in another language than the app's ("aggiungi un campo chiamato prezzo").
  for (const language of Object.keys(LEXICONS) as Language[]) {
    for (const phrase of LEXICONS[language].naming.map((n) => fold(n).split(" "))) {
      const at = tokens.findIndex((_, i) => phraseAt(tokens, i, phrase));
      if (at >= 0 && at + phrase.length < tokens.length) {
        const name = namedAfter(sentence.slice(tokens[at + phrase.length - 1].end), language)?.split(" ");
        // A verb's particle after the name is not part of it ("füge ein Feld namens Verlag hinzu").
        const cues = new Set(Object.values(LEXICONS[language].changes).flat().map(fold));
        while (name && name.length > 1 && cues.has(fold(name[name.length - 1]))) name.pop();
        return name?.join(" ");
      }
    }
  }
  return undefined;
}

function namedAfter(rest: string, language: Language): string | undefined {
  const quoted = rest.match(/["“«']([^"”»']+)["”»']/)?.[1];
  if (quoted) return quoted.trim();
  const stop = CUES[language].stop;
  const words = rest.split(/[.;,!?]/)[0].split(/\s+/).filter((w) =>
    w && !stop.has(fold(w)) && !FIELD_WORDS.has(fold(w))
  );
  return words.join(" ") || undefined;
}

function keep(label: string, left: string[]): string {
  left.push(label);
  return label;
}
