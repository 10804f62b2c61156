import { createRoute } from '@hono/zod-openapi';
import { requireAuth, revokeSession } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import type { AccountsDeps } from './deps';
import { AuthResultSchema, LoginBody, OkSchema, RegisterBody } from './dto';
import { ACCOUNT_TAG, ALL_ERRORS, failureJson, formHook, json, jsonBody, V1 } from './http';
import { login } from './login';
import { register } from './register';
import { serviceContext } from './route-context';

const loginRoute = createRoute({
  method: 'post',
  path: `${V1}/user/login`,
  tags: [ACCOUNT_TAG],
  summary: 'Log in with e-mail and password',
  description: 'Errors: MISSING_PARAMS ("E-mail and password are required"), USER_NOT_FOUND (404), INCORRECT_PASSWORD (400), RATE_LIMITED (429 with Retry-After: 10 failed tries for one e-mail from one client, or 100 from one client, in 15 minutes; a successful login does not count).',
  request: jsonBody(LoginBody),
  responses: { 200: json(AuthResultSchema, 'Logged in'), ...ALL_ERRORS },
});

const registerRoute = createRoute({
  method: 'post',
  path: `${V1}/user/register`,
  tags: [ACCOUNT_TAG],
  summary: 'Create an account (logged in at once; a verification code is mailed)',
  description:
    'Errors: MISSING_PARAMS (registration text), INVALID_EMAIL, INVALID_PASSWORD_LENGTH, PASSWORD_MISMATCH, BAD_REQUEST (birth date not a date), AGE_BELOW_MINIMUM_CRITERIA (422), DUPLICATE_EMAIL (409), VERIFICATION_NOT_DELIVERED (502, nothing created), RATE_LIMITED. `fields` names the offending field.',
  request: jsonBody(RegisterBody),
  responses: { 201: json(AuthResultSchema, 'Account created and logged in'), ...ALL_ERRORS },
});

const logoutRoute = createRoute({
  method: 'post',
  path: `${V1}/user/logout`,
  tags: [ACCOUNT_TAG],
  summary: 'End this session (the token stops working at once)',
  middleware: requireAuth(),
  security: [{ bearerAuth: [] }],
  responses: { 200: json(OkSchema, 'Logged out'), ...ALL_ERRORS },
});

export function registerSessionRoutes(app: ApiApp, deps: AccountsDeps) {
  app.openapi(
    loginRoute,
    async (c) => {
      const result = await login(serviceContext(c, deps), c.req.valid('json'));
      return result.ok ? c.json(result.value, 200) : failureJson(c, result);
    },
    formHook('missingLogin'),
  );

  app.openapi(
    registerRoute,
    async (c) => {
      const result = await register(serviceContext(c, deps), c.req.valid('json'));
      return result.ok ? c.json(result.value, 201) : failureJson(c, result);
    },
    formHook('missingRegistration'),
  );

  app.openapi(logoutRoute, async (c) => {
    await revokeSession(c.var.ctx.db, c.var.auth.sessionId);
    return c.json({ ok: true as const }, 200);
  });
}
