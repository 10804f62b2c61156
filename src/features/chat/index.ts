// Pharmacist chat (issue 13): the API registration (customer and pharmacy routes), who may follow
// a pharmacy's chat inbox, and the deps tests override.
export { registerChatRoutes, inboxTopicAccess } from './server/routes';
export type { ChatDepsOverrides } from './server/deps';
