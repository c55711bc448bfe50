export * from './schemas.ts';
export * from './responses.ts';
export * from './reports.ts';
export * from './failures.ts';
export * from './catalog.ts';
export * from './waiting-room.ts';
export * from './integrity.ts';
export * from './check-in.ts';
