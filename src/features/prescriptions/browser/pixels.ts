/**
 * A phone's photo is 12 MP or more; its RGBA copy would take 50 MB. ZXing scales down on its own
 * where it helps, so a picture is only capped, at a size where a printout photographed whole still
 * gives each module of its codes several pixels.
 */
const MAX_SIDE = 4096;

type Surface = OffscreenCanvas | HTMLCanvasElement;

function surface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function sizeOf(source: CanvasImageSource): { width: number; height: number } {
  if (typeof HTMLVideoElement === 'function' && source instanceof HTMLVideoElement) return { width: source.videoWidth, height: source.videoHeight };
  if (typeof HTMLImageElement === 'function' && source instanceof HTMLImageElement) return { width: source.naturalWidth, height: source.naturalHeight };
  if (typeof VideoFrame === 'function' && source instanceof VideoFrame) return { width: source.displayWidth, height: source.displayHeight };
  const { width, height } = source as { width: number | SVGAnimatedLength; height: number | SVGAnimatedLength };
  return {
    width: typeof width === 'number' ? width : width.baseVal.value,
    height: typeof height === 'number' ? height : height.baseVal.value,
  };
}

/** One reusable canvas per reader: a camera hands it five frames a second. */
export function pixelReader() {
  let canvas: Surface | undefined;

  return function pixels(source: CanvasImageSource): ImageData | null {
    const size = sizeOf(source);
    if (size.width === 0 || size.height === 0) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(size.width, size.height));
    const width = Math.round(size.width * scale);
    const height = Math.round(size.height * scale);
    if (!canvas) canvas = surface(width, height);
    else if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) return null;
    context.drawImage(source, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  };
}
