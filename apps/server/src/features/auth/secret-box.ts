import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export const SEALED_PREFIX = "enc1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for secrets the server must read back (TOTP secrets). Each value is bound to what it
 * belongs to (`context`, e.g. the person's id): copied onto another row it does not open.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
  }

  /** The plain value, or undefined when it was sealed with another key or for another context. */
  open(value: string, context: string): string | undefined {
    if (!SecretBox.isSealed(value)) return undefined;
    const bytes = Buffer.from(value.slice(SEALED_PREFIX.length), "base64url");
    if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      return undefined;
    }
  }

  static isSealed(value: string): boolean {
    return value.startsWith(SEALED_PREFIX);
  }
}
