// @vitest-environment jsdom
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import PrescriptionScanner from '../../../src/features/prescriptions/islands/PrescriptionScanner';
import { resetReaderChoice } from '../../../src/features/prescriptions/browser/reader';
import { scannerMessages, scannerText } from '../../../src/features/prescriptions/i18n/scanner-messages';
import { dataMatrixPng, dataMatrixSheetPng, eRezeptText } from '../../support/data-matrix';
import { ACCESS_CODE, useLocalPdfWorker, useLocalZxing } from './local-wasm';

const TOKEN = eRezeptText('160.123.456.789.123.58', ACCESS_CODE);
const en = scannerMessages.en;

beforeAll(async () => {
  await useLocalZxing();
  await useLocalPdfWorker();
});

const restore: (() => void)[] = [];
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetReaderChoice();
  while (restore.length) restore.pop()!();
});

function upload(file: File) {
  const input = screen.getByLabelText(en.fileLabel) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
  return input;
}

const png = async (bytes: Promise<Buffer>, name = 'rezept.png') => new File([new Uint8Array(await bytes)], name, { type: 'image/png' });

describe('the prescription scanner', () => {
  it('offers the camera and a labelled file input for photos and PDFs, in the page’s language', () => {
    render(<PrescriptionScanner text={scannerText('de')} onCodes={() => {}} />);
    expect(screen.getByRole('button', { name: 'Mit der Kamera scannen' })).toBeTruthy();
    const input = screen.getByLabelText('Foto oder PDF hochladen') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*,application/pdf');
    // Phones offer the gallery too: capture would force the camera.
    expect(input.hasAttribute('capture')).toBe(false);
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('hands the decoded text of an uploaded photo to onCodes and announces it', async () => {
    const onCodes = vi.fn();
    render(<PrescriptionScanner text={scannerText('en')} onCodes={onCodes} />);
    upload(await png(dataMatrixPng(TOKEN)));
    await waitFor(() => expect(onCodes).toHaveBeenCalledWith([TOKEN]));
    expect(screen.getByRole('status').textContent).toBe(en.foundOne);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says kindly when a picture holds no code, as an alert tied to the file input', async () => {
    const onCodes = vi.fn();
    const onError = vi.fn();
    render(<PrescriptionScanner text={scannerText('en')} onCodes={onCodes} onError={onError} />);
    const input = upload(await png(dataMatrixSheetPng([]), 'blurry.png'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(en.errorNoCode);
    expect(alert.textContent).toMatch(/sharper photo/);
    expect(alert.textContent).toMatch(/type the code/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(onError).toHaveBeenCalledWith({ code: 'no-code', message: en.errorNoCode });
    expect(onCodes).not.toHaveBeenCalled();
  });

  it('says a file that is neither picture nor PDF cannot be opened (German)', async () => {
    render(<PrescriptionScanner text={scannerText('de')} onCodes={() => {}} />);
    fireEvent.change(screen.getByLabelText('Foto oder PDF hochladen'), { target: { files: [new File(['%PDF-1.4 kaputt'], 'rezept.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(scannerMessages.de.errorUnreadableFile);
  });

  it('explains a refused camera permission and puts focus back on the camera button', async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const onError = vi.fn();
    render(<PrescriptionScanner text={scannerText('en')} onCodes={() => {}} onError={onError} />);
    fireEvent.click(screen.getByRole('button', { name: en.cameraStart }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.errorCameraDenied);
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }));
    expect(onError).toHaveBeenCalledWith({ code: 'camera-denied', message: en.errorCameraDenied });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: en.cameraStart }));
  });

  it('says so when there is no camera', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: async () => Promise.reject(new DOMException('none', 'NotFoundError')) } });
    render(<PrescriptionScanner text={scannerText('en')} onCodes={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: en.cameraStart }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.errorNoCamera);
  });

  it('reads camera frames until one holds a code, then turns the camera off', async () => {
    const track = { stop: vi.fn() };
    const stream = { getTracks: () => [track] } as unknown as MediaStream;
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: async () => stream } });
    let frames = 0;
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['data_matrix'];
        detect = async () => (++frames < 3 ? [] : [{ rawValue: TOKEN, boundingBox: { x: 0, y: 0 } }]);
      },
    );
    // jsdom plays no media: the element says it has a frame and plays at once.
    const media = HTMLMediaElement.prototype;
    const play = vi.spyOn(media, 'play').mockResolvedValue(undefined);
    restore.push(() => play.mockRestore());
    Object.defineProperty(media, 'readyState', { configurable: true, get: () => 4 });
    restore.push(() => delete (media as { readyState?: number }).readyState);
    Object.defineProperty(media, 'srcObject', { configurable: true, writable: true, value: null });
    restore.push(() => delete (media as { srcObject?: unknown }).srcObject);

    const onCodes = vi.fn();
    render(<PrescriptionScanner text={scannerText('en')} onCodes={onCodes} />);
    fireEvent.click(screen.getByRole('button', { name: en.cameraStart }));
    const stop = await screen.findByRole('button', { name: en.cameraStop });
    await waitFor(() => expect(document.activeElement).toBe(stop));
    expect(screen.getByLabelText(en.cameraPreview).tagName).toBe('VIDEO');
    await waitFor(() => expect(onCodes).toHaveBeenCalledWith([TOKEN]), { timeout: 3000 });
    expect(frames).toBe(3);
    expect(track.stop).toHaveBeenCalled();
    expect(screen.queryByLabelText(en.cameraPreview)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(en.foundOne);
  });

  it('turns the camera off when it unmounts', async () => {
    const track = { stop: vi.fn() };
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: async () => ({ getTracks: () => [track] }) } });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    restore.push(() => play.mockRestore());
    const view = render(<PrescriptionScanner text={scannerText('en')} onCodes={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: en.cameraStart }));
    await screen.findByRole('button', { name: en.cameraStop });
    await act(async () => view.unmount());
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });

  it('leaves no camera running when stopped, even with effects run twice (StrictMode), and says it is off', async () => {
    const tracks: { stop: ReturnType<typeof vi.fn> }[] = [];
    const getUserMedia = vi.fn(async () => {
      const track = { stop: vi.fn() };
      tracks.push(track);
      return { getTracks: () => [track] };
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    restore.push(() => play.mockRestore());
    render(
      <StrictMode>
        <PrescriptionScanner text={scannerText('en')} onCodes={() => {}} />
      </StrictMode>,
    );
    fireEvent.click(screen.getByRole('button', { name: en.cameraStart }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(en.cameraOn));
    fireEvent.click(screen.getByRole('button', { name: en.cameraStop }));
    await waitFor(() => expect(tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true));
    expect(tracks.length).toBeGreaterThan(0);
    expect(screen.getByRole('status').textContent).toBe(en.cameraOff);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: en.cameraStart }));
  });
});
