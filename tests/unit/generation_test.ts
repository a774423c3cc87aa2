import assert from "node:assert/strict";
import ts from "typescript";
import {
  deriveAppName,
  HeuristicEvaluator,
} from "../../supabase/functions/_shared/generation/heuristic-evaluator.ts";
import {
  TEMPLATE_PRICES_EUR,
  TemplateGenerator,
} from "../../supabase/functions/_shared/generation/template-generator.ts";
import type {
  GeneratedFile,
  GenerationRequest,
  GenerationResult,
  ModelTier,
} from "../../supabase/functions/_shared/ports/generation.ts";

const evaluator = new HeuristicEvaluator();
const generator = new TemplateGenerator();

const ACCEPTED_PROMPTS = [
  "a todo list app with categories",
  "make a pomodoro timer",
  "Build a recipe app where I can save my favourite dishes and make a shopping list",
  "A calculator app",
  "I want a habit tracker that counts my streak of drinking water",
  "weather app showing the forecast for the week",
  "Flashcards to learn Spanish vocabulary",
  "Crea una aplicación de recetas con lista de compras",
  "journal app for writing daily thoughts",
  "  make a stopwatch with laps  ",
];

const REJECTED_PROMPTS = [
  "",
  "   ",
  "hi",
  "asdf asdf asdf",
  "!!!!????",
  "qwrtp zxcvb kjhgf",
  "aaaaaaaaaaaaaaaa",
  "asdfgh qwerty",
  "12345 67890 12345",
  "timer timer timer",
  "hello world",
  "zzzzzz xxxxxx",
  "lkjhgfdsa poiuytrewq",
  "??? ... !!! ,,,",
];

function parseDiagnostics(sourceFile: ts.SourceFile): readonly ts.Diagnostic[] {
  return (sourceFile as unknown as { parseDiagnostics: readonly ts.Diagnostic[] }).parseDiagnostics;
}

function parse(file: GeneratedFile): ts.SourceFile {
  const kind = file.path.endsWith(".js") ? ts.ScriptKind.JS : ts.ScriptKind.TSX;
  return ts.createSourceFile(file.path, file.contents, ts.ScriptTarget.Latest, true, kind);
}

function isSourceFile(file: GeneratedFile): boolean {
  return /\.(ts|tsx|js)$/.test(file.path);
}

function fileAt(result: GenerationResult, path: string): GeneratedFile {
  const file = result.files.find((candidate) => candidate.path === path);
  assert.ok(file, `missing ${path}`);
  return file;
}

function request(prompt: string, overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return { prompt, appName: "My Test App", model: "light", attachments: [], existingFiles: [], ...overrides };
}

function assertRunnableProject(result: GenerationResult, appName: string): void {
  const packageJson = JSON.parse(fileAt(result, "package.json").contents);
  assert.match(packageJson.name, /^[a-z0-9]+(-[a-z0-9]+)*$/);
  assert.equal(packageJson.main, "node_modules/expo/AppEntry.js");
  assert.deepEqual(Object.keys(packageJson.scripts).sort(), ["android", "ios", "start"]);
  for (const dependency of ["expo", "react", "react-native"]) assert.ok(packageJson.dependencies[dependency]);
  assert.ok(packageJson.devDependencies.typescript);

  const appJson = JSON.parse(fileAt(result, "app.json").contents);
  assert.equal(appJson.expo.name, appName);
  assert.equal(appJson.expo.slug, packageJson.name);
  assert.ok(appJson.expo.version);
  JSON.parse(fileAt(result, "tsconfig.json").contents);

  fileAt(result, "App.tsx");
  fileAt(result, "babel.config.js");
  assert.ok(result.files.some((file) => /^src\/screens\/\w+\.tsx$/.test(file.path)));

  for (const file of result.files.filter(isSourceFile)) {
    assert.equal(parseDiagnostics(parse(file)).length, 0, `${file.path} has syntax errors`);
    assert.equal(file.type, "CODE", `${file.path} should be CODE`);
  }
  assert.equal(fileAt(result, "README.md").type, "DOC");
  assert.equal(fileAt(result, "package.json").type, "CONFIG");
  assert.equal(fileAt(result, "app.json").type, "CONFIG");
}

function screenPaths(result: GenerationResult): string[] {
  return result.files.map((file) => file.path).filter((path) => path.startsWith("src/screens/"));
}

function stringLiteralRanges(sourceFile: ts.SourceFile): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node)) ranges.push([node.getStart(sourceFile), node.getEnd()]);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return ranges;
}

function occurrencesOf(text: string, fragment: string): number[] {
  const positions: number[] = [];
  for (let index = text.indexOf(fragment); index >= 0; index = text.indexOf(fragment, index + 1)) {
    positions.push(index);
  }
  return positions;
}

function constantValue(sourceFile: ts.SourceFile, name: string): string {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) {
        assert.ok(declaration.initializer && ts.isStringLiteral(declaration.initializer));
        return declaration.initializer.text;
      }
    }
  }
  throw new Error(`${name} is not declared`);
}

Deno.test("evaluator accepts ordinary app prompts", async () => {
  for (const prompt of ACCEPTED_PROMPTS) {
    const verdict = await evaluator.evaluate(prompt, {});
    assert.equal(verdict.ok, true, `should accept ${JSON.stringify(prompt)}`);
  }
});

Deno.test("evaluator rejects empty, short and meaningless prompts with a reason", async () => {
  for (const prompt of REJECTED_PROMPTS) {
    const verdict = await evaluator.evaluate(prompt, {});
    assert.equal(verdict.ok, false, `should reject ${JSON.stringify(prompt)}`);
    if (!verdict.ok) assert.ok(verdict.reason.length > 10 && verdict.reason.length < 120);
  }
});

Deno.test("evaluator rejects junk even when the client names the app and model", async () => {
  const verdict = await evaluator.evaluate("asdf asdf asdf", { model: "full", appName: "Junk" });
  assert.equal(verdict.ok, false);
});

Deno.test("evaluator picks the light tier for simple prompts", async () => {
  for (const prompt of ["make a pomodoro timer", "a todo list app with categories", "A calculator app"]) {
    assert.deepEqual(await evaluator.evaluate(prompt, {}), {
      ok: true,
      model: "light",
      appName: deriveAppName(prompt),
    });
  }
});

Deno.test("evaluator picks the full tier for complex prompts", async () => {
  const complexPrompts = [
    "a chat app where friends can message each other",
    "a shop with login and payments",
    "notes that sync to a cloud database",
    "show nearby cafes on maps",
    "an app with multiple screens for my gym",
    "a planner with tasks, reminders, a calendar, tags and weekly stats",
    `a recipe app ${"that lets me save what I cook every single day ".repeat(5)}`,
  ];
  for (const prompt of complexPrompts) {
    const verdict = await evaluator.evaluate(prompt, {});
    assert.ok(verdict.ok && verdict.model === "full", `should pick full for ${JSON.stringify(prompt)}`);
  }
});

Deno.test("evaluator keeps the client's model and app name", async () => {
  assert.deepEqual(await evaluator.evaluate("make a pomodoro timer", { model: "full", appName: "Focus" }), {
    ok: true,
    model: "full",
    appName: "Focus",
  });
  assert.deepEqual(await evaluator.evaluate("a chat app with login", { model: "light" }), {
    ok: true,
    model: "light",
    appName: "Chat",
  });
  const blankName = await evaluator.evaluate("make a pomodoro timer", { appName: "   " });
  assert.ok(blankName.ok && blankName.appName === "Pomodoro Timer");
});

Deno.test("app names come from the prompt's noun phrase", () => {
  const expectations: [string, string][] = [
    ["a pomodoro timer with stats", "Pomodoro Timer"],
    ["make a pomodoro timer", "Pomodoro Timer"],
    ["a todo list app with categories", "Todo List"],
    ["Build a recipe app where I can save my favourite dishes", "Recipe"],
    ["Please create a simple GPS tracker for runs", "GPS Tracker"],
    ["a to-do list", "Todo List"],
    ["a café finder, with reviews", "Café Finder"],
    ["I need an app to split bills with friends", "Split Bills"],
    ["an app that tracks my water intake", "Water Intake"],
    ["Make an app that shows random dog pictures", "Random Dog Pictures"],
    ["make me an app", "My App"],
    ["", "My App"],
    ["???", "My App"],
  ];
  for (const [prompt, expected] of expectations) assert.equal(deriveAppName(prompt), expected, prompt);
});

Deno.test("app names are 1 to 30 letters, digits and spaces", () => {
  const prompts = [
    ...ACCEPTED_PROMPTS,
    "a supercalifragilisticexpialidociousnessometer",
    "an extraordinarily comprehensive international vocabulary trainer",
    'a "quoted" `backtick` </Text> */ ${danger} app',
    "an app that helps me track water intake",
    "2048 game clone",
  ];
  for (const prompt of prompts) {
    const name = deriveAppName(prompt);
    assert.match(name, /^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u, prompt);
    assert.ok(name.length >= 1 && name.length <= 30, `${name} from ${prompt}`);
  }
});

const KIND_PROMPTS: Record<string, { prompt: string; screen: string; markers: string[] }> = {
  list: {
    prompt: "a todo list app with categories",
    screen: "ListScreen",
    markers: ["handleAdd", "handleDelete", "<TextInput", "useState", "filter((item) => item.id !== id)"],
  },
  shopping: {
    prompt: "a shopping list for groceries",
    screen: "ListScreen",
    markers: ["Shopping list", "handleAdd", "handleDelete"],
  },
  pomodoro: {
    prompt: "make a pomodoro timer",
    screen: "TimerScreen",
    markers: ["setInterval", "clearInterval", "useEffect", "1500", "Start", "Pause", "handleReset"],
  },
  stopwatch: {
    prompt: "a stopwatch with laps",
    screen: "TimerScreen",
    markers: ["setInterval", "clearInterval", "useEffect", "handleReset", "handleLap"],
  },
  counter: {
    prompt: "a habit counter for my daily walk",
    screen: "CounterScreen",
    markers: ["handleIncrement", "handleDecrement", "handleReset", "GOAL"],
  },
  notes: {
    prompt: "a journal app for my daily thoughts",
    screen: "NotesScreen",
    markers: ["handleSave", "handleEdit", "handleDelete", "editingId"],
  },
  quiz: {
    prompt: "a trivia quiz about geography",
    screen: "QuizScreen",
    markers: ["setScore", "QUESTIONS", "handleRestart"],
  },
  weather: {
    prompt: "a weather app with the forecast",
    screen: "WeatherScreen",
    markers: ["buildForecast", "handleRefresh", "FlatList"],
  },
  calculator: {
    prompt: "a simple calculator",
    screen: "CalculatorScreen",
    markers: ["applyOperator", "handleKey", "÷", "×"],
  },
  generic: {
    prompt: "an app about my favourite bands and their concerts",
    screen: "HomeScreen",
    markers: ["APP_DESCRIPTION", "<TextInput", "handleLike"],
  },
};

for (const [kind, { prompt, screen, markers }] of Object.entries(KIND_PROMPTS)) {
  Deno.test(`generator writes a runnable ${kind} app`, async () => {
    const result = await generator.generate(request(prompt));
    assertRunnableProject(result, "My Test App");
    assert.deepEqual(screenPaths(result), [`src/screens/${screen}.tsx`]);
    const screenSource = fileAt(result, `src/screens/${screen}.tsx`).contents;
    for (const marker of markers) assert.ok(screenSource.includes(marker), `${kind} lacks ${marker}`);
    assert.ok(fileAt(result, "App.tsx").contents.includes(`<${screen} />`));
    assert.ok(fileAt(result, "README.md").contents.includes(prompt));
  });
}

Deno.test("generator names the package after the app", async () => {
  const result = await generator.generate(request("a todo list", { appName: "Café  Todo: Deluxe!" }));
  assertRunnableProject(result, "Café  Todo: Deluxe!");
  assert.equal(JSON.parse(fileAt(result, "package.json").contents).name, "cafe-todo-deluxe");
  const symbolsOnly = await generator.generate(request("a todo list", { appName: "★★★" }));
  assert.equal(JSON.parse(fileAt(symbolsOnly, "package.json").contents).name, "my-app");
});

Deno.test("generator combines screens with a tab switcher when the prompt asks for several things", async () => {
  const result = await generator.generate(request("a pomodoro timer with a todo list and notes"));
  assertRunnableProject(result, "My Test App");
  assert.deepEqual(screenPaths(result), [
    "src/screens/TimerScreen.tsx",
    "src/screens/ListScreen.tsx",
    "src/screens/NotesScreen.tsx",
  ]);
  const app = fileAt(result, "App.tsx").contents;
  for (const screen of ["TimerScreen", "ListScreen", "NotesScreen"]) assert.ok(app.includes(`<${screen} />`));
  assert.ok(app.includes("setActiveTab"));
  assert.ok(!JSON.parse(fileAt(result, "package.json").contents).dependencies["@react-navigation/native"]);
});

Deno.test("generator reports tier-priced usage deterministically", async () => {
  assert.deepEqual(TEMPLATE_PRICES_EUR, { light: "0.0500", full: "0.2000" });
  for (const model of ["light", "full"] as ModelTier[]) {
    const prompt = "a weather app with the forecast";
    const result = await generator.generate(request(prompt, { model }));
    const outputChars = result.files.reduce((total, file) => total + file.contents.length, 0);
    assert.equal(result.model, `template-${model}`);
    assert.equal(result.provider, "template");
    assert.equal(result.costEur, TEMPLATE_PRICES_EUR[model]);
    assert.equal(result.usage.tokensOut, Math.ceil(outputChars / 4));
    assert.ok(result.usage.tokensIn > Math.ceil(prompt.length / 4));
  }
});

Deno.test("full tier adds an about screen", async () => {
  const result = await generator.generate(request("a weather app with the forecast", { model: "full" }));
  assertRunnableProject(result, "My Test App");
  assert.deepEqual(screenPaths(result), ["src/screens/WeatherScreen.tsx", "src/screens/AboutScreen.tsx"]);
});

Deno.test("generator output is deterministic", async () => {
  const input = request("a pomodoro timer with a todo list and notes", {
    model: "full",
    attachments: [{ path: "uploads/sketch.png", type: "image/png", bytes: new Uint8Array([1, 2, 3]) }],
  });
  assert.deepEqual(await generator.generate(input), await generator.generate(structuredClone(input)));
});

Deno.test("follow-up prompts get the full file set", async () => {
  const first = await generator.generate(request("a todo list"));
  const followUp = await generator.generate(request("a todo list", { existingFiles: first.files }));
  assert.deepEqual(followUp.files, first.files);
});

Deno.test("attachments are listed in the README", async () => {
  const result = await generator.generate(request("a notes app", {
    attachments: [{ path: "uploads/abc/mockup.png", type: "image/png", bytes: new Uint8Array([137, 80]) }],
  }));
  const readme = fileAt(result, "README.md").contents;
  assert.ok(readme.includes("mockup.png"));
  assert.ok(readme.includes("image/png"));
});

Deno.test("hostile prompt and app name stay inside string literals", async () => {
  const marker = "PWNED";
  const prompt =
    `Make a "notes" app \`${marker}\` */ </Text> \${${marker}()} <script>${marker}</script> // ${marker}`;
  const appName = `Evil "${marker}" </Text> */ \${${marker}} \`x\``;
  for (const kindPrompt of [prompt, `a todo list and a timer ${prompt}`, `an app about ${prompt}`]) {
    for (const model of ["light", "full"] as ModelTier[]) {
      const result = await generator.generate(request(kindPrompt, { appName, model }));
      assertRunnableProject(result, appName);

      for (const file of result.files.filter((candidate) => /\.(tsx?|js)$/.test(candidate.path))) {
        assert.ok(!file.contents.includes(kindPrompt), `${file.path} embeds the raw prompt`);
        assert.ok(!file.contents.includes(appName), `${file.path} embeds the raw app name`);
        const sourceFile = parse(file);
        const literals = stringLiteralRanges(sourceFile);
        for (const position of occurrencesOf(file.contents, marker)) {
          assert.ok(
            literals.some(([start, end]) => position > start && position < end),
            `${file.path} has user text outside a string literal at ${position}`,
          );
        }
      }

      const appInfo = parse(fileAt(result, "src/appInfo.ts"));
      assert.equal(constantValue(appInfo, "APP_NAME"), appName);
      assert.ok(constantValue(appInfo, "APP_DESCRIPTION").includes(`</Text> \${${marker}()}`));
    }
  }
});

Deno.test("the description is the prompt's opening, capitalized and bounded", async () => {
  const describe = async (prompt: string) => {
    const result = await generator.generate(request(prompt));
    return constantValue(parse(fileAt(result, "src/appInfo.ts")), "APP_DESCRIPTION");
  };
  assert.equal(
    await describe(
      "a pomodoro timer.   It should ring when a session ends. Later add stats and themes please.",
    ),
    "A pomodoro timer. It should ring when a session ends.",
  );
  const long = await describe(`a notes app ${"with many many words ".repeat(30)}`);
  assert.ok(long.length <= 201 && long.endsWith("…"));
});

Deno.test("line separators in user text are escaped in source", async () => {
  const result = await generator.generate(
    request("a todo list\u2028with\u2029breaks", { appName: "A\u2028B" }),
  );
  assertRunnableProject(result, "A\u2028B");
  const appInfo = fileAt(result, "src/appInfo.ts");
  assert.ok(!/[\u2028\u2029]/.test(appInfo.contents));
  assert.equal(constantValue(parse(appInfo), "APP_NAME"), "A\u2028B");
});

Deno.test("every generated path is relative and inside the project", async () => {
  const prompts = Object.values(KIND_PROMPTS).map(({ prompt }) => prompt);
  for (const prompt of [...prompts, "a pomodoro timer with a todo list and notes"]) {
    for (const model of ["light", "full"] as ModelTier[]) {
      const { files } = await generator.generate(request(prompt, { appName: "../../etc/passwd", model }));
      const paths = files.map((file) => file.path);
      assert.equal(new Set(paths).size, paths.length);
      for (const path of paths) {
        assert.ok(!path.startsWith("/") && !path.includes("\\"), path);
        assert.ok(
          !path.split("/").some((segment) => segment === ".." || segment === "." || segment === ""),
          path,
        );
      }
    }
  }
});
