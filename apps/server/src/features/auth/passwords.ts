import { hash, verify } from "@node-rs/argon2";

// argon2id is the library's default algorithm (its enum is a const enum we cannot import); OWASP's
// baseline cost: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Always does one argon2 verification, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    dummyHash ??= hashPassword("dummy-Password-1");
    await verify(await dummyHash, password);
    return false;
  }
  return verify(passwordHash, password);
}
