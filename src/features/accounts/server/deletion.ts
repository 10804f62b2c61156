import { eq, or } from 'drizzle-orm';
import { revokeUserSessions, type AuthContext } from '../../../platform/auth';
import { deleteOutboxFor } from '../../../platform/mail';
import { forgetMessagesTo } from '../../../platform/outbox';
import type { ServiceContext } from './deps';
import { runErasureHandlers } from './erasure-hooks';
import type { AccountResult } from './http';
import { messageLocale, sendMail } from './messaging';
import { userIdentities, users, verificationCodes } from './schema';
import { inTransaction } from './transaction';
import { findUserById } from './users-repo';

/**
 * DELETE /user: erases the personal data and keeps a tombstone row (id, role, dates) so orders can
 * keep pointing at an anonymous customer. The e-mail is free to register again at once. What each
 * feature keeps is its erasure handler's to say (orders: open offers are withdrawn, accepted ones
 * keep what the books need); the goodbye e-mail says the same.
 */
export async function deleteAccount(ctx: ServiceContext, auth: AuthContext): Promise<AccountResult<{ ok: true }>> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) return { ok: false, code: 'UNAUTHORIZED' };
  const now = ctx.clock.now();
  const result = await inTransaction(ctx, async (tx) => {
    await runErasureHandlers(tx, user.id, { now });
    await tx.delete(userIdentities).where(eq(userIdentities.userId, user.id));
    const codeTargets = [user.email, user.phone].filter((value): value is string => value !== null);
    await tx.delete(verificationCodes).where(or(eq(verificationCodes.userId, user.id), ...codeTargets.map((target) => eq(verificationCodes.target, target))));
    await revokeUserSessions(tx, user.id);
    for (const target of codeTargets) {
      await deleteOutboxFor(tx, target);
      // Messages to them still waiting in the outbox (decision 0012) go with the rest.
      await forgetMessagesTo(tx, target);
    }
    await tx
      .update(users)
      .set({
        email: null,
        emailVerifiedAt: null,
        firstName: null,
        lastName: null,
        phone: null,
        phoneVerifiedAt: null,
        birthDate: null,
        passwordHash: null,
        locale: null,
        marketingConsentAt: null,
        feedbackConsentAt: null,
        transactionalEmails: false,
        meta: {},
        pharmacyId: null,
        updatedAt: now,
        deletedAt: now,
      })
      .where(eq(users.id, user.id));
    return { ok: true, value: { ok: true as const } };
  });
  if (result.ok && user.email) {
    // The confirmation goes out after the erasure; if it fails the account is gone all the same. It
    // names nobody and leaves no copy behind: the shop keeps nothing that points to the person.
    await sendMail(ctx, ctx.db, user.email, 'deleted', messageLocale(user.locale, ctx.locale), {}, { transient: true });
  }
  return result;
}
