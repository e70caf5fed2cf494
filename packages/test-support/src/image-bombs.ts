import { crc32, createDeflate, deflateSync } from "node:zlib";

/**
 * Decompression bombs: small files whose headers claim a huge picture, as an attacker sends them from
 * the public form. The PNG is a real one (its rows of zeros deflate to about 31 KB); the others
 * are well-formed headers of that size, which is what a decoder allocates for.
 */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 1-bit grayscale PNG of `side` × `side` black pixels (the 31 KB), deflated row by row (never held whole). */
export async function pngBomb(side = 16_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const row = Buffer.alloc(1 + Math.ceil(side / 8));
  for (let y = 0; y < side; y++)
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once("drain", resolve));
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.concat(compressed)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (JFIF, quantisation table, a 3-component frame of that size), then a few scan bytes. */
export function jpegBomb(width = 16_000, height = 16_000): Buffer {
  const segment = (marker: number, data: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  const frame = Buffer.alloc(15);
  frame[0] = 8;
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame.set([3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0], 5);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1")),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, frame),
    segment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])),
    Buffer.alloc(1024, 0),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function riff(chunk: string, data: Buffer): Buffer {
  const chunkHead = Buffer.alloc(8);
  chunkHead.write(chunk, 0, "latin1");
  chunkHead.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from("WEBP"), chunkHead, data]);
  const head = Buffer.alloc(8);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A lossless WebP (VP8L) header of that size. */
export function webpLosslessBomb(width = 16_000, height = 16_000): Buffer {
  const data = Buffer.alloc(64);
  data[0] = 0x2f;
  data.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  return riff("VP8L", data);
}

/** An extended WebP (VP8X) whose canvas is that size. */
export function webpExtendedBomb(width = 16_000, height = 16_000): Buffer {
  const data = Buffer.alloc(10);
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riff("VP8X", data);
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
}

/** A HEIC whose image's `ispe` (image spatial extents) property says that size. */
export function heicBomb(width = 16_000, height = 16_000): Buffer {
  const extents = Buffer.alloc(12);
  extents.writeUInt32BE(width, 4);
  extents.writeUInt32BE(height, 8);
  return Buffer.concat([
    box("ftyp", Buffer.from("heic\0\0\0\0mif1heic", "latin1")),
    box(
      "meta",
      Buffer.alloc(4),
      box("hdlr", Buffer.alloc(8), Buffer.from("pict", "latin1"), Buffer.alloc(13)),
      box("iprp", box("ipco", box("ispe", extents))),
    ),
    box("mdat", Buffer.alloc(256)),
  ]);
}

/** A scanner-style PDF whose page is a JPEG of that size. */
export function pdfBomb(width = 16_000, height = 16_000): Buffer {
  const jpeg = jpegBomb(width, height);
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.4\n1 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      "latin1",
    ),
    jpeg,
    Buffer.from("\nendstream\nendobj\n%%EOF\n", "latin1"),
  ]);
}

/** A PDF whose page is a FlateDecode (PNG-like) image claiming that size, its stream a few bytes. */
export function flatePdfBomb(width = 16_000, height = 16_000): Buffer {
  const stream = deflateSync(Buffer.alloc(1024));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.4\n1 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
      "latin1",
    ),
    stream,
    Buffer.from("\nendstream\nendobj\n%%EOF\n", "latin1"),
  ]);
}
