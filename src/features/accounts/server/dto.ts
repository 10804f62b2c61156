import { z } from '@hono/zod-openapi';
import { ROLES } from '../../../platform/auth/roles';
import { MAX_NONCE_LENGTH } from './social-token-checks';
import { ACCOUNT_FIELD_MAX as MAX } from '../model/field-limits';

/**
 * Request and response shapes of the account calls. Request fields are plain strings on purpose:
 * the services judge them and answer with the spec's specific codes (INVALID_EMAIL, …) instead of
 * a schema's generic BAD_REQUEST. An absent or empty required field is MISSING_PARAMS.
 */
// Blank counts as missing; values are not trimmed here (a password may start with a space).
const text = (max: number, example?: string) =>
  z
    .string()
    .max(max)
    .refine((value) => value.trim() !== '')
    .openapi(example ? { example } : {});
const optionalText = (max: number) => z.string().max(max).optional();

export const LocaleSchema = z.enum(['en', 'de']);

export const ProfileSchema = z
  .object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    phone: z.string().nullable().openapi({ description: 'E.164', example: '+4915112345678' }),
    phoneVerified: z.boolean(),
    birthDate: z.string().nullable().openapi({ example: '1990-05-15' }),
    role: z.enum(ROLES),
    pharmacyId: z.string().nullable(),
    /** False for accounts created by social or phone sign-in: the UI then offers "set a password" via reset. */
    hasPassword: z.boolean(),
    /** Spec §3: "account with e-mail". */
    account: z.object({ email: z.string().nullable() }),
    meta: z.object({ locale: LocaleSchema.nullable() }),
    emailPreferences: z.object({ transactional: z.boolean(), marketing: z.boolean(), feedbackAndSurveys: z.boolean() }),
    createdAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Profile');

export const AuthResultSchema = z
  .object({
    token: z.string().openapi({ description: 'Send as "Authorization: Bearer <token>".' }),
    expiresAt: z.string().openapi({ format: 'date-time' }),
    user: ProfileSchema,
  })
  .openapi('AuthResult');

export const SocialAuthResultSchema = AuthResultSchema.extend({ created: z.boolean() }).openapi('SocialAuthResult');

export const CodeSentSchema = z
  .object({ sent: z.boolean(), expiresInSeconds: z.number().int() })
  .openapi('CodeSent', { description: 'A code was sent (sent: false when there was nothing to do, e.g. already verified).' });

export const OkSchema = z.object({ ok: z.literal(true) }).openapi('Ok');

export const LoginBody = z.object({ email: text(MAX.email, 'demo@apobote.de'), password: text(MAX.password, 'apobote-demo') }).openapi('LoginRequest');

export const RegisterBody = z
  .object({
    firstName: text(MAX.name, 'Erika'),
    lastName: optionalText(MAX.name).openapi({ example: 'Mustermann' }),
    email: text(MAX.email, 'erika@example.de'),
    birthDate: text(10, '1990-05-15').openapi({ description: 'YYYY-MM-DD; 18 or older (Europe/Berlin date)' }),
    password: text(MAX.password),
    confirmPassword: text(MAX.password),
    locale: LocaleSchema.optional().openapi({ description: 'Language for e-mails; default: the request language' }),
    marketing: z.boolean().optional(),
    feedbackAndSurveys: z.boolean().optional(),
  })
  .openapi('RegisterRequest');

export const EmailBody = z.object({ email: text(MAX.email, 'erika@example.de') }).openapi('EmailRequest');

export const ResetBody = z
  .object({
    code: text(20, '123456'),
    password: text(MAX.password),
    confirmPassword: text(MAX.password),
    email: optionalText(MAX.email).openapi({ description: 'Recommended: narrows the code to one account and enables its attempt limit' }),
  })
  .openapi('ResetPasswordRequest');

export const VerifyEmailBody = z
  .object({ code: text(20, '123456'), email: optionalText(MAX.email).openapi({ description: 'When called without a token' }) })
  .openapi('VerifyEmailRequest');

export const CodeBody = z.object({ code: text(20, '123456') }).openapi('CodeRequest');

export const UpdateUserBody = z
  .object({
    firstName: text(MAX.name).optional(),
    lastName: z.string().max(MAX.name).nullable().optional(),
    phone: z.string().max(MAX.phone).nullable().optional().openapi({ description: 'Any common format; stored as E.164, unverified until POST /user/verify-phone' }),
    birthDate: text(10).optional(),
    meta: z.object({ locale: LocaleSchema.nullable().optional() }).optional(),
    emailPreferences: z
      .object({ transactional: z.boolean().optional(), marketing: z.boolean().optional(), feedbackAndSurveys: z.boolean().optional() })
      .optional(),
  })
  .openapi('UpdateUserRequest');

export const ChangePasswordBody = z
  .object({ oldPassword: text(MAX.password), newPassword: text(MAX.password), confirmPassword: text(MAX.password) })
  .openapi('ChangePasswordRequest');

export const ChangeEmailBody = z
  .object({
    email: text(MAX.email, 'new@example.de'),
    password: optionalText(MAX.password).openapi({ description: 'Required when the account has a password' }),
  })
  .openapi('ChangeEmailRequest');

export const VerifyPhoneBody = z
  .object({
    phone: text(MAX.phone, '0151 12345678'),
    code: optionalText(20).openapi({ description: 'Absent: send a code by SMS (202). Present: confirm the number (200).' }),
  })
  .openapi('VerifyPhoneRequest');

export const PhoneCodeRequestBody = z.object({ phone: text(MAX.phone, '0151 12345678') }).openapi('PhoneCodeRequest');

export const PhoneCodeVerifyBody = z
  .object({
    phone: text(MAX.phone, '0151 12345678'),
    code: text(20, '123456'),
    email: optionalText(MAX.email).openapi({ description: 'Picks the account when several share the phone number' }),
  })
  .openapi('PhoneCodeVerify');

const socialExtras = {
  birthDate: optionalText(10).openapi({ description: 'Needed when the sign-in creates a new account (18 or older)' }),
  firstName: optionalText(MAX.name).openapi({ description: 'Apple sends the name to the app only, on the first sign-in' }),
  lastName: optionalText(MAX.name),
};

export const IdTokenBody = z
  .object({
    idToken: text(8192),
    nonce: text(MAX_NONCE_LENGTH).openapi({
      description:
        'The raw nonce the page generated when it started this sign-in (Google: the token’s nonce claim equals it; Apple: the claim is its SHA-256 in hex). Missing or not matching: SOCIAL_TOKEN_INVALID (401).',
      example: '9f86d081884c7d659a2feaa0c55ad015',
    }),
    ...socialExtras,
  })
  .openapi('IdTokenSignIn');
export const AccessTokenBody = z.object({ accessToken: text(4096), ...socialExtras }).openapi('AccessTokenSignIn');

export const ProvidersSchema = z
  .object({ providers: z.array(z.object({ id: z.enum(['apple', 'google', 'facebook']), clientId: z.string() })) })
  .openapi('SocialProviders');

export const OutboxSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(),
        channel: z.enum(['email', 'sms']),
        to: z.string(),
        subject: z.string().nullable(),
        text: z.string(),
        html: z.string().nullable(),
        time: z.string().openapi({ format: 'date-time' }),
      }),
    ),
  })
  .openapi('DevOutbox');

export type Profile = z.infer<typeof ProfileSchema>;
