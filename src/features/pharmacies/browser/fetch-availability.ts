import { createApiClient, type ApiClient } from '../../../platform/api-client';
import type { StockStatus } from '../model/stock-status';
import { chunk, distinctPzns } from '../model/pzn-list';

export type AvailabilityMap = ReadonlyMap<string, StockStatus>;

let sharedClient: ApiClient | undefined;
// Availability is public: no token, and no language (the answer has no text).
const defaultClient = (): ApiClient => (sharedClient ??= createApiClient());

/**
 * Stock status of the given products at one pharmacy: one request per MAX_PZNS_PER_REQUEST, run
 * together. Availability is only a hint (the cart re-checks stock), so a failed request simply
 * leaves its products out of the answer instead of throwing.
 */
export async function fetchAvailability(
  pharmacyId: string,
  pzns: Iterable<string>,
  client: ApiClient = defaultClient(),
): Promise<AvailabilityMap> {
  const batches = chunk(distinctPzns(pzns));
  const answers = await Promise.all(
    batches.map(async (batch) => {
      try {
        const { data } = await client.GET('/api/shop/v1/pharmacies/{id}/availability', {
          params: { path: { id: pharmacyId }, query: { pzn: batch } },
        });
        return data?.items ?? [];
      } catch {
        return [];
      }
    }),
  );
  return new Map(answers.flat().map((item) => [item.pzn, item.status]));
}
