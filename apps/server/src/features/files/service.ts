import type { AuditService } from "../audit/index.js";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { PrescriptionSourceType } from "@pharmacy/contract/shared/enums";
import {
  type AttachFileInput,
  type FileContentType,
  type StoredFile,
  type UploadResponse,
} from "@pharmacy/contract/files/files";
import { WRONG_FILE_TYPE_MESSAGE } from "@pharmacy/contract/files/file-limits";
import type { CodeSymbol, Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, InvalidInputError, NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { Actor } from "../../lib/actor.js";
import type { PrescriptionService, ReceptionService } from "../receptions/index.js";
import type { FastifyBaseLogger } from "fastify";
import type { ByteStore, FileVariant } from "./byte-store.js";
import { storeForNewBytes, type FileStores } from "./file-store.js";
import { FileStoreUnavailableError } from "./bucket-store.js";
import { deleteStoredFiles } from "./file-deletion.js";
import {
  aFileInBucket,
  aFileOnDisk,
  unreferencedFileIds,
  findFileMeta,
  insertFiles,
  knownFileIds,
  markMovedOut,
  nextFileToMove,
  readThumbnail,
  streamFileData,
} from "./repository.js";
import { makeThumbnail } from "./thumbnails.js";
import { sniffContentType } from "@pharmacy/contract/files/file-signature";
import { ERROR_CODE_MESSAGES, ErrorCode, MAX_IMAGE_PIXELS } from "@pharmacy/contract/shared/errors";
import { largestPicturePixels } from "./image-pixels.js";
import type { CodeReader } from "./code-reader.js";

const FILE_NOT_FOUND = "ファイルが見つかりません。";

/** An upload checked and read, ready to keep. */
export interface PreparedFile {
  data: Uint8Array;
  contentType: FileContentType;
  symbols: CodeSymbol[] | null;
}

/** A prepared file made ready (thumbnail made, on disk when the store is a disk) before its transaction. */
export interface StagedFile extends PreparedFile {
  id: string;
  pharmacyId: string;
  thumbnail: Uint8Array | undefined;
}

/** A stored file as served: the original or its thumbnail, streamed. */
export interface FileContent {
  id: string;
  contentType: FileContentType;
  size: number;
  stream: Readable;
}

export interface FileServiceDeps {
  db: Db;
  /** What bytes kept in the database are read through (DatabaseHandle.bytesDb). */
  bytesDb: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  receptions: ReceptionService;
  prescriptions: PrescriptionService;
  /**
   * Where file bytes are kept outside the database (file-store.ts): new ones go to the bucket, else the
   * folder, else (PostgreSQL) the database. Bytes kept elsewhere before are read from where they are.
   */
  stores: FileStores;
  codeReader: CodeReader;
  audit: AuditService;
  log: FastifyBaseLogger;
}

export class FileService {
  /** Where this process puts new bytes; undefined: in PostgreSQL. */
  private readonly store: ByteStore | undefined;

  constructor(private readonly deps: FileServiceDeps) {
    this.store = storeForNewBytes(deps.stores);
  }

  /** Checks the bytes, then stores the file and (with a reception) its prescription in one transaction. */
  async upload(
    actor: Actor,
    data: Uint8Array,
    target: {
      receptionId?: string | undefined;
      sourceType: PrescriptionSourceType;
    },
  ): Promise<UploadResponse> {
    const staged = await this.stage(actor.pharmacyId, [data]);
    const { id, symbols, contentType } = staged[0]!;
    const prescriptionId = await this.keepIfCommitted(staged, () =>
      this.deps.unitOfWork.run(async (work) => {
        await this.storeAll(actor, staged, work);
        return (
          target.receptionId &&
          this.deps.prescriptions.attachPrescription(
            actor,
            target.receptionId,
            { sourceType: target.sourceType, fileId: id, symbols },
            work,
          )
        );
      }),
    );
    const file: StoredFile = { id, contentType, size: staged[0]!.data.byteLength };
    if (!target.receptionId || !prescriptionId) return { file };
    return {
      file,
      prescription: await this.prescriptionOf(actor, target.receptionId, prescriptionId),
    };
  }

  /**
   * The one place an upload's bytes are looked into, while they are in memory and before any
   * transaction: their type, the 2D codes they show (in a worker thread), and a HEIC photo turned into
   * the JPEG that is kept, so every browser can show it.
   */
  private async prepare(data: Uint8Array): Promise<PreparedFile> {
    const contentType = checkedContentType(data);
    const reading = await this.deps.codeReader.read(data, contentType);
    if (reading.jpeg) return { data: reading.jpeg, contentType: "image/jpeg", symbols: reading.symbols };
    return { data, contentType, symbols: reading.symbols };
  }

  /**
   * Checks every upload's type, reads its codes, makes its thumbnail and, with a disk store, writes its
   * bytes durably: all before the transaction that records them, which must go through `keepIfCommitted`.
   */
  /**
   * `readBefore`: the codes the visitor's browser read in each upload at its full size, before making it
   * smaller; an upload keeps those where they are more symbols than the server reads in
   * it (none, or one of a code split over two), else the server's own reading.
   */
  async stage(
    pharmacyId: string,
    uploads: Uint8Array[],
    readBefore: readonly CodeSymbol[][] = [],
  ): Promise<StagedFile[]> {
    uploads.forEach(checkedContentType);
    const files: PreparedFile[] = [];
    for (const [index, data] of uploads.entries()) {
      const file = await this.prepare(data);
      const before = readBefore[index] ?? [];
      files.push(before.length > (file.symbols?.length ?? 0) ? { ...file, symbols: before } : file);
    }
    const staged: StagedFile[] = [];
    try {
      for (const file of files) {
        const next = {
          id: randomUUID(),
          pharmacyId,
          ...file,
          thumbnail: await makeThumbnail(file.data, file.contentType),
        };
        staged.push(next);
        await this.store?.put(next);
      }
    } catch (error) {
      await this.discard(staged);
      throw error;
    }
    return staged;
  }

  /**
   * `stage`, or undefined when the bucket does not answer: for a caller that would rather go on
   * without the photos (the public page keeps the visitor's reception and asks for them again).
   */
  async stageIfStoreAnswers(
    pharmacyId: string,
    uploads: Uint8Array[],
    readBefore: readonly CodeSymbol[][] = [],
  ): Promise<StagedFile[] | undefined> {
    try {
      return await this.stage(pharmacyId, uploads, readBefore);
    } catch (error) {
      if (error instanceof FileStoreUnavailableError) {
        this.deps.log.warn(
          { err: error.cause },
          "the photo bucket did not answer: a web reception kept without its photos",
        );
        return undefined;
      }
      throw error;
    }
  }

  /** Runs the transaction that records staged files; if it fails, their bytes on disk are removed. */
  async keepIfCommitted<T>(staged: StagedFile[], transaction: () => Promise<T>): Promise<T> {
    try {
      return await transaction();
    } catch (error) {
      await this.discard(staged);
      throw error;
    }
  }

  /** Records staged files in the caller's transaction, a statement for them all and one for their audit. */
  async storeAll(actor: Actor, files: StagedFile[], work: Work): Promise<void> {
    const at = this.deps.clock.now();
    await insertFiles(
      work.db,
      files.map((file) => ({
        id: file.id,
        pharmacyId: file.pharmacyId,
        contentType: file.contentType,
        byteSize: file.data.byteLength,
        symbols: file.symbols,
        place: this.placeOfNewBytes(),
        inDatabase: this.store ? undefined : { data: file.data, thumbnail: file.thumbnail },
        hasThumbnail: file.thumbnail !== undefined,
        uploadedByDeviceId: actor.role === "counter" ? actor.id : undefined,
        at,
      })),
    );
    await this.deps.audit.recordEach(
      work,
      actor,
      "file.uploaded",
      files.map((file) => ({ type: "file", id: file.id })),
    );
  }

  async attach(actor: Actor, input: Required<AttachFileInput>): Promise<UploadResponse> {
    const meta = await findFileMeta(this.deps.db, actor.pharmacyId, input.id);
    // a kiosk reads back the codes of what it attaches: only its own uploads, never another patient's file
    if (!meta || (actor.role === "counter" && meta.uploaded_by_device_id !== actor.id))
      throw new NotFoundError(FILE_NOT_FOUND);
    const prescriptionId = await this.deps.prescriptions.attachPrescription(actor, input.receptionId, {
      sourceType: input.sourceType,
      fileId: meta.id,
      symbols: meta.code_symbols,
    });
    return {
      file: {
        id: meta.id,
        contentType: meta.content_type,
        size: meta.byte_size,
      },
      prescription: await this.prescriptionOf(actor, input.receptionId, prescriptionId),
    };
  }

  /**
   * The file's bytes as a stream that holds no database connection while the client reads: from
   * disk, or from the database a chunk per query. The thumbnail is a JPEG; a file without one (PDF,
   * HEIC, unreadable image) answers with the file itself.
   */
  /**
   * GET of a file's original: an opening, written down (docs/rules.md#people-roles-and-devices). A thumbnail is not: the screens load
   * them by the dozen beside the reception, whose opening is written down already.
   */
  async open(actor: Actor, id: string): Promise<FileContent> {
    const content = await this.read(actor.pharmacyId, id);
    await this.deps.audit.record(this.deps.db, actor, "file.opened", { type: "file", id });
    return content;
  }

  async read(pharmacyId: string, id: string, variant: FileVariant = "original"): Promise<FileContent> {
    const meta = await findFileMeta(this.deps.db, pharmacyId, id);
    if (!meta) throw new NotFoundError(FILE_NOT_FOUND);
    const store = meta.in_bucket ? this.deps.stores.bucket : meta.on_disk ? this.deps.stores.disk : undefined;
    const outside = meta.in_bucket || meta.on_disk;
    if (variant === "thumbnail" && meta.has_thumbnail) {
      if (outside)
        return {
          id,
          contentType: "image/jpeg",
          ...(await fromStore(store, pharmacyId, id, "thumbnail")),
        };
      const thumbnail = await readThumbnail(this.deps.bytesDb, id);
      if (thumbnail)
        return {
          id,
          contentType: "image/jpeg",
          size: thumbnail.byteLength,
          stream: Readable.from([Buffer.from(thumbnail)]),
        };
    }
    const original = outside
      ? await fromStore(store, pharmacyId, id, "original")
      : {
          size: meta.byte_size,
          stream: streamFileData(this.deps.bytesDb, id, meta.byte_size),
        };
    return { id, contentType: meta.content_type, ...original };
  }

  /**
   * Deletes, in the caller's transaction, those files of the branch no prescription names any more (the
   * caller unlinked them first), their bytes once it has committed (`deleteFiles`); returns their ids.
   */
  async deleteRows(work: Work, pharmacyId: string, ids: string[]): Promise<string[]> {
    const unreferenced = await unreferencedFileIds(work.db, pharmacyId, ids);
    await this.deleteFiles(work, unreferenced);
    return unreferenced;
  }

  /**
   * At start: refuses to serve when a stored photo's bytes are not in the files folder (FILES_DIR
   * unset, changed, or a share not mounted): every such photo would fail to open, and new ones would
   * go where the other processes do not look.
   */
  async checkBytesReachable(): Promise<void> {
    const { disk, bucket } = this.deps.stores;
    const onDisk = await aFileOnDisk(this.deps.db);
    if (onDisk && !disk)
      throw new Error("Stored photos are kept in a files folder but FILES_DIR is not set: set it to that folder.");
    if (onDisk && !(await disk!.has(onDisk.pharmacy_id, onDisk.id)))
      throw new Error(
        `Stored photos are not in ${disk!.root}: set FILES_DIR to the folder they are in (is it mounted?).`,
      );
    const inBucket = await aFileInBucket(this.deps.db);
    if (inBucket && !bucket)
      throw new Error("Stored photos are kept in an S3 bucket but FILES_S3_BUCKET is not set: set it to that bucket.");
    // a bucket that does not answer is no reason to stop receptions: its photos answer 503 until it is back
    const found = inBucket && (await bucket!.has(inBucket.pharmacy_id, inBucket.id).catch(() => undefined));
    if (found === false)
      throw new Error(
        `Stored photos are not in ${bucket!.where}: set FILES_S3_BUCKET (and FILES_S3_ENDPOINT) to the bucket they are in.`,
      );
  }

  /**
   * At start before listening (no upload of this process in flight): removes bytes in the folder that
   * no row names, left by a crash between writing them and committing.
   */
  async sweepDiskStore(): Promise<number> {
    return this.deps.stores.disk ? this.deps.stores.disk.sweep((ids) => knownFileIds(this.deps.db, ids)) : 0;
  }

  /**
   * The same for the bucket, run after start: listing a large bucket takes a while, and only objects
   * older than any upload in flight are removed, so uploads may go on meanwhile.
   */
  async sweepBucket(): Promise<number> {
    return this.deps.stores.bucket ? this.deps.stores.bucket.sweep((ids) => knownFileIds(this.deps.db, ids)) : 0;
  }

  /**
   * Deletes files (rows and bytes, wherever they are) in the caller's transaction: the rows go with it,
   * the bytes once it has committed (never if it rolls back). What references a file (its prescription)
   * must be deleted first. Bytes that fail to go (a bucket that is down) are named by no row any more,
   * so the start-up sweeps remove them later. How many rows went.
   */
  async deleteFiles(work: Work, ids: string[]): Promise<number> {
    return deleteStoredFiles(work, this.deps.stores, ids, this.deps.log);
  }

  /**
   * Embedded database only: moves bytes still kept in the database (stored before migration 008) to
   * disk one file at a time, with a thumbnail. Until a file has moved it is read from the database.
   */
  async moveDatabaseBytesToDisk(): Promise<number> {
    if (!this.store) return 0;
    let moved = 0;
    for (let file = await nextFileToMove(this.deps.db); file?.data; file = await nextFileToMove(this.deps.db)) {
      const thumbnail = await makeThumbnail(file.data, file.content_type);
      await this.store.put({
        id: file.id,
        pharmacyId: file.pharmacy_id,
        data: file.data,
        thumbnail,
      });
      await markMovedOut(this.deps.db, file.id, this.placeOfNewBytes()!, thumbnail !== undefined);
      moved += 1;
    }
    return moved;
  }

  private placeOfNewBytes(): "disk" | "bucket" | undefined {
    if (!this.store) return undefined;
    return this.store === this.deps.stores.bucket ? "bucket" : "disk";
  }

  /** Removes what was written for a transaction that failed; a bucket that is down leaves it to the sweep. */
  private async discard(staged: StagedFile[]): Promise<void> {
    for (const file of staged) await this.store?.remove(file.pharmacyId, file.id).catch(() => undefined);
  }

  private async prescriptionOf(actor: Actor, receptionId: string, prescriptionId: string) {
    const reception = await this.deps.receptions.getFor(actor, receptionId);
    return reception.prescriptions.find((prescription) => prescription.prescriptionId === prescriptionId);
  }
}

/**
 * A stored file's bytes from its folder or bucket. Not there (emptied by hand, a partial restore): a
 * 404 saying so, not a 500; the store not set any more: the same (start-up refuses that case).
 */
async function fromStore(store: ByteStore | undefined, pharmacyId: string, id: string, variant: FileVariant) {
  const opened = await store?.open(pharmacyId, id, variant);
  if (!opened) throw new AppError(404, ERROR_CODE_MESSAGES[ErrorCode.FileBytesMissing], ErrorCode.FileBytesMissing);
  return opened;
}

/** The upload's real type, and a picture small enough to decode: both from its first bytes and headers, before anything reads it. */
export function checkedContentType(data: Uint8Array): FileContentType {
  if (data.byteLength === 0) throw InvalidInputError.of("ファイルが空です。", ["file"]);
  const contentType = sniffContentType(data);
  if (!contentType) throw new AppError(415, WRONG_FILE_TYPE_MESSAGE);
  if ((largestPicturePixels(data, contentType) ?? 0) > MAX_IMAGE_PIXELS)
    throw new AppError(413, ERROR_CODE_MESSAGES[ErrorCode.ImageTooLarge], ErrorCode.ImageTooLarge);
  return contentType;
}
