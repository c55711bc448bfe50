export * from './auth-mock';
export * from './render';
