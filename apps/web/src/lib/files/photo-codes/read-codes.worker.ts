/**
 * Reads the QR codes of one photo at its full size, off the page's thread: ZXing's C++ reader as
 * WebAssembly (`zxing-wasm`, the server's reader too), its .wasm served with the app. It decodes the JPEG
 * itself into one byte per pixel, so a 12 MP photo takes about 12 MB besides the file.
 */
import type { CodeSymbol } from "@pharmacy/contract/files/code-symbols";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { READER_OPTIONS } from "./reader-options";

export interface ReadRequest {
  id: number;
  photo: Blob;
}

export interface ReadAnswer {
  id: number;
  symbols: CodeSymbol[];
}

prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
});

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

async function symbolsOf(photo: Blob): Promise<CodeSymbol[]> {
  try {
    const results = await readBarcodes(photo, READER_OPTIONS);
    return results
      .filter((result) => result.isValid && result.bytes.length > 0)
      .map((result) => ({
        bytes: base64Of(result.bytes),
        index: result.sequenceIndex,
        size: result.sequenceSize,
        id: result.sequenceId,
      }));
  } catch {
    // an image the reader cannot decode: the server reads what is sent
    return [];
  }
}

const worker = self as unknown as {
  onmessage: ((event: MessageEvent<ReadRequest>) => void) | null;
  postMessage(answer: ReadAnswer): void;
};
worker.onmessage = (event) => {
  const { id, photo } = event.data;
  void symbolsOf(photo).then((symbols) => worker.postMessage({ id, symbols }));
};
