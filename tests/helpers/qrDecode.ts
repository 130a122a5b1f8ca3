/**
 * Reads a QR code drawn by `src/ui/labels/QrCode.tsx` back to its text, independently of the
 * encoder: its SVG squares (`M{x} {y}h1v1h-1z`) painted at 4 px a module, decoded by jsQR.
 */
import jsQR from 'jsqr';

export function decodeQr(svg: SVGElement): string | null {
  const [, , w] = svg.getAttribute('viewBox')!.split(' ').map(Number);
  const scale = 4;
  const size = w * scale;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  const d = svg.querySelector('path')!.getAttribute('d')!;
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = ((Number(y) * scale + dy) * size + Number(x) * scale + dx) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return jsQR(pixels, size, size)?.data ?? null;
}
