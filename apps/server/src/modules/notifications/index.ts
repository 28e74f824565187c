/**
 * What other modules may use of this one besides its services (module boundaries in
 * eslint.config.js); a function taking `Db | Tx` runs inside the caller's transaction.
 * A merchant event's notifications, written in the event's transaction.
 */
export { insertNotificationsFromEvents } from './notifications.repo.js';
