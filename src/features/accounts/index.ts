// Public surface of the accounts feature: API registration, demo data and the erasure hook.
export { registerAccountRoutes } from './server/routes';
export { assertSocialConfig } from './server/social-config';
export type { AccountsDeps } from './server/deps';
export {
  seedDemoAccounts,
  seedDemoPharmacists,
  seedDemoBackOffice,
  demoPharmacistEmail,
  demoManagerEmail,
  DEMO_ACCOUNT,
  DEMO_PHARMACIST_PASSWORD,
  DEMO_MANAGER_PASSWORD,
  DEMO_OPERATOR,
  seedDemoCouriers,
  DEMO_COURIER_PASSWORD,
} from './server/seed-demo';
// Back-office staff: who is working (role, pharmacy) and which pharmacy a request may touch.
export { staffMember, pharmacyScope, type StaffMember } from './server/staff';
export { registerStaffRoutes, type StaffRouteDeps } from './server/routes-staff';
export { onAccountErased, type AccountErasedHandler, type ErasureContext } from './server/erasure-hooks';
export { normalizePhone } from './model/phone';
export { isValidEmail, normalizeEmail } from './model/email';
export { ageOn, MINIMUM_AGE } from './model/age';
export type { Profile } from './server/dto';
// For orders: the customer's contact and language for order e-mails, and a pharmacist's pharmacy.
export { customerContact, customerContacts, type CustomerContact } from './server/contacts';
// The table, for the benchmarks' seeding only; features read accounts through the functions above.
export { users } from './server/schema';
