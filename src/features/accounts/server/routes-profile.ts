import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { deleteAccount } from './deletion';
import type { AccountsDeps } from './deps';
import { ChangeEmailBody, ChangePasswordBody, CodeBody, CodeSentSchema, OkSchema, ProfileSchema, UpdateUserBody, VerifyPhoneBody } from './dto';
import { confirmEmailChange, requestEmailChange } from './email-change';
import { ACCOUNT_TAG, ALL_ERRORS, failureJson, formHook, json, jsonBody, V1 } from './http';
import { changePassword } from './password-change';
import { verifyPhone } from './phone-verification';
import { getProfile, updateProfile } from './profile';
import { serviceContext } from './route-context';

const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: [ACCOUNT_TAG] };

const getUserRoute = createRoute({
  ...secured,
  method: 'get',
  path: `${V1}/user`,
  summary: 'The signed-in user’s profile',
  responses: { 200: json(ProfileSchema, 'Profile'), ...ALL_ERRORS },
});

const putUserRoute = createRoute({
  ...secured,
  method: 'put',
  path: `${V1}/user`,
  summary: 'Update name, phone, birth date, meta.locale and e-mail preferences (only the fields sent)',
  description: 'Errors: MISSING_PARAMS (empty first name), INVALID_PHONE_NUMBER, BAD_REQUEST, AGE_BELOW_MINIMUM_CRITERIA, UNAUTHORIZED.',
  request: jsonBody(UpdateUserBody),
  responses: { 200: json(ProfileSchema, 'Updated profile'), ...ALL_ERRORS },
});

const deleteUserRoute = createRoute({
  ...secured,
  method: 'delete',
  path: `${V1}/user`,
  summary: 'Delete the account: personal data erased, every session ended, e-mail free again',
  responses: { 200: json(OkSchema, 'Deleted'), ...ALL_ERRORS },
});

const passwordRoute = createRoute({
  ...secured,
  method: 'put',
  path: `${V1}/user/password`,
  summary: 'Change the password (other sessions end, this one stays)',
  description: 'Errors: MISSING_PARAMS (password-change text), INVALID_PASSWORD_LENGTH, PASSWORD_MISMATCH, INCORRECT_PASSWORD (old password), RATE_LIMITED, UNAUTHORIZED.',
  request: jsonBody(ChangePasswordBody),
  responses: { 200: json(OkSchema, 'Password changed'), ...ALL_ERRORS },
});

const emailRoute = createRoute({
  ...secured,
  method: 'put',
  path: `${V1}/user/email`,
  summary: 'Start an e-mail change: a code goes to the new address',
  description: 'Errors: MISSING_PARAMS (password, when the account has one), INVALID_EMAIL, BAD_REQUEST (same address), INCORRECT_PASSWORD, DUPLICATE_EMAIL, VERIFICATION_NOT_DELIVERED, RATE_LIMITED.',
  request: jsonBody(ChangeEmailBody),
  responses: { 202: json(CodeSentSchema, 'Code sent to the new address'), ...ALL_ERRORS },
});

const emailConfirmRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${V1}/user/email/confirm`,
  summary: 'Finish the e-mail change with the code from the new mailbox',
  description: 'Errors: CODE_EXPIRED_INVALID_OR_USED, DUPLICATE_EMAIL, UNAUTHORIZED.',
  request: jsonBody(CodeBody),
  responses: { 200: json(ProfileSchema, 'Profile with the new, verified address'), ...ALL_ERRORS },
});

const verifyPhoneRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${V1}/user/verify-phone`,
  summary: 'Confirm a phone number: send { phone } for an SMS code, then { phone, code }',
  description: 'Errors: INVALID_PHONE_NUMBER, SMS_NOT_SENT (502), INVALID_VERIFICATION_CODE (wrong code), CODE_EXPIRED_INVALID_OR_USED, RATE_LIMITED.',
  request: jsonBody(VerifyPhoneBody),
  responses: { 200: json(ProfileSchema, 'Number confirmed and stored'), 202: json(CodeSentSchema, 'Code sent by SMS'), ...ALL_ERRORS },
});

export function registerProfileRoutes(app: ApiApp, deps: AccountsDeps) {
  app.openapi(getUserRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await getProfile(serviceContext(c, deps), c.var.auth);
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  app.openapi(
    putUserRoute,
    async (c) => {
      const result = await updateProfile(serviceContext(c, deps), c.var.auth, c.req.valid('json'));
      return result.ok ? c.json(result.value, 200) : failureJson(c, result);
    },
    formHook(),
  );

  app.openapi(deleteUserRoute, async (c) => {
    const result = await deleteAccount(serviceContext(c, deps), c.var.auth);
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  app.openapi(
    passwordRoute,
    async (c) => {
      const result = await changePassword(serviceContext(c, deps), c.var.auth, c.req.valid('json'));
      return result.ok ? c.json(result.value, 200) : failureJson(c, result);
    },
    formHook('missingPasswordChange'),
  );

  app.openapi(
    emailRoute,
    async (c) => {
      const result = await requestEmailChange(serviceContext(c, deps), c.var.auth, c.req.valid('json'));
      return result.ok ? c.json(result.value, 202) : failureJson(c, result);
    },
    formHook(),
  );

  app.openapi(
    emailConfirmRoute,
    async (c) => {
      const result = await confirmEmailChange(serviceContext(c, deps), c.var.auth, c.req.valid('json'));
      return result.ok ? c.json(result.value, 200) : failureJson(c, result);
    },
    formHook(),
  );

  app.openapi(
    verifyPhoneRoute,
    async (c) => {
      const result = await verifyPhone(serviceContext(c, deps), c.var.auth, c.req.valid('json'));
      if (!result.ok) return failureJson(c, result);
      const step = result.value;
      return step.step === 'verified' ? c.json(step.user, 200) : c.json({ sent: step.sent, expiresInSeconds: step.expiresInSeconds }, 202);
    },
    formHook(),
  );
}
