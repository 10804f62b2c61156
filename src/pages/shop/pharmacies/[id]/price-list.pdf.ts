import type { APIRoute } from 'astro';
import { priceListResponse, priceListStaticPaths, type PriceListPageProps } from '../../../../features/pharmacies';

// Prebuilt: one English PDF per pharmacy flagged with a price list (spec §3).
export const prerender = true;
export const getStaticPaths = priceListStaticPaths;

export const GET: APIRoute<PriceListPageProps> = ({ props }) => priceListResponse(props, 'en');
