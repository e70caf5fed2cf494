// Writes the PWA icons into public/: a white cross on the brand blue. Run once with `node scripts/generate-icons.mjs`.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BLUE = [0x01, 0x57, 0x9b];
const WHITE = [0xff, 0xff, 0xff];

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Full-bleed square (safe for "maskable"): the cross stays inside the central 60 %. */
function iconPng(size) {
  const arm = size * 0.13;
  const reach = size * 0.3;
  const centre = size / 2;
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const dx = Math.abs(x + 0.5 - centre);
      const dy = Math.abs(y + 0.5 - centre);
      const inCross = (dx <= arm && dy <= reach) || (dy <= arm && dx <= reach);
      row.set(inCross ? WHITE : BLUE, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="12" fill="#01579B"/>
  <path fill="#fff" d="M23.7 12.8h16.6v10.9h10.9v16.6H40.3v10.9H23.7V40.3H12.8V23.7h10.9z"/>
</svg>
`;

const out = new URL("../public/", import.meta.url);
writeFileSync(new URL("favicon.svg", out), svg);
writeFileSync(new URL("pwa-192x192.png", out), iconPng(192));
writeFileSync(new URL("pwa-512x512.png", out), iconPng(512));
writeFileSync(new URL("apple-touch-icon.png", out), iconPng(180));
