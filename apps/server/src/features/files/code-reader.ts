import { Worker } from "node:worker_threads";
import { MAX_IMAGE_PIXELS } from "@pharmacy/contract/shared/errors";
import type { FileContentType } from "@pharmacy/contract/files/files";
import type { CodeSymbol } from "../../db/schema.js";

/** What reading a file gave: its QR symbols (null: not looked at), and a HEIC photo as JPEG for browsers. */
export interface FileReading {
  symbols: CodeSymbol[] | null;
  jpeg?: Uint8Array;
}

/** The file types the worker reads: WebP is left alone (the web app sends JPEG). */
const READABLE = new Set<FileContentType>(["image/jpeg", "image/png", "image/heic", "application/pdf"]);
/** A photo the reader has not finished with by then is stored unread rather than holding up the upload. */
const READ_TIMEOUT_MS = 20_000;

interface WorkerAnswer {
  id: number;
  symbols?: CodeSymbol[];
  jpeg?: Uint8Array;
  error?: string;
}

/**
 * Reads uploads' 2D codes in one worker thread (code-reader-worker.mjs), one file after another, so
 * decoding a 12-megapixel photo never blocks the event loop. A file it cannot read gives no symbols,
 * never an error: the upload goes on and the photo says that no code was read.
 */
export class CodeReader {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, (answer: WorkerAnswer) => void>();

  async read(data: Uint8Array, contentType: FileContentType): Promise<FileReading> {
    if (!READABLE.has(contentType)) return { symbols: null };
    const id = this.nextId++;
    const answer = await new Promise<WorkerAnswer>((resolve) => {
      const timer = setTimeout(() => finish({ id, error: "timeout" }), READ_TIMEOUT_MS);
      const finish = (result: WorkerAnswer) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(result);
      };
      this.pending.set(id, finish);
      // a PDF's images larger than photos may be are not decoded
      this.started().postMessage({ id, data, contentType, maxPixels: MAX_IMAGE_PIXELS });
    });
    const jpeg = answer.jpeg && new Uint8Array(answer.jpeg);
    return { symbols: answer.symbols ?? [], ...(jpeg && { jpeg }) };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./code-reader-worker.mjs", import.meta.url));
    worker.unref();
    worker.on("message", (answer: WorkerAnswer) => this.pending.get(answer.id)?.(answer));
    // A crashed worker fails what it had in hand; the next file starts a new one.
    const fail = () => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, finish] of [...this.pending]) finish({ id, error: "worker stopped" });
    };
    worker.on("error", fail);
    worker.on("exit", fail);
    this.worker = worker;
    return worker;
  }
}
