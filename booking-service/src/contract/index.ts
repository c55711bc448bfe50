export * from './schemas.ts';
export * from './responses.ts';
export * from './reports.ts';
