import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";
import { initialsOf, NameIconRenderer } from "../../supabase/functions/_shared/icons/name-icon-renderer.ts";

const renderer = new NameIconRenderer();

function decode(bytes: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(bytes));
}

function pixel(png: PNG, x: number, y: number): string {
  const i = (y * png.width + x) * 4;
  return Array.from(png.data.subarray(i, i + 3)).join(",");
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

Deno.test("renders a decodable 1024x1024 PNG", async () => {
  const png = decode(await renderer.render("Acme Todo"));
  assert.deepEqual(png.width, 1024);
  assert.deepEqual(png.height, 1024);
});

Deno.test("same name gives identical bytes", async () => {
  const a = await renderer.render("Weather Buddy");
  const b = await new NameIconRenderer().render("Weather Buddy");
  assert(sameBytes(a, b));
});

Deno.test("different names give different bytes", async () => {
  const names = ["Weather Buddy", "Weather Buddy 2", "weather buddy", "Acme", "Zeta", ""];
  const icons = await Promise.all(names.map((n) => renderer.render(n)));
  for (let i = 0; i < icons.length; i++) {
    for (let j = i + 1; j < icons.length; j++) {
      assert(!sameBytes(icons[i], icons[j]), `${names[i]} vs ${names[j]}`);
    }
  }
});

Deno.test("centre holds glyph pixels unlike the corner background", async () => {
  for (const name of ["Acme Todo", "x", "日本語"]) {
    const png = decode(await renderer.render(name));
    const corner = pixel(png, 2, 2);
    const centre = new Map<string, number>();
    for (let y = 384; y < 640; y += 4) {
      for (let x = 256; x < 768; x += 4) {
        const p = pixel(png, x, y);
        centre.set(p, (centre.get(p) ?? 0) + 1);
      }
    }
    // Glyph ink and the shape behind it: at least two flat colours, neither the corner's.
    const dominant = [...centre.entries()].filter(([, n]) => n > 100).map(([p]) => p);
    assert(dominant.length >= 2, `${name}: ${dominant.join(" | ")}`);
    for (const p of dominant) assert.notEqual(p, corner);
  }
});

Deno.test("unusual names render without throwing", async () => {
  for (
    const name of [
      "",
      "   ",
      "🚀🔥",
      "日本語アプリ",
      "Élan vital",
      "a".repeat(5000),
      "\u0000\uffff",
      "\ud800",
    ]
  ) {
    const png = decode(await renderer.render(name));
    assert.deepEqual(png.width, 1024);
  }
});

Deno.test("initials come from up to two words, folding accents and camelCase", () => {
  assert.deepEqual(initialsOf("Acme Todo List"), ["A", "T"]);
  assert.deepEqual(initialsOf("myApp"), ["M", "A"]);
  assert.deepEqual(initialsOf("élan"), ["E"]);
  assert.deepEqual(initialsOf("7 minute workout"), ["7", "M"]);
  assert.deepEqual(initialsOf("🚀 rocket"), ["R"]);
  assert.deepEqual(initialsOf("日本語"), ["?"]);
  assert.deepEqual(initialsOf(""), ["?"]);
});

Deno.test("renders quickly", async () => {
  await renderer.render("warm up");
  const start = performance.now();
  await renderer.render("Timing Check");
  assert(performance.now() - start < 1000);
});
