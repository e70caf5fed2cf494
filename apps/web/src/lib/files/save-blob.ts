/** Hands a downloaded file (fetched with the bearer token, so not a plain link) to the browser to save. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The click starts the download asynchronously: the URL must outlive it for a moment.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
