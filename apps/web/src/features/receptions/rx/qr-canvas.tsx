import type { Bitmap2D } from "lean-qr";
import { useEffect, useRef } from "react";

/** The quiet zone QR readers need around a symbol, in modules. */
const QUIET_MODULES = 4;

/** Whole device pixels per module, as many as fit in `maxPixels`: the edges stay sharp for a reader. */
export function modulePixels(size: number, maxPixels: number): number {
  return Math.max(1, Math.floor(maxPixels / (size + 2 * QUIET_MODULES)));
}

interface QrCanvasProps {
  bitmap: Bitmap2D;
  maxPixels: number;
  label: string;
}

/** One QR symbol drawn module by module in black on white, with its quiet zone. */
export function QrCanvas({ bitmap, maxPixels, label }: QrCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const scale = modulePixels(bitmap.size, maxPixels);
  const pixels = (bitmap.size + 2 * QUIET_MODULES) * scale;

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!context) return;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, pixels, pixels);
    context.fillStyle = "#000";
    for (let y = 0; y < bitmap.size; y += 1) {
      for (let x = 0; x < bitmap.size; x += 1) {
        if (bitmap.get(x, y)) context.fillRect((x + QUIET_MODULES) * scale, (y + QUIET_MODULES) * scale, scale, scale);
      }
    }
  }, [bitmap, pixels, scale]);

  return (
    <canvas ref={canvas} width={pixels} height={pixels} role="img" aria-label={label} data-testid="rx-qr-canvas" />
  );
}
