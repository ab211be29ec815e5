import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuePhrase, issueSentence, phraseErrorMap, summaryOf, wordsErrorMap } from './issue-words';

/** zod's own wording and the shape of a path: neither may reach a screen. */
const DEVELOPER_WORDS = /Too big|Too small|Invalid input|Invalid option|Invalid string|expected|received|Unrecognized|<=|>=|\b\w+\.\d+\.\w+/;

const Sample = z
  .object({
    count: z.number().int().min(0).max(20),
    size: z.number().int().min(1),
    name: z.string().min(1).max(60),
    tags: z.array(z.string()).max(2),
    kind: z.enum(['core', 'special']),
    id: z.uuid(),
    slug: z.string().regex(/^[a-z]+$/),
    nested: z.object({ models: z.array(z.object({ grenades: z.record(z.string(), z.number().max(20)) })) }),
    custom: z.string().min(1, 'Give the campaign a name.'),
  })
  .strict();

const bad = {
  count: 2.5,
  size: 0,
  name: '',
  tags: ['a', 'b', 'c'],
  kind: 'leader',
  id: 'x',
  slug: 'A B',
  nested: { models: [{ grenades: { frag: 25 } }] },
  custom: '',
  extra: true,
};

describe('issue words (issue 17: no schema path or zod wording on any screen)', () => {
  it('every sentence is words: no path, no zod wording', () => {
    const result = Sample.safeParse(bad, { error: wordsErrorMap });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toHaveLength(10);
    for (const m of messages) expect(m).not.toMatch(DEVELOPER_WORDS);
    expect(messages).toEqual(
      expect.arrayContaining([
        'This should be a whole number.',
        'This number is too small: at least 1.',
        'This cannot be empty.',
        'There are too many: at most 2 items.',
        'Choose one of “core”, “special”.',
        'This is not a valid id.',
        'This is not in the right form.',
        'This number is too large: at most 20.',
        'Give the campaign a name.',
        'Herald does not know the field “extra”.',
      ]),
    );
  });

  it('a message the schema sets itself is kept', () => {
    const result = Sample.shape.custom.safeParse('', { error: wordsErrorMap });
    expect(result.error!.issues[0]!.message).toBe('Give the campaign a name.');
  });

  it('phrases follow a field name', () => {
    const phrase = (schema: z.ZodType, value: unknown) => schema.safeParse(value, { error: phraseErrorMap }).error!.issues[0]!.message;
    expect(phrase(z.number().max(20), 25)).toBe('at most 20');
    expect(phrase(z.number().min(0), -3)).toBe('cannot be negative');
    expect(phrase(z.number().int().min(1), 0)).toBe('at least 1');
    expect(phrase(z.number().int(), 2.5)).toBe('a whole number, please');
    expect(phrase(z.number(), Number.NaN)).toBe('give a number');
    expect(phrase(z.string().max(3), 'abcd')).toBe('at most 3 characters');
    expect(phrase(z.object({ a: z.string() }), {})).toBe('missing');
    expect(phrase(z.object({ a: z.number() }), { a: null })).toBe('give a number');
  });

  it('raw issues without a map', () => {
    expect(issuePhrase({ code: 'too_big', origin: 'number', maximum: 5, inclusive: false, input: 5, path: [] })).toBe('less than 5');
    expect(issueSentence({ code: 'not_multiple_of', divisor: 5, origin: 'number', input: 3, path: [] })).toBe('Use a multiple of 5.');
    expect(issueSentence({ code: 'invalid_type', expected: 'string', input: undefined, path: [] })).toBe('Something required is missing.');
    expect(issueSentence({ code: 'invalid_type', expected: 'boolean', input: 'yes', path: [] })).toBe('This should be yes or no.');
  });

  it('a summary names the first problem and counts the others', () => {
    expect(summaryOf(['A.', 'B.', 'C.'])).toBe('A. (and 2 more problems)');
    expect(summaryOf(['A.'])).toBe('A.');
    expect(summaryOf([])).toBe('Something is not valid.');
  });
});
