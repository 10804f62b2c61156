// Browser-safe part of the prescription seam: the stand-in's test tokens, for the redeem screen's demo hint.
export { TEST_PRESCRIPTION_TOKENS, testTokenLine, type TestPrescriptionTokenName } from './test-tokens';
