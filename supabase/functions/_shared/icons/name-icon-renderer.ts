import { deflateSync } from "node:zlib";
import type { IconRenderer } from "../ports/icons.ts";

const SIZE = 1024;
// RGB without alpha: app stores reject icons with transparency.
const CHANNELS = 3;

type Rgb = [number, number, number];

// 5x7 bitmap glyphs; scaled up they give a deliberate pixel-art look without shipping a font.
const GLYPHS: Record<string, readonly string[]> = {
  A: ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
  B: ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
  C: ["01110", "10001", "10000", "10000", "10000", "10001", "01110"],
  D: ["11110", "10001", "10001", "10001", "10001", "10001", "11110"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  F: ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
  G: ["01110", "10001", "10000", "10111", "10001", "10001", "01111"],
  H: ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
  I: ["01110", "00100", "00100", "00100", "00100", "00100", "01110"],
  J: ["00111", "00010", "00010", "00010", "00010", "10010", "01100"],
  K: ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
  L: ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
  M: ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
  N: ["10001", "10001", "11001", "10101", "10011", "10001", "10001"],
  O: ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
  P: ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
  Q: ["01110", "10001", "10001", "10001", "10101", "10010", "01101"],
  R: ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  T: ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
  U: ["10001", "10001", "10001", "10001", "10001", "10001", "01110"],
  V: ["10001", "10001", "10001", "10001", "10001", "01010", "00100"],
  W: ["10001", "10001", "10001", "10101", "10101", "10101", "01010"],
  X: ["10001", "10001", "01010", "00100", "01010", "10001", "10001"],
  Y: ["10001", "10001", "10001", "01010", "00100", "00100", "00100"],
  Z: ["11111", "00001", "00010", "00100", "01000", "10000", "11111"],
  "0": ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
  "1": ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
  "2": ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
  "3": ["11111", "00010", "00100", "00010", "00001", "10001", "01110"],
  "4": ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
  "5": ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
  "6": ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
  "7": ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
  "8": ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
  "9": ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
};
// A diamond stands in for characters the font cannot draw (CJK, emoji, symbols).
const FALLBACK_GLYPH: readonly string[] = ["00000", "00100", "01110", "11111", "01110", "00100", "00000"];
const GLYPH_COLS = 5;
const GLYPH_ROWS = 7;

// A project made by POST /jobs gets its icon drawn for icon_url and again for its first job's
// assets/icon.png, by two functions that may share a process (the local gateway): the last few are kept.
const KEPT_ICONS = 64;
const kept = new Map<string, Uint8Array>();

/** Draws a deterministic initials avatar so every project has an icon before a custom one is uploaded. */
export class NameIconRenderer implements IconRenderer {
  render(projectName: string): Promise<Uint8Array> {
    let png = kept.get(projectName);
    if (!png) {
      png = encodePng(SIZE, SIZE, drawIcon(projectName));
      if (kept.size >= KEPT_ICONS) kept.delete(kept.keys().next().value!);
      kept.set(projectName, png);
    }
    // A copy: callers own what they get.
    return Promise.resolve(png.slice());
  }
}

function drawIcon(name: string): Uint8Array {
  const hash = fnv1a(new TextEncoder().encode(name));
  const hue = hash % 360;
  const hueShift = 25 + ((hash >>> 9) % 45);
  const saturation = 0.55 + ((hash >>> 16) % 20) / 100;
  const from = hslToRgb(hue, saturation, 0.58);
  const to = hslToRgb((hue + hueShift) % 360, saturation, 0.42);
  const circle = ((hash >>> 24) & 1) === 1;
  const shape = mix(mix(from, to, 0.5), [0, 0, 0], 0.22);
  const ink: Rgb = luminance(shape) > 0.45 ? [24, 24, 32] : [255, 255, 255];

  // One colour per anti-diagonal, so the gradient costs a table lookup per pixel.
  const diagonals = 2 * SIZE - 1;
  const gradient = new Uint8Array(diagonals * CHANNELS);
  for (let d = 0; d < diagonals; d++) {
    const c = mix(from, to, d / (diagonals - 1));
    gradient.set(c, d * CHANNELS);
  }

  const glyphMask = layoutInitials(initialsOf(name));
  const half = SIZE / 2;
  const shapeHalf = SIZE * 0.36;
  const cornerRadius = circle ? shapeHalf : SIZE * 0.12;
  const stride = 1 + SIZE * CHANNELS;
  const raw = new Uint8Array(stride * SIZE);

  for (let y = 0; y < SIZE; y++) {
    const row = y * stride;
    raw[row] = 0;
    const py = y + 0.5 - half;
    for (let x = 0; x < SIZE; x++) {
      const o = row + 1 + x * CHANNELS;
      const g = (x + y) * CHANNELS;
      let r = gradient[g], gr = gradient[g + 1], b = gradient[g + 2];
      // Coverage from the signed distance gives an anti-aliased edge for free.
      const coverage = clamp01(0.5 - roundedBoxDistance(x + 0.5 - half, py, shapeHalf, cornerRadius));
      if (coverage > 0) {
        r += (shape[0] - r) * coverage;
        gr += (shape[1] - gr) * coverage;
        b += (shape[2] - b) * coverage;
      }
      if (glyphMask[y * SIZE + x] === 1) {
        r = ink[0];
        gr = ink[1];
        b = ink[2];
      }
      raw[o] = r;
      raw[o + 1] = gr;
      raw[o + 2] = b;
    }
  }
  return raw;
}

function roundedBoxDistance(px: number, py: number, halfSize: number, radius: number): number {
  const qx = Math.abs(px) - halfSize + radius;
  const qy = Math.abs(py) - halfSize + radius;
  const ox = qx > 0 ? qx : 0;
  const oy = qy > 0 ? qy : 0;
  // Math.hypot's overflow care costs a third of the drawing; these values are small.
  const outside = Math.sqrt(ox * ox + oy * oy);
  return outside + Math.min(Math.max(qx, qy), 0) - radius;
}

export function initialsOf(name: string): string[] {
  const words = name
    // Split camelCase so "myApp" reads as two words.
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  if (words.length === 0) return ["?"];
  return words.slice(0, 2).map((w) => {
    const first = String.fromCodePoint(w.codePointAt(0)!);
    // NFKD splits accented letters so "Élan" still gets an "E".
    const base = first.normalize("NFKD").replace(/\p{M}/gu, "").toUpperCase();
    return base in GLYPHS ? base : "?";
  });
}

function layoutInitials(chars: string[]): Uint8Array {
  const mask = new Uint8Array(SIZE * SIZE);
  const gap = 1;
  const cols = chars.length * GLYPH_COLS + (chars.length - 1) * gap;
  const cell = chars.length === 1 ? 56 : 40;
  const left = Math.round((SIZE - cols * cell) / 2);
  const top = Math.round((SIZE - GLYPH_ROWS * cell) / 2);
  chars.forEach((ch, i) => {
    const glyph = GLYPHS[ch] ?? FALLBACK_GLYPH;
    const originX = left + i * (GLYPH_COLS + gap) * cell;
    for (let gy = 0; gy < GLYPH_ROWS; gy++) {
      for (let gx = 0; gx < GLYPH_COLS; gx++) {
        if (glyph[gy][gx] !== "1") continue;
        const x0 = originX + gx * cell;
        for (let y = top + gy * cell; y < top + (gy + 1) * cell; y++) {
          mask.fill(1, y * SIZE + x0, y * SIZE + x0 + cell);
        }
      }
    }
  });
  return mask;
}

function fnv1a(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (const byte of bytes) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // Final avalanche: short names differing in one letter would otherwise share the high bits.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

function encodePng(width: number, height: number, scanlines: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // Compression, filter and interlace methods stay 0.
  const idat = new Uint8Array(deflateSync(scanlines));
  const chunks = [chunk("IHDR", header), chunk("IDAT", idat), chunk("IEND", new Uint8Array(0))];
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const out = new Uint8Array(signature.length + chunks.reduce((n, c) => n + c.length, 0));
  out.set(signature, 0);
  let offset = signature.length;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
