// Spec → the project's files: the template's fixed files, a route per screen, and only the building blocks
// (and their helpers) those routes import, found by following the template's relative imports.
import type { GeneratedFile } from "../ports/generation.ts";
import type { AppSpec, BlockName } from "./app-spec.ts";
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
  settings: "SettingsBlock",
  about: "AboutBlock",
};

// Routes a block needs besides its tab: the record form of a collection, a conversation of the chat.
const BLOCK_ROUTES: Partial<Record<BlockName, string>> = {
  collection: "src/app/record/[list]/[id].tsx",
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

function slugOf(name: string): string {
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

function readme(spec: AppSpec, paths: string[]): string {
  const it = spec.language === "it";
  const escape = (text: string) => text.replace(/[\\`*_{}[\]<>|~#]/g, (c) => `\\${c}`);
  return `# ${escape(spec.name)}

${escape(spec.description)}

## ${it ? "Funzioni" : "Features"}

${spec.features.map((feature) => `- ${escape(feature)}`).join("\n")}

## ${it ? "Schermate" : "Screens"}

${spec.screens.map((screen) => `- ${escape(screen.title)}`).join("\n")}

## ${it ? "Per iniziare" : "Getting started"}

\`\`\`sh
npm install
npx expo start
\`\`\`

${
    it
      ? "Inquadra il codice QR con Expo Go, oppure premi `a` per Android, `i` per iOS, `w` per il web. I dati restano sul dispositivo."
      : "Scan the QR code with Expo Go, or press `a` for Android, `i` for iOS, `w` for the web. Data stays on the device."
  }

## ${it ? "Struttura" : "Project structure"}

- \`app.spec.json\` — ${
    it ? "la specifica dell'app: schermate, dati, lingua" : "the app's spec: screens, data, language"
  }
${paths.filter((path) => path.startsWith("src/")).map((path) => `- \`${path}\``).join("\n")}
`;
}

/**
 * The complete file set of the app the spec describes. `icon` is the PNG (base64) the project already
 * carries; without one the template's icon is used.
 */
export function composeApp(spec: AppSpec, icon?: string): GeneratedFile[] {
  const slug = slugOf(spec.name);
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
    for (const target of relativeImports(path, files.get(path)!)) {
      const resolved = resolveImport(target, (candidate) => files.has(candidate) || template.has(candidate));
      if (resolved && !files.has(resolved)) pending.push(resolved);
    }
  }
  const paths = [...files.keys(), "README.md"].sort();
  files.set("README.md", readme(spec, paths));
  return paths.map((path) => ({ path, contents: files.get(path)!, type: typeOf(path) }));
}
