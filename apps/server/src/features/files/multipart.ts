import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.js";

export interface Upload {
  files: Uint8Array[];
  fields: Record<string, string>;
}

const MAX_FILES = 10;

/** Reads a whole multipart body: every file (each at most maxBytes) and the plain fields. */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(415, "multipart/form-data で送信してください。");
  const upload: Upload = { files: [], fields: {} };
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: MAX_FILES, fields: 20, fieldSize: 10_000 } })) {
    if (part.type === "file") {
      const data = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, "ファイルが大きすぎます（10MBまで）。");
      upload.files.push(data);
    } else if (typeof part.value === "string") {
      upload.fields[part.fieldname] = part.value;
    }
  }
  return upload;
}
