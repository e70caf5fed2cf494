import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  DAMAGED_BACKUP_MESSAGE,
  WRONG_PASSPHRASE_MESSAGE,
  decryptingStream,
  encryptingStream,
} from "../src/ops/backup-encryption.js";

// The format of an encrypted backup, without a database: what `npm run backup` streams through with BACKUP_PASSPHRASE.
const PASSPHRASE = "correct horse battery staple";

/** `bytes` fed in pieces of `pieceBytes`, as a pipe hands them over. */
function pieces(bytes: Buffer, pieceBytes: number): Readable {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += pieceBytes)
    parts.push(bytes.subarray(offset, offset + pieceBytes));
  return Readable.from(parts);
}

const encrypt = (plain: Buffer, pieceBytes = 65_536) =>
  buffer(pieces(plain, pieceBytes).pipe(encryptingStream(PASSPHRASE)));
const decrypt = (sealed: Buffer, passphrase = PASSPHRASE, pieceBytes = 65_536) =>
  buffer(pieces(sealed, pieceBytes).pipe(decryptingStream(passphrase)));

describe("an encrypted backup", () => {
  // one shared archive of 2.5 records, so the key is derived few times
  const plain = randomBytes(2.5 * 1024 * 1024);
  let sealed: Buffer;

  it(
    "decrypts to the same bytes whatever the pieces it is read in, and holds none of them in clear",
    { timeout: 60_000 },
    async () => {
      sealed = await encrypt(plain, 10_000);
      expect(sealed.subarray(0, 28).toString("latin1")).toBe("PHARMACY-BACKUP-ENCRYPTED-1\n");
      expect(sealed.includes(plain.subarray(1_000_000, 1_000_064))).toBe(false);
      expect((await decrypt(sealed, PASSPHRASE, 7_777)).equals(plain)).toBe(true);
      expect((await decrypt(sealed, PASSPHRASE, sealed.length)).equals(plain)).toBe(true);
      // an empty archive too
      expect((await decrypt(await encrypt(Buffer.alloc(0)))).length).toBe(0);
    },
  );

  it("is refused with another passphrase, saying so", { timeout: 30_000 }, async () => {
    await expect(decrypt(sealed, "not the passphrase at all")).rejects.toThrow(WRONG_PASSPHRASE_MESSAGE);
  });

  it(
    "is refused when cut short, a byte changed, or records reordered or dropped, saying it is damaged",
    { timeout: 60_000 },
    async () => {
      const header = 28 + 3 + 16 + 8 + 16;
      const record = 5 + 1024 * 1024 + 16;
      const cutShort = sealed.subarray(0, header + record);
      const flipped = Buffer.from(sealed);
      flipped.writeUInt8(flipped.readUInt8(header + record + 100) ^ 1, header + record + 100);
      const first = sealed.subarray(header, header + record);
      const second = sealed.subarray(header + record, header + 2 * record);
      const reordered = Buffer.concat([
        sealed.subarray(0, header),
        second,
        first,
        sealed.subarray(header + 2 * record),
      ]);
      const dropped = Buffer.concat([sealed.subarray(0, header), second, sealed.subarray(header + 2 * record)]);
      const trailing = Buffer.concat([sealed, Buffer.from([0])]);
      for (const damaged of [cutShort, flipped, reordered, dropped, trailing])
        await expect(decrypt(damaged)).rejects.toThrow(DAMAGED_BACKUP_MESSAGE);
    },
  );
});
