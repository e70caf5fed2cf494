/** The smallest valid JPEG header bytes followed by padding: enough for content sniffing. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0"),
  Buffer.alloc(200, 1),
]);
