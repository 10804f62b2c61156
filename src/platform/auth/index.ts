// Authentication for every feature: sessions and their tokens, password hashing, provider ID tokens and the auth middleware.
export { ROLES, STAFF_ROLES, isRole, isStaffRole, type Role, type StaffRole } from './roles';
export { authConfig, assertAuthConfig, parseDuration, AuthConfigError, DEFAULT_TOKEN_TTL_SECONDS, type AuthConfig } from './config';
export { hashPassword, verifyPassword, needsRehash, currentParams, type ScryptParams } from './password-hash';
export { verifyIdToken, ID_TOKEN_LEEWAY_SECONDS, type IdTokenExpectations, type IdTokenResult, type IdTokenFailure } from './jwt-rs256';
export { JwksClient, JwksUnavailableError, type FetchLike } from './jwks-client';
export { issueToken, authenticate, revokeSession, revokeUserSessions, type AuthContext, type IssuedToken } from './sessions';
export { requireAuth, optionalAuth, requireRole, bearerToken, type AuthEnv, type OptionalAuthEnv } from './middleware';
export { verificationCodeKey } from './code-key';
export { authSessions, appSecrets } from './tables';
