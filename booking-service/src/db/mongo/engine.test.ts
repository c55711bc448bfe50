import { describe, expect, it } from 'vitest';
import { describeEngine, engineOf } from './engine.ts';

describe('the MongoDB engine, from buildInfo', () => {
  it('tells FerretDB 1.x, FerretDB 2.x and MongoDB apart by their own fields', () => {
    expect(engineOf({ version: '7.0.42', ferretdbVersion: 'v1.24.2' })).toEqual({ kind: 'ferretdb-1', version: 'v1.24.2' });
    expect(engineOf({ version: '7.0.77', ferretdb: { version: 'v2.5.0' } })).toEqual({ kind: 'ferretdb-2', version: 'v2.5.0' });
    expect(engineOf({ version: '8.0.4' })).toEqual({ kind: 'mongodb', version: '8.0.4' });
  });

  it('names each for messages', () => {
    expect(describeEngine({ kind: 'ferretdb-1', version: 'v1.24.2' })).toBe('FerretDB v1.24.2');
    expect(describeEngine({ kind: 'ferretdb-2', version: 'v2.5.0' })).toBe('FerretDB v2.5.0 (over DocumentDB)');
    expect(describeEngine({ kind: 'mongodb', version: '8.0.4' })).toBe('MongoDB 8.0.4');
  });
});
