// Public surface of the orders feature for pages: the order page, the order history island and the
// staff page (kept apart from index.ts because Node scripts cannot load .astro files).
export { default as OrderViewPage } from './components/OrderViewPage.astro';
export { default as OrdersListSection } from './components/OrdersListSection.astro';
export { default as StaffPage } from './components/StaffPage.astro';
export { default as FeedbackPage } from './components/FeedbackPage.astro';
export { default as RatingPromptCheck } from './components/RatingPromptCheck.astro';
export { default as StaffQueue } from './components/StaffQueue.astro';
