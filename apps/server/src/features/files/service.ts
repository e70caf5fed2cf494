import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AttachFileInput, FileContentType, StoredFile, UploadResponse } from "@pharmacy/contract/files";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, NotFoundError } from "../../lib/errors.js";
import type { Actor } from "../auth/actor.js";
import type { ReceptionService } from "../receptions/service.js";
import { findFileData, findFileMeta, insertFile } from "./repository.js";
import { sniffContentType } from "./sniff.js";

const FILE_NOT_FOUND = "ファイルが見つかりません。";

export class FileService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly receptions: ReceptionService,
  ) {}

  /** Checks the bytes, then stores the file and (with a reception) its prescription in one transaction. */
  async upload(
    actor: Actor,
    data: Uint8Array,
    target: { receptionId?: string | undefined; sourceType: string },
  ): Promise<UploadResponse> {
    const contentType = checkedContentType(data);
    const id = randomUUID();
    const prescriptionId = await this.db.transaction().execute(async (trx) => {
      await insertFile(trx, { id, pharmacyId: actor.pharmacyId, contentType, data, at: this.clock.now() });
      if (!target.receptionId) return undefined;
      return this.receptions.attachPrescription(actor, target.receptionId, { sourceType: target.sourceType, fileId: id }, trx);
    });
    const file: StoredFile = { id, contentType, size: data.byteLength };
    if (!target.receptionId || !prescriptionId) return { file };
    return { file, prescription: await this.announceAttached(actor, target.receptionId, prescriptionId) };
  }

  async attach(actor: Actor, input: Required<AttachFileInput>): Promise<UploadResponse> {
    const meta = await findFileMeta(this.db, actor.pharmacyId, input.id);
    if (!meta) throw new NotFoundError(FILE_NOT_FOUND);
    const prescriptionId = await this.receptions.attachPrescription(actor, input.receptionId, {
      sourceType: input.sourceType,
      fileId: meta.id,
    });
    return {
      file: { id: meta.id, contentType: meta.content_type as FileContentType, size: meta.byte_size },
      prescription: await this.announceAttached(actor, input.receptionId, prescriptionId),
    };
  }

  async read(pharmacyId: string, id: string) {
    const file = await findFileData(this.db, pharmacyId, id);
    if (!file) throw new NotFoundError(FILE_NOT_FOUND);
    return { id: file.id, contentType: file.content_type as FileContentType, data: file.data };
  }

  private async announceAttached(actor: Actor, receptionId: string, prescriptionId: string) {
    await this.receptions.publish(actor, [{ type: "reception.updated", receptionId }]);
    const reception = await this.receptions.get(actor.pharmacyId, receptionId);
    return reception.prescriptions.find((prescription) => prescription.prescriptionId === prescriptionId);
  }
}

export function checkedContentType(data: Uint8Array): FileContentType {
  if (data.byteLength === 0) throw new AppError(400, "ファイルが空です。");
  const contentType = sniffContentType(data);
  if (!contentType) throw new AppError(415, "JPEG・PNG・WebP・HEICの画像またはPDFを選んでください。");
  return contentType;
}
