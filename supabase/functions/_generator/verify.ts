// The checks a generated project passes before a job succeeds, whichever adapter wrote it: every TS/TSX file
// has a path a project may hold, parses (the TypeScript compiler's parser), every relative import resolves to a file of the project, every
// package imported is declared in package.json, app.json is valid and the assets it names exist.
import ts from "typescript";
import type { GeneratedFile } from "../_shared/ports/generation.ts";
import { resolveImport } from "./compose.ts";
import { isValidFilePath } from "../_shared/file-paths.ts";

const MAX_PROBLEMS = 20;

/** Packages a project may import without declaring them: they come with the ones it must declare. */
const IMPLICIT = new Set(["react/jsx-runtime"]);

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function importsOf(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require"))
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function parseJson(path: string, files: Map<string, GeneratedFile>, problems: string[]): unknown {
  const file = files.get(path);
  if (!file) {
    problems.push(`${path}: missing`);
    return undefined;
  }
  try {
    return JSON.parse(file.contents);
  } catch (err) {
    problems.push(`${path}: not valid JSON (${(err as Error).message})`);
    return undefined;
  }
}

function checkAppJson(files: Map<string, GeneratedFile>, problems: string[]) {
  const app = parseJson("app.json", files, problems) as { expo?: Record<string, unknown> } | undefined;
  if (app === undefined) return;
  const expo = app.expo;
  if (typeof expo !== "object" || expo === null) {
    problems.push("app.json: has no expo object");
    return;
  }
  for (const key of ["name", "slug"]) {
    if (typeof expo[key] !== "string" || (expo[key] as string).trim() === "") {
      problems.push(`app.json: expo.${key} must be a non-empty string`);
    }
  }
  if (typeof expo.slug === "string" && !/^[a-z0-9-]+$/.test(expo.slug)) {
    problems.push("app.json: expo.slug may hold only a-z, 0-9 and -");
  }
  // Every "./…" string in app.json names a file of the project (icons, splash images, favicons).
  const named: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === "string" && value.startsWith("./")) named.push(value.slice(2));
    else if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(collect);
  };
  collect(expo);
  if (typeof expo.icon !== "string") problems.push("app.json: expo.icon is required");
  for (const path of named) if (!files.has(path)) problems.push(`app.json: names ${path}, which is missing`);
}

// Parsing is a pure function of a file's text, and most files of generated projects are the template's,
// byte for byte: remembering the last parses makes verifying the template pipeline's output nearly free.
const MAX_REMEMBERED = 1000;
const remembered = new Map<string, { syntax: string[]; imports: string[] }>();

function parsed(file: GeneratedFile): { syntax: string[]; imports: string[] } {
  const key = `${file.path}\0${file.contents}`;
  const known = remembered.get(key);
  if (known) return known;
  const kind = file.path.endsWith(".tsx")
    ? ts.ScriptKind.TSX
    : file.path.endsWith(".ts")
    ? ts.ScriptKind.TS
    : ts.ScriptKind.JSX;
  const source = ts.createSourceFile(file.path, file.contents, ts.ScriptTarget.Latest, false, kind);
  // The parser's own diagnostics: what `tsc` reports as syntax errors (TS1xxx), without type checking.
  const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics ?? [];
  const syntax = diagnostics.slice(0, 3).map((diagnostic) => {
    const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return `${file.path}:${line + 1}:${character + 1}: ${
      ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")
    }`;
  });
  const result = { syntax, imports: importsOf(source) };
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, result);
  return result;
}

/** The problems found, at most 20, each naming its file; an empty list means the project passes. */
export function verifyProject(list: GeneratedFile[]): string[] {
  const problems: string[] = [];
  const files = new Map(list.map((file) => [file.path, file]));
  if (files.size !== list.length) problems.push("two files have the same path");
  for (const { path } of list) {
    if (!isValidFilePath(path)) problems.push(`${JSON.stringify(path)}: not a path a project may hold`);
  }
  const manifest = parseJson("package.json", files, problems) as
    | { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }
    | undefined;
  const declared = new Set([
    ...Object.keys(manifest?.dependencies ?? {}),
    ...Object.keys(manifest?.devDependencies ?? {}),
  ]);
  checkAppJson(files, problems);
  if (files.has("app.spec.json")) parseJson("app.spec.json", files, problems);

  for (const file of list) {
    if (!/\.(tsx?|jsx?)$/.test(file.path)) continue;
    const { syntax, imports } = parsed(file);
    problems.push(...syntax);
    const dir = file.path.split("/").slice(0, -1);
    for (const specifier of imports) {
      if (specifier.startsWith(".")) {
        const parts = [...dir];
        for (const segment of specifier.split("/")) {
          if (segment === "..") parts.pop();
          else if (segment !== ".") parts.push(segment);
        }
        if (!resolveImport(parts.join("/"), (path) => files.has(path))) {
          problems.push(`${file.path}: imports ${specifier}, which is not a file of the project`);
        }
      } else if (
        !specifier.startsWith("node:") && !IMPLICIT.has(specifier) && !declared.has(packageName(specifier))
      ) {
        problems.push(`${file.path}: imports ${packageName(specifier)}, which package.json does not declare`);
      }
    }
  }
  return problems.slice(0, MAX_PROBLEMS);
}
