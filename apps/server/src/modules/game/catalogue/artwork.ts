import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GameImages } from "@playfair/contracts/game/catalogue";
import sharp from "sharp";

// Our own artwork (docs/decisions/020-game-catalogue.md): every game's tile and every provider's
// logo is an SVG drawn from its identity (palette, emblem per category, the name set in it) and
// rendered to WebP at three densities the first time someone asks, then kept on disk. Nothing is
// copied from a studio, and an address changes whenever what is drawn changes, so browsers may
// keep each image for good.

/** Raised when the drawing changes, so every address (and cached file) changes with it. */
const PIPELINE_VERSION = "1";

export const ARTWORK_PATH = "/api/game/images";
export const ARTWORK_CACHE_CONTROL = "public, max-age=31536000, immutable";

const RATIOS = { "1x1": { width: 200, height: 200 }, "3x4": { width: 180, height: 240 } } as const;
const LOGO = { width: 240, height: 120 } as const;
type Ratio = keyof typeof RATIOS;
type Density = 1 | 2 | 3;

const GAME_VARIANT = /^(1x1|3x4)-([123])x\.webp$/;
const LOGO_VARIANT = /^logo-([123])x\.webp$/;

type ArtworkSubject = { identity: string; name: string; categories: readonly string[] };

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** What the drawing depends on, as a short tag for the image addresses and cache files. */
export function artworkVersion(subject: ArtworkSubject): string {
  return digest(`${PIPELINE_VERSION}\n${subject.identity}\n${subject.name}\n${subject.categories[0] ?? ""}`).toString("hex").slice(0, 10);
}

export function gameImageUrls(identity: string, version: string): GameImages {
  const url = (ratio: Ratio, density: Density) => `${ARTWORK_PATH}/games/${identity}/${ratio}-${density}x.webp?v=${version}`;
  const densities = (ratio: Ratio) => ({ "1x": url(ratio, 1), "2x": url(ratio, 2), "3x": url(ratio, 3) });
  return { "1x1": densities("1x1"), "3x4": densities("3x4") };
}

export function providerImageUrl(identity: string, name: string): string {
  return `${ARTWORK_PATH}/providers/${identity}/logo-2x.webp?v=${artworkVersion({ identity, name, categories: [] })}`;
}

export type ArtworkVariant = { kind: "game"; ratio: Ratio; density: Density } | { kind: "provider"; density: Density };

/** The variant a file name asks for, or null when it names none of ours. */
export function parseArtworkVariant(kind: "game" | "provider", file: string): ArtworkVariant | null {
  if (kind === "game") {
    const match = GAME_VARIANT.exec(file);
    return match ? { kind, ratio: match[1] as Ratio, density: Number(match[2]) as Density } : null;
  }
  const match = LOGO_VARIANT.exec(file);
  return match ? { kind, density: Number(match[1]) as Density } : null;
}

// ---------------------------------------------------------------------------------------------
// Drawing

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Two hues, a tilt and a few numbers, all from the identity's digest. */
function paletteOf(identity: string) {
  const bytes = digest(identity);
  const hue = Math.round(((bytes[0]! << 8) | bytes[1]!) % 360);
  const shift = 40 + (bytes[2]! % 100);
  return {
    from: `hsl(${hue} 70% 42%)`,
    to: `hsl(${(hue + shift) % 360} 75% 22%)`,
    accent: `hsl(${(hue + 180) % 360} 90% 68%)`,
    angle: bytes[3]! % 360,
    bytes,
  };
}

/** A geometric emblem per category, centred on (cx, cy) with radius r. */
function emblem(category: string, cx: number, cy: number, r: number, accent: string, bytes: Buffer): string {
  const stroke = `stroke="${accent}" stroke-width="${(r / 9).toFixed(1)}" fill="none" stroke-linecap="round" stroke-linejoin="round"`;
  switch (category) {
    case "slots": {
      const w = r * 0.55;
      return [0, 1, 2].map((i) => `<rect x="${(cx - 1.5 * w + i * w + w * 0.08).toFixed(1)}" y="${(cy - r * 0.6).toFixed(1)}" width="${(w * 0.84).toFixed(1)}" height="${(r * 1.2).toFixed(1)}" rx="${(w * 0.18).toFixed(1)}" ${stroke}/>`).join("") +
        `<circle cx="${cx}" cy="${cy}" r="${(r * 0.16).toFixed(1)}" fill="${accent}"/>`;
    }
    case "table":
      return `<polygon points="${cx},${cy - r} ${cx + r * 0.75},${cy} ${cx},${cy + r} ${cx - r * 0.75},${cy}" ${stroke}/><circle cx="${cx}" cy="${cy}" r="${(r * 0.25).toFixed(1)}" fill="${accent}"/>`;
    case "live":
      return [1, 0.68, 0.36].map((k) => `<circle cx="${cx}" cy="${cy}" r="${(r * k).toFixed(1)}" ${stroke}/>`).join("");
    case "instant":
      return `<polygon points="${cx + r * 0.15},${cy - r} ${cx - r * 0.55},${cy + r * 0.1} ${cx - r * 0.05},${cy + r * 0.1} ${cx - r * 0.2},${cy + r} ${cx + r * 0.55},${cy - r * 0.15} ${cx + r * 0.05},${cy - r * 0.15}" fill="${accent}"/>`;
    case "crash":
      return `<path d="M${cx - r},${cy + r * 0.8} Q${cx + r * 0.2},${cy + r * 0.7} ${cx + r},${cy - r * 0.9}" ${stroke}/><circle cx="${cx + r}" cy="${cy - r * 0.9}" r="${(r * 0.15).toFixed(1)}" fill="${accent}"/>`;
    case "card":
      return [-12, 0, 12].map((angle) => `<rect x="${(cx - r * 0.4).toFixed(1)}" y="${(cy - r * 0.6).toFixed(1)}" width="${(r * 0.8).toFixed(1)}" height="${(r * 1.2).toFixed(1)}" rx="${(r * 0.1).toFixed(1)}" transform="rotate(${angle} ${cx} ${cy + r})" ${stroke}/>`).join("");
    case "lottery":
      return [0, 1, 2, 3].map((i) => `<circle cx="${(cx + (i % 2 === 0 ? -1 : 1) * r * 0.45).toFixed(1)}" cy="${(cy + (i < 2 ? -1 : 1) * r * 0.45).toFixed(1)}" r="${(r * 0.36).toFixed(1)}" ${i === (bytes[4]! % 4) ? `fill="${accent}"` : stroke}/>`).join("");
    default: {
      // Providers and anything uncategorised: a star with 5-8 points.
      const points = 5 + (bytes[5]! % 4);
      const vertices = Array.from({ length: points * 2 }, (_, i) => {
        const radius = i % 2 === 0 ? r : r * 0.45;
        const angle = (Math.PI * i) / points - Math.PI / 2;
        return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
      });
      return `<polygon points="${vertices.join(" ")}" fill="${accent}"/>`;
    }
  }
}

/** The name in at most two lines, sized to the width. */
function nameLines(name: string, width: number, y: number, maxSize: number): string {
  const words = name.split(/\s+/);
  const lines: string[] = [];
  if (name.length > 14 && words.length > 1) {
    let best = 1;
    for (let split = 1; split < words.length; split++) {
      const a = words.slice(0, split).join(" ").length;
      const b = words.slice(split).join(" ").length;
      const bestA = words.slice(0, best).join(" ").length;
      const bestB = words.slice(best).join(" ").length;
      if (Math.max(a, b) < Math.max(bestA, bestB)) best = split;
    }
    lines.push(words.slice(0, best).join(" "), words.slice(best).join(" "));
  } else {
    lines.push(name);
  }
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(maxSize, (width * 0.9) / (longest * 0.58));
  return lines
    .map((line, i) => `<text x="${width / 2}" y="${(y + (i - (lines.length - 1) / 2) * size * 1.1).toFixed(1)}" font-size="${size.toFixed(1)}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>`)
    .join("");
}

export function gameArtworkSvg(subject: ArtworkSubject, ratio: Ratio): string {
  const { width, height } = RATIOS[ratio];
  const palette = paletteOf(subject.identity);
  const r = width * 0.24;
  const emblemY = ratio === "1x1" ? height * 0.4 : height * 0.38;
  const textY = ratio === "1x1" ? height * 0.8 : height * 0.78;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${palette.angle} 0.5 0.5)"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<circle cx="${width * 0.85}" cy="${height * 0.1}" r="${width * 0.35}" fill="#fff" opacity="0.07"/>` +
    emblem(subject.categories[0] ?? "", width / 2, emblemY, r, palette.accent, palette.bytes) +
    nameLines(subject.name, width, textY, width * 0.12) +
    `</svg>`
  );
}

export function providerLogoSvg(subject: ArtworkSubject): string {
  const { width, height } = LOGO;
  const palette = paletteOf(subject.identity);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" rx="16" fill="${palette.to}"/>` +
    emblem("", height * 0.5, height / 2, height * 0.3, palette.accent, palette.bytes) +
    `<g transform="translate(${height * 0.85} 0)">${nameLines(subject.name, width - height * 0.95, height / 2, 24)}</g>` +
    `</svg>`
  );
}

export async function renderWebp(svg: string, density: Density): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 * density }).webp({ quality: 80, effort: 2 }).toBuffer();
}

/**
 * Rendered images kept under `directory`, one file per subject, version and variant; a render
 * runs once even when many requests ask for the same image at the same moment.
 */
export function createArtworkCache(directory: string) {
  const inFlight = new Map<string, Promise<Buffer>>();

  async function produce(file: string, draw: () => string, density: Density): Promise<Buffer> {
    try {
      return await readFile(file);
    } catch {
      const image = await renderWebp(draw(), density);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, image);
      await rename(temporary, file);
      return image;
    }
  }

  return {
    image(subject: ArtworkSubject, variant: ArtworkVariant): Promise<Buffer> {
      const version = artworkVersion(subject);
      const name = variant.kind === "game" ? `${variant.ratio}-${variant.density}x` : `logo-${variant.density}x`;
      const file = path.join(directory, variant.kind === "game" ? "games" : "providers", subject.identity, `${version}-${name}.webp`);
      let pending = inFlight.get(file);
      if (!pending) {
        const draw = () => (variant.kind === "game" ? gameArtworkSvg(subject, variant.ratio) : providerLogoSvg(subject));
        pending = produce(file, draw, variant.density).finally(() => inFlight.delete(file));
        inFlight.set(file, pending);
      }
      return pending;
    },
  };
}

export type ArtworkCache = ReturnType<typeof createArtworkCache>;
