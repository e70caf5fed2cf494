interface ScanFile {
  file: File;
  /** Object URL for the thumbnail; revoked when the picture goes. */
  previewUrl: string | undefined;
}

/** The pictures of the counter flow by local id: kept outside the store (a File is not serialisable). */
export class ScanFiles {
  private readonly entries = new Map<string, ScanFile>();

  get(id: string): ScanFile | undefined {
    return this.entries.get(id);
  }

  set(id: string, entry: ScanFile): void {
    this.release(id);
    this.entries.set(id, entry);
  }

  release(id: string): void {
    const entry = this.entries.get(id);
    if (entry?.previewUrl) URL.revokeObjectURL(entry.previewUrl);
    this.entries.delete(id);
  }

  releaseAll(): void {
    for (const id of [...this.entries.keys()]) this.release(id);
  }
}
