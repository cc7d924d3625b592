export * from './permissions.ts';
export * from './auth.ts';
export * from './reference.ts';
