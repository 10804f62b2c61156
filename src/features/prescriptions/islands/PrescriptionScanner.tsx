import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { interpolate } from '../../../platform/i18n/messages';
import { startCameraScan } from '../browser/camera-scan';
import { decodeDataMatrix, MAX_FILE_BYTES } from '../browser/decode-barcode';
import { isScanError, ScanError, type ScanErrorCode } from '../browser/scan-error';
import type { ScannerKey, ScannerText } from '../i18n/scanner-messages';
import '../../../ui/styles/account.css';
import './scanner.css';

export interface ScanProblem {
  code: ScanErrorCode;
  /** The code's wording in the page's language, as shown and announced. */
  message: string;
}

export interface PrescriptionScannerProps {
  /** `scannerText(locale)`: the texts in the page's language. */
  text: ScannerText;
  /** Every Data Matrix text found, in reading order, each once. Bearer secrets: do not log them. */
  onCodes: (texts: string[]) => void;
  onError?: (problem: ScanProblem) => void;
}

const ERROR_KEY: Record<ScanErrorCode, ScannerKey> = {
  'no-code': 'errorNoCode',
  'unreadable-file': 'errorUnreadableFile',
  'too-large': 'errorTooLarge',
  'reader-unavailable': 'errorReaderUnavailable',
  'camera-denied': 'errorCameraDenied',
  'no-camera': 'errorNoCamera',
  'camera-unavailable': 'errorCameraUnavailable',
  'camera-unsupported': 'errorCameraUnsupported',
};

function wording(text: ScannerText, code: ScanErrorCode): string {
  return interpolate(text[ERROR_KEY[code]], { max: Math.round(MAX_FILE_BYTES / 1024 / 1024) });
}

/** After this long without a code the camera's hint turns into advice. */
const STILL_LOOKING_MS = 15_000;

/**
 * Reads the Data Matrix codes of a printed E-Rezept: with the camera, or from a photo or the PDF
 * of the printout. Typing a code is the page's part. The status line is a polite live region and
 * errors are alerts, so a screen reader hears what happened without looking for it.
 */
export default function PrescriptionScanner({ text, onCodes, onError }: PrescriptionScannerProps) {
  const id = useId();
  // Each start of the camera is a run of its own; null: the camera is off.
  const [camera, setCamera] = useState<{ run: number; live: boolean } | null>(null);
  const [reading, setReading] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<{ code: ScanErrorCode; from: 'camera' | 'file' } | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const runs = useRef(0);
  // Where focus goes once the camera's button has been swapped for its counterpart.
  const focusNext = useRef<'start' | 'stop' | null>(null);
  const latest = useRef({ text, onCodes, onError });
  latest.current = { text, onCodes, onError };

  const cameraRun = camera?.run ?? 0;
  const cameraOpen = camera !== null;

  const found = (texts: string[]) => {
    setProblem(null);
    setStatus(texts.length === 1 ? latest.current.text.foundOne : interpolate(latest.current.text.foundMany, { count: texts.length }));
    latest.current.onCodes(texts);
  };

  const fail = (error: unknown, from: 'camera' | 'file') => {
    const code: ScanErrorCode = isScanError(error) ? error.code : from === 'camera' ? 'camera-unavailable' : 'unreadable-file';
    setStatus('');
    setProblem({ code, from });
    latest.current.onError?.({ code, message: wording(latest.current.text, code) });
  };

  const closeCamera = (focus: 'start' | null) => {
    focusNext.current = focus;
    setCamera(null);
  };

  // The camera starts once its <video> is in the page (the box already has its final size) and
  // stops when the run ends: stopped, a code found, the tab hidden, a file picked, unmounted.
  useEffect(() => {
    if (!cameraRun || !video.current) return;
    const controller = new AbortController();
    let done = false;
    startCameraScan(video.current, {
      signal: controller.signal,
      onCodes: (texts) => {
        done = true;
        closeCamera('start');
        found(texts);
      },
    }).then(
      () => {
        // A code read at once says more than "the camera is on".
        if (controller.signal.aborted || done) return;
        setCamera((current) => (current?.run === cameraRun ? { run: cameraRun, live: true } : current));
        setStatus(latest.current.text.cameraOn);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        closeCamera('start');
        fail(error, 'camera');
      },
    );
    return () => controller.abort();
    // found, fail and closeCamera read only refs and state setters: the run alone decides.
  }, [cameraRun]);

  const live = camera?.live ?? false;
  useEffect(() => {
    if (!live) return;
    const timer = setTimeout(() => setStatus(latest.current.text.stillLooking), STILL_LOOKING_MS);
    return () => clearTimeout(timer);
  }, [live, cameraRun]);

  // A camera left on in a hidden tab would keep its light on: it stops, and the customer starts it again.
  useEffect(() => {
    if (!cameraRun) return;
    const onHide = () => {
      if (document.visibilityState !== 'hidden') return;
      closeCamera(null);
      setStatus(latest.current.text.cameraOff);
    };
    document.addEventListener('visibilitychange', onHide);
    return () => document.removeEventListener('visibilitychange', onHide);
  }, [cameraRun]);

  useEffect(() => {
    const target = focusNext.current === 'stop' ? stopButton.current : focusNext.current === 'start' ? startButton.current : null;
    focusNext.current = null;
    target?.focus();
  }, [cameraOpen]);

  const startCamera = () => {
    setProblem(null);
    setStatus(text.cameraStarting);
    focusNext.current = 'stop';
    setCamera({ run: ++runs.current, live: false });
  };

  const stopCamera = () => {
    closeCamera('start');
    setStatus(text.cameraOff);
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    if (files.length === 0 || reading) return;
    if (cameraOpen) closeCamera(null);
    setReading(true);
    setProblem(null);
    setStatus(text.reading);
    const texts: string[] = [];
    let firstError: unknown = null;
    for (const file of files) {
      try {
        texts.push(...(await decodeDataMatrix(file)));
      } catch (error) {
        firstError ??= error;
      }
    }
    // The same file picked again after a fix (a sharper photo saved over it) must fire a change.
    input.value = '';
    setReading(false);
    const unique = [...new Set(texts)];
    if (unique.length > 0) found(unique);
    else fail(firstError ?? new ScanError('no-code'), 'file');
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const fileError = problem?.from === 'file';

  return (
    // No aria-busy here: it would hold back the status line's announcements until the end.
    <div className="scanner">
      <div className="scanner__camera">
        {cameraOpen ? (
          <button ref={stopButton} type="button" className="account-button account-button--secondary" onClick={stopCamera}>
            {text.cameraStop}
          </button>
        ) : (
          <button ref={startButton} type="button" className="account-button" onClick={startCamera} disabled={reading}>
            {text.cameraStart}
          </button>
        )}
        {cameraOpen && (
          <div className="scanner__preview">
            <video ref={video} className="scanner__video" muted playsInline aria-label={text.cameraPreview} />
            <div className="scanner__frame" aria-hidden="true" />
          </div>
        )}
      </div>

      <div className={`scanner__file${fileError ? ' scanner__file--invalid' : ''}`}>
        <label htmlFor={`${id}-file`}>{text.fileLabel}</label>
        <p id={hintId} className="scanner__hint">
          {text.fileHint}
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/*,application/pdf"
          multiple
          onChange={(event) => void onFiles(event)}
          aria-invalid={fileError || undefined}
          aria-describedby={[fileError ? errorId : '', hintId].filter(Boolean).join(' ')}
        />
      </div>

      <p className="scanner__status" role="status">
        {status}
      </p>
      {problem && (
        <p id={errorId} className="scanner__error" role="alert">
          {wording(text, problem.code)}
        </p>
      )}
    </div>
  );
}
