import { useStore } from '@nanostores/react';
import { $errorCatalogue } from '../../platform/api-client/error-text';

/**
 * Re-renders an island when the error catalogue arrives, so texts worded before it did (errorCodeText
 * answers '' until then) are filled in. Called at the top of the islands that show codes.
 */
export function useErrorCatalogue(): void {
  useStore($errorCatalogue);
}
