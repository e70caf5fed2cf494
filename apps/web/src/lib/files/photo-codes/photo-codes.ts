import type { CodeSymbol } from "@pharmacy/contract/files/code-symbols";
import { downscaleImage } from "../downscale-image";
import type { ReadAnswer, ReadRequest } from "./read-codes.worker.ts";

/**
 * A prescription's 2D code is printed about 2.5 cm wide: in a photo made smaller for a slow uplink its
 * modules can drop under 2 px (a page shot sideways), and the server no longer reads it. So the browser
 * reads the codes in the photo at its full size first, and they are sent with the smaller photo
 * (bench:photo). The reader is loaded only once a photo is chosen, and its worker
 * ends when nothing is left to read, giving its memory back.
 */

/** JPEG and PNG: what the reader decodes (HEIC and PDF are read by the server). */
const READABLE_TYPES = new Set(["image/jpeg", "image/png"]);
/** A reader that has not answered by then (a very slow phone) leaves the photo to the server. */
const READ_TIMEOUT_MS = 20_000;

const readBefore = new WeakMap<File, CodeSymbol[]>();
let reader: { worker: Worker; pending: Map<number, (symbols: CodeSymbol[]) => void> } | undefined;
let nextId = 0;

function startReader() {
  const worker = new Worker(new URL("./read-codes.worker.ts", import.meta.url), { type: "module" });
  const started = { worker, pending: new Map<number, (symbols: CodeSymbol[]) => void>() };
  worker.onmessage = (event: MessageEvent<ReadAnswer>) => started.pending.get(event.data.id)?.(event.data.symbols);
  // a reader that fails to load (an old browser) reads nothing: the server still reads the photo
  worker.onerror = () => {
    for (const finish of [...started.pending.values()]) finish([]);
  };
  return started;
}

/** The QR symbols in the photo at its full size; none when the browser cannot read it. Never throws. */
export function readCodes(photo: File): Promise<CodeSymbol[]> {
  if (!READABLE_TYPES.has(photo.type) || typeof Worker === "undefined") return Promise.resolve([]);
  reader ??= startReader();
  const current = reader;
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish([]), READ_TIMEOUT_MS);
    function finish(symbols: CodeSymbol[]) {
      clearTimeout(timer);
      current.pending.delete(id);
      if (current.pending.size === 0 && reader === current) {
        current.worker.terminate();
        reader = undefined;
      }
      resolve(symbols);
    }
    current.pending.set(id, finish);
    current.worker.postMessage({ id, photo } satisfies ReadRequest);
  });
}

/** The photo as it is sent (made smaller), remembering the codes read in it at full size before. */
export async function preparePhoto(photo: File): Promise<File> {
  // one after the other: a phone holds one full-size photo in memory at a time
  const symbols = await readCodes(photo);
  const prepared = await downscaleImage(photo);
  if (symbols.length > 0) readBefore.set(prepared, symbols);
  return prepared;
}

/** The codes read in a prepared photo at its full size (none for a photo restored after a reload). */
export function codesReadBefore(photo: File): CodeSymbol[] {
  return readBefore.get(photo) ?? [];
}
