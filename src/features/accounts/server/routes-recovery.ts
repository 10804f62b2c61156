import { createRoute } from '@hono/zod-openapi';
import { optionalAuth, requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import type { AccountsDeps } from './deps';
import { CodeSentSchema, EmailBody, OkSchema, ResetBody, VerifyEmailBody } from './dto';
import { resendEmailVerification, verifyEmail } from './email-verification';
import { ACCOUNT_TAG, ALL_ERRORS, failureJson, formHook, json, jsonBody, V1 } from './http';
import { requestPasswordReset, resetPassword } from './password-reset';
import { serviceContext } from './route-context';

const forgotRoute = createRoute({
  method: 'put',
  path: `${V1}/user/forgot-password`,
  tags: [ACCOUNT_TAG],
  summary: 'Mail a password reset code (6 digits, valid 60 minutes)',
  description: 'Errors: MISSING_PARAMS, ACCOUNT_NOT_FOUND (404), VERIFICATION_NOT_DELIVERED (502), RATE_LIMITED (3 per e-mail / hour).',
  request: jsonBody(EmailBody),
  responses: { 202: json(CodeSentSchema, 'Code sent'), ...ALL_ERRORS },
});

const resetRoute = createRoute({
  method: 'put',
  path: `${V1}/user/reset-password`,
  tags: [ACCOUNT_TAG],
  summary: 'Set a new password with the mailed code (ends every session)',
  description: 'Errors: MISSING_PARAMS, INVALID_PASSWORD_LENGTH, PASSWORD_MISMATCH, CODE_EXPIRED_INVALID_OR_USED, RATE_LIMITED.',
  request: jsonBody(ResetBody),
  responses: { 200: json(OkSchema, 'Password changed; log in with it'), ...ALL_ERRORS },
});

const verifyEmailRoute = createRoute({
  method: 'post',
  path: `${V1}/user/verify-email`,
  tags: [ACCOUNT_TAG],
  summary: 'Confirm the e-mail address with the mailed code (token optional)',
  description: 'Errors: MISSING_PARAMS, CODE_EXPIRED_INVALID_OR_USED, UNAUTHORIZED (a token was sent but is not valid), RATE_LIMITED.',
  middleware: optionalAuth(),
  request: jsonBody(VerifyEmailBody),
  responses: { 200: json(OkSchema, 'E-mail verified'), ...ALL_ERRORS },
});

const resendRoute = createRoute({
  method: 'post',
  path: `${V1}/user/verify-email/resend`,
  tags: [ACCOUNT_TAG],
  summary: 'Mail a new verification code to the signed-in user',
  description: 'sent: false when the address is already verified. Errors: UNAUTHORIZED, VERIFICATION_NOT_DELIVERED, RATE_LIMITED (5 per hour).',
  middleware: requireAuth(),
  security: [{ bearerAuth: [] }],
  responses: { 202: json(CodeSentSchema, 'Code sent'), ...ALL_ERRORS },
});

export function registerRecoveryRoutes(app: ApiApp, deps: AccountsDeps) {
  app.openapi(
    forgotRoute,
    async (c) => {
      const result = await requestPasswordReset(serviceContext(c, deps), c.req.valid('json'));
      return result.ok ? c.json(result.value, 202) : failureJson(c, result);
    },
    formHook(),
  );

  app.openapi(
    resetRoute,
    async (c) => {
      const result = await resetPassword(serviceContext(c, deps), c.req.valid('json'));
      return result.ok ? c.json(result.value, 200) : failureJson(c, result);
    },
    formHook('missingReset'),
  );

  app.openapi(
    verifyEmailRoute,
    async (c) => {
      const result = await verifyEmail(serviceContext(c, deps), c.var.auth, c.req.valid('json'));
      return result.ok ? c.json(result.value, 200) : failureJson(c, result);
    },
    formHook(),
  );

  app.openapi(resendRoute, async (c) => {
    const result = await resendEmailVerification(serviceContext(c, deps), c.var.auth);
    return result.ok ? c.json(result.value, 202) : failureJson(c, result);
  });
}
