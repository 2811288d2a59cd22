// jsonOrNull: a value for JSON, null for anything else.
import { describe, expect, it } from 'vitest';
import { jsonOrNull } from './jsonOrNull.ts';

describe('jsonOrNull', () => {
  it('parses JSON and answers null for no text or text that is not JSON', () => {
    expect(jsonOrNull('{"status":"agreed","version":3}')).toEqual({ status: 'agreed', version: 3 });
    for (const text of [null, undefined, '', '{"cut', 'plain words']) expect(jsonOrNull(text), String(text)).toBeNull();
  });
});
