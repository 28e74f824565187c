export * from './constants.js';
export * from './errors.js';
export * from './phone.js';
export * from './validation.js';
export * from './auth.js';
export * from './system.js';
export * from './operator.js';
