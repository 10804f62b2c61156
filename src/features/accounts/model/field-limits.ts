/**
 * The longest value each account field takes, shared by the request schemas and the forms' maxlength,
 * so a customer can never type what the server would refuse.
 */
export const ACCOUNT_FIELD_MAX = {
  name: 100,
  email: 320,
  password: 1024,
  phone: 40,
} as const;
