export * from './permissions.ts';
export * from './auth.ts';
