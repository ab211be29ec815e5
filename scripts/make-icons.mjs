// Makes every app icon in build/ from build/icon.svg: `npm run icons` (needs Chromium, which draws the SVG; the
// results are committed, so packaging never needs it). Writes
//   build/icon.png         1024×1024, the master (electron-builder's default for every platform)
//   build/icons/NxN.png    16…512, the Linux icon set (.desktop entry, AppImage, deb)
//   build/icon.ico         16…256, Windows (small sizes as 32-bit bitmaps, 256 as PNG, as Windows expects)
//   build/icon.icns        16…1024, macOS (PNG entries, normal and @2x)
// Chromium draws the SVG at each size (sharper than scaling one bitmap) and encodes the PNGs; ICO and ICNS are
// assembled here.
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.join(root, 'build');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

function findChromium() {
  if (process.env.HERALD_CHROMIUM) return process.env.HERALD_CHROMIUM;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      const found = execSync(`command -v ${name}`, { stdio: ['ignore', 'pipe', 'ignore'], shell: '/bin/sh' })
        .toString()
        .trim();
      if (found) return found;
    } catch {
      // not on PATH
    }
  }
  return undefined; // Playwright's own browser, if installed
}

/** For each size: the SVG drawn at size×size as PNG bytes (Chromium's encoder) and, small sizes only, its RGBA pixels. */
async function rasterize(svg, sizes, pixelSizes) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const result = await page.evaluate(
      async ({ url, sizes, pixelSizes }) => {
        const img = new Image();
        img.src = url;
        await img.decode();
        const out = {};
        for (const size of sizes) {
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = size;
          const ctx = canvas.getContext('2d');
          ctx.drawImage(img, 0, 0, size, size);
          out[size] = {
            png: canvas.toDataURL('image/png').split(',')[1],
            rgba: pixelSizes.includes(size) ? Array.from(ctx.getImageData(0, 0, size, size).data) : null,
          };
        }
        return out;
      },
      { url, sizes, pixelSizes },
    );
    return new Map(sizes.map((s) => [s, { png: Buffer.from(result[s].png, 'base64'), rgba: result[s].rgba && Buffer.from(result[s].rgba) }]));
  } finally {
    await browser.close();
  }
}

/** A 32-bit BGRA device-independent bitmap as ICO stores it: bottom-up, with an (all-zero) AND mask. */
function encodeIcoBitmap(rgba, size) {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // XOR and AND masks
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 4;
      const to = ((size - 1 - y) * size + x) * 4;
      pixels[to] = rgba[from + 2];
      pixels[to + 1] = rgba[from + 1];
      pixels[to + 2] = rgba[from];
      pixels[to + 3] = rgba[from + 3];
    }
  }
  const maskRow = Math.ceil(size / 32) * 4;
  return Buffer.concat([header, pixels, Buffer.alloc(maskRow * size)]);
}

function encodeIco(images) {
  const dir = Buffer.alloc(6 + 16 * images.length);
  dir.writeUInt16LE(1, 2); // type: icon
  dir.writeUInt16LE(images.length, 4);
  let offset = dir.length;
  images.forEach(({ size, data }, i) => {
    const e = 6 + 16 * i;
    dir[e] = size >= 256 ? 0 : size;
    dir[e + 1] = size >= 256 ? 0 : size;
    dir.writeUInt16LE(1, e + 4); // planes
    dir.writeUInt16LE(32, e + 6); // bits per pixel
    dir.writeUInt32LE(data.length, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([dir, ...images.map((i) => i.data)]);
}

function encodeIcns(entries) {
  const parts = entries.map(({ type, data }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

async function main() {
  const svg = fs.readFileSync(path.join(build, 'icon.svg'), 'utf8');
  const icoSizes = [16, 24, 32, 48, 64, 128, 256];
  const drawn = await rasterize(
    svg,
    SIZES,
    icoSizes.filter((s) => s < 256),
  );
  const png = (s) => drawn.get(s).png;

  fs.writeFileSync(path.join(build, 'icon.png'), png(1024));
  fs.rmSync(path.join(build, 'icons'), { recursive: true, force: true });
  fs.mkdirSync(path.join(build, 'icons'));
  for (const s of SIZES.filter((s) => s <= 512)) fs.writeFileSync(path.join(build, 'icons', `${s}x${s}.png`), png(s));

  fs.writeFileSync(
    path.join(build, 'icon.ico'),
    encodeIco(icoSizes.map((s) => ({ size: s, data: s >= 256 ? png(s) : encodeIcoBitmap(drawn.get(s).rgba, s) }))),
  );

  // Apple's PNG-carrying types: icp4/icp5/icp6 = 16/32/64, ic07…ic10 = 128…1024, ic11…ic14 = the @2x sizes.
  const icns = [
    ['icp4', 16],
    ['icp5', 32],
    ['icp6', 64],
    ['ic07', 128],
    ['ic08', 256],
    ['ic09', 512],
    ['ic10', 1024],
    ['ic11', 32],
    ['ic12', 64],
    ['ic13', 256],
    ['ic14', 512],
  ];
  fs.writeFileSync(path.join(build, 'icon.icns'), encodeIcns(icns.map(([type, s]) => ({ type, data: png(s) }))));
  console.log(`Wrote build/icon.png, build/icons/ (${SIZES.filter((s) => s <= 512).join(', ')}), build/icon.ico, build/icon.icns`);
}

await main();
