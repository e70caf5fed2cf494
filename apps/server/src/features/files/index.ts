// The files feature as other features see it (apps/server/README.md, "Boundaries").
export type { FileService, StagedFile } from "./service.js";
export { acceptUploads, readUpload } from "./multipart.js";
