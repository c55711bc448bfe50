import { describe, expect, it } from 'vitest';
import { unstorableBodyError, unstorableTextProblem } from './storable-text.ts';

describe('text no store can hold', () => {
  it.each([
    ['Dear Odette', null],
    ['Café · 7:00 PM', null],
    ['שלום עולם', null],
    ['مرحبا', null],
    ['🎬 Premiere', null],
    ['a\u0000b', 'name contains a NUL character'],
    ['a\uD800b', 'name contains an unpaired surrogate (not a character)'],
    ['a\uDC00b', 'name contains an unpaired surrogate (not a character)'],
    ['evil\u202Egnp.exe', 'name contains a bidirectional control character (U+202E)'],
    ['x\u2066y', 'name contains a bidirectional control character (U+2066)'],
  ])('%j: %s', (text, problem) => expect(unstorableTextProblem(text, 'name')).toBe(problem));

  it('names the field inside a body, arrays by index', () => {
    expect(unstorableTextProblem({ seats: ['A1', 'B\u00002'] }, 'The body')).toBe('seats[1] contains a NUL character');
    expect(unstorableTextProblem({ a: { b: 'x\u202Dy' } }, 'The body')).toBe('a.b contains a bidirectional control character (U+202D)');
  });

  it('a JSON body with no escape and no bidi control is not walked, and a body with one is', () => {
    expect(unstorableBodyError('{"name":"ok"}', { name: 'looks \u0000 bad but the text said otherwise' })).toBeNull();
    const text = JSON.stringify({ name: 'a\u0000b' });
    expect(unstorableBodyError(text, JSON.parse(text))?.message).toBe('name contains a NUL character');
    expect(unstorableBodyError(JSON.stringify({ name: 'a\uD83Db' }), { name: 'a\uD83Db' })?.statusCode).toBe(400);
  });
});
