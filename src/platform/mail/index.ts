// Outgoing e-mail: the Mailer seam, its SMTP and outbox adapters, and the outbox table.
export { DeliveryError, type Mailer, type MailMessage } from './mailer';
export { mailerFor, DEFAULT_MAIL_FROM } from './select-mailer';
export { smtpMailer } from './smtp-mailer';
export { outboxMailer } from './outbox-mailer';
export { outbox, writeOutbox, listOutbox, deleteOutboxFor, type OutboxEntry } from './outbox';
