// Spec → the project's files: the template's fixed files, a route per screen, and only the building blocks
// (and their helpers) those routes import, found by following the template's relative imports.
import type { GeneratedFile } from "../_shared/ports/generation.ts";
import type { AppSpec, BlockName } from "./template/src/types.ts";
import { TEMPLATE_FILES } from "./template-files.ts";

// CODE: source files; CONFIG: project and tool settings; DOC: prose; ASSET: binary files, as base64.
export const FILE_TYPE = { code: "CODE", config: "CONFIG", doc: "DOC", asset: "ASSET" } as const;

export const SPEC_PATH = "app.spec.json";
export const ICON_PATH = "assets/icon.png";

const BLOCK_COMPONENT: Record<BlockName, string> = {
  collection: "CollectionBlock",
  habits: "HabitsBlock",
  budget: "BudgetBlock",
  split: "SplitBlock",
  timer: "TimerBlock",
  quiz: "QuizBlock",
  chat: "ChatBlock",
  dashboard: "DashboardBlock",
  calculator: "CalculatorBlock",
  converter: "ConverterBlock",
  catalog: "CatalogBlock",
  cart: "CartBlock",
  tracker: "TrackerBlock",
  reminders: "RemindersBlock",
  goal: "GoalBlock",
  timetable: "TimetableBlock",
  log: "LogBlock",
  people: "PeopleBlock",
  settings: "SettingsBlock",
  about: "AboutBlock",
};

// Routes a block needs besides its tab: the record form of the blocks that add and edit records in it, a
// conversation of the chat.
const RECORD_ROUTE = "src/app/record/[list]/[id].tsx";
const BLOCK_ROUTES: Partial<Record<BlockName, string>> = {
  collection: RECORD_ROUTE,
  goal: RECORD_ROUTE,
  timetable: RECORD_ROUTE,
  log: RECORD_ROUTE,
  people: RECORD_ROUTE,
  quiz: RECORD_ROUTE,
  chat: "src/app/chat/[list]/[id].tsx",
};

const ALWAYS = [
  "package.json",
  "app.json",
  "tsconfig.json",
  ".gitignore",
  "src/app/_layout.tsx",
  "src/app/(tabs)/_layout.tsx",
];

const template = new Map(TEMPLATE_FILES.map((file) => [file.path, file]));

/** The template's own icon (base64), which a project carries until the service's rendered one replaces it. */
export function templateIcon(): string {
  return template.get(ICON_PATH)!.contents;
}

/** The relative imports of a source file, as paths of the project. */
export function relativeImports(path: string, source: string): string[] {
  const dir = path.split("/").slice(0, -1);
  const found: string[] = [];
  for (
    const match of source.matchAll(
      /\bfrom\s+["'](\.{1,2}\/[^"']+)["']|\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']/g,
    )
  ) {
    const parts = [...dir];
    for (const segment of (match[1] ?? match[2]).split("/")) {
      if (segment === "..") parts.pop();
      else if (segment !== ".") parts.push(segment);
    }
    found.push(parts.join("/"));
  }
  return found;
}

// The template's files never change: their imports are read once.
const templateImports = new Map<string, string[]>();
function importsOf(path: string, source: string): string[] {
  const file = template.get(path);
  if (file?.contents !== source) return relativeImports(path, source);
  let found = templateImports.get(path);
  if (!found) templateImports.set(path, found = relativeImports(path, source));
  return found;
}

/** Resolves an import path the way Metro and TypeScript do for this project: as is, or with an extension. */
export function resolveImport(target: string, exists: (path: string) => boolean): string | undefined {
  return [
    target,
    `${target}.tsx`,
    `${target}.ts`,
    `${target}.js`,
    `${target}/index.tsx`,
    `${target}/index.ts`,
  ]
    .find(exists);
}

/** The identifier a name gives an app: its package name, URL scheme and bundle id. */
export function slugOf(name: string): string {
  const slug = name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "").slice(0, 40).replace(/-+$/g, "");
  return /^[a-z]/.test(slug) ? slug : `app-${slug || "1"}`;
}

function routeSource(component: string, screenKey: string): string {
  const name = `${screenKey.charAt(0).toUpperCase()}${screenKey.slice(1)}Screen`.replace(/[^A-Za-z0-9]/g, "");
  return `import { ${component} } from "../../blocks/${component}";

export default function ${name}() {
  return <${component} screenKey=${JSON.stringify(screenKey)} />;
}
`;
}

// Packages (and their config plugins) only some blocks need: an app without reminders asks for no
// notification permission and carries no notification module.
const BLOCK_PACKAGES: Partial<Record<BlockName, string>> = { reminders: "expo-notifications" };

function optionalPackages(spec: AppSpec): { used: Set<string>; unused: Set<string> } {
  const blocks = new Set(spec.screens.map((screen) => screen.block));
  const used = new Set<string>();
  const unused = new Set<string>();
  for (const [block, name] of Object.entries(BLOCK_PACKAGES)) {
    (blocks.has(block as BlockName) ? used : unused).add(name);
  }
  return { used, unused };
}

function packageJson(spec: AppSpec, slug: string): string {
  const manifest = JSON.parse(template.get("package.json")!.contents);
  const { unused } = optionalPackages(spec);
  const dependencies = Object.fromEntries(
    Object.entries(manifest.dependencies).filter(([name]) => !unused.has(name)),
  );
  return `${JSON.stringify({ ...manifest, name: slug, dependencies }, null, 2)}\n`;
}

function appJson(spec: AppSpec, slug: string): string {
  const config = JSON.parse(template.get("app.json")!.contents);
  const id = `com.appgen.${slug.replace(/[^a-z0-9]/g, "")}`;
  config.expo = {
    ...config.expo,
    name: spec.name,
    slug,
    description: spec.description,
    scheme: slug,
    // The system's own surfaces (keyboard, alerts) follow a spec that fixes the theme; else the device.
    userInterfaceStyle: spec.theme === "light" || spec.theme === "dark" ? spec.theme : "automatic",
    ios: { ...config.expo.ios, bundleIdentifier: id },
    android: { ...config.expo.android, package: id },
    plugins: [...config.expo.plugins, ...optionalPackages(spec).used],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

function typeOf(path: string): string {
  if (/\.(png|jpe?g|webp)$/.test(path)) return FILE_TYPE.asset;
  if (/\.(tsx?|jsx?)$/.test(path)) return FILE_TYPE.code;
  if (path.endsWith(".md")) return FILE_TYPE.doc;
  return FILE_TYPE.config;
}

// The README's words in each UI language.
const README_WORDS: Record<AppSpec["language"], {
  features: string;
  screens: string;
  start: string;
  run: string;
  structure: string;
  spec: string;
}> = {
  en: {
    features: "Features",
    screens: "Screens",
    start: "Getting started",
    run:
      "Scan the QR code with Expo Go, or press `a` for Android, `i` for iOS, `w` for the web. Data stays on the device.",
    structure: "Project structure",
    spec: "the app's spec: screens, data, language",
  },
  it: {
    features: "Funzioni",
    screens: "Schermate",
    start: "Per iniziare",
    run:
      "Inquadra il codice QR con Expo Go, oppure premi `a` per Android, `i` per iOS, `w` per il web. I dati restano sul dispositivo.",
    structure: "Struttura",
    spec: "la specifica dell'app: schermate, dati, lingua",
  },
  fr: {
    features: "Fonctions",
    screens: "Écrans",
    start: "Pour commencer",
    run:
      "Scannez le code QR avec Expo Go, ou appuyez sur `a` pour Android, `i` pour iOS, `w` pour le web. Les données restent sur l'appareil.",
    structure: "Structure du projet",
    spec: "la spécification de l'app : écrans, données, langue",
  },
  es: {
    features: "Funciones",
    screens: "Pantallas",
    start: "Primeros pasos",
    run:
      "Escanea el código QR con Expo Go, o pulsa `a` para Android, `i` para iOS, `w` para la web. Los datos se quedan en el dispositivo.",
    structure: "Estructura del proyecto",
    spec: "la especificación de la app: pantallas, datos, idioma",
  },
  de: {
    features: "Funktionen",
    screens: "Bildschirme",
    start: "Loslegen",
    run:
      "Scanne den QR-Code mit Expo Go oder drücke `a` für Android, `i` für iOS, `w` für das Web. Die Daten bleiben auf dem Gerät.",
    structure: "Projektstruktur",
    spec: "die Spezifikation der App: Bildschirme, Daten, Sprache",
  },
};

function readme(spec: AppSpec, paths: string[]): string {
  const words = README_WORDS[spec.language];
  const escape = (text: string) => text.replace(/[\\`*_{}[\]<>|~#]/g, (c) => `\\${c}`);
  return `# ${escape(spec.name)}

${escape(spec.description)}

## ${words.features}

${spec.features.map((feature) => `- ${escape(feature)}`).join("\n")}

## ${words.screens}

${spec.screens.map((screen) => `- ${escape(screen.title)}`).join("\n")}

## ${words.start}

\`\`\`sh
npm install
npx expo start
\`\`\`

${words.run}

## ${words.structure}

- \`app.spec.json\` — ${words.spec}
${paths.filter((path) => path.startsWith("src/")).map((path) => `- \`${path}\``).join("\n")}
`;
}

/**
 * The complete file set of the app the spec describes. `icon` is the PNG (base64) the project already
 * carries; without one the template's icon is used.
 */
export function composeApp(spec: AppSpec, icon?: string): GeneratedFile[] {
  const slug = spec.slug ?? slugOf(spec.name);
  const files = new Map<string, string>();
  files.set("package.json", packageJson(spec, slug));
  files.set("app.json", appJson(spec, slug));
  files.set(SPEC_PATH, `${JSON.stringify(spec, null, 2)}\n`);
  files.set(ICON_PATH, icon ?? template.get(ICON_PATH)!.contents);
  const pending: string[] = [];
  spec.screens.forEach((screen, index) => {
    const path = `src/app/(tabs)/${index === 0 ? "index" : screen.key}.tsx`;
    files.set(path, routeSource(BLOCK_COMPONENT[screen.block], screen.key));
    pending.push(path);
    const extra = BLOCK_ROUTES[screen.block];
    if (extra) pending.push(extra);
  });
  pending.push(...ALWAYS);
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (!files.has(path)) files.set(path, template.get(path)!.contents);
    if (!/\.(tsx?)$/.test(path)) continue;
    for (const target of importsOf(path, files.get(path)!)) {
      const resolved = resolveImport(target, (candidate) => files.has(candidate) || template.has(candidate));
      if (resolved && !files.has(resolved)) pending.push(resolved);
    }
  }
  const paths = [...files.keys(), "README.md"].sort();
  files.set("README.md", readme(spec, paths));
  return paths.map((path) => ({ path, contents: files.get(path)!, type: typeOf(path) }));
}
