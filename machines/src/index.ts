/**
 * @formsign/machines: every stateful flow of formsign as an XState v5 machine. No network and
 * no DOM: the app provides the request actors (`machine.provide({ actors })`, see
 * `fromRequest`) and the storage (machine input).
 */
export * from './auth.machine.js';
export * from './chunk-loading.machine.js';
export * from './data-group.machine.js';
export * from './envelope-counter.machine.js';
export * from './forgot-password.machine.js';
export * from './key-value-storage.js';
export * from './registration.machine.js';
export * from './request-actor.js';
export * from './set-new-password.machine.js';
export * from './signing.machine.js';
export * from './storage-keys.js';
export * from './template-list.machine.js';
export * from './template-save.machine.js';
export * from './bulk-send.machine.js';
export * from './tutorial-panel.machine.js';
export * from './user-list.machine.js';
export * from './workflow-list.machine.js';
