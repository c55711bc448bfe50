export * from './schemas.ts';
export * from './responses.ts';
