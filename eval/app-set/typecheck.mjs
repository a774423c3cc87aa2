// `tsc --noEmit` for many apps in one Node process: each app is its own program from its own tsconfig.json,
// exactly as `tsc --noEmit -p <app>` checks it, but the parsed files the apps share (React Native's, Expo's,
// the lib files, reached through the same linked node_modules) are parsed once instead of once per app.
// Usage: node typecheck.mjs <path of typescript.js> <app dir>… ; prints one JSON line per app.
import { createRequire } from "node:module";

const [typescriptPath, ...apps] = process.argv.slice(2);
const ts = createRequire(import.meta.url)(typescriptPath);
const shared = new Map();

for (const dir of apps) {
  const started = performance.now();
  const config = ts.getParsedCommandLineOfConfigFile(`${dir}/tsconfig.json`, { noEmit: true }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  const host = ts.createCompilerHost(config.options);
  const parse = host.getSourceFile;
  // Files outside the app (node_modules resolves to one real path for every app) are shared.
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (fileName.startsWith(dir) && !fileName.includes("/node_modules/")) {
      return parse(fileName, languageVersion, onError, shouldCreate);
    }
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    if (!shared.has(key)) shared.set(key, parse(fileName, languageVersion, onError, shouldCreate));
    return shared.get(key);
  };
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  const text = ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => dir,
    getNewLine: () => "\n",
  });
  console.log(
    JSON.stringify({
      dir,
      ok: diagnostics.length === 0,
      ms: Math.round(performance.now() - started),
      output: text.slice(0, 4000),
    }),
  );
}
