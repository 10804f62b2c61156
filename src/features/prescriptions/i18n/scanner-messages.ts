import type { Locale } from '../../../platform/i18n/locales';
import { defineMessages, type Messages } from '../../../platform/i18n/messages';

/**
 * The prescription scanner's texts (issue 29). The redeem page hands one language's table to its
 * island as a prop (`scannerText(locale)`), so the island's JavaScript carries no translations.
 */
export const scannerMessages = defineMessages(
  {
    cameraStart: 'Scan with the camera',
    cameraStop: 'Stop the camera',
    cameraStarting: 'Starting the camera…',
    cameraOn: 'The camera is on. Hold the code of your printed prescription inside the frame; it is read by itself.',
    cameraOff: 'The camera is off.',
    cameraPreview: 'Camera picture',
    stillLooking: 'Still looking for a code. Move a little closer, hold still and make sure the code is well lit, or upload a photo instead.',
    fileLabel: 'Upload a photo or PDF',
    fileHint: 'A photo of your printed prescription, or the PDF of the printout (“Patientenausdruck”).',
    reading: 'Reading the code…',
    foundOne: 'Found 1 prescription code.',
    foundMany: 'Found {count} prescription codes.',
    errorNoCode:
      'We could not find a prescription code in this picture. Please try a sharper photo in good light with the whole code in view, or type the code instead.',
    errorUnreadableFile: 'We could not open this file. Please choose a photo (JPEG or PNG) or the PDF of your printout.',
    errorTooLarge: 'This file is larger than {max} MB. Please choose a smaller photo or the PDF of your printout.',
    errorReaderUnavailable: 'The code reader could not be loaded. Please check your connection and try again, or type the code.',
    errorCameraDenied: 'The camera is blocked for this site. You can allow it in your browser’s settings, upload a photo instead, or type the code.',
    errorNoCamera: 'We could not find a camera on this device. Please upload a photo or PDF, or type the code.',
    errorCameraUnavailable: 'The camera could not be started; another app may be using it. Close that app and try again, or upload a photo.',
    errorCameraUnsupported: 'This browser cannot use the camera here. Please upload a photo or PDF, or type the code.',
  },
  {
    cameraStart: 'Mit der Kamera scannen',
    cameraStop: 'Kamera ausschalten',
    cameraStarting: 'Die Kamera wird gestartet …',
    cameraOn: 'Die Kamera ist an. Halten Sie den Code Ihres ausgedruckten Rezepts in den Rahmen; er wird von selbst erkannt.',
    cameraOff: 'Die Kamera ist aus.',
    cameraPreview: 'Kamerabild',
    stillLooking:
      'Noch kein Code erkannt. Gehen Sie etwas näher heran, halten Sie still und sorgen Sie für gutes Licht auf dem Code, oder laden Sie stattdessen ein Foto hoch.',
    fileLabel: 'Foto oder PDF hochladen',
    fileHint: 'Ein Foto Ihres ausgedruckten Rezepts oder das PDF des Patientenausdrucks.',
    reading: 'Der Code wird gelesen …',
    foundOne: '1 Rezeptcode gefunden.',
    foundMany: '{count} Rezeptcodes gefunden.',
    errorNoCode:
      'In diesem Bild haben wir keinen Rezeptcode gefunden. Versuchen Sie es bitte mit einem schärferen Foto bei gutem Licht, auf dem der ganze Code zu sehen ist, oder geben Sie den Code ein.',
    errorUnreadableFile: 'Diese Datei können wir nicht öffnen. Bitte wählen Sie ein Foto (JPEG oder PNG) oder das PDF Ihres Patientenausdrucks.',
    errorTooLarge: 'Diese Datei ist größer als {max} MB. Bitte wählen Sie ein kleineres Foto oder das PDF Ihres Patientenausdrucks.',
    errorReaderUnavailable:
      'Die Code-Erkennung konnte nicht geladen werden. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut, oder geben Sie den Code ein.',
    errorCameraDenied:
      'Die Kamera ist für diese Seite gesperrt. Sie können sie in den Einstellungen Ihres Browsers erlauben, stattdessen ein Foto hochladen oder den Code eingeben.',
    errorNoCamera: 'Auf diesem Gerät haben wir keine Kamera gefunden. Bitte laden Sie ein Foto oder PDF hoch oder geben Sie den Code ein.',
    errorCameraUnavailable:
      'Die Kamera ließ sich nicht starten; vielleicht nutzt eine andere App sie gerade. Schließen Sie diese App und versuchen Sie es erneut, oder laden Sie ein Foto hoch.',
    errorCameraUnsupported: 'Dieser Browser kann hier keine Kamera verwenden. Bitte laden Sie ein Foto oder PDF hoch oder geben Sie den Code ein.',
  },
);

export type ScannerKey = keyof (typeof scannerMessages)['en'];
/** The scanner's texts in the page's language, as the island receives them. */
export type ScannerText = Messages<ScannerKey>;

export function scannerText(locale: Locale): ScannerText {
  return scannerMessages[locale];
}
