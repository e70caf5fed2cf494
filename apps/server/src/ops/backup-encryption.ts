import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  scrypt,
  type BinaryLike,
  type ScryptOptions,
} from "node:crypto";
import { open } from "node:fs/promises";
import { Transform, type TransformCallback } from "node:stream";

/**
 * An encrypted backup (`BACKUP_PASSPHRASE`): the magic line, the scrypt parameters and salt, a nonce
 * prefix and a key check, then the archive in records of at most 1 MiB, each sealed on its own with
 * AES-256-GCM, so both ways stream and nothing is held whole. Each record's nonce counts up (records
 * cannot be reordered) and the last one says it is last (a file cut short is found out). The key check
 * seals nothing under the header, so a wrong passphrase is told apart from a damaged file at once.
 */
const MAGIC = Buffer.from("PHARMACY-BACKUP-ENCRYPTED-1\n", "latin1");
/** OWASP's scrypt minimum (N=2^17, r=8, p=1): 128 MiB and about half a second per backup or restore. */
const LOG2_N = 17;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const NONCE_PREFIX_BYTES = 8;
const TAG_BYTES = 16;
const RECORD_BYTES = 1024 * 1024;
const HEADER_BYTES = MAGIC.length + 3 + SALT_BYTES + NONCE_PREFIX_BYTES;
/** The key check's counter: never a record's (those count from 0 and stop long before). */
const KEY_CHECK_COUNTER = 0xffffffff;
const LAST = 1;
const MORE = 0;

export const ENCRYPTED_WITHOUT_PASSPHRASE_MESSAGE =
  "このバックアップは暗号化されています。BACKUP_PASSPHRASE を設定してから復元してください（何も復元していません）。" +
  "\nThis backup is encrypted: set BACKUP_PASSPHRASE to restore it. Nothing was restored.";
export const WRONG_PASSPHRASE_MESSAGE =
  "BACKUP_PASSPHRASE がこのバックアップを作ったときのものと違います（何も復元していません）。" +
  "\nBACKUP_PASSPHRASE is not the one this backup was made with. Nothing was restored.";
export const DAMAGED_BACKUP_MESSAGE =
  "暗号化されたバックアップが壊れているか、途中までしかありません（何も復元していません）。" +
  "\nThe encrypted backup is damaged or cut short. Nothing was restored.";

export class BackupRefusedError extends Error {}

function deriveKey(passphrase: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** log2n, r, p, maxmem: 2 * 128 * r * 2 ** log2n };
  return new Promise((resolve, reject) =>
    scrypt(passphrase as BinaryLike, salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

function nonceOf(prefix: Buffer, counter: number): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(counter, NONCE_PREFIX_BYTES);
  return nonce;
}

function seal(key: Buffer, nonce: Buffer, aad: Buffer, plain: Buffer): { sealed: Buffer; tag: Buffer } {
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(aad);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { sealed, tag: cipher.getAuthTag() };
}

/** The plaintext, or undefined when the tag does not match. */
function openSealed(key: Buffer, nonce: Buffer, aad: Buffer, sealed: Buffer, tag: Buffer): Buffer | undefined {
  const decipher = createDecipheriv("aes-256-gcm", key, nonce);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed), decipher.final()]);
  } catch {
    return undefined;
  }
}

function recordHead(flag: number, length: number): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(flag, 0);
  head.writeUInt32BE(length, 1);
  return head;
}

/** Encrypts what flows through it into the format above. */
export function encryptingStream(passphrase: string): Transform {
  const salt = randomBytes(SALT_BYTES);
  const prefix = randomBytes(NONCE_PREFIX_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([LOG2_N, R, P]), salt, prefix]);
  const keyReady = deriveKey(passphrase, salt, LOG2_N, R, P);
  let key: Buffer | undefined;
  let pending = Buffer.alloc(0);
  let counter = 0;

  const sealRecord = (stream: Transform, plain: Buffer, flag: number) => {
    const head = recordHead(flag, plain.length);
    const { sealed, tag } = seal(key!, nonceOf(prefix, counter++), head, plain);
    stream.push(Buffer.concat([head, sealed, tag]));
  };
  const start = async (stream: Transform) => {
    if (key) return;
    key = await keyReady;
    stream.push(Buffer.concat([header, seal(key, nonceOf(prefix, KEY_CHECK_COUNTER), header, Buffer.alloc(0)).tag]));
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      start(this).then(() => {
        pending = Buffer.concat([pending, chunk]);
        // a full record is sealed only once more follows: the last one, full or not, is marked last at the end
        while (pending.length > RECORD_BYTES) {
          sealRecord(this, pending.subarray(0, RECORD_BYTES), MORE);
          pending = pending.subarray(RECORD_BYTES);
        }
        done();
      }, done);
    },
    flush(done: TransformCallback) {
      start(this).then(() => {
        sealRecord(this, pending, LAST);
        done();
      }, done);
    },
  });
}

/** Whether the file starts as an encrypted backup does. */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(MAGIC.length), 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && buffer.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * Decrypts the format above; fails with a BackupRefusedError saying whether the passphrase is wrong
 * (the key check) or the file damaged or cut short. Nothing it passes on is unauthenticated.
 */
export function decryptingStream(passphrase: string): Transform {
  let buffered = Buffer.alloc(0);
  let key: Buffer | undefined;
  let prefix: Buffer | undefined;
  let counter = 0;
  let ended = false;

  const readHeader = async (): Promise<boolean> => {
    if (buffered.length < HEADER_BYTES + TAG_BYTES) return false;
    const header = buffered.subarray(0, HEADER_BYTES);
    if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupRefusedError(DAMAGED_BACKUP_MESSAGE);
    const [log2n, r, p] = header.subarray(MAGIC.length, MAGIC.length + 3);
    // parameters far past the ones written are a damaged (or hostile) header, not a key to spend memory on
    if (!log2n || !r || !p || log2n > 20 || r > 16 || p > 4) throw new BackupRefusedError(DAMAGED_BACKUP_MESSAGE);
    const salt = header.subarray(MAGIC.length + 3, MAGIC.length + 3 + SALT_BYTES);
    prefix = Buffer.from(header.subarray(HEADER_BYTES - NONCE_PREFIX_BYTES));
    const derived = await deriveKey(passphrase, salt, log2n, r, p);
    const check = buffered.subarray(HEADER_BYTES, HEADER_BYTES + TAG_BYTES);
    if (!openSealed(derived, nonceOf(prefix, KEY_CHECK_COUNTER), Buffer.from(header), Buffer.alloc(0), check))
      throw new BackupRefusedError(WRONG_PASSPHRASE_MESSAGE);
    key = derived;
    buffered = buffered.subarray(HEADER_BYTES + TAG_BYTES);
    return true;
  };

  const readRecords = (stream: Transform) => {
    while (buffered.length >= 5) {
      if (ended) throw new BackupRefusedError(DAMAGED_BACKUP_MESSAGE);
      const flag = buffered.readUInt8(0);
      const length = buffered.readUInt32BE(1);
      if ((flag !== LAST && flag !== MORE) || length > RECORD_BYTES)
        throw new BackupRefusedError(DAMAGED_BACKUP_MESSAGE);
      if (buffered.length < 5 + length + TAG_BYTES) return;
      const head = buffered.subarray(0, 5);
      const sealed = buffered.subarray(5, 5 + length);
      const tag = buffered.subarray(5 + length, 5 + length + TAG_BYTES);
      const plain = openSealed(key!, nonceOf(prefix!, counter++), Buffer.from(head), sealed, tag);
      if (!plain) throw new BackupRefusedError(DAMAGED_BACKUP_MESSAGE);
      stream.push(plain);
      ended = flag === LAST;
      buffered = buffered.subarray(5 + length + TAG_BYTES);
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      buffered = Buffer.concat([buffered, chunk]);
      (async () => {
        if (!key && !(await readHeader())) return;
        readRecords(this);
      })().then(() => done(), done);
    },
    flush(done: TransformCallback) {
      done(ended && buffered.length === 0 ? undefined : new BackupRefusedError(DAMAGED_BACKUP_MESSAGE));
    },
  });
}
