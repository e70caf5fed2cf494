import { randomUUID } from "node:crypto";
import type { PrescriptionSourceType } from "@pharmacy/contract/enums";
import type { AttachFileInput, FileContentType, StoredFile, UploadResponse } from "@pharmacy/contract/files";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, InvalidInputError, NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { Actor } from "../auth/actor.js";
import type { ReceptionService } from "../receptions/service.js";
import { findFileData, findFileMeta, insertFile } from "./repository.js";
import { sniffContentType } from "@pharmacy/contract/file-signature";

const FILE_NOT_FOUND = "ファイルが見つかりません。";

export class FileService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly receptions: ReceptionService,
  ) {}

  /** Checks the bytes, then stores the file and (with a reception) its prescription in one transaction. */
  async upload(
    actor: Actor,
    data: Uint8Array,
    target: { receptionId?: string | undefined; sourceType: PrescriptionSourceType },
  ): Promise<UploadResponse> {
    const contentType = checkedContentType(data);
    const { id, prescriptionId } = await this.unitOfWork.run(async (work) => {
      const id = await this.store(actor.pharmacyId, { data, contentType }, work);
      const prescriptionId =
        target.receptionId && (await this.receptions.attachPrescription(actor, target.receptionId, { sourceType: target.sourceType, fileId: id }, work));
      return { id, prescriptionId };
    });
    const file: StoredFile = { id, contentType, size: data.byteLength };
    if (!target.receptionId || !prescriptionId) return { file };
    return { file, prescription: await this.prescriptionOf(actor, target.receptionId, prescriptionId) };
  }

  /** Keeps bytes already checked (see checkedContentType), in the caller's transaction; the file's id. */
  async store(pharmacyId: string, file: { data: Uint8Array; contentType: FileContentType }, outer?: Work): Promise<string> {
    const id = randomUUID();
    await this.unitOfWork.run((work) => insertFile(work.db, { id, pharmacyId, ...file, at: this.clock.now() }), outer);
    return id;
  }

  async attach(actor: Actor, input: Required<AttachFileInput>): Promise<UploadResponse> {
    const meta = await findFileMeta(this.db, actor.pharmacyId, input.id);
    if (!meta) throw new NotFoundError(FILE_NOT_FOUND);
    const prescriptionId = await this.receptions.attachPrescription(actor, input.receptionId, {
      sourceType: input.sourceType,
      fileId: meta.id,
    });
    return {
      file: { id: meta.id, contentType: meta.content_type, size: meta.byte_size },
      prescription: await this.prescriptionOf(actor, input.receptionId, prescriptionId),
    };
  }

  async read(pharmacyId: string, id: string) {
    const file = await findFileData(this.db, pharmacyId, id);
    if (!file) throw new NotFoundError(FILE_NOT_FOUND);
    return { id: file.id, contentType: file.content_type, data: file.data };
  }

  private async prescriptionOf(actor: Actor, receptionId: string, prescriptionId: string) {
    const reception = await this.receptions.get(actor.pharmacyId, receptionId);
    return reception.prescriptions.find((prescription) => prescription.prescriptionId === prescriptionId);
  }
}

export function checkedContentType(data: Uint8Array): FileContentType {
  if (data.byteLength === 0) throw InvalidInputError.of("ファイルが空です。", ["file"]);
  const contentType = sniffContentType(data);
  if (!contentType) throw new AppError(415, "JPEG・PNG・WebP・HEICの画像またはPDFを選んでください。");
  return contentType;
}
