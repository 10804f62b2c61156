import { assertAuthConfig } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { resolveDeps, type AccountsDeps } from './deps';
import { registerDevOutboxRoutes } from './routes-dev-outbox';
import { registerProfileRoutes } from './routes-profile';
import { registerRecoveryRoutes } from './routes-recovery';
import { registerSessionRoutes } from './routes-session';
import { registerSignInRoutes } from './routes-sign-in';
import { assertSocialConfig } from './social-config';

/**
 * Mounts every account call under /api/v1 plus the demo-mode outbox at /api/dev/outbox. Refuses to
 * start with a malformed AUTH_TOKEN_TTL, or with Facebook sign-in but no app secret in production.
 */
export function registerAccountRoutes(app: ApiApp, overrides: Partial<AccountsDeps> = {}) {
  const deps = resolveDeps(overrides);
  assertAuthConfig(deps.env);
  assertSocialConfig(deps.env);
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', description: 'The opaque token returned by login, registration and sign-in.' });
  registerSessionRoutes(app, deps);
  registerRecoveryRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerSignInRoutes(app, deps);
  registerDevOutboxRoutes(app, deps);
}
