import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { FILE_TOO_LARGE_MESSAGE } from "@pharmacy/contract/files/file-limits";
import { AppError, InvalidInputError } from "../../lib/errors.js";

export interface Upload {
  files: Uint8Array[];
  fields: Record<string, string>;
}

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  /** Thrown when more files come than `maxFiles`. */
  tooManyFiles: () => Error;
  /** All files together; past it `overTotal` is thrown at once. */
  maxTotalBytes?: number;
  overTotal?: () => Error;
}

/**
 * Lets the routes of `scope` read multipart bodies. Only the scopes that take uploads register it:
 * on every route, its two hooks (a promise each, and a listener on the response) cost the day list
 * several per cent of its time.
 */
export async function acceptUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart);
}

const MAX_FIELDS = 20;
/** Above the longest field a form sends (`photoCodes`, MAX_PHOTO_CODES_CHARS). */
const MAX_FIELD_BYTES = 64_000;
const MALFORMED_MESSAGE = "送信データの形式が正しくありません。もう一度お試しください。";

/**
 * Reads a multipart body chunk by chunk, counting files and bytes as they arrive, so a body over a
 * limit is refused at that point rather than after holding all of it. Anything the parser cannot
 * read (no or wrong boundary, cut off, garbage, a `__proto__` field) is a 400 with issues.
 */
export async function readUpload(request: FastifyRequest, limits: UploadLimits): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(415, "multipart/form-data で送信してください。");
  const upload: Upload = { files: [], fields: Object.create(null) as Record<string, string> };
  let totalBytes = 0;
  try {
    const parts = request.parts({
      // one more file than allowed reaches us, so the refusal can name the limit
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles + 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (typeof part.value !== "string" || part.valueTruncated)
          throw InvalidInputError.of("入力が長すぎます", [part.fieldname]);
        upload.fields[part.fieldname] = part.value;
        continue;
      }
      if (upload.files.length === limits.maxFiles) throw limits.tooManyFiles();
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        totalBytes += chunk.byteLength;
        if (limits.maxTotalBytes !== undefined && totalBytes > limits.maxTotalBytes)
          throw limits.overTotal?.() ?? tooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      upload.files.push(Buffer.concat(chunks));
    }
  } catch (error) {
    throw asClientError(error);
  }
  return upload;
}

function tooLarge() {
  return new AppError(413, FILE_TOO_LARGE_MESSAGE);
}

/** The parser's own errors as the API's: limits keep their status, everything unreadable is a 400. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (code === "FST_PROTO_VIOLATION") return InvalidInputError.of("使用できない項目名が含まれています");
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return InvalidInputError.of("項目が多すぎます");
  return new InvalidInputError([{ path: [], message: MALFORMED_MESSAGE, code: "invalid_multipart" }]);
}
