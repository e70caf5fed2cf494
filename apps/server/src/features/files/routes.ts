import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AttachFileSchema,
  FileIdParamsSchema,
  UploadFieldsSchema,
  UploadResponseSchema,
} from "@pharmacy/contract/files/files";
import { MAX_FILE_BYTES } from "@pharmacy/contract/files/file-limits";
import { InvalidInputError } from "../../lib/errors.js";
import { actorOf } from "../../lib/actor.js";
import { acceptUploads, readUpload } from "./multipart.js";
import { FILE_EXTENSIONS } from "./sniff.js";
import type { FileContent, FileService } from "./service.js";

const ONE_FILE = "ファイルを1つ選んでください。";

export const fileRoutes: FastifyPluginAsyncZod<{ files: FileService }> = async (app, { files }) => {
  await acceptUploads(app);
  app.post("/api/file", { schema: { response: { 201: UploadResponseSchema } } }, async (request, reply) => {
    const upload = await readUpload(request, {
      maxFileBytes: MAX_FILE_BYTES,
      maxFiles: 1,
      tooManyFiles: () => InvalidInputError.of(ONE_FILE, ["file"]),
    });
    if (upload.files.length !== 1) throw InvalidInputError.of(ONE_FILE, ["file"]);
    const fields = UploadFieldsSchema.safeParse(upload.fields);
    if (!fields.success) throw InvalidInputError.fromZod(fields.error);
    const result = await files.upload(actorOf(request), upload.files[0]!, fields.data);
    return reply.status(201).send(result);
  });

  app.patch(
    "/api/file",
    {
      schema: { body: AttachFileSchema, response: { 200: UploadResponseSchema } },
    },
    async (request) => files.attach(actorOf(request), request.body),
  );

  app.get("/api/file/:id", { schema: { params: FileIdParamsSchema } }, async (request, reply) =>
    sendFile(reply, await files.open(actorOf(request), request.params.id)),
  );

  /** A small JPEG for the detail panel; a file that has none (PDF, HEIC) answers with itself. */
  app.get("/api/file/:id/thumbnail", { schema: { params: FileIdParamsSchema } }, async (request, reply) =>
    sendFile(reply, await files.read(actorOf(request).pharmacyId, request.params.id, "thumbnail")),
  );
};

/** Streamed: neither a database connection nor the whole file is held while a slow client reads. */
function sendFile(reply: FastifyReply, file: FileContent) {
  return (
    reply
      .header("Content-Type", file.contentType)
      .header("Content-Length", file.size)
      .header("Content-Disposition", `inline; filename="prescription-${file.id}.${FILE_EXTENSIONS[file.contentType]}"`)
      // patients' prescriptions must not stay in a shared counter PC's cache, nor run as a page
      .header("Cache-Control", "no-store")
      .header("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      .send(file.stream)
  );
}
