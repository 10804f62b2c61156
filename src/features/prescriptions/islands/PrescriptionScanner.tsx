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

type Mode = 'idle' | 'starting' | 'camera' | 'reading';

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
  const [mode, setMode] = useState<Mode>('idle');
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<{ code: ScanErrorCode; from: 'camera' | 'file' } | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const scan = useRef<AbortController | null>(null);
  // Where focus goes after the camera's button is swapped for its counterpart.
  const focusNext = useRef<'start' | 'stop' | null>(null);
  const latest = useRef({ text, onCodes, onError });
  latest.current = { text, onCodes, onError };

  const cameraOpen = mode === 'starting' || mode === 'camera';

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

  const stopCamera = (announce: boolean) => {
    scan.current?.abort();
    scan.current = null;
    if (announce) setStatus(latest.current.text.cameraOff);
  };

  // The camera starts once its <video> is in the page; the box already has its final size.
  useEffect(() => {
    if (mode !== 'starting' || !video.current) return;
    const controller = new AbortController();
    scan.current = controller;
    startCameraScan(video.current, {
      signal: controller.signal,
      onCodes: (texts) => {
        scan.current = null;
        focusNext.current = 'start';
        setMode('idle');
        found(texts);
      },
    }).then(
      () => {
        if (controller.signal.aborted) return;
        setMode((current) => (current === 'starting' ? 'camera' : current));
        setStatus(latest.current.text.cameraOn);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        scan.current = null;
        focusNext.current = 'start';
        setMode('idle');
        fail(error, 'camera');
      },
    );
    // found and fail read only refs and state setters, so the mode alone decides.
  }, [mode]);

  useEffect(() => {
    if (mode !== 'camera') return;
    const timer = setTimeout(() => setStatus(latest.current.text.stillLooking), STILL_LOOKING_MS);
    return () => clearTimeout(timer);
  }, [mode]);

  // A camera left on in a hidden tab would keep its light on: it stops, and the customer starts it again.
  useEffect(() => {
    if (!cameraOpen) return;
    const onHide = () => {
      if (document.visibilityState !== 'hidden') return;
      stopCamera(true);
      setMode('idle');
    };
    document.addEventListener('visibilitychange', onHide);
    return () => document.removeEventListener('visibilitychange', onHide);
  }, [cameraOpen]);

  useEffect(() => () => scan.current?.abort(), []);

  useEffect(() => {
    const target = focusNext.current === 'stop' ? stopButton.current : focusNext.current === 'start' ? startButton.current : null;
    focusNext.current = null;
    target?.focus();
  }, [cameraOpen]);

  const startCamera = () => {
    setProblem(null);
    setStatus(text.cameraStarting);
    focusNext.current = 'stop';
    setMode('starting');
  };

  const onStop = () => {
    stopCamera(true);
    focusNext.current = 'start';
    setMode('idle');
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    if (files.length === 0 || mode === 'reading') return;
    if (cameraOpen) stopCamera(false);
    setMode('reading');
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
    setMode('idle');
    const unique = [...new Set(texts)];
    if (unique.length > 0) found(unique);
    else fail(firstError ?? new ScanError('no-code'), 'file');
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const fileError = problem?.from === 'file';

  return (
    <div className="scanner" aria-busy={mode === 'reading' || mode === 'starting' || undefined}>
      <div className="scanner__camera">
        {cameraOpen ? (
          <button ref={stopButton} type="button" className="account-button account-button--secondary" onClick={onStop}>
            {text.cameraStop}
          </button>
        ) : (
          <button ref={startButton} type="button" className="account-button" onClick={startCamera} disabled={mode === 'reading'}>
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
