import type { FileContentType } from "@pharmacy/contract/files/files";

export const FILE_EXTENSIONS: Record<FileContentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
  "application/pdf": "pdf",
};
