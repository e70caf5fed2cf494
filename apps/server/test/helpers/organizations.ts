import type { TestServer } from "./server.js";
import type { TestAccount } from "./factories.js";

/** The organisation's admin adds a branch; a session of theirs on it (they are its first admin), beside the one they had. */
export async function addBranch(server: TestServer, orgAdmin: TestAccount, name = "さくら薬局 駅前店") {
  const added = await server.api.post("/api/organization/branches", { name }, orgAdmin.idToken);
  if (added.status !== 201) throw new Error(`add branch ${added.status} ${added.text}`);
  const branch = added.body as { id: string; name: string; publicSlug: string };
  return { branch, admin: await sessionOn(server, orgAdmin, branch.id) };
}

/** A new session of the person (a sign-in, as on another PC) switched to that branch: their other sessions go on. */
export async function sessionOn(server: TestServer, person: TestAccount, branchId: string): Promise<TestAccount> {
  const signedIn = await server.api.post("/auth/sign_in", { email: person.email, password: person.password });
  if (signedIn.status !== 200) throw new Error(`sign_in ${signedIn.status} ${signedIn.text}`);
  return switchTo(server, { ...person, ...signedIn.body }, branchId);
}

/** The person's tokens on another of their branches (their tokens on the branch they leave end). */
export async function switchTo(server: TestServer, person: TestAccount, branchId: string): Promise<TestAccount> {
  const switched = await server.api.post("/auth/switch_branch", { branchId }, person.idToken);
  if (switched.status !== 200) throw new Error(`switch ${switched.status} ${switched.text}`);
  return { ...person, ...switched.body };
}
