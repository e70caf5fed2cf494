import type { AuditService } from "../audit/service.js";
import { randomUUID } from "node:crypto";
import type { CreatedDevice, Device } from "@pharmacy/contract/devices";
import type { DeviceKind } from "@pharmacy/contract/roles";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { NotFoundError } from "../../lib/errors.js";
import type { Actor } from "../auth/actor.js";
import type { IdTokens } from "../auth/id-tokens.js";
import { hashRefreshToken, newRefreshToken } from "../auth/secrets.js";
import type { DeviceSessions } from "../auth/service.js";
import type { EndedSessions } from "../auth/sessions.js";
import * as repo from "./repository.js";

/**
 * Counter kiosks and calling boards: not people, each with one long-lived token that the browser
 * keeps as its refresh token. A device's session is the device itself (its id is the token's sid),
 * so deleting it ends every id token it holds.
 */
export class DeviceService implements DeviceSessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly idTokens: IdTokens,
    private readonly endedSessions: EndedSessions,
    private readonly audit: AuditService,
  ) {}

  async create(actor: Actor, input: { kind: DeviceKind; name: string }): Promise<CreatedDevice> {
    const id = randomUUID();
    const deviceToken = newRefreshToken();
    await this.db.transaction().execute(async (trx) => {
      await repo.insertDevice(trx, { id, pharmacyId: actor.pharmacyId, ...input, tokenHash: hashRefreshToken(deviceToken), createdAt: this.clock.now() });
      await this.audit.record(trx, actor, "device.created", { type: "device", id, detail: input.kind });
    });
    return { id, kind: input.kind, name: input.name, deviceToken };
  }

  async list(pharmacyId: string): Promise<Device[]> {
    return (await repo.listDevices(this.db, pharmacyId)).map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      createdAt: row.created_at.toISOString(),
      ...(row.last_seen_at && { lastSeenAt: row.last_seen_at.toISOString() }),
    }));
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.markDeviceDeleted(trx, actor.pharmacyId, id, this.clock.now()))) return false;
      await this.audit.record(trx, actor, "device.deleted", { type: "device", id });
      await this.endedSessions.announce(trx, [id]);
      return true;
    });
    if (!deleted) throw new NotFoundError("端末が見つかりません。");
    this.endedSessions.markEnded([id]);
  }

  /** A tablet leaving kiosk mode (a staff sign-in on it) stops being the device: the device goes, with its session. */
  async signOut(deviceToken: string): Promise<boolean> {
    const device = await this.db.transaction().execute(async (trx) => {
      const deleted = await repo.markDeviceDeletedByToken(trx, hashRefreshToken(deviceToken), this.clock.now());
      if (!deleted) return undefined;
      const self: Actor = { pharmacyId: deleted.pharmacy_id, name: deleted.name, type: "device", id: deleted.id, role: deleted.kind };
      await this.audit.record(trx, self, "device.deleted", { type: "device", id: deleted.id });
      await this.endedSessions.announce(trx, [deleted.id]);
      return deleted;
    });
    if (device) this.endedSessions.markEnded([device.id]);
    return device !== undefined;
  }

  async refresh(deviceToken: string): Promise<string | undefined> {
    const device = await repo.touchDeviceByToken(this.db, hashRefreshToken(deviceToken), this.clock.now());
    if (!device) return undefined;
    return this.idTokens.sign({
      userId: device.id,
      pharmacyId: device.pharmacy_id,
      email: "",
      name: device.name,
      role: device.kind,
      sessionId: device.id,
      mfaSetupRequired: false,
    });
  }
}
