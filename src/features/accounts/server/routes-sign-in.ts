import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ApiApp } from '../../../platform/http/app';
import type { AccountsDeps } from './deps';
import { AccessTokenBody, AuthResultSchema, CodeSentSchema, IdTokenBody, PhoneCodeRequestBody, PhoneCodeVerifyBody, ProvidersSchema, SocialAuthResultSchema } from './dto';
import { ACCOUNT_TAG, ALL_ERRORS, failureJson, formHook, json, jsonBody, V1 } from './http';
import { requestLoginCode, verifyLoginCode } from './phone-login';
import { serviceContext } from './route-context';
import { publicProviders, socialConfig } from './social-config';
import { socialSignIn } from './social-sign-in';

const phoneRequestRoute = createRoute({
  method: 'post',
  path: `${V1}/user/phone/request-code`,
  tags: [ACCOUNT_TAG],
  summary: 'Phone login step 1: text a 6-digit code (valid 10 minutes)',
  description: 'Same answer whether or not an account uses the number. Errors: MISSING_PARAMS, INVALID_PHONE_NUMBER, SMS_NOT_SENT (502), RATE_LIMITED (3 per number / 15 min).',
  request: jsonBody(PhoneCodeRequestBody),
  responses: { 202: json(CodeSentSchema, 'Code sent'), ...ALL_ERRORS },
});

const phoneVerifyRoute = createRoute({
  method: 'post',
  path: `${V1}/user/phone/verify-code`,
  tags: [ACCOUNT_TAG],
  summary: 'Phone login step 2: exchange the code for a token',
  description:
    'Only numbers confirmed on an account log in. Errors: INVALID_PHONE_NUMBER, WRONG_CODE_OR_PHONE (wrong code; 5 tries), CODE_EXPIRED_INVALID_OR_USED, USER_NOT_FOUND, MULTIPLE_ACCOUNTS_FOR_PHONE (send email too), PHONE_EMAIL_MISMATCH, RATE_LIMITED.',
  request: jsonBody(PhoneCodeVerifyBody),
  responses: { 200: json(AuthResultSchema, 'Logged in'), ...ALL_ERRORS },
});

// A plain string, so an unknown provider is 404 like an unconfigured one rather than a 400.
const ProviderParam = z.object({ provider: z.string().openapi({ param: { name: 'provider', in: 'path' }, example: 'google', description: 'apple or google' }) });

const oidcRoute = createRoute({
  method: 'post',
  path: `${V1}/user/auth/{provider}`,
  tags: [ACCOUNT_TAG],
  summary: 'Sign in with Apple or Google (ID token from the provider’s web SDK)',
  description:
    'Logs into the linked account, else links the account with the same provider-verified e-mail, else creates one (then birthDate is required: MISSING_PARAMS with fields.birthDate; send the same token and nonce again). The token must carry the nonce of the sign-in the page started and signs in only once. Errors: NOT_FOUND (provider not configured), SOCIAL_TOKEN_INVALID (401: token not verified, nonce missing or not matching, or token already used), AGE_BELOW_MINIMUM_CRITERIA, DUPLICATE_EMAIL (address used by an account and not verified by the provider), GENERIC_ERROR (502, provider unreachable).',
  request: { params: ProviderParam, ...jsonBody(IdTokenBody) },
  responses: { 200: json(SocialAuthResultSchema, 'Signed in (created: true for a new account)'), ...ALL_ERRORS },
});

const facebookRoute = createRoute({
  method: 'post',
  path: `${V1}/user/auth/facebook`,
  tags: [ACCOUNT_TAG],
  summary: 'Sign in with Facebook (access token; the profile is read from the Graph API)',
  description: 'As for Apple/Google; an age range under 18 is AGE_BELOW_MINIMUM_CRITERIA, an adult age range makes birthDate optional.',
  request: jsonBody(AccessTokenBody),
  responses: { 200: json(SocialAuthResultSchema, 'Signed in (created: true for a new account)'), ...ALL_ERRORS },
});

const providersRoute = createRoute({
  method: 'get',
  path: `${V1}/auth/providers`,
  tags: [ACCOUNT_TAG],
  summary: 'Configured social sign-in providers with their public client ids',
  responses: { 200: json(ProvidersSchema, 'Providers to offer'), ...ALL_ERRORS },
});

/**
 * Apple/Google bodies: a missing or malformed nonce makes the token untrustworthy, so it gets
 * SOCIAL_TOKEN_INVALID (401) like a mismatched one rather than a 400 (an unknown or unconfigured
 * provider stays 404); other problems are answered as for every form.
 */
function idTokenHook(deps: AccountsDeps) {
  const form = formHook();
  return (result: { success: boolean; error?: z.ZodError }, c: Context) => {
    const issues = result.error?.issues ?? [];
    if (!result.success && issues.length > 0 && issues.every((issue) => issue.path[0] === 'nonce')) {
      const provider = c.req.param('provider');
      const configured = (provider === 'apple' || provider === 'google') && socialConfig(deps.env)[provider] !== undefined;
      return failureJson(c, { ok: false, code: configured ? 'SOCIAL_TOKEN_INVALID' : 'NOT_FOUND' });
    }
    return form(result, c);
  };
}

export function registerSignInRoutes(app: ApiApp, deps: AccountsDeps) {
  app.openapi(
    phoneRequestRoute,
    async (c) => {
      const result = await requestLoginCode(serviceContext(c, deps), c.req.valid('json'));
      return result.ok ? c.json(result.value, 202) : failureJson(c, result);
    },
    formHook(),
  );

  app.openapi(
    phoneVerifyRoute,
    async (c) => {
      const result = await verifyLoginCode(serviceContext(c, deps), c.req.valid('json'));
      return result.ok ? c.json(result.value, 200) : failureJson(c, result);
    },
    formHook(),
  );

  // Registered before the {provider} route so "facebook" is not taken for an unknown OIDC provider.
  app.openapi(
    facebookRoute,
    async (c) => {
      const { accessToken, ...extras } = c.req.valid('json');
      const result = await socialSignIn(serviceContext(c, deps), 'facebook', { token: accessToken, ...extras });
      return result.ok ? c.json(result.value, 200) : failureJson(c, result);
    },
    formHook(),
  );

  app.openapi(
    oidcRoute,
    async (c) => {
      const { provider } = c.req.valid('param');
      if (provider !== 'apple' && provider !== 'google') return failureJson(c, { ok: false, code: 'NOT_FOUND' });
      const { idToken, ...extras } = c.req.valid('json');
      const result = await socialSignIn(serviceContext(c, deps), provider, { token: idToken, ...extras });
      return result.ok ? c.json(result.value, 200) : failureJson(c, result);
    },
    idTokenHook(deps),
  );

  app.openapi(providersRoute, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ providers: publicProviders(deps.env) }, 200);
  });
}
