import type { AuditService } from "../audit/index.js";
import { randomUUID } from "node:crypto";
import type { CreatedDevice, Device } from "@pharmacy/contract/devices/devices";
import type { DeviceKind } from "@pharmacy/contract/auth/roles";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { UnitOfWork } from "../../live/unit-of-work.js";
import { NotFoundError } from "../../lib/errors.js";
import type { Actor } from "../../lib/actor.js";
import { hashRefreshToken, newRefreshToken, sessionEnded, type DeviceSessions, type IdTokens } from "../auth/index.js";
import * as repo from "./repository.js";

export interface DeviceServiceDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  idTokens: IdTokens;
  audit: AuditService;
}

/**
 * Counter kiosks and calling boards: not people, each with one long-lived token that the browser
 * keeps as its refresh token. A device's session is the device itself (its id is the token's sid),
 * so deleting it ends every id token it holds.
 */
export class DeviceService implements DeviceSessions {
  constructor(private readonly deps: DeviceServiceDeps) {}

  async create(actor: Actor, input: { kind: DeviceKind; name: string }): Promise<CreatedDevice> {
    const id = randomUUID();
    const deviceToken = newRefreshToken();
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.insertDevice(trx, {
        id,
        pharmacyId: actor.pharmacyId,
        ...input,
        tokenHash: hashRefreshToken(deviceToken),
        createdAt: this.deps.clock.now(),
      });
      await this.deps.audit.record(trx, actor, "device.created", { type: "device", id, detail: input.kind });
    });
    return { id, kind: input.kind, name: input.name, deviceToken };
  }

  async list(pharmacyId: string): Promise<Device[]> {
    return (await repo.listDevices(this.deps.db, pharmacyId)).map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      createdAt: row.created_at.toISOString(),
      ...(row.last_seen_at && { lastSeenAt: row.last_seen_at.toISOString() }),
    }));
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const deleted = await this.deps.unitOfWork.run(async (work) => {
      if (!(await repo.markDeviceDeleted(work.db, actor.pharmacyId, id, this.deps.clock.now()))) return false;
      await this.deps.audit.record(work.db, actor, "device.deleted", { type: "device", id });
      work.announce(sessionEnded(actor.pharmacyId, id));
      return true;
    });
    if (!deleted) throw new NotFoundError("端末が見つかりません。");
  }

  /** A tablet leaving kiosk mode (a staff sign-in on it) stops being the device: the device goes, with its session. */
  async signOut(deviceToken: string): Promise<boolean> {
    return this.deps.unitOfWork.run(async (work) => {
      const deleted = await repo.markDeviceDeletedByToken(
        work.db,
        hashRefreshToken(deviceToken),
        this.deps.clock.now(),
      );
      if (!deleted) return false;
      const self: Actor = {
        pharmacyId: deleted.pharmacy_id,
        name: deleted.name,
        type: "device",
        id: deleted.id,
        role: deleted.kind,
      };
      await this.deps.audit.record(work.db, self, "device.deleted", { type: "device", id: deleted.id });
      work.announce(sessionEnded(deleted.pharmacy_id, deleted.id));
      return true;
    });
  }

  endedSince(since: Date): Promise<string[]> {
    return repo.devicesDeletedSince(this.deps.db, since);
  }

  async refresh(deviceToken: string): Promise<string | undefined> {
    const device = await repo.touchDeviceByToken(this.deps.db, hashRefreshToken(deviceToken), this.deps.clock.now());
    if (!device) return undefined;
    return this.deps.idTokens.sign({
      userId: device.id,
      pharmacyId: device.pharmacy_id,
      organizationId: device.organization_id ?? device.pharmacy_id,
      organizationAdmin: false,
      email: "",
      name: device.name,
      role: device.kind,
      sessionId: device.id,
      mfaSetupRequired: false,
    });
  }
}
