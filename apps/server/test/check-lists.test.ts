import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PrescriptionSourceTypeSchema,
  ReceptionChannelSchema,
  ReceptionStatusSchema,
} from "@pharmacy/contract/shared/enums";
import { CodeReadStatusSchema } from "@pharmacy/contract/files/prescription-data";
import type { DatabaseHandle } from "../src/db/database.js";
import { openTestDatabase } from "./helpers/test-database.js";
import { PhotoRequestReasonSchema } from "@pharmacy/contract/receptions/photo-requests";
import { CODE_PURPOSES, LINE_MESSAGE_STATES } from "../src/db/schema.js";
import { AuditActionSchema, AuditActorTypeSchema } from "@pharmacy/contract/audit/audit";
import { RetentionKindSchema } from "@pharmacy/contract/retention/retention";
import { DeviceKindSchema, PersonRoleSchema } from "@pharmacy/contract/auth/roles";
import {
  CareContactSourceSchema,
  FollowUpChannelSchema,
  FollowUpStatusSchema,
} from "@pharmacy/contract/follow-ups/follow-ups";

/** Each `column in (…)` CHECK of the schema and the enum its row type uses. */
const ENUM_OF_COLUMN: Record<string, readonly string[]> = {
  "receptions.channel": ReceptionChannelSchema.options,
  "receptions.status": ReceptionStatusSchema.options,
  "prescriptions.source_type": PrescriptionSourceTypeSchema.options,
  "prescriptions.code_status": CodeReadStatusSchema.options,
  "verification_codes.purpose": CODE_PURPOSES,
  "photo_requests.reason": PhotoRequestReasonSchema.options,
  "memberships.role": PersonRoleSchema.options,
  "retention_periods.kind": RetentionKindSchema.options,
  "devices.kind": DeviceKindSchema.options,
  "audit_log.actor_type": AuditActorTypeSchema.options,
  "audit_log.action": AuditActionSchema.options,
  "line_outbox.state": LINE_MESSAGE_STATES,
  "care_contacts.source": CareContactSourceSchema.options,
  "follow_ups.channel": FollowUpChannelSchema.options,
  "follow_ups.status": FollowUpStatusSchema.options,
};

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase("");
});
afterAll(() => database.close());

/** The value lists of the CHECK constraints, read from the catalogue: `table.column` → values. */
async function checkLists(): Promise<Record<string, string[]>> {
  const { rows } = await sql<{ table_name: string; definition: string }>`
    select conrelid::regclass::text as table_name, pg_get_constraintdef(oid) as definition
    from pg_constraint where contype = 'c' and connamespace = current_schema()::regnamespace`.execute(database.db);
  const lists: Record<string, string[]> = {};
  for (const { table_name, definition } of rows) {
    const column = /\(\(?(\w+) = ANY/.exec(definition)?.[1];
    if (!column) continue;
    lists[`${table_name}.${column}`] = [...definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1]!);
  }
  return lists;
}

describe("database CHECK lists", () => {
  it("allow exactly the values of the contract's enums", async () => {
    const lists = await checkLists();
    expect(Object.keys(lists).sort()).toEqual(Object.keys(ENUM_OF_COLUMN).sort());
    for (const [column, values] of Object.entries(ENUM_OF_COLUMN)) {
      expect({ column, values: [...lists[column]!].sort() }).toEqual({ column, values: [...values].sort() });
    }
  });
});
