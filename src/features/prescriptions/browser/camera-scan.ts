import { chooseReader } from './reader';
import { ScanError } from './scan-error';

/** About five frames a second: quick enough to feel instant, light enough for an older phone. */
export const FRAME_INTERVAL_MS = 200;

export interface CameraScanOptions {
  /** Every Data Matrix text of the first frame that has any; the camera is off by then. */
  onCodes: (texts: string[]) => void;
  /** Ends the scan, also while the permission prompt is still open. */
  signal: AbortSignal;
}

/**
 * Shows the rear camera (the front one where there is no other: a laptop) in `video` and reads
 * frames until one holds a code, then turns the camera off. Resolves once the picture shows;
 * rejects with ScanError for a refused permission, no camera, or one in use by another app.
 */
export async function startCameraScan(video: HTMLVideoElement, { onCodes, signal }: CameraScanOptions): Promise<void> {
  if (!navigator.mediaDevices?.getUserMedia) throw new ScanError('camera-unsupported');
  // Fetch the decoder while the customer answers the permission prompt.
  const reader = chooseReader();
  reader.catch(() => undefined);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      // 720p: a printed code held in the frame still spans hundreds of pixels, and each frame
      // read costs half what a 1080p one does on the main thread.
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (error) {
    throw cameraError(error);
  }
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
    if (video.srcObject === stream) video.srcObject = null;
  };
  if (signal.aborted) return stop();
  signal.addEventListener('abort', stop, { once: true });

  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
    const decoder = await reader;
    let timer: ReturnType<typeof setTimeout> | undefined;
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    const tick = async () => {
      if (signal.aborted) return;
      // No frame yet (HAVE_CURRENT_DATA): wait for the next tick.
      const found = video.readyState >= 2 ? await decoder.read(video).catch(() => []) : [];
      if (signal.aborted) return;
      if (found.length > 0) {
        stop();
        onCodes([...new Set(found.map((code) => code.text))]);
        return;
      }
      timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
    };
    void tick();
  } catch (error) {
    stop();
    // Stopped while the picture was starting: play() rejects, but nothing went wrong.
    if (signal.aborted) return;
    throw error instanceof ScanError ? error : new ScanError('camera-unavailable', { cause: error });
  }
}

/** getUserMedia's refusals by DOMException name, across browsers (old Chrome used its own names). */
export function cameraError(error: unknown): ScanError {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return new ScanError('camera-denied', { cause: error });
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return new ScanError('no-camera', { cause: error });
  return new ScanError('camera-unavailable', { cause: error });
}
